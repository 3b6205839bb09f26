/// Units that migrate together or not at all, computed once per analysis from the findings whose
/// edits need several units (`Finding.requiresUnits`, `Finding.requiresEveryUnit`), and the
/// one-way needs (`Finding.requiredByUnits`: a superclass's unit needs a subclass's unit, not the
/// reverse). The report reads it to block a unit whose partner is blocked (and to mark one whose
/// partner needs `--unsafe-fixes` as needing it too); `apply` reads it to
/// hold back a unit whose partner is not written in this run. Both ask the same question, "which
/// units does this set drag along?", so the fixpoint is written here once.
struct UnitCoupling: Sendable {
    /// One set of units that change together, and the finding that couples them.
    struct Group: Sendable, Equatable {
        /// The units, in the order the finding names them.
        var units: [Int]
        /// The members another member drags along: nil when each drags every other; else only
        /// these, when a member outside them is reached (a one-way need).
        var dependents: [Int]? = nil
        /// Index into the findings the coupling was computed from.
        var finding: Int
        /// The rule that produced the finding; it words what the units are told.
        var ruleID: String
    }

    /// A unit taken along by the coupling: which group took it, and the member that caused it.
    struct Propagation: Sendable, Equatable {
        var unit: Int
        var group: Int
        var cause: Int
    }

    /// Distinct groups of more than one unit, in the order of their first finding.
    private(set) var groups: [Group] = []

    /// No coupling.
    init() {}

    /// The groups that `findings` (over `unitCount` units) make.
    init(findings: [Finding], unitCount: Int) {
        var seen = Set<[Int]>()
        var seenNeeds = Set<[Int]>()
        for (position, finding) in findings.enumerated() {
            if let unit = finding.unit, !finding.requiredByUnits.isEmpty, seenNeeds.insert([unit] + finding.requiredByUnits).inserted {
                groups.append(Group(units: [unit] + finding.requiredByUnits, dependents: finding.requiredByUnits,
                                    finding: position, ruleID: finding.ruleID))
            }
            guard let units = finding.coupledUnits(of: unitCount), units.count > 1, seen.insert(units).inserted else { continue }
            groups.append(Group(units: units, finding: position, ruleID: finding.ruleID))
        }
    }

    /// Whether any units are coupled.
    var isEmpty: Bool { groups.isEmpty }

    /// Every unit that `seeds` drag along, in the order they are reached: a group with one
    /// member in the set brings all its members in (a one-way group: a member outside its
    /// dependents brings the dependents in), until nothing more changes (a unit may sit in
    /// several groups). The seeds themselves are not listed. The cause is the group's first
    /// member already in the set when the group is visited.
    func propagation(from seeds: Set<Int>) -> [Propagation] {
        var reached = seeds
        var result: [Propagation] = []
        var changed = !reached.isEmpty
        while changed {
            changed = false
            for (position, group) in groups.enumerated() {
                let dependents = group.dependents ?? group.units
                guard let cause = group.units.first(where: { reached.contains($0) && (group.dependents == nil || !dependents.contains($0)) })
                else { continue }
                for unit in dependents where !reached.contains(unit) {
                    reached.insert(unit)
                    changed = true
                    result.append(Propagation(unit: unit, group: position, cause: cause))
                }
            }
        }
        return result
    }

    /// The units that `selection` needs along one-way groups and that it does not hold, in the
    /// order they are reached: selecting a superclass's unit (`apply --type Base`) takes along
    /// the subclasses' units it cannot migrate without, as one unit held them all before.
    func unitsNeeded(by selection: Set<Int>) -> [Int] {
        var reached = selection
        var result: [Int] = []
        var changed = true
        while changed {
            changed = false
            for group in groups {
                guard let dependents = group.dependents, dependents.contains(where: reached.contains) else { continue }
                for unit in group.units where !dependents.contains(unit) && reached.insert(unit).inserted {
                    result.append(unit)
                    changed = true
                }
            }
        }
        return result
    }

    /// After the findings were re-sorted: `newPosition(old)` is where each group's finding is now.
    mutating func renumberFindings(_ newPosition: (Int) -> Int) {
        for index in groups.indices { groups[index].finding = newPosition(groups[index].finding) }
    }

    /// What a unit is told when a rule that couples units does not word it itself (see
    /// `CouplingRule`; `UnitCouplingTests` checks that every coupling rule of the catalog does).
    static func blocker(_ coupling: Finding, unit: UnitSummary, blockedPartner: UnitSummary) -> Finding {
        Finding(ruleID: coupling.ruleID, fixClass: .manual, isBlocker: true, file: coupling.file, offset: coupling.offset,
                message: "'\(unit.name)' must change together with '\(blockedPartner.name)', which is blocked",
                suggestion: "unblock '\(blockedPartner.name)'", unit: unit.id)
    }

    /// What a ready unit is told when a partner it migrates with needs `--unsafe-fixes`: plain
    /// `apply` holds both back, so the unit's verdict says so too. No edits of its own; said at
    /// the unit's declaration (`file`, `offset`), under the rule that couples the two.
    static func review(ruleID: String, unit: UnitSummary, partner: UnitSummary, file: Int, offset: Int) -> Finding {
        Finding(ruleID: ruleID, fixClass: .review, file: file, offset: offset,
                message: "'\(unit.name)' is written only in the same run as '\(partner.name)', which needs --unsafe-fixes; "
                    + "plain 'apply' leaves both as they are",
                suggestion: nil, unit: unit.id)
    }

    /// Why `apply` holds back a unit when the coupling rule does not word it itself.
    static let holdBackReason = "it must migrate in the same run as units that are not written"
}
