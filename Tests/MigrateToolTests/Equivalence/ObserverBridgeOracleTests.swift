// The observer-bridge pair (Sources/Fixtures/*/Observers): the bridge the migration writes must
// hear every change the observed publisher announced, and only the difference the report names
// (a set of an equal value) may show; a bridge that does not re-arm, the naive spelling, must fail.

import Fixtures
@testable import LegacyFixtures
@testable import ModernFixtures
import SwiftUI
import Testing

// MARK: A bridge that tracks once and never re-arms

/// The migrated settings and shelf, observed by a bookcase that tracks each once.
private enum TrackedOnce {
    typealias ReaderSettings = ModernFixtures.ReaderSettings
    typealias Shelf = ModernFixtures.Shelf

    /// Counts the first change of each observed model, then hears nothing more.
    @MainActor
    @Observable
    final class Bookcase {
        var layoutPasses = 0
        var shelfRefreshes = 0
        let settings: ReaderSettings
        private(set) var shelf: Shelf?

        init(settings: ReaderSettings, shelf: Shelf?) {
            self.settings = settings
            self.shelf = shelf
            withObservationTracking { _ = (settings.fontSize, settings.theme) } onChange: { [weak self] in
                MainActor.assumeIsolated { self?.layoutPasses += 1 }
            }
            if let shelf {
                withObservationTracking { _ = shelf.books } onChange: { [weak self] in
                    MainActor.assumeIsolated { self?.shelfRefreshes += 1 }
                }
            }
        }

        func stopWatching() {}
    }

    struct BookcaseScreen: View {
        var bookcase: Bookcase

        var body: some View {
            VStack {
                Text("\(bookcase.layoutPasses) layout passes, \(bookcase.shelfRefreshes) shelf refreshes")
                SettingsControls(settings: bookcase.settings)
                Button("Stop watching") {
                    bookcase.stopWatching()
                }
            }
        }
    }

    /// The committed script's steps and probes, over these models.
    enum Script: FixtureScript {
        static let name = "observer-bridge"

        @MainActor static func make() -> ScriptedApp {
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
}

extension Equivalence {
    @Suite("Oracle over bridged objectWillChange observers")
    @MainActor
    struct ObserverBridgeOracleTests {
        @Test("the bridged observers count every announced change, and none once cancelled, as the legacy ones did")
        func bridgeMatchesLegacy() {
            let report = Oracle.run(app: LegacyFixtures.BookcaseScript.name)
            print(report.summary)
            #expect(report.violations.isEmpty)
            let legacy = LegacyFixtures.BookcaseScript.make()
            let modern = ModernFixtures.BookcaseScript.make()
            for app in [legacy, modern] {
                let host = RenderHost(root: app.root)
                for step in app.steps { try? host.perform(step) }
                // Bigger, Theme, font from outside; the shelf once; nothing after the stop.
                #expect(app.probes.map { $0.read() } == ["3", "1", "22", "Dune,Emma"])
            }
        }

        @Test("a bridge that tracks once and never re-arms misses every later change, and the oracle says so")
        func bridgeWithoutRearming() {
            let report = Oracle.compare(legacy: LegacyFixtures.BookcaseScript.self, modern: TrackedOnce.Script.self)
            print(report.summary)
            #expect(report.violationKinds.contains(.screen))
            // The theme (step 1) and the font set from outside (step 4) go uncounted.
            #expect(report.violations.filter { $0.kind == .screen }.map { $0.step?.index } == [1, 2, 3, 4, 5, 6, 7])
        }

        @Test("the difference the report names: a set of an equal value emits in legacy only")
        func equalValueSetIsNotHeard() {
            let legacySettings = LegacyFixtures.ReaderSettings()
            let legacy = LegacyFixtures.Bookcase(settings: legacySettings, shelf: nil)
            let modernSettings = ModernFixtures.ReaderSettings()
            let modern = ModernFixtures.Bookcase(settings: modernSettings, shelf: nil)
            legacySettings.fontSize = legacySettings.fontSize
            modernSettings.fontSize = modernSettings.fontSize
            #expect(legacy.layoutPasses == 1)
            #expect(modern.layoutPasses == 0)
            legacySettings.fontSize += 1
            modernSettings.fontSize += 1
            #expect(legacy.layoutPasses == 2)
            #expect(modern.layoutPasses == 1)
        }

        @Test("the bridge holds the observed model weakly and stops once it is released")
        func bridgeDoesNotRetainTheModel() {
            weak var released: ModernFixtures.Shelf?
            var bookcase: ModernFixtures.Bookcase?
            do {
                let shelf = ModernFixtures.Shelf()
                released = shelf
                bookcase = ModernFixtures.Bookcase(settings: ModernFixtures.ReaderSettings(), shelf: shelf)
                shelf.books.append("Dune")
            }
            #expect(bookcase?.shelfRefreshes == 1)
            // The bookcase keeps its own reference; dropping it releases the shelf despite the bridge.
            bookcase = nil
            #expect(released == nil)
        }
    }
}
