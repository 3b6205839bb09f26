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
    /// The accessors of a property's `{ … }` block (`get`, `set`, `willSet`, `didSet`), by
    /// keyword, each with its body's `{`. An accessor naming its parameter (`set(value) {`) has
    /// `)` before that brace.
    public func accessors(inBlock block: Range<Int>) -> [(word: Word, open: Int)] {
        var found: [(Word, Int)] = []
        var index = block.lowerBound + 1
        while index < block.upperBound - 1 {
            let word = tokens[index].word
            guard [.get, .set, .willSet, .didSet].contains(word) else {
                index = tokens[index].kind == .leftBrace ? closing(index) + 1 : index + 1
                continue
            }
            var open = index + 1
            if tokens[open].kind == .leftParen { open = closing(open) + 1 }
            // A `willSet(` cut short has its `(` closed by the end of the file.
            guard open < block.upperBound, tokens[open].kind == .leftBrace else {
                index += 1
                continue
            }
            found.append((word, open))
            index = closing(open) + 1
        }
        return found
    }

    /// The statements directly inside the block opened by the brace at `open`, as token ranges
    /// without their `;`, in order. A closure's signature (`{ [weak self] value in`, on the
    /// brace's line) is not a statement. A `#if … #endif` group on lines of its own is one
    /// statement (its branches are not one sequence of statements, so they are not read); nil when
    /// the block holds any other compiler directive.
    public func statements(inBlock open: Int) -> [Range<Int>]? {
        statements(in: (closureSignature(inBlock: open).map { $0.upperBound + 1 } ?? (open + 1))..<closing(open))
    }

    /// The statements of the token range `range` (a block's inside, or a `switch` clause after its
    /// `case …:`), split as `statements(inBlock:)` splits them.
    public func statements(in range: Range<Int>) -> [Range<Int>]? {
        let tokens = self.tokens
        let close = range.upperBound
        var start = range.lowerBound
        var statements: [Range<Int>] = []
        var index = start
        while index < close {
            let token = tokens[index]
            if index > start, startsLine(index), !StatementBoundary.continuesExpression(at: index, in: tokens),
               !continuesCompoundStatement(at: index, from: start) {
                statements.append(start..<index)
                start = index
            }
            if token.kind == .poundKeyword {
                // `#if … #endif` on lines of its own is one statement, whose branches are not read.
                if index == start, let end = directiveGroupEnd(from: index, before: close, postfix: false) {
                    statements.append(start..<(end + 1))
                    start = end + 1
                    index = end + 1
                    continue
                }
                // A postfix `#if` whose branches continue the statement's member chain
                // (`.padding()` lines, SE-0308) is part of that statement, as the compiler reads it.
                // Any other directive (`#if` mid-expression) makes the block unreadable.
                guard startsLine(index), let end = directiveGroupEnd(from: index, before: close, postfix: true) else { return nil }
                if index == start {
                    // The line break before `#if` ended the statement above: it goes on.
                    guard let previous = statements.popLast() else { return nil }
                    start = previous.lowerBound
                }
                index = end + 1
                continue
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

    /// The clauses of the `switch` whose `{` is at `open`: each label (`case .a, .b:`, `default:`,
    /// `@unknown default:`) and the statements after it up to the next label. Nil when the block
    /// holds a compiler directive or does not start with a label.
    public func switchClauses(inBlock open: Int) -> [(label: Range<Int>, body: Range<Int>)]? {
        let close = closing(open)
        var labels: [Range<Int>] = []
        var index = open + 1
        while index < close {
            let token = tokens[index]
            if token.kind == .poundKeyword { return nil }
            let startsLabel = (token.word == .case || token.word == .default || token.kind == .atSign) && startsLine(index)
            if startsLabel {
                // The label ends at its `:`, outside any brackets (`case .a(let x) where x > 0:`).
                var end = index + 1
                while end < close, tokens[end].kind != .colon {
                    end = tokens[end].kind.isOpeningBracket ? closing(end) + 1 : end + 1
                }
                guard end < close else { return nil }
                labels.append(index..<(end + 1))
                index = end + 1
                continue
            }
            if labels.isEmpty { return nil }
            index = token.kind.isOpeningBracket ? closing(index) + 1 : index + 1
        }
        return labels.enumerated().map { position, label in
            (label, label.upperBound..<(position + 1 < labels.count ? labels[position + 1].lowerBound : close))
        }
    }

    /// The `#endif` closing the `#if` at `open` (nested groups counted), when brackets inside close
    /// inside it and its first branch starts with `.` exactly when `postfix` is set: a postfix
    /// `#if` continues a modifier chain, any other group stands as statements of its own; nil
    /// otherwise.
    private func directiveGroupEnd(from open: Int, before close: Int, postfix: Bool) -> Int? {
        guard source.tokenText(open, equals: "#if") else { return nil }
        var depth = 0
        var index = open
        var checkedBranch = false
        while index < close {
            let token = tokens[index]
            if token.kind == .poundKeyword {
                if source.tokenText(index, equals: "#if") { depth += 1 }
                if source.tokenText(index, equals: "#endif") {
                    depth -= 1
                    if depth == 0 { return index }
                }
                index += 1
                continue
            }
            if !checkedBranch, index > open, startsLine(index) {
                // The first line of the first branch.
                if (token.kind == .period) != postfix { return nil }
                checkedBranch = true
            }
            if token.kind.isOpeningBracket {
                let end = closing(index)
                guard end > index, end < close else { return nil }
                index = end + 1
            } else {
                index += 1
            }
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
