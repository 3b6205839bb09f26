/// What `.observation-migrate.json` (or `--config FILE`) sets. Every command honours it.
struct Configuration: Sendable, Equatable {
    /// Globs a path must match to be scanned (all when empty).
    var include: [String] = []
    /// Globs of paths never scanned, on top of the built-in excludes.
    var exclude: [String] = []
    /// Rules turned off. A unit whose fix belongs to a disabled rule is left alone.
    var disabledRules: Set<String> = []
    /// When set, only these rules run (plus the ones a unit needs to be rewritten whole).
    var onlyRules: Set<String>?
    /// Lint severity per rule id, overriding the rule's own.
    var severityOverrides: [String: Severity] = [:]
    /// The deployment target to assume, by platform (`"iOS": "17.0"`), over what the project says.
    var deploymentTarget: [String: String] = [:]
    /// What becomes of a model's stored `var` that was not `@Published`.
    var unpublishedProperties: UnpublishedPropertyPolicy = .ignore
    /// The file the configuration came from, if any.
    var source: String?

    /// Whether findings of `ruleID` are reported.
    func isEnabled(_ ruleID: String) -> Bool {
        if disabledRules.contains(ruleID) { return false }
        if let onlyRules { return onlyRules.contains(ruleID) }
        return true
    }

    /// The lint severity of a rule under this configuration.
    func severity(of ruleID: String) -> Severity {
        severityOverrides[ruleID] ?? RuleCatalog.severity(ruleID)
    }
}

/// What the migration does with a model's stored `var` that was not `@Published`.
enum UnpublishedPropertyPolicy: String, Sendable, Equatable, CaseIterable {
    /// `@ObservationIgnored`: exactly the properties that notified before notify after (the
    /// catalog's rewrite, and the default).
    case ignore
    /// Left as it is, so it becomes tracked like every other property, as Apple's macro does by
    /// default and as most teams write by hand. Views that read it now also update when it
    /// changes: a behaviour change, so the unit needs `--unsafe-fixes`.
    case observe
}
