import SwiftUI
import Observation

/// The progress of one download, which the installer holds and changes.
@Observable final class DownloadProgress {
    var completed = 0
    var isRunning = false
    var lastFile = "none"

    func reset() {
        completed = 0
        isRunning = false
    }
}

/// A model that announces the changes it makes through the model it holds, so that a screen
/// observing only the installer shows the download's progress.
@Observable final class Installer {
    var title = "Game"
    let progress = DownloadProgress()

    func start() {
        progress.reset()
        progress.isRunning = true
    }

    func advance(finished: Bool) {
        if finished {
            progress.isRunning = false
        } else {
            progress.completed += 1
        }
    }
}

/// Reports finished files to the download it is given through a helper of its own, then
/// announces the change by hand, as an installer's coordinator does: the send goes, because the
/// helper changes only the download's tracked state, on every path.
struct DownloadFeed {
    func fileFinished(_ name: String, progress: DownloadProgress) {
        self.record(progress: progress, name: name)
    }

    private func record(progress: DownloadProgress, name: String) {
        if name.isEmpty {
            progress.lastFile = "none"
        } else {
            progress.lastFile = name
        }
    }
}

/// Holds the installer without observing it: only the views below re-render.
struct InstallerScreen: View {
    let installer: Installer

    var body: some View {
        VStack {
            InstallerTitle(installer: installer)
            InstallerProgress(installer: installer)
            DownloadBadge(progress: installer.progress)
        }
    }
}

/// Reads nothing of the download: the installer's sends re-render it with every step; once
/// migrated it re-renders only when the title changes.
struct InstallerTitle: View {
    var installer: Installer

    var body: some View {
        Text("Installing \(installer.title)")
    }
}

/// Observes only the installer; reads the download's progress through it.
struct InstallerProgress: View {
    var installer: Installer

    var body: some View {
        VStack {
            Text("\(installer.progress.completed) files, \(installer.progress.isRunning ? "running" : "idle")")
            Button("Start") {
                installer.start()
            }
            Button("Next file") {
                installer.advance(finished: false)
            }
            Button("Rename") {
                installer.title = "Editor"
            }
        }
    }
}

/// Observes the download itself: the feed's reports re-render it.
struct DownloadBadge: View {
    var progress: DownloadProgress

    var body: some View {
        Text("last: \(progress.lastFile)")
    }
}
