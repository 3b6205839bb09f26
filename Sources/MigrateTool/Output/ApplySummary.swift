/// What `apply` did (or, with `--dry-run`, would do), for people: the units written, edits by
/// rule, then the units skipped, grouped by why and in `UnitOrder`, long lists wrapped, each
/// blocker on its own line as the text report shows it.
enum ApplySummary {
    /// Lines are wrapped to this width where they list names or places.
    static let width = 100

    /// The summary; `files` are the indices of the files written (or that would be).
    static func render(_ plan: MigrationPlan, _ analysis: Analysis, files: [Int], dryRun: Bool) -> String {
        let applied = Set(plan.appliedUnits)
        // A unit "migrated" only if the run changes something for it: one already in the target
        // shape, or whose every finding is a note, is not news.
        let changed = UnitOrder.sorted(analysis.units.filter { unit in
            applied.contains(unit.id) && unit.findings.contains { position in
                let finding = analysis.findings[position]
                return finding.unit == unit.id && !finding.isNote && !finding.edits.isEmpty
                    && finding.edits.contains { plan.newContents[$0.file] != nil }
            }
        }, findings: analysis.findings)
        var text = "\(dryRun ? "would change" : "changed") \(ReportWords.count(files.count, "file")), "
            + "\(ReportWords.count(changed.count, "unit"))\n"
        for unit in changed { text += "  \(dryRun ? "would migrate" : "migrated")  \(unit.name)\n" }
        if !plan.editsByRule.isEmpty, !files.isEmpty {
            text += "edits by rule:\n"
            for (rule, count) in plan.editsByRule.sorted(by: { $0.key < $1.key }) { text += "  \(rule): \(count)\n" }
        }
        // A policy learnt from the tree is said where its edits are written, not only in `report`.
        if !changed.isEmpty, let inference = analysis.unpublishedInference, inference.hasEvidence {
            text += "unpublished stored properties: "
                + UnpublishedStoredProperty.policyLine(analysis.ruleOptions.unpublishedProperties, inference: inference) + "\n"
        }
        if !changed.isEmpty, let inference = analysis.plumbingInference, inference.hasEvidence {
            text += "unpublished plumbing: "
                + UnpublishedStoredProperty.plumbingPolicyLine(analysis.ruleOptions.plumbingProperties, inference: inference) + "\n"
        }
        if !changed.isEmpty, let inference = analysis.observationImportInference, inference.hasEvidence {
            text += "import Observation: "
                + MissingObservationImport.policyLine(analysis.ruleOptions.observationImport, inference: inference) + "\n"
        }
        if !changed.isEmpty, let inference = analysis.observableOrderInference, inference.hasEvidence {
            text += "@Observable order: "
                + ObservableAttribute.policyLine(analysis.ruleOptions.observableAttributeOrder, inference: inference) + "\n"
        }
        if !changed.isEmpty, let inference = analysis.environmentAnnotationInference, inference.hasEvidence {
            text += "@Environment type annotation: "
                + EnvironmentObjectRule.policyLine(analysis.ruleOptions.environmentTypeAnnotation, inference: inference) + "\n"
        }
        if !changed.isEmpty, let inference = analysis.stateInitializerInference, inference.hasEvidence {
            text += "State initializer label: "
                + StateObjectInit.policyLine(analysis.ruleOptions.stateInitializerLabel, inference: inference) + "\n"
        }
        return text + skipped(plan, analysis)
    }

    /// The skipped units: those needing `--unsafe-fixes` in one wrapped list, blocked ones with
    /// their blockers, any other reason with the units it applies to.
    static func skipped(_ plan: MigrationPlan, _ analysis: Analysis) -> String {
        guard !plan.skippedUnits.isEmpty else { return "" }
        let reasons = Dictionary(plan.skippedUnits.map { ($0.unit, $0.reason) }, uniquingKeysWith: { first, _ in first })
        let units = UnitOrder.sorted(plan.skippedUnits.map { analysis.units[$0.unit] }, findings: analysis.findings)
        var unsafe: [String] = []
        var blocked: [UnitSummary] = []
        var others: [(reason: String, names: [String])] = []
        for unit in units {
            let reason = reasons[unit.id]!
            if reason == "needs --unsafe-fixes" {
                unsafe.append(unit.name)
            } else if unit.verdict == .blocked, reason.hasPrefix("blocked: ") {
                blocked.append(unit)
            } else if let group = others.firstIndex(where: { $0.reason == reason }) {
                others[group].names.append(unit.name)
            } else {
                others.append((reason, [unit.name]))
            }
        }
        var text = "skipped \(ReportWords.count(units.count, "unit")):\n"
        if !unsafe.isEmpty {
            text += "  needs --unsafe-fixes (\(unsafe.count)): 'apply --unsafe-fixes' writes them after review\n"
            text += wrapped(unsafe, indent: "    ")
        }
        if !blocked.isEmpty {
            text += "  blocked (\(blocked.count)): never written; fix the blockers first\n"
            for unit in blocked { text += blockers(unit, analysis) }
        }
        for (reason, names) in others {
            text += "  \(TextReport.continued(reason, indent: "    ")) (\(names.count)):\n"
            text += wrapped(names, indent: "    ")
        }
        return text
    }

    /// One blocked unit: its name and blocker count, then each distinct blocker once with every
    /// place it occurs.
    static func blockers(_ unit: UnitSummary, _ analysis: Analysis) -> String {
        if unit.suppressed { return "    \(unit.name): \(ReportWords.suppressedReason)\n" }
        let found = unit.findings.map { analysis.findings[$0] }.filter(\.isBlocker)
        var text = "    \(unit.name): \(ReportWords.count(found.count, "blocker"))\n"
        var groups: [(key: String, message: String, places: [String])] = []
        for finding in found {
            let key = finding.ruleID + "\u{0}" + finding.message
            let place = analysis.location(finding).description
            if let group = groups.firstIndex(where: { $0.key == key }) {
                groups[group].places.append(place)
            } else {
                groups.append((key, "\(finding.message) [\(finding.ruleID)]", [place]))
            }
        }
        for group in groups {
            if group.places.count == 1 {
                text += "      \(group.places[0])  \(TextReport.continued(group.message, indent: "        "))\n"
            } else {
                text += "      \(TextReport.continued(group.message, indent: "        "))\n"
                text += wrapped(group.places, indent: "           ", firstLine: "        at ")
            }
        }
        return text
    }

    /// `items` joined by ", ", wrapped at `width`; the first line starts with `firstLine` (by
    /// default `indent`), every later one with `indent`.
    static func wrapped(_ items: [String], indent: String, firstLine: String? = nil) -> String {
        var text = ""
        var line = firstLine ?? indent
        for (position, item) in items.enumerated() {
            let piece = item + (position < items.count - 1 ? "," : "")
            if position > 0, line.count + 1 + piece.count > width {
                text += line + "\n"
                line = indent
            }
            line += (line.hasSuffix(",") ? " " : "") + piece
        }
        return text + line + "\n"
    }
}
