import SourceScan

/// `override var a: T { didSet {…} }` in a migrated subclass: the base class already tracks `a`,
/// and the macro cannot rewrite an override, so it is marked `@ObservationIgnored`.
struct OverridingObserver: Rule {
    static let id = "overriding-observer"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard role == .overridingObserver else { return nil }
            let variable = context.declaration(variableID)
            return ModelProperties.finding(
                Self.id, .safe, variableID, unit: unit,
                message: "overriding property '\(variable.name)' with observers must be ignored by the macro; "
                    + "the base class still notifies",
                suggestion: "@ObservationIgnored override var \(variable.name)",
                edits: [ModelProperties.ignoreEdit(variableID, context)], context: context)
        }
    }
}
