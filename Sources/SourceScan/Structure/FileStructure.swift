/// A file's declarations and bracket pairs: what the index and the rules read instead of tokens.
public struct FileStructure: Sendable {
    public let source: SourceFile
    /// For every `(`, `[`, `{` the index of its partner, and back; -1 for an unmatched bracket
    /// (an unmatched opener is treated as running to the end of the file) and for any other token.
    public let matchingBracket: BracketPairs
    /// Every declaration in source order (none when the file nests past `maximumNestingDepth`).
    public let declarations: [Declaration]
    /// The token that first nests past `maximumNestingDepth` (or holds a string interpolation
    /// nested past `Lexer.maximumInterpolationDepth`), or nil. Such a file has no
    /// declarations: everything downstream recurses by nesting, and the compiler rejects it anyway.
    public let excessiveNesting: Int?

    /// How deep brackets (`(`, `[`, `{`) and `#if` blocks may nest, as
    /// swift-syntax's parser allows by default. Real code stays far below; deeper input is
    /// generated or hostile, and a limit keeps every recursive pass off the end of the stack.
    public static let maximumNestingDepth = 256

    /// Lexes nothing: structures an already lexed file.
    public init(_ source: SourceFile) {
        self.source = source
        let matches = BracketPairs(source.tokens)
        self.matchingBracket = matches
        let nesting = Self.nesting(source, matchingBracket: matches)
        excessiveNesting = nesting.tooDeep
        guard excessiveNesting == nil else {
            declarations = []
            return
        }
        /// The parser's run: it recurses once per nesting level.
        func parse() -> [Declaration] {
            var parser = DeclarationParser(source: source, matchingBracket: matches)
            parser.parseFile()
            // The list grew by doubling: an exact copy gives back the unused third (declarations
            // are a fifth of what a large tree's structures hold).
            let declarations = parser.declarations
            return declarations.capacity - declarations.count < 16 ? declarations : declarations.withUnsafeBufferPointer { Array($0) }
        }
        declarations = nesting.deepest > Self.nestingOnAnyStack ? LargeStack.run(parse) : parse()
    }

    /// How deep a file may nest and still be parsed on the calling thread's stack, whatever it is
    /// (a debug build on a 512 KiB macOS worker thread overflows at about 60 levels).
    static let nestingOnAnyStack = 24

    /// The deepest nesting of brackets or `#if` blocks in the file, and the first token at which it
    /// passes `maximumNestingDepth` (where counting stops). Brackets count as the parser pairs
    /// them; an unmatched opener counts until the end.
    static func nesting(_ source: SourceFile, matchingBracket: BracketPairs) -> (tooDeep: Int?, deepest: Int) {
        let tokens = source.tokens
        // Interpolations too deep for the lexer: the string token holding the first one.
        if let offset = source.interpolationTooDeep, let token = tokens.firstIndex(where: { Int($0.end) > offset }) {
            return (token, Lexer.maximumInterpolationDepth + 1)
        }
        var bracketDepth = 0
        var conditionalDepth = 0
        var deepest = 0
        for index in tokens.indices {
            deepest = max(deepest, bracketDepth, conditionalDepth)
            switch tokens[index].kind {
            case .leftParen, .leftSquare, .leftBrace:
                // As the parser reads them: an unmatched `{` runs to the end of the file, an
                // unmatched `(` or `[` closes at once.
                guard matchingBracket[index] >= 0 || tokens[index].kind == .leftBrace else { continue }
                bracketDepth += 1
                if bracketDepth > maximumNestingDepth { return (index, bracketDepth) }
            case .rightParen, .rightSquare, .rightBrace:
                // A stray closer (no partner) closes nothing.
                if matchingBracket[index] >= 0 { bracketDepth -= 1 }
            case .poundKeyword:
                switch source.text(index) {
                case "#if":
                    conditionalDepth += 1
                    if conditionalDepth > maximumNestingDepth { return (index, conditionalDepth) }
                case "#endif":
                    conditionalDepth = max(0, conditionalDepth - 1)
                default:
                    break
                }
            default:
                break
            }
        }
        return (nil, max(deepest, bracketDepth, conditionalDepth))
    }

