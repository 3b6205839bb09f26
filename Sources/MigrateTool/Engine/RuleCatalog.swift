import SourceScan

/// Every rule, and the metadata its `rules/<id>.md` file carries.
enum RuleCatalog {
    /// The rules in catalog order (sections A to E, then lint-only rules).
    static let all: [any Rule.Type] = [
        ObservableObjectClass.self, ObservableObjectExtension.self, ObservableSubclass.self, OverridingObserver.self,
        ObservableProtocol.self, ObservableConstraint.self, NonClassObservable.self, BareObservableConformance.self,
        KVODynamicProperty.self, SynthesizedCodable.self, ModelMacroConflict.self, UnknownModelAttribute.self,
        LocalModelClass.self, PublicLibraryModel.self,
        PublishedProperty.self, UnpublishedStoredProperty.self, LazyProperty.self, WrappedProperty.self, SeveralBindings.self,
        DeinitReadsProperty.self, PublishedPublisher.self, ObjectWillChangeObserver.self, ObjectWillChangeSend.self,
        CustomObjectWillChange.self, EqualValueAssignment.self, UntrackedStateShown.self, NestedObservable.self,
        ObjectWillChangeSubscription.self, ExternalPublisher.self, OnReceivePublisher.self, OnReceiveObjectWillChange.self,
        UnusedCombineImport.self, MissingObservationImport.self,
        StateObjectRule.self, StateObjectInit.self, ObservedObjectRule.self, ObservedObjectBinding.self, ObservedObjectOwned.self,
        EnvironmentObjectRule.self, EnvironmentObjectBinding.self, EnvironmentObjectModifier.self, ExistentialModel.self,
        SpelledWrapperType.self, ExternalObjectWrapper.self, Previews.self, AlreadyObservable.self,
        DeploymentTargetRule.self, UnknownType.self, UnscannedFileRule.self, MalformedFile.self,
        UnusedSuppression.self,
    ]

    /// The rules that tidy single files after a rewrite, in the order `apply` runs them: adding
    /// `import Observation` first puts it after `import Combine`, so removing that import
    /// afterwards leaves it where the old import stood (see `Migrator.tidy`).
    static let fileRules: [any FileRule.Type] = [MissingObservationImport.self, UnusedCombineImport.self]

    /// The rule with this id, if any.
    static func rule(withID id: String) -> (any Rule.Type)? {
        all.first { $0.id == id }
    }

    /// Every rule id.
    static var ids: [String] { all.map { $0.id } }

    /// A rule's metadata, read from its embedded Markdown.
    static func metadata(_ id: String) -> RuleMetadata? {
        parsedMetadata[id]
    }

    /// Every rule document's header, read once: findings ask for their rule's severity and
    /// summary one by one, and a large tree has thousands of findings.
    private static let parsedMetadata: [String: RuleMetadata] = RuleDocuments.all.reduce(into: [:]) { parsed, document in
        parsed[document.key] = RuleMetadata(id: document.key, markdown: document.value)
    }

    /// The lint severity of a rule (warning when its document does not say).
    static func severity(_ id: String) -> Severity {
        metadata(id)?.severity ?? .warning
    }

    /// The known id closest to a misspelled one, for "did you mean".
    static func closestID(to text: String) -> String? {
        let scored = ids.map { ($0, editDistance($0, text)) }.min { $0.1 < $1.1 }
        guard let (id, distance) = scored, distance <= max(2, text.count / 3) else { return nil }
        return id
    }

    /// Levenshtein distance.
    static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left.utf8)
        let b = Array(right.utf8)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// What a `rules/<id>.md` file says in its header lines.
struct RuleMetadata: Sendable {
    var id: String
    var summary: String
    var fixClass: FixClass
    var severity: Severity
    /// The whole document.
    var markdown: String

    /// Parses the `summary:`, `class:` and `severity:` header lines.
    init(id: String, markdown: String) {
        self.id = id
        self.markdown = markdown
        var summary = ""
        var fixClass = FixClass.manual
        var severity = Severity.warning
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).prefix(12) {
            if let value = Self.headerValue("summary", in: line) { summary = value }
            if let value = Self.headerValue("class", in: line) {
                // Only the first word counts, so a remark may follow the class.
                fixClass = FixClass(rawValue: value.split(separator: " ").first.map(String.init) ?? "") ?? .manual
            }
            if let value = Self.headerValue("severity", in: line) { severity = Severity(rawValue: value) ?? .warning }
        }
        self.summary = summary
        self.fixClass = fixClass
        self.severity = severity
    }

    /// What a `key: value` header line says, without the spaces around it; nil for another line.
    static func headerValue(_ key: String, in line: Substring) -> String? {
        let prefix = key + ":"
        guard line.hasPrefix(prefix) else { return nil }
        return String(line.dropFirst(prefix.count)).trimming(charactersIn: " ")
    }
}
