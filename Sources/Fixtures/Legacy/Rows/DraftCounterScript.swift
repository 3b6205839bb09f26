import SwiftUI

/// Saving changes an unpublished property: the legacy screen stays stale until a published one
/// moves. The migration leaves it tracked (unpublished-stored-property, review because the view
/// reads it), so the modern screen shows each save at once: the difference this fixture expects.
public enum DraftCounterScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "unpublished-stored-property"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let counter = DraftCounter()
        return ScriptedApp(
            root: DraftCounterView(counter: counter),
            steps: [
                .tap("Save"),
                .tap("Save"),
                .tap("Increment"),
                .mutate("saved in the background") { counter.saves = 10 },
                .tap("Increment"),
            ],
            probes: [
                Probe("count") { "\(counter.count)" },
                Probe("saves") { "\(counter.saves)" },
            ],
            expectedDifferences: [.trackedUnpublishedShown(probe: "saves")]
        )
    }
}
