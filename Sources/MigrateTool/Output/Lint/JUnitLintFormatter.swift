/// JUnit XML, for CI systems that only show test results (GitLab's test report, Jenkins,
/// Azure Pipelines): a `<testsuite>` per file with findings, a `<testcase>` per finding.
/// Errors and warnings are failures; a note is a passing test case whose output says it.
enum JUnitLintFormatter {
    /// The document; files in path order, findings in location order.
    static func render(_ analysis: Analysis, _ options: LintOptions) -> String {
        let diagnostics = options.diagnostics(analysis)
        var byFile: [[LintDiagnostic]] = []
        for diagnostic in diagnostics {
            if let last = byFile.last?.last, last.finding.file == diagnostic.finding.file {
                byFile[byFile.count - 1].append(diagnostic)
            } else {
                byFile.append([diagnostic])
            }
        }
        let failures = diagnostics.filter { $0.severity != .note }.count
        var output = XMLEscape.declaration
        output += "<testsuites name=\"observation-migrate\" tests=\"\(diagnostics.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for group in byFile {
            let path = XMLEscape.text(group[0].location.path)
            let groupFailures = group.filter { $0.severity != .note }.count
            output += "  <testsuite name=\"\(path)\" tests=\"\(group.count)\" failures=\"\(groupFailures)\" errors=\"0\" skipped=\"0\">\n"
            for diagnostic in group { output += testCase(diagnostic, path: path) }
            output += "  </testsuite>\n"
        }
        return output + "</testsuites>\n"
    }

    /// One `<testcase>`, named by rule and position so it is unique within its file.
    static func testCase(_ diagnostic: LintDiagnostic, path: String) -> String {
        let location = diagnostic.location
        let name = XMLEscape.text("\(diagnostic.finding.ruleID) at \(location.line):\(location.column)")
        let opening = "    <testcase classname=\"\(path)\" name=\"\(name)\" file=\"\(path)\" line=\"\(location.line)\">\n"
        let text = XMLEscape.text(XcodeLintFormatter.line(diagnostic))
        if diagnostic.severity == .note {
            return opening + "      <system-out>\(text)</system-out>\n    </testcase>\n"
        }
        return opening + "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLEscape.text(diagnostic.finding.message))\">"
            + "\(text)</failure>\n    </testcase>\n"
    }
}
