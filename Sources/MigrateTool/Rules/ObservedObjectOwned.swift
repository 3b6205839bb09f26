import SourceScan

/// `@ObservedObject var m = M()`: the view creates its model, which is `@State`'s job:
/// `@State private var m = M()`. Review: ownership and initialisation timing change.
///
/// Only an initializer call creates the model. `@ObservedObject var m = M.shared` (a singleton,
/// a static member, a factory's result) is held, not owned: it becomes a plain `var m = M.shared`
/// (or `@Bindable var` when `$m.x` bindings are used), as developers write it, under the
/// observed-object rules.
struct ObservedObjectOwned: WrapperRule {
    static let id = "observed-object-owned"

    static func owns(_ use: WrapperUse, in context: RuleContext) -> Bool {
        use.kind == .observedObject && createsItsModel(use, in: context)
    }

    /// Whether a variable's initial value is a call of a type's initializer: `M()`, `M(…)`,
    /// `Outer.M(…)`, `M.init(…)`, `.init(…)`, `M { … }`, whatever the type's spelling, as long
    /// as the name is a type (declared in the tree, or external and capitalised).
    static func constructsModel(_ variableID: DeclarationID, in context: RuleContext) -> Bool {
        let variable = context.declaration(variableID)
        guard let initializer = variable.bindings.first?.initializer, !initializer.isEmpty else { return false }
        let file = context.files[variableID.file]
        let tokens = file.tokens
        var index = initializer.lowerBound
        var path: [String] = []
        if tokens[index].kind == .period {
            // `.init(…)`: the annotation's type.
            guard index + 1 < initializer.upperBound, file.source.tokenText(index + 1, equals: "init") else { return false }
            index += 2
        } else {
            while index < initializer.upperBound, tokens[index].kind == .identifier || tokens[index].kind == .keyword {
                path.append(file.source.text(index))
                index += 1
                guard index + 1 < initializer.upperBound, tokens[index].kind == .period else { break }
                index += 1
            }
            if path.last == "init" { path.removeLast() }
            guard !path.isEmpty else { return false }
        }
        // The call must be the whole initial value: `(…)`, `(…) { … }` or `{ … }`.
        guard index < initializer.upperBound else { return false }
        if tokens[index].kind == .leftParen {
            index = file.closing(index) + 1
            if index < initializer.upperBound, tokens[index].kind == .leftBrace { index = file.closing(index) + 1 }
        } else if tokens[index].kind == .leftBrace {
            index = file.closing(index) + 1
        } else {
            return false
        }
        guard index == initializer.upperBound else { return false }
        guard !path.isEmpty else { return true }
        switch context.types.resolve(path.joined(separator: "."), from: variableID) {
        case .declared(let id): return context.declaration(id).kind.isTypeLike
        case .ambiguous: return true
        case .external, .genericParameter, .unknown: return path.last?.first?.isUppercase == true
        }
    }
}
