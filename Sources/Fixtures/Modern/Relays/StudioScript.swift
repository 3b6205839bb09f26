import SwiftUI

/// A holder relaying the changes of three models through one private relay helper
/// (object-will-change-subscription, "relay helper"): `forward(from: mixer)`, `forward(from:
/// services.recorder)` through a plain container's computed property, and `forward(from: metronome)`
/// inside `MainActor.assumeIsolated`. The migration deletes each call with its model's unit, then
/// the helper and the emptied closure, and all four models become `@Observable`. The screens match
/// after every change, made by a view through the studio, on a held model from outside, or on the
/// studio itself; the header, which reads nothing of the held models, stops re-rendering with them
/// (modern finer, never coarser).
public enum StudioScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "relay-helper"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let click = Metronome()
        let studio = Studio(name: "A", click: click)
        return ScriptedApp(
            root: StudioScreen(studio: studio),
            steps: [
                .tap("Record take"),
                .mutate("level set on the mixing desk's own screen") { studio.mixer.level = 7 },
                .tap("Faster"),
                .tap("Rename"),
                .mutate("recorded from another screen") { studio.services.recorder.record("overdub") },
                .mutate("tempo set by whoever holds the click") { click.tempo = 120 },
                .tap("Louder"),
            ],
            probes: [
                Probe("name") { studio.name },
                Probe("level", watching: studio) { "\(studio.mixer.level)" },
                Probe("takes", watching: studio) { studio.services.recorder.takes.joined(separator: ",") },
                Probe("tempo", watching: studio) { "\(click.tempo)" },
            ]
        )
    }
}
