@testable import MigrateTool

/// A tree of files given as strings (`F0.swift`, `F1.swift`…), for the tests of the options
/// inferred from the tree's own code.
enum InferenceTestTree {
    /// The analysis of `sources` under `configuration`.
    static func analyze(_ sources: [String], _ configuration: Configuration) -> Analysis {
        let inputs = sources.enumerated().map { SourceInput(path: "F\($0.offset).swift", bytes: Array($0.element.utf8)) }
        return Analyzer.analyze(swift: inputs, configuration: configuration)
    }

    /// The first file after `apply --unsafe-fixes`, nil when the run leaves it unchanged.
    static func migratedFirstFile(_ analysis: Analysis) -> String? {
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        return plan.newContents[0].map { String(decoding: $0, as: UTF8.self) }
    }

    /// The report formats whose summary lacks `line` in its row: text (`label`, padded as the
    /// report pads it), Markdown (`markdownLabel`, else `label`) and HTML.
    static func reportFormatsMissing(_ line: String, label: String, markdownLabel: String? = nil, in analysis: Analysis) -> [String] {
        let options = ReportOptions()
        let padded = label + String(repeating: " ", count: max(1, 20 - label.count))
        let shown = [
            ("text", TextReport.render(analysis, options: options).contains("  \(padded)\(line)\n")),
            ("markdown", MarkdownReport.render(analysis, options: options).contains("| \(markdownLabel ?? label) | \(ReportEscape.markdown(line)) |")),
            ("html", HTMLReport.render(analysis, options: options).contains("<p>\(ReportEscape.html(line))</p>")),
        ]
        return shown.filter { !$0.1 }.map(\.0)
    }
}
