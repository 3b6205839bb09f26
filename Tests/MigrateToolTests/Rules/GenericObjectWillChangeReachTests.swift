import Testing
@testable import MigrateTool

/// An `objectWillChange` in generic code constrained to `ObservableObject` (a generic
/// parameter's value, or `self` in an extension of `ObservableObject`) belongs to the models that
/// reach that code. When the tool followed every use, only those are blocked, and none when
/// nothing uses it; before, every model of the tree was, for a helper no one called.
@Suite struct GenericObjectWillChangeReachTests {
    /// Two helpers that use `objectWillChange`, three models, and `uses`, which may call them.
    static func tree(_ uses: String) -> String {
        """
        import SwiftUI
        import Combine

        extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
            func pulse() {
                withAnimation { objectWillChange.send() }
            }
        }

        extension ObservableObject {
            func attach<T: ObservableObject>(to another: T, storeIn cancellables: inout Set<AnyCancellable>)
                where T.ObjectWillChangePublisher == ObservableObjectPublisher {
                objectWillChange.sink { [unowned another] _ in another.objectWillChange.send() }.store(in: &cancellables)
            }
        }

        final class Feed: ObservableObject { @Published var items = 0 }
        final class Inbox: ObservableObject { @Published var unread = 0 }
        final class Badge: ObservableObject { @Published var count = 0 }

        final class Wiring {
            var cancellables = Set<AnyCancellable>()
            func wire(feed: Feed, inbox: Inbox, badge: Badge) {
                \(uses)
            }
        }
        """
    }

    /// Each model's verdict, by name.
    static func verdicts(_ uses: String) -> [String: Verdict] {
        let analysis = RuleExamples.analyze(Self.tree(uses))
        return Dictionary(uniqueKeysWithValues: analysis.units.map { ($0.name, $0.verdict) })
    }

    @Test func unusedHelpersBlockNoModel() {
        #expect(Self.verdicts("_ = (feed, inbox, badge)") == ["Feed": .ready, "Inbox": .ready, "Badge": .ready])
    }

