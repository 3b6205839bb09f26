import SwiftUI

/// Equal assignments re-render the legacy view and not the modern one; the screen is the same.
public enum ThemeScript: FixtureScript {
    public static let name = "equal-value-assignment"

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
