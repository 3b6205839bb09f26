import SourceScan

/// A file the compiler rejects as it is, found without the compiler: a malformed token (an
/// unterminated string literal, an editor placeholder, a malformed number), a bracket without
/// its partner (a brace lost mid-edit), an `#if` block not closed or cutting a bracket pair, or a
/// spot the compiler's lexer reads past but reports (a source control conflict marker, a `/*`
/// never closed, an invalid character or escape, a multi-line string laid out wrong). The structure
/// read around such a spot is a guess, and a rewrite would hide the problem in a diff, as
/// SwiftFormat and ruff refuse such files: every unit with code in the file waits until it is
/// fixed.
struct MalformedFile: Rule {
    static let id = "malformed-file"

    func check(_ context: RuleContext) -> [Finding] {
        var unitsByFile: [Int: [Int]] = [:]
        for unit in context.units.units {
            for file in Analyzer.unitFiles(unit) { unitsByFile[file, default: []].append(unit.id) }
        }
        return unitsByFile.keys.sorted().compactMap { fileIndex -> Finding? in
            let file = context.files[fileIndex]
            guard let (offset, what) = Self.firstRejected(in: file), let units = unitsByFile[fileIndex], let first = units.first else {
                return nil
            }
            return Finding(ruleID: Self.id, fixClass: .manual, isBlocker: true, file: fileIndex, offset: offset,
                           message: "the compiler rejects this file as it is (\(what)); the units with code in it wait until it is fixed",
                           suggestion: "fix the file, then run again", unit: first, alsoUnits: Array(units.dropFirst()))
        }
    }

    /// The first spot of `file` the compiler rejects (a byte offset), and what is wrong there;
    /// nil when every token is sound, every bracket paired and the lexer read past nothing the
    /// compiler reports.
    static func firstRejected(in file: FileStructure) -> (offset: Int, what: String)? {
        let tokens = file.tokens
        var spots: [(offset: Int, what: String)] = []
        if let rejection = file.source.lexicalRejection { spots.append((rejection.offset, rejection.reason)) }
        if let malformed = tokens.firstIndex(where: \.isMalformed) {
            let text = file.source.text(malformed)
            spots.append((Int(tokens[malformed].start),
                          "'" + LintText.singleLine(text.count > 24 ? String(text.prefix(24)) + "…" : String(text)) + "'"))
        }
        // Brackets and `#if` blocks only when every token is sound: a malformed token can take a
        // bracket or a directive with it.
        if spots.isEmpty {
            if let unpaired = Self.firstUnpairedBracket(in: file) {
                let text = file.source.text(unpaired)
                spots.append((Int(tokens[unpaired].start), tokens[unpaired].kind.isOpeningBracket ? "'\(text)' is never closed" : "'\(text)' closes nothing"))
            }
            if let conditional = Self.firstConditionalProblem(in: file) {
                spots.append((Int(tokens[conditional.token].start), conditional.what))
            }
        }
        return spots.min { $0.offset < $1.offset }
    }

    /// The first `#if` block the compiler rejects: a `#else`, `#elseif` or `#endif` without its
    /// `#if`, a clause after `#else`, an `#if` never closed, or a bracket whose partner lies in
    /// another clause (each clause must hold whole declarations, statements or expressions).
    static func firstConditionalProblem(in file: FileStructure) -> (token: Int, what: String)? {
        let tokens = file.tokens
        // Each token's clause: a number per `#if`, `#elseif` and `#else` met, 0 outside them all.
        var clauseOf = [Int32](repeating: 0, count: tokens.count)
        // Open blocks: the `#if` token, the current clause, the clause outside, whether `#else` came.
        var open: [(ifToken: Int, clause: Int32, outer: Int32, sawElse: Bool)] = []
        var clauses: Int32 = 0
        var problems: [(token: Int, what: String)] = []
        for index in tokens.indices {
            let current = open.last?.clause ?? 0
            guard tokens[index].kind == .poundKeyword else {
                clauseOf[index] = current
                continue
            }
            let directive = file.source.text(index)
            switch directive {
            case "#if":
                clauses += 1
                open.append((index, clauses, current, false))
            case "#elseif", "#else", "#endif":
                guard let block = open.last else {
                    problems.append((index, "'\(directive)' has no '#if'"))
                    break
                }
                if block.sawElse, directive != "#endif" {
                    problems.append((index, "'\(directive)' follows '#else'"))
                }
                open.removeLast()
                if directive != "#endif" {
                    clauses += 1
                    open.append((block.ifToken, clauses, block.outer, block.sawElse || directive == "#else"))
                }
            default:
                break
            }
            clauseOf[index] = open.last?.clause ?? 0
        }
        if let unclosed = open.first { problems.append((unclosed.ifToken, "'#if' is never closed")) }
        if let crossing = tokens.indices.first(where: { index in
            let partner = Int(file.matchingBracket[index])
            return tokens[index].kind.isOpeningBracket && partner >= 0 && clauseOf[partner] != clauseOf[index]
        }) {
            problems.append((crossing, "'\(file.source.text(crossing))' and its partner lie in different '#if' clauses"))
        }
        return problems.min { $0.token < $1.token }
    }

    /// The first bracket of `file` without its partner, as the parser pairs them.
    static func firstUnpairedBracket(in file: FileStructure) -> Int? {
        file.tokens.indices.first { index in
            let kind = file.tokens[index].kind
            return (kind.isOpeningBracket || kind.isClosingBracket) && file.matchingBracket[index] < 0
        }
    }
}
