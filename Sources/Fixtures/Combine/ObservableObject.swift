// ObservableObject with Apple's spelling: a model declares the conformance and nothing else.

import Foundation

/// A class whose changes are announced, before they happen, through `objectWillChange`.
///
/// As in Combine, a conforming class gets `objectWillChange` for free; a class may still declare
/// its own (the catalog's `custom-object-will-change` row), which then wins over the default.
public protocol ObservableObject: AnyObject {
    /// Fires before any `@Published` property of this object is stored.
    var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
    /// The per-object publisher, created on first use and kept while the object lives.
    public var objectWillChange: ObservableObjectPublisher {
        WillChangeTable.shared.publisher(for: self)
    }
}

/// The publisher behind `objectWillChange`: its output carries no value, only "about to change".
public final class ObservableObjectPublisher: @unchecked Sendable {
    /// Combine's output type for this publisher: nothing but the event itself.
    public typealias Output = Void
    private let subscribers = Subscribers<Void>()

    /// Creates a publisher with no subscribers, for models that declare their own.
    public init() {}

    /// Announces an imminent change to every subscriber.
    public func send() {
        subscribers.send(())
    }

    /// Calls `receiveValue` on every later `send()`, until the token is cancelled or released.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        subscribers.add(receiveValue)
    }

    /// How many subscriptions are live; tests use it to check that cancellation really detaches.
    public var subscriberCount: Int {
        subscribers.count
    }
}

/// Where each object's publisher lives, keyed by identity, since a protocol extension cannot add
/// stored properties. Entries hold the object weakly: an `ObjectIdentifier` can be reused after
/// the object dies, so an entry only counts if its weak reference still points at the asker.
final class WillChangeTable: @unchecked Sendable {
    static let shared = WillChangeTable()

    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    // Dead entries are swept when the table doubles past its last live size, which keeps
    // lookups O(1) amortised without a sweep per call.
    private var sweepThreshold = 64

    func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        let key = ObjectIdentifier(object)
        lock.lock()
        defer { lock.unlock() }
        if let entry = entries[key], entry.object === object {
            return entry.publisher
        }
        let publisher = ObservableObjectPublisher()
        entries[key] = Entry(object: object, publisher: publisher)
        if entries.count > sweepThreshold {
            entries = entries.filter { $0.value.object != nil }
            sweepThreshold = max(64, entries.count * 2)
        }
        return publisher
    }

    /// Live entries, for the test that checks dead objects do not accumulate.
    var liveCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.values.filter { $0.object != nil }.count
    }

    /// All entries, dead or alive, for the same test.
    var entryCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}

/// Test hooks into the side table; not Apple API.
public enum _WillChangeTableStatistics {
    /// Entries whose object is still alive.
    public static var liveEntries: Int { WillChangeTable.shared.liveCount }
    /// Entries held, including dead ones not yet swept.
    public static var storedEntries: Int { WillChangeTable.shared.entryCount }
}
