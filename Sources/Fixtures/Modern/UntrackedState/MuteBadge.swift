import SwiftUI
import Observation

/// The player's engine is a plain class: nothing publishes its volume.
final class AudioEngine {
    var volume = 1.0
}

/// `isMuted` reads the engine, which no one tracks; `mute()` changes it beside the published
/// `level`, so the legacy badge redrew with `level` and showed the engine's new state.
@Observable final class PlayerModel {
    let engine = AudioEngine()
    var level = 1.0

    var isMuted: Bool { engine.volume == 0 }

    func mute() {
        engine.volume = 0
        level = 0
    }

    func unmute() {
        engine.volume = 1
        level = 1
    }
}

struct MuteBadge: View {
    var player: PlayerModel

    var body: some View {
        Text(player.isMuted ? "Muted" : "Playing")
    }
}

struct PlayerControls: View {
    var player: PlayerModel

    var body: some View {
        VStack {
            MuteBadge(player: player)
            Button("Mute") {
                player.mute()
            }
            Button("Unmute") {
                player.unmute()
            }
        }
    }
}
