import SwiftUI

/// The meter's level changes, equal values included; a log handed `$level` as a
/// `Published<Int>.Publisher` must receive the same values, in the same order.
public enum LevelMeterScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "published-publisher-mirror"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let meter = LevelMeter()
        let log = levelLog(of: meter)
        return ScriptedApp(
            root: LevelView(meter: meter),
            steps: [
                .mutate("the level rises") { meter.level = 3 },
                .mutate("the same level again") { meter.level = meter.level },
                .mutate("the level falls") { meter.level = 1 },
                .mutate("the level rises in place") { meter.level += 4 },
            ],
            probes: [
                Probe("level") { String(meter.level) },
                Probe("delivered to the log, in order") { log.seen.map(String.init).joined(separator: " | ") },
            ]
        )
    }
}
