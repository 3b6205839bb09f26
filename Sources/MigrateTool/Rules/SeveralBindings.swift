import SourceScan

/// `var low = 0, high = 10` in a model: `@Observable` turns each stored `var` declaration into one
/// tracked property and its storage, and a declaration of several names does not compile under it
/// (nor under `@ObservationIgnored`). Manual: the unit waits until each name is declared on its own
/// (a `let` or a `static var` may keep several, the macro leaves them alone).
struct SeveralBindings: Rule {
    static let id = "several-bindings"

    func check(_ context: RuleContext) -> [Finding] {
        context.units.units.flatMap { unit in
            unit.classes.flatMap { classID in
                context.variables(ofModel: classID).compactMap { id -> Finding? in
                    let variable = context.declaration(id)
                    guard variable.kind == .variable, !variable.isLet, variable.bindings.count > 1, !variable.hasModifier(.static),
                          !variable.hasModifier(.class), context.isStored(variable) else { return nil }
                    let names = variable.bindings.map { binding in binding.name.map { "'\($0)'" } ?? "a tuple" }
                    let file = context.files[id.file]
                    return Finding(
                        ruleID: Self.id, fixClass: .manual, isBlocker: true, file: id.file,
                        offset: Int(file.tokens[variable.keyword].start),
                        message: "one 'var' declares \(names.joined(separator: ", ")); under @Observable each stored var is "
                            + "rewritten into a tracked property and its storage, one per declaration, and the class would not compile",
                        suggestion: "declare each on a line of its own ("
                            + variable.bindings.compactMap(\.name).map { "var \($0) …" }.joined(separator: "; ") + ")",
                        unit: unit.id)
                }
            }
        }
    }
}
