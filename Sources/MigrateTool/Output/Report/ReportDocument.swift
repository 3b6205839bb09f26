import SourceScan

/// The analysis put in the order and shape every report format shows: figures computed once,
/// locations resolved once, units and findings sorted stably. Formatters only lay it out, so the
/// four formats cannot disagree about a number.
struct ReportDocument: Sendable {
    /// What part a finding plays in its unit's verdict.
    enum Role: String, Sendable {
        /// Keeps the unit from being written (manual).
        case blocker
        /// Makes the unit need `--unsafe-fixes` (review, or manual without blocking).
        case review
        /// Written by default.
        case safe
        /// Information only; does not affect the verdict.
        case note

        /// The role a finding plays; blocker and note win over the fix class.
        static func of(_ finding: Finding) -> Role {
            if finding.isBlocker { return .blocker }
            if finding.isNote { return .note }
            return finding.fixClass == .safe ? .safe : .review
        }
    }

    /// One finding with its location resolved.
    struct Item: Sendable {
        /// Index into `Analysis.findings` (to reach the file for code excerpts).
        var source: Int
        var ruleID: String
        var fixClass: FixClass
        var severity: Severity
        var role: Role
        var isBlocker: Bool
        var isNote: Bool
        var location: SourceLocation
        /// Index into `Analysis.files`.
        var file: Int
        var message: String
        var suggestion: String?
        /// The name of the unit the finding belongs to, if any.
        var unitName: String?
        /// The names of further units it blocks or qualifies.
        var alsoUnitNames: [String]

        /// What a listing calls the finding: its role inside a unit; outside any unit, where
        /// there is no verdict to affect, `note` or its fix class.
        var label: String {
            if unitName != nil || !alsoUnitNames.isEmpty { return role.rawValue }
            return isNote ? "note" : fixClass.rawValue
        }
    }

    /// One unit with its findings split by role.
    struct UnitEntry: Sendable {
        var summary: UnitSummary
        /// Positions in `items` of every finding of the unit, in location order.
        var items: [Int]
        var blockers: [Int]
        var reviews: [Int]
        var notes: [Int]
        var safeCount: Int

        /// Review reasons found in preview code (`#Preview`, `PreviewProvider`), which the
        /// reports group apart: they change what a preview shows, never the app.
        var previewReviews: [Int]
        /// Why `apply` refuses the unit whatever its verdict (a deployment target), if it does.
        var deploymentRefusal: String? = nil

        /// Blockers, then review reasons, then notes: what a reader must act on first.
        var reasons: [Int] { blockers + reviews + notes }

        /// Blockers, then review reasons outside preview code, then notes: listed one by one,
        /// with the preview reasons grouped after them.
        var appReasons: [Int] {
            let previews = Set(previewReviews)
            return blockers + reviews.filter { !previews.contains($0) } + notes
        }
    }

    /// One row of the findings-by-rule table: a rule's findings of one class, counted by the class
    /// each finding got (a rule may give some of its findings another class than its document
    /// declares, or mark them as notes), so the rows add up to the summary's figures.
    struct RuleRow: Sendable {
        var ruleID: String
        var count: Int
        /// The class the findings got; for a row of notes, the most cautious among them.
        var fixClass: FixClass
        /// Findings that are information only, whatever their class (the summary's "notes").
        var isNote: Bool
        var severity: Severity
        /// The rule document's one-line summary, when the document exists.
        var summary: String?

        /// The class as the summary counts it: `safe`, `review`, `manual` or `note`.
        var classLabel: String { isNote ? "note" : fixClass.rawValue }
    }

    /// One path that could not be scanned.
    struct Problem: Sendable {
        var path: String
        /// Why, without the path.
        var reason: String
        /// The whole line, as stderr printed it.
        var description: String
    }

    /// Every count the summary shows.
    struct Figures: Sendable {
        var swiftFiles = 0
        var projectFiles = 0
        var lines = 0
        var bytes = 0
        /// Model classes in units (protocols are counted apart).
        var models = 0
        var protocols = 0
        var units = 0
        var ready = 0
        var needsUnsafeFixes = 0
        var blocked = 0
        /// Units not blocked that `apply` still refuses: a target compiling their files predates
        /// Observation (written only with `--ignore-deployment-target`).
        var refusedForDeployment = 0
        /// Findings in all; `safe + review + manual + notes == findings`.
        var findings = 0
        var safe = 0
        var review = 0
        /// Manual findings, blockers included.
        var manual = 0
        /// Manual findings that keep their unit from being written.
        var blockers = 0
        /// Information only, whatever the fix class.
        var notes = 0

