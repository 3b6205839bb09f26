#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The four shapes `observation-migrate report` can print.
enum ReportFormat: String, CaseIterable, Sendable {
    case text
    case markdown
    case json
    case html

    /// The format a file name implies (`report.json`), so `--output report.html` needs no `--format`.
    static func inferred(fromFileName name: String) -> ReportFormat? {
        let lowered = name.lowercased()
        if lowered.hasSuffix(".json") { return .json }
        if lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") { return .markdown }
        if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") { return .html }
        return nil
    }
}

/// When the text report uses ANSI colour.
enum ReportColorMode: String, CaseIterable, Sendable {
    /// Colour when the report goes to a terminal and `NO_COLOR` is unset or empty.
    case auto
    case always
    case never

    /// Whether to colour, given where the report goes and the environment.
    ///
    /// `NO_COLOR` (no-color.org) and `TERM=dumb` only turn off the automatic choice: an explicit
    /// `--color always` on the command line is the more specific request and wins.
    static func resolve(_ mode: ReportColorMode, toTerminal: Bool, environment: [String: String]) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return toTerminal
        }
    }
}

extension ReportColorMode {
    /// Reads `--color WHEN` and `--no-color`, as `report` and `lint` both take them.
    static func read(from reader: inout ArgumentReader) throws -> ReportColorMode {
        let colorText = try reader.value("--color")
        let noColor = reader.flag("--no-color")
        guard let colorText else { return noColor ? .never : .auto }
        guard let color = ReportColorMode(rawValue: colorText) else {
            throw UsageError("--color '\(colorText)': expected " + allCases.map(\.rawValue).joined(separator: ", "))
        }
        if noColor, color != .never { throw UsageError("--no-color contradicts --color \(colorText)") }
        return color
    }

    /// Whether output going to standard output (not to a file) is coloured in this process.
    func resolvedForStandardOutput(writingToFile: Bool) -> Bool {
        Self.resolve(self, toTerminal: !writingToFile && FileSystem.isTerminal(1), environment: Self.environment())
    }

    /// The environment variables that decide colour.
    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        for name in ["NO_COLOR", "TERM"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}

/// What a formatter needs besides the analysis; formatters are `(Analysis, ReportOptions) -> String`.
struct ReportOptions: Sendable {
    /// ANSI colour in the text report (other formats ignore it).
    var color: Bool = false
    /// Lint severity per rule id from the configuration, over each rule's own.
    var severityOverrides: [String: Severity] = [:]
    /// The tool version the JSON and HTML reports name.
    var toolVersion: String = CommandLineTool.version

    /// A rule's severity under these options (the rule document's, or warning when it has none yet).
    func severity(of ruleID: String) -> Severity {
        severityOverrides[ruleID] ?? RuleCatalog.severity(ruleID)
    }
}

/// Picks the formatter for a format.
enum ReportRenderer {
    /// The whole report as one string, in `format`.
    static func render(_ analysis: Analysis, format: ReportFormat, options: ReportOptions) -> String {
        switch format {
        case .text: return TextReport.render(analysis, options: options)
        case .markdown: return MarkdownReport.render(analysis, options: options)
        case .json: return JSONReport.render(analysis, options: options)
        case .html: return HTMLReport.render(analysis, options: options)
        }
    }
}
