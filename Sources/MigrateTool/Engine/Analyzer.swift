import SourceScan

/// A file's contents handed to the analyzer: from disk at the edge, from strings in tests.
struct SourceInput: Sendable {
    /// The path shown to the user.
    var path: String
    var bytes: [UInt8]
}

/// Runs the pipeline on a tree: lex and structure every file (both cores), index the tree,
/// group units, run every rule, apply suppressions, and give each unit its verdict.
enum Analyzer {
    /// Analyzes Swift sources and project files already in memory; pure, for tests and `apply`.
    static func analyze(swift: [SourceInput], projectFiles: [SourceInput] = [], problems: [FileProblem] = [],
                        configuration: Configuration = Configuration()) -> Analysis {
        let structures = concurrentMap(swift) { FileStructure(SourceFile(path: $0.path, bytes: $0.bytes)) }
        let extraProjectFiles = projectFiles.filter { !$0.path.hasSuffix(".swift") }
            .map { FileStructure(SourceFile(path: $0.path, bytes: $0.bytes)) }
        return analyze(structures: structures, extraProjectFiles: extraProjectFiles,
                       packageManifests: projectFiles.filter { $0.path.hasSuffix(".swift") }.map(\.path), problems: problems,
                       configuration: configuration)
    }

    /// Analyzes structured files; `extraProjectFiles` (Xcode settings) are appended after them.
    static func analyze(structures: [FileStructure], extraProjectFiles: [FileStructure], packageManifests: [String],
                        problems: [FileProblem], configuration: Configuration = Configuration()) -> Analysis {
        let index = PhaseTimer.measure("index") { TreeIndex(files: structures) }
        let units = PhaseTimer.measure("units") { MigrationUnits(index: index) }
        var projectFiles: [(index: Int, structure: FileStructure)] = []
        for (position, structure) in structures.enumerated() where packageManifests.contains(structure.source.path) {
            projectFiles.append((position, structure))
        }
        for (offset, structure) in extraProjectFiles.enumerated() {
            projectFiles.append((structures.count + offset, structure))
        }
        let context = RuleContext(index: index, units: units, projectFiles: projectFiles,
                                  assumedDeploymentTargets: configuration.deploymentTarget,
                                  unpublishedProperties: configuration.unpublishedProperties)
        var findings = RuleCatalog.all.flatMap { rule in PhaseTimer.measure("rule \(rule.id)") { rule.init().check(context) } }

        let allFiles = structures + extraProjectFiles
        let lineMaps = concurrentMap(allFiles) { LineMap($0.source.bytes) }
        var analysis = Analysis(files: allFiles, displayPaths: allFiles.map { displayPath($0.source.path) }, lineMaps: lineMaps,
                                findings: [], units: [], deploymentTargets: [], problems: problems)

        // Suppressions: drop what they silence; a unit whose fix was silenced is left alone.
        var suppressions = PhaseTimer.measure("suppressions") {
            Suppressions(files: allFiles, lineMaps: lineMaps, knownRules: Set(RuleCatalog.ids))
        }
        var suppressedUnits = Set<Int>()
        var kept: [Finding] = []
        for finding in findings {
            let line = lineMaps[finding.file].location(of: finding.offset).line
            if !configuration.isEnabled(finding.ruleID) {
                // A disabled rule's fix is not written, so its unit cannot be written whole.
                if let unit = finding.unit, !finding.edits.isEmpty { suppressedUnits.insert(unit) }
                continue
            }
            if suppressions.suppresses(ruleID: finding.ruleID, file: finding.file, line: line) {
                analysis.suppressedCount += 1
                if let unit = finding.unit, !finding.edits.isEmpty { suppressedUnits.insert(unit) }
                continue
            }
            kept.append(finding)
        }
        // Rules about the suppressions themselves (stale ones) run now; their findings can be suppressed too.
        for case let rule as any SuppressionAuditRule.Type in RuleCatalog.all {
            for finding in rule.findings(for: suppressions) where configuration.isEnabled(finding.ruleID) {
                let line = lineMaps[finding.file].location(of: finding.offset).line
                if suppressions.suppresses(ruleID: finding.ruleID, file: finding.file, line: line) {
                    analysis.suppressedCount += 1
                } else {
                    kept.append(finding)
                }
            }
        }
        findings = kept
        findings.sort(by: inLocationOrder)
        var summaries = summarize(units: units, index: index, findings: findings, suppressed: suppressedUnits, analysis: analysis)
        // Coupled units change together: a blocked one blocks its partners, each told why by the
        // rule that couples them.
        var coupling = UnitCoupling(findings: findings, unitCount: units.units.count)
        let blocked = Set(summaries.filter { $0.verdict == .blocked }.map(\.id))
        let added = coupling.propagation(from: blocked).map { step in
            let group = coupling.groups[step.group]
            let (cause, unit, partner) = (findings[group.finding], summaries[step.unit], summaries[step.cause])
            let rule = RuleCatalog.rule(withID: group.ruleID) as? any CouplingRule.Type
            return rule?.couplingBlocker(cause, unit: unit, blockedPartner: partner)
                ?? UnitCoupling.blocker(cause, unit: unit, blockedPartner: partner)
        }
        if !added.isEmpty {
            var numbered = findings.enumerated().map { (finding: $0.element, position: Optional($0.offset)) }
            numbered += added.map { (finding: $0, position: nil) }
            numbered.sort { inLocationOrder($0.finding, $1.finding) }
            findings = numbered.map(\.finding)
            var newPositions = Array(repeating: 0, count: findings.count - added.count)
            for (newPosition, entry) in numbered.enumerated() { if let old = entry.position { newPositions[old] = newPosition } }
            coupling.renumberFindings { newPositions[$0] }
            summaries = summarize(units: units, index: index, findings: findings, suppressed: suppressedUnits, analysis: analysis)
        }
        analysis.findings = findings
        analysis.units = summaries
        analysis.coupling = coupling
        for case let rule as any AnalysisFactRule.Type in RuleCatalog.all { rule.recordFacts(in: &analysis, context: context) }
        return analysis
    }