    /// Lexes and structures a string, for tests and examples.
    public init(text: String, path: String = "<memory>") {
        self.init(SourceFile(path: path, text: text))
    }

    /// The tokens of the file.
    public var tokens: [Token] { source.tokens }

    /// The comma-separated parts of a token range (a call's arguments, a parameter clause),
    /// commas inside nested brackets, braces and parentheses, and inside the generic argument
    /// lists of expressions (`expressionListClose`), not counting.
    public func topLevelSegments(_ range: Range<Int>) -> [Range<Int>] {
        var segments: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let kind = tokens[index].kind
            if kind == .comma {
                segments.append(start..<index)
                start = index + 1
            } else if kind.isOpeningBracket {
                index = closing(index)
            } else if kind.isOperator, let close = expressionListClose(at: index, start: start, end: range.upperBound) {
                // `f(Box<A, B>(), c)`, `(x as? Box<A, B>)`: the list's comma separates nothing here.
                index = close
            }
            index += 1
        }
        segments.append(start..<range.upperBound)
        return segments
    }

    /// For each token, the innermost `{` whose block holds it (skipping the parentheses and
    /// brackets around it: `#Preview("x") { … }` holds what its braces do), or -1: one pass over the
    /// file for a caller that asks of many tokens, where walking back from each would be
    /// quadratic in a file of thousands of declarations.
    public func enclosingBraces() -> [Int32] {
        var result = [Int32](repeating: -1, count: tokens.count)
        var stack: [Int32] = []  // For each open bracket, the innermost brace at or above it.
        for index in tokens.indices {
            result[index] = stack.last ?? -1
            switch tokens[index].kind {
            case .leftBrace: stack.append(Int32(index))
            case .leftParen, .leftSquare: stack.append(stack.last ?? -1)
            case .rightBrace, .rightParen, .rightSquare: if !stack.isEmpty { stack.removeLast() }
            default: break
            }
        }
        return result
    }

    /// The `#` of the freestanding macro whose body the `{` at `open` opens (`#Preview {`,
    /// `#Preview("Dark") {`); nil for any other block.
    public func freestandingMacro(openingBodyAt open: Int) -> Int? {
        var before = open - 1
        if before >= 0, tokens[before].kind == .rightParen { before = Int(matchingBracket[before]) - 1 }
        guard before >= 1, tokens[before].kind == .identifier, tokens[before - 1].kind == .pound else { return nil }
        return before - 1
    }

    /// The first token at or after `index`, before `end`, that is not part of an attribute
    /// (`@ViewBuilder`, `@available(iOS 17, *)`): an attribute's arguments touch its name, so
    /// in `@escaping (A) -> B` the parenthesis is the type's.
    public func skippingAttributes(from index: Int, before end: Int) -> Int {
        var index = index
        while index + 1 < end, tokens[index].kind == .atSign {
            index += 2
            if index < end, tokens[index].kind == .leftParen, tokens[index].start == tokens[index - 1].end {
                index = closing(index) + 1
            }
        }
        return index
    }

    /// The token index closing the bracket at `index`; when unmatched, the last token, or the
    /// end-of-file token when the bracket is itself the last token (a file cut just after a `{`,
    /// or whose rest a `/*` swallowed), so that `(index + 1)..<closing(index)` is never
    /// backwards. (The parser closes an unmatched `(` at once instead, to recover; rules and the
    /// index read ranges and need this form.)
    public func closing(_ index: Int) -> Int {
        let partner = Int(matchingBracket[index])
        return partner >= 0 ? partner : max(index + 1, tokens.count - 2)
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

    /// Whether the token range ends a type's name with `.self` (`Model.self`, `Outer.Model.self`):
    /// a metatype, the type being its tokens before the last two.
    public func isMetatype(_ range: Range<Int>) -> Bool {
        range.count >= 3 && tokens[range.upperBound - 1].word == .self && tokens[range.upperBound - 2].kind == .period
    }

    /// The text of a token range as written, from the first token's text to the last token's text.
    public func sourceText(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return source.text(in: Int(tokens[range.lowerBound].start)..<Int(tokens[range.upperBound - 1].end))
    }

    /// Whether a line break precedes the token at `index` (in its leading trivia).
    public func startsLine(_ index: Int) -> Bool {
        index == 0 || source.bytes[source.leadingTriviaRange(of: index)].contains { $0 == Byte.newline || $0 == Byte.carriageReturn }
    }
}

