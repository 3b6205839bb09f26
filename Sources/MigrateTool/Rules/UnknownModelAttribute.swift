import SourceScan

/// A model class carrying an attribute the tool does not know, typically an attached macro from
/// another package (`@Stateful`): it may generate `@Published` properties, `objectWillChange`
/// uses or conformances the scan cannot see. Blocks the unit until a person checks.
struct UnknownModelAttribute: Rule {
    static let id = "unknown-model-attribute"

    /// Attributes whose meaning is known and harmless to the migration.
    static let known: Set<String> = [
        "MainActor", "objc", "objcMembers", "available", "dynamicMemberLookup", "dynamicCallable", "preconcurrency",
        "frozen", "usableFromInline", "_spi", "main", "UIApplicationMain", "NSApplicationMain", "IBDesignable", "nonobjc",
        "unchecked", "Sendable", "retroactive", "Observable", "Model", "_implementationOnly", "inlinable",
        "warn_unqualified_access", "backDeployed", "_documentation", "_fixed_layout", "propertyWrapper", "resultBuilder",
        "globalActor", "Reducer", "ObservableState", "_nonSendable", "safe", "unsafe",
    ]

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for classID in unit.classes {
                let declaration = context.declaration(classID)
                let file = context.files[classID.file]
                for attribute in declaration.attributes where !Self.known.contains(String(attribute.baseName)) {
                    guard !isGlobalActor(attribute, from: classID, context) else { continue }
                    findings.append(Finding(
                        ruleID: Self.id, fixClass: .manual, isBlocker: true, file: classID.file,
                        offset: Int(file.tokens[attribute.tokens.lowerBound].start),
                        message: "@\(attribute.name) on '\(declaration.name)' is not known to the tool; an attached macro may "
                            + "generate members the migration cannot see",
                        suggestion: "check what @\(attribute.name) generates; migrate by hand or remove it first", unit: unit.id))
                }
            }
        }
        return findings
    }

    /// Whether the attribute names an actor the tree declares with `@globalActor`.
    private func isGlobalActor(_ attribute: Attribute, from scope: DeclarationID, _ context: RuleContext) -> Bool {
        guard case .declared(let id) = context.types.resolve(attribute.name, from: scope) else { return false }
        return context.declaration(id).attribute(named: "globalActor") != nil
    }
}
