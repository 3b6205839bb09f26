import SourceScan

/// A property with another wrapper (`@AppStorage`, `@Injected`, a custom one) in a migrated
/// model: the macro cannot track wrapped storage (it does not compile), so the property becomes
/// `@ObservationIgnored @Wrapper var`.
struct WrappedProperty: Rule {
    static let id = "wrapped-property"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard case .wrapped(let attribute) = role else { return nil }
            let variable = context.declaration(variableID)
            return ModelProperties.finding(
                Self.id, .safe, variableID, unit: unit,
                message: "'\(variable.name)' uses the property wrapper @\(attribute.name), which needs @ObservationIgnored "
                    + "under @Observable",
                suggestion: "@ObservationIgnored @\(attribute.name) var \(variable.name)",
                edits: [ModelProperties.ignoreEdit(variableID, context)], context: context, at: attribute.tokens.lowerBound)
        }
    }
}
