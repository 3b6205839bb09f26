// One style of one fixture app, driven step by step, with the probes armed around each step.

import SwiftUI

/// What one step did in one style.
struct StepOutcome {
    /// The scripted step could not be performed (a control missing from the screen).
    var failure: String?
    /// View identities whose body ran during the step.
    var evaluated: [String] = []
    /// Probe values before and after the step.
    var before: [String] = []
    var after: [String] = []
    /// Indices of probes whose properties notified during the step.
    var notifiedProbes: Set<Int> = []
}

/// A fixture app installed in a host, plus the watch on its models.
@MainActor
final class StyleRun {
    let app: ScriptedApp
    let host: RenderHost

    init(_ app: ScriptedApp) {
        self.app = app
        host = RenderHost(root: app.root)
    }

    func probeValues() -> [String] {
        app.probes.map { $0.read() }
    }

    /// Performs `step`, watching every probe in both notification systems: `@Published` writes
    /// to properties the probe read, and `withObservationTracking` on the probe's read.
    func perform(_ step: ScriptStep) -> StepOutcome {
        var outcome = StepOutcome()
        let fired = FiredProbes()
        var publishedReads: [Set<PublishedKey>] = []
        for (index, probe) in app.probes.enumerated() {
            let (value, reads) = PublishedTracing.recordingReads {
                withObservationTracking {
                    probe.read()
                } onChange: {
                    MainActor.assumeIsolated { fired.record(index) }
                }
            }
            outcome.before.append(value)
            publishedReads.append(reads)
        }
        var written = Set<PublishedKey>()
        let writes = PublishedTracing.observeWrites { written.insert($0) }
        // A hand-sent `objectWillChange` of a watched model notifies the probe (legacy style only).
        let sends = app.probes.enumerated().flatMap { index, probe in
            probe.watched.compactMap { $0 as? any ObservableObject }.map { model in
                model.objectWillChange.sink { _ in MainActor.assumeIsolated { fired.record(index) } }
            }
        }
        _ = host.takeEvaluationLog()
        do {
            try host.perform(step)
        } catch {
            outcome.failure = "\(error)"
        }
        writes.cancel()
        sends.forEach { $0.cancel() }
        fired.isArmed = false
        outcome.evaluated = host.takeEvaluationLog()
        outcome.after = probeValues()
        for index in app.probes.indices where fired.indices.contains(index) || !publishedReads[index].isDisjoint(with: written) {
            outcome.notifiedProbes.insert(index)
        }
        return outcome
    }
}

/// Which probes' observation tracking fired during one step. Tracking closures from earlier
/// steps that never fired stay registered with the models; they write to their own, disarmed
/// instance, so they cannot leak into a later step.
@MainActor
final class FiredProbes {
    var isArmed = true
    private(set) var indices: Set<Int> = []

    func record(_ index: Int) {
        if isArmed { indices.insert(index) }
    }
}
