import Foundation
import SwiftUI

/// Settings in `UserDefaults`: each change reaches the screen in both styles, through the
/// hand-sent will-change notification in one and `access`/`withMutation` in the other, and lands
/// in the store. Setting an equal value announces it in both.
public enum ReadingSettingsScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "object-will-change-send-settings"

    /// Fresh models over an empty store, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        UserDefaults.readingSettings.removePersistentDomain(forName: UserDefaults.readingSettingsSuite)
        let settings = ReadingSettings()
        return ScriptedApp(
            root: ReadingSettingsView(settings: settings),
            steps: [
                .tap("Larger"),
                .tap("Night"),
                .toggle("Page numbers"),
                .mutate("same font size again") { settings.fontSize = 15 },
                .tap("Larger"),
                .toggle("Page numbers"),
                .mutate("theme chosen elsewhere") { settings.theme = "sepia" },
            ],
            probes: [
                Probe("font size", watching: settings) { "\(settings.fontSize)" },
                Probe("theme", watching: settings) { settings.theme },
                Probe("page numbers", watching: settings) { "\(settings.showsPageNumbers)" },
                Probe("stored") {
                    let store = UserDefaults.readingSettings
                    return "\(store.integer(forKey: "fontSize")) \(store.string(forKey: "theme") ?? "-") \(store.object(forKey: "showsPageNumbers") ?? "-")"
                },
            ]
        )
    }
}
