import SwiftUI

final class TimelineStore: ObservableObject {
    @Published var entries: [String] = []
}

struct TimelineView: View {
    let scene = SceneModel()
    @ObservedObject var store: TimelineStore

    var body: some View {
        Text(scene.title + "\(store.entries.count)")
    }
}
