import SwiftUI

/// Muting changes the engine (untracked) beside the published `level`. The legacy badge redrew
/// with `level` and shows "Muted"; the migrated badge reads only `isMuted`, which tracks nothing,
/// so it keeps "Playing" (untracked-state-shown, review): the difference this fixture expects.
public enum MuteBadgeScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "untracked-state-shown"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let player = PlayerModel()
        return ScriptedApp(
            root: PlayerControls(player: player),
            steps: [
                .tap("Mute"),
                .tap("Unmute"),
                .mutate("muted from outside") { player.mute() },
            ],
            probes: [
                Probe("level") { "\(player.level)" },
                Probe("muted") { "\(player.isMuted)" },
            ],
            expectedDifferences: [.untrackedStateStale(probe: "muted")]
        )
    }
}
