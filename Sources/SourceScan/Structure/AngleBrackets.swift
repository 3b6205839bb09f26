/// Finds the `>` that closes a generic `<`, for the parser, the typer and the generic-coupling
/// finder alike: Swift has no angle-bracket tokens, so `<` and `>` are characters inside operator
/// tokens (`>>` closes two lists, `?>` an optional argument, `>?` an optional of the generic type).
enum AngleBrackets {
    /// The index of the token holding the `>` that closes the `<` at `open`, or nil when the `<`
    /// does not open a type list (a comparison, an operator, something unbalanced). Parenthesised
    /// and bracketed groups inside (`<(Int, String)>`, `<[Key: Value]>`) are skipped with
    /// `closing`; a brace, `;`, a stray closer or `=` ends the search, as does `limit`.
    static func closing(from open: Int, tokens: [Token], bytes: [UInt8], limit: Int,
                        closing: (Int) -> Int) -> Int? {
        var depth = 0
        var index = open
        while index < min(limit, tokens.count - 1) {
            let token = tokens[index]
            switch token.kind {
            case .leftParen, .leftSquare:
                index = closing(index) + 1
                continue
            case .leftBrace, .rightBrace, .semicolon, .rightParen, .rightSquare, .equal:
                return nil
            default:
                if token.kind.isOperator || token.kind == .unknown {
                    for offset in Int(token.start)..<Int(token.end) {
                        let byte = bytes[offset]
                        if byte == UInt8(ascii: "<") {
                            depth += 1
                        } else if byte == UInt8(ascii: ">") {
                            depth -= 1
                            // `Model<T>?` lexes `>?` as one operator; `a<b>=c` is no type list.
                            if depth == 0 {
                                let rest = bytes[(offset + 1)..<Int(token.end)]
                                return rest.allSatisfy { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!") } ? index : nil
                            }
                        } else if byte != UInt8(ascii: "?") && byte != UInt8(ascii: "!") && byte != UInt8(ascii: "&")
                                    && byte != UInt8(ascii: ".") && byte != UInt8(ascii: "-") {
                            return nil
                        }
                    }
                }
            }
            index += 1
        }
        return nil
    }

    /// The token closing a generic argument list opened by the `<` at `index` inside an
    /// expression, as Swift reads one there: the `<` glued to a type name, and either the `>`
    /// glued to a call or member access (`Box<A, B>(…)`, `Box<A, B>.make()`) or the name being
    /// the type of a cast (`x as? Box<A, B>`, `x is Box<A, B>`, a dotted name too). Nil for
    /// anything a comparison could be (`a < b, c > d`). Before `end`, and not before `start`.
    static func expressionListClose(at index: Int, start: Int, end: Int, tokens: [Token], bytes: [UInt8],
                                    closing: (Int) -> Int) -> Int? {
        guard index > start, index < end, tokens[index].kind.isOperator, bytes[Int(tokens[index].start)] == UInt8(ascii: "<"),
              tokens[index - 1].kind == .identifier, tokens[index - 1].end == tokens[index].start,
              let close = AngleBrackets.closing(from: index, tokens: tokens, bytes: bytes, limit: min(end, index + 400), closing: closing)
        else { return nil }
        if close + 1 < end, tokens[close].end == tokens[close + 1].start,
           tokens[close + 1].kind == .leftParen || tokens[close + 1].kind == .period {
            return close
        }
        // The name may be dotted (`as? Feature.Store<A, B>`); before it, `as`, `as?`, `as!` or `is`.
        var name = index - 1
        while name - 2 >= start, tokens[name - 1].kind == .period, tokens[name - 2].kind == .identifier { name -= 2 }
        var before = name - 1
        guard before >= start else { return nil }
        if tokens[before].kind == .postfixQuestionMark || tokens[before].kind == .exclamationMark
            || (tokens[before].end - tokens[before].start == 1 && (bytes[Int(tokens[before].start)] == UInt8(ascii: "?")
                                                                   || bytes[Int(tokens[before].start)] == UInt8(ascii: "!"))) {
            before -= 1
            guard before >= start, tokens[before].word == .as else { return nil }
            return close
        }
        return tokens[before].word == .as || tokens[before].word == .is ? close : nil
    }
}

extension FileStructure {
    /// `AngleBrackets.expressionListClose` in this file: the `>` closing the generic argument
    /// list the `<` at `index` opens inside an expression between `start` and `end`, or nil.
    public func expressionListClose(at index: Int, start: Int, end: Int) -> Int? {
        AngleBrackets.expressionListClose(at: index, start: start, end: end, tokens: tokens, bytes: source.bytes, closing: closing)
    }

    /// The text between the generic `<` at `open` and the `>` closing it at token `close`
    /// (`closingAngle`), compacted: `Box<Box<Int>>` for `Box<Box<Int>>>`, whose last token holds
    /// the inner lists' closers too.
    public func angleArgument(from open: Int, closing close: Int) -> String {
        let bytes = source.bytes[Int(tokens[close].start)..<Int(tokens[close].end)]
        let inner = bytes.lastIndex(of: UInt8(ascii: ">")).map { String(decoding: bytes[bytes.startIndex..<$0], as: UTF8.self) } ?? ""
        return compactText((open + 1)..<close) + inner
    }

    /// The index of the token holding the `>` that closes the generic `<` at `open`, searching
    /// before `end` (at most 400 tokens on); nil when the `<` opens no type list.
    public func closingAngle(from open: Int, before end: Int? = nil) -> Int? {
        AngleBrackets.closing(from: open, tokens: tokens, bytes: source.bytes,
                              limit: min(end ?? tokens.count, open + 400), closing: closing)
    }
}
