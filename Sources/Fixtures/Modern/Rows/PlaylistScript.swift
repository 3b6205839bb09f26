import SwiftUI

/// Playing changes the nested track; skipping replaces it; the playlist is renamed outside.
public enum PlaylistScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "nested-model"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let playlist = Playlist(title: "Morning")
        return ScriptedApp(
            root: PlaylistView(playlist: playlist),
            steps: [
                .tap("Play"),
                .tap("Play"),
                .tap("Next track"),
                .tap("Play"),
                .mutate("playlist renamed") { playlist.title = "Evening" },
                .mutate("track played elsewhere") { playlist.nowPlaying.plays += 5 },
            ],
            probes: [
                Probe("title") { playlist.title },
                Probe("now playing") { "\(playlist.nowPlaying.name) x\(playlist.nowPlaying.plays)" },
            ]
        )
    }
}
