import SwiftUI

/// Typing runs the model's own pipeline on `$query`; an outside object follows `$results`. The
/// publisher bridge must deliver the same values, in the same order, equal values included.
public enum SearchScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "published-publisher"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let model = SearchModel()
        let history = SearchHistory(following: model)
        return ScriptedApp(
            root: SearchView(model: model),
            steps: [
                .type("cat", into: "Query"),
                .type("dog", into: "Query"),
                .mutate("the same query again") { model.query = model.query },
                .type("", into: "Query"),
                .mutate("a query from a deep link") { model.query = "owl" },
            ],
            probes: [
                Probe("query") { model.query },
                Probe("results") { model.results.joined(separator: ",") },
                Probe("delivered to the history, in order") { history.seen.joined(separator: " | ") },
            ]
        )
    }
}
