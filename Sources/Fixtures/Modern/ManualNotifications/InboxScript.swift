import SwiftUI

/// Hand-sent will-change notifications next to changes of unpublished properties: the migration
/// deletes the calls and the properties are tracked, so the screens match after every announced
/// change.
/// A change made without the call (`clear(announce: false)`) left the legacy screen stale; the
/// modern one shows it at once (unpublished-stored-property, review: a view reads them): the
/// difference this fixture expects.
public enum InboxScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "object-will-change-send-methods"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let inbox = Inbox()
        return ScriptedApp(
            root: InboxView(inbox: inbox),
            steps: [
                .mutate("first message") { inbox.receive("Hello") },
                .mutate("second message") { inbox.receive("Lunch?") },
                .tap("Mark all read"),
                .tap("Mute"),
                .mutate("third message") { inbox.receive("Reminder") },
                .mutate("cleared without announcing") { inbox.clear(announce: false) },
                .mutate("fourth message") { inbox.receive("Back") },
                .tap("Clear"),
                .tap("Mute"),
                .mutate("fifth message") { inbox.receive("Later") },
                .mutate("sixth message") { inbox.receive("Soon") },
                .mutate("deleted two") { inbox.delete(["Later", "Soon"]) },
                .mutate("deleted none") { inbox.delete([]) },
                .mutate("muted by level") { inbox.setMuted(level: 2) },
                .mutate("unmuted by level") { inbox.setMuted(level: 0) },
                .mutate("seventh message") { inbox.receive("Back") },
                .mutate("starred one") { inbox.star("Back") },
                .mutate("starred none") { inbox.star("Nobody") },
                .mutate("replaced") { inbox.replaceAll(with: ["A", "", "B"]) },
                .mutate("replaced with none") { inbox.replaceAll(with: []) },
            ],
            probes: [
                Probe("unread", watching: inbox) { "\(inbox.unread)" },
                Probe("messages", watching: inbox) { inbox.messages.joined(separator: ",") },
                Probe("muted", watching: inbox) { "\(inbox.isMuted)" },
            ],
            expectedDifferences: [.trackedUnpublishedShown(probe: "unread"), .trackedUnpublishedShown(probe: "messages")]
        )
    }
}
