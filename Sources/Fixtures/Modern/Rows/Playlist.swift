import SwiftUI
import Observation

/// A model holding another model: replacing the track notifies the playlist, but changes
/// inside the track notify only the track, so the view of the track observes it directly.
@Observable class Playlist {
    var title: String
    var nowPlaying = Track(name: "Intro")

    init(title: String) {
        self.title = title
    }
}

/// One track; counts its plays.
@Observable class Track {
    var name: String
    var plays = 0

    init(name: String) {
        self.name = name
    }
}

struct PlaylistView: View {
    var playlist: Playlist

    var body: some View {
        VStack {
            Text(playlist.title)
            TrackView(track: playlist.nowPlaying)
            Button("Next track") {
                playlist.nowPlaying = Track(name: "Outro")
            }
        }
    }
}

struct TrackView: View {
    var track: Track

    var body: some View {
        HStack {
            Text("\(track.name), played \(track.plays) times")
            Button("Play") {
                track.plays += 1
            }
        }
    }
}
