import SourceScan

/// `@StateObject private var m = M()` becomes `@State private var m = M()`, access kept.
/// Review, because `@State` evaluates `M()` on every view init up to Xcode 26; safe in `App` and
/// `Scene` types and where creating `M` provably has no side effects.
struct StateObjectRule: Rule {
    static let id = "state-object"

    func check(_ context: RuleContext) -> [Finding] {
        context.units.units.flatMap { unit in
            unit.wrappers.filter { $0.kind == .stateObject && !WrapperRewrite.isInPreview($0.site, context) }
                .flatMap { WrapperRewrite.finding(for: $0, ruleID: Self.id, in: context, unit: unit.id) }
        }
    }
}
