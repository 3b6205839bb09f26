import SourceScan

/// The `json` format: one document whose shape is documented in `docs/lint.md` and versioned by
/// `schemaVersion`, so scripts can rely on it. A field is only ever added within a version.
enum JSONLintFormatter {
    /// The version of the document's shape.
    static let schemaVersion = 1

    /// The whole document, pretty-printed, keys in a fixed order.
    static func render(_ analysis: Analysis, _ options: LintOptions) -> String {
        document(analysis, options).serialized()
    }

    /// The document as a value, for tests that read fields back.
    static func document(_ analysis: Analysis, _ options: LintOptions) -> ReportJSONValue {
        let diagnostics = options.diagnostics(analysis)
        func count(_ severity: Severity) -> Int { diagnostics.filter { $0.severity == severity }.count }
        return .object([
            ("schemaVersion", .int(schemaVersion)),
            ("tool", .object([("name", .string("observation-migrate")), ("version", .string(options.toolVersion))])),
            ("strict", .bool(options.strict)),
            ("summary", .object([
                ("files", .int(analysis.swiftFileCount)),
                ("findings", .int(diagnostics.count)),
                ("errors", .int(count(.error))),
                ("warnings", .int(count(.warning))),
                ("notes", .int(count(.note))),
                ("fixable", .int(diagnostics.filter { $0.fix == .safe }.count)),
                ("fixableWithUnsafeFixes", .int(diagnostics.filter { $0.fix == .unsafe }.count)),
            ])),
            ("findings", .array(diagnostics.map { finding($0, analysis) })),
        ])
    }

    /// One entry of `findings`.
    static func finding(_ diagnostic: LintDiagnostic, _ analysis: Analysis) -> ReportJSONValue {
        let finding = diagnostic.finding
        let model = finding.unit.flatMap { $0 < analysis.units.count ? analysis.units[$0].name : nil }
        return .object([
            ("path", .string(diagnostic.location.path)),
            ("line", .int(diagnostic.location.line)),
            ("column", .int(diagnostic.location.column)),
            ("rule", .string(finding.ruleID)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("fixClass", .string(finding.fixClass.rawValue)),
            ("fix", .optional(diagnostic.fix?.rawValue)),
            ("blocker", .bool(finding.isBlocker)),
            ("message", .string(finding.message)),
            ("suggestion", .optional(finding.suggestion)),
            ("model", .optional(model)),
            ("edits", .array(finding.edits.map { edit($0, analysis) })),
        ])
    }

    /// One byte-range replacement, with line and column for people and offsets for programs.
    static func edit(_ fileEdit: FileEdit, _ analysis: Analysis) -> ReportJSONValue {
        let start = analysis.location(file: fileEdit.file, offset: fileEdit.edit.range.lowerBound)
        let end = analysis.location(file: fileEdit.file, offset: fileEdit.edit.range.upperBound)
        return .object([
            ("path", .string(start.path)),
            ("start", .object([("line", .int(start.line)), ("column", .int(start.column)), ("offset", .int(fileEdit.edit.range.lowerBound))])),
            ("end", .object([("line", .int(end.line)), ("column", .int(end.column)), ("offset", .int(fileEdit.edit.range.upperBound))])),
            ("replacement", .string(fileEdit.edit.replacement)),
        ])
    }
}
