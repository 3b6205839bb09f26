// The equivalence oracle (the contract in Sources/Fixtures/README.md): drives a legacy fixture app and its
// migrated twin through the same script and checks, after every step, that
//   - the screens are identical,
//   - every view the modern app re-rendered was also re-rendered by the legacy app,
//   - the model state read by the probes is identical,
//   - a probe whose properties notified in the modern app also notified in the legacy app, and
//     a probe whose legacy properties notified *and changed value* also notified in the modern
//     app (equal-value sets, which only legacy announces, are set aside this way).
// Counts of re-renders and notifications are recorded for the report, never compared.

import LegacyFixtures
import ModernFixtures
import SwiftUI

/// Runs fixture apps in both styles and reports where they differ.
@MainActor
public enum Oracle {
    /// Every fixture app, legacy script first, migrated script second.
    nonisolated static var pairs: [(legacy: any FixtureScript.Type, modern: any FixtureScript.Type)] {
        [
            (LegacyFixtures.BookReaderScript.self, ModernFixtures.BookReaderScript.self),
            (LegacyFixtures.FoodTruckScript.self, ModernFixtures.FoodTruckScript.self),
            (LegacyFixtures.DataFlowScript.self, ModernFixtures.DataFlowScript.self),
            (LegacyFixtures.DraftCounterScript.self, ModernFixtures.DraftCounterScript.self),
            (LegacyFixtures.ReportScript.self, ModernFixtures.ReportScript.self),
            (LegacyFixtures.VolumeScript.self, ModernFixtures.VolumeScript.self),
            (LegacyFixtures.TemperatureScript.self, ModernFixtures.TemperatureScript.self),
            (LegacyFixtures.StepCounterScript.self, ModernFixtures.StepCounterScript.self),
            (LegacyFixtures.VehicleScript.self, ModernFixtures.VehicleScript.self),
            (LegacyFixtures.PlaylistScript.self, ModernFixtures.PlaylistScript.self),
            (LegacyFixtures.ThemeScript.self, ModernFixtures.ThemeScript.self),
            (LegacyFixtures.SessionTimerScript.self, ModernFixtures.SessionTimerScript.self),
        ]
    }

    /// The names of every fixture app, as `run(app:)` accepts them.
    nonisolated public static var appNames: [String] {
        pairs.map { $0.legacy.name }
    }

    /// Runs the fixture app called `name` in both styles.
    public static func run(app name: String) -> OracleReport {
        guard let pair = pairs.first(where: { $0.legacy.name == name }) else {
            var report = OracleReport(app: name)
            report.violations.append(Violation(.scriptMismatch, step: nil, "no fixture app named \(name)"))
            return report
        }
        return compare(legacy: pair.legacy, modern: pair.modern)
    }

    /// Runs any legacy script against any modern one; the negative tests pass deliberately
    /// broken modern variants through here.
    public static func compare(legacy: any FixtureScript.Type, modern: any FixtureScript.Type) -> OracleReport {
        compare(name: legacy.name, legacy: legacy.make(), modern: modern.make())
    }

    static func compare(name: String, legacy legacyApp: ScriptedApp, modern modernApp: ScriptedApp) -> OracleReport {
        var report = OracleReport(app: name)
        guard scriptsAgree(legacyApp, modernApp, into: &report) else { return report }

        let legacy = StyleRun(legacyApp)
        let modern = StyleRun(modernApp)
        report.initialRenders = StylePair(legacy: legacy.host.takeEvaluationLog().count, modern: modern.host.takeEvaluationLog().count)
        compareScreens(legacy, modern, step: nil, into: &report)
        compareStates(legacy.probeValues(), modern.probeValues(), probes: legacyApp.probes, step: nil, into: &report)

        for (index, step) in legacyApp.steps.enumerated() {
            let stepRef = StepRef(index: index, summary: step.summary)
            let legacyOutcome = legacy.perform(step)
            let modernOutcome = modern.perform(modernApp.steps[index])
            report.stepsRun += 1
            if let failure = legacyOutcome.failure ?? modernOutcome.failure {
                report.violations.append(Violation(.stepFailed, step: stepRef, failure))
                break
            }
            report.rerenders.legacy += legacyOutcome.evaluated.count
            report.rerenders.modern += modernOutcome.evaluated.count
            report.probeNotifications.legacy += legacyOutcome.notifiedProbes.count
            report.probeNotifications.modern += modernOutcome.notifiedProbes.count

            compareScreens(legacy, modern, step: stepRef, into: &report)
            let coarser = Set(modernOutcome.evaluated).subtracting(legacyOutcome.evaluated)
            if !coarser.isEmpty {
                report.violations.append(Violation(.coarserRerender, step: stepRef,
                    "modern re-rendered views the legacy app did not: \(coarser.sorted().joined(separator: ", "))"))
            }
            compareStates(legacyOutcome.after, modernOutcome.after, probes: legacyApp.probes, step: stepRef, into: &report)
            compareNotifications(legacyOutcome, modernOutcome, probes: legacyApp.probes, step: stepRef, into: &report)
        }
        report.notifications = StylePair(legacy: legacy.host.notifications, modern: modern.host.notifications)
        report.finalState = legacyApp.stateDump()
        return report
    }

