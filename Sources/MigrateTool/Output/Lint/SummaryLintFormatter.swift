/// Counts per rule, as ruff's `--statistics`: how many findings each rule has, how many of them
/// `apply` fixes by default and how many with `--unsafe-fixes`, most frequent first.
enum SummaryLintFormatter {
    /// One row per rule with findings, then a line of totals.
    static func render(_ analysis: Analysis, _ options: LintOptions) -> String {
        let diagnostics = options.diagnostics(analysis)
        guard !diagnostics.isEmpty else {
            return "No findings (\(ReportWords.count(analysis.swiftFileCount, "file")) scanned).\n"
        }
        struct Row {
            var rule: String
            var count = 0
            var fixable = 0
            var unsafe = 0
            var severity = Severity.note
        }
        var rows: [String: Row] = [:]
        for diagnostic in diagnostics {
            var row = rows[diagnostic.finding.ruleID] ?? Row(rule: diagnostic.finding.ruleID)
            row.count += 1
            if diagnostic.fix == .safe { row.fixable += 1 }
            if diagnostic.fix == .unsafe { row.unsafe += 1 }
            row.severity = max(row.severity, diagnostic.severity)
            rows[row.rule] = row
        }
        let ordered = rows.values.sorted { ($1.count, $0.rule) < ($0.count, $1.rule) }
        let ruleWidth = max(4, ordered.map(\.rule.count).max() ?? 0)
        func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        func left(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var output = "count  fixable  unsafe  severity  \(left("rule", ruleWidth))  summary\n"
        for row in ordered {
            let summary = RuleCatalog.metadata(row.rule)?.summary ?? ""
            let line = "\(right(String(row.count), 5))  \(right(String(row.fixable), 7))  \(right(String(row.unsafe), 6))  "
                + "\(left(row.severity.rawValue, 8))  \(left(row.rule, ruleWidth))  \(summary)"
            output += line.trimmingTrailingSpaces() + "\n"
        }
        let files = Set(diagnostics.map(\.finding.file)).count
        let fixable = ordered.reduce(0) { $0 + $1.fixable }
        let unsafe = ordered.reduce(0) { $0 + $1.unsafe }
        output += "\n\(ReportWords.count(diagnostics.count, "finding")) in \(ReportWords.count(files, "file")): "
        output += "\(fixable) fixable with `observation-migrate apply`"
        output += unsafe > 0 ? ", \(unsafe) more with `--unsafe-fixes`" : ""
        // Counting fixes apply would refuse to write would promise what the next command breaks.
        if let target = analysis.deploymentTargets.filter({ !$0.allowsObservation }).min(by: { $0.location < $1.location }) {
            output += ", once the deployment target allows Observation: apply refuses to write ("
                + "\(target.location.description): \(target.refusal)).\n"
        } else {
            output += ".\n"
        }
        return output
    }
}

private extension String {
    /// Without the spaces padding left after the last column when a rule has no summary yet.
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
