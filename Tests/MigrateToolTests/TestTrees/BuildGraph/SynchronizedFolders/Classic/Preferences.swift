import SwiftUI

final class Preferences: ObservableObject {
    @Published var compact = false
}

struct PreferencesView: View {
    @ObservedObject var preferences: Preferences

    var body: some View {
        Toggle("Compact", isOn: $preferences.compact)
    }
}
