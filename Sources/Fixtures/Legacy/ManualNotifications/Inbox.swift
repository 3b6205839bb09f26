import SwiftUI

/// A model whose methods announce their changes by hand, before or after making them: none of
/// its stored properties publishes its changes.
final class Inbox: ObservableObject {
    var messages: [String] = []
    var unread = 0
    var isMuted = false

    func receive(_ message: String) {
        objectWillChange.send()
        messages.append(message)
        unread += 1
    }

    func markAllRead() {
        unread = 0
        objectWillChange.send()
    }

    func toggleMute() {
        self.objectWillChange.send()
        isMuted.toggle()
    }

    func clear(announce: Bool) {
        messages.removeAll()
        unread = 0

        if announce {
            objectWillChange.send()
        }
    }

    /// Announces once, then removes in a loop: run no time, the loop changes nothing.
    func delete(_ targets: [String]) {
        objectWillChange.send()
        for target in targets {
            messages.removeAll { $0 == target }
        }
    }

    /// Marks the matching messages with a star, in a loop whose `if` may change nothing.
    func star(_ target: String) {
        for index in messages.indices {
            if messages[index] == target {
                messages[index] = "*" + target
            }
        }
        objectWillChange.send()
    }

    /// Replaces every message through the model's own method, whose `guard` empties the list.
    func replaceAll(with fetched: [String]) {
        replaceMessages(fetched)
        objectWillChange.send()
    }

    private func replaceMessages(_ fetched: [String]) {
        guard !fetched.isEmpty else {
            messages = []
            return
        }
        let kept = fetched.filter { !$0.isEmpty }
        messages = kept
    }

    /// The `break` ends only the `switch`: the change after it runs with the send.
    func setMuted(level: Int) {
        objectWillChange.send()
        switch level {
        case 0: unread += 0
        default: break
        }
        isMuted = level > 0
    }
}

struct InboxView: View {
    @ObservedObject var inbox: Inbox

    var body: some View {
        VStack {
            Text("\(inbox.unread) unread of \(inbox.messages.count)\(inbox.isMuted ? ", muted" : "")")
            ForEach(inbox.messages, id: \.self) { message in
                Text(message)
            }
            Button("Mark all read") {
                inbox.markAllRead()
            }
            Button("Mute") {
                inbox.toggleMute()
            }
            Button("Clear") {
                inbox.clear(announce: true)
            }
        }
    }
}
