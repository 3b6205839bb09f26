import SwiftUI

/// A model whose sends announce changes made through the model it holds (object-will-change-send,
/// "a change made through a held model"): the migration deletes each send with the held model's
/// unit, and both become `@Observable`; a view's send after renaming the installer goes too, and
/// so does a feed's after a helper of its own changed the download it was given. The
/// screens match after every change, by a view or from outside through the installer, on either
/// branch of an `if`; the title, which reads nothing of the download, stops re-rendering with it
/// (modern finer, never coarser).
public enum InstallerScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "held-model-sends"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let installer = Installer()
        return ScriptedApp(
            root: InstallerScreen(installer: installer),
            steps: [
                .tap("Start"),
                .tap("Next file"),
                .mutate("a file finished in the background") { installer.advance(finished: false) },
                .tap("Rename"),
                .mutate("the download finished") { installer.advance(finished: true) },
                .tap("Start"),
                .mutate("the feed reported a file") { DownloadFeed().fileFinished("world.zip", progress: installer.progress) },
                .mutate("the feed reported nothing") { DownloadFeed().fileFinished("", progress: installer.progress) },
            ],
            probes: [
                Probe("title") { installer.title },
                Probe("completed", watching: installer) { "\(installer.progress.completed)" },
                Probe("running", watching: installer) { "\(installer.progress.isRunning)" },
                Probe("last file", watching: installer.progress) { installer.progress.lastFile },
            ]
        )
    }
}
