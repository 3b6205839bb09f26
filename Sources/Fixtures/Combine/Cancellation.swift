// Cancellation with Combine's spelling: a subscription lives as long as its AnyCancellable.

import Foundation

/// Something whose work can be stopped, as in Combine.
public protocol Cancellable {
    /// Stops delivery; calling it again does nothing.
    func cancel()
}

/// A type-erased subscription token that cancels itself when released, as Combine's does.
///
/// Views and tests hold these in a `Set` (via `store(in:)`); dropping the set ends every
/// subscription in it, which is the behaviour fixture code relies on.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    // Guarded by `lock`: cancel may race with deinit only in theory, but the lock is cheap.
    private let lock = NSLock()
    private var onCancel: (() -> Void)?

    /// Wraps the closure that ends the subscription.
    public init(_ cancel: @escaping () -> Void) {
        onCancel = cancel
    }

    /// Wraps another cancellable, cancelling it when this one is cancelled or released.
    public convenience init<C: Cancellable>(_ canceller: C) {
        self.init { canceller.cancel() }
    }

    deinit {
        cancel()
    }

    /// Ends the subscription; later calls are no-ops.
    public func cancel() {
        lock.lock()
        let action = onCancel
        onCancel = nil
        lock.unlock()
        action?()
    }

    /// Identity equality: two tokens are the same only if they are the same object.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    /// Hashes the object identity, so tokens can live in a `Set`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Keeps this token alive as long as `set` holds it.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    /// Keeps this token alive as long as `collection` holds it.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }
}

/// An ordered list of receivers that can be added to and removed from while a value is being
/// delivered: delivery works on a snapshot, so a receiver that cancels mid-delivery is safe.
final class Subscribers<Output>: @unchecked Sendable {
    private let lock = NSLock()
    private var nextID = 0
    private var receivers: [(id: Int, receive: (Output) -> Void)] = []

    /// Adds a receiver and returns the token that removes it.
    func add(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        lock.lock()
        let id = nextID
        nextID += 1
        receivers.append((id, receive))
        lock.unlock()
        return AnyCancellable { [weak self] in self?.remove(id) }
    }

    /// Delivers `value` to every receiver subscribed when delivery starts.
    func send(_ value: Output) {
        lock.lock()
        let snapshot = receivers
        lock.unlock()
        for receiver in snapshot where isSubscribed(receiver.id) {
            receiver.receive(value)
        }
    }

    /// The number of live receivers, for tests and for the oracle's counts.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return receivers.count
    }

    private func isSubscribed(_ id: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return receivers.contains { $0.id == id }
    }

    private func remove(_ id: Int) {
        lock.lock()
        receivers.removeAll { $0.id == id }
        lock.unlock()
    }
}
