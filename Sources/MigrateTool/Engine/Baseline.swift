import SourceScan

/// Findings a team has accepted for now: `lint --write-baseline FILE` records them, and
/// `lint --baseline FILE` reports only findings that are not in it, so new legacy code is stopped
/// without fixing the old first.
///
/// A finding is identified by its file, its rule and the text of the line it is on (trimmed),
/// never by its line number: inserting code above an old finding must not resurface it. Entries
/// are counted, so two identical findings in the baseline hide two and a third is reported.
/// Paths are relative to the baseline file's folder, so the file means the same whichever folder
/// `lint` runs from. The format is documented in `docs/lint.md`.
struct Baseline: Sendable, Equatable {
    /// What identifies a finding across edits.
    struct Entry: Hashable, Sendable, Comparable {
        /// The file, relative to the baseline's folder, `/`-separated.
        var path: String
        var rule: String
        /// The offending line without its indentation and trailing blanks.
        var lineText: String

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.path, lhs.rule, lhs.lineText) < (rhs.path, rhs.rule, rhs.lineText)
        }
    }

    /// The version of the file's shape.
    static let schemaVersion = 1

    /// One entry per accepted finding (an entry repeats when findings are identical), sorted.
    var entries: [Entry]
    /// Messages of the entries, by position, written for the people who review the file; they
    /// are not matched, so rewording a message does not resurface a finding.
    var messages: [String]

    /// The baseline of every finding in `analysis`.
    /// - Parameters:
    ///   - directory: the absolute folder of the baseline file.
    ///   - workingDirectory: the absolute folder relative source paths start from.
    init(recording analysis: Analysis, directory: String, workingDirectory: String) {
        let keyed = analysis.findings.map { (Self.entry(for: $0, in: analysis, directory: directory, workingDirectory: workingDirectory), $0.message) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        entries = keyed.map(\.0)
        messages = keyed.map(\.1)
    }

    /// A baseline from entries already known (read from a file).
    init(entries: [Entry], messages: [String]) {
        self.entries = entries
        self.messages = messages
    }

    /// The key of one finding.
    static func entry(for finding: Finding, in analysis: Analysis, directory: String, workingDirectory: String) -> Entry {
        let sourcePath = PathArithmetic.absolute(analysis.files[finding.file].source.path, in: workingDirectory)
        let line = analysis.lineMaps[finding.file].location(of: finding.offset).line
        return Entry(path: PathArithmetic.relative(from: directory, to: sourcePath), rule: finding.ruleID,
                     lineText: analysis.lineText(file: finding.file, line: line).trimming(charactersIn: " \t"))
    }

    /// `analysis` without the findings this baseline accounts for, each entry hiding at most one
    /// finding; and how many were hidden. Units keep pointing at the findings they still have.
    func filter(_ analysis: Analysis, directory: String, workingDirectory: String) -> (analysis: Analysis, hidden: Int) {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        var kept: [Finding] = []
        var newIndex: [Int: Int] = [:]
        for (index, finding) in analysis.findings.enumerated() {
            let key = Self.entry(for: finding, in: analysis, directory: directory, workingDirectory: workingDirectory)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
                continue
            }
            newIndex[index] = kept.count
            kept.append(finding)
        }
        var filtered = analysis
        filtered.findings = kept
        for position in filtered.units.indices {
            filtered.units[position].findings = filtered.units[position].findings.compactMap { newIndex[$0] }
        }
        return (filtered, analysis.findings.count - kept.count)
    }

    /// The file's text: pretty JSON, one object per entry, in a stable order for reviewable diffs.
    func encoded(toolVersion: String = CommandLineTool.version) -> String {
        let findings: [ReportJSONValue] = zip(entries, messages).map { entry, message in
            .object([("path", .string(entry.path)), ("rule", .string(entry.rule)), ("lineText", .string(entry.lineText)),
                     ("message", .string(message))])
        }
        return ReportJSONValue.object([
            ("schemaVersion", .int(Self.schemaVersion)),
            ("tool", .object([("name", .string("observation-migrate")), ("version", .string(toolVersion))])),
            ("findings", .array(findings)),
        ]).serialized()
    }

    /// Reads a baseline file's bytes; `path` is only used in messages.
    static func decode(_ bytes: [UInt8], path: String) throws -> Baseline {
        let locate = JSONFileLocator(path: path, lineMap: LineMap(bytes))
        let notBaseline = "not an observation-migrate baseline (write one with 'lint --write-baseline FILE')"
        guard case .object(let members) = try locate.parse(bytes) else { throw locate(0, notBaseline) }
        guard let version = members.first(where: { $0.key == "schemaVersion" }) else { throw locate(0, "\(notBaseline): no schemaVersion") }
        guard version.value == .number(String(schemaVersion)) else {
            throw locate(version.offset, "baseline schemaVersion must be \(schemaVersion); this tool cannot read it")
        }
        guard let findings = members.first(where: { $0.key == "findings" }), case .array(let elements) = findings.value else {
            throw locate(0, "\(notBaseline): no findings array")
        }
        var entries: [Entry] = []
        var messages: [String] = []
        for element in elements {
            // Other keys (written by a later version) are ignored; these three are the identity.
            guard case .object(let fields) = element,
                  case .string(let path)? = fields.first(where: { $0.key == "path" })?.value,
                  case .string(let rule)? = fields.first(where: { $0.key == "rule" })?.value,
                  case .string(let lineText)? = fields.first(where: { $0.key == "lineText" })?.value
            else {
                throw locate(findings.offset, "every baseline finding needs the strings path, rule and lineText")
            }
            var message = ""
            if case .string(let text)? = fields.first(where: { $0.key == "message" })?.value { message = text }
            entries.append(Entry(path: path, rule: rule, lineText: lineText))
            messages.append(message)
        }
        return Baseline(entries: entries, messages: messages)
    }
}
