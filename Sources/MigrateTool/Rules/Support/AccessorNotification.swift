import SourceScan

/// A computed property that keeps its value elsewhere (`UserDefaults`, a file, another object)
/// and announces changes by hand: `set { objectWillChange.send(); store(newValue) }`. Under
/// `@Observable` it is tracked the way the macro tracks a stored property: `access(keyPath:)`
/// first in the getter, `withMutation(keyPath:)` around the change in the setter. Both are
/// members the macro adds to the class.
enum AccessorNotification {
    /// The accessors of a property's `{ … }` block, by keyword, each with its body's `{`.
    static func accessors(in block: Range<Int>, _ file: FileStructure) -> [(word: Word, open: Int)] {
        let tokens = file.tokens
        var found: [(Word, Int)] = []
        var index = block.lowerBound + 1
        while index < block.upperBound - 1 {
            let word = tokens[index].word
            guard [.get, .set, .willSet, .didSet].contains(word) else {
                index = tokens[index].kind == .leftBrace ? file.closing(index) + 1 : index + 1
                continue
            }
            var open = index + 1
            if tokens[open].kind == .leftParen { open = file.closing(open) + 1 }
            guard tokens[open].kind == .leftBrace else {
                index += 1
                continue
            }
            found.append((word, open))
            index = file.closing(open) + 1
        }
        return found
    }

    /// The edits for the send statement `send` at the top level of the setter opened at
    /// `setterOpen` of computed property `variableID`; nil when the property or its accessors
    /// have another shape (no `get`, a second send, a change that can return before the send).
    static func edits(send: Range<Int>, setterOpen: Int, variableID: DeclarationID, _ context: RuleContext) -> [Edit]? {
        let variable = context.declaration(variableID)
        let file = context.files[variableID.file]
        guard !context.isStored(variable), !variable.hasModifier(.static), !variable.hasModifier(.class),
              variable.bindings.count == 1, let name = variable.bindings[0].name, let block = variable.bindings[0].accessorBlock,
              let getter = accessors(in: block, file).first(where: { $0.word == .get })?.open,
              !file.tokens[getter..<file.closing(getter)].indices.contains(where: { file.source.tokenText($0, equals: "access") }),
              let statements = file.statements(inBlock: setterOpen), let position = statements.firstIndex(of: send) else { return nil }
        // One send, and nothing else in the setter mentions the publisher.
        let others = statements.indices.filter { $0 != position }
        guard !others.contains(where: { statements[$0].contains { file.source.tokenText($0, equals: "objectWillChange") } }) else { return nil }
        let after = Array(statements[(position + 1)...])
        let before = Array(statements[..<position])
        let wrapped = after.isEmpty ? before : after
        guard let first = wrapped.first, let last = wrapped.last else { return nil }
        // Wrapping what ran before the send must not announce a change the setter returned before.
        if after.isEmpty, wrapped.contains(where: { StatementPath.leaves($0, file) || containsReturn($0, file) }) { return nil }
        guard let getterEdits = getterEdits(getter, name: name, file) else { return nil }
        let builder = EditBuilder(file: file)
        let keyPath = "\\.\(name)"
        if isOneLine(setterOpen, file) {
            let kept = after.isEmpty ? [] : before
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
        let lastEnd = endOfLine(Int(file.tokens[last.upperBound - 1].end), file)
        let bytes = file.source.bytes
        for offset in (firstStart + 1)..<lastEnd where bytes[offset - 1] == Byte.newline
            && bytes[offset] != Byte.newline && bytes[offset] != Byte.carriageReturn {
            edits.append(.insert(unit, at: offset))
        }
        edits.append(.insert(lineBreak + indentation + "}", at: lastEnd))
        return edits
    }

    /// `access(keyPath: \.name)` as the getter's first statement, and `return` before its only
    /// expression when it had none.
    private static func getterEdits(_ open: Int, name: String, _ file: FileStructure) -> [Edit]? {
        guard let statements = file.statements(inBlock: open), let first = statements.first else { return nil }
        let needsReturn = statements.count == 1 && file.tokens[first.lowerBound].word != .return
        let returnText = needsReturn ? "return " : ""
        let start = Int(file.tokens[first.lowerBound].start)
        let access = "access(keyPath: \\.\(name))"
        if isOneLine(open, file) { return [.insert("\(access); \(returnText)", at: start)] }
        guard file.startsLine(first.lowerBound) else { return nil }
        let builder = EditBuilder(file: file)
        return [.insert(access + builder.lineBreak + builder.indentation(ofLineAt: start) + returnText, at: start)]
    }

    /// Whether a block's braces are on one line.
    private static func isOneLine(_ open: Int, _ file: FileStructure) -> Bool {
        !(open + 1...file.closing(open)).contains { file.startsLine($0) }
    }

    private static func containsReturn(_ statement: Range<Int>, _ file: FileStructure) -> Bool {
        statement.contains { file.tokens[$0].word == .return }
    }

    /// The offset of the line break ending the line that holds `offset` (the file's end if none).
    private static func endOfLine(_ offset: Int, _ file: FileStructure) -> Int {
        let bytes = file.source.bytes
        var end = offset
        while end < bytes.count, bytes[end] != Byte.newline, bytes[end] != Byte.carriageReturn { end += 1 }
        return end
    }
}
