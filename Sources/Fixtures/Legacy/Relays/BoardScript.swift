import SwiftUI

/// The MVI container (object-will-change-subscription, "initializer relay"): the container's
/// initializer relays the publisher its caller passes. The migration deletes the relay, the
/// parameter and the argument, and the container and the model become `@Observable` in one run.
/// The screens match after a tap through the intent and a change of the model from outside; the
/// banner, which reads nothing of the model, stops re-rendering with it (modern finer, never
/// coarser).
public enum BoardScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "initializer-relay"

    /// A fresh model, the page over it, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let model = BoardModel()
        return ScriptedApp(
            root: BoardScreen.build(model: model),
            steps: [
                .tap("Add card"),
                .mutate("renamed from another screen") { model.title = "Release" },
                .tap("Add card"),
                .mutate("a card added from outside") { model.cards.append("hotfix") },
            ],
            probes: [
                Probe("title") { model.title },
                Probe("cards") { model.cards.joined(separator: ",") },
            ]
        )
    }
}
