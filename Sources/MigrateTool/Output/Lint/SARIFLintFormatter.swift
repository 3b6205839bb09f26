import SourceScan

/// SARIF 2.1.0 (OASIS), the format GitHub code scanning and other viewers ingest.
///
/// One run: `tool.driver` carries every rule with its summary, its `rules/` document as help and
/// its configured level; each finding is a result with a region; a finding whose fix `apply`
/// writes by default carries that fix as `fixes`. Columns count UTF-16 code units, SARIF's default
/// `columnKind`, which is what GitHub expects; the other formats count bytes, as compilers do.
enum SARIFLintFormatter {
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The base id relative artifact paths are resolved against.
    static let sourceRoot = "%SRCROOT%"

    /// The whole log, pretty-printed.
    static func render(_ analysis: Analysis, _ options: LintOptions) -> String {
        log(analysis, options).serialized()
    }

    /// The log as a value.
    static func log(_ analysis: Analysis, _ options: LintOptions) -> ReportJSONValue {
        let ids = RuleCatalog.ids
        var ruleIndex: [String: Int] = [:]
        for (position, id) in ids.enumerated() { ruleIndex[id] = position }
        let driver: ReportJSONValue = .object([
            ("name", .string("observation-migrate")),
            ("version", .string(options.toolVersion)),
            ("semanticVersion", .string(options.toolVersion)),
            ("rules", .array(ids.map { rule($0, options) })),
        ])
        let root = options.workingDirectory.hasSuffix("/") ? options.workingDirectory : options.workingDirectory + "/"
        let run: ReportJSONValue = .object([
            ("tool", .object([("driver", driver)])),
            ("originalUriBaseIds", .object([(sourceRoot, .object([("uri", .string("file://" + percentEncoded(root)))]))])),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", .array(options.diagnostics(analysis).map { result($0, analysis, ruleIndex: ruleIndex[$0.finding.ruleID]) })),
        ])
        return .object([("$schema", .string(schemaURI)), ("version", .string("2.1.0")), ("runs", .array([run]))])
    }

    /// A `reportingDescriptor`: what a viewer shows about a rule.
    static func rule(_ id: String, _ options: LintOptions) -> ReportJSONValue {
        var members: [(String, ReportJSONValue)] = [("id", .string(id))]
        let metadata = RuleCatalog.metadata(id)
        // A rule whose document is not written yet still needs a description to show.
        let summary = metadata.map(\.summary).flatMap { $0.isEmpty ? nil : $0 } ?? id
        members.append(("shortDescription", .object([("text", .string(summary))])))
        if let metadata {
            let full = "\(summary) Fix class: \(metadata.fixClass.rawValue)."
            members.append(("fullDescription", .object([("text", .string(full))])))
            // Viewers that render Markdown show the whole document; the plain text points to it
            // instead of repeating it, since the log carries every rule.
            let pointer = "\(summary) Run `observation-migrate rules \(id)` for the rationale and examples."
            members.append(("help", .object([("text", .string(pointer)), ("markdown", .string(metadata.markdown))])))
        }
        members.append(("defaultConfiguration", .object([("level", .string(level(options.configuredSeverity(of: id))))])))
        if let metadata { members.append(("properties", .object([("fixClass", .string(metadata.fixClass.rawValue))]))) }
        return .object(members)
    }

