/// A file's declarations and bracket pairs: what the index and the rules read instead of tokens.
public struct FileStructure: Sendable {
    public let source: SourceFile
    /// For every `(`, `[`, `{` the index of its partner, and back; -1 for an unmatched bracket
    /// (an unmatched opener is treated as running to the end of the file).
    public let matchingBracket: [Int32]
    /// Every declaration in source order.
    public let declarations: [Declaration]

    /// Lexes nothing: structures an already lexed file.
    public init(_ source: SourceFile) {
        self.source = source
        let matches = BracketMatcher.match(source.tokens)
        self.matchingBracket = matches
        var parser = DeclarationParser(source: source, matchingBracket: matches)
        parser.parseFile()
        self.declarations = parser.declarations
    }

    /// Lexes and structures a string, for tests and examples.
    public init(text: String, path: String = "<memory>") {
        self.init(SourceFile(path: path, text: text))
    }

    /// The tokens of the file.
    public var tokens: [Token] { source.tokens }

    /// The token index closing the bracket at `index`, or the last token when unmatched, so a
    /// range built from it is never empty-backwards. (The parser closes an unmatched `(` at once
    /// instead, to recover; rules and the index read ranges and need this form.)
    public func closing(_ index: Int) -> Int {
        let partner = Int(matchingBracket[index])
        return partner >= 0 ? partner : max(index, tokens.count - 2)
    }

    /// Indices of the direct members of the declaration at `index`.
    public func members(of index: Int) -> [Int] {
        var result: [Int] = []
        var candidate = index + 1
        let end = declarations[index].tokens.upperBound
        while candidate < declarations.count, declarations[candidate].tokens.lowerBound < end {
            if declarations[candidate].parent == index { result.append(candidate) }
            candidate += 1
        }
        return result
    }

    /// The enclosing type names of the declaration at `index`, outermost first, plus its own name:
    /// `["Outer", "Inner"]`. Extensions contribute their extended type's name.
    public func qualifiedName(of index: Int) -> [String] {
        var names: [String] = []
        var current: Int? = index
        while let position = current {
            let declaration = declarations[position]
            if declaration.kind.isTypeLike {
                if declaration.name.utf8.contains(UInt8(ascii: ".")) {
                    names.insert(contentsOf: declaration.name.split(separator: ".").map(String.init), at: 0)
                } else {
                    names.insert(declaration.name, at: 0)
                }
            }
            current = declaration.parent
        }
        return names
    }

    /// The text of a token range with its trivia folded: comments and line breaks become one
    /// space, so `[String:  Int]` reads `[String: Int]` and `some\n View` reads `some View`.
    public func compactText(_ range: Range<Int>) -> String {
        CompactText.of(range, in: source)
    }

    /// The text of a token range as written, from the first token's text to the last token's text.
    public func sourceText(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return source.text(in: Int(tokens[range.lowerBound].start)..<Int(tokens[range.upperBound - 1].end))
    }

    /// Whether a line break precedes the token at `index` (in its leading trivia).
    public func startsLine(_ index: Int) -> Bool {
        index == 0 || source.bytes[tokens[index].leadingTriviaRange].contains { $0 == Byte.newline || $0 == Byte.carriageReturn }
    }
}

/// Pairs brackets with a stack; a stray closer pops back to its opener when one is open, so one
/// missing brace costs one declaration rather than the rest of the file.
enum BracketMatcher {
    static func match(_ tokens: [Token]) -> [Int32] {
        var matches = [Int32](repeating: -1, count: tokens.count)
        var stack: [Int32] = []
        stack.reserveCapacity(64)
        for index in tokens.indices {
            let kind = tokens[index].kind
            switch kind {
            case .leftParen, .leftSquare, .leftBrace:
                stack.append(Int32(index))
            case .rightParen, .rightSquare, .rightBrace:
                let opener: TokenKind = kind == .rightParen ? .leftParen : (kind == .rightSquare ? .leftSquare : .leftBrace)
                // The common case: the closer matches the innermost opener.
                if let top = stack.last, tokens[Int(top)].kind == opener {
                    matches[Int(top)] = Int32(index)
                    matches[index] = top
                    stack.removeLast()
                    continue
                }
                guard let depth = stack.lastIndex(where: { tokens[Int($0)].kind == opener }) else { continue }
                // Only reach past a mismatched opener for braces: a `}` closes a body even after a
                // missing `)`, while a stray `)` must not close a whole type.
                if depth != stack.count - 1 && kind != .rightBrace { continue }
                let open = Int(stack[depth])
                matches[open] = Int32(index)
                matches[index] = Int32(open)
                stack.removeSubrange(depth...)
            default:
                break
            }
        }
        return matches
    }
}
