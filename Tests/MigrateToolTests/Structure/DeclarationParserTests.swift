import Testing
@testable import SourceScan

/// What the structure layer must find for the rules: every class with its whole inheritance
/// list, nested and `#if`-guarded ones included, and variables with their parts.
@Suite struct DeclarationParserTests {
    static func classes(_ text: String) -> [(name: String, inherits: [String], conditional: Bool)] {
        FileStructure(text: text).declarations.filter { $0.kind == .class }.map { ($0.name, $0.inheritance.map(\.typeName), $0.isConditional) }
    }

    @Test func findsNestedAndConditionalClassesWithTheirWholeInheritanceList() {
        let found = Self.classes("""
            @MainActor final class Outer: NSObject, ObservableObject, @unchecked Sendable where T: Equatable {
                class Inner: Base<Int>, P {}
                #if os(iOS)
                class PhoneOnly: ObservableObject {}
                #else
                class Elsewhere<T: ObservableObject>: Base<T> {}
                #endif
                func make() { final class Local: ObservableObject {} }
            }
            """)
        #expect(found.map(\.name) == ["Outer", "Inner", "PhoneOnly", "Elsewhere", "Local"])
        #expect(found[0].inherits == ["NSObject", "ObservableObject", "@unchecked Sendable"])
        #expect(found[1].inherits == ["Base<Int>", "P"])
        #expect(found[2].conditional && found[3].conditional && !found[0].conditional)
    }

    @Test func aTopLevelInitializerEndsBeforeAMacroStartingTheNextLine() throws {
        let file = FileStructure(text: """
            let sample = Library()
            #Preview { LibraryView().environmentObject(sample) }
            let sum = 1 +
                #line
            struct After {}
            """)
        let variables = file.declarations.filter { $0.kind == .variable }
        let sample = try #require(variables.first { $0.name == "sample" }?.bindings.first?.initializer)
        #expect(file.compactText(sample) == "Library()")
        let sum = try #require(variables.first { $0.name == "sum" }?.bindings.first?.initializer)
        #expect(file.compactText(sum).hasSuffix("#line"))
        #expect(file.declarations.contains { $0.kind == .struct && $0.name == "After" })
    }

    /// A preview's body may declare a host view holding the model (`#Preview { struct Host: View {
    /// @StateObject var m = M() … } }`): its types and their members are parsed, so they are sites;
    /// the body's locals are not declarations of the file (they would read as globals).
    @Test func typesInAFreestandingMacrosBodyAreParsedAndItsLocalsAreNot() throws {
        let file = FileStructure(text: """
            #Preview("Sample", traits: .sizeThatFitsLayout) {
                struct Host: View {
                    @StateObject private var model = Model()
                    var body: some View { Text("") }
                }
                let count = 3
                return Host()
            }
            #warning("later")
            @available(iOS 17.0, *)
            #Preview {
                struct Guarded: View { var body: some View { Text("") } }
                return Guarded()
            }
            struct After {}
            """)
        let names = file.declarations.map { "\($0.kind) \($0.name)" }
        #expect(names == ["struct Host", "variable model", "variable body", "struct Guarded", "variable body", "struct After"], "\(names)")
        let host = try #require(file.declarations.firstIndex { $0.name == "Host" })
        #expect(file.declarations[host].parent == nil)
        #expect(file.declarations.first { $0.name == "model" }?.parent == host)
    }

    /// `@Previewable` state is the preview view's state (`@Previewable @StateObject var store =
    /// Store()`): parsed, so it is a wrapper site; the body's other locals stay unparsed, and the
    /// typer does not take the preview's state for a global of the tree.
    @Test func previewableStateInAMacrosBodyIsParsedButIsNoGlobal() throws {
        let file = FileStructure(text: """
            #Preview {
                @Previewable
                @StateObject var store = Store()
                @Previewable @State var text = ""
                let count = 3
                Text(text)
            }
            final class Store {}
            func elsewhere() { _ = store }
            """)
        let names = file.declarations.map { "\($0.kind) \($0.name)" }
        #expect(names == ["variable store", "variable text", "class Store", "function elsewhere"], "\(names)")
        let store = try #require(file.declarations.first { $0.name == "store" })
        #expect(store.attributes.map(\.name) == ["Previewable", "StateObject"])
        let types = TypeIndex(files: [file])
        let typer = ExpressionTyper(types: types)
        let use = try #require(file.tokens.indices.last { file.source.tokenText($0, equals: "store") })
        #expect(typer.typeOf(use..<(use + 1), file: 0) == .unknown)
    }

