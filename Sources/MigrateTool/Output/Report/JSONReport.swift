/// `report --format json`: schema version 1, documented in docs/report-json.md and
/// docs/report.schema.json. Keys are written in a fixed order and arrays are sorted, so two runs
/// over the same tree print the same bytes and a CI job can diff them.
enum JSONReport {
    /// The schema version. Bump it when a key is removed or changes meaning; adding keys does not.
    static let schemaVersion = 1

    /// The report as pretty-printed JSON.
    static func render(_ analysis: Analysis, options: ReportOptions) -> String {
        let document = ReportDocument(analysis, options: options)
        // About 450 bytes per finding and a few hundred per unit, rounded up.
        return value(document, options: options).serialized(reservingCapacity: 4096 + 640 * document.items.count + 1024 * document.units.count)
    }

    /// The whole report as a JSON value.
    static func value(_ document: ReportDocument, options: ReportOptions) -> ReportJSONValue {
        .object([
            ("schemaVersion", .int(schemaVersion)),
            ("tool", .object([("name", .string("observation-migrate")), ("version", .string(options.toolVersion))])),
            ("summary", summary(document)),
            ("deploymentTargets", .array(document.deploymentTargets.map(deploymentTarget))),
            ("findingsByRule", .array(document.rules.map(rule))),
            ("units", .array(document.units.map(unit))),
            ("findings", .objects(count: document.items.count) { finding(document.items[$0]) }),
            ("problems", .array(document.problems.map(problem))),
            ("outsideBuild", .array(document.outsideBuild.map { .string($0) })),
        ])
    }

    /// The figures of the summary.
    static func summary(_ document: ReportDocument) -> ReportJSONValue {
        let figures = document.figures
        return .object([
            ("files", .int(figures.swiftFiles)),
            ("projectFiles", .int(figures.projectFiles)),
            ("lines", .int(figures.lines)),
            ("bytes", .int(figures.bytes)),
            ("models", .int(figures.models)),
            ("protocols", .int(figures.protocols)),
            ("units", .object([
                ("total", .int(figures.units)),
                ("ready", .int(figures.ready)),
                ("needsUnsafeFixes", .int(figures.needsUnsafeFixes)),
                ("blocked", .int(figures.blocked)),
                ("refusedForDeploymentTarget", .int(figures.refusedForDeployment)),
            ])),
            ("findings", .object([
                ("total", .int(figures.findings)),
                ("safe", .int(figures.safe)),
                ("review", .int(figures.review)),
                ("manual", .int(figures.manual)),
                ("blockers", .int(figures.blockers)),
                ("notes", .int(figures.notes)),
            ])),
            ("deploymentAllowsObservation", .bool(document.deploymentAllowsObservation)),
            ("skippedPaths", .int(document.problems.count)),
            ("outsideBuildFiles", .int(document.outsideBuild.count)),
            ("configuration", document.configurationPath.map { .string($0) } ?? .null),
            ("unpublishedProperties", unpublishedProperties(document)),
            ("plumbingProperties", plumbingProperties(document)),
            ("observationImport", observationImport(document)),
            ("observableAttributeOrder", observableAttributeOrder(document)),
            ("environmentTypeAnnotation", environmentTypeAnnotation(document)),
            ("stateInitializerLabel", stateInitializerLabel(document)),
            ("viewProperties", .object([
                ("environmentAccess", .string(document.viewProperties.environmentAccess.rawValue)),
                ("stateAccess", .string(document.viewProperties.stateAccess.rawValue)),
                ("observedObjectWithoutBindings", .string(document.viewProperties.unbound.rawValue)),
            ])),
            ("manualSends", .string(document.manualSends.rawValue)),
        ])
    }

    /// The run's policy for stored properties that were not `@Published` and the figures of the
    /// tree's `@Observable` classes it was inferred from.
    static func unpublishedProperties(_ document: ReportDocument) -> ReportJSONValue {
        policy(document.unpublishedPolicy, document.unpublishedInference) { census in
            [("observableClasses", .int(census.classes)), ("privateStoredProperties", .int(census.counted)),
             ("ignoredPrivateStoredProperties", .int(census.ignored))]
        }
    }

    /// The run's policy for unpublished plumbing and the figures of the tree's `@Observable`
    /// classes' plumbing properties it was inferred from.
    static func plumbingProperties(_ document: ReportDocument) -> ReportJSONValue {
        policy(document.plumbingPolicy, document.plumbingInference) { census in
            [("observableClasses", .int(census.classes)), ("plumbingProperties", .int(census.counted)),
             ("ignoredPlumbingProperties", .int(census.ignored))]
        }
    }

    /// The run's `import Observation` policy and the figures of the tree's files declaring
    /// `@Observable` classes it was inferred from.
    static func observationImport(_ document: ReportDocument) -> ReportJSONValue {
        policy(document.observationImportPolicy, document.observationImportInference) { census in
            [("observableFiles", .int(census.observableFiles)), ("importingObservation", .int(census.importing))]
        }
    }

    /// The run's order of `@Observable` among a class's attributes and the figures of the tree's
    /// `@Observable` classes carrying other attributes it was inferred from.
    static func observableAttributeOrder(_ document: ReportDocument) -> ReportJSONValue {
        policy(document.observableOrder, document.observableOrderInference) { census in
            [("observableClassesWithAttributes", .int(census.classes)), ("observableFirst", .int(census.observableFirst))]
        }
    }

