/// Statement boundaries inside a brace-delimited block, found the way the compiler finds them: at
/// a `;`, and at a line break that does not continue the expression before it.
enum StatementBoundary {
    /// Whether a line-start token continues the previous line's expression (an operator, a `.`
    /// member, a trailing closure's brace on its own line) rather than starting a new statement.
    static func continuesExpression(at index: Int, in tokens: [Token]) -> Bool {
        let token = tokens[index]
        switch token.kind {
        case .period, .binaryOperator, .arrow, .equal, .infixQuestionMark, .colon, .comma, .leftBrace,
             .postfixQuestionMark, .exclamationMark:
            return true
        default:
            break
        }
        let previous = tokens[index - 1]
        switch previous.kind {
        case .binaryOperator, .equal, .arrow, .comma, .colon, .period, .prefixOperator, .infixQuestionMark,
             .leftParen, .leftSquare:
            return true
        case .keyword:
            return previous.word == .in || previous.word == .try || previous.word == .await
                || previous.word == .return || previous.word == .as || previous.word == .is
        default:
            return token.word == .as || token.word == .is
        }
    }
}

extension FileStructure {
    /// The statements directly inside the block opened by the brace at `open`, as token ranges
    /// without their `;`, in order. A closure's signature (`{ [weak self] value in`, on the
    /// brace's line) is not a statement. Nil when the block holds a compiler directive (`#if`),
    /// whose branches are not one sequence of statements.
    public func statements(inBlock open: Int) -> [Range<Int>]? {
        let tokens = self.tokens
        let close = closing(open)
        var start = closureSignature(inBlock: open).map { $0.upperBound + 1 } ?? (open + 1)
        var statements: [Range<Int>] = []
        var index = start
        while index < close {
            let token = tokens[index]
            if token.kind == .poundKeyword { return nil }
            if index > start, startsLine(index), !StatementBoundary.continuesExpression(at: index, in: tokens),
               !continuesCompoundStatement(at: index, from: start) {
                statements.append(start..<index)
                start = index
            }
            switch token.kind {
            case .semicolon:
                if index > start { statements.append(start..<index) }
                start = index + 1
                index += 1
            case .leftParen, .leftSquare, .leftBrace:
                index = closing(index) + 1
            default:
                index += 1
            }
        }
        if start < close { statements.append(start..<close) }
        return statements
    }

    /// The tokens between `{` and `in` when the brace's first line is a closure signature
    /// (`{ value in`, `{ [weak self] (a, b) in`, `{ @MainActor in`).
    public func closureSignature(inBlock open: Int) -> Range<Int>? {
        let close = closing(open)
        var index = open + 1
        while index < close, !startsLine(index) {
            switch tokens[index].kind {
            case .leftParen, .leftSquare:
                index = closing(index) + 1
                continue
            case .identifier, .comma, .atSign, .arrow:
                break
            case .keyword where tokens[index].word == .in:
                return (open + 1)..<index
            case .keyword where tokens[index].word == .throws || source.tokenText(index, equals: "_"):
                break
            default:
                return nil
            }
            index += 1
        }
        return nil
    }

    /// `} else {`, `} catch {` and `repeat { … } while c` written with the keyword on a new line.
    private func continuesCompoundStatement(at index: Int, from start: Int) -> Bool {
        let word = tokens[index].word
        guard tokens[index - 1].kind == .rightBrace else { return false }
        return word == .else || word == .catch || (word == .while && tokens[start].word == .repeat)
    }
}
