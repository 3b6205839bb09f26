import SourceScan

/// A computed property that keeps its value elsewhere (`UserDefaults`, a file, another object)
/// and announces changes by hand: `set { objectWillChange.send(); store(newValue) }`. Under
/// `@Observable` it is tracked the way the macro tracks a stored property: `access(keyPath:)`
/// first in the getter, `withMutation(keyPath:)` around the change in the setter. Both are
/// members the macro adds to the class.
enum AccessorNotification {
    /// The edits for the send statement `send` at the top level of the setter opened at
    /// `setterOpen` of computed property `variableID`; nil when the property or its accessors
    /// have another shape (no `get`, a second send, a change that can return before the send).
    static func edits(send: Range<Int>, setterOpen: Int, variableID: DeclarationID, _ context: RuleContext,
                      model: ModelStateChanges? = nil) -> [Edit]? {
        let variable = context.declaration(variableID)
        let file = context.files[variableID.file]
        guard !context.isStored(variable), !variable.hasModifier(.static), !variable.hasModifier(.class),
              UntrackedReads.otherReader(of: variableID, context, model: model) == nil,
              variable.bindings.count == 1, let name = variable.bindings[0].name, let block = variable.bindings[0].accessorBlock,
              let getter = file.accessors(inBlock: block).first(where: { $0.word == .get })?.open,
              !file.tokens[getter..<file.closing(getter)].indices.contains(where: { file.source.tokenText($0, equals: "access") }),
              let statements = file.statements(inBlock: setterOpen), let position = statements.firstIndex(of: send) else { return nil }
        // One send, and nothing else in the setter mentions the publisher.
        let others = statements.indices.filter { $0 != position }
        guard !others.contains(where: { statements[$0].contains { file.source.tokenText($0, equals: "objectWillChange") } }) else { return nil }
        let after = Array(statements[(position + 1)...])
        // Sent last: what runs after the setter's last early exit is the change (a `guard` that
        // returns before it announced nothing, and stays outside).
        let lastExit = statements[..<position].lastIndex { StatementPath.leaves($0, file) || file.containsReturn(in: $0) }
        let before = Array(statements[(lastExit.map { $0 + 1 } ?? 0)..<position])
        let kept = after.isEmpty ? Array(statements[..<(lastExit.map { $0 + 1 } ?? 0)]) : Array(statements[..<position])
        let wrapped = after.isEmpty ? before : after
        guard let first = wrapped.first, let last = wrapped.last else { return nil }
        // An override in an `@Observable` subclass of an `@Observable` class: both macros add
        // `access(keyPath:)`, and `\.name` fits either (ambiguous use); the subclass's root fits one.
        var keyPath = "\\.\(name)"
        if variable.hasModifier(.override) {
            guard let parent = variable.parent, file.declarations[parent].kind == .class else { return nil }
            keyPath = "\\" + file.qualifiedName(of: parent).joined(separator: ".") + ".\(name)"
        }
        guard let getterEdits = getterEdits(getter, keyPath: keyPath, file) else { return nil }
        let builder = EditBuilder(file: file)
        if isOneLine(setterOpen, file) {
            let body = (kept.map(file.sourceText) + ["withMutation(keyPath: \(keyPath)) { " + wrapped.map(file.sourceText).joined(separator: "; ") + " }"])
                .joined(separator: "; ")
            return getterEdits + [builder.replace(setterOpen..<(file.closing(setterOpen) + 1), with: "{ \(body) }")]
        }
        guard statements.allSatisfy({ file.startsLine($0.lowerBound) }) else { return nil }
        let lineBreak = builder.lineBreak
        let unit = builder.indentUnit
        let firstStart = Int(file.tokens[first.lowerBound].start)
        let indentation = builder.indentation(ofLineAt: firstStart)
        var edits = getterEdits + [
            builder.remove(send),
            .insert("withMutation(keyPath: \(keyPath)) {" + lineBreak + indentation + unit, at: firstStart),
        ]
        let lastEnd = builder.endOfLine(Int(file.tokens[last.upperBound - 1].end))
        let bytes = file.source.bytes
        // Each line start inside (after `\n`, or a lone `\r`), blank lines left as they are.
        for offset in (firstStart + 1)..<lastEnd where Byte.isLineBreak(bytes[offset - 1]) && !Byte.isLineBreak(bytes[offset]) {
            edits.append(.insert(unit, at: offset))
        }
        edits.append(.insert(lineBreak + indentation + "}", at: lastEnd))
        return edits
    }

