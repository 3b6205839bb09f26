import SwiftUI

/// Walking and resetting through the model's own methods; resetting at zero is an equal set.
public enum StepCounterScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "private-set-property"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let counter = StepCounter()
        return ScriptedApp(
            root: StepCounterView(counter: counter),
            steps: [
                .tap("Walk"),
                .tap("Walk"),
                .tap("Reset"),
                .tap("Reset"),
                .mutate("walked in the background") { counter.walk() },
            ],
            probes: [
                Probe("steps") { "\(counter.steps)" },
            ]
        )
    }
}
