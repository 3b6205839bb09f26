import SourceScan

/// `lazy var` in a migrated model: the macro cannot track a lazy property (it does not compile),
/// so it becomes `@ObservationIgnored lazy var`. A lazy property never notified anyway.
struct LazyProperty: Rule {
    static let id = "lazy-property"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard role == .lazy else { return nil }
            let variable = context.declaration(variableID)
            let lazy = variable.modifiers.first { $0.word == .lazy }?.tokens.lowerBound
            return ModelProperties.finding(
                Self.id, .safe, variableID, unit: unit,
                message: "lazy property '\(variable.name)' must be @ObservationIgnored under @Observable",
                suggestion: "@ObservationIgnored lazy var \(variable.name)", edits: [ModelProperties.ignoreEdit(variableID, context)],
                context: context, at: lazy)
        }
    }
}
