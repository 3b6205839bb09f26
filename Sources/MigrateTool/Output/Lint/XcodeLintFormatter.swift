/// `path:line:col: warning: message (rule-id)`: the diagnostic line clang and swiftc print,
/// which Xcode, SwiftPM build logs, VS Code's problem matchers and vim's quickfix all read.
enum XcodeLintFormatter {
    /// One line per finding; nothing at all for a clean tree, as compilers do.
    static func render(_ analysis: Analysis, _ options: LintOptions) -> String {
        options.lines(analysis, line)
    }

    /// One diagnostic line, without its line break. Control characters are made visible so a
    /// message quoting the user's code cannot drive the terminal.
    static func line(_ diagnostic: LintDiagnostic) -> String {
        "\(diagnostic.location.description): \(diagnostic.severity.rawValue): "
            + ReportEscape.terminal(diagnostic.singleLineMessage) + " (\(diagnostic.finding.ruleID))"
    }
}
