import SourceScan

/// Where a statement stands in the code that runs it: the blocks from the nearest function,
/// accessor or closure body down to the statement, each with its statements in order. A closure
/// is a body of its own (it may run later, or never), so the path starts at the innermost one.
struct StatementPath {
    /// How control leaves a block when it runs to its end.
    enum BlockKind: Equatable {
        /// A function, accessor or closure body: its end ends the run.
        case body
        /// An `if`/`else`, `do` or `catch` block: control goes on after the statement holding it.
        case branch
        /// A loop body: control goes back to the loop's condition.
        case loop
        /// A `guard`'s `else` block, which must leave the scope.
        case guardElse
    }

    /// One block on the path.
    struct Level {
        /// The block's `{`.
        var open: Int
        /// Its statements, in order.
        var statements: [Range<Int>]
        /// The statement holding the target (or the target itself, on the last level).
        var position: Int
        var kind: BlockKind

        /// The statement on the path at this level.
        var statement: Range<Int> { statements[position] }
    }

    /// Outermost (the body) first; the last level's `statement` is the target.
    var levels: [Level]

    /// The path to the statement holding `token`, from the body opened at `bodyOpen`; nil when a
    /// block on the way cannot be read as a sequence of statements (`#if` inside, `switch` cases
    /// unless `readingSwitchClauses`) or the token sits in a `defer`.
    ///
    /// `readingSwitchClauses`: a `switch` clause is a branch level of its own, its `open` the
    /// switch's `{` (so the statement's head is the switch's subject). Off by default: a caller
    /// that removes a statement must not empty a clause, which does not compile.
    init?(to token: Int, fromBody bodyOpen: Int, in file: FileStructure, readingSwitchClauses: Bool = false) {
        levels = []
        var open = bodyOpen
        var kind = BlockKind.body
        var clause: Range<Int>?
        while true {
            let blockStatements = clause.map { file.statements(in: $0) } ?? file.statements(inBlock: open)
            clause = nil
            guard let statements = blockStatements,
                  let position = statements.firstIndex(where: { $0.contains(token) }) else { return nil }
            // A `#if` group is one statement whose branches are not read: nothing inside it is a target.
            guard file.tokens[statements[position].lowerBound].kind != .poundKeyword else { return nil }
            levels.append(Level(open: open, statements: statements, position: position, kind: kind))
            let statement = statements[position]
            switch Self.enclosingBrace(of: token, in: statement, file) {
            case .none:
                return
            case .block(let brace):
                switch file.tokens[statement.lowerBound].word {
                case .if, .do: kind = .branch
                case .for, .while, .repeat: kind = .loop
                case .guard: kind = .guardElse
                case .switch:
                    // The clause holding the token, not its label (`case let x where f(x):`).
                    guard readingSwitchClauses, let clauses = file.switchClauses(inBlock: brace),
                          let holding = clauses.first(where: { $0.body.contains(token) }) else { return nil }
                    clause = holding.body
                    kind = .branch
                case .defer:
                    // Runs at the scope's exit, apart from the statements around it: a body of its own.
                    levels = []
                    kind = .body
                default:
                    // An expression's trailing closure: `Task { … }`, `withAnimation { … }`.
                    levels = []
                    kind = .body
                }
                open = brace
            case .closure(let brace):
                levels = []
                kind = .body
                open = brace
            }
        }
    }

    /// What holds a token inside a statement.
    private enum Holder {
        /// Nothing: the token is part of the statement itself.
        case none
        /// A brace at the statement's own level (a block of `if`, or a trailing closure).
        case block(Int)
        /// The outermost brace inside brackets (a closure passed as an argument).
        case closure(Int)
    }

    private static func enclosingBrace(of token: Int, in statement: Range<Int>, _ file: FileStructure) -> Holder {
        let tokens = file.tokens
        var index = statement.lowerBound
        while index < statement.upperBound {
            switch tokens[index].kind {
            case .leftBrace:
                let close = file.closing(index)
                if index < token, token < close { return .block(index) }
                index = close + 1
            case .leftParen, .leftSquare:
                let close = file.closing(index)
                if index < token, token < close {
                    var inner = index + 1
                    while inner < close {
                        if tokens[inner].kind == .leftBrace {
                            let end = file.closing(inner)
                            if inner < token, token < end { return .closure(inner) }
                            inner = end
                        }
                        inner += 1
                    }
                    return .none
                }
                index = close + 1
            default:
                index += 1
            }
        }
        return .none
    }

