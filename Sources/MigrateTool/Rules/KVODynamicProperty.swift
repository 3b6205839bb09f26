import SourceScan

/// `@objc dynamic var` in a model: key-value observing relies on the stored property, which
/// the macro turns into a computed one, so the class is left for a person to decide.
struct KVODynamicProperty: Rule {
    static let id = "kvo-dynamic-property"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard role == .dynamic else { return nil }
            let variable = context.declaration(variableID)
            var finding = ModelProperties.finding(
                Self.id, .manual, variableID, unit: unit,
                message: "'\(variable.name)' is observed with KVO (dynamic); under @Observable it becomes computed "
                    + "and KVO stops working",
                suggestion: "move KVO observers to Observation, or mark it @ObservationIgnored and keep KVO",
                edits: [], context: context)
            finding.isBlocker = true
            return finding
        }
    }
}