    /// `access(keyPath: \.name)` as the getter's first statement, and `return` before its only
    /// expression when it had none.
    private static func getterEdits(_ open: Int, keyPath: String, _ file: FileStructure) -> [Edit]? {
        guard let statements = file.statements(inBlock: open), let first = statements.first else { return nil }
        let needsReturn = statements.count == 1 && isExpression(first, file)
        let returnText = needsReturn ? "return " : ""
        let start = Int(file.tokens[first.lowerBound].start)
        let access = "access(keyPath: \(keyPath))"
        // A first statement on the brace's line that goes on below (`get { defaults.string(forKey: k)`
        // with `?? ""` on the next line): the call goes in front of it, on that line.
        if isOneLine(open, file) || !file.startsLine(first.lowerBound) { return [.insert("\(access); \(returnText)", at: start)] }
        let builder = EditBuilder(file: file)
        return [.insert(access + builder.lineBreak + builder.indentation(ofLineAt: start) + returnText, at: start)]
    }

    /// Whether a getter's only statement is an expression its value is (`defaults.bool(forKey: k)`,
    /// an `if` or `switch` expression), which `return` may precede once another statement comes
    /// first; not a `return`, a `do`/`catch`, a loop, a declaration or a `#if` block, and not an
    /// `if` or `switch` whose branches return.
    private static func isExpression(_ statement: Range<Int>, _ file: FileStructure) -> Bool {
        let tokens = file.tokens
        let head = tokens[statement.lowerBound]
        if head.kind == .poundKeyword { return false }
        let statementsOnly: [Word] = [.return, .do, .for, .while, .repeat, .guard, .let, .var, .defer, .throw]
        if statementsOnly.contains(head.word) { return false }
        // `fatalError(…)` is `Never`, which `return` cannot hand back as the property's type.
        var callee = statement.lowerBound
        if file.source.tokenText(callee, equals: "Swift"), callee + 2 < statement.upperBound, tokens[callee + 1].kind == .period { callee += 2 }
        if ["fatalError", "preconditionFailure"].contains(where: { file.source.tokenText(callee, equals: $0) }) { return false }
        guard head.word == .if || head.word == .switch else { return true }
        // An `if` or `switch` statement does its work in its blocks and clauses; an expression's
        // are single values. Its blocks are the braces outside brackets (a closure in a condition
        // or subject is no block).
        var index = statement.lowerBound
        var depth = 0
        while index < statement.upperBound {
            switch tokens[index].kind {
            case .leftParen, .leftSquare: depth += 1
            case .rightParen, .rightSquare: depth -= 1
            case .leftBrace where depth == 0:
                if head.word == .switch {
                    guard let clauses = file.switchClauses(inBlock: index) else { return false }
                    return !clauses.contains { isStatementBlock($0.body, file) }
                }
                guard let statements = file.statements(inBlock: index) else { return false }
                if statements.count != 1 || isStatementBlock(statements[0], file) { return false }
                index = file.closing(index) + 1
                continue
            case .leftBrace:
                index = file.closing(index) + 1
                continue
            default: break
            }
            index += 1
        }
        return true
    }

