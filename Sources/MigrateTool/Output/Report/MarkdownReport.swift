/// `report --format markdown`: GitHub-flavoured Markdown sized for a pull-request comment. The
/// tables carry the figures; each unit that is not ready gets a collapsed `<details>` block with
/// its reasons, so a long list does not bury the summary. GitHub refuses a comment over 65,536
/// characters, so on a large app the report stops adding rows before that and says what it left out.
enum MarkdownReport {
    /// The most the report writes, in UTF-8 bytes (never fewer than characters): under GitHub's
    /// 65,536-character limit, with room for a bot's own header around it.
    static let commentLimit = 60_000

    /// Room kept for the note that says what was left out.
    static let noteReserve = 400

    /// One part of the comment: a heading, rows that may be cut when the comment is full, and a tail.
    struct Part {
        var head: String
        var items: [String]
        var tail: String = ""
        /// What an item is, for the note: "unit rows", "skipped paths"…
        var noun: String
    }

    /// The report as Markdown, within `commentLimit`.
    static func render(_ analysis: Analysis, options: ReportOptions) -> String {
        render(analysis, options: options, limit: commentLimit)
    }

    /// The report as Markdown, within `limit` bytes: the headline and summary always, then each
    /// part's rows while they fit, then a note naming what did not.
    static func render(_ analysis: Analysis, options: ReportOptions, limit: Int) -> String {
        let document = ReportDocument(analysis, options: options)
        var text = headline(document) + "\n" + summaryTable(document)
        var used = text.utf8.count
        var omitted: [String] = []
        for part in parts(document) {
            let head = "\n" + part.head
            guard used + head.utf8.count + part.tail.utf8.count + noteReserve <= limit else {
                if !part.items.isEmpty { omitted.append("\(part.items.count) \(part.noun)") }
                continue
            }
            text += head
            used += head.utf8.count
            var shown = 0
            for item in part.items {
                let size = item.utf8.count
                if used + size + part.tail.utf8.count + noteReserve > limit { break }
                text += item
                used += size
                shown += 1
            }
            text += part.tail
            used += part.tail.utf8.count
            if shown < part.items.count { omitted.append("\(part.items.count - shown) \(part.noun)") }
        }
        if !omitted.isEmpty {
            text += "\n> Left out to fit a pull-request comment: " + omitted.joined(separator: ", ")
                + ". `observation-migrate report --format html` shows everything.\n"
        }
        return text
    }

