// The oracle over the object-will-change-send pairs must fail when a rewrite of a hand-sent
// notification is wrong, and must count a legacy model's hand-sent notification as one. Each
// case runs a reduced script over the committed legacy model and a faulty modern one.

import Fixtures
import Foundation
@testable import LegacyFixtures
@testable import ModernFixtures
import SwiftUI
import Testing

/// A screen that reads no model: only the notifications can tell the styles apart.
private struct Label: View {
    let text: String

    var body: some View {
        Text(text)
    }
}

// MARK: A setter wrapped in withMutation, but a getter without access(keyPath:)

private enum FontSize {
    /// Two font size changes on a screen showing the size, probed through the model.
    @MainActor static func app(root: any View, model: AnyObject, larger: @escaping @MainActor () -> Void,
                               fontSize: @escaping @MainActor () -> Int) -> ScriptedApp {
        ScriptedApp(root: root, steps: [.tap("Larger"), .mutate("set from outside") { larger() }],
                    probes: [Probe("font size", watching: model) { "\(fontSize())" }])
    }

    /// The committed legacy settings, on a screen showing only the font size.
    enum Legacy: FixtureScript {
        static let name = "font-size"

        struct SettingsView: View {
            @ObservedObject var settings: LegacyFixtures.ReadingSettings

            var body: some View {
                VStack {
                    Text("Font size \(settings.fontSize)")
                    Button("Larger") { settings.fontSize += 1 }
                }
            }
        }

        @MainActor static func make() -> ScriptedApp {
            // The committed script empties the legacy module's settings store (its extension of
            // UserDefaults has a twin in the modern module, so it cannot be named here).
            _ = LegacyFixtures.ReadingSettingsScript.make()
            let settings = LegacyFixtures.ReadingSettings()
            return app(root: SettingsView(settings: settings), model: settings, larger: { settings.fontSize += 1 },
                       fontSize: { settings.fontSize })
        }
    }

    /// A faulty accessor rewrite: the setter announces `fontSize`, but no reader tracks it.
    enum UntrackedGetter: FixtureScript {
        static let name = "font-size"
        static let suite = "fixtures.negative.font-size"

        @Observable
        final class Settings {
            let store = UserDefaults(suiteName: UntrackedGetter.suite)!

            var fontSize: Int {
                get { store.object(forKey: "fontSize") as? Int ?? 14 }
                set { withMutation(keyPath: \.fontSize) { store.set(newValue, forKey: "fontSize") } }
            }
        }

        struct SettingsView: View {
            var settings: Settings

            var body: some View {
                VStack {
                    Text("Font size \(settings.fontSize)")
                    Button("Larger") { settings.fontSize += 1 }
                }
            }
        }

        @MainActor static func make() -> ScriptedApp {
            UserDefaults(suiteName: suite)!.removePersistentDomain(forName: suite)
            let settings = Settings()
            return app(root: SettingsView(settings: settings), model: settings, larger: { settings.fontSize += 1 },
                       fontSize: { settings.fontSize })
        }
    }
}

// MARK: Sends deleted, but the properties left out of tracking

private enum Messages {
    /// Two messages and a read, probed through the model (watched or not).
    @MainActor static func app(root: any View, model: AnyObject?, receive: @escaping @MainActor (String) -> Void,
                               markAllRead: @escaping @MainActor () -> Void, unread: @escaping @MainActor () -> Int) -> ScriptedApp {
        let probe = model.map { model in Probe("unread", watching: model) { "\(unread())" } } ?? Probe("unread") { "\(unread())" }
        return ScriptedApp(
            root: root,
            steps: [
                .mutate("first message") { receive("Hello") },
                .mutate("second message") { receive("Lunch?") },
                .mutate("read") { markAllRead() },
            ],
            probes: [probe]
        )
    }

    /// The committed legacy inbox behind a screen that reads nothing, probes watching it.
    enum Legacy: FixtureScript {
        static let name = "messages"

        @MainActor static func make() -> ScriptedApp {
            let inbox = LegacyFixtures.Inbox()
            return app(root: Label(text: "inbox"), model: inbox, receive: { inbox.receive($0) }, markAllRead: { inbox.markAllRead() },
                       unread: { inbox.unread })
        }
    }

    /// A faulty deletion: the calls are gone and the properties are `@ObservationIgnored`, so
    /// nothing announces the changes any more.
    enum Ignored: FixtureScript {
        static let name = "messages"

        @Observable
        final class Inbox {
            @ObservationIgnored var unread = 0

            func receive(_ message: String) {
                unread += 1
            }

            func markAllRead() {
                unread = 0
            }
        }

        @MainActor static func make() -> ScriptedApp {
            let inbox = Inbox()
            return app(root: Label(text: "inbox"), model: inbox, receive: { inbox.receive($0) }, markAllRead: { inbox.markAllRead() },
                       unread: { inbox.unread })
        }
    }

    /// The committed pair, on its own screens, with probes that do not watch the models: the
    /// legacy side's hand-sent notifications are then invisible to the probes.
    enum UnwatchedLegacy: FixtureScript {
        static let name = "messages"

        @MainActor static func make() -> ScriptedApp {
            let inbox = LegacyFixtures.Inbox()
            return app(root: LegacyFixtures.InboxView(inbox: inbox), model: nil, receive: { inbox.receive($0) },
                       markAllRead: { inbox.markAllRead() }, unread: { inbox.unread })
        }
    }

    enum UnwatchedModern: FixtureScript {
        static let name = "messages"

        @MainActor static func make() -> ScriptedApp {
            let inbox = ModernFixtures.Inbox()
            return app(root: ModernFixtures.InboxView(inbox: inbox), model: nil, receive: { inbox.receive($0) },
                       markAllRead: { inbox.markAllRead() }, unread: { inbox.unread })
        }
    }
}

extension Equivalence {
    @Suite("Oracle over rewritten hand-sent notifications")
    @MainActor
    struct ManualNotificationOracleTests {
        @Test("a getter without access(keyPath:): the screen keeps the old value, and the change goes unannounced")
        func getterWithoutAccess() {
            let report = Oracle.compare(legacy: FontSize.Legacy.self, modern: FontSize.UntrackedGetter.self)
            print(report.summary)
            #expect(report.violationKinds == [.screen, .notification])
            #expect(report.violations.map { $0.step?.index } == [0, 0, 1, 1])  // both font size changes
        }

        @Test("sends deleted from a model whose properties stay out of tracking: changes go unannounced")
        func deletedSendsWithoutTracking() {
            let report = Oracle.compare(legacy: Messages.Legacy.self, modern: Messages.Ignored.self)
            print(report.summary)
            #expect(report.violationKinds == [.notification])
            #expect(report.violations.map { $0.step?.index } == [0, 1, 2])  // every step
        }

        @Test("a legacy model's hand-sent notification counts only for probes watching the model")
        func unwatchedProbesMissTheLegacyNotification() {
            let report = Oracle.compare(legacy: Messages.UnwatchedLegacy.self, modern: Messages.UnwatchedModern.self)
            print(report.summary)
            #expect(report.violationKinds == [.notification])
            #expect(report.violations.map { $0.step?.index } == [0, 1, 2])  // every step
        }
    }
}