    /// Whether a branch of an `if` or a `switch` clause body does more than give a value: it
    /// returns or throws outside its closures, or starts with a declaration or statement keyword.
    private static func isStatementBlock(_ body: Range<Int>, _ file: FileStructure) -> Bool {
        let tokens = file.tokens
        guard let first = body.first else { return false }
        if [Word.let, .var, .guard, .for, .while, .do, .defer, .return, .throw].contains(tokens[first].word) { return true }
        let control: [Word] = [.if, .switch, .for, .while, .repeat, .do, .guard, .else, .catch]
        var index = first
        while index < body.upperBound {
            switch tokens[index].kind {
            case .leftParen, .leftSquare:
                index = file.closing(index) + 1
                continue
            case .leftBrace:
                // The block of a statement the branch holds (`if b { return x } else { … }`) is
                // read too; a closure (`items.map { return $0 }`) is not.
                var start = index
                while start > body.lowerBound, !file.startsLine(start) { start -= 1 }
                let head = tokens[start].kind == .rightBrace && start + 1 < index ? tokens[start + 1].word : tokens[start].word
                if control.contains(head), isStatementBlock((index + 1)..<file.closing(index), file) { return true }
                index = file.closing(index) + 1
                continue
            default:
                if tokens[index].word == .return || tokens[index].word == .throw { return true }
            }
            index += 1
        }
        return false
    }

    /// Whether a block's braces are on one line.
    private static func isOneLine(_ open: Int, _ file: FileStructure) -> Bool {
        !(open + 1...file.closing(open)).contains { file.startsLine($0) }
    }
}

/// A wrapped stored property that announces its changes in an observer:
/// `@AppStorage("k") var x = 0 { didSet { objectWillChange.send() } }`. The wrapper keeps the
/// value (as `@ObservationIgnored`, which `wrapped-property` adds) under the name `_x`, private,
/// and `x` becomes a computed property over it with `access(keyPath:)` and
/// `withMutation(keyPath:)`, the shape a computed property over `UserDefaults` gets.
enum WrappedStorageNotification {
    /// Access-level modifiers: the storage becomes `private`, the property keeps them.
    static let accessWords: Set<Word> = [.public, .internal, .fileprivate, .private, .open, .package]

    /// The edits for the send statement `send`, a top-level statement of observer `observer`
    /// (its keyword) of wrapped property `variableID`; nil when the property's type cannot be
    /// read, or `$x` or `_x` may name the property's wrapper anywhere in the tree (renaming the
    /// storage would break them; `namesWrapper`).
    static func edits(send: Range<Int>, observer: Word, variableID: DeclarationID, _ context: RuleContext,
                      model: ModelStateChanges? = nil) -> [Edit]? {
        let variable = context.declaration(variableID)
        let file = context.files[variableID.file]
        guard variable.bindings.count == 1, let binding = variable.bindings.first, let name = binding.name,
              UntrackedReads.otherReader(of: variableID, context, model: model) == nil,
              let block = binding.accessorBlock, let type = writtenType(binding, file),
              let enclosing = context.types.enclosingTypeLike(variableID), let classID = context.types.extendedType(enclosing),
              !namesWrapper(["$" + name, "_" + name], of: classID, context) else { return nil }
        let accessors = file.accessors(inBlock: block)
        guard let accessor = accessors.first(where: { $0.word == observer }),
              let statements = file.statements(inBlock: accessor.open) else { return nil }
        let builder = EditBuilder(file: file)
        var edits = [builder.replace(binding.nameToken..<(binding.nameToken + 1), with: "_" + name)]
        // The storage is private; the property keeps the access the declaration had.
        let access = variable.modifiers.filter { accessWords.contains($0.word) }
        if let first = access.first {
            edits.append(builder.replace(first.tokens, with: "private"))
            edits += access.dropFirst().map { builder.remove($0.tokens) }
        } else {
            edits.append(builder.insert("private ", before: variable.keyword))
        }
        let accessText = access.map { file.compactText($0.tokens) + " " }.joined()
        let onlySends = accessors.allSatisfy { accessor in
            guard let body = file.statements(inBlock: accessor.open), body.count == 1 else { return false }
            return ModelProperties.sendCall(in: body[0], file: file) == body[0]
        }
        if onlySends {
            // The observers were only sends: `var x = 0 { didSet {…} }` → `var x = 0`.
            var start = Int(file.tokens[block.lowerBound].start)
            while start > 0, file.source.bytes[start - 1] == Byte.space || file.source.bytes[start - 1] == Byte.tab { start -= 1 }
            edits.append(.delete(start..<Int(file.tokens[block.upperBound - 1].end)))
        } else if statements.count == 1 {
            var keyword = accessor.open - 1
            while file.tokens[keyword].word != observer { keyword -= 1 }
            edits.append(builder.remove(keyword..<(file.closing(accessor.open) + 1)))
        } else {
            edits.append(builder.remove(send))
        }
        let indentation = builder.indentation(ofLineAt: Int(file.tokens[variable.tokens.lowerBound].start))
        let lines = [
            "\(accessText)var \(name): \(type) {",
            "\tget {", "\t\taccess(keyPath: \\.\(name))", "\t\treturn _\(name)", "\t}",
            "\tset {", "\t\twithMutation(keyPath: \\.\(name)) {", "\t\t\t_\(name) = newValue", "\t\t}", "\t}",
            "}",
        ]
        let unit = builder.indentUnit
        let text = lines.map { line in
            builder.lineBreak + indentation + String(repeating: unit, count: line.prefix { $0 == "\t" }.count) + line.drop { $0 == "\t" }
        }.joined()
        edits.append(.insert(text, at: Int(file.tokens[block.upperBound - 1].end)))
        return edits
    }

