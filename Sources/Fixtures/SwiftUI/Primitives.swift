// The controls and containers fixture views use. Each is a primitive: the host draws it as a
// line of text and, for controls, remembers what a scripted tap or keystroke should call.

/// A line of text.
public struct Text: View, PrimitiveView {
    let content: String

    /// Shows `content` as written.
    public init(verbatim content: String) {
        self.content = content
    }

    /// Shows `content`; interpolated strings arrive here already formatted.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("Text is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        [.text(content)]
    }
}

/// A tappable control; scripts find it by the text of its label.
public struct Button<Label: View>: View, PrimitiveView {
    let label: Label
    let action: @MainActor () -> Void

    /// A button whose label is arbitrary content; its text lines, joined, are its label.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("Button is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        let drawn = context.expand(label, at: "label")
        return [.button(label: RenderNode.plainText(of: drawn), action: action)]
    }
}

extension Button where Label == Text {
    /// A button labelled with `title`.
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

/// An on/off switch bound to a `Bool`; scripts flip it by its title.
public struct Toggle: View, PrimitiveView {
    let title: String
    let isOn: Binding<Bool>

    /// A switch titled `title` showing and setting `isOn`.
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.title = String(title)
        self.isOn = isOn
    }

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("Toggle is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        [.toggle(label: title, isOn: isOn.wrappedValue, binding: isOn)]
    }
}

/// An editable line bound to a `String`; scripts type into it by its title.
public struct TextField: View, PrimitiveView {
    let title: String
    let text: Binding<String>

    /// A field titled `title` showing and setting `text`.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.title = String(title)
        self.text = text
    }

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("TextField is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        [.textField(label: title, text: text.wrappedValue, binding: text)]
    }
}

/// Flexible space; it has no text, so it draws nothing.
public struct Spacer: View, PrimitiveView {
    /// Creates the space.
    public init() {}

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("Spacer is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        []
    }
}

/// Horizontal placement inside a `VStack`; accepted for source compatibility, not drawn.
public enum HorizontalAlignment: Sendable {
    /// Leading edge.
    case leading
    /// Centre.
    case center
    /// Trailing edge.
    case trailing
}

/// Vertical placement inside an `HStack`; accepted for source compatibility, not drawn.
public enum VerticalAlignment: Sendable {
    /// Top edge.
    case top
    /// Centre.
    case center
    /// Bottom edge.
    case bottom
}

/// Children one above the other; drawn as an indented group.
public struct VStack<Content: View>: View, PrimitiveView {
    let content: Content

    /// Stacks `content` vertically; alignment and spacing do not change the text.
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("VStack is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        [.container(name: "VStack", children: context.expand(content, at: "VStack"))]
    }
}

/// Children side by side; drawn as an indented group.
public struct HStack<Content: View>: View, PrimitiveView {
    let content: Content

    /// Stacks `content` horizontally; alignment and spacing do not change the text.
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("HStack is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        [.container(name: "HStack", children: context.expand(content, at: "HStack"))]
    }
}

/// A scrolling list; drawn as an indented group.
public struct List<Content: View>: View, PrimitiveView {
    let content: Content

    /// A list of arbitrary rows.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("List is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        [.container(name: "List", children: context.expand(content, at: "List"))]
    }
}

extension List {
    /// A row per element of identifiable `data`.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init { ForEach(data, content: rowContent) }
    }

    /// A row per element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data,
        id: KeyPath<Data.Element, ID>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init { ForEach(data, id: id, content: rowContent) }
    }
}

/// One view per element; each keeps its element's id as its identity, so state follows the
/// element when others are inserted or removed, as in SwiftUI.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    let data: Data
    let id: (Data.Element) -> ID
    let content: (Data.Element) -> Content

    /// Views for elements identified by `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = { $0[keyPath: id] }
        self.content = content
    }

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("ForEach is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        data.flatMap { element in
            context.expand(content(element), at: "#\(id(element))")
        }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Views for identifiable elements.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = { $0.id }
        self.content = content
    }
}

extension ForEach {
    /// Views for the elements of a binding to a collection, each given a binding to its element
    /// (`ForEach($model.items) { $item in … }`): writing through one writes the collection back
    /// through the owner, as in SwiftUI.
    public init<C: MutableCollection & RandomAccessCollection, Element: Identifiable>(
        _ data: Binding<C>, @ViewBuilder content: @escaping (Binding<Element>) -> Content
    ) where C.Element == Element, Data == [Binding<Element>], ID == Element.ID {
        self.data = data.wrappedValue.indices.map { index in
            Binding(get: { data.wrappedValue[index] }, set: { data.wrappedValue[index] = $0 })
        }
        self.id = { $0.wrappedValue.id }
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Views for a constant range of integers.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.id = { $0 }
        self.content = content
    }
}
