import SwiftUI
import Observation

/// The mixing desk's level; the studio passes its changes on as its own.
@Observable final class Mixer {
    var level = 3
}

/// The takes recorded so far; reached through the studio's services.
@Observable final class Recorder {
    var takes: [String] = []

    func record(_ take: String) {
        takes.append(take)
    }
}

/// The click's tempo, handed to the studio by whoever opens it.
@Observable final class Metronome {
    var tempo = 90
}

/// A plain container, not a model: it hands out its recorder through a computed property.
final class StudioServices {
    private let sharedRecorder = Recorder()

    var recorder: Recorder { sharedRecorder }
}

/// A model relaying the changes of the three models it reaches through one private helper, so that
/// views observing only the studio show what it derives from them: one call with a held model, one
/// with a model behind a plain container's computed property, one inside `MainActor.assumeIsolated`
/// (as in an app whose default isolation is the main actor, spelled out here).
@MainActor @Observable final class Studio {
    var name: String
    let mixer = Mixer()
    let services = StudioServices()
    let metronome: Metronome
    private var cancellables = Set<AnyCancellable>()

    init(name: String, click: Metronome) {
        self.name = name
        metronome = click
    }

    var summary: String { "\(services.recorder.takes.count) takes at \(metronome.tempo) bpm" }
}

/// Holds the studio without observing it: only the two views below re-render.
struct StudioScreen: View {
    let studio: Studio

    var body: some View {
        VStack {
            StudioHeader(studio: studio)
            StudioDesk(studio: studio)
        }
    }
}

/// Reads nothing of the models the studio reaches: the relays re-render it with every change of
/// theirs; once migrated it re-renders only when the studio is renamed.
struct StudioHeader: View {
    var studio: Studio

    var body: some View {
        VStack {
            Text("Studio \(studio.name)")
            Button("Rename") {
                studio.name = "B"
            }
        }
    }
}

/// Reads the held models through the studio, and the summary the studio derives from them.
struct StudioDesk: View {
    var studio: Studio

    var body: some View {
        VStack {
            Text("Level \(studio.mixer.level), \(studio.services.recorder.takes.last ?? "no take yet")")
            Text(studio.summary)
            Button("Record take") {
                studio.services.recorder.record("take \(studio.services.recorder.takes.count + 1)")
            }
            Button("Louder") {
                studio.mixer.level += 1
            }
            Button("Faster") {
                studio.metronome.tempo += 10
            }
        }
    }
}
