import Testing
@testable import MigrateTool

/// `.environmentObject(x)` whose argument is typed through a cast (`item as Media`), a local
/// function of a preview (`#Preview { func make() -> Item … }`), or a closure parameter whose
/// type the call states: SwiftUI's `ForEach(data)`, `List(data)` and
/// `.navigationDestination(for: T.self)`, and the one closure parameter of a tree type's
/// initializer (trailing or labelled), `a ?? b` of one type, parentheses, `super.`, and a
/// trailing comma after the argument. Typed, the site is a model's or known not to be one;
/// untyped, it may be any model read with `@EnvironmentObject`, and blocks them all.
@Suite struct ClosureAndCastTypingTests {
    /// A model read from the environment (`Store`), a class that is not one (`Item`), and
    /// `body`, which passes something to `.environmentObject`.
    static func tree(_ body: String, extra: String = "") -> String {
        """
        import SwiftUI

        final class Store: ObservableObject { @Published var count = 0 }
        class Item: NSObject {}
        class Movie: Item {}

        struct Row: View {
            @EnvironmentObject var store: Store
            var body: some View { Text("\\(store.count)") }
        }

        struct Results<Content: View>: View {
            let prompt: String
            let content: (Item) -> Content
            init(prompt: String, @ViewBuilder content: @escaping (Item) -> Content) {
                self.prompt = prompt
                self.content = content
            }
            var body: some View { content(Item()) }
        }

        struct Screen: View {
            let items: [Item]
            let movie: Movie
            var body: some View {
                \(body)
            }
        }
        \(extra)
        """
    }

    /// The blocker an untyped `.environmentObject` argument puts on `Store`, if any.
    static func cannotTell(_ source: String) -> [String] {
        RuleExamples.analyze(files: [("A.swift", source)]).findings
            .filter { $0.ruleID == EnvironmentObjectModifier.id && $0.isBlocker }.map(\.message)
    }

    @Test(arguments: [
        "Row().environmentObject(movie as Item)",
        "Row().environmentObject(items[0] as! Movie)",
        "ForEach(items) { item in Row().environmentObject(item) }",
        "ForEach(items, id: \\.self) { item in Row().environmentObject(item) }",
        "List(items) { item in Row().environmentObject(item) }",
        "ForEach([movie, movie]) { item in Row().environmentObject(item) }",
        "Results(prompt: \"x\") { item in Row().environmentObject(item) }",
        "Results(prompt: \"x\", content: { item in Row().environmentObject(item) })",
        "NavigationStack { Text(\"x\").navigationDestination(for: Item.self) { item in Row().environmentObject(item) } }",
        "if let first = items.first { Row().environmentObject(first) }",
        // Operands of one type, a parenthesized expression, a trailing comma after the argument.
        "Row().environmentObject(items.first ?? items[0])",
        "Row().environmentObject(items.first ?? items.last ?? items[0])",
        "Row().environmentObject((movie as Item))",
        "Row().environmentObject((items.first!))",
        "if let some = items.first ?? items.last { Row().environmentObject(some) }",
        "Row().environmentObject(\n    movie,\n)",
        // A closure applied where it is written, with an empty signature.
        "Row().environmentObject({ () in\n        let made = Item()\n        return made\n    }())",
        "Row().environmentObject({ () -> Item in\n        let made = Movie()\n        return made\n    }())",
        // The element of an enumerated pair.
        "ForEach(Array(items.enumerated()), id: \\.offset) { index, item in Row().environmentObject(item) }",
        "VStack { let _ = items.enumerated().map { index, item in Row().environmentObject(item) } }",
        // A collection type's initializer: `[Item]()`.
        "Row().environmentObject([Item]().first!)",
        "ForEach([Item](repeating: Item(), count: 2), id: \\.self) { item in Row().environmentObject(item) }",
        "Row().environmentObject([String: Item]()[\"a\"]!)",
    ])
    func theArgumentIsTyped(body: String) {
        #expect(Self.cannotTell(Self.tree(body)) == [])
    }

