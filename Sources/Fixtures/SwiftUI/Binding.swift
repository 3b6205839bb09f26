// Two-way access to a value owned elsewhere.

/// A read-write reference to a value owned by state or a model, as in SwiftUI.
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let read: @MainActor () -> Value
    private let write: @MainActor (Value) -> Void

    /// A binding that reads and writes through the given closures.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        read = get
        write = set
    }

    /// Lets `@Binding var x: T` take a `Binding<T>` in the memberwise initializer.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a value nobody can change; writes are dropped.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The value, read and written through the owner.
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    /// `$x` of a `@Binding var x` is the binding itself.
    public var projectedValue: Binding<Value> {
        self
    }

    /// `$value.field`: a binding to one field of a value-typed binding.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { self.wrappedValue[keyPath: keyPath] = $0 }
        )
    }
}

extension Binding {
    /// A binding to a property of a class instance; shared by `$model.x` on every wrapper.
    static func property<Root: AnyObject>(_ keyPath: ReferenceWritableKeyPath<Root, Value>, of root: Root) -> Binding<Value> {
        Binding(get: { root[keyPath: keyPath] }, set: { root[keyPath: keyPath] = $0 })
    }
}
