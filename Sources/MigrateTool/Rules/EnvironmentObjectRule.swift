import SourceScan

/// `@EnvironmentObject var m: M` becomes `@Environment(M.self) var m`, access level kept; the
/// annotation stays (`@Environment(M.self) var m: M`) where the tree's own `@Environment(T.self)`
/// properties keep theirs (`environmentTypeAnnotation`).
struct EnvironmentObjectRule: WrapperRule {
    static let id = "environment-object"
    static let relevanceKeywords = ["EnvironmentObject"]

    /// How the tree's `@Environment(T.self)` properties decide: with at least 3 counted, `keep`
    /// when at least half of them carry a type annotation, else `drop`; with fewer, `drop`, as
    /// Apple's article and 29 of 31 developer migrations write it (measured 2026-11-26), unless
    /// `styleRule` finds the tree spelling types everywhere.
    static let inferenceRule = InferenceRule<EnvironmentTypeAnnotation>(
        minimumCounted: 3, share: (numerator: 1, denominator: 2), shown: .keep, otherwise: .drop, byDefault: .drop)

    /// With too few `@Environment(T.self)` properties: `keep` when at least 20 variables with an
    /// initial value are counted and at least two thirds of them spell their type anyway.
    static let styleRule = InferenceRule<EnvironmentTypeAnnotation>(
        minimumCounted: 20, share: (numerator: 2, denominator: 3), shown: .keep, otherwise: .drop, byDefault: .drop)

    /// The policy the tree shows (`inferenceRule`, else `styleRule`) with the facts behind it.
    static func inference(from census: EnvironmentAnnotationCensus) -> EnvironmentAnnotationInference {
        let byProperties = EnvironmentAnnotationInference(census: census, counted: census.properties, showing: census.annotated,
                                                          rule: inferenceRule)
        guard !byProperties.hasEvidence else { return byProperties }
        let byStyle = EnvironmentAnnotationInference(census: census, counted: census.initialised, showing: census.initialisedAnnotated,
                                                     rule: styleRule)
        // The style speaks only for a tree that spells types everywhere; otherwise the default stands.
        return byStyle.policy == .keep ? byStyle : byProperties
    }

    /// The run's policy and why, for the report's summary: `keep, inferred from 8
    /// @Environment(T.self) properties (8 annotated)`.
    static func policyLine(_ policy: EnvironmentTypeAnnotation, inference: EnvironmentAnnotationInference?) -> String {
        func properties(_ count: Int) -> String { count == 1 ? "1 @Environment(T.self) property" : "\(count) @Environment(T.self) properties" }
        return EnvironmentAnnotationInference.line(policy, inference, evidence: { census in
            census.properties >= inferenceRule.minimumCounted
                ? "\(properties(census.properties)) (\(census.annotated) with a type annotation)"
                : "the tree's style: \(census.initialisedAnnotated) of \(census.initialised) variables with an initial value spell their type"
        }, shortfall: { census in
            census.properties == 0 ? "no @Environment(T.self) property"
                : "only \(properties(census.properties)), \(inferenceRule.minimumCounted) needed"
        })
    }

    static func owns(_ use: WrapperUse, in context: RuleContext) -> Bool {
        use.kind == .environmentObject && use.projections.isEmpty
    }
}

/// The `environmentTypeAnnotation` a run inferred from the tree's `@Environment(T.self)`
/// properties, with the figures it came from (shown in the report's summary): `keep` or `drop`.
typealias EnvironmentAnnotationInference = PolicyInference<EnvironmentTypeAnnotation, EnvironmentAnnotationCensus>