    private static func scriptsAgree(_ legacy: ScriptedApp, _ modern: ScriptedApp, into report: inout OracleReport) -> Bool {
        let legacySteps = legacy.steps.map(\.summary)
        let modernSteps = modern.steps.map(\.summary)
        let legacyProbes = legacy.probes.map(\.name)
        let modernProbes = modern.probes.map(\.name)
        guard legacySteps == modernSteps, legacyProbes == modernProbes else {
            report.violations.append(Violation(.scriptMismatch, step: nil,
                "the two scripts differ: steps \(legacySteps) vs \(modernSteps), probes \(legacyProbes) vs \(modernProbes)"))
            return false
        }
        return true
    }

    private static func compareScreens(_ legacy: StyleRun, _ modern: StyleRun, step: StepRef?, into report: inout OracleReport) {
        report.screensCompared += 1
        let legacyScreen = legacy.host.screen
        report.transcript.append("== \(step?.description ?? "start")\n" + legacyScreen)
        let modernScreen = modern.host.screen
        if legacyScreen != modernScreen {
            report.violations.append(Violation(.screen, step: step, screenDifference(legacyScreen, modernScreen)))
        }
    }

    private static func compareStates(_ legacy: [String], _ modern: [String], probes: [Probe], step: StepRef?, into report: inout OracleReport) {
        report.statesCompared += 1
        for (index, probe) in probes.enumerated() where legacy[index] != modern[index] {
            report.violations.append(Violation(.state, step: step,
                "\(probe.name): legacy \"\(legacy[index])\", modern \"\(modern[index])\""))
        }
    }

    private static func compareNotifications(_ legacy: StepOutcome, _ modern: StepOutcome, probes: [Probe], step: StepRef, into report: inout OracleReport) {
        for index in probes.indices {
            let legacyNotified = legacy.notifiedProbes.contains(index)
            let modernNotified = modern.notifiedProbes.contains(index)
            let changed = legacy.before[index] != legacy.after[index]
            if modernNotified && !legacyNotified {
                report.violations.append(Violation(.notification, step: step,
                    "\(probes[index].name) notified in the modern app only"))
            } else if legacyNotified && changed && !modernNotified {
                report.violations.append(Violation(.notification, step: step,
                    "\(probes[index].name) changed and notified in the legacy app, but the modern app did not notify"))
            }
        }
    }

    private static func screenDifference(_ legacy: String, _ modern: String) -> String {
        let legacyLines = legacy.split(separator: "\n", omittingEmptySubsequences: false)
        let modernLines = modern.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(legacyLines, modernLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(legacyLines.count, modernLines.count)
        func line(_ lines: [Substring]) -> String {
            lines.indices.contains(firstDifference) ? String(lines[firstDifference]) : "<end of screen>"
        }
        return "screens differ at line \(firstDifference + 1): legacy \(line(legacyLines).trimmed), modern \(line(modernLines).trimmed)\n"
            + "--- legacy\n\(legacy)\n--- modern\n\(modern)"
    }
}

extension String {
    fileprivate var trimmed: String {
        String(drop { $0 == " " })
    }
}
