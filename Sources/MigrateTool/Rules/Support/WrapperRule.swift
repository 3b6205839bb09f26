import SourceScan

/// A rule that rewrites one variant of a view wrapper (`@StateObject`, `@ObservedObject` with or
/// without `$m.x` bindings or an initial value, `@EnvironmentObject` with or without bindings).
///
/// Each rule says itself which wrapper uses it owns; the rewrite they share is
/// `WrapperRewrite.finding(for:ruleID:in:unit:)`, which `previews` also runs on preview code under
/// its own id. `WrapperRuleTests` checks that every wrapper use of the rule examples is owned by
/// exactly one of these rules, so a new variant cannot be claimed twice or by none.
protocol WrapperRule: Rule {
    /// Whether this rule reports and rewrites `use` (outside preview code).
    static func owns(_ use: WrapperUse, in context: RuleContext) -> Bool
}

extension WrapperRule {
    /// The shared rewrite of every use this rule owns, unit by unit, outside previews.
    func check(_ context: RuleContext) -> [Finding] {
        context.units.units.flatMap { unit in
            unit.wrappers.filter { Self.owns($0, in: context) && !WrapperRewrite.isInPreview($0.site, context) }
                .flatMap { WrapperRewrite.finding(for: $0, ruleID: Self.id, in: context, unit: unit.id) }
        }
    }

    /// Whether the wrapped variable creates its model: its initial value calls an initializer
    /// (`@ObservedObject var m = M()`), not `M.shared` or a factory, which the view only holds.
    static func createsItsModel(_ use: WrapperUse, in context: RuleContext) -> Bool {
        use.site.ownerID.map { ObservedObjectOwned.constructsModel($0, in: context) } ?? false
    }
}
