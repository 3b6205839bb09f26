// The oracle over the object-will-change-send pairs must fail when a rewrite of a hand-sent
// notification is wrong, and must count a legacy model's hand-sent notification as one.

import Fixtures
import Foundation
@testable import LegacyFixtures
@testable import ModernFixtures
import SwiftUI
import Testing

// MARK: A setter wrapped in withMutation, but a getter without access(keyPath:)

/// A faulty accessor rewrite: the setter announces `fontSize`, but no reader tracks it, so the
/// modern screen keeps the old size. Its own store, emptied on every run.
private enum UntrackedGetter {
    static let suite = "fixtures.negative.reading-settings"

    @MainActor
    @Observable
    final class ReadingSettings {
        let store = UserDefaults(suiteName: UntrackedGetter.suite)!

        var fontSize: Int {
            get { store.object(forKey: "fontSize") as? Int ?? 14 }
            set { withMutation(keyPath: \.fontSize) { store.set(newValue, forKey: "fontSize") } }
        }

        var theme: String {
            get { access(keyPath: \.theme); return store.string(forKey: "theme") ?? "paper" }
            set { withMutation(keyPath: \.theme) { store.set(newValue, forKey: "theme") } }
        }

        var showsPageNumbers: Bool {
            get { access(keyPath: \.showsPageNumbers); return store.object(forKey: "showsPageNumbers") as? Bool ?? true }
            set { withMutation(keyPath: \.showsPageNumbers) { store.set(newValue, forKey: "showsPageNumbers") } }
        }
    }

    struct ReadingSettingsView: View {
        @Bindable var settings: ReadingSettings

        var body: some View {
            VStack {
                Text("Font size \(settings.fontSize), theme \(settings.theme)")
                Toggle("Page numbers", isOn: $settings.showsPageNumbers)
                Text(settings.showsPageNumbers ? "Page 1 of 9" : "No page numbers")
                Button("Larger") {
                    settings.fontSize += 1
                }
                Button("Night") {
                    settings.theme = "night"
                }
            }
        }
    }

    enum Script: FixtureScript {
        static let name = "object-will-change-send-settings"

        @MainActor static func make() -> ScriptedApp {
            UserDefaults(suiteName: suite)!.removePersistentDomain(forName: suite)
            let settings = ReadingSettings()
            return ScriptedApp(
                root: ReadingSettingsView(settings: settings),
                steps: [
                    .tap("Larger"),
                    .tap("Night"),
                    .toggle("Page numbers"),
                    .mutate("same font size again") { settings.fontSize = 15 },
                    .tap("Larger"),
                    .toggle("Page numbers"),
                    .mutate("theme chosen elsewhere") { settings.theme = "sepia" },
                ],
                probes: [
                    Probe("font size", watching: settings) { "\(settings.fontSize)" },
                    Probe("theme", watching: settings) { settings.theme },
                    Probe("page numbers", watching: settings) { "\(settings.showsPageNumbers)" },
                    Probe("stored") {
                        let store = settings.store
                        return "\(store.integer(forKey: "fontSize")) \(store.string(forKey: "theme") ?? "-") \(store.object(forKey: "showsPageNumbers") ?? "-")"
                    },
                ]
            )
        }
    }
}

// MARK: Sends deleted, but the properties left out of tracking

/// A faulty deletion: the calls are gone and the properties are `@ObservationIgnored`, so
/// nothing announces the changes any more.
private enum IgnoredInbox {
    @Observable
    final class Inbox {
        @ObservationIgnored var messages: [String] = []
        @ObservationIgnored var unread = 0
        @ObservationIgnored var isMuted = false

        func receive(_ message: String) {
            messages.append(message)
            unread += 1
        }

        func markAllRead() {
            unread = 0
        }

        func toggleMute() {
            isMuted.toggle()
        }

        func clear(announce: Bool) {
            messages.removeAll()
            unread = 0
        }
    }

    /// A screen that reads no model: only the notifications can tell the styles apart.
    struct Label: View {
        let text: String

