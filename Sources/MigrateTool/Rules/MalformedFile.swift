import SourceScan

/// A file the compiler rejects as it is, found without the compiler: a malformed token (an
/// unterminated string literal, an editor placeholder, a malformed number) or a bracket without
/// its partner (a brace lost mid-edit). The structure read around such a spot is a guess, and
/// a rewrite would hide the problem in a diff, as SwiftFormat and ruff refuse such files: every
/// unit with code in the file waits until it is fixed.
struct MalformedFile: Rule {
    static let id = "malformed-file"

    func check(_ context: RuleContext) -> [Finding] {
        var unitsByFile: [Int: [Int]] = [:]
        for unit in context.units.units {
            for file in Analyzer.unitFiles(unit) { unitsByFile[file, default: []].append(unit.id) }
        }
        return unitsByFile.keys.sorted().compactMap { fileIndex -> Finding? in
            let file = context.files[fileIndex]
            guard let (token, what) = Self.firstRejected(in: file), let units = unitsByFile[fileIndex], let first = units.first else {
                return nil
            }
            return Finding(ruleID: Self.id, fixClass: .manual, isBlocker: true, file: fileIndex, offset: Int(file.tokens[token].start),
                           message: "the compiler rejects this file as it is (\(what)); the units with code in it wait until it is fixed",
                           suggestion: "fix the file, then run again", unit: first, alsoUnits: Array(units.dropFirst()))
        }
    }

    /// The first spot of `file` the compiler rejects, and what is wrong there; nil when every
    /// token is sound and every bracket paired.
    static func firstRejected(in file: FileStructure) -> (token: Int, what: String)? {
        let tokens = file.tokens
        if let malformed = tokens.firstIndex(where: \.isMalformed) {
            let text = file.source.text(malformed)
            return (malformed, "'" + LintText.singleLine(text.count > 24 ? String(text.prefix(24)) + "…" : String(text)) + "'")
        }
        let openers: [TokenKind] = [.leftParen, .leftSquare, .leftBrace]
        let closers: [TokenKind] = [.rightParen, .rightSquare, .rightBrace]
        guard let unpaired = tokens.indices.first(where: {
            (openers.contains(tokens[$0].kind) || closers.contains(tokens[$0].kind)) && file.matchingBracket[$0] < 0
        }) else { return nil }
        let text = file.source.text(unpaired)
        return (unpaired, openers.contains(tokens[unpaired].kind) ? "'\(text)' is never closed" : "'\(text)' closes nothing")
    }
}