    /// A `result` for one finding.
    static func result(_ diagnostic: LintDiagnostic, _ analysis: Analysis, ruleIndex: Int?) -> ReportJSONValue {
        let finding = diagnostic.finding
        let (line, column) = position(file: finding.file, offset: finding.offset, analysis)
        var members: [(String, ReportJSONValue)] = [("ruleId", .string(finding.ruleID))]
        if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
        members.append(("level", .string(level(diagnostic.severity))))
        members.append(("message", .object([("text", .string(finding.message))])))
        members.append(("locations", .array([.object([("physicalLocation", .object([
            ("artifactLocation", artifactLocation(analysis.displayPaths[finding.file])),
            ("region", .object([("startLine", .int(line)), ("startColumn", .int(column))])),
        ]))])])))
        if diagnostic.fix == .safe {
            members.append(("fixes", .array([fix(finding, analysis)])))
        }
        var properties: [(String, ReportJSONValue)] = [("fixClass", .string(finding.fixClass.rawValue))]
        if let suggestion = finding.suggestion { properties.append(("suggestion", .string(suggestion))) }
        members.append(("properties", .object(properties)))
        return .object(members)
    }

    /// A `fix`: the finding's edits as replacements, grouped by file in the order first edited.
    static func fix(_ finding: Finding, _ analysis: Analysis) -> ReportJSONValue {
        var files: [Int] = []
        var editsByFile: [Int: [Edit]] = [:]
        for fileEdit in finding.edits {
            if editsByFile[fileEdit.file] == nil { files.append(fileEdit.file) }
            editsByFile[fileEdit.file, default: []].append(fileEdit.edit)
        }
        let changes: [ReportJSONValue] = files.map { file in
            .object([
                ("artifactLocation", artifactLocation(analysis.displayPaths[file])),
                ("replacements", .array(editsByFile[file]!.sorted().map { replacement($0, file: file, analysis) })),
            ])
        }
        // `apply` writes a model's edits together; one of them alone may not compile.
        let model = finding.unit.flatMap { $0 < analysis.units.count ? analysis.units[$0].name : nil }
        let description = model.map { "Part of migrating \($0); `observation-migrate apply` writes all of its fixes together." }
            ?? "`observation-migrate apply` writes this fix."
        return .object([("description", .object([("text", .string(description))])), ("artifactChanges", .array(changes))])
    }

    /// A `replacement`: the bytes an edit removes, as a region, and what it inserts.
    static func replacement(_ edit: Edit, file: Int, _ analysis: Analysis) -> ReportJSONValue {
        let (startLine, startColumn) = position(file: file, offset: edit.range.lowerBound, analysis)
        let (endLine, endColumn) = position(file: file, offset: edit.range.upperBound, analysis)
        return .object([
            ("deletedRegion", .object([("startLine", .int(startLine)), ("startColumn", .int(startColumn)),
                                       ("endLine", .int(endLine)), ("endColumn", .int(endColumn))])),
            ("insertedContent", .object([("text", .string(edit.replacement))])),
        ])
    }

    /// The 1-based line and UTF-16 column of a byte offset.
    static func position(file: Int, offset: Int, _ analysis: Analysis) -> (line: Int, column: Int) {
        let lineMap = analysis.lineMaps[file]
        let (line, _) = lineMap.location(of: offset)
        let start = lineMap.lineStarts[line - 1]
        let bytes = analysis.files[file].source.bytes
        let prefix = String(decoding: bytes[start..<min(offset, bytes.count)], as: UTF8.self)
        return (line, prefix.utf16.count + 1)
    }

    /// An `artifactLocation`: relative to `%SRCROOT%` (the working directory) when the path is
    /// below it, an absolute `file:` URI otherwise.
    static func artifactLocation(_ displayPath: String) -> ReportJSONValue {
        if displayPath.hasPrefix("/") {
            return .object([("uri", .string("file://" + percentEncoded(displayPath)))])
        }
        if displayPath.hasPrefix("../") {
            return .object([("uri", .string("file://" + percentEncoded(PathArithmetic.absolute(displayPath))))])
        }
        return .object([("uri", .string(percentEncoded(displayPath))), ("uriBaseId", .string(sourceRoot))])
    }

    /// A path as a URI path (RFC 3986): unreserved characters and `/` stay, every other byte of
    /// its UTF-8 is `%XX`. A space or `#` in a file name would otherwise break the URI.
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    /// SARIF's name for a severity.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }
}
