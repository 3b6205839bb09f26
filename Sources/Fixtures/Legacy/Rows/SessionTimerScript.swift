import SwiftUI

/// The timers keep their counts while the parent re-renders, in both styles.
public enum SessionTimerScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "state-object-initialisation"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        ScriptedApp(
            root: StopwatchScreen(),
            steps: [
                .tap("Tick lap"),
                .tap("Tick split"),
                .tap("Refresh screen"),
                .tap("Tick lap"),
                .tap("Refresh screen"),
                .tap("Tick split"),
            ],
            probes: []
        )
    }
}
