import SourceScan

/// `var low = 0, high = 10` in a model: `@Observable` turns each stored `var` declaration into one
/// tracked property and its storage, and a declaration of several names does not compile under it
/// (nor under `@ObservationIgnored`). A published or plain stored declaration is split into one
/// declaration per name, each with what the first gets (its modifiers and other attributes,
/// `@Published` gone, `@ObservationIgnored` where `unpublished-stored-property` adds it), as teams
/// write; any other (`dynamic`, read in `deinit`, a wrapper, a tuple, names that may be plumbing,
/// an attribute under `#if` above it) blocks its unit. A `let` or a `static var` may keep several
/// names: the macro leaves them alone.
struct SeveralBindings: Rule {
    static let id = "several-bindings"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, classID, variableID, role -> Finding? in
            let variable = context.declaration(variableID)
            guard variable.kind == .variable, !variable.isLet, variable.bindings.count > 1, !variable.hasModifier(.static),
                  !variable.hasModifier(.class), context.isStored(variable) else { return nil }
            let file = context.files[variableID.file]
            let names = variable.bindings.map { binding in binding.name.map { "'\($0)'" } ?? "a tuple" }
            // A plain declaration's names are tracked or ignored as one; only where none of them may
            // be plumbing (`Plumbing`, decided from the first name's type) is that true of each.
            let splittable = role == .published
                || role == .plainStored && Plumbing.kind(of: variableID, in: classID, context) == nil
                    && !variable.bindings.contains { binding in Self.mayBePlumbing(binding, file) }
            if splittable, !Self.followsDirective(variable, file),
               let edits = Self.split(variable, ignored: role == .plainStored && !UnpublishedStoredProperty.staysTracked(variableID, in: classID, context), file) {
                return Finding(
                    ruleID: Self.id, fixClass: .safe, file: variableID.file, offset: Int(file.tokens[variable.keyword].start),
                    message: "one 'var' declares \(names.joined(separator: ", ")); @Observable rewrites one stored var per declaration, "
                        + "so each gets its own",
                    suggestion: nil, edits: edits.map { FileEdit(file: variableID.file, edit: $0) }, unit: unit)
            }
            return Finding(
                ruleID: Self.id, fixClass: .manual, isBlocker: true, file: variableID.file,
                offset: Int(file.tokens[variable.keyword].start),
                message: "one 'var' declares \(names.joined(separator: ", ")); under @Observable each stored var is "
                    + "rewritten into a tracked property and its storage, one per declaration, and the class would not compile",
                suggestion: "declare each on a line of its own ("
                    + variable.bindings.compactMap(\.name).map { "var \($0) …" }.joined(separator: "; ") + ")",
                unit: unit)
        }
    }

    /// Whether a name's type or value mentions a type `Plumbing` counts (`Task`, `Timer`,
    /// `AnyCancellable`): under `plumbingProperties` it would be ignored where another name is not.
    private static func mayBePlumbing(_ binding: VariableBinding, _ file: FileStructure) -> Bool {
        [binding.typeAnnotation, binding.initializer].compactMap { $0 }.contains { range in
            range.contains { file.tokens[$0].kind == .identifier && Plumbing.typeNames.contains(file.source.text($0)) }
        }
    }

    /// Whether the line before the declaration is a compiler directive (`#endif` after an
    /// attribute under `#if`), whose attributes would reach only the first name.
    private static func followsDirective(_ variable: Declaration, _ file: FileStructure) -> Bool {
        var index = variable.tokens.lowerBound - 1
        while index >= 0 {
            if file.tokens[index].kind == .poundKeyword { return true }
            if file.startsLine(index) { return false }
            index -= 1
        }
        return false
    }

    /// The edits declaring each name after the first on a line of its own: the `,` before it
    /// becomes a line break, the indentation and the declaration's prefix as the migration leaves
    /// the first (`@Published` removed, `@ObservationIgnored` added when `ignored`), and a name
    /// sharing a later name's annotation (`var x, y: Int`) gets it written. Nil for a tuple pattern
    /// or a name with neither a type nor a value to take.
    private static func split(_ variable: Declaration, ignored: Bool, _ file: FileStructure) -> [Edit]? {
        let bindings = variable.bindings
        guard bindings.allSatisfy({ $0.name != nil && $0.accessorBlock == nil }) else { return nil }
        let builder = EditBuilder(file: file)
        let tokens = file.tokens
        let kept = variable.attributes.filter { $0.name != "Published" }.map { file.sourceText($0.tokens) }
            + variable.modifiers.map { file.sourceText($0.tokens) }
        let prefix = (ignored ? ["@ObservationIgnored"] : []) + kept + ["var"]
        let indent = builder.indentation(ofLineAt: Int(tokens[variable.tokens.lowerBound].start))
        var edits: [Edit] = []
        for (position, binding) in bindings.enumerated() {
            // `var x, y: Int`: `x` takes the annotation of the next name that has one.
            if binding.typeAnnotation == nil, binding.initializer == nil {
                guard let shared = bindings[(position + 1)...].first(where: { $0.typeAnnotation != nil })?.typeAnnotation else { return nil }
                edits.append(.insert(": " + file.sourceText(shared), at: Int(tokens[binding.nameToken].end)))
            }
            guard position > 0 else { continue }
            // The `,` right before this name, and the spaces or line break after it; a comment
            // there stays, after the new prefix.
            let comma = binding.nameToken - 1
            guard tokens[comma].kind == .comma else { return nil }
            let trivia = file.source.text(in: Int(tokens[comma].end)..<Int(tokens[binding.nameToken].start))
            let keepsComment = trivia.contains("//") || trivia.contains("/*")
            let end = keepsComment ? Int(tokens[comma].end) : Int(tokens[binding.nameToken].start)
            // `var` needs a space before what follows it, unless the kept trivia starts with one.
            let space = keepsComment && trivia.first.map { $0 == " " || $0 == "\t" } == true ? "" : " "
            edits.append(Edit(range: Int(tokens[comma].start)..<end,
                              replacement: builder.lineBreak + indent + prefix.joined(separator: " ") + space))
        }
        return edits
    }
}
