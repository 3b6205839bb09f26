/// A writing policy a run learnt from the tree's existing `@Observable` code, with the figures it
/// came from: one shape for every option whose default is `"infer"` (`unpublishedProperties`,
/// `observationImport`, `observableAttributeOrder`), so the report and `apply` say each the same way.
struct PolicyInference<Policy: Sendable & Equatable & RawRepresentable<String>, Census: Sendable & Equatable>: Sendable, Equatable {
    /// The policy the run follows.
    var policy: Policy
    /// What the tree showed.
    var census: Census
    /// Whether the census had enough to decide; when not, `policy` is the spec's default.
    var hasEvidence: Bool

    /// Where a run's policy came from, as `summary.<option>.source` in JSON says it:
    /// `configuration` (no inference), `inferred`, or `default` (too little to infer from).
    static func source(_ inference: Self?) -> String {
        guard let inference else { return "configuration" }
        return inference.hasEvidence ? "inferred" : "default"
    }

    /// The summary line's opening shared by every option: `whenNeeded, inferred from …`,
    /// `always, the default: …`, or `track, as configured` when nothing was inferred.
    /// `evidence` words the figures behind an inferred policy, `shortfall` why there were too few.
    static func line(_ policy: Policy, _ inference: Self?, evidence: (Census) -> String, shortfall: (Census) -> String) -> String {
        guard let inference else { return "\(policy.rawValue), as configured" }
        guard inference.hasEvidence else { return "\(policy.rawValue), the default: \(shortfall(inference.census)) to infer from" }
        return "\(policy.rawValue), inferred from \(evidence(inference.census))"
    }
}

extension PolicyInference {
    /// Decides from a census in which `showing` of `counted` items follow the convention `rule`
    /// looks for.
    init(census: Census, counted: Int, showing: Int, rule: InferenceRule<Policy>) {
        let hasEvidence = counted >= rule.minimumCounted
        let reached = showing * rule.share.denominator >= counted * rule.share.numerator
        self.init(policy: !hasEvidence ? rule.byDefault : reached ? rule.shown : rule.otherwise, census: census, hasEvidence: hasEvidence)
    }
}

/// How a census decides an option's policy: with at least `minimumCounted` items counted, `shown`
/// when at least `share` of them follow the convention, else `otherwise`; with fewer, the
/// spec's `byDefault`.
struct InferenceRule<Policy: Sendable>: Sendable {
    /// Fewest counted items that say anything.
    var minimumCounted: Int
    /// The share of counted items following the convention from which the tree is taken to follow it.
    var share: (numerator: Int, denominator: Int)
    /// The policy of a tree whose counted items reach `share`.
    var shown: Policy
    /// The policy of a tree whose counted items fall short of `share`.
    var otherwise: Policy
    /// The spec's default, for a tree with fewer than `minimumCounted` items.
    var byDefault: Policy
}
