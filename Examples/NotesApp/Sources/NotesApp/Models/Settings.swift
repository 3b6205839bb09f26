import Combine

final class Settings: ObservableObject {
    @Published var fontSize = 14.0
    @Published var showsPreview = true
}