        /// Units with `verdict`.
        func count(_ verdict: Verdict) -> Int {
            switch verdict {
            case .ready: return ready
            case .needsUnsafeFixes: return needsUnsafeFixes
            case .blocked: return blocked
            }
        }
    }

    var figures: Figures
    /// Every finding, by path, line, column, rule, message.
    var items: [Item]
    /// Units in `UnitOrder`: ready, then needing `--unsafe-fixes`, then blocked by fewest blockers.
    var units: [UnitEntry]
    /// Positions in `items` of findings that belong to no unit (unknown types, deployment targets…).
    var treeItems: [Int]
    var rules: [RuleRow]
    /// Deployment targets by path, line, platform.
    var deploymentTargets: [DeploymentTarget]
    var deploymentAllowsObservation: Bool
    var problems: [Problem]
    /// Swift files no target of the tree's packages and projects compiles, sorted.
    var outsideBuild: [String]
    /// The configuration file the run read, as displayed; nil for the defaults.
    var configurationPath: String?

    /// Which configuration the run followed, as every format's summary says it.
    var configurationLine: String {
        configurationPath ?? "none found (the defaults); a .observation-migrate.json above the paths given or the working directory is read"
    }
    /// The run's `unpublishedProperties` policy, inference resolved.
    var unpublishedPolicy: UnpublishedPropertyPolicy
    /// The facts the policy was inferred from; nil when the configuration chose it.
    var unpublishedInference: UnpublishedPropertyInference?

    /// The policy and why, as every format's summary says it.
    var unpublishedPolicyLine: String { UnpublishedStoredProperty.policyLine(unpublishedPolicy, inference: unpublishedInference) }
    /// The run's `plumbingProperties` policy (resolved) and, when inferred, the facts behind it.
    var plumbingPolicy: PlumbingPropertyPolicy
    var plumbingInference: PlumbingPropertyInference?

    /// The plumbing policy and why, as every format's summary says it.
    var plumbingPolicyLine: String { UnpublishedStoredProperty.plumbingPolicyLine(plumbingPolicy, inference: plumbingInference) }
    /// The run's `observationImport` policy (resolved) and, when inferred, the facts behind it.
    var observationImportPolicy: ObservationImportPolicy
    var observationImportInference: ObservationImportInference?

    /// The import policy and why, as every format's summary says it.
    var observationImportLine: String { MissingObservationImport.policyLine(observationImportPolicy, inference: observationImportInference) }
    /// The run's `observableAttributeOrder` (resolved) and, when inferred, the facts behind it.
    var observableOrder: ObservableAttributeOrder
    var observableOrderInference: ObservableAttributeOrderInference?

    /// The order and why, as every format's summary says it.
    var observableOrderLine: String { ObservableAttribute.policyLine(observableOrder, inference: observableOrderInference) }
    /// The run's `environmentTypeAnnotation` (resolved) and, when inferred, the facts behind it.
    var environmentAnnotation: EnvironmentTypeAnnotation
    var environmentAnnotationInference: EnvironmentAnnotationInference?

    /// The annotation policy and why, as every format's summary says it.
    var environmentAnnotationLine: String {
        EnvironmentObjectRule.policyLine(environmentAnnotation, inference: environmentAnnotationInference)
    }
    /// The run's `stateInitializerLabel` (resolved) and, when inferred, the facts behind it.
    var stateInitializerLabel: StateInitializerLabel
    var stateInitializerInference: StateInitializerInference?

    /// The label and why, as every format's summary says it.
    var stateInitializerLine: String { StateObjectInit.policyLine(stateInitializerLabel, inference: stateInitializerInference) }

    /// The run's `environmentAccess`, `stateAccess` and `observedObjectWithoutBindings`: never
    /// inferred, so the configuration's or the defaults.
    var viewProperties: (environmentAccess: WrapperAccess, stateAccess: WrapperAccess, unbound: UnboundObservedObject)

