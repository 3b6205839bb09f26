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
                        configuration: Configuration = Configuration(), build: BuildGraph? = nil) -> Analysis {
        let structures = concurrentMap(swift) { FileStructure(SourceFile(path: $0.path, bytes: $0.bytes)) }
        let extraProjectFiles = projectFiles.filter { !$0.path.hasSuffix(".swift") }
            .map { FileStructure(SourceFile(path: $0.path, bytes: $0.bytes)) }
        let graph = build ?? inMemoryGraph(swift: swift, projectFiles: projectFiles, configuration: configuration)
        return analyze(structures: structures, extraProjectFiles: extraProjectFiles,
                       problems: problems,
                       configuration: configuration, build: graph)
    }

    /// The build graph of sources held in memory: their manifests and projects, `.xcconfig`
    /// files looked up among `projectFiles`.
    static func inMemoryGraph(swift: [SourceInput], projectFiles: [SourceInput], configuration: Configuration) -> BuildGraph? {
        let directory = FileSystem.currentDirectory()
        let descriptions = projectFiles.filter { PathName.lastComponent($0.path) == "Package.swift" || $0.path.hasSuffix(".pbxproj") }
        guard !descriptions.isEmpty else { return nil }
        let byPath = Dictionary(projectFiles.map { (PathName.absolute($0.path, in: directory), $0.bytes) }, uniquingKeysWith: { first, _ in first })
        let files = swift.map { PathName.absolute($0.path, in: directory) }
        let loaded = BuildGraphLoader.build(
            descriptions.map { .init(path: PathName.absolute($0.path, in: directory), bytes: $0.bytes) }, swiftFiles: files,
            configuration: configuration, readFile: { byPath[$0] },
            folderExists: { folder in files.contains { PathName.isInside($0, folder: folder) } })
        return loaded.graph
    }

    /// Analyzes structured files; `extraProjectFiles` (Xcode settings) are appended after them.
    static func analyze(structures: [FileStructure], extraProjectFiles: [FileStructure],
                        problems: [FileProblem], configuration: Configuration = Configuration(), build: BuildGraph? = nil,
                        typesDeclaredOutside: Set<String> = [], declaredOutsideBuild: [String: String] = [:],
                        unscanned: [UnscannedFile] = []) -> Analysis {
        // A file nested past the parser's limit has no declarations; it is skipped and named. It
        // holds no site anyone compiles: the Swift parser stops at the same depth.
        var problems = problems
        problems += structures.compactMap(FileProblem.nesting(of:))
        let structures = structures.filter { $0.excessiveNesting == nil }
        let modules = build.flatMap { ModuleTable.fileModules(for: structures, in: $0) }
        let index = PhaseTimer.measure("index") { TreeIndex(files: structures, modules: modules, typesDeclaredOutside: typesDeclaredOutside) }
        let units = PhaseTimer.measure("units") { MigrationUnits(index: index, observableTypes: Set(configuration.observableTypes)) }
        let deployments = build.map { deploymentFacts($0, files: structures + extraProjectFiles) } ?? []
        // Each structured file's modules, as the index holds them (a trivial graph's one module otherwise).
        let modulesOfFile: (Int) -> [Int] = { file in
            modules.map { $0.own[file].map(Int.init) } ?? (build?.modules.isEmpty == false ? [0] : [])
        }
        let context = RuleContext(index: index, units: units, deployments: deployments, options: configuration.ruleOptions,
                                  mainActorByDefaultFiles: build.map { mainActorByDefaultFiles($0, fileCount: structures.count, modulesOfFile: modulesOfFile) } ?? [],
                                  publishedLibraryFiles: build.map { publishedLibraryFiles($0, files: structures, modulesOfFile: modulesOfFile) } ?? [:],
                                  declaredOutsideBuild: declaredOutsideBuild, unscanned: unscanned)
        var findings = RuleCatalog.all.flatMap { rule in PhaseTimer.measure("rule \(rule.id)") { rule.init().check(context) } }

        let allFiles = structures + extraProjectFiles
        let lineMaps = concurrentMap(allFiles) { LineMap($0.source.bytes) }
        var analysis = Analysis(files: allFiles, displayPaths: allFiles.map { displayPath($0.source.path) }, lineMaps: lineMaps,
                                findings: [], units: [], deploymentTargets: [], problems: problems)
        analysis.indexedFileCount = structures.count
        analysis.fileModules = modules
        analysis.folderModule = build?.folderModule
        analysis.typesDeclaredOutside = typesDeclaredOutside
        analysis.ruleOptions = context.options
        analysis.unpublishedInference = context.unpublishedInference
        analysis.plumbingInference = context.plumbingInference
        analysis.observationImportInference = context.observationImportInference
        analysis.observableOrderInference = context.observableOrderInference
        analysis.environmentAnnotationInference = context.environmentAnnotationInference
        analysis.stateInitializerInference = context.stateInitializerInference

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
                suppressedUnits.formUnion(finding.unitsNeedingItsFix)
                continue
            }
            if suppressions.suppresses(ruleID: finding.ruleID, file: finding.file, line: line) {
                analysis.suppressedCount += 1
                suppressedUnits.formUnion(finding.unitsNeedingItsFix)
                continue
            }
            kept.append(finding)
        }
        findings = kept
        findings.sort(by: inLocationOrder)
        // `--type App.Settings` picks the copy one module compiles (an app and its old twin,
        // per-platform targets each declaring the model).
        let moduleNames: (Int) -> [String] = { file in
            guard let build else { return [] }
            return modulesOfFile(file).map { build.modules[$0].name }.filter { !$0.isEmpty }
        }
        var summaries = summarize(units: units, index: index, findings: findings, suppressed: suppressedUnits, analysis: analysis,
                                  moduleNames: moduleNames)
        // Coupled units change together: a blocked one blocks its partners, each told why by the
        // rule that couples them; then a ready one whose partner needs `--unsafe-fixes` needs it
        // too, since plain `apply` holds the pair back (the verdict says what `apply` will do).
        var coupling = UnitCoupling(findings: findings, unitCount: units.units.count)
        /// Inserts findings the coupling adds, keeping the order and the coupling's positions.
        func insert(_ added: [Finding]) {
            guard !added.isEmpty else { return }
            var numbered = findings.enumerated().map { (finding: $0.element, position: Optional($0.offset)) }
            numbered += added.map { (finding: $0, position: nil) }
            numbered.sort { inLocationOrder($0.finding, $1.finding) }
            findings = numbered.map(\.finding)
            var newPositions = Array(repeating: 0, count: findings.count - added.count)
            for (newPosition, entry) in numbered.enumerated() { if let old = entry.position { newPositions[old] = newPosition } }
            coupling.renumberFindings { newPositions[$0] }
            assignFindings(findings, to: &summaries, suppressed: suppressedUnits)
        }
        let blocked = Set(summaries.filter { $0.verdict == .blocked }.map(\.id))
        // Each finding the coupling adds, with the partner it follows from.
        var coupled: [(finding: Finding, partner: String)] = []
        let coupledBlockers = coupling.propagation(from: blocked).map { step in
            let group = coupling.groups[step.group]
            let (cause, unit, partner) = (findings[group.finding], summaries[step.unit], summaries[step.cause])
            let rule = RuleCatalog.rule(withID: group.ruleID) as? any CouplingRule.Type
            return (finding: rule?.couplingBlocker(cause, unit: unit, blockedPartner: partner)
                        ?? UnitCoupling.blocker(cause, unit: unit, blockedPartner: partner), partner: partner.name)
        }
        coupled += coupledBlockers
        insert(coupledBlockers.map(\.finding))
        let needsReview = Set(summaries.filter { $0.verdict == .needsUnsafeFixes }.map(\.id))
        let coupledReviews = coupling.propagation(from: needsReview).compactMap { step -> (finding: Finding, partner: String)? in
            guard summaries[step.unit].verdict == .ready else { return nil }
            // Said at the unit's own declaration: the coupling finding's place is the partner's.
            let anchor = unitAnchor(units.units[step.unit], index)
            let offset = Int(index.files[anchor.file].tokens[anchor.token].start)
            return (finding: UnitCoupling.review(ruleID: coupling.groups[step.group].ruleID, unit: summaries[step.unit],
                                                 partner: summaries[step.cause], file: anchor.file, offset: offset),
                    partner: summaries[step.cause].name)
        }
        coupled += coupledReviews
        insert(coupledReviews.map(\.finding))
        // Rules about the suppressions themselves (stale ones) run last; their findings can be
        // suppressed too. A comment aimed at a finding the coupling added cannot silence it (the
        // finding follows from the partner's, and the unit moves with the partner whatever it
        // says): the audit says so, naming the partner.
        var aimedAtCoupled: [Int: (ruleID: String, partner: String)] = [:]
        for (finding, partner) in coupled {
            let line = lineMaps[finding.file].location(of: finding.offset).line
            if let position = suppressions.directive(silencing: finding.ruleID, file: finding.file, line: line),
               aimedAtCoupled[position] == nil {
                aimedAtCoupled[position] = (finding.ruleID, partner)
            }
        }
        var audit: [Finding] = []
        for case let rule as any SuppressionAuditRule.Type in RuleCatalog.all {
            for finding in rule.findings(for: suppressions, aimedAtCoupled: aimedAtCoupled) where configuration.isEnabled(finding.ruleID) {
                let line = lineMaps[finding.file].location(of: finding.offset).line
                if suppressions.suppresses(ruleID: finding.ruleID, file: finding.file, line: line) {
                    analysis.suppressedCount += 1
                } else {
                    audit.append(finding)
                }
            }
        }
        insert(audit)
        analysis.findings = findings
        analysis.units = summaries
        analysis.coupling = coupling
        for case let rule as any AnalysisFactRule.Type in RuleCatalog.all { rule.recordFacts(in: &analysis, context: context) }
        return analysis
    }

    /// Every deployment setting of the graph once, with the modules it applies to, located in
    /// `files` when one of them is the file that sets it.
    static func deploymentFacts(_ graph: BuildGraph, files: [FileStructure]) -> [DeploymentFact] {
        let directory = FileSystem.currentDirectory()
        var fileByPath: [String: Int] = [:]
        for (position, file) in files.enumerated() { fileByPath[PathName.absolute(file.source.path, in: directory)] = position }
        var facts: [DeploymentFact] = []
        var positionByKey: [String: Int] = [:]
        /// One fact per setting, gathering the modules (or, for a Tuist or XcodeGen project's,
        /// the folders) it applies to.
        func record(_ deployment: TargetDescription.Deployment, module: Int?, folder: String?) {
            let key = "\(folder == nil ? "modules" : "folders") \(deployment.platform) \(deployment.version) \(deployment.path) "
                + "\(deployment.offset) \(deployment.origin)"
            if let known = positionByKey[key] {
                facts[known].modules += module.map { [$0] } ?? []
                facts[known].folders += folder.map { [$0] } ?? []
                return
            }
            positionByKey[key] = facts.count
            facts.append(DeploymentFact(platform: deployment.platform, version: deployment.version, path: deployment.path,
                                        file: fileByPath[deployment.path], offset: deployment.offset, modules: module.map { [$0] } ?? [],
                                        origin: deployment.origin, folders: folder.map { [$0] } ?? []))
        }
        for (module, description) in graph.modules.enumerated() {
            for deployment in description.deployments { record(deployment, module: module, folder: nil) }
        }
        for folder in graph.folderDeployments.keys.sorted() {
            for deployment in graph.folderDeployments[folder]! { record(deployment, module: nil, folder: folder) }
        }
        return facts
    }

    /// The positions of the `fileCount` structured files that a module with `@MainActor` default
    /// isolation compiles; `modulesOfFile` gives a file's modules.
    static func mainActorByDefaultFiles(_ graph: BuildGraph, fileCount: Int, modulesOfFile: (Int) -> [Int]) -> Set<Int> {
        guard graph.modules.contains(where: \.isMainActorByDefault) else { return [] }
        return Set((0..<fileCount).filter { modulesOfFile($0).contains { graph.modules[$0].isMainActorByDefault } })
    }

    /// The positions of `files` compiled by a library product that nothing else in the tree
    /// uses (`BuildGraph.librariesWithoutClients`), with the product: code outside the tree
    /// may import it. `moduleLookup` gives a file's modules.
    static func publishedLibraryFiles(_ graph: BuildGraph, files: [FileStructure],
                                      modulesOfFile moduleLookup: (Int) -> [Int]) -> [Int: PublishedLibrary] {
        let libraries = graph.librariesWithoutClients()
        guard !libraries.isEmpty else { return [:] }
        let modulesOfFile = files.indices.map(moduleLookup)
        var importedBy: [String: [Int]] = [:]
        for position in files.indices {
            for name in ModuleTable.importedModules(files[position]) { importedBy[name, default: []].append(position) }
        }
        // A file outside a package importing one of its libraries is a client, though the graph
        // could not resolve its dependency (a workspace, a reference it does not read): the
        // package is the app's own code then, as `librariesWithoutClients` decides from the graph.
        var importedPackages = Set<String>()
        for library in libraries {
            let names = Set(library.modules.map { graph.modules[$0].name })
            let imported = names.flatMap { importedBy[$0] ?? [] }.contains { position in
                !modulesOfFile[position].contains { graph.modules[$0].descriptionPath == library.manifest }
            }
            if imported { importedPackages.insert(library.manifest) }
        }
        var libraryOfModule: [Int: PublishedLibrary] = [:]
        for library in libraries where !importedPackages.contains(library.manifest) {
            for module in library.modules where libraryOfModule[module] == nil {
                libraryOfModule[module] = PublishedLibrary(product: library.name, manifest: displayPath(library.manifest))
            }
        }
        var result: [Int: PublishedLibrary] = [:]
        for position in files.indices {
            if let library = modulesOfFile[position].lazy.compactMap({ libraryOfModule[$0] }).first { result[position] = library }
        }
        return result
    }

    /// Where a unit is reported: the declaration keyword of its first protocol, else of its first
    /// class (or its already `@Observable` class); a unit of a type the tree does not declare
    /// (`observableTypes`) is reported at its first site.
    static func unitAnchor(_ unit: MigrationUnit, _ index: TreeIndex) -> (file: Int, token: Int) {
        if let id = unit.protocols.first ?? unit.declarations.first { return (id.file, index.types.declaration(id).keyword) }
        let site = unit.usageSites.min { ($0.file, $0.token) < ($1.file, $1.token) }!
        return (site.file, site.token)
    }

    /// The files a unit edits: its declarations, conformance extensions and sites.
    static func unitFiles(_ unit: MigrationUnit) -> Set<Int> {
        var files = Set(unit.usageSites.map(\.file))
        for id in unit.declarations { files.insert(id.file) }
        for (extensionID, _) in unit.conformanceExtensions { files.insert(extensionID.file) }
        return files
    }

    /// Each unit's summary and verdict: blocked by any blocker, needing `--unsafe-fixes` when any
    /// finding is review, ready otherwise. Notes do not count.
    /// `moduleNames` gives the names of the modules compiling a file (none without a build graph).
    static func summarize(units: MigrationUnits, index: TreeIndex, findings: [Finding], suppressed: Set<Int>,
                          analysis: Analysis, moduleNames: (Int) -> [String] = { _ in [] }) -> [UnitSummary] {
        /// Where a type's declaration keyword is.
        func keywordLocation(_ id: DeclarationID) -> SourceLocation {
            analysis.location(file: id.file, offset: Int(index.files[id.file].tokens[index.types.declaration(id).keyword].start))
        }
        var summaries = units.units.map { unit in
            let anchor = unitAnchor(unit, index)
            var summary = UnitSummary(
                id: unit.id, name: unit.name,
                members: unit.declarations.compactMap { index.types.symbol($0)?.qualifiedName } + (unit.observableExternalType.map { [$0] } ?? []),
                declaredAt: analysis.location(file: anchor.file, offset: Int(index.files[anchor.file].tokens[anchor.token].start)),
                siteCount: unit.usageSites.count, fileCount: unitFiles(unit).count, verdict: .ready, findings: [])
            summary.suppressed = suppressed.contains(unit.id)
            summary.observableExternalType = unit.observableExternalType
            summary.memberDeclarations = unit.declarations.compactMap { id in
                index.types.symbol(id).map { symbol in
                    UnitSummary.MemberDeclaration(file: id.file, name: symbol.qualifiedName, location: keywordLocation(id),
                                                  modules: moduleNames(id.file))
                }
            }
            return summary
        }
        assignFindings(findings, to: &summaries, suppressed: suppressed)
        return summaries
    }

    /// Sets each summary's findings (positions in `findings`) and the verdict they give: what
    /// changes when the coupling and the suppression audit add findings, so that the rest of a
    /// summary is built once.
    static func assignFindings(_ findings: [Finding], to summaries: inout [UnitSummary], suppressed: Set<Int>) {
        var byUnit: [Int: [Int]] = [:]
        for (position, finding) in findings.enumerated() {
            for unit in ([finding.unit].compactMap { $0 } + finding.alsoUnits) { byUnit[unit, default: []].append(position) }
        }
        for position in summaries.indices {
            let own = byUnit[summaries[position].id] ?? []
            summaries[position].memberReasons = Dictionary(
                own.flatMap { findings[$0].unit == summaries[position].id ? findings[$0].membershipReasons : [] }.map { ($0.member, $0.reason) },
                uniquingKeysWith: { first, _ in first })
            let relevant = own.map { findings[$0] }.filter { !$0.isNote }
            if relevant.contains(where: \.isBlocker) || suppressed.contains(summaries[position].id) {
                summaries[position].verdict = .blocked
            } else if relevant.contains(where: { $0.fixClass == .review || $0.fixClass == .manual }) {
                summaries[position].verdict = .needsUnsafeFixes
            } else {
                summaries[position].verdict = .ready
            }
            summaries[position].findings = own
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