        var body: some View {
            Text(text)
        }
    }

    enum Script: FixtureScript {
        static let name = "object-will-change-send-methods"

        @MainActor static func make() -> ScriptedApp {
            let inbox = Inbox()
            return ScriptedApp(
                root: Label(text: "inbox"),
                steps: [
                    .mutate("first message") { inbox.receive("Hello") },
                    .mutate("second message") { inbox.receive("Lunch?") },
                    .mutate("read") { inbox.markAllRead() },
                ],
                probes: [
                    Probe("unread", watching: inbox) { "\(inbox.unread)" },
                ]
            )
        }
    }

    /// The committed legacy inbox under the faulty script's steps and probes.
    enum Legacy: FixtureScript {
        static let name = "object-will-change-send-methods"

        @MainActor static func make() -> ScriptedApp {
            let inbox = LegacyFixtures.Inbox()
            return ScriptedApp(
                root: Label(text: "inbox"),
                steps: [
                    .mutate("first message") { inbox.receive("Hello") },
                    .mutate("second message") { inbox.receive("Lunch?") },
                    .mutate("read") { inbox.markAllRead() },
                ],
                probes: [
                    Probe("unread", watching: inbox) { "\(inbox.unread)" },
                ]
            )
        }
    }
}

// MARK: The committed pair, read without watching the legacy model's hand-sent notification

/// The committed inbox pair under probes that do not watch the models: the legacy side's
/// notifications are then invisible, so the modern side seems to notify on its own.
private enum UnwatchedInbox {
    @MainActor static func app(root: any View, receive: @escaping @MainActor (String) -> Void,
                               unread: @escaping @MainActor () -> Int) -> ScriptedApp {
        ScriptedApp(
            root: root,
            steps: [.mutate("first message") { receive("Hello") }],
            probes: [Probe("unread") { "\(unread())" }]
        )
    }

    enum Legacy: FixtureScript {
        static let name = "object-will-change-send-methods"

        @MainActor static func make() -> ScriptedApp {
            let inbox = LegacyFixtures.Inbox()
            return app(root: LegacyFixtures.InboxView(inbox: inbox), receive: { inbox.receive($0) }, unread: { inbox.unread })
        }
    }

    enum Modern: FixtureScript {
        static let name = "object-will-change-send-methods"

        @MainActor static func make() -> ScriptedApp {
            let inbox = ModernFixtures.Inbox()
            return app(root: ModernFixtures.InboxView(inbox: inbox), receive: { inbox.receive($0) }, unread: { inbox.unread })
        }
    }
}

extension Equivalence {
    @Suite("Oracle over rewritten hand-sent notifications")
    @MainActor
    struct ManualNotificationOracleTests {
        private func kinds(_ report: OracleReport) -> Set<Violation.Kind> {
            Set(report.violations.map(\.kind))
        }

        @Test("a getter without access(keyPath:): the screen keeps the old value, and the change goes unannounced")
        func getterWithoutAccess() {
            let report = Oracle.compare(legacy: LegacyFixtures.ReadingSettingsScript.self, modern: UntrackedGetter.Script.self)
            print(report.summary)
            #expect(kinds(report).isSuperset(of: [.screen, .notification]))
            #expect(report.violations.first?.step?.index == 0)  // "Larger", the first font size change
        }

        @Test("sends deleted from a model whose properties stay out of tracking: changes go unannounced")
        func deletedSendsWithoutTracking() {
            let report = Oracle.compare(legacy: IgnoredInbox.Legacy.self, modern: IgnoredInbox.Script.self)
            print(report.summary)
            #expect(kinds(report) == [.notification])
            #expect(report.violations.map { $0.step?.index } == [0, 1, 2])
        }

        @Test("a legacy model's hand-sent notification counts only for probes watching the model")
        func unwatchedProbesMissTheLegacyNotification() {
            let report = Oracle.compare(legacy: UnwatchedInbox.Legacy.self, modern: UnwatchedInbox.Modern.self)
            print(report.summary)
            #expect(kinds(report) == [.notification])
        }
    }
}
