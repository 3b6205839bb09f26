// The render host: installs views at identities, evaluates bodies, tracks what invalidates
// them, re-renders what was invalidated, draws the screen as text, and performs the taps and
// keystrokes a script asks for.
//
// Both invalidation systems run at once, as in SwiftUI: a view is invalidated when an
// `ObservableObject` it holds through `@StateObject`/`@ObservedObject`/`@EnvironmentObject`
// fires `objectWillChange`, when a property its body read under `withObservationTracking`
// changes, or when its own `@State` is written. A legacy fixture only exercises the first,
// a modern one only the second; mixing is legal and works.
//
// Simplification, identical for both styles: a re-evaluated body re-evaluates every composite
// child (SwiftUI would skip children whose inputs compare equal). The oracle compares which
// views each style re-rendered, and both pay the same cascade.

import Foundation

/// A composite view installed at one identity, with the storage that outlives its struct.
@MainActor
final class CompositeNode {
    /// Identity: position path plus type name.
    let key: String
    var view: any View
    var environment: EnvironmentValues
    var output: [RenderNode] = []
    /// `@State` boxes and `@StateObject` objects, by property label.
    var storage: [String: AnyObject] = [:]
    var subscriptions: [AnyCancellable] = []
    /// Bumped on every evaluation and on removal, so a stale subscription or tracking closure
    /// from an earlier evaluation cannot invalidate the current one.
    var generation = 0
    var isDirty = false
    var isRemoved = false
    weak var host: RenderHost?

    init(key: String, view: any View, environment: EnvironmentValues, host: RenderHost) {
        self.key = key
        self.view = view
        self.environment = environment
        self.host = host
    }

    var depth: Int {
        key.reduce(0) { $1 == "/" ? $0 + 1 : $0 }
    }

    func invalidate(generation: Int, source: RenderHost.InvalidationSource) {
        guard !isRemoved, generation == self.generation else { return }
        host?.count(source)
        isDirty = true
    }

    func stateDidChange() {
        invalidate(generation: generation, source: .state)
    }
}

/// Renders a view tree to text and drives it the way a user would.
@MainActor
public final class RenderHost {
    /// What told a view that it is out of date.
    public enum InvalidationSource: Sendable {
        /// A held `ObservableObject` fired `objectWillChange`.
        case objectWillChange
        /// A property read by the body under `withObservationTracking` changed.
        case observation
        /// The view's own `@State` was written.
        case state
    }

    /// Notifications received, by source; the oracle prints them, never compares them.
    public struct NotificationCounts: Sendable, Equatable {
        /// `objectWillChange` deliveries to installed views.
        public var objectWillChange = 0
        /// `withObservationTracking` change callbacks for installed views.
        public var observation = 0
        /// `@State` writes.
        public var state = 0
        /// All of them.
        public var total: Int { objectWillChange + observation + state }

        /// No notifications yet.
        public init() {}
    }

    /// A script asked for a control the screen does not show, or shows more than once.
    public struct ControlNotFound: Error, CustomStringConvertible {
        /// What was asked for and what was found.
        public let description: String
    }

    private let rootKey: String
    private var nodes: [String: CompositeNode] = [:]
    /// Body evaluations per view identity since the host started.
    public private(set) var evaluations: [String: Int] = [:]
    private var evaluationLog: [String] = []
    /// Notifications received since the host started.
    public private(set) var notifications = NotificationCounts()

    /// Installs `root` and renders it once.
    public init(root: any View) {
        rootKey = String(describing: Swift.type(of: root))
        let node = CompositeNode(key: rootKey, view: root, environment: EnvironmentValues(), host: self)
        nodes[rootKey] = node
        var visited = Set<String>()
        evaluate(node, visited: &visited)
    }

    func count(_ source: InvalidationSource) {
        switch source {
        case .objectWillChange: notifications.objectWillChange += 1
        case .observation: notifications.observation += 1
        case .state: notifications.state += 1
        }
    }

    // MARK: Evaluation

    private func evaluate(_ node: CompositeNode, visited: inout Set<String>) {
        visited.insert(node.key)
        node.generation += 1
        node.isDirty = false
        let generation = node.generation

        // Mirror is only used here, on view structs, to find their data-flow wrappers; models
        // are never reflected (the legacy shim reaches owners through `_enclosingInstance`).
        var publishers: [ObservableObjectPublisher] = []
        for child in Mirror(reflecting: node.view).children {
            if let wrapper = child.value as? any HostInstallable {
                publishers += wrapper.install(on: node, label: child.label ?? "")
            }
        }
        node.subscriptions = publishers.map { publisher in
            publisher.sink { @Sendable [weak node] _ in
                MainActor.assumeIsolated {
                    node?.invalidate(generation: generation, source: .objectWillChange)
                }
            }
        }

        evaluations[node.key, default: 0] += 1
        evaluationLog.append(node.key)
        let view = node.view
        let environment = node.environment
        let key = node.key
        let expansion = withObservationTracking {
            var context = ExpansionContext(path: key, environment: environment)
            let drawn = context.expand(view.body, at: "")
            return (drawn, context.pending)
        } onChange: { [weak node] in
            // Fires inside the model's setter, on the thread doing the mutation: the fixtures
            // mutate on the main actor only, which this asserts.
            MainActor.assumeIsolated {
                node?.invalidate(generation: generation, source: .observation)
            }
        }
        node.output = expansion.0

        for child in expansion.1 {
            let childNode: CompositeNode
            if let existing = nodes[child.key] {
                childNode = existing
                childNode.view = child.view
                childNode.environment = child.environment
            } else {
                childNode = CompositeNode(key: child.key, view: child.view, environment: child.environment, host: self)
                nodes[child.key] = childNode
            }
            evaluate(childNode, visited: &visited)
        }
    }

