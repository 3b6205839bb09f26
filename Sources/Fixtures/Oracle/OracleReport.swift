// What the oracle found for one fixture app.

import SwiftUI

/// A figure measured in both styles.
public struct StylePair<Value: Sendable>: Sendable {
    /// The legacy app's figure.
    public var legacy: Value
    /// The migrated app's figure.
    public var modern: Value
}

/// Which scripted step a violation happened at.
public struct StepRef: Sendable, CustomStringConvertible {
    /// Zero-based position in the script.
    public let index: Int
    /// What the step did.
    public let summary: String

    /// "step 3 (tap "Save")".
    public var description: String {
        "step \(index + 1) (\(summary))"
    }
}

/// One way the two styles differed.
public struct Violation: Sendable, CustomStringConvertible {
    /// The rule of the oracle (Sources/Fixtures/README.md, "The contract") that was broken.
    public enum Kind: String, Sendable {
        /// The rendered text differs.
        case screen
        /// The modern app re-rendered a view the legacy app did not.
        case coarserRerender = "coarser re-render"
        /// Probed model state differs.
        case state
        /// A probe notified in one style and not the other (equal-value sets aside).
        case notification
        /// A step could not be performed in one style.
        case stepFailed = "step failed"
        /// The two script files do not describe the same steps and probes.
        case scriptMismatch = "script mismatch"
        /// A difference the fixture expects (a review rewrite's by design) never appeared.
        case expectedDifferenceMissing = "expected difference missing"
    }

    /// Which rule.
    public let kind: Kind
    /// Where; nil for the initial screen or the scripts themselves.
    public let step: StepRef?
    /// What differed.
    public let detail: String

    init(_ kind: Kind, step: StepRef?, _ detail: String) {
        self.kind = kind
        self.step = step
        self.detail = detail
    }

    /// "screen at step 2 (…): …".
    public var description: String {
        "\(kind.rawValue) at \(step?.description ?? "start"): \(detail)"
    }
}

/// The oracle's findings for one fixture app.
public struct OracleReport: Sendable {
    /// The fixture app.
    public let app: String
    /// Scripted steps performed in both styles.
    public var stepsRun = 0
    /// Screens compared: the initial one and one after each step.
    public var screensCompared = 0
    /// Model states compared, likewise.
    public var statesCompared = 0
    /// Body evaluations of the first render.
    public var initialRenders = StylePair(legacy: 0, modern: 0)
    /// Body evaluations after the first render, summed over steps.
    public var rerenders = StylePair(legacy: 0, modern: 0)
    /// Invalidation notifications the hosts received.
    public var notifications = StylePair(legacy: RenderHost.NotificationCounts(), modern: RenderHost.NotificationCounts())
    /// Probe notifications, summed over steps.
    public var probeNotifications = StylePair(legacy: 0, modern: 0)
    /// The legacy screen at the start and after each step, headed by the step; for reading a
    /// fixture's behaviour and for failure messages.
    public var transcript: [String] = []
    /// The legacy app's model state after the last step (identical to the modern one unless a
    /// state violation says otherwise).
    public var finalState = ""
    /// The differences the fixture expects, each with the steps where it appeared (allowed,
    /// not violations).
    public var expectedDifferencesSeen: [(difference: ExpectedDifference, steps: [Int])] = []
    /// Every difference found; empty when the styles are equivalent.
    public var violations: [Violation] = []

    init(app: String) {
        self.app = app
    }

    /// True when no violation was found.
    public var passed: Bool {
        violations.isEmpty
    }

    /// One line of figures, then one line per violation.
    public var summary: String {
        let verdict = passed ? "equivalent" : "\(violations.count) violation(s)"
        let figures = [
            "steps \(stepsRun)",
            "screens compared \(screensCompared)",
            "re-renders legacy \(rerenders.legacy) vs modern \(rerenders.modern)",
            "notifications legacy \(notifications.legacy.total) vs modern \(notifications.modern.total)",
            "probe notifications legacy \(probeNotifications.legacy) vs modern \(probeNotifications.modern)",
        ]
        var lines = ["\(app): \(verdict); " + figures.joined(separator: ", ")]
        lines += expectedDifferencesSeen.map { "  expected: \($0.difference) at steps \($0.steps.map { $0 + 1 })" }
        lines += violations.map { "  - \($0)" }
        return lines.joined(separator: "\n")
    }
}
