// The view protocol and its result builder, with SwiftUI's names.
//
// Real SwiftUI re-exports Foundation, Combine and Observation, so a fixture file that says only
// `import SwiftUI` can use `NSLock`, `@Published` and `@Observable`; this module does the same.

@_exported import Combine
@_exported import Foundation
@_exported import Observation

/// A piece of user interface: either a composite with a `body`, or one of this module's
/// primitives (whose `Body` is `Never`), which the render host knows how to draw.
@MainActor
public protocol View {
    /// The view this one is made of.
    associatedtype Body: View
    /// Evaluated by the host, which records every evaluation.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// Primitives have no body; the host never asks.
    public var body: Never { fatalError("Never has no body") }
}

/// Builds view content from statements, as SwiftUI's `@ViewBuilder` does.
@MainActor
@resultBuilder
public enum ViewBuilder {
    /// A single view stays itself.
    public static func buildExpression<Content: View>(_ content: Content) -> Content {
        content
    }

    /// An empty closure draws nothing.
    public static func buildBlock() -> EmptyView {
        EmptyView()
    }

    /// One statement: no wrapper, so a body of one view keeps that view's type.
    public static func buildBlock<Content: View>(_ content: Content) -> Content {
        content
    }

    /// Several statements become siblings in order.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView {
        var views: [any View] = []
        repeat views.append(each content)
        return TupleView(views)
    }

    /// `if` without `else`.
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? {
        content
    }

    /// The `if` branch of `if`/`else`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .trueContent(first))
    }

    /// The `else` branch of `if`/`else`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> ConditionalContent<TrueContent, FalseContent> {
        ConditionalContent(storage: .falseContent(second))
    }
}

/// Siblings from a multi-statement builder; each keeps its position as part of its identity.
public struct TupleView: View, PrimitiveView {
    let views: [any View]

    init(_ views: [any View]) {
        self.views = views
    }

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("TupleView is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        views.enumerated().flatMap { index, view in
            context.expand(view, at: String(index))
        }
    }
}

/// One of two branches; the branch taken is part of the identity, as in SwiftUI.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("ConditionalContent is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        switch storage {
        case .trueContent(let view): context.expand(view, at: "if")
        case .falseContent(let view): context.expand(view, at: "else")
        }
    }
}

extension Optional: View where Wrapped: View {
    /// Primitive: drawn by the host.
    public var body: Never { fatalError("Optional is primitive") }
}

extension Optional: PrimitiveView where Wrapped: View {
    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        switch self {
        case .some(let view): context.expand(view, at: "some")
        case .none: []
        }
    }
}

/// Draws nothing.
public struct EmptyView: View, PrimitiveView {
    /// Creates the empty view.
    public init() {}

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("EmptyView is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        []
    }
}
