/// Checkstyle XML (the 4.3 layout SwiftLint and ESLint write): a `<file>` per file with
/// findings, an `<error>` per finding. Jenkins' warnings plugin, Danger and reviewdog read it.
enum CheckstyleLintFormatter {
    /// The document; files in path order, findings in location order.
    static func render(_ analysis: Analysis, _ options: LintOptions) -> String {
        var output = XMLEscape.declaration + "<checkstyle version=\"4.3\">\n"
        var currentFile: Int?
        for diagnostic in options.diagnostics(analysis) {
            if diagnostic.finding.file != currentFile {
                if currentFile != nil { output += "  </file>\n" }
                currentFile = diagnostic.finding.file
                output += "  <file name=\"\(XMLEscape.text(diagnostic.location.path))\">\n"
            }
            output += "    " + error(diagnostic) + "\n"
        }
        if currentFile != nil { output += "  </file>\n" }
        return output + "</checkstyle>\n"
    }

    /// One `<error>` element on one line.
    static func error(_ diagnostic: LintDiagnostic) -> String {
        let location = diagnostic.location
        return "<error line=\"\(location.line)\" column=\"\(location.column)\" severity=\"\(severity(diagnostic.severity))\" "
            + "message=\"\(XMLEscape.text(diagnostic.finding.message))\" "
            + "source=\"observation-migrate.\(XMLEscape.text(diagnostic.finding.ruleID))\"/>"
    }

    /// Checkstyle's words: `error`, `warning`, `info`.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "info"
        }
    }
}