    /// The three choices by their configuration keys, as every format's summary says them:
    /// `environmentAccess keep, stateAccess keep, observedObjectWithoutBindings plain`.
    var viewPropertiesLine: String {
        "environmentAccess \(viewProperties.environmentAccess.rawValue), stateAccess \(viewProperties.stateAccess.rawValue), "
            + "observedObjectWithoutBindings \(viewProperties.unbound.rawValue)"
    }

    /// The run's `manualSends`: never inferred, so the configuration's or the default.
    var manualSends: ManualSendPolicy

    /// The policy and what it does, as every format's summary says it.
    var manualSendsLine: String {
        switch manualSends {
        case .block: return "block, the default: a call with no Observation twin stays and blocks its unit"
        case .delete: return "delete, as configured: a call with no Observation twin goes, each a review finding naming what may go stale"
        }
    }

    /// Builds the document; pure.
    init(_ analysis: Analysis, options: ReportOptions) {
        let unitNames = Dictionary(analysis.units.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var items = analysis.findings.enumerated().map { position, finding in
            Item(source: position, ruleID: finding.ruleID, fixClass: finding.fixClass, severity: options.severity(of: finding.ruleID),
                 role: Role.of(finding), isBlocker: finding.isBlocker, isNote: finding.isNote,
                 location: analysis.location(finding), file: finding.file, message: finding.message, suggestion: finding.suggestion,
                 unitName: finding.unit.flatMap { unitNames[$0] },
                 alsoUnitNames: finding.alsoUnits.compactMap { unitNames[$0] })
        }
        items.sort { ($0.location, $0.ruleID, $0.message) < ($1.location, $1.ruleID, $1.message) }
        var position = [Int](repeating: 0, count: items.count)
        for (sorted, item) in items.enumerated() { position[item.source] = sorted }
        self.items = items

        // Said per unit only when targets differ: when every unit is refused, the summary's
        // deployment-target line says it once.
        let namesRefusals = analysis.units.contains { $0.deploymentBlockers.isEmpty } && analysis.units.contains { !$0.deploymentBlockers.isEmpty }
        units = UnitOrder.sorted(analysis.units, findings: analysis.findings)
            .map { summary in
                let mine = summary.findings.map { position[$0] }.sorted()
                let roles = mine.map { items[$0].role }
                /// The unit's findings playing `role`.
                func with(_ role: Role) -> [Int] { zip(mine, roles).filter { $0.1 == role }.map(\.0) }
                let reviews = with(.review)
                return UnitEntry(summary: summary, items: mine, blockers: with(.blocker), reviews: reviews,
                                 notes: with(.note), safeCount: roles.filter { $0 == .safe }.count,
                                 previewReviews: reviews.filter { items[$0].ruleID == Previews.id },
                                 deploymentRefusal: namesRefusals && summary.verdict != .blocked
                                     ? ReportWords.deploymentRefusal(summary, analysis.deploymentTargets) : nil)
            }
        treeItems = analysis.findings.indices
            .filter { analysis.findings[$0].unit == nil && analysis.findings[$0].alsoUnits.isEmpty }
            .map { position[$0] }.sorted()
        rules = Self.ruleRows(analysis, options: options)
        deploymentTargets = analysis.deploymentTargets.sorted {
            ($0.location, $0.platform) < ($1.location, $1.platform)
        }
        deploymentAllowsObservation = analysis.deploymentAllowsObservation
        problems = analysis.problems.map(Self.problem).sorted { ($0.path, $0.reason) < ($1.path, $1.reason) }
        outsideBuild = analysis.outsideBuild.map(Analyzer.displayPath).sorted()
        configurationPath = analysis.configurationPath
        unpublishedPolicy = analysis.ruleOptions.unpublishedProperties
        unpublishedInference = analysis.unpublishedInference
        plumbingPolicy = analysis.ruleOptions.plumbingProperties
        plumbingInference = analysis.plumbingInference
        observationImportPolicy = analysis.ruleOptions.observationImport
        observationImportInference = analysis.observationImportInference
        observableOrder = analysis.ruleOptions.observableAttributeOrder
        observableOrderInference = analysis.observableOrderInference
        environmentAnnotation = analysis.ruleOptions.environmentTypeAnnotation
        environmentAnnotationInference = analysis.environmentAnnotationInference
        stateInitializerLabel = analysis.ruleOptions.stateInitializerLabel
        stateInitializerInference = analysis.stateInitializerInference
        viewProperties = (analysis.ruleOptions.environmentAccess, analysis.ruleOptions.stateAccess,
                          analysis.ruleOptions.observedObjectWithoutBindings)
        manualSends = analysis.ruleOptions.manualSends
        figures = Self.figures(analysis, items: items)
    }

    /// The counts of the summary.
    static func figures(_ analysis: Analysis, items: [Item]) -> Figures {
        var figures = Figures()
        for (file, lineMap) in zip(analysis.files, analysis.lineMaps) {
            // Xcode project files are read for the deployment target only; they are not code.
            guard file.source.path.hasSuffix(".swift") else {
                figures.projectFiles += 1
                continue
            }
            figures.swiftFiles += 1
            figures.lines += lineMap.lineCount(byteCount: file.source.bytes.count)
            figures.bytes += file.source.bytes.count
        }
        figures.swiftFiles += analysis.unindexed.files
        figures.lines += analysis.unindexed.lines
        figures.bytes += analysis.unindexed.bytes
        let protocols = protocolNames(analysis)
        for unit in analysis.units {
            let memberProtocols = unit.members.filter { protocols.contains($0) }.count
            figures.protocols += memberProtocols
            figures.models += unit.members.count - memberProtocols
            switch unit.verdict {
            case .ready: figures.ready += 1
            case .needsUnsafeFixes: figures.needsUnsafeFixes += 1
            case .blocked: figures.blocked += 1
            }
            if unit.verdict != .blocked, !unit.deploymentBlockers.isEmpty { figures.refusedForDeployment += 1 }
        }
        figures.units = analysis.units.count
        figures.findings = items.count
        // By fix class rather than by role: a finding outside any unit has no verdict to affect.
        for item in items {
            if item.isBlocker { figures.blockers += 1 }
            if item.isNote {
                figures.notes += 1
                continue
            }
            switch item.fixClass {
            case .safe: figures.safe += 1
            case .review: figures.review += 1
            case .manual: figures.manual += 1
            }
        }
        return figures
    }

    /// Qualified names of the protocols declared in the tree. `UnitSummary.members` mixes classes
    /// and protocols; this tells them apart so "models" counts classes only.
    static func protocolNames(_ analysis: Analysis) -> Set<String> {
        var names = Set<String>()
        for file in analysis.files {
            for (index, declaration) in file.declarations.enumerated() where declaration.kind == .protocol {
                names.insert(file.qualifiedName(of: index).joined(separator: "."))
            }
        }
        return names
    }

    /// Findings by rule and by the class they got, sorted by rule id then safe, review, manual,
    /// note; each with the rule's severity and summary.
    static func ruleRows(_ analysis: Analysis, options: ReportOptions) -> [RuleRow] {
        struct Key: Hashable {
            var ruleID: String
            /// nil for notes: one row holds a rule's notes whatever their class.
            var fixClass: FixClass?
        }
        var counts: [Key: (count: Int, cautious: FixClass)] = [:]
        for finding in analysis.findings {
            let key = Key(ruleID: finding.ruleID, fixClass: finding.isNote ? nil : finding.fixClass)
            let entry = counts[key] ?? (0, finding.fixClass)
            counts[key] = (entry.count + 1, max(entry.cautious, finding.fixClass))
        }
        /// Safe, review, manual, then notes.
        func order(_ key: Key) -> Int { key.fixClass.map { FixClass.allCases.firstIndex(of: $0)! } ?? FixClass.allCases.count }
        return counts.keys.sorted { ($0.ruleID, order($0)) < ($1.ruleID, order($1)) }.map { key in
            let summary = RuleCatalog.metadata(key.ruleID).map(\.summary).flatMap { $0.isEmpty ? nil : $0 }
            return RuleRow(ruleID: key.ruleID, count: counts[key]!.count, fixClass: key.fixClass ?? counts[key]!.cautious,
                           isNote: key.fixClass == nil, severity: options.severity(of: key.ruleID), summary: summary)
        }
    }

    /// A problem with its path shown as the user should see it and the reason apart.
    static func problem(_ problem: FileProblem) -> Problem {
        let description = problem.description
        let prefix = problem.path + ": "
        let reason = description.hasPrefix(prefix) ? String(description.dropFirst(prefix.count)) : description
        return Problem(path: Analyzer.displayPath(problem.path), reason: reason, description: description)
    }

    /// What decides one platform: its lowest deployment target, and how many settings name it.
    struct PlatformTarget: Sendable {
        var lowest: DeploymentTarget
        var settings: Int
    }

    /// One entry per platform (iOS, macOS, tvOS, watchOS, visionOS, then any other), holding the
    /// lowest target found for it. A workspace of many projects can set a target in hundreds of
    /// places; the summary shows the one that decides, the JSON lists them all.
    var platformTargets: [PlatformTarget] {
        var byPlatform: [String: PlatformTarget] = [:]
        // In `DeploymentTarget.lowestFirst` order, the first of a platform is its lowest.
        for target in DeploymentTarget.lowestFirst(deploymentTargets) {
            byPlatform[target.platform, default: PlatformTarget(lowest: target, settings: 0)].settings += 1
        }
        return DeploymentTarget.lowestFirst(byPlatform.values.map(\.lowest)).map { byPlatform[$0.platform]! }
    }

    /// The units with `verdict`.
    func units(_ verdict: Verdict) -> [UnitEntry] { units.filter { $0.summary.verdict == verdict } }
}

/// Words that change with a count, so the reports read "1 file" and "2 files".
enum ReportWords {
    /// `count` followed by `singular`, or `plural` (default: singular + "s") when count is not 1.
    static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// The phrase for a deployment target: whether it allows Observation, and if not the minimum.
    static func deploymentVerdict(_ target: DeploymentTarget) -> String {
        if target.allowsObservation { return "allows Observation" }
        if target.origin == .unreadable { return "cannot be told: apply treats it as below Observation" }
        return "below \(target.platform) \(target.minimum): Observation is not available"
    }

