import Foundation
import SourceScan
import Testing
@testable import MigrateTool

/// `$0` and named closure parameters of Combine and Sequence operators get the upstream element
/// when it is known exactly (issue 11, "the gap"): `$0.objectWillChange` then belongs to one
/// model instead of coupling every model of the tree. Anything else stays unknown.
@Suite struct ClosureParameterTypingTests {
    /// The type of the receiver of each `objectWillChange` in `body` (placed after three models
    /// `A`, `B`, `Chat`), in source order: a model's name, `external`, or `unknown`.
    static func receiverTypes(_ body: String) -> [String] {
        let code = """
            import Combine
            final class A: ObservableObject { @Published var on = false }
            final class B: ObservableObject { @Published var on = false }
            final class Chat: ObservableObject { @Published var text = "" }
            \(body)
            """
        let index = TreeIndex(files: [FileStructure(SourceFile(path: "Example.swift", bytes: Array(code.utf8)))])
        return index.sites.filter { $0.kind == .objectWillChange }.sorted { $0.token < $1.token }.map { site in
            switch site.type {
            case .declared(let id): index.types.symbol(id)?.path.joined(separator: ".") ?? "?"
            case .external: "external"
            default: "unknown"
            }
        }
    }

    /// winston: a cast to a generic type of two arguments, in a condition clause, a binding or
    /// parentheses, types its value, and a member of that type declared as a parameter gives the
    /// argument (`wd`); before, the cast's comma split the clause and every model was coupled.
    @Test func aCastToATwoArgumentGenericTypeIsTyped() {
        #expect(Self.receiverTypes("""
            final class Entity<T, W>: ObservableObject { @Published var data: W? = nil; @Published var direct: W }
            func touch(_ any: Any) {
                if let entity = any as? Entity<Int, Chat>, let wd = entity.data { _ = wd.objectWillChange }
                let forced = any as! Entity<Int, A>
                _ = forced.direct.objectWillChange
                let wrapped = (any as! Entity<Int, B>)
                _ = wrapped.direct.objectWillChange
            }
            """) == ["Chat", "A", "B"])
    }

    @Test func aStatedClosureResultTypeCarriesThroughElementKeepingOperators() {
        let types = Self.receiverTypes("""
            final class Manager: ObservableObject {
                @Published var activeID: UUID?
                func chat(for id: UUID) -> Chat? { nil }
            }
            final class Delegate {
                var manager: Manager?
                var token: AnyCancellable?
                func observe() {
                    token = manager?.$activeID
                        .compactMap { [weak manager] (id: UUID?) -> Chat? in
                            guard let id else { return nil }
                            return manager?.chat(for: id)
                        }
                        .handleEvents(receiveOutput: { _ in print("switched") })
                        .removeDuplicates { $0 === $1 }
                        .receive(on: RunLoop.main)
                        .map { $0.objectWillChange }
                        .switchToLatest()
                        .sink { _ in }
                }
            }
            """)
        #expect(types == ["Chat"])
    }

    @Test func collectionAndSubjectAnnotationsGiveTheirElement() {
        let types = Self.receiverTypes("""
            final class Holder {
                let models: [A]
                var set: Set<B> = []
                let subject: CurrentValueSubject<Chat, Never>
                let passthrough: AnyPublisher<A, Never>
                init(models: [A]) { self.models = models; subject = .init(Chat()); passthrough = Empty().eraseToAnyPublisher() }
                func touch() {
                    models.forEach { $0.objectWillChange.send() }
                    models.filter { $0.on }.first.map { $0.objectWillChange.send() }
                    set.publisher.sink { model in _ = model.objectWillChange }
                    subject.sink(receiveValue: { chat in _ = chat.objectWillChange })
                    passthrough.compactMap { $0 }.sink { _ = $0.objectWillChange }
                    _ = models.first(where: { _ = $0.objectWillChange; return true })
                }
            }
            """)
        #expect(types == ["A", "A", "B", "Chat", "A", "A"])
    }

    /// winston: `routers.values.forEach { router in router.$isAtRoot.sink { … } }` over a
    /// `[Tab: Router]`; a dictionary's values are its elements, for `for … in` too. Its keys,
    /// an array's (nonexistent) `values` and an optional dictionary's stay unknown.
    @Test func aDictionarysValuesGiveItsValueType() {
        let types = Self.receiverTypes("""
            enum Tab: Hashable { case a, b }
            final class Holder {
                var routers: [Tab: A] = [:]
                let byName: Dictionary<String, Chat> = [:]
                let list: [B] = []
                var maybe: [Tab: A]?
                func touch() {
                    routers.values.forEach { router in _ = router.objectWillChange }
                    for chat in byName.values { _ = chat.objectWillChange }
                    _ = routers.values.map { $0.objectWillChange }
                    _ = list.values.map { $0.objectWillChange }
                    _ = maybe?.values.map { $0.objectWillChange }
                }
            }
            """)
        #expect(types == ["A", "Chat", "A", "unknown", "unknown"])
    }

    /// MetaCocktails: `@Published var components = Self.make().sorted(by: { … })`, with no
    /// annotation, holds the array `make()` returns, so `for component in components` hands out
    /// the model. `sorted`, `shuffled` and `filter` keep the elements (an array's `filter` stays
    /// an array that subscripts to them, a set's stays a set that does not), `reversed()` keeps
    /// them behind its own index. A method the tree adds to `Array` under one of those names
    /// leaves the result unknown; a collection type the tree declares answers with its own
    /// method's declared result.
    @Test func sortingOrFilteringACollectionKeepsItsElement() {
        let types = Self.receiverTypes("""
            final class Store {
                static func make() -> [A] { [] }
                var sorted = Store.make().sorted(by: { $0.on && !$1.on })
                var shuffled = Store.make().shuffled()
                let set: Set<B> = []
                let chats: [Chat] = []
                func touch() {
                    for model in sorted { _ = model.objectWillChange }
                    shuffled.forEach { $0.objectWillChange.send() }
                    _ = set.filter { $0.on }.map { $0.objectWillChange }
                    _ = set.filter { $0.on }[set.startIndex].objectWillChange
                    _ = chats.filter { !$0.text.isEmpty }[0].objectWillChange
                    _ = chats.reversed().first?.objectWillChange
                    _ = chats.sorted { $0.text < $1.text }.last?.objectWillChange
                }
            }
            """)
        #expect(types == ["A", "A", "B", "unknown", "Chat", "Chat", "Chat"])
        let redefined = Self.receiverTypes("""
            extension Array { func sorted() -> [Chat] { [] } }
            final class Shelf: Sequence {
                func makeIterator() -> IndexingIterator<[A]> { [A]().makeIterator() }
                func filter(_ keep: (A) -> Bool) -> [B] { [] }
            }
            final class Store {
                let models: [A] = []
                let shelf: Shelf = Shelf()
                func touch() {
                    for model in models.sorted() { _ = model.objectWillChange }
                    _ = shelf.filter { $0.on }.first?.objectWillChange
                }
            }
            """)
        #expect(redefined == ["unknown", "B"])
    }

    /// tophat: `statuses.map { status in status.objectWillChange.sink { … } }` over an
    /// `OrderedSet<TaskStatus>` of swift-collections.
    @Test func swiftCollectionsAndIdentifiedArraysGiveTheirElement() {
        let types = Self.receiverTypes("""
            import Collections
            final class Holder {
                var ordered: OrderedSet<A> = []
                var queue: Deque<B> = []
                var rows: IdentifiedArrayOf<Chat> = []
                func touch() {
                    _ = ordered.map { status in status.objectWillChange }
                    queue.forEach { $0.objectWillChange.send() }
                    rows.forEach { _ = $0.objectWillChange }
                }
            }
            """)
        #expect(types == ["A", "B", "Chat"])
    }

    /// A tree that declares its own `OrderedSet` says nothing about its elements.
    @Test func aTreeOwnOrderedSetIsNotACarrier() {
        let types = Self.receiverTypes("""
            struct OrderedSet<Element> { func forEach(_ body: (A) -> Void) {} }
            func touch(models: OrderedSet<B>) { models.forEach { $0.objectWillChange.send() } }
            """)
        #expect(types == ["unknown"])
    }

    @Test func aPublishedPropertysPublisherGivesThePropertyType() {
        let types = Self.receiverTypes("""
            final class Owner: ObservableObject {
                @Published var current: A?
                var bag = Set<AnyCancellable>()
                init() {
                    $current.compactMap { $0 }.dropFirst().sink { model in _ = model.objectWillChange }.store(in: &bag)
                }
            }
            """)
        #expect(types == ["A"])
    }

    @Test func aStatedParameterTypeIsReadInAnyClosure() {
        let types = Self.receiverTypes("""
            let relay = { (model: B) in _ = model.objectWillChange }
            """)
        #expect(types == ["B"])
    }

    /// Shapes whose element the typer cannot know exactly stay unknown.
    @Test func everythingElseStaysUnknown() {
        let types = Self.receiverTypes("""
            final class Owner: ObservableObject {
                @Published var pair: [String: A] = [:]
                var models: [A] = []
                let others: [any ObservableObject] = []
                let bs: [B] = []
                var bag = Set<AnyCancellable>()
                init() {
                    $pair.map { $0.values.first! }.sink { _ = $0.objectWillChange }.store(in: &bag)
                    pair.forEach { _ = $0.value.objectWillChange }
                    models.reduce(0) { _ = $0.objectWillChange; return 0 }
                    models.publisher.handleEvents { _ = $0.objectWillChange }.sink { _ in }.store(in: &bag)
                    models.publisher.sink { _ in } receiveValue: { _ = $0.objectWillChange }.store(in: &bag)
                    others.forEach { _ = $0.objectWillChange }
                    models.forEach { switch bs.first { default: _ = $0.objectWillChange } }
                }
            }
            """)
        #expect(types == Array(repeating: "unknown", count: 7))
    }

    /// `Optional.map` on an optional collection receives the collection, not an element; a
    /// tree type's own `map` says nothing about what follows it.
    @Test func optionalCollectionsAndTreeMapsStayUnknown() {
        let types = Self.receiverTypes("""
            final class Store { func map(_ body: (Int) -> A?) -> Store { self } ; func sink(_ body: (A) -> Void) {} }
            func touch(models: [A]?, store: Store) {
                _ = models.map { $0.objectWillChange }
                store.map { _ -> A? in nil }.sink { _ = $0.objectWillChange }
                models?.forEach { $0.objectWillChange.send() }
            }
            """)
        #expect(types == ["unknown", "unknown", "unknown"])
    }

    /// Ice: `Action.allCases.map { action in Hotkey(action: action) }` is an array of `Hotkey`,
    /// so a later `hotkeys.map { $0.$keyCombination }` reads one model's publisher. `allCases`
    /// is the synthesized array only for a `CaseIterable` enum without its own; a closure whose
    /// result is no type of the tree, or a result type with a `first` or subscript of its own (an
    /// optional's `map` would hand those on), says nothing.
    @Test func aMapOfAnInitializerGivesItsElements() {
        let types = Self.receiverTypes("""
            enum Kind: CaseIterable { case one, two }
            enum Own: CaseIterable { case one; static var allCases: [B] { [] } }
            enum Plain { case one }
            extension Plain: CaseIterable {}
            final class Paged { subscript(index: Int) -> Int { index } }
            final class Holder {
                let models = Kind.allCases.map { kind in A() }
                let chats = Kind.allCases.map({ _ in Chat() })
                let stated = Plain.allCases.compactMap { _ -> B? in nil }
                let own = Own.allCases
                let pages = Kind.allCases.map { _ in Paged() }
                func touch(list: [Kind]) {
                    models.forEach { $0.objectWillChange.send() }
                    chats.first?.objectWillChange.send()
                    stated[0].objectWillChange.send()
                    own.forEach { $0.objectWillChange.send() }
                    list.map { _ in 1 }.forEach { $0.objectWillChange.send() }
                    pages.forEach { $0.objectWillChange.send() }
                }
            }
            """)
        #expect(types == ["A", "Chat", "B", "B", "unknown", "unknown"])
    }

    @Test func anOperatorTheTreeRedefinesIsNotTrusted() {
        let types = Self.receiverTypes("""
            extension Array { func forEach(_ body: (Int) -> Void) {} }
            func touch(models: [A]) { models.forEach { $0.objectWillChange.send() } }
            """)
        #expect(types == ["unknown"])
    }

    /// A generic container of the tree's models is not an external value: its members may be
    /// models. `first`, `last` and `randomElement()` are its elements.
    @Test func aMemberOfACollectionOfModelsIsNotExternal() {
        let types = Self.receiverTypes("""
            func touch(models: Array<A>) {
                models.randomElement()!.objectWillChange.send()
                models.first!.objectWillChange.send()
                models.last?.objectWillChange.send()
            }
            """)
        #expect(types == ["A", "A", "A"])
    }

    /// Through the built binary: the chain's `$0.objectWillChange` blocks only the model it
    /// belongs to, and an untypable `$0` still couples every model.
    @Test func theReportBlocksOnlyTheChainsModel() throws {
        let models = """
            import Combine
            final class Chat: ObservableObject { @Published var text = "" }
            final class Manager: ObservableObject {
                @Published var activeID: Int?
                func chat(for id: Int) -> Chat? { nil }
            }
            final class Settings: ObservableObject { @Published var dark = false }
            """
        let typed = """
            final class Delegate {
                let manager = Manager()
                var token: AnyCancellable?
                func observe() {
                    token = manager.$activeID
                        .compactMap { [manager] (id: Int?) -> Chat? in id.flatMap { manager.chat(for: $0) } }
                        .map { $0.objectWillChange }
                        .switchToLatest()
                        .sink { _ in }
                }
            }
            """
        let untyped = typed.replacingOccurrences(of: "(id: Int?) -> Chat? in", with: "id in")
        let typedReport = try Self.report(["Models.swift": models, "Delegate.swift": typed])
        #expect(typedReport.blocked == ["Chat"])
        #expect(!typedReport.messages.contains { $0.contains("cannot tell which model") })
        let untypedReport = try Self.report(["Models.swift": models, "Delegate.swift": untyped])
        #expect(untypedReport.blocked == ["Chat", "Manager", "Settings"])
        #expect(untypedReport.messages.contains("cannot tell which model '$0.objectWillChange' belongs to"))
    }

    /// The blocked units and the messages of `report --format json` on a tree of `files`.
    static func report(_ files: [String: String]) throws -> (blocked: [String], messages: [String]) {
        let tree = try BinaryRunner.makeTree(files)
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["report", "--format", "json", tree.path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let units = try #require(json["units"] as? [[String: Any]])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let blocked = units.filter { $0["verdict"] as? String == "blocked" }.compactMap { $0["name"] as? String }.sorted()
        return (blocked, findings.compactMap { $0["message"] as? String })
    }

    /// iARVis: `newValue` in a setter or `willSet`, and `oldValue` in `didSet`, have the
    /// property's type, so `newValue.objectWillChange` belongs to one model instead of coupling
    /// every model of the tree. In an accessor naming its parameter (`set(value)`), `newValue`
    /// is whatever else the name means (here the holder's `Int` property).
    @Test func accessorParametersHaveThePropertysType() {
        let body = """
            final class Holder: ObservableObject {
                var anyCancellable: AnyCancellable?
                var a: A {
                    get { fatalError() }
                    set { anyCancellable = newValue.objectWillChange.sink { _ in } }
                }
                var b = B() {
                    willSet { _ = newValue.objectWillChange }
                    didSet { _ = oldValue.objectWillChange }
                }
                var chat: Chat {
                    get { fatalError() }
                    set(value) { _ = newValue.objectWillChange }
                }
                var newValue: Int { 0 }
            }
            """
        #expect(Self.receiverTypes(body) == ["A", "B", "B", "external"])
    }

    /// quicr-mac (reserve38, read after scoring): `guard let removed =
    /// participants.removeValue(forKey: id)` of a `[ID: VideoParticipant]`, and the other methods
    /// of the standard collections that hand back one element, give that element; `removeFirst(2)`
    /// returns nothing, and a method the tree adds under the name is its own.
    @Test func methodsTakingOneElementGiveIt() {
        let body = """
            final class Holder {
                var byID: [Int: A] = [:]
                var list: [B] = []
                func take() {
                    guard let removed = byID.removeValue(forKey: 1) else { return }
                    _ = removed.objectWillChange
                    _ = list.removeFirst().objectWillChange
                    _ = list.popLast()?.objectWillChange
                    _ = list.remove(at: 0).objectWillChange
                    _ = list.randomElement()?.objectWillChange
                }
            }
            """
        #expect(Self.receiverTypes(body) == ["A", "B", "B", "B", "B"])
        let added = body + "\nextension Array { func popLast() -> Chat { Chat() } }"
        #expect(Self.receiverTypes(added) == ["A", "B", "unknown", "B", "B"])
    }
}