    /// The innermost body on the path: the block whose end ends the run.
    var body: Level { levels[0] }

    /// The target statement.
    var target: Range<Int> { levels[levels.count - 1].statement }

    /// A statement matching `isWanted` that runs, on every path through the target, in the same
    /// uninterrupted run as the target: before it (at its level or an enclosing one) with no
    /// suspension in between, or else after it, reached without leaving the body, suspending or
    /// jumping.
    func accompanying(in file: FileStructure, where isWanted: (Range<Int>) -> Bool) -> Range<Int>? {
        precedingStatement(isWanted, file) ?? followingStatement(isWanted, file)
    }

    private func precedingStatement(_ isWanted: (Range<Int>) -> Bool, _ file: FileStructure) -> Range<Int>? {
        for depth in levels.indices.reversed() {
            let level = levels[depth]
            if depth < levels.count - 1 {
                // The condition of the statement holding the deeper block ran in between.
                let head = level.statement.lowerBound..<levels[depth + 1].open
                if head.contains(where: { file.tokens[$0].word == .await }) { return nil }
            }
            for statement in level.statements[..<level.position].reversed() {
                if Self.suspends(statement, file) { return nil }
                if isWanted(statement) { return statement }
            }
        }
        return nil
    }

    private func followingStatement(_ isWanted: (Range<Int>) -> Bool, _ file: FileStructure) -> Range<Int>? {
        for level in levels.reversed() {
            for statement in level.statements[(level.position + 1)...] {
                if isWanted(statement) { return statement }
                if Self.leaves(statement, file) || Self.suspends(statement, file) { return nil }
            }
            guard level.kind == .branch else { return nil }
        }
        return nil
    }

    /// The statements that run with the target in one uninterrupted stretch, the target aside:
    /// back to the nearest suspension, and forward to the nearest suspension or jump, on the
    /// target's level and the enclosing ones it falls through to.
    func stretch(in file: FileStructure) -> [Range<Int>] {
        var statements: [Range<Int>] = []
        backward: for level in levels.reversed() {
            for statement in level.statements[..<level.position].reversed() {
                if Self.suspends(statement, file) { break backward }
                statements.append(statement)
            }
        }
        forward: for level in levels.reversed() {
            for statement in level.statements[(level.position + 1)...] {
                if Self.suspends(statement, file) { break forward }
                statements.append(statement)
                if Self.leaves(statement, file) { break forward }
            }
            guard level.kind == .branch else { break }
        }
        return statements
    }

    /// Statements that hold blocks of their own.
    static let compoundWords: Set<Word> = [.if, .guard, .for, .while, .repeat, .do, .switch, .defer]

    /// Whether a statement may jump out of the straight line: `return`, `throw`, `break`,
    /// `continue`, `fallthrough`, or a compound statement holding one anywhere, except an
    /// unlabelled `break` or `fallthrough` inside a `switch` of the statement, or an unlabelled
    /// `break` or `continue` inside one of its loops: those end only that `switch` or loop, and
    /// the statement after it still runs (`switch state { … default: break }`).
    static func leaves(_ statement: Range<Int>, _ file: FileStructure) -> Bool {
        let jumps: Set<Word> = [.return, .throw, .break, .continue, .fallthrough]
        let tokens = file.tokens
        if jumps.contains(tokens[statement.lowerBound].word) { return true }
        guard compoundWords.contains(tokens[statement.lowerBound].word) else { return false }
        let bodies = breakableBodies(in: statement, file)
        return statement.contains { index in
            guard tokens[index].kind == .keyword, jumps.contains(tokens[index].word) else { return false }
            let word = tokens[index].word
            guard word != .return, word != .throw else { return true }
            // `break outer`: a label names a statement further out.
            if index + 1 < statement.upperBound, tokens[index + 1].kind == .identifier, !file.startsLine(index + 1) { return true }
            return !bodies.contains { body in
                body.range.contains(index) && (word == .break || (word == .continue) == body.isLoop)
            }
        }
    }

