/// `report --format markdown`: GitHub-flavoured Markdown sized for a pull-request comment. The
/// tables carry the figures; each unit that is not ready gets a collapsed `<details>` block with
/// its reasons, so a long list does not bury the summary.
enum MarkdownReport {
    /// The report as Markdown.
    static func render(_ analysis: Analysis, options: ReportOptions) -> String {
        let document = ReportDocument(analysis, options: options)
        var sections = [headline(document), summaryTable(document), unitsTable(document)]
        let detailed = document.units.filter { $0.summary.verdict != .ready || !$0.notes.isEmpty }
        if !detailed.isEmpty { sections.append("### Units to look at\n\n" + detailed.map { details($0, document) }.joined(separator: "\n")) }
        if !document.treeItems.isEmpty { sections.append(treeFindings(document)) }
        if !document.rules.isEmpty { sections.append(rulesTable(document)) }
        if !document.problems.isEmpty { sections.append(problems(document)) }
        return sections.joined(separator: "\n")
    }

    /// A verdict with a symbol that reads at a glance in a table.
    static func verdict(_ verdict: Verdict) -> String {
        switch verdict {
        case .ready: return "✅ ready"
        case .needsUnsafeFixes: return "⚠️ needs `--unsafe-fixes`"
        case .blocked: return "⛔ blocked"
        }
    }

    /// The heading and the one-line outcome.
    static func headline(_ document: ReportDocument) -> String {
        let figures = document.figures
        let verdicts = Verdict.allCases.map { "\(figures.count($0)) \(verdict($0))" }.joined(separator: " · ")
        return "## Observation migration report\n\n**\(ReportWords.count(figures.units, "unit"))** in "
            + "\(ReportWords.count(figures.swiftFiles, "Swift file")): \(verdicts)\n"
    }

    /// The summary figures as a two-column table.
    static func summaryTable(_ document: ReportDocument) -> String {
        let figures = document.figures
        var rows: [(String, String)] = [
            ("Swift files scanned", "\(figures.swiftFiles)"),
            ("Lines", "\(figures.lines)"),
            ("Models", ReportWords.count(figures.models, "class", "classes")
                + (figures.protocols > 0 ? ", \(ReportWords.count(figures.protocols, "protocol"))" : "")),
            ("Units", "\(figures.units)"),
        ]
        for verdict in Verdict.allCases { rows.append(("— " + self.verdict(verdict), "\(figures.count(verdict))")) }
        rows.append(("Findings", "\(figures.findings): \(figures.safe) safe, \(figures.review) review, \(figures.manual) manual "
            + "(\(ReportWords.count(figures.blockers, "blocker"))), \(ReportWords.count(figures.notes, "note"))"))
        if document.deploymentTargets.isEmpty {
            rows.append(("Deployment target", "none found (Observation needs iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)"))
        }
        for entry in document.platformTargets {
            let target = entry.lowest
            let mark = target.allowsObservation ? "✅" : "⛔"
            let more = entry.settings == 1 ? "" : ", lowest of \(entry.settings) settings"
            rows.append(("Deployment target", "\(mark) \(ReportEscape.markdown(target.platform)) \(ReportEscape.markdown(target.version)): "
                + "\(ReportWords.deploymentVerdict(target)) (\(ReportEscape.markdownCode(target.location.description, inTable: true))\(more))"))
        }
        if !document.problems.isEmpty { rows.append(("Skipped paths", "\(document.problems.count)")) }
        return "| | |\n|---|---:|\n" + rows.map { "| \($0.0) | \($0.1) |\n" }.joined()
    }

    /// Every unit, one row each.
    static func unitsTable(_ document: ReportDocument) -> String {
        var text = "### Units\n\n"
        if document.units.isEmpty { return text + "No `ObservableObject` model is declared in the scanned tree.\n" }
        text += "| Model | Verdict | Declared at | Sites | Files | Blockers | Review |\n|---|---|---|---:|---:|---:|---:|\n"
        for entry in document.units {
            let summary = entry.summary
            text += "| \(ReportEscape.markdownCode(summary.name, inTable: true)) | \(verdict(summary.verdict)) | "
                + "\(ReportEscape.markdownCode(summary.declaredAt.description, inTable: true)) | \(summary.siteCount) | "
                + "\(summary.fileCount) | \(entry.blockers.count) | \(entry.reviews.count) |\n"
        }
        return text
    }

    /// A collapsed block with a unit's reasons.
    static func details(_ entry: ReportDocument.UnitEntry, _ document: ReportDocument) -> String {
        let summary = entry.summary
        // `<summary>` is raw HTML: Markdown is not rendered inside it, so it is HTML-escaped.
        var counts: [String] = []
        if !entry.blockers.isEmpty { counts.append(ReportWords.count(entry.blockers.count, "blocker")) }
        if !entry.reviews.isEmpty { counts.append(ReportWords.count(entry.reviews.count, "review reason")) }
        if !entry.notes.isEmpty { counts.append(ReportWords.count(entry.notes.count, "note")) }
        let verdictText = ReportEscape.html(summary.verdict.rawValue)
        var text = "<details>\n<summary><b>\(ReportEscape.html(summary.name))</b>: \(verdictText)"
            + (counts.isEmpty ? "" : ", " + counts.joined(separator: ", ")) + "</summary>\n\n"
        text += "Declared at \(ReportEscape.markdownCode(summary.declaredAt.description)); "
            + "\(ReportWords.count(summary.siteCount, "site")) in \(ReportWords.count(summary.fileCount, "file")).\n\n"
        if summary.suppressed { text += "- ⛔ **blocker**: \(ReportEscape.markdown(ReportWords.suppressedReason))\n" }
        for position in entry.reasons { text += reason(document.items[position]) }
        return text + "\n</details>\n"
    }

    /// One reason as a list item; the suggestion on a continuation line.
    static func reason(_ item: ReportDocument.Item) -> String {
        let symbols = ["blocker": "⛔", "manual": "⛔", "review": "⚠️", "safe": "✅"]
        let label = "\(symbols[item.label] ?? "ℹ️") **\(item.label)**"
        var text = "- \(label) \(ReportEscape.markdownCode(item.location.description)): \(ReportEscape.markdown(item.message)) "
            + "(\(ReportEscape.markdownCode(item.ruleID)))\n"
        if let suggestion = item.suggestion { text += "  write instead: \(ReportEscape.markdownCode(suggestion))\n" }
        return text
    }

    /// Findings that belong to no unit.
    static func treeFindings(_ document: ReportDocument) -> String {
        "### Not in any unit\n\n" + document.treeItems.map { reason(document.items[$0]) }.joined()
    }

    /// Findings by rule, collapsed: useful for triage, noisy in a comment.
    static func rulesTable(_ document: ReportDocument) -> String {
        var text = "<details>\n<summary>Findings by rule</summary>\n\n| Rule | Count | Class |\n|---|---:|---|\n"
        for row in document.rules {
            text += "| \(ReportEscape.markdownCode(row.ruleID, inTable: true)) | \(row.count) | \(row.fixClass.rawValue) |\n"
        }
        return text + "\n</details>\n"
    }

    /// Paths that could not be scanned.
    static func problems(_ document: ReportDocument) -> String {
        "### Skipped paths\n\n" + document.problems.map {
            "- \(ReportEscape.markdownCode($0.path)): \(ReportEscape.markdown($0.reason))\n"
        }.joined()
    }
}
