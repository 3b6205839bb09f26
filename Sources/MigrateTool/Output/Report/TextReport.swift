/// ANSI styling that turns into plain text when colour is off, so the layout code is written once.
struct ReportStyle: Sendable {
    var color: Bool

    /// `text` wrapped in the SGR `code`, or unchanged without colour.
    func apply(_ code: String, _ text: String) -> String {
        color && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Headings and unit names.
    func bold(_ text: String) -> String { apply("1", text) }
    /// Rule ids and labels a reader can skip.
    func dim(_ text: String) -> String { apply("2", text) }
    /// Blockers, blocked units, targets below Observation's.
    func red(_ text: String) -> String { apply("31", text) }
    /// Ready units and targets that allow Observation.
    func green(_ text: String) -> String { apply("32", text) }
    /// Units and reasons that need review.
    func yellow(_ text: String) -> String { apply("33", text) }
    /// Notes.
    func cyan(_ text: String) -> String { apply("36", text) }

    /// A verdict (or `text` standing for it) in its colour: green to go, yellow to look at, red to stop.
    func verdict(_ verdict: Verdict, text: String? = nil) -> String {
        let shown = text ?? verdict.rawValue
        switch verdict {
        case .ready: return green(shown)
        case .needsUnsafeFixes: return yellow(shown)
        case .blocked: return red(shown)
        }
    }

    /// A finding's label (`blocker`, `review`, `manual`, `note`, `safe`), padded to line up, in
    /// the colour of the verdict it leads to.
    func label(_ label: String) -> String {
        let padded = label.padding(toLength: 7)
        switch label {
        case "blocker", "manual": return red(padded)
        case "review": return yellow(padded)
        case "safe": return green(padded)
        default: return cyan(padded)
        }
    }
}

/// `report` (text, the default): a summary a person reads in a terminal, then every unit with
/// the reasons it is not ready, then findings that belong to no unit and paths that were skipped.
enum TextReport {
    /// The report as text; ANSI colour only when `options.color`.
    static func render(_ analysis: Analysis, options: ReportOptions) -> String {
        let document = ReportDocument(analysis, options: options)
        let style = ReportStyle(color: options.color)
        var sections = [headline(document, style), summary(document, style), rules(document, style), units(document, style)]
        if !document.treeItems.isEmpty { sections.append(treeFindings(document, style)) }
        if !document.problems.isEmpty { sections.append(problems(document, style)) }
        return sections.joined(separator: "\n")
    }

    /// The first line: what was scanned and the outcome in one breath.
    static func headline(_ document: ReportDocument, _ style: ReportStyle) -> String {
        let figures = document.figures
        return style.bold("Observation migration report") + ": "
            + ReportWords.count(figures.swiftFiles, "Swift file") + ", " + ReportWords.count(figures.units, "unit") + "\n"
    }

    /// The summary figures, as label/value rows.
    static func summary(_ document: ReportDocument, _ style: ReportStyle) -> String {
        let figures = document.figures
        var rows: [(String, [String])] = []
        rows.append(("Files scanned", ["\(ReportWords.count(figures.swiftFiles, "Swift file")), \(ReportWords.count(figures.lines, "line"))"
            + (figures.projectFiles > 0 ? ", \(ReportWords.count(figures.projectFiles, "project settings file"))" : "")]))
        var models = "\(ReportWords.count(figures.models, "class", "classes")) in \(ReportWords.count(figures.units, "unit"))"
        if figures.protocols > 0 { models += " (and \(ReportWords.count(figures.protocols, "protocol")))" }
        rows.append(("Models", [models]))
        rows.append(("Units", verdictRows(figures, style) + [ReportWords.deploymentRefusals(figures)].compactMap { $0 }))
        rows.append(("Findings", [findingsLine(figures)]))
        rows.append(("Deployment target", deploymentLines(document, style)))
        rows.append(("Configuration", [document.configurationLine]))
        rows.append(("Unpublished vars", [document.unpublishedPolicyLine]))
        rows.append(("Plumbing vars", [document.plumbingPolicyLine]))
        rows.append(("import Observation", [document.observationImportLine]))
        rows.append(("@Observable order", [document.observableOrderLine]))
        rows.append(("@Environment type", [document.environmentAnnotationLine]))
        rows.append(("State(…) label", [document.stateInitializerLine]))
        rows.append(("View properties", [document.viewPropertiesLine]))
        rows.append(("Manual sends", [document.manualSendsLine]))
        if !document.problems.isEmpty {
            rows.append(("Skipped", ["\(ReportWords.count(document.problems.count, "path")) (listed at the end)"]))
        }
        if !document.outsideBuild.isEmpty { rows.append(("Outside the build", [ReportWords.outsideBuild(document.outsideBuild)])) }
        var text = style.bold("SUMMARY") + "\n"
        for (label, values) in rows {
            for (position, value) in values.enumerated() {
                let prefix = position == 0 ? label.padding(toLength: 19) : String(repeating: " ", count: 19)
                text += "  " + prefix + " " + value + "\n"
            }
        }
        return text
    }

