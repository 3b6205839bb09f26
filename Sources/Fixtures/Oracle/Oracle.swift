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
            (LegacyFixtures.MuteBadgeScript.self, ModernFixtures.MuteBadgeScript.self),
            (LegacyFixtures.ReportScript.self, ModernFixtures.ReportScript.self),
            (LegacyFixtures.VolumeScript.self, ModernFixtures.VolumeScript.self),
            (LegacyFixtures.TemperatureScript.self, ModernFixtures.TemperatureScript.self),
            (LegacyFixtures.StepCounterScript.self, ModernFixtures.StepCounterScript.self),
            (LegacyFixtures.VehicleScript.self, ModernFixtures.VehicleScript.self),
            (LegacyFixtures.PlaylistScript.self, ModernFixtures.PlaylistScript.self),
            (LegacyFixtures.ThemeScript.self, ModernFixtures.ThemeScript.self),
            (LegacyFixtures.SessionTimerScript.self, ModernFixtures.SessionTimerScript.self),
            (LegacyFixtures.SearchScript.self, ModernFixtures.SearchScript.self),
            (LegacyFixtures.LevelMeterScript.self, ModernFixtures.LevelMeterScript.self),
            (LegacyFixtures.ReadingSettingsScript.self, ModernFixtures.ReadingSettingsScript.self),
            (LegacyFixtures.InboxScript.self, ModernFixtures.InboxScript.self),
            (LegacyFixtures.TripScript.self, ModernFixtures.TripScript.self),
            (LegacyFixtures.DownloadsScript.self, ModernFixtures.DownloadsScript.self),
            (LegacyFixtures.StudioScript.self, ModernFixtures.StudioScript.self),
            (LegacyFixtures.ForecastScript.self, ModernFixtures.ForecastScript.self),
            (LegacyFixtures.BookcaseScript.self, ModernFixtures.BookcaseScript.self),
            (LegacyFixtures.InstallerScript.self, ModernFixtures.InstallerScript.self),
            (LegacyFixtures.ImporterScript.self, ModernFixtures.ImporterScript.self),
            (LegacyFixtures.LargePrintScript.self, ModernFixtures.LargePrintScript.self),
            (LegacyFixtures.BoardScript.self, ModernFixtures.BoardScript.self),
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
    /// A fixture expecting a difference runs the legacy app a second time as the reference,
    /// every view re-rendered after each step: what the legacy screen shows once nothing is stale.
    public static func compare(legacy: any FixtureScript.Type, modern: any FixtureScript.Type) -> OracleReport {
        let legacyApp = legacy.make()
        let reference = legacyApp.expectedDifferences.isEmpty ? nil : legacy.make()
        return compare(name: legacy.name, legacy: legacyApp, modern: modern.make(), reference: reference)
    }

    static func compare(name: String, legacy legacyApp: ScriptedApp, modern modernApp: ScriptedApp,
                        reference referenceApp: ScriptedApp? = nil) -> OracleReport {
        var report = OracleReport(app: name)
        guard scriptsAgree(legacyApp, modernApp, into: &report) else { return report }

        let legacy = StyleRun(legacyApp)
        let modern = StyleRun(modernApp)
        let reference = referenceApp.map(StyleRun.init)
        var expected = ExpectedDifferences(legacyApp)
        report.initialRenders = StylePair(legacy: legacy.host.takeEvaluationLog().count, modern: modern.host.takeEvaluationLog().count)
        compareScreens(legacy, modern, step: nil, into: &report)
        compareStates(legacy.probeValues(), modern.probeValues(), probes: legacyApp.probes, step: nil, into: &report)

        for (index, step) in legacyApp.steps.enumerated() {
            let stepRef = StepRef(index: index, summary: step.summary)
            let modernBefore = modern.host.screen
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

            if let reference, let referenceApp {
                _ = reference.perform(referenceApp.steps[index])
                reference.host.renderEverything()
            }
            // A difference the fixture expects: the modern screen shows what the legacy one shows
            // once every view re-renders (fresh where legacy was stale), and nothing else.
            let modernOnly = Set(legacyApp.probes.indices.filter {
                modernOutcome.notifiedProbes.contains($0) && !legacyOutcome.notifiedProbes.contains($0)
            })
            let freshWhereStale = legacy.host.screen != modern.host.screen && reference?.host.screen == modern.host.screen
            // The other way (untracked state shown): the legacy screen is fresh, the modern one
            // kept what it showed before the step.
            let staleWhereFresh = legacy.host.screen != modern.host.screen && reference?.host.screen == legacy.host.screen
                && modern.host.screen == modernBefore
            let changed = Set(legacyApp.probes.indices.filter { legacyOutcome.before[$0] != legacyOutcome.after[$0] })
            let shown = expected.shown(modernOnly: modernOnly, freshWhereStale: freshWhereStale, step: index)
                || expected.stale(changed: changed, staleWhereFresh: staleWhereFresh, step: index)
            if !shown {
                compareScreens(legacy, modern, step: stepRef, into: &report)
            } else {
                report.screensCompared += 1
                report.transcript.append("== \(stepRef.description)\n" + legacy.host.screen)
            }
            let coarser = Set(modernOutcome.evaluated).subtracting(legacyOutcome.evaluated)
            if !coarser.isEmpty, !shown {
                report.violations.append(Violation(.coarserRerender, step: stepRef,
                    "modern re-rendered views the legacy app did not: \(coarser.sorted().joined(separator: ", "))"))
            }
            compareStates(legacyOutcome.after, modernOutcome.after, probes: legacyApp.probes, step: stepRef, into: &report)
            compareNotifications(legacyOutcome, modernOutcome, probes: legacyApp.probes, allowedModernOnly: expected.tracked(modernOnly, step: index),
                                 unchecked: expected.staleProbes, step: stepRef, into: &report)
        }
        expected.report(into: &report)
        report.notifications = StylePair(legacy: legacy.host.notifications, modern: modern.host.notifications)
        report.finalState = legacyApp.stateDump()
        return report
    }

    private static func scriptsAgree(_ legacy: ScriptedApp, _ modern: ScriptedApp, into report: inout OracleReport) -> Bool {
        let legacySteps = legacy.steps.map(\.summary)
        let modernSteps = modern.steps.map(\.summary)
        let legacyProbes = legacy.probes.map(\.name)
        let modernProbes = modern.probes.map(\.name)
        guard legacySteps == modernSteps, legacyProbes == modernProbes, legacy.expectedDifferences == modern.expectedDifferences else {
            report.violations.append(Violation(.scriptMismatch, step: nil,
                "the two scripts differ: steps \(legacySteps) vs \(modernSteps), probes \(legacyProbes) vs \(modernProbes), "
                + "expected differences \(legacy.expectedDifferences) vs \(modern.expectedDifferences)"))
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

    private static func compareNotifications(_ legacy: StepOutcome, _ modern: StepOutcome, probes: [Probe], allowedModernOnly: Set<Int>,
                                             unchecked: Set<Int> = [], step: StepRef, into report: inout OracleReport) {
        for index in probes.indices where !allowedModernOnly.contains(index) && !unchecked.contains(index) {
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

/// The differences a fixture states (equivalence.md: a review rewrite may change what the user
/// sees by design, and the oracle checks that exactly that difference appears), with the steps
/// where each appeared.
struct ExpectedDifferences {
    private let differences: [ExpectedDifference]
    /// Probe index of each difference.
    private let probeIndices: [Int?]
    private var seenAt: [[Int]]

    init(_ app: ScriptedApp) {
        differences = app.expectedDifferences
        probeIndices = differences.map { difference in app.probes.firstIndex { $0.name == difference.probe } }
        seenAt = differences.map { _ in [] }
    }

    /// Whether a screen difference at this step is the stated one: the modern screen is the
    /// fresh one where the legacy screen is stale, and a shown property's probe notified in the
    /// modern app only.
    mutating func shown(modernOnly: Set<Int>, freshWhereStale: Bool, step: Int) -> Bool {
        guard freshWhereStale else { return false }
        return record(step, probes: modernOnly) { if case .trackedUnpublishedShown = $0 { true } else { false } }
    }

    /// Whether a screen difference at this step is a stated stale one: the legacy screen is the
    /// fresh one, the modern screen kept what it showed, and the probe of an
    /// `untrackedStateStale` difference changed in the step.
    mutating func stale(changed: Set<Int>, staleWhereFresh: Bool, step: Int) -> Bool {
        guard staleWhereFresh else { return false }
        return record(step, probes: changed) { if case .untrackedStateStale = $0 { true } else { false } }
    }

    /// Records `step` for each difference of the kind `isKind` accepts whose probe is among
    /// `probes`; whether there was one.
    private mutating func record(_ step: Int, probes: Set<Int>, where isKind: (ExpectedDifference) -> Bool) -> Bool {
        var matched = false
        for (position, difference) in differences.enumerated() {
            guard isKind(difference), let probe = probeIndices[position], probes.contains(probe) else { continue }
            seenAt[position].append(step)
            matched = true
        }
        return matched
    }

    /// The probes of `untrackedStateStale` differences: they read state nothing tracks, so
    /// neither style notifies for them as the other does (the legacy one through a published
    /// property it reads with, the modern one never).
    var staleProbes: Set<Int> {
        Set(differences.indices.compactMap { position -> Int? in
            guard case .untrackedStateStale = differences[position] else { return nil }
            return probeIndices[position]
        })
    }

    /// The probes allowed to notify in the modern app only at this step; a quiet difference
    /// (no view reads the property) is seen here.
    mutating func tracked(_ modernOnly: Set<Int>, step: Int) -> Set<Int> {
        var allowed = Set<Int>()
        for (position, difference) in differences.enumerated() {
            guard let probe = probeIndices[position], modernOnly.contains(probe) else { continue }
            allowed.insert(probe)
            if case .trackedUnpublished = difference { seenAt[position].append(step) }
        }
        return allowed
    }

    /// Records where each difference appeared; one that never did is a violation (the rewrite
    /// no longer makes the change the fixture documents), as is one naming no probe.
    func report(into report: inout OracleReport) {
        for (position, difference) in differences.enumerated() {
            if probeIndices[position] == nil {
                report.violations.append(Violation(.scriptMismatch, step: nil, "\(difference) names no probe of the script"))
            } else if seenAt[position].isEmpty {
                report.violations.append(Violation(.expectedDifferenceMissing, step: nil, "\(difference) never appeared"))
            } else {
                report.expectedDifferencesSeen.append((difference, seenAt[position]))
            }
        }
    }
}

extension String {
    fileprivate var trimmed: String {
        String(drop { $0 == " " })
    }
}