    @Test func theModelsPassedToTheHelpersAreBlocked() {
        // `feed` reaches `attach` as `self`, `badge` as `T`; `inbox` reaches neither.
        #expect(Self.verdicts("feed.attach(to: badge, storeIn: &cancellables)")
                == ["Feed": .blocked, "Inbox": .ready, "Badge": .blocked])
        #expect(Self.verdicts("inbox.pulse()") == ["Feed": .ready, "Inbox": .blocked, "Badge": .ready])
    }

    @Test func theBlockerNamesTheModelsThatReachIt() {
        let analysis = RuleExamples.analyze(Self.tree("feed.attach(to: badge, storeIn: &cancellables)"))
        let messages = analysis.findings.filter { $0.ruleID == ObjectWillChangeSubscription.id && $0.isBlocker }.map(\.message)
        #expect(messages.contains("'another.objectWillChange' in generic code is the publisher of the models that reach it (Badge); "
                                  + "an @Observable class has none"))
    }

    /// protonpass: a `public extension ObservableObject` whose members use `objectWillChange`
    /// stays as it is whoever uses it, so its being public blocks the public models (code outside
    /// the tree may use it on them) besides those the tree uses it on, and no other; before, one
    /// blocked user blocked all 74 models of the app.
    @Test func aPublicHelperThatStaysHoldsItsUsersAndThePublicModels() {
        func verdicts(publicInbox: Bool) -> [String: Verdict] {
            var tree = Self.tree("feed.attach(to: badge, storeIn: &cancellables)")
                .replacingOccurrences(of: "extension ObservableObject {", with: "public extension ObservableObject {")
            if publicInbox { tree = tree.replacingOccurrences(of: "final class Inbox", with: "public final class Inbox") }
            #expect(tree.contains("public extension ObservableObject {"))
            let analysis = RuleExamples.analyze(tree)
            return Dictionary(uniqueKeysWithValues: analysis.units.map { ($0.name, $0.verdict) })
        }
        #expect(verdicts(publicInbox: false) == ["Feed": .blocked, "Inbox": .ready, "Badge": .blocked])
        #expect(verdicts(publicInbox: true) == ["Feed": .blocked, "Inbox": .blocked, "Badge": .blocked])
    }

    /// A use the tool cannot follow leaves the helper to every model, as before.
    @Test func anUntracedUseBlocksEveryModel() {
        let verdicts = Self.verdicts("let any: any ObservableObject = feed; _ = any; func go<M: ObservableObject>(_ m: M) { m.pulse() }")
        #expect(verdicts.values.allSatisfy { $0 == .blocked })
    }

    /// p2p-wallet: `public func listen<Target: ObservableObject>(target: Target, …)` in a package
    /// sends `target.objectWillChange`, so its constraint stays whoever calls it, and only the
    /// models that reach it (the tree's calls) and the public ones (code outside the tree may pass
    /// them) are its publishers. Before, being public made it any model's, and it held all 78
    /// units of the app; `AsyncList` and `AsyncValue` each declare one, so the name is shared.
    static func publicListener(calls: String, secondListener: Bool = false, publicModel: Bool = false) -> String {
        """
        import Combine
        import Foundation

        public final class AsyncList<Element> {
            @Published public private(set) var state: [Element] = []

            public func listen<Target: ObservableObject>(target: Target, in storage: inout [AnyCancellable])
                where Target.ObjectWillChangePublisher == ObservableObjectPublisher {
                $state.receive(on: RunLoop.main).sink { [weak target] _ in target?.objectWillChange.send() }.store(in: &storage)
            }
        }
        \(secondListener ? """
        public final class AsyncValue<Value> {
            @Published public private(set) var state: Value?

            public func listen<Observer: ObservableObject>(target: Observer, in storage: inout [AnyCancellable])
                where Observer.ObjectWillChangePublisher == ObservableObjectPublisher {
                $state.sink { [weak target] _ in target?.objectWillChange.send() }.store(in: &storage)
            }
        }
        """ : "")

        final class Wallet: ObservableObject {
            @Published var balance = 0
            let tokens = AsyncList<Int>()
            let price = \(secondListener ? "AsyncValue<Int>()" : "AsyncList<Int>()")
            var storage: [AnyCancellable] = []
            init() { \(calls) }
        }

        final class Settings: ObservableObject { @Published var theme = 0 }
        \(publicModel ? "public" : "") final class Session: ObservableObject { @Published var token = "" }
        """
    }

    static func listenerVerdicts(calls: String, secondListener: Bool = false, publicModel: Bool = false) -> [String: Verdict] {
        let analysis = RuleExamples.analyze(publicListener(calls: calls, secondListener: secondListener, publicModel: publicModel))
        return Dictionary(uniqueKeysWithValues: analysis.units.map { ($0.name, $0.verdict) })
    }

    @Test func aPublicListenerNoOneCallsBlocksOnlyThePublicModels() {
        #expect(Self.listenerVerdicts(calls: "_ = tokens") == ["Wallet": .ready, "Settings": .ready, "Session": .ready])
        #expect(Self.listenerVerdicts(calls: "_ = tokens", publicModel: true) == ["Wallet": .ready, "Settings": .ready, "Session": .blocked])
    }

    @Test func aPublicListenerBlocksTheModelsPassedToIt() {
        #expect(Self.listenerVerdicts(calls: "tokens.listen(target: self, in: &storage)")
                == ["Wallet": .blocked, "Settings": .ready, "Session": .ready])
        let analysis = RuleExamples.analyze(Self.publicListener(calls: "tokens.listen(target: self, in: &storage)", publicModel: true))
        let messages = analysis.findings.filter(\.isBlocker).map(\.message)
        #expect(messages.contains("'target?.objectWillChange' in generic code is the publisher of the models that reach it (Wallet), "
                                  + "and of the public models code outside the tree may pass it (Session); an @Observable class has none"))
        #expect(messages.contains {
            $0.hasPrefix("'Session' is public, so code outside the tree may pass it to 'Target' of listen(…) (")
                && $0.hasSuffix("Example.swift:7), which must stay constrained to ObservableObject because its members use "
                                + "objectWillChange, which Observable has no twin of")
        })
    }

    /// Two generic functions named `listen`: a call, read by name, may be either's, so both get
    /// the models of every call; a third `listen` that is not followed leaves them to every model.
    @Test func namesakeListenersAreFollowedTogether() {
        #expect(Self.listenerVerdicts(calls: "_ = tokens", secondListener: true) == ["Wallet": .ready, "Settings": .ready, "Session": .ready])
        #expect(Self.listenerVerdicts(calls: "price.listen(target: self, in: &storage)", secondListener: true)
                == ["Wallet": .blocked, "Settings": .ready, "Session": .ready])
        let unfollowed = Self.publicListener(calls: "_ = tokens", secondListener: true) + "\nfunc listen(_ port: Int) {}\n"
        let analysis = RuleExamples.analyze(unfollowed)
        #expect(analysis.units.allSatisfy { $0.verdict == .blocked })
        let messages = analysis.findings.filter(\.isBlocker).map(\.message)
        #expect(messages.contains("'target?.objectWillChange' in generic code ('Target' of listen(…)) may be the publisher "
                                  + "of any model that can meet it: several functions are named 'listen'"))
    }

    /// A member of `public extension` is public: code outside the tree may pass it any model.
    @Test func aMemberOfAPublicExtensionIsPublic() {
        let tree = Self.publicListener(calls: "_ = tokens")
            .replacingOccurrences(of: "public final class AsyncList<Element> {", with: "public final class AsyncList<Element> {}\npublic extension AsyncList {")
            .replacingOccurrences(of: "@Published public private(set) var state: [Element] = []", with: "")
            .replacingOccurrences(of: "public func listen", with: "func listen")
            .replacingOccurrences(of: "[weak target] _ in target?.objectWillChange.send()", with: "_ in _ = target")
            .replacingOccurrences(of: "$state.receive(on: RunLoop.main)", with: "Just(0)")
        let analysis = RuleExamples.analyze(tree)
        let notes = analysis.findings.filter { $0.ruleID == ObservableConstraint.id }.map(\.message)
        #expect(notes.contains { $0.contains("'listen' is public, so code outside the tree may pass it any model") })
    }

    /// The session's review (`/tmp/s37/review/FINDINGS.md`): shapes where a model reaches the
    /// listener unseen, which must keep it blocked.
    /// R1: a class in a `public extension` is public (code outside the tree may pass it).
    @Test func aModelInAPublicExtensionIsAPublicModel() {
        let tree = Self.publicListener(calls: "_ = tokens")
            + "public enum Shop {}\npublic extension Shop {\n    final class Cart: ObservableObject { @Published var count = 0 }\n}\n"
        let units = RuleExamples.analyzeInMemory(tree).units
        #expect(units.first { $0.name == "Shop.Cart" }?.verdict == .blocked)
        #expect(units.first { $0.name == "Settings" }?.verdict == .ready)
    }

    /// R2: calls that do not spell the function's name as an identifier: `callAsFunction`, an
    /// operator, and a backticked name. The first two cannot be followed; the third is read.
    @Test(arguments: [
        ("public func callAsFunction<Target: ObservableObject>(_ target: Target) { target.objectWillChange.send() }", "self(s)"),
        ("public static func ~> <Target: ObservableObject>(lhs: Target, rhs: Pinger) { lhs.objectWillChange.send() }", "s ~> self"),
        ("public func ping<Target: ObservableObject>(_ target: Target) { target.objectWillChange.send() }", "self.`ping`(s)"),
        ("func ping<Target: ObservableObject>(_ target: Target) { target.objectWillChange.send() }", "self.`ping`(s)"),
    ])
    func aCallThatDoesNotSpellTheNameLeavesNoModelFree(function: String, call: String) {
        let tree = """
            import Combine

            infix operator ~>
            public struct Pinger {
                \(function)
                func register(_ s: Settings) { \(call) }
            }
            final class Settings: ObservableObject { @Published var theme = 0 }
            final class Other: ObservableObject { @Published var count = 0 }
            """
        let units = RuleExamples.analyzeInMemory(tree).units
        #expect(units.first { $0.name == "Settings" }?.verdict == .blocked, "\(function)")
    }

    /// R3: `self` in an extension of a protocol that is no model protocol may be any model
    /// conforming to it: the reach cannot be told (it read as a type staying ObservableObject).
    @Test func selfInAProtocolExtensionIsAnyConformingModel() {
        let tree = Self.publicListener(calls: "_ = tokens") + """
            protocol Trackable: AnyObject {}
            extension Trackable where Self: ObservableObject {
                func register(in list: AsyncList<Int>, storage: inout [AnyCancellable]) { list.listen(target: self, in: &storage) }
            }
            final class Counter: ObservableObject, Trackable { @Published var count = 0 }
            """
        let units = RuleExamples.analyzeInMemory(tree).units
        #expect(units.first { $0.name == "Counter" }?.verdict == .blocked)
    }

    /// R4: public code handing out models as `any ObservableObject` lets code outside the tree
    /// pass any model, an internal one too, to the public listener.
    @Test func aPublicExistentialLeavesThePublicListenerToEveryModel() {
        let tree = Self.publicListener(calls: "_ = tokens") + "public func currentModel() -> any ObservableObject { Settings() }\n"
        let analysis = RuleExamples.analyzeInMemory(tree)
        #expect(analysis.units.allSatisfy { $0.verdict == .blocked })
        #expect(analysis.findings.contains { $0.message.hasPrefix("'target?.objectWillChange' in generic code ('Target' of listen(…)) "
            + "may be the publisher of any model that can meet it: 'listen' is public, and 'currentModel' hands out models as an "
            + "existential, which code outside the tree may pass it") })
    }

    /// R3's twin for an extension of `ObservableObject`: its member used on `self` of a protocol
    /// that is no model protocol may be used on any model conforming to it. It read as a type
    /// staying ObservableObject, so `Counter` migrated and `register()` lost `pulse()`.
    @Test func anExtensionMemberUsedThroughAProtocolIsAnyConformingModels() {
        let tree = """
            import Combine
            extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
                func pulse() { objectWillChange.send() }
            }
            protocol Trackable: AnyObject {}
            extension Trackable where Self: ObservableObject, Self.ObjectWillChangePublisher == ObservableObjectPublisher {
                func register() { pulse() }
            }
            final class Counter: ObservableObject, Trackable { @Published var count = 0 }
            """
        #expect(RuleExamples.analyzeInMemory(tree).units.first { $0.name == "Counter" }?.verdict == .blocked)
    }

    /// R4 spelled with the module: `some Combine.ObservableObject` hands models out too.
    @Test func aQualifiedPublicExistentialCounts() {
        let tree = Self.publicListener(calls: "_ = tokens") + "public func currentModel() -> some Combine.ObservableObject { Settings() }\n"
        #expect(RuleExamples.analyzeInMemory(tree).units.allSatisfy { $0.verdict == .blocked })
    }

    /// The session's second review (`/tmp/s37/review2/FINDINGS.md`): a model passed to the public
    /// listener where the tracer did not see it, each of which left `Passed` free to migrate and
    /// the call no longer compiling. `Passed` must stay blocked; `Free`, passed nowhere, is free
    /// where the tracer can still tell.
    @Test(arguments: [
        // S1: a call inside a string interpolation, one token to the lexer.
        ("func go(_ p: Passed) { print(\"\\(Pinger().listen(target: p))\") }", false),
        // S2: overloads picked by labels; a `switch` label on the `{`'s line binding a name.
        ("func make(a: Int) -> Free { Free() }\nfunc make(b: Int) -> Passed { Passed() }\nfunc go() { Pinger().listen(target: make(b: 1)) }", true),
        ("struct Store { func model() -> Free { Free() }; func model(_ i: Int) -> Passed { Passed() } }\n"
            + "func go(_ s: Store) { Pinger().listen(target: s.model(1)) }", true),
        ("enum E { case f(Passed) }\nfunc go(_ e: E) { let m = Free(); switch e { case let .f(m): Pinger().listen(target: m) }; _ = m }", true),
        // S3: models handed out as existentials by other public declarations.
        ("public typealias AnyModel = any ObservableObject\npublic func current() -> AnyModel { Passed() }", false),
        ("public enum Event { case changed(any ObservableObject) }", false),
        ("public protocol Holder { var model: any ObservableObject { get } }", false),
        ("public protocol HasModel { associatedtype M: ObservableObject; var model: M { get } }", false),
        ("public protocol Named {}\npublic func current() -> any Named & ObservableObject { fatalError() }", false),
        // S4: functions the compiler calls by names never written.
        ("@resultBuilder struct Listening { static func buildBlock(_ parts: Int...) -> Int { 0 }\n"
            + "    static func buildExpression<T: ObservableObject>(_ t: T) -> Int { t.objectWillChange.send(); return 0 } }\n"
            + "@Listening func collect(_ p: Passed) -> Int { p }", false),
    ])
    func aModelPassedWhereTheTracerLooksIsHeld(code: String, freeStaysFree: Bool) {
        let tree = """
            import Combine

            public final class Pinger {
                public init() {}
                public func listen<Target: ObservableObject>(target: Target) { target.objectWillChange.send() }
            }
            final class Passed: ObservableObject { @Published var count = 0 }
            final class Free: ObservableObject { @Published var count = 0 }
            \(code)
            """
        let units = RuleExamples.analyzeInMemory(tree).units
        #expect(units.first { $0.name == "Passed" }?.verdict == .blocked, "\(code)")
        if freeStaysFree { #expect(units.first { $0.name == "Free" }?.verdict != .blocked, "\(code)") }
    }

    /// Cubing-Timer (session 41, held out): a generic property wrapper that republishes an
    /// optional object's `objectWillChange` (`@ObservedOptionalObject var solve: Solve?`) binds its
    /// parameter, which `wrappedValue` is declared as, to the property's type. Only the models it
    /// is applied to reach it; before, its attribute use was unreadable and blocked all 7 models of
    /// the app, though the one type it wraps is a Core Data entity.
    @Test("a property wrapper applied to a property binds its parameter", arguments: [
        ("@ObservedOptionalObject var feed: Feed?", ["Feed": Verdict.blocked, "Inbox": .ready]),
        ("@ObservedOptionalObject var entity: NSManagedObject?", ["Feed": .ready, "Inbox": .ready]),
        ("@ObservedOptionalObject var feed = Optional(Feed())", ["Feed": .blocked, "Inbox": .blocked]),
    ])
    func aPropertyWrapperAppliedToAPropertyBindsItsParameter(_ property: String, _ expected: [String: Verdict]) {
        let analysis = RuleExamples.analyze("""
            import SwiftUI
            import Combine

            @propertyWrapper struct ObservedOptionalObject<T: ObservableObject>: DynamicProperty {
                @StateObject private var proxy = Proxy()
                private class Proxy: ObservableObject {
                    var wrappedObject: T? { didSet { cancellable = wrappedObject?.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() } } }
                    private var cancellable: AnyCancellable?
                }
                private(set) var wrappedValue: T?
                init(wrappedValue: T?) { self.wrappedValue = wrappedValue }
                func update() { proxy.wrappedObject = wrappedValue }
            }

            final class Feed: ObservableObject { @Published var items = 0 }
            final class Inbox: ObservableObject { @Published var unread = 0 }

            struct FeedView: View {
                \(property)
                @StateObject private var inbox = Inbox()
                var body: some View { Text("\\(inbox.unread)") }
            }
            """)
        let verdicts = Dictionary(uniqueKeysWithValues: analysis.units.map { ($0.name, $0.verdict) })
        #expect(verdicts.filter { expected.keys.contains($0.key) } == expected)
    }
}
