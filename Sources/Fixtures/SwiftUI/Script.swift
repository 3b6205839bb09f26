// What a fixture app's script file declares: the interactions and the model state to read.
// The same script file is compiled into the legacy and the modern fixture module, so it may
// only use spellings both styles share (plain property reads and writes, method calls).

/// One user interaction or outside event.
public struct ScriptStep {
    /// What to do.
    public enum Action {
        /// Tap the button with this label (the n-th one if several are on screen).
        case tap(label: String, occurrence: Int?)
        /// Replace the text of the field with this title.
        case type(text: String, field: String, occurrence: Int?)
        /// Flip the switch with this title.
        case toggle(label: String, occurrence: Int?)
        /// Change a model from outside the views (a network reply, a timer).
        case mutate(@MainActor () -> Void)
    }

    /// What to do.
    public let action: Action
    /// A line for reports: what the step did.
    public let summary: String

    /// Taps the button labelled `label`.
    public static func tap(_ label: String, occurrence: Int? = nil) -> ScriptStep {
        ScriptStep(action: .tap(label: label, occurrence: occurrence), summary: "tap \"\(label)\"" + suffix(occurrence))
    }

    /// Types `text` into the field titled `field`, replacing what was there.
    public static func type(_ text: String, into field: String, occurrence: Int? = nil) -> ScriptStep {
        ScriptStep(action: .type(text: text, field: field, occurrence: occurrence), summary: "type \"\(text)\" into \"\(field)\"" + suffix(occurrence))
    }

    /// Flips the switch titled `label`.
    public static func toggle(_ label: String, occurrence: Int? = nil) -> ScriptStep {
        ScriptStep(action: .toggle(label: label, occurrence: occurrence), summary: "toggle \"\(label)\"" + suffix(occurrence))
    }

    /// Runs `change` outside any view, as a background event would.
    public static func mutate(_ summary: String, _ change: @escaping @MainActor () -> Void) -> ScriptStep {
        ScriptStep(action: .mutate(change), summary: "mutate: " + summary)
    }

    private static func suffix(_ occurrence: Int?) -> String {
        occurrence.map { " #\($0)" } ?? ""
    }
}

/// A named reading of model state, compared across styles after every step.
public struct Probe {
    /// What the probe reads, for reports.
    public let name: String
    /// Reads the models; the oracle also watches which properties this read depends on.
    public let read: @MainActor () -> String
    /// Models whose `objectWillChange.send()` counts as a notification of what the probe reads,
    /// in the legacy style: a model that announces changes of unpublished state by hand
    /// notifies every reader of it. Ignored by the modern style, where nothing is `ObservableObject`.
    public let watched: [AnyObject]

    /// A probe called `name` that reads `read`.
    public init(_ name: String, read: @escaping @MainActor () -> String) {
        self.name = name
        self.read = read
        self.watched = []
    }

    /// A probe called `name` that reads `read` from `models`, whose hand-sent `objectWillChange`
    /// notifies it in the legacy style.
    public init(_ name: String, watching models: AnyObject..., read: @escaping @MainActor () -> String) {
        self.name = name
        self.read = read
        self.watched = models
    }
}

/// A difference between the legacy app and its migrated twin that the migration makes on
/// purpose, stated by the fixture so the oracle can check that exactly it appears.
public enum ExpectedDifference: Equatable, Sendable {
    /// A stored property the legacy model did not publish is tracked after the migration
    /// (unpublished-stored-property, the default): the probe named here, which reads it, may
    /// notify in the modern app only, and must at least once. No view reads the property, so
    /// nothing on screen may differ.
    case trackedUnpublished(probe: String)
    /// The same, for a property a view reads (the review case): where the legacy screen showed a
    /// stale value, the modern screen shows exactly what the legacy screen shows once every view
    /// re-renders, and the views showing it re-render; this must happen at least once.
    case trackedUnpublishedShown(probe: String)
    /// A member a view shows reads state the migrated model does not track, changed beside a
    /// published property the view does not read (untracked-state-shown, review): where the
    /// legacy screen redrew with that change and shows the fresh value, the modern screen keeps
    /// what it showed before the step; the probe reads the member, and its value changed in the
    /// step. This must happen at least once.
    case untrackedStateStale(probe: String)

    /// The probe whose property the difference is about.
    public var probe: String {
        switch self {
        case .trackedUnpublished(let probe), .trackedUnpublishedShown(let probe), .untrackedStateStale(let probe): return probe
        }
    }
}

/// A fixture app ready to run: its root view, the script, and the probes of its model state.
public struct ScriptedApp {
    /// The view the host installs.
    public let root: any View
    /// The interactions, in order.
    public let steps: [ScriptStep]
    /// The model state that must come out identical in both styles.
    public let probes: [Probe]
    /// The behaviour changes a `review` rewrite makes by design, which the oracle requires to
    /// appear exactly as stated (equivalence.md); empty for a pair that must behave the same.
    public let expectedDifferences: [ExpectedDifference]

    /// Bundles a root view with its script and probes.
    public init(root: any View, steps: [ScriptStep], probes: [Probe], expectedDifferences: [ExpectedDifference] = []) {
        self.root = root
        self.steps = steps
        self.probes = probes
        self.expectedDifferences = expectedDifferences
    }

    /// The model state as "probe: value" lines, the form the oracle reports.
    @MainActor public func stateDump() -> String {
        probes.map { "\($0.name): \($0.read())" }.joined(separator: "\n")
    }
}

/// The entry point of one fixture app's script file, implemented identically in both styles.
public protocol FixtureScript {
    /// The app's name in reports.
    static var name: String { get }
    /// Builds fresh models, the root view over them, the steps and the probes.
    @MainActor static func make() -> ScriptedApp
}

extension RenderHost {
    /// Performs one scripted step and re-renders.
    public func perform(_ step: ScriptStep) throws {
        switch step.action {
        case .tap(let label, let occurrence):
            try tap(label, occurrence: occurrence)
        case .type(let text, let field, let occurrence):
            try type(text, into: field, occurrence: occurrence)
        case .toggle(let label, let occurrence):
            try toggle(label, occurrence: occurrence)
        case .mutate(let change):
            change()
            update()
        }
    }
}