    /// The run's annotation policy for `@Environment(T.self)` properties and the figures of the
    /// tree's existing ones it was inferred from.
    static func environmentTypeAnnotation(_ document: ReportDocument) -> ReportJSONValue {
        policy(document.environmentAnnotation, document.environmentAnnotationInference) { census in
            [("environmentProperties", .int(census.properties)), ("annotated", .int(census.annotated)),
             ("initialisedVariables", .int(census.initialised)), ("initialisedAnnotated", .int(census.initialisedAnnotated))]
        }
    }

    /// The run's label for `State` initializations written in place of `StateObject(…)` and the
    /// figures of the tree's own `State` initializations it was inferred from.
    static func stateInitializerLabel(_ document: ReportDocument) -> ReportJSONValue {
        policy(document.stateInitializerLabel, document.stateInitializerInference) { census in
            [("initialValue", .int(census.initialValue)), ("wrappedValue", .int(census.wrappedValue))]
        }
    }

    /// A policy, where it came from (`configuration`, `inferred`, or `default` when inference had
    /// too little to go on) and, unless configured, the figures it was inferred from.
    static func policy<Policy, Census>(_ policy: Policy, _ inference: PolicyInference<Policy, Census>?,
                                       figures: (Census) -> [(String, ReportJSONValue)]) -> ReportJSONValue {
        let members: [(String, ReportJSONValue)] = [("policy", .string(policy.rawValue)),
                                                     ("source", .string(PolicyInference.source(inference)))]
        return .object(members + (inference.map { figures($0.census) } ?? []))
    }

    /// A verdict as a token: the text form `needs --unsafe-fixes` is awkward to match on.
    static func verdictToken(_ verdict: Verdict) -> String {
        switch verdict {
        case .ready: return "ready"
        case .needsUnsafeFixes: return "needs-unsafe-fixes"
        case .blocked: return "blocked"
        }
    }

    /// `path`, `line`, `column` members for a location.
    static func location(_ location: SourceLocation) -> [(String, ReportJSONValue)] {
        [("path", .string(location.path)), ("line", .int(location.line)), ("column", .int(location.column))]
    }

    /// One deployment target.
    static func deploymentTarget(_ target: DeploymentTarget) -> ReportJSONValue {
        .object([
            ("platform", .string(target.platform)),
            ("version", .string(target.version)),
            ("minimum", .string(target.minimum)),
            ("allowsObservation", .bool(target.allowsObservation)),
        ] + location(target.location))
    }

    /// One row of findings by rule.
    static func rule(_ row: ReportDocument.RuleRow) -> ReportJSONValue {
        .object([
            ("ruleId", .string(row.ruleID)),
            ("count", .int(row.count)),
            ("fixClass", .string(row.fixClass.rawValue)),
            ("note", .bool(row.isNote)),
            ("severity", .string(row.severity.rawValue)),
            ("summary", .optional(row.summary)),
        ])
    }

    /// One unit; `findings` holds indices into the top-level `findings` array.
    static func unit(_ entry: ReportDocument.UnitEntry) -> ReportJSONValue {
        let summary = entry.summary
        return .object([
            ("name", .string(summary.name)),
            ("members", .array(summary.members.map { .string($0) })),
            ("memberReasons", .array(summary.members.compactMap { member in
                summary.memberReasons[member].map { .object([("name", .string(member)), ("reason", .string($0))]) }
            })),
        ] + location(summary.declaredAt) + [
            ("sites", .int(summary.siteCount)),
            ("files", .int(summary.fileCount)),
            ("verdict", .string(verdictToken(summary.verdict))),
            ("suppressed", .bool(summary.suppressed)),
            ("counts", .object([
                ("blockers", .int(entry.blockers.count)),
                ("review", .int(entry.reviews.count)),
                ("safe", .int(entry.safeCount)),
                ("notes", .int(entry.notes.count)),
            ])),
            ("findings", .array(entry.items.map { .int($0) })),
            ("refusedForDeploymentTarget", .bool(!summary.deploymentBlockers.isEmpty)),
            ("declarations", .array(summary.memberDeclarations.map { member in
                .object([("name", .string(member.name))] + location(member.location) + [
                    ("modules", .array(member.modules.map { .string($0) })),
                ])
            })),
        ])
    }

    /// One finding.
    static func finding(_ item: ReportDocument.Item) -> ReportJSONValue {
        .object([
            ("ruleId", .string(item.ruleID)),
            ("fixClass", .string(item.fixClass.rawValue)),
            ("severity", .string(item.severity.rawValue)),
            ("blocker", .bool(item.isBlocker)),
            ("note", .bool(item.isNote)),
        ] + location(item.location) + [
            ("message", .string(item.message)),
            ("suggestion", .optional(item.suggestion)),
            ("unit", .optional(item.unitName)),
            ("alsoUnits", .array(item.alsoUnitNames.map { .string($0) })),
        ])
    }

    /// One path that could not be scanned.
    static func problem(_ problem: ReportDocument.Problem) -> ReportJSONValue {
        .object([("path", .string(problem.path)), ("message", .string(problem.reason))])
    }
}
