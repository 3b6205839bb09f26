import SwiftUI

/// The timers keep their counts while the parent re-renders, in both styles.
public enum SessionTimerScript: FixtureScript {
    public static let name = "state-object-initialisation"

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
