import SourceScan

/// `@objc dynamic var` in a model: key-value observing relies on the stored property, which
/// the macro turns into a computed one, so the class is left for a person to decide.
struct KVODynamicProperty: Rule {
    static let id = "kvo-dynamic-property"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for classID in unit.classes {
                for variableID in context.variables(ofModel: classID) {
                    let variable = context.declaration(variableID)
                    guard variable.hasModifier(.dynamic), context.isStored(variable) else { continue }
                    let file = context.files[variableID.file]
                    findings.append(Finding(
                        ruleID: Self.id, fixClass: .manual, isBlocker: true, file: variableID.file,
                        offset: Int(file.tokens[variable.tokens.lowerBound].start),
                        message: "'\(variable.name)' is observed with KVO (dynamic); under @Observable it becomes computed "
                            + "and KVO stops working",
                        suggestion: "move KVO observers to Observation, or mark it @ObservationIgnored and keep KVO",
                        unit: unit.id))
                }
            }
        }
        return findings
    }
}
