import SwiftUI

/// Trims rows through their bindings and renames one from outside the view: both styles show
/// every change at once, and no difference is expected.
public enum ImporterScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "object-will-change-send-binding-row"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let importer = Importer()
        return ScriptedApp(
            root: ImporterView(importer: importer),
            steps: [
                .tap("Trim 2"),
                .tap("Trim 1"),
                .mutate("renamed") { importer.items[0].name = " Wizard" },
                .tap("Trim 1"),
                .mutate("added") { importer.items.append(Importer.Item(id: 3, name: "Orc  ")) },
                .tap("Trim 3"),
            ],
            probes: [
                Probe("names", watching: importer) { importer.items.map(\.name).joined(separator: ",") },
            ],
            expectedDifferences: []
        )
    }
}
