import SourceScan

/// `@Published var x = v` in a migrated model becomes `var x = v`: the macro tracks it.
/// `private(set)`, observers and everything else on the declaration stay.
struct PublishedProperty: Rule {
    static let id = "published-property"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard role == .published else { return nil }
            let variable = context.declaration(variableID)
            guard let attribute = variable.attribute(named: "Published") else { return nil }
            let file = context.files[variableID.file]
            return ModelProperties.finding(
                Self.id, .safe, variableID, unit: unit, message: "@Published is not needed: @Observable tracks '\(variable.name)'",
                suggestion: nil, edits: [FileEdit(file: variableID.file, edit: EditBuilder(file: file).remove(attribute.tokens))],
                context: context, at: attribute.tokens.lowerBound)
        }
    }
}
