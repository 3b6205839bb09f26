import SourceScan

/// A model class declared inside a function, initializer or closure: `@Observable` is an
/// attached extension macro, which Swift does not allow on a local type. Blocks the unit.
struct LocalModelClass: Rule {
    static let id = "local-model-class"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var bracesOfFile: [Int: [Int32]] = [:]
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
                } else if let pound = Self.enclosingMacro(of: file.declarations[outermost].tokens.lowerBound, in: file,
                                                          braces: &bracesOfFile[classID.file]) {
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

    /// The `#` of the freestanding macro whose body is the innermost block holding `token`, from
    /// the file's brace table (made on first use, kept for the file's other models).
    static func enclosingMacro(of token: Int, in file: FileStructure, braces: inout [Int32]?) -> Int? {
        if braces == nil { braces = file.enclosingBraces() }
        let brace = Int(braces![token])
        return brace >= 0 ? file.freestandingMacro(openingBodyAt: brace) : nil
    }
}