    /// The first `{` after the head word at `index` and before `end`, outside parentheses and
    /// brackets: a block's or a `switch`'s body (`for x in [a, b] {`, `if f(x) {`).
    static func blockBrace(after index: Int, before end: Int, _ file: FileStructure) -> Int? {
        let tokens = file.tokens
        var open = index + 1
        while open < end, tokens[open].kind != .leftBrace {
            open = [.leftParen, .leftSquare].contains(tokens[open].kind) ? file.closing(open) + 1 : open + 1
        }
        return open < end ? open : nil
    }

    /// The bodies of the `switch` statements and loops inside a statement, its own included.
    private static func breakableBodies(in statement: Range<Int>, _ file: FileStructure) -> [(range: Range<Int>, isLoop: Bool)] {
        let tokens = file.tokens
        var bodies: [(range: Range<Int>, isLoop: Bool)] = []
        for index in statement where [.switch, .for, .while, .repeat].contains(tokens[index].word) && tokens[index].kind == .keyword {
            guard let open = blockBrace(after: index, before: statement.upperBound, file) else { continue }
            bodies.append((open..<file.closing(open), tokens[index].word != .switch))
        }
        return bodies
    }

    /// Whether a statement may suspend: `await` in it, outside its closures (anywhere in a
    /// compound statement, whose braces are blocks).
    static func suspends(_ statement: Range<Int>, _ file: FileStructure) -> Bool {
        let tokens = file.tokens
        let isCompound = compoundWords.contains(tokens[statement.lowerBound].word)
        var index = statement.lowerBound
        while index < statement.upperBound {
            if tokens[index].word == .await { return true }
            index = !isCompound && tokens[index].kind == .leftBrace ? file.closing(index) + 1 : index + 1
        }
        return false
    }
}

/// The blocks a compound statement runs one of, for rules that read every path through it.
enum ChangeBlocks {
    /// Whether every statement among `statements` that `mentions` finds something in (the token
    /// indices it returns) is a change `isChange` accepts, reading into the blocks of `if` and
    /// `switch` statements, whose heads must not mention it: the shape of "does nothing with `x`
    /// but change tracked state through it".
    static func onlyChanges(_ statements: [Range<Int>], _ file: FileStructure, mentions: (Range<Int>) -> [Int],
                            isChange: (Range<Int>) -> Bool) -> Bool {
        statements.allSatisfy { statement in
            let found = mentions(statement)
            if found.isEmpty || isChange(statement) { return true }
            guard let blocks = blocks(of: statement, file) else { return false }
            return blocks.allSatisfy { onlyChanges($0, file, mentions: mentions, isChange: isChange) }
                && found.allSatisfy { isInBlocks($0, blocks) }
        }
    }

    /// Whether the token at `index` stands in one of `blocks` (`blocks(of:_:)`), not in the head.
    static func isInBlocks(_ index: Int, _ blocks: [[Range<Int>]]) -> Bool {
        blocks.contains { $0.contains { $0.contains(index) } }
    }

    /// Where `name` stands in a statement as a name of its own, not as a member (`other.name`).
    static func bareMentions(of name: String, in statement: Range<Int>, _ file: FileStructure) -> [Int] {
        statement.filter { index in
            file.tokens[index].kind == .identifier && file.source.tokenText(index, equals: name)
                && (index == statement.lowerBound || file.tokens[index - 1].kind != .period)
        }
    }

    /// The statements of each block of an `if` (its `else` branches included) or of each clause
    /// of a `switch`; nil for any other statement.
    static func blocks(of statement: Range<Int>, _ file: FileStructure) -> [[Range<Int>]]? {
        let tokens = file.tokens
        switch tokens[statement.lowerBound].word {
        case .switch:
            guard let open = statement.first(where: { tokens[$0].kind == .leftBrace }),
                  let clauses = file.switchClauses(inBlock: open) else { return nil }
            return clauses.compactMap { file.statements(in: $0.body) }.count == clauses.count
                ? clauses.map { file.statements(in: $0.body)! } : nil
        case .if:
            var blocks: [[Range<Int>]] = []
            var index = statement.lowerBound
            while index < statement.upperBound {
                switch tokens[index].kind {
                case .leftParen, .leftSquare:
                    index = file.closing(index) + 1
                case .leftBrace:
                    // A block follows the condition or `else`; a closure inside a condition is in brackets.
                    guard let statements = file.statements(inBlock: index) else { return nil }
                    blocks.append(statements)
                    index = file.closing(index) + 1
                default:
                    index += 1
                }
            }
            return blocks
        default:
            return nil
        }
    }
}