    /// One row per verdict, counts aligned: `ready                   1`.
    static func verdictRows(_ figures: ReportDocument.Figures, _ style: ReportStyle) -> [String] {
        Verdict.allCases.map { verdict in
            let count = figures.count(verdict)
            let label = verdict.rawValue.padding(toLength: 21)
            // Only non-zero rows are coloured, so the eye goes to what is there.
            let colored = count > 0 ? style.verdict(verdict, text: label) : label
            return colored + String(count).leftPadding(toLength: 5)
        }
    }

    /// `14: 9 safe, 2 review, 2 manual (1 blocker), 1 note`.
    static func findingsLine(_ figures: ReportDocument.Figures) -> String {
        "\(figures.findings): \(figures.safe) safe, \(figures.review) review, \(figures.manual) manual "
            + "(\(ReportWords.count(figures.blockers, "blocker"))), \(ReportWords.count(figures.notes, "note"))"
    }

    /// One line per deployment target, or the assumption made when there is none.
    static func deploymentLines(_ document: ReportDocument, _ style: ReportStyle) -> [String] {
        if document.deploymentTargets.isEmpty {
            return ["none found in Package.swift or Xcode settings; Observation needs iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1"]
        }
        return document.platformTargets.map { entry in
            let target = entry.lowest
            let verdict = ReportWords.deploymentVerdict(target)
            let place = entry.settings == 1 ? target.location.description
                : "\(target.location.description), lowest of \(entry.settings) settings"
            return "\(ReportEscape.terminal(target.described)) (\(ReportEscape.terminal(place))): "
                + (target.allowsObservation ? style.green(verdict) : style.red(verdict))
        }
    }

    /// Findings by rule: count, the rule's fix class, the rule id.
    static func rules(_ document: ReportDocument, _ style: ReportStyle) -> String {
        var text = style.bold("FINDINGS BY RULE") + "\n"
        if document.rules.isEmpty { return text + "  none\n" }
        text += style.dim("  count  class   rule") + "\n"
        for row in document.rules {
            text += "  " + String(row.count).leftPadding(toLength: 5) + "  " + row.classLabel.padding(toLength: 6) + "  " + row.ruleID + "\n"
        }
        return text
    }

    /// Every unit: name and verdict, where declared, sites and files, then its reasons.
    static func units(_ document: ReportDocument, _ style: ReportStyle) -> String {
        var text = style.bold("UNITS") + "\n"
        if document.units.isEmpty { return text + "  no ObservableObject model is declared in the scanned tree\n" }
        for (position, entry) in document.units.enumerated() {
            if position > 0 { text += "\n" }
            text += unit(entry, document, style)
        }
        return text
    }