    @Test func aPreviewsLocalFunctionStatesItsResult() {
        let source = Self.tree("Text(\"x\")", extra: """
            #Preview {
                func make() -> Item { Item() }
                return Row().environmentObject(make())
            }
            """)
        #expect(Self.cannotTell(source) == [])
    }

    /// The closure's arity picks among an initializer's closures, and a labelled trailing
    /// closure after it names a parameter it is not.
    @Test func arityAndLaterLabelsPickTheParameter() {
        let source = Self.tree("Table { item in Row().environmentObject(item) } footer: { EmptyView() }", extra: """
            struct Table<R: View, F: View>: View {
                init(@ViewBuilder row: @escaping (Item) -> R, @ViewBuilder footer: @escaping () -> F = { EmptyView() }) {}
                var body: some View { EmptyView() }
            }
            """)
        #expect(Self.cannotTell(source) == [])
    }

    /// A collection of a type no scanned file declares holds no model: only a file mentioning a
    /// model's name can declare a property holding one, and such a file is scanned.
    @Test func theElementsOfAnUnscannedTypesCollectionAreExternal() {
        let files = [("A.swift", Self.tree("ForEach(problems) { problem in ForEach(problem.items) { item in Row().environmentObject(item) } }")
                        .replacingOccurrences(of: "let items: [Item]", with: "let items: [Item]\n    let problems: [Problem]")),
                     ("Problem.swift", "struct Problem: Identifiable { let id = 0; let items: [Thing] }\nclass Thing {}\n")]
        let findings = RuleExamples.analyze(files: files).findings.filter { $0.ruleID == EnvironmentObjectModifier.id && $0.isBlocker }
        #expect(findings.map(\.message) == [])
    }

    /// A preview's local function with an opaque result may return any model.
    @Test func aPreviewsOpaqueFunctionStaysUnknown() {
        let source = Self.tree("Text(\"x\")", extra: """
            #Preview {
                func make() -> some ObservableObject { Store() }
                return Row().environmentObject(make())
            }
            """)
        #expect(Self.cannotTell(source).count == 1)
    }

    /// So does a method's: `.environmentObject(make())` may pass any model.
    @Test func anOpaqueMethodResultStaysUnknown() {
        let source = Self.tree("Row().environmentObject(make())", extra: """
            extension Screen {
                func make() -> some ObservableObject { Store() }
            }
            """)
        #expect(Self.cannotTell(source).count == 1)
    }

    /// And a property of an existential type: Swift opens it for `.environmentObject`.
    @Test func anExistentialPropertyStaysUnknown() {
        let source = Self.tree("Row().environmentObject(anyModel)", extra: """
            extension Screen {
                var anyModel: any ObservableObject { Store() }
            }
            """)
        #expect(Self.cannotTell(source).count == 1)
    }

    /// What the call does not state stays unknown, and blocks.
    @Test(arguments: [
        // An existential may hold any model (the call does not compile, and the tool does not guess).
        "Row().environmentObject(movie as AnyObject)",
        // A comparison, not a cast's result.
        "Row().environmentObject(movie as Item == movie ? movie : movie)",
        // Mixed element types: Swift may join them to a common supertype.
        "ForEach([movie, items[0]]) { item in Row().environmentObject(item) }",
        // A method's trailing closure on a value.
        "Text(\"x\").sheet(item: .constant(movie)) { item in Row().environmentObject(item) }",
        // Operands of different types may meet in a common supertype.
        "Row().environmentObject(items.first ?? movie)",
        // An operand of no known type.
        "Row().environmentObject(items.first ?? unknownThing)",
        // Another operator beside `??` binds the operands otherwise.
        "Row().environmentObject(items.first ?? items[0] == movie ? movie : movie)",
        // A closure taking an argument.
        "Row().environmentObject({ (x: Int) in Item() }(1))",
        // The pair's first name is its offset, and a pair of another call is not read.
        "ForEach(Array(items.enumerated()), id: \\.offset) { index, item in Row().environmentObject(index) }",
        "ForEach(Array(zip(items, items)), id: \\.0) { left, right in Row().environmentObject(right) }",
        // A tuple, and what parentheses hand a trailing closure.
        "Row().environmentObject((movie, movie))",
        // The closure's second parameter, which `ForEach` does not pass.
        "ForEach(items) { item, other in Row().environmentObject(other) }",
        // An external type built from the tree's values holds them.
        "ForEach(Array(items)) { item in Row().environmentObject(item) }",
    ])
    func theArgumentStaysUnknown(body: String) {
        #expect(Self.cannotTell(Self.tree(body)).count == 1)
    }

