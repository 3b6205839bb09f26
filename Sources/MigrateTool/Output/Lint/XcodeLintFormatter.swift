/// `path:line:col: warning: message (rule-id)`: the diagnostic line clang and swiftc print,
/// which Xcode, SwiftPM build logs, VS Code's problem matchers and vim's quickfix all read.
enum XcodeLintFormatter {
    /// One line per finding; nothing at all for a clean tree, as compilers do.
    static func render(_ analysis: Analysis, _ options: LintOptions) -> String {
        let style = ReportStyle(color: options.color)
        return options.lines(analysis) { line($0, style: style) }
    }

    /// One diagnostic line, without its line break. Control characters are made visible so a
    /// message quoting the user's code cannot drive the terminal. In colour, as swiftc and clang
    /// print it: the location bold, the severity bold in its colour, the rule id dim.
    static func line(_ diagnostic: LintDiagnostic, style: ReportStyle = ReportStyle(color: false)) -> String {
        let severity = diagnostic.severity.rawValue + ":"
        let coloredSeverity: String
        switch diagnostic.severity {
        case .error: coloredSeverity = style.apply("1;31", severity)
        case .warning: coloredSeverity = style.apply("1;35", severity)
        case .note: coloredSeverity = style.apply("1;36", severity)
        }
        return style.bold(diagnostic.location.description + ":") + " " + coloredSeverity + " "
            + ReportEscape.terminal(diagnostic.singleLineMessage) + " " + style.dim("(\(diagnostic.finding.ruleID))")
    }
}
