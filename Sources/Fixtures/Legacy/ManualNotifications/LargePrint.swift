import Foundation
import SwiftUI

extension UserDefaults {
    /// The suite of this module's print settings: the legacy and the modern fixtures run in one
    /// process and must not share what they store.
    static let printSettingsSuite = "fixtures." + #fileID
    /// Where the print settings live.
    @MainActor static let printSettings = UserDefaults(suiteName: printSettingsSuite)!
}

/// A font size kept in `UserDefaults` and announced by hand, and a subclass overriding it with a
/// key of its own: once both classes are `@Observable`, each macro adds `access(keyPath:)` and
/// `withMutation(keyPath:)`, so the override's accessors name their class in the key path.
@MainActor
class PrintSettings: ObservableObject {
    var fontSize: Int {
        get { UserDefaults.printSettings.object(forKey: "fontSize") as? Int ?? 14 }
        set {
            objectWillChange.send()
            UserDefaults.printSettings.set(newValue, forKey: "fontSize")
        }
    }
}

@MainActor
final class LargePrintSettings: PrintSettings {
    override var fontSize: Int {
        get { UserDefaults.printSettings.object(forKey: "largeFontSize") as? Int ?? 20 }
        set {
            objectWillChange.send()
            UserDefaults.printSettings.set(newValue, forKey: "largeFontSize")
        }
    }
}

struct PrintSettingsView: View {
    @ObservedObject var regular: PrintSettings
    @ObservedObject var large: LargePrintSettings

    var body: some View {
        VStack {
            Text("Regular \(regular.fontSize), large \(large.fontSize)")
            Button("Larger") {
                regular.fontSize += 1
            }
            Button("Larger large print") {
                large.fontSize += 2
            }
        }
    }
}