    /// `.sheet(item:)`, `.fullScreenCover(item:)`, `.popover(item:)` and
    /// `.navigationDestination(item:)` hand their closure the value of the binding they get.
    @Test(arguments: [
        "Text(\"x\").sheet(item: $picked) { item in Row().environmentObject(item) }",
        "Text(\"x\").sheet(item: $picked, onDismiss: {}) { item in Row().environmentObject(item) }",
        "Text(\"x\").fullScreenCover(item: $shelf.current, content: { item in Row().environmentObject(item) })",
        "Text(\"x\").popover(item: $shelf.current) { item in Row().environmentObject(item) }",
        "Text(\"x\").navigationDestination(item: $picked) { item in Row().environmentObject(item) }",
    ])
    func aPresentedItemIsTheBindingsValue(body: String) {
        #expect(Self.cannotTell(Self.picker(body)) == [])
    }

    /// What the binding holds must be known, and only those modifiers are read.
    @Test(arguments: [
        "Text(\"x\").sheet(item: $shelf.unknownThing) { item in Row().environmentObject(item) }",
        "Text(\"x\").sheet(item: binding()) { item in Row().environmentObject(item) }",
        "Text(\"x\").present(item: $picked) { item in Row().environmentObject(item) }",
    ])
    func anUnreadPresentationStaysUnknown(body: String) {
        #expect(Self.cannotTell(Self.picker(body)).count == 1)
    }

    /// A view holding an optional `Item` as state and a shelf whose `current` is one.
    static func picker(_ body: String) -> String {
        tree("Text(\"x\")", extra: """
            final class Shelf: ObservableObject { @Published var current: Item? }
            struct Picker: View {
                @State var picked: Item?
                @ObservedObject var shelf: Shelf
                func binding() -> Binding<Item?> { $picked }
                var body: some View {
                    \(body)
                }
            }
            """)
    }

    /// `super.` names the superclass the tree declares: its method's result is typed.
    @Test func superNamesTheSuperclass() {
        let source = Self.tree("Text(\"x\")", extra: """
            class Shelf { func pick() -> Item { Item() } }
            class Cabinet: Shelf {
                func row() -> some View { Row().environmentObject(super.pick()) }
            }
            """)
        #expect(Self.cannotTell(source) == [])
        // Without a superclass in the tree, `super` says nothing.
        let unknown = Self.tree("Text(\"x\")", extra: """
            class Cabinet: NSObject {
                func row() -> some View { Row().environmentObject(super.pick()) }
            }
            """)
        #expect(Self.cannotTell(unknown).count == 1)
    }

    /// A member a protocol's extension gives the types conforming to it has its written type for
    /// them; `Self` is the conforming type; an associated type differs from one to the next.
    @Test func aProtocolExtensionGivesItsConformersMembers() {
        func source(_ use: String) -> String {
            Self.tree(use, extra: """
                protocol Catalog {
                    associatedtype Entry
                    var entries: [Entry] { get }
                }
                extension Catalog {
                    var items: [Item] { [] }
                    func favourite() -> Item { Item() }
                    func itself() -> Self { self }
                    var firstEntry: Entry? { entries.first }
                }
                final class Shop: Catalog { var entries: [Store] { [] } }
                extension Screen { var shop: Shop { Shop() } }
                """)
        }
        #expect(Self.cannotTell(source("Row().environmentObject(shop.items[0])")) == [])
        #expect(Self.cannotTell(source("Row().environmentObject(shop.favourite())")) == [])
        #expect(Self.cannotTell(source("if let first = shop.items.first { Row().environmentObject(first) }")) == [])
        // `Self` is the conforming type: not a model, so not blocked.
        #expect(Self.cannotTell(source("Row().environmentObject(shop.itself())")) == [])
        // An associated type is the conforming type's own: unknown here.
        #expect(Self.cannotTell(source("Row().environmentObject(shop.firstEntry!)")).count == 1)
    }

