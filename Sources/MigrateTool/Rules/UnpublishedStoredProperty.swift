import SourceScan

/// A stored `var` without `@Published` never notified; under the macro it would. It gets
/// `@ObservationIgnored`, so exactly the same properties notify after the migration; or, when
/// the configuration says `"unpublishedProperties": "observe"`, it is left to be tracked, which
/// is a behaviour change the unit's review must accept.
struct UnpublishedStoredProperty: Rule {
    static let id = "unpublished-stored-property"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard role == .plainStored else { return nil }
            let variable = context.declaration(variableID)
            switch context.unpublishedProperties {
            case .ignore:
                return ModelProperties.finding(
                    Self.id, .safe, variableID, unit: unit,
                    message: "'\(variable.name)' is not @Published, so it never notified; keep it silent under @Observable",
                    suggestion: "@ObservationIgnored", edits: [ModelProperties.ignoreEdit(variableID, context)], context: context)
            case .observe:
                return ModelProperties.finding(
                    Self.id, .review, variableID, unit: unit,
                    message: "'\(variable.name)' is not @Published and will notify under @Observable (unpublishedProperties: observe); views reading it update when it changes",
                    suggestion: "@ObservationIgnored keeps it silent", edits: [], context: context)
            }
        }
    }
}