    /// The parts after the summary, most useful first.
    static func parts(_ document: ReportDocument) -> [Part] {
        var parts = [unitsTable(document)]
        let detailed = document.units.filter { $0.summary.verdict != .ready || !$0.notes.isEmpty }
        if !detailed.isEmpty {
            parts.append(Part(head: "### Units to look at\n\n",
                              items: detailed.enumerated().map { ($0.offset == 0 ? "" : "\n") + details($0.element, document) },
                              noun: "unit details"))
        }
        if !document.treeItems.isEmpty {
            parts.append(Part(head: "### Not in any unit\n\n", items: document.treeItems.map { reason(document.items[$0]) },
                              noun: "findings outside units"))
        }
        if !document.rules.isEmpty { parts.append(rulesTable(document)) }
        if !document.problems.isEmpty {
            parts.append(Part(head: "### Skipped paths\n\n", items: document.problems.map {
                "- \(ReportEscape.markdownCode($0.path)): \(ReportEscape.markdown($0.reason))\n"
            }, noun: "skipped paths"))
        }
        return parts
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
        if let refusals = ReportWords.deploymentRefusals(figures) { rows.append(("— ⛔ refused by apply", ReportEscape.markdown(refusals))) }
        rows.append(("Findings", "\(figures.findings): \(figures.safe) safe, \(figures.review) review, \(figures.manual) manual "
            + "(\(ReportWords.count(figures.blockers, "blocker"))), \(ReportWords.count(figures.notes, "note"))"))
        if document.deploymentTargets.isEmpty {
            rows.append(("Deployment target", "none found (Observation needs iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)"))
        }
        for entry in document.platformTargets {
            let target = entry.lowest
            let mark = target.allowsObservation ? "✅" : "⛔"
            let more = entry.settings == 1 ? "" : ", lowest of \(entry.settings) settings"
            rows.append(("Deployment target", "\(mark) \(ReportEscape.markdown(target.described)): "
                + "\(ReportWords.deploymentVerdict(target)) (\(ReportEscape.markdownCode(target.location.description, inTable: true))\(more))"))
        }
        rows.append(("Configuration", ReportEscape.markdown(document.configurationLine)))
        rows.append(("Unpublished stored properties", ReportEscape.markdown(document.unpublishedPolicyLine)))
        rows.append(("Unpublished plumbing", ReportEscape.markdown(document.plumbingPolicyLine)))
        rows.append(("import Observation", ReportEscape.markdown(document.observationImportLine)))
        rows.append(("@Observable order", ReportEscape.markdown(document.observableOrderLine)))
        rows.append(("@Environment type annotation", ReportEscape.markdown(document.environmentAnnotationLine)))
        rows.append(("State initializer label", ReportEscape.markdown(document.stateInitializerLine)))
        rows.append(("View properties", ReportEscape.markdown(document.viewPropertiesLine)))
        rows.append(("Manual sends", ReportEscape.markdown(document.manualSendsLine)))
        if !document.problems.isEmpty { rows.append(("Skipped paths", "\(document.problems.count)")) }
        if !document.outsideBuild.isEmpty { rows.append(("Outside the build", ReportEscape.markdown(ReportWords.outsideBuild(document.outsideBuild)))) }
        return "| | |\n|---|---:|\n" + rows.map { "| \($0.0) | \($0.1) |\n" }.joined()
    }

    /// Every unit, one row each.
    static func unitsTable(_ document: ReportDocument) -> Part {
        if document.units.isEmpty {
            return Part(head: "### Units\n\nNo `ObservableObject` model is declared in the scanned tree.\n", items: [], noun: "unit rows")
        }
        let rows = document.units.map { entry in
            let summary = entry.summary
            return "| \(ReportEscape.markdownCode(summary.name, inTable: true)) | \(verdict(summary.verdict)) | "
                + "\(ReportEscape.markdownCode(summary.declaredAt.description, inTable: true)) | \(summary.siteCount) | "
                + "\(summary.fileCount) | \(entry.blockers.count) | \(entry.reviews.count) |\n"
        }
        return Part(head: "### Units\n\n| Model | Verdict | Declared at | Sites | Files | Blockers | Review |\n|---|---|---|---:|---:|---:|---:|\n",
                    items: rows, noun: "unit rows")
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
            + "\(ReportWords.reach(summary)).\n\n"
        if summary.suppressed { text += "- ⛔ **blocker**: \(ReportEscape.markdown(ReportWords.suppressedReason))\n" }
        if let refusal = entry.deploymentRefusal { text += "- ⛔ \(ReportEscape.markdown(refusal))\n" }
        for position in entry.appReasons { text += reason(document.items[position]) }
        if !entry.previewReviews.isEmpty {
            text += "- ⚠️ **review** \(ReportEscape.markdown(ReportWords.previewHeading(entry.previewReviews.count))) "
                + "(\(ReportEscape.markdownCode(Previews.id))):\n"
            for position in entry.previewReviews {
                let item = document.items[position]
                text += "  - \(ReportEscape.markdownCode(item.location.description)): \(ReportEscape.markdown(item.message))\n"
            }
        }
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

    /// Findings by rule, collapsed: useful for triage, noisy in a comment.
    static func rulesTable(_ document: ReportDocument) -> Part {
        Part(head: "<details>\n<summary>Findings by rule</summary>\n\n| Rule | Count | Class |\n|---|---:|---|\n",
             items: document.rules.map { "| \(ReportEscape.markdownCode($0.ruleID, inTable: true)) | \($0.count) | \($0.classLabel) |\n" },
             tail: "\n</details>\n", noun: "rule rows")
    }
}
