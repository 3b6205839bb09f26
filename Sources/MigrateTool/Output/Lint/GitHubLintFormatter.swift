/// GitHub Actions workflow commands, one per finding:
/// `::warning file=path,line=3,col=5,title=rule-id::message`. The runner turns them into
/// annotations on the pull request's diff.
enum GitHubLintFormatter {
    /// One command per finding.
    static func render(_ analysis: Analysis, _ options: LintOptions) -> String {
        options.lines(analysis, command)
    }

    /// The workflow command for one diagnostic.
    static func command(_ diagnostic: LintDiagnostic) -> String {
        let name: String
        switch diagnostic.severity {
        case .error: name = "error"
        case .warning: name = "warning"
        case .note: name = "notice"
        }
        let location = diagnostic.location
        let properties = [
            "file=" + escapeProperty(location.path),
            "line=\(location.line)",
            "col=\(location.column)",
            "title=" + escapeProperty(diagnostic.finding.ruleID),
        ]
        return "::\(name) \(properties.joined(separator: ","))::\(escapeData(diagnostic.finding.message))"
    }

    /// The runner's escaping for a command's message (`escapeData` in actions/toolkit): `%`
    /// first, so the escapes it writes are not escaped again, then the line breaks that would
    /// end the command.
    static func escapeData(_ text: String) -> String {
        ReportEscape.replacingScalars(text) { scalar in
            switch scalar {
            case "%": return "%25"
            case "\r": return "%0D"
            case "\n": return "%0A"
            default: return nil
            }
        }
    }

    /// The escaping for a property value (`escapeProperty`): as for data, plus `:` (which would
    /// end the properties) and `,` (which would start the next one).
    static func escapeProperty(_ text: String) -> String {
        ReportEscape.replacingScalars(escapeData(text)) { scalar in
            switch scalar {
            case ":": return "%3A"
            case ",": return "%2C"
            default: return nil
            }
        }
    }
}
