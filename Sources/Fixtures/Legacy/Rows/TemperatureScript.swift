import SwiftUI

/// `didSet` runs on equal assignments in both styles, so the history grows either way.
public enum TemperatureScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "did-set-property"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let log = TemperatureLog()
        return ScriptedApp(
            root: TemperatureView(log: log),
            steps: [
                .tap("Warmer"),
                .tap("Warmer"),
                .mutate("sensor repeats the reading") { log.celsius = log.celsius },
                .mutate("sensor reports a drop") { log.celsius = 18 },
            ],
            probes: [
                Probe("celsius") { "\(log.celsius)" },
                Probe("history") { log.history.map(String.init).joined(separator: ",") },
            ]
        )
    }
}
