// Objects handed down the view tree by type.

/// The objects an ancestor made available. Legacy and modern entries are kept apart, as in
/// SwiftUI: `.environment(m)` does not satisfy `@EnvironmentObject`, nor the reverse, so a
/// half-migrated fixture fails loudly instead of appearing to work.
struct EnvironmentValues {
    private var legacy: [ObjectIdentifier: AnyObject] = [:]
    private var observables: [ObjectIdentifier: AnyObject] = [:]

    func legacyObject<T: ObservableObject>(_ type: T.Type) -> T? {
        legacy[ObjectIdentifier(type)] as? T
    }

    func observable(_ key: ObjectIdentifier) -> AnyObject? {
        observables[key]
    }

    mutating func setLegacy<T: ObservableObject>(_ object: T) {
        legacy[ObjectIdentifier(T.self)] = object
    }

    mutating func setObservable<T: AnyObject & Observable>(_ object: T?) {
        observables[ObjectIdentifier(T.self)] = object
    }
}

/// Applies an environment change to its content.
public struct EnvironmentWriter<Content: View>: View, PrimitiveView {
    let content: Content
    let write: (inout EnvironmentValues) -> Void

    /// Primitive: drawn by the host.
    public var body: Never { fatalError("EnvironmentWriter is primitive") }

    func expand(in context: inout ExpansionContext) -> [RenderNode] {
        let saved = context.environment
        write(&context.environment)
        defer { context.environment = saved }
        return context.expand(content, at: "")
    }
}

extension View {
    /// Makes `object` available to descendants' `@EnvironmentObject` of type `T`.
    public func environmentObject<T: ObservableObject>(_ object: T) -> EnvironmentWriter<Self> {
        EnvironmentWriter(content: self) { $0.setLegacy(object) }
    }

    /// Makes `object` available to descendants' `@Environment(T.self)`.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> EnvironmentWriter<Self> {
        EnvironmentWriter(content: self) { $0.setObservable(object) }
    }
}
