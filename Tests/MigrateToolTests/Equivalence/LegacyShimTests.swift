// The Combine emulation reproduces the legacy timing that Sources/Fixtures/README.md ("The contract") spells out.
//
// These models live in the test target; they spell the legacy API exactly as app code would.

import Combine
import Foundation
import Testing

/// A legacy model whose observers write into an unpublished log, so a test can read the order
/// in which observers, notifications and the store happen.
private final class TimedModel: ObservableObject {
    var log: [String] = []
    var notes = 0
    @Published var value = 0 {
        willSet { log.append("willSet \(value)->\(newValue)") }
        didSet { log.append("didSet \(oldValue)->\(value)") }
    }
    @Published var plain = "a"
}

/// A base and a subclass, each adding a published property.
private class BaseModel: ObservableObject {
    @Published var base = 0
}

private final class DerivedModel: BaseModel {
    @Published var derived = 0
}

/// A model that declares its own publisher, which must win over the default.
private final class CustomPublisherModel: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    @Published var value = 0
}

/// A model with no default, initialised in `init` the way app code does.
private final class InitialisedModel: ObservableObject {
    @Published var name: String

    init(name: String) {
        self.name = name
    }
}

extension Equivalence {
    @Suite("Legacy shim: ObservableObject and @Published")
    @MainActor
    struct LegacyShimTests {
        @Test("objectWillChange fires before the new value is stored")
        func notifiesBeforeStore() {
            let model = TimedModel()
            var seen: [Int] = []
            let token = model.objectWillChange.sink { _ in seen.append(model.value) }
            model.value = 1
            model.value = 2
            #expect(seen == [0, 1])
            #expect(model.value == 2)
            token.cancel()
        }

        @Test("objectWillChange fires on every set, equal values included")
        func notifiesOnEqualValue() {
            let model = TimedModel()
            var count = 0
            let token = model.objectWillChange.sink { count += 1 }
            model.plain = "a"
            model.plain = "a"
            model.value = model.value
            #expect(count == 3)
            token.cancel()
        }

        @Test("order of one assignment: willSet, objectWillChange, $x, store, didSet")
        func assignmentOrder() {
            let model = TimedModel()
            let willChange = model.objectWillChange.sink { _ in model.log.append("objectWillChange (stored \(model.value))") }
            let projected = model.$value.sink { model.log.append("$value \($0) (stored \(model.value))") }
            model.log = []
            model.value = 5
            #expect(model.log == [
                "willSet 0->5",
                "objectWillChange (stored 0)",
                "$value 5 (stored 0)",
                "didSet 0->5",
            ])
            willChange.cancel()
            projected.cancel()
        }

        @Test("$x delivers the current value on subscribe, then new values before they are stored")
        func projectedPublisher() {
            let model = TimedModel()
            model.value = 3
            var received: [(new: Int, stored: Int)] = []
            let token = model.$value.sink { received.append(($0, model.value)) }
            model.value = 4
            model.value = 4
            #expect(received.map(\.new) == [3, 4, 4])
            #expect(received.map(\.stored) == [3, 3, 4])
            token.cancel()
        }

        @Test("cancelling, or releasing the token, stops delivery")
        func cancellation() {
            let model = TimedModel()
            var count = 0
            let token = model.objectWillChange.sink { count += 1 }
            var released: AnyCancellable? = model.objectWillChange.sink { count += 100 }
            var stored = Set<AnyCancellable>()
            model.$plain.sink { _ in count += 10_000 }.store(in: &stored)
            #expect(count == 10_000)  // the current value on subscribe
            model.plain = "b"
            // Read so the optimizer keeps `released` alive up to here (Swift may end a local's
            // lifetime after its last use, which would cancel it before the set).
            #expect(released != nil)
            #expect(count == 20_101)
            token.cancel()
            released = nil
            stored.removeAll()
            model.plain = "c"
            #expect(count == 20_101)
            #expect(model.objectWillChange.subscriberCount == 0)
            #expect(released == nil)
        }

        @Test("stored properties without @Published never notify")
        func unpublishedIsSilent() {
            let model = TimedModel()
            var count = 0
            let token = model.objectWillChange.sink { count += 1 }
            model.notes += 1
            model.log.append("x")
            #expect(count == 0)
            token.cancel()
        }

        @Test("a subclass's own @Published properties fire the same publisher as the base's")
        func subclassSharesPublisher() {
            let model = DerivedModel()
            var count = 0
            let token = model.objectWillChange.sink { count += 1 }
            model.base = 1
            model.derived = 1
            #expect(count == 2)
            #expect(model.objectWillChange === (model as BaseModel).objectWillChange)
            token.cancel()
        }

        @Test("a declared objectWillChange replaces the default one")
        func customPublisherWins() {
            let model = CustomPublisherModel()
            var count = 0
            let token = model.objectWillChange.sink { count += 1 }
            model.value = 1
            #expect(model.objectWillChange === model.objectWillChange)
            #expect(count == 1)
            token.cancel()
        }

        @Test("a property assigned in init starts with that value and notifies later sets")
        func initialisation() {
            let model = InitialisedModel(name: "first")
            var count = 0
            let token = model.objectWillChange.sink { count += 1 }
            #expect(model.name == "first")
            model.name = "second"
            #expect(count == 1)
            token.cancel()
        }

        @Test("each object keeps one publisher, and dead objects do not pile up in the side table")
        func sideTable() {
            let model = TimedModel()
            #expect(model.objectWillChange === model.objectWillChange)
            for _ in 0..<2_000 {
                _ = TimedModel().objectWillChange
            }
            #expect(_WillChangeTableStatistics.storedEntries < 1_000)
            #expect(_WillChangeTableStatistics.liveEntries >= 1)
            #expect(model.objectWillChange === model.objectWillChange)
        }
    }
}