    /// The property's type as written, or the type of a literal initial value.
    private static func writtenType(_ binding: VariableBinding, _ file: FileStructure) -> String? {
        if let annotation = binding.typeAnnotation { return file.compactText(annotation) }
        guard let initializer = binding.initializer, initializer.count == 1 else { return nil }
        let token = file.tokens[initializer.lowerBound]
        switch token.kind {
        case .integerLiteral: return "Int"
        case .floatLiteral: return "Double"
        case .stringLiteral: return "String"
        default: return token.word == .true || token.word == .false ? "Bool" : nil
        }
    }

    /// Whether a token spelling one of `names` (`$x`, `_x`) may name the wrapper of the model
    /// class `classID`: a bare one inside the class, its extensions or a subclass (elsewhere it is
    /// another type's own, as a view's `@State var x` gives `$x`), or a member of a receiver that
    /// is, or may be, of the class or a subclass (`store.$x`, `self._x`).
    private static func namesWrapper(_ names: [String], of classID: DeclarationID, _ context: RuleContext) -> Bool {
        /// Whether `type` is the class or one of its subclasses.
        func isModelFamily(_ type: DeclarationID) -> Bool {
            var current: DeclarationID? = type
            var visited = Set<DeclarationID>()
            while let id = current, visited.insert(id).inserted {
                if id == classID { return true }
                current = context.index.graph.superclass(of: id, context.types)
            }
            return false
        }
        for (fileIndex, file) in context.files.enumerated() {
            for index in file.tokens.indices {
                let kind = file.tokens[index].kind
                guard kind == .identifier || kind == .dollarIdentifier, names.contains(where: { file.source.tokenText(index, equals: $0) })
                else { continue }
                if index > 0, file.tokens[index - 1].kind == .period {
                    switch context.index.typer.receiverType(ofMemberAt: index, file: fileIndex) {
                    case .declared(let type) where !isModelFamily(type): continue
                    case .external: continue
                    default: return true
                    }
                }
                guard let owner = context.index.typer.owner(file: fileIndex, token: index),
                      let enclosing = context.types.enclosingTypeLike(DeclarationID(file: fileIndex, declaration: owner)) else { continue }
                // Any type nesting the token that is of the class's family sees its wrapper by name.
                var current: DeclarationID? = enclosing
                while let typeLike = current {
                    if let type = context.types.extendedType(typeLike), isModelFamily(type) { return true }
                    current = context.files[typeLike.file].declarations[typeLike.declaration].parent
                        .flatMap { context.types.enclosingTypeLike(DeclarationID(file: typeLike.file, declaration: $0)) }
                }
            }
        }
        return false
    }
}
