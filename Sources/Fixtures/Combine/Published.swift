// @Published with Apple's spelling and timing.
//
// The wrapper reaches its owner through `_enclosingInstance`, the way Combine's does, so no
// reflection is needed to find which object to notify. Measured order of one assignment
// `model.x = v` where `x` has `willSet`/`didSet` observers (see PublishedTimingTests):
//
//   1. the getter runs first, only if `didSet` mentions `oldValue`
//   2. the property's own `willSet`
//   3. this type's subscript setter: `objectWillChange.send()`, then `$x` subscribers get `v`,
//      then `v` is stored
//   4. the property's own `didSet`
//
// The compiler wraps the observers around the static subscript setter, so the documented
// "willSet, notify, store, didSet" order falls out without extra work here.

import Foundation

/// A property of a class that announces every assignment before storing it: to the owner's
/// `objectWillChange` when the owner is an `ObservableObject`, and to `$x`'s subscribers in any
/// class (an `@Observable` model's `@ObservationIgnored @Published` mirror, as Combine allows).
@propertyWrapper
public struct Published<Value> {
    // A reference so the projected publisher and the owner's storage share one value and one
    // subscriber list, even though the wrapper itself is a struct copied into the owner.
    final class Storage {
        var value: Value
        let subscribers = Subscribers<Value>()
        /// The property, once the owner's code has read or set it: what `assign(to:)` reports
        /// to the oracle's write observers.
        var property: AnyKeyPath?
        /// The subscriptions `assign(to: &$x)` made: they live as long as the property.
        var assignments: [AnyCancellable] = []

        init(_ value: Value) {
            self.value = value
        }
    }

    let storage: Storage

    /// Starts with `wrappedValue`; used by `@Published var x = v`.
    public init(wrappedValue: Value) {
        storage = Storage(wrappedValue)
    }

    /// Starts with `initialValue`; the spelling used in `_x = Published(initialValue: v)`.
    public init(initialValue: Value) {
        storage = Storage(initialValue)
    }

    /// Unreachable: class owners go through the `_enclosingInstance` subscript instead.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    /// `$x`: delivers the current value on subscribe, then each new value before it is stored.
    public var projectedValue: Publisher {
        get { Publisher(storage: storage) }
        // Settable, as Combine's is, so `assign(to: &$x)` can pass `$x` inout; nothing to store.
        set {}
    }

    /// The owner-aware accessor the compiler calls for `owner.x`.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance owner: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get {
            PublishedTracing.didRead(PublishedKey(owner, wrappedKeyPath))
            let storage = owner[keyPath: storageKeyPath].storage
            storage.property = wrappedKeyPath
            return storage.value
        }
        set {
            let storage = owner[keyPath: storageKeyPath].storage
            storage.property = wrappedKeyPath
            storage.set(newValue, on: owner)
        }
    }

    /// The owner-aware accessor the compiler calls for `owner.$x`: a publisher that can also be
    /// assigned through (`assign(to: &$x)`), announcing each value as a set of `x` does.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance owner: EnclosingSelf,
        projected projectedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Publisher>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Publisher {
        get {
            let storage = owner[keyPath: storageKeyPath].storage
            return Publisher(storage: storage) { [weak owner] value in
                if let owner { storage.set(value, on: owner) }
            }
        }
        // `$x` is never replaced; `assign(to: &$x)` passes it inout, which sets it back.
        set {}
    }

    /// The publisher behind `$x`.
    public struct Publisher: Combine.Publisher {
        /// What subscribers receive: the property's values.
        public typealias Output = Value
        /// `$x` never fails.
        public typealias Failure = Never
        let storage: Storage
        /// Sets the property through its owner (`assign(to:)`); nil outside a class.
        var assignThrough: ((Value) -> Void)?

        init(storage: Storage, assignThrough: ((Value) -> Void)? = nil) {
            self.storage = storage
            self.assignThrough = assignThrough
        }

        /// Calls `receive` with the current value now, then with every value assigned later
        /// (before it is stored), until the token is cancelled or released.
        public func subscribe(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
            let token = storage.subscribers.add(receive)
            receive(storage.value)
            return token
        }
    }
}

/// One `@Published` property of one live object: what the oracle's probes read and what a set
/// touched. Not Apple API.
public struct PublishedKey: Hashable, @unchecked Sendable {
    /// The owning object's identity.
    public let object: ObjectIdentifier
    /// The property, as the key path the compiler handed to `_enclosingInstance`.
    public let property: AnyKeyPath

    init(_ owner: AnyObject, _ property: AnyKeyPath) {
        object = ObjectIdentifier(owner)
        self.property = property
    }
}

/// Instrumentation the oracle uses to learn which `@Published` properties a probe reads and which
/// ones a step assigns, the legacy counterpart of `withObservationTracking`. Not Apple API.
public enum PublishedTracing {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var readRecorders: [Set<PublishedKey>] = []
    private static let writeObservers = Subscribers<PublishedKey>()

    /// Runs `body` and returns, with its result, every `@Published` property it read.
    public static func recordingReads<T>(_ body: () throws -> T) rethrows -> (T, Set<PublishedKey>) {
        lock.lock()
        readRecorders.append([])
        lock.unlock()
        defer {
            lock.lock()
            readRecorders.removeLast()
            lock.unlock()
        }
        let result = try body()
        lock.lock()
        let reads = readRecorders[readRecorders.count - 1]
        lock.unlock()
        return (result, reads)
    }

    /// Calls `observer` on every `@Published` assignment (equal values included), after
    /// `objectWillChange` and before the store, until the token is released.
    public static func observeWrites(_ observer: @escaping (PublishedKey) -> Void) -> AnyCancellable {
        writeObservers.add(observer)
    }

    static func didRead(_ key: PublishedKey) {
        lock.lock()
        if !readRecorders.isEmpty {
            readRecorders[readRecorders.count - 1].insert(key)
        }
        lock.unlock()
    }

    static func didWrite(_ key: PublishedKey) {
        writeObservers.send(key)
    }
}

extension Published.Storage {
    /// One assignment, in Combine's order: `objectWillChange` (an `ObservableObject` owner's),
    /// then `$x` subscribers, then the store. Equal values are not filtered: legacy views
    /// re-render on `x = x`, which the equal-value-assignment fixture relies on to show the
    /// modern difference.
    func set(_ newValue: Value, on owner: AnyObject) {
        (owner as? any ObservableObject)?.objectWillChange.send()
        subscribers.send(newValue)
        if let property { PublishedTracing.didWrite(PublishedKey(owner, property)) }
        value = newValue
    }
}

extension Publisher where Failure == Never {
    /// Assigns every value to the `@Published` property behind `published`, as a set of it
    /// does; the subscription lives as long as the property, as Combine's does.
    public func assign(to published: inout Published<Output>.Publisher) {
        let assign = published.assignThrough
        published.storage.assignments.append(subscribe { value in assign?(value) })
    }
}