    /// Where a unit reaches, in words that cannot contradict themselves: the files it touches
    /// hold its declarations as well as its sites, so there can be more files than sites.
    /// A unit of a type the tree does not declare (`observableTypes`) has sites only.
    static func reach(_ unit: UnitSummary) -> String {
        let sites = unit.siteCount == 0 ? "no site" : count(unit.siteCount, "site")
        return unit.memberDeclarations.isEmpty ? "\(count(unit.fileCount, "file")): \(sites)"
            : "\(count(unit.fileCount, "file")): its declarations and \(sites)"
    }

    /// The summary line for files no target compiles: how many, and the first few.
    static func outsideBuild(_ paths: [String]) -> String {
        let shown = paths.prefix(3).joined(separator: ", ")
        return "\(count(paths.count, "Swift file")) no target compiles (never part of a unit), e.g. \(shown)"
            + (paths.count > 3 ? ", …; `observation-migrate debug modules` lists them" : "")
    }

    /// The summary's line on units `apply` refuses for their deployment target, nil when none is.
    static func deploymentRefusals(_ figures: ReportDocument.Figures) -> String? {
        let refused = figures.refusedForDeployment
        guard refused > 0 else { return nil }
        let notBlocked = figures.ready + figures.needsUnsafeFixes
        return (refused == notBlocked ? (refused == 1 ? "the one not blocked" : "all \(refused) not blocked") : "\(refused) of the \(notBlocked) not blocked")
            + ": apply refuses \(refused == 1 ? "it" : "them") while a deployment target compiling \(refused == 1 ? "its" : "their") files "
            + "predates Observation (raise it, or pass --ignore-deployment-target)"
    }

    /// Why `apply` leaves a unit alone whatever its verdict: the deployment targets compiling its
    /// files, or nil when none predates Observation.
    static func deploymentRefusal(_ unit: UnitSummary, _ targets: [DeploymentTarget]) -> String? {
        guard !unit.deploymentBlockers.isEmpty else { return nil }
        let named = unit.deploymentBlockers.prefix(2).map { "\(targets[$0].described) (\(targets[$0].location.description))" }
        return "apply refuses it unless --ignore-deployment-target: a target compiling its files predates Observation, "
            + named.joined(separator: ", ")
    }

    /// The heading of a unit's review reasons in preview code: they change previews, not the app.
    static func previewHeading(_ count: Int) -> String {
        "\(count == 1 ? "1 review reason" : "\(count) review reasons") in preview code (#Preview, PreviewProvider); "
            + "they change what previews show, not the app"
    }

    /// The reason a suppressed unit is blocked even without a blocker finding.
    static let suppressedReason = "a suppression comment or a disabled rule silenced one of its fixes, so it is left as it is"
}
