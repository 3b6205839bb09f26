import SourceScan

/// `@Observable` together with SwiftData's `@Model`: `@Model` already makes the class
/// observable, and the two macros generate conflicting members.
struct ModelMacroConflict: Rule {
    static let id = "model-macro-conflict"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var modelUnits: [DeclarationID: Int] = [:]
        for unit in context.units.units { for id in unit.classes { modelUnits[id] = unit.id } }
        for (fileIndex, file) in context.files.enumerated() {
            for (index, declaration) in file.declarations.enumerated() where declaration.kind == .class {
                guard let model = declaration.attribute(named: "Model") else { continue }
                let id = DeclarationID(file: fileIndex, declaration: index)
                let legacyUnit = modelUnits[id]
                guard declaration.attribute(named: "Observable") != nil || legacyUnit != nil else { continue }
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .manual, isBlocker: legacyUnit != nil, file: fileIndex,
                    offset: Int(file.tokens[model.tokens.lowerBound].start),
                    message: "'\(declaration.name)' is a SwiftData @Model; it is already observable and must not also be "
                        + "@Observable or an ObservableObject",
                    suggestion: "keep @Model alone", unit: legacyUnit))
            }
        }
        return findings
    }
}
