import SourceScan

/// Whether two statements of one body may run in one go on some path: the question
/// `untracked-state-shown` asks of a published change and a change of untracked state, since a
/// legacy view's redraw showed the second only if it ran with the first (before it, or after it
/// with no suspension in between). Outside a loop, statements on two branches of one `if`, or one
/// after a block that always leaves (a `guard`'s `else`, a branch ending in `return`), never do;
/// a closure the call runs later (`asyncAfter`, `Task`, `sink`) is a body of its own, while one it
/// runs in place (`withAnimation`, `forEach`) and a `defer` are read through.
enum RunTogether {
    /// Callees whose closure argument runs in place, before the call returns.
    static let inlineCallees: Set<String> = [
        "withAnimation", "withTransaction", "withMutation", "forEach", "map", "compactMap", "flatMap", "filter", "reduce",
        "sorted", "sort", "first", "last", "firstIndex", "lastIndex", "contains", "allSatisfy", "removeAll", "min", "max",
        "mapValues", "sync", "withLock", "autoreleasepool", "performAndWait", "assumeIsolated", "run", "write",
    ]

    /// Where a statement runs: the body whose run it is part of (the block given, or a closure
    /// that runs later), and the blocks from that body down to the statement.
    struct Place {
        var body: Int
        var levels: [StatementPath.Level]
        /// The statement's first token.
        var token: Int
        /// The levels that are closures run in place (a `return` there ends the closure only).
        var inlineClosures: Set<Int> = []
    }

    /// Where the statement holding `token` runs, reading closures that run in place as blocks
    /// of the body at `open`; nil where a block on the way cannot be read (`#if`, `switch`).
    static func place(of token: Int, inBody open: Int, _ file: FileStructure) -> Place? {
        guard let path = StatementPath(to: token, fromBody: open, in: file) else { return nil }
        let inner = path.body.open
        guard inner != open else { return Place(body: open, levels: path.levels, token: token) }
        // A `defer` runs at the scope's exit, in the same run.
        let isDefer = inner > 0 && file.tokens[inner - 1].word == .defer
        guard isDefer || callee(ofClosure: inner, file).map(inlineCallees.contains) == true,
              let outer = place(of: inner, inBody: open, file), outer.body == open else {
            return Place(body: inner, levels: path.levels, token: token)
        }
        // A closure run in place may run any number of times, as a loop's body does.
        var levels = path.levels
        levels[0].kind = .loop
        return Place(body: open, levels: outer.levels + levels, token: token,
                     inlineClosures: outer.inlineClosures.union([outer.levels.count]))
    }

    /// The name of the call a closure at `open` is given to: `withAnimation` for
    /// `withAnimation(.default) { … }`, `forEach` for `items.forEach { … }`, `sorted` for
    /// `sorted(by: { … })`; nil where no call is named. Asked of closures only: `StatementPath`
    /// tells them from statements' blocks (`if flag {` would read as a call of `flag`).
    static func callee(ofClosure open: Int, _ file: FileStructure) -> String? {
        let tokens = file.tokens
        var before = open - 1
        guard before >= 0 else { return nil }
        if tokens[before].kind == .rightParen {
            before = Int(file.matchingBracket[before]) - 1
        } else if tokens[before].kind != .identifier {
            // An argument inside parentheses: the call whose `(` holds it.
            return ArgumentList.callName(holding: open, file)
        }
        guard before >= 0, tokens[before].kind == .identifier else { return nil }
        return file.source.text(before)
    }

    /// Whether a change at `change` (a statement's first token) may run with a published change
    /// at `published` in one go: in the same run, not on two branches of one `if`, not one after a
    /// block that always leaves, and, when the published change comes first, with no suspension in
    /// between (the legacy view redrew at the suspension, before the change).
    static func mayRunTogether(change: Place, published: Place, _ file: FileStructure) -> Bool {
        guard change.body == published.body else { return false }
        let (first, second) = change.token < published.token ? (change, published) : (published, change)
        var shared = 0
        while shared + 1 < first.levels.count, shared + 1 < second.levels.count,
              first.levels[shared + 1].open == second.levels[shared + 1].open,
              first.levels[shared].position == second.levels[shared].position {
            shared += 1
        }
        // In a loop (or a closure run in place for each element), one iteration's branch and the
        // next one's run in one go too (`guard c else { change; continue }` then the publish).
        if first.levels[0...shared].contains(where: { $0.kind == .loop }) { return true }
        let firstLevel = first.levels[shared]
        let secondLevel = second.levels[shared]
        if firstLevel.position == secondLevel.position {
            // One statement holds both, in two of its blocks: an `if`'s branches run one at most.
            guard shared + 1 < first.levels.count, shared + 1 < second.levels.count else { return true }
            return file.tokens[firstLevel.statement.lowerBound].word != .if
        }
        // The first falls through every block below the shared one, and nothing between leaves.
        for depth in first.levels.indices.dropFirst(shared + 1) {
            let level = first.levels[depth]
            if level.kind == .guardElse { return false }
            for statement in level.statements[(level.position + 1)...] {
                // What a block between consumes: a loop's `break` or `continue`, a closure's `return`.
                let between = (shared + 1)...depth
                switch file.tokens[statement.lowerBound].word {
                case .throw: return false
                case .return where !between.contains(where: first.inlineClosures.contains): return false
                case .break, .continue, .fallthrough:
                    if !between.contains(where: { first.levels[$0].kind == .loop && !first.inlineClosures.contains($0) }) { return false }
                default: break
                }
            }
        }
        if firstLevel.statements[(firstLevel.position + 1)..<secondLevel.position].contains(where: { surelyLeaves($0, file) }) {
            return false
        }
        guard first.token == published.token else { return true }
        return !(first.token..<second.token).contains { file.tokens[$0].word == .await }
    }

    /// Whether a statement always leaves its block: `return`, `throw`, `break`, `continue`, `fallthrough`.
    private static func surelyLeaves(_ statement: Range<Int>, _ file: FileStructure) -> Bool {
        switch file.tokens[statement.lowerBound].word {
        case .return, .throw, .break, .continue, .fallthrough: return true
        default: return false
        }
    }
}
