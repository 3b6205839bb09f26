import SourceScan

/// A call's arguments, split at top-level commas: each one's label (nil for an unlabelled one)
/// and value tokens. Matched against a parameter clause's external labels to find which
/// parameter an argument binds.
struct ArgumentList: Equatable {
    /// Each argument's label, in order.
    var labels: [String?]
    /// Each argument's value, without its label and colon.
    var values: [Range<Int>]

    /// The arguments between the parenthesis at `open` and its partner.
    init(open: Int, _ file: FileStructure) {
        let tokens = file.tokens
        let close = file.closing(open)
        var labels: [String?] = []
        var values: [Range<Int>] = []
        for segment in file.topLevelSegments((open + 1)..<close) where !segment.isEmpty {
            let labelled = segment.count > 2 && tokens[segment.lowerBound + 1].kind == .colon
                && [.identifier, .keyword].contains(tokens[segment.lowerBound].kind)
            labels.append(labelled ? file.source.text(segment.lowerBound) : nil)
            values.append(labelled ? (segment.lowerBound + 2)..<segment.upperBound : segment)
        }
        (self.labels, self.values) = (labels, values)
    }

    /// The name of the call whose parentheses hold the token at `index`, walking back over the
    /// earlier arguments: `sorted` for `sorted(by: { … })`, `Row` for `Row(title: t, flag: $x)`,
    /// `init` for `.init($x)`; nil where a brace, bracket or `;` comes first, or the call has no
    /// plain name (`f()(x)`).
    static func callName(holding index: Int, _ file: FileStructure) -> String? {
        let tokens = file.tokens
        var before = index - 1
        while before >= 0 {
            switch tokens[before].kind {
            case .rightParen, .rightSquare, .rightBrace:
                let partner = Int(file.matchingBracket[before])
                guard partner >= 0 else { return nil }
                before = partner - 1
            case .leftParen:
                let name = before - 1
                guard name >= 0 else { return nil }
                if tokens[name].word == .`init` { return "init" }
                return tokens[name].kind == .identifier ? file.source.text(name) : nil
            case .leftBrace, .leftSquare, .semicolon:
                return nil
            default:
                before -= 1
            }
        }
        return nil
    }

    /// A function as Swift spells it with its labels: `toggle(_:animated:)`, `reset()`.
    static func spelling(_ name: String, labels: [String?]) -> String {
        name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    /// The external labels of a parameter clause `( … )`, nil for `_`: what a call's labels
    /// must be, in order, when every parameter is given (defaults not skipped).
    static func parameterLabels(_ clause: Range<Int>, _ file: FileStructure) -> [String?] {
        parameterNameTokens(clause, file).map { names in
            let outer = file.source.text(names[0])
            return outer == "_" ? nil : outer
        }
    }

    /// The internal names of a parameter clause's parameters, the ones its body reads.
    static func parameterNames(_ clause: Range<Int>, _ file: FileStructure) -> [String] {
        parameterNameTokens(clause, file).map { file.source.text($0[$0.count - 1]) }
    }

    /// Each parameter's name tokens before its colon: `[label, name]` or `[name]`.
    private static func parameterNameTokens(_ clause: Range<Int>, _ file: FileStructure) -> [[Int]] {
        guard clause.count > 2 else { return [] }
        let tokens = file.tokens
        return file.topLevelSegments((clause.lowerBound + 1)..<(clause.upperBound - 1)).compactMap { segment in
            guard let colon = segment.first(where: { tokens[$0].kind == .colon }) else { return nil }
            let names = (segment.lowerBound..<colon).filter { [.identifier, .keyword].contains(tokens[$0].kind) }
            return names.isEmpty ? nil : Array(names.suffix(2))
        }
    }
}