    /// A generic argument list's comma does not end a binding's initializer; a comparison's does.
    @Test func anInitializerKeepsItsGenericArguments() throws {
        let file = FileStructure(text: """
            let subject = CurrentValueSubject<Int, Never>(0), other = 1
            let made = Box<A, B>.make()
            let a = x < y, b = y > z
            let cast = value as? Box<A, B>, next = 2
            let forced = value as! Feature.Box<A, B>
            let check = value is Box<A, B>, last = 3
            """)
        let initializers = file.declarations.filter { $0.kind == .variable }.flatMap(\.bindings).map { binding in
            binding.initializer.map { file.compactText($0) } ?? "-"
        }
        #expect(initializers == ["CurrentValueSubject<Int, Never>(0)", "1", "Box<A, B>.make()", "x < y", "y > z",
                                 "value as? Box<A, B>", "2", "value as! Feature.Box<A, B>", "value is Box<A, B>", "3"])
    }

    /// The parts of an argument list or tuple: a generic argument list's comma (`Box<A, B>()`,
    /// `x as? Box<A, B>`) separates nothing, a comparison's does.
    @Test func topLevelSegmentsKeepGenericArgumentListsWhole() {
        let file = FileStructure(text: "f(Box<A, B>(), x as? Box<A, B>, a < b, c > d, Box<A, B>.make())\n")
        let open = file.tokens.firstIndex { $0.kind == .leftParen }!
        let segments = file.topLevelSegments((open + 1)..<file.closing(open)).map { file.compactText($0) }
        #expect(segments == ["Box<A, B>()", "x as? Box<A, B>", "a < b", "c > d", "Box<A, B>.make()"])
    }

    @Test func aFunctionsWhereClauseCoversItsRequirements() throws {
        let file = FileStructure(text: "func show<M>(_ m: M) -> Int where M: Model, M: Sendable { 1 }\nprotocol P { func f<T>(_ t: T) where T: Q }\n")
        let functions = file.declarations.filter { $0.kind == .function }
        #expect(try functions.map { file.compactText(try #require($0.whereClause)) } == ["where M: Model, M: Sendable", "where T: Q"])
        #expect(file.compactText(try #require(functions[0].returnType)) == "Int")
    }

    @Test(arguments: [
        ("Panel<Model>", "Panel<Model>"), ("Panel<Model>?", "Panel<Model>?"), ("Box<Outer<Inner>>", "Box<Outer<Inner>>"),
        ("Map<[Key: Value]>", "Map<[Key: Value]>"), ("Pair<(A, B)>.self", "Pair<(A, B)>"), ("a < b", nil), ("x<y>=z", nil),
        ("Cache<Key, Value> {", "Cache<Key, Value>"), ("List<Item; other", nil),
    ] as [(String, String?)])
    func angleBracketsCloseOnlyTypeLists(_ text: String, _ list: String?) {
        let file = FileStructure(text: text)
        let open = file.tokens.firstIndex { $0.kind.isOperator && file.source.bytes[Int($0.start)] == UInt8(ascii: "<") }!
        let close = file.closingAngle(from: open)
        #expect(close.map { file.compactText((open - 1)..<($0 + 1)) } == list)
    }

    @Test func anUnclosedParenthesisDoesNotHideTheRestOfTheFile() {
        let found = Self.classes("class Broken: ObservableObject { func g( { }\nclass AfterBroken: ObservableObject {}\n")
        #expect(found.map(\.name).contains("AfterBroken"))
    }

    @Test func classesInClosuresOfInitialValuesAreFound() {
        #expect(Self.classes("let c = { class Local: ObservableObject {} }\n").map(\.name) == ["Local"])
    }

    @Test func backtickedNamesAreTheNameItself() {
        #expect(Self.classes("class `Escaped`: ObservableObject {}\n").map(\.name) == ["Escaped"])
    }

    @Test func variablesCarryAttributesModifiersTypeInitializerAndObservers() throws {
        let structure = FileStructure(text: """
            class M {
                @Published private(set) var count: Int = 0 { didSet { print(count) } }
                lazy var cache = [String: Int]()
                var body: some View { Text("") }
            }
            """)
        let variables = structure.declarations.filter { $0.kind == .variable }
        #expect(variables.map(\.name) == ["count", "cache", "body"])
        let count = variables[0]
        #expect(count.attributes.map(\.name) == ["Published"])
        #expect(count.modifiers.map(\.word) == [.private] && count.modifiers[0].detail == "set")
        let binding = try #require(count.bindings.first)
        #expect(structure.compactText(try #require(binding.typeAnnotation)) == "Int")
        #expect(binding.initializer != nil && binding.hasObservers)
        #expect(variables[1].hasModifier(.lazy))
        #expect(variables[2].bindings.first?.accessorBlock != nil && variables[2].bindings.first?.hasObservers == false)
    }

    @Test func aConditionContinuedOnTheNextLineIsNotADeclaration() {
        let structure = FileStructure(text: """
            func f() {
                guard let a = a,
                      let b = b
                else { return }
            }
            """)
        #expect(!structure.declarations.contains { $0.kind == .variable })
    }
}
