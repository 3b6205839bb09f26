import SwiftUI

/// A model observing the announced changes of two others from outside (object-will-change-
/// subscription, "observer bridge"): the migration makes all three `@Observable` and turns each
/// observed publisher into `observationWillChange(of:)`, which re-arms `withObservationTracking`
/// on what the model published. The counts match after every change: by a view, by a method, of
/// the shelf reached through an optional, of a property never announced (no pass in either
/// style), and after the observers are cancelled (none in either).
public enum BookcaseScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "observer-bridge"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let settings = ReaderSettings()
        let shelf = Shelf()
        let bookcase = Bookcase(settings: settings, shelf: shelf)
        return ScriptedApp(
            root: BookcaseScreen(bookcase: bookcase),
            steps: [
                .tap("Bigger"),
                .tap("Theme"),
                .mutate("a book shelved on another screen") { shelf.books.append("Dune") },
                .mutate("a chapter opened, which nothing announces") { settings.lastOpened = "ch. 3" },
                .mutate("font set from outside") { settings.fontSize = 20 },
                .tap("Stop watching"),
                .tap("Bigger"),
                .mutate("another book after the observers stopped") { shelf.books.append("Emma") },
            ],
            probes: [
                Probe("passes") { "\(bookcase.layoutPasses)" },
                Probe("refreshes") { "\(bookcase.shelfRefreshes)" },
                Probe("size") { "\(settings.fontSize)" },
                Probe("books") { shelf.books.joined(separator: ",") },
            ]
        )
    }
}
