import SwiftUI

/// Equal assignments re-render the legacy view and not the modern one; the screen is the same.
public enum ThemeScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "equal-value-assignment"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let model = ThemeModel()
        return ScriptedApp(
            root: ThemeView(model: model),
            steps: [
                .tap("Refresh"),
                .tap("Dark"),
                .tap("Dark"),
                .tap("Refresh"),
                .mutate("theme re-sent") { model.theme = "dark" },
            ],
            probes: [
                Probe("theme") { model.theme },
            ]
        )
    }
}
