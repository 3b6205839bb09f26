import SourceScan

/// What `.observation-migrate.json` (or `--config FILE`) sets. Every command honours it.
struct Configuration: Sendable, Equatable {
    /// The file it was read from, as displayed; nil for the defaults.
    var sourcePath: String?
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
    var unpublishedProperties: UnpublishedPropertyPolicy = .infer
    /// What becomes of such a `var` that holds plumbing (`Task`, `AnyCancellable`, `Timer`…).
    var plumbingProperties: PlumbingPropertyPolicy = .infer
    /// Which files the run adds `import Observation` to.
    var observationImport: ObservationImportPolicy = .infer
    /// Where `@Observable` goes on a migrated class.
    var observablePlacement: ObservablePlacement = .matchFile
    /// Whether `@Observable` goes before or after the class's other attributes.
    var observableAttributeOrder: ObservableAttributeOrder = .infer
    /// Whether `@Environment(M.self) var m` keeps the `: M` of the `@EnvironmentObject` it replaces.
    var environmentTypeAnnotation: EnvironmentTypeAnnotation = .infer
    /// The argument label of `_m = State(…: M())` written in place of `StateObject(wrappedValue:)`.
    var stateInitializerLabel: StateInitializerLabel = .infer
    /// Whether an `@EnvironmentObject var` without an access modifier becomes `private`.
    var environmentAccess: WrapperAccess = .keep
    /// Whether a `@StateObject var` (or an owned `@ObservedObject var m = M()`) without an access
    /// modifier becomes a `private` `@State`.
    var stateAccess: WrapperAccess = .keep
    /// What an `@ObservedObject` whose `$m` bindings nothing uses becomes.
    var observedObjectWithoutBindings: UnboundObservedObject = .plain
    /// What a manual `objectWillChange.send()` with no Observation twin does to its unit.
    var manualSends: ManualSendPolicy = .block
    /// Types the scanned tree does not declare that are already `@Observable` (a dependency that
    /// adopted Observation), by name: their legacy wrappers are rewritten (`already-observable`).
    var observableTypes: [String] = []
    /// The file the configuration came from, if any.
    var source: String?

    /// Whether findings of `ruleID` are reported.
    func isEnabled(_ ruleID: String) -> Bool {
        if disabledRules.contains(ruleID) { return false }
        if let onlyRules { return onlyRules.contains(ruleID) }
        return true
    }

    /// The choices that change what the rules write, for `RuleContext` and `apply`'s tidy-up.
    var ruleOptions: RuleOptions {
        RuleOptions(unpublishedProperties: unpublishedProperties, plumbingProperties: plumbingProperties,
                    observationImport: observationImport,
                    observablePlacement: observablePlacement, observableAttributeOrder: observableAttributeOrder,
                    environmentTypeAnnotation: environmentTypeAnnotation, stateInitializerLabel: stateInitializerLabel,
                    environmentAccess: environmentAccess, stateAccess: stateAccess,
                    observedObjectWithoutBindings: observedObjectWithoutBindings, manualSends: manualSends)
    }

    /// The lint severity of a rule under this configuration.
    func severity(of ruleID: String) -> Severity {
        severityOverrides[ruleID] ?? RuleCatalog.severity(ruleID)
    }
}

/// The configuration choices that change what rules write (not which rules run).
struct RuleOptions: Sendable, Equatable {
    /// As configured; `RuleContext` resolves `.infer` into the policy the tree's own
    /// `@Observable` classes follow before any rule reads it.
    var unpublishedProperties: UnpublishedPropertyPolicy = .infer
    /// As configured; `RuleContext` resolves `.infer` from the plumbing properties of the tree's
    /// `@Observable` classes. Followed only under `unpublishedProperties` `track`.
    var plumbingProperties: PlumbingPropertyPolicy = .infer
    /// As configured; `RuleContext` resolves `.infer` from the tree's files declaring
    /// `@Observable` classes.
    var observationImport: ObservationImportPolicy = .infer
    var observablePlacement: ObservablePlacement = .matchFile
    /// As configured; `RuleContext` resolves `.infer` from the tree's `@Observable` classes that
    /// carry other attributes.
    var observableAttributeOrder: ObservableAttributeOrder = .infer
    /// As configured; `RuleContext` resolves `.infer` from the tree's `@Environment(T.self)`
    /// properties.
    var environmentTypeAnnotation: EnvironmentTypeAnnotation = .infer
    /// As configured; `RuleContext` resolves `.infer` from the tree's own initializations of
    /// `State` storage.
    var stateInitializerLabel: StateInitializerLabel = .infer
    /// As configured: never inferred (no legacy tree tells the teams that choose `private` apart).
    var environmentAccess: WrapperAccess = .keep
    /// As configured: never inferred, for the same reason.
    var stateAccess: WrapperAccess = .keep
    /// As configured: never inferred, for the same reason.
    var observedObjectWithoutBindings: UnboundObservedObject = .plain
    /// As configured: never inferred (deleting a call that may announce untracked state is a
    /// decision about the app's behaviour, which only its team can take).
    var manualSends: ManualSendPolicy = .block

