import SourceScan

/// How far a fix can be trusted, on the scale of clippy's applicability and ruff's safe/unsafe
/// fixes. Ordered from most to least trusted.
enum FixClass: String, Comparable, CaseIterable, Sendable {
    /// Behaviour is preserved; `apply` writes it by default.
    case safe
    /// Compiles, but behaviour may change; written only with `--unsafe-fixes`.
    case review
    /// Reported with an explanation and a suggested replacement; never written.
    case manual

    private var rank: Int {
        switch self {
        case .safe: return 0
        case .review: return 1
        case .manual: return 2
        }
    }

    static func < (lhs: FixClass, rhs: FixClass) -> Bool { lhs.rank < rhs.rank }
}

/// How loudly `lint` reports a rule's findings.
enum Severity: String, Comparable, CaseIterable, Sendable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// An edit to one file of the tree.
struct FileEdit: Hashable, Sendable {
    var file: Int
    var edit: Edit
}

/// Why a class migrates in a unit with others rather than alone.
struct MembershipReason: Sendable, Equatable {
    /// The class's qualified name, as `UnitSummary.members` spells it.
    var member: String
    /// One clause, without a leading capital or a final period.
    var reason: String
}

/// One thing a rule found: where, what, how sure the fix is, and the fix itself.
struct Finding: Sendable {
    /// The rule's id, e.g. `published-property`.
    var ruleID: String
    var fixClass: FixClass
    /// A manual finding that keeps its whole unit from being written.
    var isBlocker: Bool = false
    /// Information only: no fix, and no effect on the unit's verdict.
    var isNote: Bool = false
    /// The file and byte offset the finding is reported at.
    var file: Int
    var offset: Int
    /// What is wrong, in one sentence.
    var message: String
    /// What to write instead, when the tool does not write it itself (or to show a fix).
    var suggestion: String?
    /// The edits that fix it (empty for manual findings and notes).
    var edits: [FileEdit] = []
    /// The unit the finding belongs to, if any.
    var unit: Int?
    /// Further units the finding blocks or qualifies (an unresolved site that may be any of them).
    var alsoUnits: [Int] = []
    /// Edits that may be written only when every unit of the tree migrates in the same run
    /// (generic code constrained to `ObservableObject`).
    var requiresEveryUnit: Bool = false
    /// Edits that may be written only when every one of these units migrates in the same run
    /// (generic code constrained to `ObservableObject` that exactly these models reach); the
    /// units are coupled: one blocked blocks the others.
    var requiresUnits: [Int]? = nil
    /// Units that may be written only in a run that also writes this finding's unit, while this
    /// unit needs none of theirs: a superclass's unit cannot leave `ObservableObject` while a
    /// subclass that migrates on its own stays legacy, but the subclass can go first. One-way:
    /// this unit blocked (or not written) blocks (or holds back) them, never the reverse.
    var requiredByUnits: [Int] = []
    /// Why classes of the finding's unit move in it instead of on their own (a subclass tied to
    /// its superclass, the classes conforming to a protocol), worded by the rule: the reports
    /// show each beside the unit's members.
    var membershipReasons: [MembershipReason] = []
    /// A tidy-up outside units, written only in a run that writes every one of these units: code
    /// left empty once their fixes are in (a function that only relayed their models'
    /// `objectWillChange`). It couples nothing, since the code is right without it, and it may
    /// remove text that those units' own edits already changed (their removals inside it).
    var tidiesUpAfterUnits: [Int]? = nil

    /// The units this finding couples, if any: all of them, or `requiresUnits`.
    func coupledUnits(of analysisUnits: Int) -> [Int]? {
        if requiresEveryUnit { return Array(0..<analysisUnits) }
        return requiresUnits
    }

    /// The units that cannot be written while this finding's fix is turned off (by a suppression
    /// comment or the configuration): its own, and those needing it (`requiredByUnits`).
    var unitsNeedingItsFix: [Int] {
        guard let unit, !edits.isEmpty else { return [] }
        return [unit] + requiredByUnits
    }

    /// Whether `apply` can write this finding's fix at all.
    var isFixable: Bool { fixClass != .manual && !edits.isEmpty }
}

/// A unit's verdict, as the report shows it.
enum Verdict: String, CaseIterable, Sendable {
    /// Every edit is safe: `apply` writes it.
    case ready
    /// Some edit is `review`: written only with `--unsafe-fixes`.
    case needsUnsafeFixes = "needs --unsafe-fixes"
    /// A manual blocker: never written.
    case blocked
}

/// A position in a file, for people: relative path, 1-based line and column.
struct SourceLocation: Hashable, Sendable, Comparable {
    var path: String
    var line: Int
    var column: Int

    static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }

    /// `path:line:column`.
    var description: String { "\(path):\(line):\(column)" }
}
