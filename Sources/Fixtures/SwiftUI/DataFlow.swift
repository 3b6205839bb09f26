// The data-flow property wrappers, legacy and modern.
//
// A view struct is re-created every time its parent's body runs, so a wrapper cannot keep
// state in itself. Each wrapper holds a small reference (a slot); when the host installs the
// view at an identity it points the slot at that identity's storage (or fills the storage on
// first install) and collects the `objectWillChange` publishers the view depends on.

/// What the host asks of a wrapper found in a view's stored properties.
@MainActor
protocol HostInstallable {
    /// Connects the wrapper to `node`'s storage under `label` and returns the legacy
    /// publishers whose firing must invalidate the view.
    func install(on node: CompositeNode, label: String) -> [ObservableObjectPublisher]
}

/// View-owned value storage that outlives the view struct, as in SwiftUI.
///
/// The initial value is evaluated on every view init (it is an ordinary argument), but only the
/// first one reaches storage: later ones are discarded when the host finds existing storage.
/// This is the pre-Xcode-27 behaviour the catalog's `state-object` rule warns about.
@MainActor
@propertyWrapper
public struct State<Value>: HostInstallable {
    final class Box {
        var value: Value
        weak var owner: CompositeNode?

        init(_ value: Value) {
            self.value = value
        }
    }

    final class Slot {
        let initial: Value
        var box: Box?

        init(_ initial: Value) {
            self.initial = initial
        }
    }

    let slot: Slot

    /// Storage starting at `wrappedValue` the first time this view identity is installed.
    public init(wrappedValue: Value) {
        slot = Slot(wrappedValue)
    }

    /// The spelling used in `_x = State(initialValue: v)`.
    public init(initialValue: Value) {
        slot = Slot(initialValue)
    }

    /// The stored value; writing it invalidates the owning view.
    public var wrappedValue: Value {
        get { slot.box?.value ?? slot.initial }
        nonmutating set {
            guard let box = slot.box else { return }  // SwiftUI also drops writes before install
            box.value = newValue
            box.owner?.stateDidChange()
        }
    }

    /// `$x`: a binding to the stored value.
    public var projectedValue: Binding<Value> {
        Binding(get: { self.wrappedValue }, set: { self.wrappedValue = $0 })
    }

    func install(on node: CompositeNode, label: String) -> [ObservableObjectPublisher] {
        if let existing = node.storage[label] as? Box {
            slot.box = existing
        } else {
            let box = Box(slot.initial)
            box.owner = node
            node.storage[label] = box
            slot.box = box
        }
        return []
    }
}

/// A view-owned `ObservableObject`, created once per view identity.
///
/// The initial value is an autoclosure kept until install: it runs only when the identity has
/// no object yet, which is the guarantee that distinguishes it from `State`.
@MainActor
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: HostInstallable {
    final class Slot {
        let make: () -> ObjectType
        var object: ObjectType?

        init(_ make: @escaping () -> ObjectType) {
            self.make = make
        }
    }

    let slot: Slot

    /// Remembers how to make the object; the host decides whether it is ever called.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        slot = Slot(thunk)
    }

    /// The identity's object.
    public var wrappedValue: ObjectType {
        if let object = slot.object { return object }
        // Read before install: SwiftUI makes a throwaway object too (with a runtime warning).
        let object = slot.make()
        slot.object = object
        return object
    }

    /// `$model.x`: bindings to the object's properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
    }

    func install(on node: CompositeNode, label: String) -> [ObservableObjectPublisher] {
        if let existing = node.storage[label] as? ObjectType {
            slot.object = existing
        } else {
            let object = slot.make()
            node.storage[label] = object
            slot.object = object
        }
        return [wrappedValue.objectWillChange]
    }
}

/// An `ObservableObject` passed in by the parent; any change to it invalidates this view.
@MainActor
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: HostInstallable {
    /// The observed object.
    public var wrappedValue: ObjectType

    /// Observes `wrappedValue`.
    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    /// The spelling used in `_m = ObservedObject(initialValue: m)`.
    public init(initialValue: ObjectType) {
        wrappedValue = initialValue
    }

    /// `$model.x`: bindings to the object's properties.
    public var projectedValue: Wrapper {
        Wrapper(object: wrappedValue)
    }

    func install(on node: CompositeNode, label: String) -> [ObservableObjectPublisher] {
        [wrappedValue.objectWillChange]
    }

    /// Makes `$model.x` a `Binding` to `model.x`.
    @MainActor
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        /// A binding to one property of the object.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            Binding.property(keyPath, of: object)
        }
    }
}

/// An `ObservableObject` an ancestor supplied with `.environmentObject(_:)`, found by type.
@MainActor
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: HostInstallable {
    final class Slot {
        var object: ObjectType?
    }

    let slot = Slot()

    /// Looks the object up when the view is installed.
    public init() {}

    /// The ancestor's object; missing one is a programming error, as in SwiftUI.
    public var wrappedValue: ObjectType {
        guard let object = slot.object else {
            fatalError("No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view.")
        }
        return object
    }

    /// `$model.x`: bindings to the object's properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
    }

    func install(on node: CompositeNode, label: String) -> [ObservableObjectPublisher] {
        slot.object = node.environment.legacyObject(ObjectType.self)
        return slot.object.map { [$0.objectWillChange] } ?? []
    }
}

/// An `@Observable` object an ancestor supplied with `.environment(_:)`, found by type.
///
/// Only the type-keyed form exists here: key-path environment values are not part of the
/// migration and the fixtures do not use them.
@MainActor
@propertyWrapper
public struct Environment<Value>: HostInstallable {
    final class Slot {
        var object: AnyObject?
    }

    let slot = Slot()
    let key: ObjectIdentifier

    /// Reads the ancestor's object of type `objectType`.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        key = ObjectIdentifier(objectType)
    }

    /// The ancestor's object; missing one is a programming error, as in SwiftUI.
    public var wrappedValue: Value {
        guard let object = slot.object as? Value else {
            fatalError("No Observable object of type \(Value.self) found. A View.environment(_:) for \(Value.self) may be missing as an ancestor of this view.")
        }
        return object
    }

    func install(on node: CompositeNode, label: String) -> [ObservableObjectPublisher] {
        // No subscription: the body's reads of the object's properties are tracked instead.
        slot.object = node.environment.observable(key)
        return []
    }
}

/// Bindings to the properties of an `@Observable` object: `$model.x`, as a view property,
/// a local `@Bindable var m = m`, or inline `Bindable(m).x`.
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value> {
    /// The object bindings are made to.
    public var wrappedValue: Value

    /// Wraps an observable object.
    public init(wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// Wraps an observable object; the spelling for inline `Bindable(m).x`.
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// `$model` of a `@Bindable var model` is the wrapper itself.
    public var projectedValue: Bindable<Value> {
        self
    }

    /// A binding to one property of the object.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> where Value: AnyObject {
        Binding.property(keyPath, of: wrappedValue)
    }
}
