import SwiftUI

/// A legacy holder bridging an `@Observable` queue with a re-armed `withObservationTracking`
/// that only sends (object-will-change-send): the migration deletes the function and its call,
/// and the holder becomes `@Observable`. The screens match after every change, made through the
/// holder, on the queue by a view, or on the queue from outside; the toolbar, which reads nothing
/// of the queue, stops re-rendering with it (modern finer, never coarser).
public enum DownloadsScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "observation-tracking-bridge"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let queue = DownloadQueue()
        let center = DownloadCenter(queue: queue)
        return ScriptedApp(
            root: DownloadsScreen(center: center),
            steps: [
                .tap("Download manual"),
                .mutate("queued from another screen") { queue.enqueue("photos.zip") },
                .tap("Finish one"),
                .toggle("Paused"),
                .mutate("finished in the background") { queue.finishFirst() },
                .mutate("queued through the center from outside") { center.download("song.mp3") },
                .tap("Download manual"),
            ],
            probes: [
                Probe("paused") { "\(center.isPaused)" },
                Probe("pending", watching: center) { queue.pending.joined(separator: ",") },
                Probe("finished", watching: center) { "\(queue.finished)" },
            ]
        )
    }
}