    /// The wrappers whose rewritten properties may become `private` (`environmentAccess`,
    /// `stateAccess`; an owned `@ObservedObject var m = M()` becomes `@State` too): empty unless
    /// a team asked for `private`.
    var narrowedWrappers: Set<WrapperKind> {
        var kinds: Set<WrapperKind> = []
        if environmentAccess == .private { kinds.insert(.environmentObject) }
        if stateAccess == .private { kinds.formUnion([.stateObject, .observedObject]) }
        return kinds
    }
}

/// What the migration does with a model's stored `var` that was not `@Published`.
enum UnpublishedPropertyPolicy: String, Sendable, Equatable, CaseIterable {
    /// `track` or `ignore`, whichever the tree's existing `@Observable` classes follow for their
    /// private stored properties (the default; `UnpublishedStoredProperty.inferenceRule` holds
    /// the threshold); `track` when the tree has none to learn from.
    case infer
    /// Left tracked, as Apple's article and most teams write it; plumbing nothing
    /// renders (`AnyCancellable`, `Task`, `Timer`, observer tokens…) as `plumbingProperties` says.
    /// Safe when no view reads the property, review when one does (it now updates there).
    case track
    /// `@ObservationIgnored` on every one: exactly the properties that notified before notify
    /// after (the behaviour before 2026-11-23).
    case ignore
    /// Every one left as it is, plumbing included, each a review reason: the macro's default
    /// taken whole.
    case observe
}

/// What becomes, under `unpublishedProperties` `track`, of a model's stored `var` that holds
/// plumbing nothing renders (`Task`, `AnyCancellable`, `Set<AnyCancellable>`, `Timer`,
/// `DispatchWorkItem`, observer tokens): either is safe, since no view reads it.
enum PlumbingPropertyPolicy: String, Sendable, Equatable, CaseIterable {
    /// `track` or `ignore`, whichever the plumbing properties of the tree's existing
    /// `@Observable` classes follow (the default; `UnpublishedStoredProperty.plumbingInferenceRule`
    /// holds the threshold); `track` when the tree has too few to learn from: of 41 developer
    /// migrations with such properties (measured 2026-11-26), 26 left them as written, 14 marked
    /// them `@ObservationIgnored` and 1 did both.
    case infer
    /// Left as written: tracked, which changes nothing, since nothing reads it.
    case track
    /// `@ObservationIgnored`, as the catalog's row says (no bookkeeping for machinery).
    case ignore
}

/// Which files a run adds `import Observation` to.
enum ObservationImportPolicy: String, Sendable, Equatable, CaseIterable {
    /// `always` or `whenNeeded`, whichever the tree's files that already declare `@Observable`
    /// classes follow (the default; `MissingObservationImport.inferenceRule` holds the
    /// threshold); `always` when the tree has too few to learn from.
    case infer
    /// Every file the run puts `@Observable` in, even beside `import SwiftUI`, as Apple's
    /// article sample does.
    case always
    /// Only files where no import provides the macro (`SwiftUI`, `SwiftData`, `Observation`).
    case whenNeeded
}

/// Where `@Observable` goes on a migrated class.
enum ObservablePlacement: String, Sendable, Equatable, CaseIterable {
    /// On its own line when the declaration keeps an attribute on its own line (`@MainActor`
    /// above `final class`), else on the class line as in Apple's article (the default).
    case matchFile
    /// Always on a line of its own above the declaration.
    case ownLine
    /// Always on the class line, after any attributes: `@MainActor @Observable final class M`.
    case classLine
}