    /// Each unit's summary and verdict: blocked by any blocker, needing `--unsafe-fixes` when any
    /// finding is review, ready otherwise. Notes do not count.
    static func summarize(units: MigrationUnits, index: TreeIndex, findings: [Finding], suppressed: Set<Int>,
                          analysis: Analysis) -> [UnitSummary] {
        var byUnit: [Int: [Int]] = [:]
        for (position, finding) in findings.enumerated() {
            for unit in ([finding.unit].compactMap { $0 } + finding.alsoUnits) { byUnit[unit, default: []].append(position) }
        }
        return units.units.map { unit in
            let own = byUnit[unit.id] ?? []
            let relevant = own.map { findings[$0] }.filter { !$0.isNote }
            let verdict: Verdict
            if relevant.contains(where: \.isBlocker) || suppressed.contains(unit.id) {
                verdict = .blocked
            } else if relevant.contains(where: { $0.fixClass == .review || $0.fixClass == .manual }) {
                verdict = .needsUnsafeFixes
            } else {
                verdict = .ready
            }
            let anchor = unit.protocols.first ?? unit.classes.first!
            let declaration = index.types.declaration(anchor)
            let file = index.files[anchor.file]
            let sites = unit.usageSites
            var files = Set(sites.map(\.file))
            for id in unit.classes + unit.protocols { files.insert(id.file) }
            for (extensionID, _) in unit.conformanceExtensions { files.insert(extensionID.file) }
            var summary = UnitSummary(
                id: unit.id, name: unit.name,
                members: (unit.classes + unit.protocols).compactMap { index.types.symbol($0)?.qualifiedName },
                declaredAt: analysis.location(file: anchor.file, offset: Int(file.tokens[declaration.keyword].start)),
                siteCount: sites.count, fileCount: files.count, verdict: verdict, findings: own)
            summary.suppressed = suppressed.contains(unit.id)
            return summary
        }
    }

    /// Findings by file, offset, rule and message: the order every output shows.
    static func inLocationOrder(_ left: Finding, _ right: Finding) -> Bool {
        (left.file, left.offset, left.ruleID, left.message) < (right.file, right.offset, right.ruleID, right.message)
    }

    /// A path as the user should see it: relative to the working directory when inside it.
    static func displayPath(_ path: String) -> String {
        var result = path
        let directory = FileSystem.currentDirectory()
        if result.hasPrefix(directory + "/") { result = String(result.dropFirst(directory.count + 1)) }
        while result.hasPrefix("./") { result = String(result.dropFirst(2)) }
        return result
    }
}
