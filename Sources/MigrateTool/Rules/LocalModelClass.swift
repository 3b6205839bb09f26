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
                var outermost = classID.declaration
                while let position = parent, file.declarations[position].kind.isTypeLike {
                    outermost = position
                    parent = file.declarations[position].parent
                }
                let holder: String
                if let local = parent {
                    holder = file.declarations[local].name
                } else if let pound = file.enclosingFreestandingMacro(of: file.declarations[outermost].tokens.lowerBound) {
                    // `#Preview { final class Model: … }`: the macro's body is a closure.
                    holder = "#" + file.source.text(pound + 1)
                } else {
                    continue
                }
                let declaration = context.declaration(classID)
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .manual, isBlocker: true, file: classID.file,
                    offset: Int(file.tokens[declaration.keyword].start),
                    message: "'\(declaration.name)' is declared inside '\(holder)'; @Observable cannot be "
                        + "attached to a local type",
                    suggestion: "move '\(declaration.name)' to file scope, then migrate", unit: unit.id))
            }
        }
        return findings
    }
}
