import SourceScan

/// A model class declared inside a function, initializer or closure: `@Observable` is an
/// attached extension macro, which Swift does not allow on a local type. Blocks the unit.
struct LocalModelClass: Rule {
    static let id = "local-model-class"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for classID in unit.classes {
                let file = context.files[classID.file]
                var parent = file.declarations[classID.declaration].parent
                while let position = parent, file.declarations[position].kind.isTypeLike { parent = file.declarations[position].parent }
                guard let local = parent else { continue }
                let declaration = context.declaration(classID)
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .manual, isBlocker: true, file: classID.file,
                    offset: Int(file.tokens[declaration.keyword].start),
                    message: "'\(declaration.name)' is declared inside '\(file.declarations[local].name)'; @Observable cannot be "
                        + "attached to a local type",
                    suggestion: "move '\(declaration.name)' to file scope, then migrate", unit: unit.id))
            }
        }
        return findings
    }
}
