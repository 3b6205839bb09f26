import SourceScan

/// `override var a: T { didSet {…} }` in a migrated subclass: the base class already tracks `a`,
/// and the macro cannot rewrite an override, so it is marked `@ObservationIgnored`.
struct OverridingObserver: Rule {
    static let id = "overriding-observer"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for classID in unit.classes {
                for variableID in context.variables(ofModel: classID) {
                    let variable = context.declaration(variableID)
                    guard variable.hasModifier(.override), variable.bindings.contains(where: \.hasObservers),
                          variable.attribute(named: "ObservationIgnored") == nil else { continue }
                    let file = context.files[variableID.file]
                    let first = variable.tokens.lowerBound
                    findings.append(Finding(
                        ruleID: Self.id, fixClass: .safe, file: variableID.file, offset: Int(file.tokens[first].start),
                        message: "overriding property '\(variable.name)' with observers must be ignored by the macro; "
                            + "the base class still notifies",
                        suggestion: "@ObservationIgnored override var \(variable.name)",
                        edits: [FileEdit(file: variableID.file, edit: EditBuilder(file: file).insert("@ObservationIgnored ", before: first))],
                        unit: unit.id))
                }
            }
        }
        return findings
    }
}
