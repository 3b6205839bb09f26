import SourceScan

/// `@ObservedObject var m: M` with no `$m` in the enclosing type becomes `var m: M`: Observation
/// tracks what `body` reads through any reference.
struct ObservedObjectRule: Rule {
    static let id = "observed-object"

    func check(_ context: RuleContext) -> [Finding] {
        WrapperVariant.findings(of: Self.id, in: context)
    }
}

/// Runs the shared wrapper rewrite for the uses whose variant is a given rule, outside previews.
enum WrapperVariant {
    static func findings(of ruleID: String, in context: RuleContext) -> [Finding] {
        context.units.units.flatMap { unit in
            unit.wrappers.filter {
                WrapperRewrite.ruleID(for: $0, in: context) == ruleID && !WrapperRewrite.isInPreview($0.site, context)
            }.flatMap { WrapperRewrite.finding(for: $0, ruleID: ruleID, in: context, unit: unit.id) }
        }
    }
}
