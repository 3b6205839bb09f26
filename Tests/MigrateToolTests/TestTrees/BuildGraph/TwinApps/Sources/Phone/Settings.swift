import Combine
import SwiftUI

final class Settings: ObservableObject {
    @Published var volume = 5
}

struct SettingsView: View {
    @StateObject private var settings = Settings()

    var body: some View {
        Text("\(settings.volume)")
    }
}
