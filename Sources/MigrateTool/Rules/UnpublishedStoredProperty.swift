import SourceScan

/// A stored `var` without `@Published` never notified; under the macro it would. It gets
/// `@ObservationIgnored`, so exactly the same properties notify after the migration.
struct UnpublishedStoredProperty: Rule {
    static let id = "unpublished-stored-property"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard role == .plainStored else { return nil }
            let variable = context.declaration(variableID)
            return ModelProperties.finding(
                Self.id, .safe, variableID, unit: unit,
                message: "'\(variable.name)' is not @Published, so it never notified; keep it silent under @Observable",
                suggestion: "@ObservationIgnored", edits: [ModelProperties.ignoreEdit(variableID, context)], context: context)
        }
    }
}
