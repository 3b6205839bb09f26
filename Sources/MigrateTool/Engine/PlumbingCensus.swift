import SourceScan

/// Whether the tree's existing `@Observable` classes mark their plumbing `@ObservationIgnored`
/// (`@ObservationIgnored private var cancellables = Set<AnyCancellable>()`) or leave it as
/// written: the facts `UnpublishedStoredProperty.plumbingInferenceRule` decides from when the
/// configuration says `"plumbingProperties": "infer"`.
///
/// Counted: stored instance `var`s of a class carrying `@Observable` that hold plumbing
/// (`Plumbing.kind`: tasks, subscriptions, timers, observer tokens), whatever their access,
/// carrying no attribute but `@ObservationIgnored` and actor or availability attributes.
struct PlumbingCensus: Sendable, Equatable {
    /// `@Observable` classes in the scanned tree.
    var classes = 0
    /// Their plumbing properties counted.
    var counted = 0
    /// Of `counted`, those marked `@ObservationIgnored`.
    var ignored = 0

    /// Counts the classes of the context's tree.
    init(_ context: RuleContext) {
        classes = ObservableClassCensus.forEachObservableClassMember(context) { classID, variableID in
            let variable = context.declaration(variableID)
            guard context.isStored(variable), !variable.isLet,
                  variable.attributes.allSatisfy({ ObservableClassCensus.neutralAttributes.contains(String($0.baseName)) }),
                  Plumbing.kind(of: variableID, in: classID, context) != nil else { return }
            counted += 1
            if variable.attribute(named: "ObservationIgnored") != nil { ignored += 1 }
        }
    }

    /// Builds a census from its figures (tests, and documentation of the thresholds).
    init(classes: Int, counted: Int, ignored: Int) {
        (self.classes, self.counted, self.ignored) = (classes, counted, ignored)
    }
}

/// The `plumbingProperties` policy a run inferred from the plumbing of the tree's `@Observable`
/// classes, with the figures it came from (shown in the report's summary): `track` or `ignore`.
typealias PlumbingPropertyInference = PolicyInference<PlumbingPropertyPolicy, PlumbingCensus>
