import SwiftUI

/// The meter's level, peak and floor change, equal values included; logs handed `$level`, `$peak`
/// and `$floor` as a `Published<Int>.Publisher` must receive the same values, in the same order.
public enum LevelMeterScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "published-publisher-mirror"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let meter = LevelMeter(peak: 5, floor: 2)
        let log = levelLog(of: meter)
        let peaks = peakLog(of: meter)
        let floors = floorLog(of: meter)
        return ScriptedApp(
            root: LevelView(meter: meter),
            steps: [
                .mutate("the level rises") { meter.level = 3 },
                .mutate("the same level again") { meter.level = meter.level },
                .mutate("the level falls") { meter.level = 1 },
                .mutate("the level rises in place") { meter.level += 4 },
                .mutate("past the top, clamped back") { meter.level = 150 },
                .mutate("a new peak") { meter.peak = 9 },
                .mutate("a new floor") { meter.floor = 1 },
            ],
            probes: [
                Probe("level") { String(meter.level) },
                Probe("delivered to the log, in order") { log.seen.map(String.init).joined(separator: " | ") },
                Probe("peaks delivered from the first, in order") { peaks.seen.map(String.init).joined(separator: " | ") },
                Probe("floors delivered from the first, in order") { floors.seen.map(String.init).joined(separator: " | ") },
            ]
        )
    }
}