    /// One unit's block.
    static func unit(_ entry: ReportDocument.UnitEntry, _ document: ReportDocument, _ style: ReportStyle) -> String {
        let summary = entry.summary
        var text = style.bold(ReportEscape.terminal(summary.name)) + " · " + style.verdict(summary.verdict) + "\n"
        text += "  declared at \(summary.declaredAt.description)\n"
        if let selection = copySelection(summary, document) { text += "  " + selection + "\n" }
        // Members that say why they move with the unit get a line each; the rest share one.
        let others = summary.members.filter { $0 != summary.name }
        let plain = others.filter { summary.memberReasons[$0] == nil }
        if !plain.isEmpty { text += "  with \(plain.map(ReportEscape.terminal).joined(separator: ", "))\n" }
        for (members, reason) in summary.membersByReason {
            text += "  with \(members.map(ReportEscape.terminal).joined(separator: ", ")): " + continued(reason, indent: "    ") + "\n"
        }
        text += "  \(ReportWords.reach(summary)); "
            + "\(ReportWords.count(entry.safeCount, "safe edit"))\n"
        if summary.suppressed { text += "  " + style.label("blocker") + "  " + ReportWords.suppressedReason + "\n" }
        if let refusal = entry.deploymentRefusal { text += "  " + refusal + "\n" }
        for position in entry.appReasons {
            text += reason(document.items[position], style)
        }
        if !entry.previewReviews.isEmpty { text += previewReasons(entry.previewReviews.map { document.items[$0] }, style) }
        return text
    }

    /// For a unit whose name another unit shares (one model per target: an app and its watch
    /// app, an old app folder beside the new one), the modules compiling it and the `--type`
    /// that writes this copy only; nil otherwise, or when the build names no module.
    static func copySelection(_ summary: UnitSummary, _ document: ReportDocument) -> String? {
        let copies = document.units.filter { $0.summary.name == summary.name }.count
        guard copies > 1, let root = summary.memberDeclarations.first(where: { $0.name == summary.name }), !root.modules.isEmpty else {
            return nil
        }
        // Any one module compiling it names it: no other copy is in that module.
        let modules = root.modules.map(ReportEscape.terminal).joined(separator: ", ")
        return "one of \(copies) models of this name; "
            + "compiled by \(modules): apply --type \(ReportEscape.terminal(root.modules[0] + "." + summary.name)) writes this one only"
    }

    /// The review reasons in preview code, as one group: a heading saying so, then one line each.
    static func previewReasons(_ items: [ReportDocument.Item], _ style: ReportStyle) -> String {
        let indent = String(repeating: " ", count: 11)
        var text = "  " + style.label("review") + "  " + ReportWords.previewHeading(items.count) + " " + style.dim("[\(Previews.id)]") + "\n"
        for item in items {
            text += indent + item.location.description + "  " + continued(item.message, indent: indent + "  ") + "\n"
        }
        return text
    }

    /// A blocker, review reason or note: role, location, message, rule, and what to write instead.
    static func reason(_ item: ReportDocument.Item, _ style: ReportStyle) -> String {
        let indent = String(repeating: " ", count: 11)
        var text = "  " + style.label(item.label) + "  " + item.location.description + "  "
            + continued(item.message, indent: indent) + " " + style.dim("[\(item.ruleID)]") + "\n"
        if let suggestion = item.suggestion {
            text += indent + style.dim("write instead:") + " " + continued(suggestion, indent: indent + "               ") + "\n"
        }
        return text
    }

    /// Findings that belong to no unit.
    static func treeFindings(_ document: ReportDocument, _ style: ReportStyle) -> String {
        var text = style.bold("NOT IN ANY UNIT") + "\n"
        for position in document.treeItems { text += reason(document.items[position], style) }
        return text
    }

    /// Paths that could not be scanned (also printed on stderr as they were met).
    static func problems(_ document: ReportDocument, _ style: ReportStyle) -> String {
        var text = style.bold("SKIPPED") + "\n"
        for problem in document.problems {
            text += "  " + ReportEscape.terminal(problem.path) + ": " + ReportEscape.terminal(problem.reason) + "\n"
        }
        return text
    }

    /// Terminal-safe text whose later lines are indented under the first.
    static func continued(_ text: String, indent: String) -> String {
        ReportEscape.terminal(text).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
    }
}

/// Column alignment for the text report (fileprivate: other outputs have their own needs).
extension String {
    /// The string padded with spaces on the right to `length` characters (never truncated).
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }

    /// The string padded with spaces on the left to `length` characters (never truncated).
    fileprivate func leftPadding(toLength length: Int) -> String {
        count >= length ? self : String(repeating: " ", count: length - count) + self
    }
}
