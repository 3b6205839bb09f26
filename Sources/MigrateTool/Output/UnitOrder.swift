/// The one order every output lists units in: what to do first. Ready units (`apply` writes
/// them now), then units that need `--unsafe-fixes` (a review away), then blocked units, fewest
/// blockers first (the cheapest to unblock); by name within each, then where declared.
enum UnitOrder {
    /// How many blockers keep `unit` from being written; a unit blocked by a suppression counts one.
    static func blockerCount(_ unit: UnitSummary, findings: [Finding]) -> Int {
        let count = unit.findings.filter { findings[$0].isBlocker }.count
        return unit.verdict == .blocked ? max(count, 1) : count
    }

    /// The sort key: verdict, blockers, name, declaration.
    private static func rank(_ verdict: Verdict) -> Int {
        switch verdict {
        case .ready: return 0
        case .needsUnsafeFixes: return 1
        case .blocked: return 2
        }
    }

    /// `units` in the order to act on them.
    static func sorted(_ units: [UnitSummary], findings: [Finding]) -> [UnitSummary] {
        let counts = Dictionary(units.map { ($0.id, blockerCount($0, findings: findings)) }, uniquingKeysWith: { first, _ in first })
        return units.sorted {
            (rank($0.verdict), counts[$0.id]!, $0.name, $0.declaredAt) < (rank($1.verdict), counts[$1.id]!, $1.name, $1.declaredAt)
        }
    }
}
