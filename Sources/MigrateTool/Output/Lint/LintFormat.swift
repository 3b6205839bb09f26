import SourceScan

/// The shapes `observation-migrate lint` can print, each for the consumer named.
enum LintFormat: String, CaseIterable, Sendable {
    /// The format a file name's extension names: `.sarif` (or `.sarif.json`), `.json`; nil otherwise.
    static func inferred(fromFileName name: String) -> LintFormat? {
        let lowered = name.lowercased()
        if lowered.hasSuffix(".sarif") || lowered.hasSuffix(".sarif.json") { return .sarif }
        if lowered.hasSuffix(".json") { return .json }
        return nil
    }

    /// `path:line:col: warning: message (rule-id)`, as Xcode, SwiftPM and editors read it.
    case xcode
    /// The documented JSON document (`schemaVersion` 1), for scripts.
    case json
    /// GitHub Actions workflow commands, shown as annotations on the pull request.
    case github
    /// SARIF 2.1.0, for code scanning (GitHub, GitLab, Azure DevOps) and SARIF viewers.
    case sarif
    /// Checkstyle XML, for Jenkins' warnings plugin, Danger, reviewdog.
    case checkstyle
    /// JUnit XML: a test suite per file, a failing test case per finding.
    case junit
    /// Counts per rule, how many are fixable, as ruff's `--statistics`.
    case summary

    /// Renders `analysis` in this format. Every formatter is a pure function of its inputs.
    func render(_ analysis: Analysis, _ options: LintOptions) -> String {
        switch self {
        case .xcode: return XcodeLintFormatter.render(analysis, options)
        case .json: return JSONLintFormatter.render(analysis, options)
        case .github: return GitHubLintFormatter.render(analysis, options)
        case .sarif: return SARIFLintFormatter.render(analysis, options)
        case .checkstyle: return CheckstyleLintFormatter.render(analysis, options)
        case .junit: return JUnitLintFormatter.render(analysis, options)
        case .summary: return SummaryLintFormatter.render(analysis, options)
        }
    }
}

/// What a lint formatter needs besides the analysis.
struct LintOptions: Sendable {
    /// Severity overrides, enabled rules: the run's configuration.
    var configuration = Configuration()
    /// `--strict`: warnings are reported as errors.
    var strict = false
    /// The version SARIF and JSON name.
    var toolVersion = CommandLineTool.version
    /// The absolute working directory, which relative paths are relative to (SARIF's `%SRCROOT%`).
    var workingDirectory = "/"
    /// ANSI colour in the xcode format, for a terminal (the other formats are read by programs).
    var color = false

    /// The level a rule reports at before `--strict`: the configuration's override, else its
    /// `rules/` document's severity.
    func configuredSeverity(of ruleID: String) -> Severity { configuration.severity(of: ruleID) }

    /// The level one finding is reported at, given its rule's. A finding the rule marks as a
    /// note stays a note unless the configuration names the rule; `--strict` raises warnings,
    /// never notes.
    private func severity(of finding: Finding, ruleSeverity: Severity) -> Severity {
        var severity = finding.isNote && configuration.severityOverrides[finding.ruleID] == nil ? .note : ruleSeverity
        if strict, severity == .warning { severity = .error }
        return severity
    }

    /// Every finding with where it is and how loud, in the analysis's order.
    func diagnostics(_ analysis: Analysis) -> [LintDiagnostic] {
        // A rule's severity is read from its document's header; once per rule, not per finding,
        // since a large tree has tens of thousands of findings and a few dozen rules.
        var ruleSeverities: [String: Severity] = [:]
        return analysis.findings.map { finding in
            let ruleSeverity = ruleSeverities[finding.ruleID] ?? configuredSeverity(of: finding.ruleID)
            ruleSeverities[finding.ruleID] = ruleSeverity
            return LintDiagnostic(finding: finding, location: analysis.location(finding),
                                  severity: severity(of: finding, ruleSeverity: ruleSeverity),
                                  fix: LintDiagnostic.fix(for: finding, in: analysis))
        }
    }

    /// One line per finding, each ending in a line break: the line-oriented formats' body.
    func lines(_ analysis: Analysis, _ line: (LintDiagnostic) -> String) -> String {
        var output = ""
        for diagnostic in diagnostics(analysis) {
            output += line(diagnostic)
            output += "\n"
        }
        return output
    }

    /// Whether a run with these findings fails: anything at error level. Notes never fail.
    func fails(_ analysis: Analysis) -> Bool {
        diagnostics(analysis).contains { $0.severity == .error }
    }
}

/// One finding as every lint format shows it.
struct LintDiagnostic: Sendable {
    var finding: Finding
    var location: SourceLocation
    var severity: Severity
    /// Whether `apply` writes the fix, and with which flag; nil when it does not.
    var fix: FixAvailability?

    /// How `apply` would treat a finding's fix.
    enum FixAvailability: String, Sendable {
        /// Written by `apply`.
        case safe
        /// Written by `apply --unsafe-fixes`.
        case unsafe
    }

    /// Whether `apply` writes this finding's fix. `apply` writes a unit whole or not at all, so
    /// a safe edit in a unit that needs review is only written with `--unsafe-fixes`, and one in
    /// a blocked unit is never written; counting such edits as fixable would promise too much.
    static func fix(for finding: Finding, in analysis: Analysis) -> FixAvailability? {
        guard finding.isFixable, !finding.isNote else { return nil }
        if let unit = finding.unit, unit < analysis.units.count {
            switch analysis.units[unit].verdict {
            case .ready: return .safe
            case .needsUnsafeFixes: return .unsafe
            case .blocked: return nil
            }
        }
        // Outside units, imports change only in files a unit rewrites (`Migrator.plan`): lint
        // would promise a fix `apply` never writes.
        if finding.unit == nil, RuleCatalog.fileRules.contains(where: { $0.id == finding.ruleID }) { return nil }
        // Outside units: constraint rewrites wait for every unit to migrate in the same run.
        if let coupled = finding.coupledUnits(of: analysis.units.count) {
            let reached = coupled.filter { $0 < analysis.units.count }.map { analysis.units[$0] }
            if reached.contains(where: { $0.verdict == .blocked }) { return nil }
            if reached.contains(where: { $0.verdict == .needsUnsafeFixes }) { return .unsafe }
        }
        return finding.fixClass == .safe ? .safe : .unsafe
    }

    /// The message on one line, for formats where a line break would split a diagnostic in two.
    var singleLineMessage: String { LintText.singleLine(finding.message) }
}

/// Text helpers the line-oriented formats share.
enum LintText {
    /// `text` with every line break (`\r\n`, `\n`, `\r`) turned into a space.
    static func singleLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        var result = ""
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !previousWasCarriageReturn { result += " " }
            } else if scalar == "\r" {
                result += " "
            } else {
                result.unicodeScalars.append(scalar)
            }
            previousWasCarriageReturn = scalar == "\r"
        }
        return result
    }
}