    /// Drops the identities under `key` that its latest evaluation no longer produced; their
    /// state goes with them, as in SwiftUI.
    private func prune(under key: String, keeping visited: Set<String>) {
        let prefix = key + "/"
        for (candidate, node) in nodes where candidate.hasPrefix(prefix) && !visited.contains(candidate) {
            node.isRemoved = true
            node.generation += 1
            node.subscriptions = []
            nodes[candidate] = nil
        }
    }

    /// Re-renders every invalidated view, outermost first, until nothing is invalid.
    public func update() {
        var rounds = 0
        while let next = nodes.values.filter(\.isDirty).min(by: { ($0.depth, $0.key) < ($1.depth, $1.key) }) {
            rounds += 1
            precondition(rounds < 10_000, "views keep invalidating each other")
            var visited = Set<String>()
            evaluate(next, visited: &visited)
            prune(under: next.key, keeping: visited)
        }
    }

    /// Re-renders every view from the root, as if each had been invalidated: what the screen
    /// shows once nothing is stale. The oracle's reference for a difference a fixture expects.
    public func renderEverything() {
        nodes[rootKey]?.isDirty = true
        update()
    }

    /// The identities whose body ran since the last call, in evaluation order.
    public func takeEvaluationLog() -> [String] {
        defer { evaluationLog = [] }
        return evaluationLog
    }

    /// Identities currently installed.
    public var installedViews: [String] {
        nodes.keys.sorted()
    }

    // MARK: Drawing

    /// The screen as indented lines: what a user would read, with control states.
    public var screen: String {
        var lines: [String] = []
        draw(nodes[rootKey]?.output ?? [], indent: 0, into: &lines)
        return lines.joined(separator: "\n")
    }

    private func draw(_ drawn: [RenderNode], indent: Int, into lines: inout [String]) {
        let pad = String(repeating: "  ", count: indent)
        for node in drawn {
            switch node {
            case .text(let text):
                lines.append(pad + "Text \(quoted(text))")
            case .button(let label, _):
                lines.append(pad + "Button \(quoted(label))")
            case .toggle(let label, let isOn, _):
                lines.append(pad + "Toggle \(quoted(label)) \(isOn ? "on" : "off")")
            case .textField(let label, let text, _):
                lines.append(pad + "TextField \(quoted(label)) = \(quoted(text))")
            case .container(let name, let children):
                lines.append(pad + name)
                draw(children, indent: indent + 1, into: &lines)
            case .composite(let key):
                draw(nodes[key]?.output ?? [], indent: indent, into: &lines)
            }
        }
    }

    private func quoted(_ text: String) -> String {
        "\"" + text + "\""
    }

    // MARK: Interaction

    /// Taps the button labelled `label` (the `occurrence`-th one if several), then re-renders.
    public func tap(_ label: String, occurrence: Int? = nil) throws {
        let action = try control("button", label, occurrence) { node -> (@MainActor () -> Void)? in
            if case .button(let found, let action) = node, found == label { return action }
            return nil
        }
        action()
        update()
    }

    /// Replaces the text of the field titled `label` with `text`, then re-renders.
    public func type(_ text: String, into label: String, occurrence: Int? = nil) throws {
        let binding = try control("text field", label, occurrence) { node -> Binding<String>? in
            if case .textField(let found, _, let binding) = node, found == label { return binding }
            return nil
        }
        binding.wrappedValue = text
        update()
    }

    /// Flips the switch titled `label`, then re-renders.
    public func toggle(_ label: String, occurrence: Int? = nil) throws {
        let binding = try control("toggle", label, occurrence) { node -> Binding<Bool>? in
            if case .toggle(let found, _, let binding) = node, found == label { return binding }
            return nil
        }
        binding.wrappedValue.toggle()
        update()
    }

    private func control<T>(_ kind: String, _ label: String, _ occurrence: Int?, _ match: (RenderNode) -> T?) throws -> T {
        var found: [T] = []
        collect(nodes[rootKey]?.output ?? [], match, into: &found)
        if let occurrence {
            guard found.indices.contains(occurrence) else {
                throw ControlNotFound(description: "no \(kind) \(quoted(label)) #\(occurrence); \(found.count) on screen")
            }
            return found[occurrence]
        }
        guard found.count == 1 else {
            throw ControlNotFound(description: "\(found.count) \(kind)s \(quoted(label)) on screen; expected exactly one")
        }
        return found[0]
    }

    private func collect<T>(_ drawn: [RenderNode], _ match: (RenderNode) -> T?, into found: inout [T]) {
        for node in drawn {
            if let hit = match(node) { found.append(hit) }
            switch node {
            case .container(_, let children): collect(children, match, into: &found)
            case .composite(let key): collect(nodes[key]?.output ?? [], match, into: &found)
            default: break
            }
        }
    }
}