/// Whether `@Observable` goes before or after the attributes a migrated class already carries.
enum ObservableAttributeOrder: String, Sendable, Equatable, CaseIterable {
    /// `first` or `last`, whichever the tree's `@Observable` classes carrying other attributes
    /// follow (the default; `ObservableAttribute.inferenceRule` holds the threshold); `last`
    /// when the tree has too few to learn from.
    case infer
    /// Before the first attribute: `@Observable @MainActor final class M`.
    case first
    /// After the last attribute, right before the modifiers: `@MainActor @Observable final class M`.
    case last
}

/// Whether `@EnvironmentObject var m: M` becomes `@Environment(M.self) var m` or keeps its
/// annotation, `@Environment(M.self) var m: M`.
enum EnvironmentTypeAnnotation: String, Sendable, Equatable, CaseIterable {
    /// `keep` or `drop`, whichever the tree's existing `@Environment(T.self)` properties follow
    /// (the default; `EnvironmentObjectRule.inferenceRule` holds the threshold); `drop` when the
    /// tree has too few to learn from.
    case infer
    /// `@Environment(M.self) var m: M`, the annotation as written.
    case keep
    /// `@Environment(M.self) var m`, as Apple's article and most teams write it.
    case drop
}

/// The label of the `State` an initializer builds in place of a `StateObject` (or an owned
/// `ObservedObject`): `_m = State(initialValue: M())` or `_m = State(wrappedValue: M())`. Both
/// initializers exist and do the same; teams pick one and write it throughout.
enum StateInitializerLabel: String, Sendable, Equatable, CaseIterable {
    /// Whichever label the tree's own `State(…:)` initializations use most (the default;
    /// `StateObjectInit.inferenceRule` holds the rule); `wrappedValue`, the label the legacy
    /// `StateObject(wrappedValue:)` already has, when the tree writes none.
    case infer
    /// `State(initialValue:)`.
    case initialValue
    /// `State(wrappedValue:)`.
    case wrappedValue
}

/// The access level of a view property the migration rewrites (`environmentAccess`, `stateAccess`).
/// Teams split on it: of the developer migrations measured (2026-11-28), open `@EnvironmentObject`
/// properties stayed open in 62 and became `private` in 21; open `@StateObject` properties stayed
/// open in 191 lines and became `private` in 52. Nothing in a legacy tree tells the two apart.
enum WrapperAccess: String, Sendable, Equatable, CaseIterable {
    /// The access level as written (the default): an open property stays open.
    case keep
    /// A property of a struct written without an access modifier becomes `private`, unless a
    /// spelling the tool finds outside the type (and the type's extensions in the same file) may
    /// use it, a protocol the type conforms to may require it, a caller may pass it to the
    /// memberwise initializer, or files of the module are not scanned: then it stays as written.
    case `private`
}

/// What a manual `objectWillChange.send()` becomes when the tool finds no Observation twin for
/// it: no change of a tracked property runs with it, or it may also announce state the macro
/// does not track, or it is sent from outside the model (`manualSends`).
enum ManualSendPolicy: String, Sendable, Equatable, CaseIterable {
    /// The call stays and blocks its unit, with what to write instead (the default): views that
    /// showed what it announced would go stale without it.
    case block
    /// The call is deleted, review class, the finding naming what views may no longer re-render
    /// for: what most teams did by hand (the call refreshed views for state that is tracked once
    /// the model is `@Observable`, or for nothing). A call the tool cannot delete alone (the only
    /// statement of a `switch` clause, part of a larger expression) still blocks.
    case delete
}

/// What an `@ObservedObject var m: M` becomes when nothing uses its `$m` bindings
/// (`observedObjectWithoutBindings`). With bindings it is `@Bindable` either way.
enum UnboundObservedObject: String, Sendable, Equatable, CaseIterable {
    /// `var m: M` (the default): Observation tracks what `body` reads through any reference. Of
    /// the developer migrations measured (2026-11-28), 93 wrote this and 39 `@Bindable`.
    case plain
    /// `@Bindable var m: M`, ready for bindings later, where `M` is a class of the tree written
    /// as a plain type name (`@Bindable` cannot wrap an optional, an existential or a generic
    /// parameter not known to be a class): otherwise `var m: M`.
    case bindable
}
