import SourceScan

/// `@Published var child = Child()` where `Child` is a model too. Legacy views that read
/// `parent.child.value` did not update when `child` changed; under Observation they do. A note:
/// the change fixes stale screens, but it is worth knowing.
struct NestedObservable: Rule {
    static let id = "nested-observable"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard role == .published else { return nil }
            let variable = context.declaration(variableID)
            guard let binding = variable.bindings.first,
                  let child = context.index.model(context.index.typer.variableType(binding, declarationID: variableID)) else { return nil }
            var finding = ModelProperties.finding(
                Self.id, .manual, variableID, unit: unit,
                message: "'\(variable.name)' holds the model '\(context.declaration(child).name)'; views reading through it "
                    + "will now update when it changes", suggestion: nil, edits: [], context: context)
            finding.isNote = true
            return finding
        }
    }
}
