import SwiftUI

/// Louder changes a wrapped, unpublished level: the screen catches up only when muting flips.
public enum VolumeScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "wrapped-property"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let volume = VolumeModel()
        return ScriptedApp(
            root: VolumeView(volume: volume),
            steps: [
                .tap("Louder"),
                .tap("Louder"),
                .toggle("Muted"),
                .toggle("Muted"),
                .mutate("level set past the top") { volume.level = 9 },
                .toggle("Muted"),
            ],
            probes: [
                Probe("muted") { "\(volume.isMuted)" },
                Probe("level") { "\(volume.level)" },
            ]
        )
    }
}