/// The partner of every bracket token, held in about a bit and a half per token plus four bytes
/// per bracket, rather than four bytes per token: a 50 MB file has ten million tokens, a fifth of
/// them brackets. Reading a partner is a bit test, a population count and two array reads.
public struct BracketPairs: Sendable {
    /// One bit per token, set for brackets.
    private var isBracket: [UInt64]
    /// For each word of `isBracket`, how many brackets come before it.
    private var bracketsBefore: [Int32]
    /// Each bracket's partner token (or -1), in token order.
    private var partners: [Int32]

    /// The partner of the bracket at token `index`, or -1.
    @inlinable public subscript(index: Int) -> Int32 { partner(of: index) }

    @usableFromInline func partner(of index: Int) -> Int32 {
        let word = isBracket[index >> 6]
        let bit = UInt64(1) << UInt64(index & 63)
        guard word & bit != 0 else { return -1 }
        return partners[Int(bracketsBefore[index >> 6]) + (word & (bit &- 1)).nonzeroBitCount]
    }

    /// Pairs brackets with a stack; a stray closer pops back to its opener when one is open, so
    /// one missing brace costs one declaration rather than the rest of the file.
    init(_ tokens: [Token]) {
        let words = (tokens.count + 63) / 64
        isBracket = [UInt64](repeating: 0, count: words)
        bracketsBefore = [Int32](repeating: 0, count: words)
        partners = []
        partners.reserveCapacity(tokens.count / 4)
        // Openers waiting for their closer: token index and position in `partners`.
        var stack: [(token: Int32, slot: Int32)] = []
        stack.reserveCapacity(64)
        for index in tokens.indices {
            if index & 63 == 0 { bracketsBefore[index >> 6] = Int32(partners.count) }
            let kind = tokens[index].kind
            switch kind {
            case .leftParen, .leftSquare, .leftBrace:
                isBracket[index >> 6] |= UInt64(1) << UInt64(index & 63)
                stack.append((Int32(index), Int32(partners.count)))
                partners.append(-1)
            case .rightParen, .rightSquare, .rightBrace:
                isBracket[index >> 6] |= UInt64(1) << UInt64(index & 63)
                let slot = partners.count
                partners.append(-1)
                let opener: TokenKind = kind == .rightParen ? .leftParen : (kind == .rightSquare ? .leftSquare : .leftBrace)
                // The common case: the closer matches the innermost opener.
                if let top = stack.last, tokens[Int(top.token)].kind == opener {
                    partners[Int(top.slot)] = Int32(index)
                    partners[slot] = top.token
                    stack.removeLast()
                    continue
                }
                guard let depth = stack.lastIndex(where: { tokens[Int($0.token)].kind == opener }) else { continue }
                // Only reach past a mismatched opener for braces: a `}` closes a body even after a
                // missing `)`, while a stray `)` must not close a whole type.
                if depth != stack.count - 1 && kind != .rightBrace { continue }
                let open = stack[depth]
                partners[Int(open.slot)] = Int32(index)
                partners[slot] = open.token
                stack.removeSubrange(depth...)
            default:
                break
            }
        }
    }
}
