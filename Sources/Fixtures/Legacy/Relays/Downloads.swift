import SwiftUI

/// A queue already migrated to Observation, in a tree migrated halfway.
@Observable final class DownloadQueue {
    var pending: [String] = []
    var finished = 0

    func enqueue(_ name: String) {
        pending.append(name)
    }

    func finishFirst() {
        guard !pending.isEmpty else { return }
        pending.removeFirst()
        finished += 1
    }
}

/// A legacy model bridging the `@Observable` queue it holds into its own change announcements:
/// it re-arms `withObservationTracking` after every change, only to send. The reaction runs
/// where the change is made (no hop to the main actor), hence the unchecked conformance.
final class DownloadCenter: ObservableObject, @unchecked Sendable {
    @Published var isPaused = false
    let queue: DownloadQueue

    init(queue: DownloadQueue) {
        self.queue = queue
        observeQueue()
    }

    var status: String { "\(queue.pending.count) waiting, \(queue.finished) done" }

    func download(_ name: String) {
        queue.enqueue(name)
    }

    private func observeQueue() {
        withObservationTracking {
            _ = queue.pending
            _ = queue.finished
        } onChange: { [weak self] in
            self?.objectWillChange.send()
            self?.observeQueue()
        }
    }
}

/// Holds the center without observing it: only the two views below re-render.
struct DownloadsScreen: View {
    let center: DownloadCenter

    var body: some View {
        VStack {
            DownloadsToolbar(center: center)
            DownloadsStatus(center: center)
        }
    }
}

/// Reads nothing of the queue: the bridge re-renders it with every change of the queue; once
/// migrated it re-renders only when the pause switch flips.
struct DownloadsToolbar: View {
    @ObservedObject var center: DownloadCenter

    var body: some View {
        Toggle("Paused", isOn: $center.isPaused)
    }
}

/// Reads the state the center derives from the queue.
struct DownloadsStatus: View {
    @ObservedObject var center: DownloadCenter

    var body: some View {
        VStack {
            Text(center.status)
            Button("Download manual") {
                center.download("manual.pdf")
            }
            Button("Finish one") {
                center.queue.finishFirst()
            }
        }
    }
}