    /// `for (index, item) in items.enumerated()`: the pair's element.
    @Test func anEnumeratedLoopsSecondNameIsTheElement() {
        let source = Self.tree("Text(\"x\")", extra: """
            func rows(_ items: [Item]) -> [AnyView] {
                var views: [AnyView] = []
                for (index, item) in items.enumerated() where index > 0 {
                    views.append(AnyView(Row().environmentObject(item)))
                }
                return views
            }
            """)
        #expect(Self.cannotTell(source) == [])
        #expect(Self.cannotTell(source.replacingOccurrences(of: "for (index, item) in items.enumerated()",
                                                            with: "for (index, item) in zip(items, items)")).count == 1)
    }

    /// An element of a written tuple type: `pair.1`, and a case's tuple payload.
    @Test func aTupleElementHasItsWrittenType() {
        let source = Self.tree("Text(\"x\")", extra: """
            enum Phase { case idle, loaded((Item, Movie)) }
            struct Pairs: View {
                let pair: (Item, movie: Movie)
                let phase: Phase
                var body: some View {
                    Row().environmentObject(pair.1)
                    switch phase {
                    case .idle: EmptyView()
                    case .loaded(let result): Row().environmentObject(result.0)
                    }
                }
            }
            """)
        #expect(Self.cannotTell(source) == [])
        // Past the last element, nothing is known.
        #expect(Self.cannotTell(source.replacingOccurrences(of: "pair.1", with: "pair.2")).count == 1)
    }

    /// A variable whose annotation is a function type states its closure's parameters.
    @Test func anAnnotatedVariableStatesItsClosuresParameters() {
        let source = Self.tree("Text(\"x\")", extra: """
            enum Panes {
                static let make: (_ item: Item, Int) -> AnyView = { item, _ in AnyView(Row().environmentObject(item)) }
            }
            """)
        #expect(Self.cannotTell(source) == [])
        // A closure of another arity is not the one the annotation describes.
        let other = source.replacingOccurrences(of: "(_ item: Item, Int) -> AnyView", with: "(Item) -> AnyView")
        #expect(Self.cannotTell(other).count == 1)
    }

    /// A result builder on a struct's stored closure property leaves the memberwise
    /// initializer's parameter its type; a property wrapper would not.
    @Test func aResultBuilderOnTheStoredClosureKeepsItsType() {
        let source = Self.tree("Shelf(title: \"x\") { item in Row().environmentObject(item) }", extra: """
            struct Shelf<Content: View>: View {
                let title: String
                @ViewBuilder let content: (Item) -> Content
                var body: some View { content(Item()) }
            }
            """)
        #expect(Self.cannotTell(source) == [])
        let wrapped = source.replacingOccurrences(of: "@ViewBuilder let content", with: "@Wrapped var content")
        #expect(Self.cannotTell(wrapped).count == 1)
    }

    /// A type with two closure parameters of the closure's arity (here its memberwise
    /// initializer's) does not say which one a trailing closure binds to.
    @Test func severalClosureParametersLeaveItUnknown() {
        let source = Self.tree("Pair(left: { _ in EmptyView() }) { item in Row().environmentObject(item) }", extra: """
            struct Pair<L: View, R: View>: View {
                let left: (Store) -> L
                let right: (Item) -> R
                var body: some View { EmptyView() }
            }
            """)
        #expect(Self.cannotTell(source).count == 1)
    }
}
