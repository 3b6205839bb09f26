import SwiftUI

final class SceneModel: ObservableObject {
    @Published var title = "Inbox"
}
