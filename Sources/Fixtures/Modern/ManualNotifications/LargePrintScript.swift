import Foundation
import SwiftUI

/// Settings in `UserDefaults` with an overriding subclass: each change reaches the screen in both
/// styles, the subclass's through its own key path, and lands under its own key.
public enum LargePrintScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "object-will-change-send-override"

    /// Fresh models over an empty store, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        UserDefaults.printSettings.removePersistentDomain(forName: UserDefaults.printSettingsSuite)
        let regular = PrintSettings()
        let large = LargePrintSettings()
        return ScriptedApp(
            root: PrintSettingsView(regular: regular, large: large),
            steps: [
                .tap("Larger"),
                .tap("Larger large print"),
                .mutate("large print set elsewhere") { large.fontSize = 30 },
                .tap("Larger"),
            ],
            probes: [
                Probe("regular", watching: regular) { "\(regular.fontSize)" },
                Probe("large", watching: large) { "\(large.fontSize)" },
                Probe("stored") {
                    let store = UserDefaults.printSettings
                    return "\(store.integer(forKey: "fontSize")) \(store.integer(forKey: "largeFontSize"))"
                },
            ]
        )
    }
}
