// What a body turns into: drawable lines, controls, and placeholders for composite children.

/// A view the host draws itself rather than asking for a `body`.
@MainActor
protocol PrimitiveView {
    /// The nodes this view draws; composite children go to `context.pending`.
    func expand(in context: inout ExpansionContext) -> [RenderNode]
}

/// One drawn element of a composite view's output.
enum RenderNode {
    case text(String)
    case button(label: String, action: @MainActor () -> Void)
    case toggle(label: String, isOn: Bool, binding: Binding<Bool>)
    case textField(label: String, text: String, binding: Binding<String>)
    case container(name: String, children: [RenderNode])
    /// A composite child, drawn from its own node so it can re-render on its own.
    case composite(key: String)

    /// The text lines of `nodes`, joined; used for a button's label.
    static func plainText(of nodes: [RenderNode]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text): text
            case .container(_, let children): plainText(of: children)
            default: ""
            }
        }
        .filter { !$0.isEmpty }
        .joined(separator: " ")
    }
}

/// A composite view met while expanding a body, evaluated after the body's tracking scope
/// closes so that its reads are attributed to it and not to its parent.
@MainActor
struct PendingComposite {
    let key: String
    let view: any View
    let environment: EnvironmentValues
}

/// The walk through one body's output: the identity path so far, the environment in force,
/// and the composite children found.
@MainActor
struct ExpansionContext {
    var path: String
    var environment: EnvironmentValues
    var pending: [PendingComposite] = []

    /// Draws `view` at `component` below the current path. A composite becomes a placeholder
    /// whose identity is the position path plus its type name.
    mutating func expand(_ view: any View, at component: String) -> [RenderNode] {
        let saved = path
        if !component.isEmpty { path += "/" + component }
        defer { path = saved }
        if let primitive = view as? any PrimitiveView {
            return primitive.expand(in: &self)
        }
        let key = path + "/" + String(describing: type(of: view))
        pending.append(PendingComposite(key: key, view: view, environment: environment))
        return [.composite(key: key)]
    }
}
