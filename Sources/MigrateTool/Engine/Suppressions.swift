import SourceScan

/// One `// observation-migrate:…` comment.
struct SuppressionDirective: Sendable, Equatable {
    enum Scope: Equatable, Sendable {
        /// `disable`: from this line until a matching `enable` or the end of the file.
        case fromHere
        /// `disable:next`.
        case nextLine
        /// `disable:this`.
        case thisLine
        /// `disable:previous`.
        case previousLine
        /// `enable`: ends an earlier `disable`.
        case enable
    }

    var scope: Scope
    /// Rule ids, or `["all"]`.
    var rules: [String]
    var file: Int
    /// The comment's byte offset and 1-based line.
    var offset: Int
    var line: Int

    func covers(_ ruleID: String) -> Bool { rules.contains("all") || rules.contains(ruleID) }
}

/// The suppression comments of a tree, in the grammar SwiftLint and SwiftFormat users know:
/// `// observation-migrate:disable[:next|:this|:previous] rule-id…`, `…:enable rule-id…`, `all`.
struct Suppressions: Sendable {
    static let prefix = "observation-migrate:"

    private(set) var directives: [SuppressionDirective] = []
    /// Per directive, how many findings it silenced.
    private(set) var uses: [Int] = []
    /// Directives that name a rule that does not exist, with the name.
    private(set) var unknownRules: [(directive: Int, rule: String)] = []
    /// Positions in `directives` by file, so a finding is checked against its own file's
    /// directives only, not against every directive of the tree.
    private var directivesByFile: [Int: [Int]] = [:]

    /// Reads the directives of every file.
    init(files: [FileStructure], lineMaps: [LineMap], knownRules: Set<String>) {
        for (fileIndex, file) in files.enumerated() {
            let bytes = file.source.bytes
            // Comments live in trivia; a quick byte search skips the files without any directive.
            guard bytes.count >= Self.prefix.utf8.count, containsPrefix(bytes) else { continue }
            for (index, token) in file.tokens.enumerated() {
                for range in [file.source.leadingTriviaRange(of: index), token.trailingTriviaRange] where !range.isEmpty {
                    scanComments(in: range, file: fileIndex, bytes: bytes, lineMap: lineMaps[fileIndex], knownRules: knownRules)
                }
            }
        }
        uses = Array(repeating: 0, count: directives.count)
        for (position, directive) in directives.enumerated() { directivesByFile[directive.file, default: []].append(position) }
    }

    private static let prefixPattern = BytePatterns([prefix])

    private func containsPrefix(_ bytes: [UInt8]) -> Bool {
        Self.prefixPattern.occurs(in: bytes)
    }

    private mutating func scanComments(in range: Range<Int>, file: Int, bytes: [UInt8], lineMap: LineMap, knownRules: Set<String>) {
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            guard bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            var end = index
            while end < range.upperBound, bytes[end] != Byte.newline, bytes[end] != Byte.carriageReturn { end += 1 }
            let text = String(decoding: bytes[(index + 2)..<end], as: UTF8.self).trimming(charactersIn: " \t/")
            if text.hasPrefix(Self.prefix) {
                parse(String(text.dropFirst(Self.prefix.count)), file: file, offset: index, line: lineMap.location(of: index).line,
                      knownRules: knownRules)
            }
            index = end
        }
    }

    private mutating func parse(_ text: String, file: Int, offset: Int, line: Int, knownRules: Set<String>) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let command = words.first else { return }
        let scope: SuppressionDirective.Scope
        switch command {
        case "disable": scope = .fromHere
        case "disable:next": scope = .nextLine
        case "disable:this": scope = .thisLine
        case "disable:previous": scope = .previousLine
        case "enable": scope = .enable
        default: return
        }
        // A `-` or `--` starts a free-text reason, as in SwiftLint.
        let rules = Array(words.dropFirst().prefix { $0 != "-" && $0 != "--" })
        let directive = SuppressionDirective(scope: scope, rules: rules.isEmpty ? ["all"] : rules, file: file, offset: offset, line: line)
        for rule in directive.rules where rule != "all" && !knownRules.contains(rule) {
            unknownRules.append((directives.count, rule))
        }
        directives.append(directive)
    }

    /// Whether a finding at `line` of `file` for `ruleID` is silenced; records the use.
    mutating func suppresses(ruleID: String, file: Int, line: Int) -> Bool {
        guard let position = directive(silencing: ruleID, file: file, line: line) else { return false }
        uses[position] += 1
        return true
    }

    /// The position of the directive that would silence a finding at `line` of `file` for
    /// `ruleID`, without recording a use; nil when none does.
    func directive(silencing ruleID: String, file: Int, line: Int) -> Int? {
        var silencedBy: Int?
        // `disable`/`enable` regions: the last directive at or before the line decides.
        var regionState: Int?
        for position in directivesByFile[file] ?? [] {
            let directive = directives[position]
            guard directive.covers(ruleID) else { continue }
            switch directive.scope {
            case .fromHere where directive.line <= line:
                regionState = position
            case .enable where directive.line <= line:
                regionState = nil
            case .nextLine where directive.line + 1 == line,
                 .thisLine where directive.line == line,
                 .previousLine where directive.line - 1 == line:
                silencedBy = position
            default:
                break
            }
        }
        return silencedBy ?? regionState
    }
}
