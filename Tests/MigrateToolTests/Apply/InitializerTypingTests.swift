import Foundation
import Testing
@testable import MigrateTool

/// Issue 11, item 1: any type the tree declares, nested or not and whatever its spelling, is an
/// initializer call when called; the site is typed through the type index from its scope, so the
/// unit is not blocked by "cannot tell".
@Suite struct InitializerTypingTests {
    static let models = """
        import SwiftUI

        enum Outer {
            final class Model: ObservableObject {
                @Published var x = 0
                init(x: Int = 0) { self.x = x }
            }
            enum Inner {
                final class Model: ObservableObject { @Published var x = 0 }
            }
        }

        final class ___VARIABLE_sceneName___ViewState: ObservableObject {
            @Published var x = 0
        }

        final class lowerModel: ObservableObject {
            @Published var x = 0
        }

        final class Box<Value>: ObservableObject {
            @Published var x = 0
        }

        struct AuthView: View {
            final class Config: ObservableObject { @Published var x = 0 }
            var body: some View { Text("") }
        }

        """

    /// One spelling of an initializer: the expression, and the model unit it makes.
    struct Spelling: CustomStringConvertible, Sendable {
        let expression: String
        let unit: String
        var description: String { expression }
    }

    static let spellings: [Spelling] = [
        Spelling(expression: "Outer.Model(x: 1)", unit: "Outer.Model"),
        Spelling(expression: "Outer.Model.init(x: 1)", unit: "Outer.Model"),
        Spelling(expression: "App.Outer.Model()", unit: "Outer.Model"),
        Spelling(expression: "Outer.Inner.Model()", unit: "Outer.Inner.Model"),
        Spelling(expression: "___VARIABLE_sceneName___ViewState()", unit: "___VARIABLE_sceneName___ViewState"),
        Spelling(expression: "___VARIABLE_sceneName___ViewState.init()", unit: "___VARIABLE_sceneName___ViewState"),
        Spelling(expression: "lowerModel()", unit: "lowerModel"),
        Spelling(expression: "Box<Int>()", unit: "Box"),
        Spelling(expression: "AuthView.Config()", unit: "AuthView.Config"),
    ]

    /// `@StateObject private var m = <initializer>` without an annotation: the unit is typed
    /// (no blocker) and the wrapper becomes `@State`.
    @Test(arguments: spellings) func aStateObjectInitialisedWithoutAnnotationIsTyped(_ spelling: Spelling) {
        let files = ["A.swift": Self.models + """
            struct Host: View {
                @StateObject private var m = \(spelling.expression)
                var body: some View { Text("\\(m.x)") }
            }
            """]
        #expect(TyperGapTests.blockers(spelling.unit, in: files).isEmpty)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("@State private var m = \(spelling.expression)"))
    }

    /// `.environmentObject(<initializer>)`: the modifier's argument is typed and rewritten.
    @Test(arguments: spellings) func anEnvironmentObjectArgumentIsTyped(_ spelling: Spelling) {
        let files = ["A.swift": Self.models + """
            struct Host: View {
                var body: some View { Text("").environmentObject(\(spelling.expression)) }
            }
            """]
        #expect(TyperGapTests.blockers(spelling.unit, in: files).isEmpty)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains(".environment(\(spelling.expression))"))
    }

    /// `@State`'s repeated evaluation is harmless when the initializer only stores values,
    /// whether the type is written `Model(…)` or `Outer.Model(…)`: the finding is safe.
    @Test(arguments: ["Outer.Model(x: 1)", "App.Outer.Model.init(x: 1)"])
    func aSideEffectFreeNestedInitializerIsSafe(_ expression: String) {
        let files = ["A.swift": Self.models + """
            struct Host: View {
                @StateObject private var m = \(expression)
                var body: some View { Text("\\(m.x)") }
            }
            """]
        #expect(TyperGapTests.verdict("Outer.Model", in: files) == .ready)
    }

    /// A nested type reached through `Self.` from inside its outer type.
    @Test func aNestedTypeThroughSelfIsTyped() {
        let files = ["A.swift": Self.models + """
            extension AuthView {
                static func preview() -> some View { Text("").environmentObject(Self.Config()) }
            }
            """]
        #expect(TyperGapTests.blockers("AuthView.Config", in: files).isEmpty)
        #expect(Migrator.migrate(files: files)["A.swift"]!.contains(".environment(Self.Config())"))
    }

    /// What is not a declared type stays unknown and blocks the units read from the environment:
    /// a function the tree does not declare, a member that names no nested type, a method.
    @Test(arguments: ["makeModel()", "Outer.Nothing()", "Outer.Model.make()", "outer.Model()"])
    func callsThatAreNotInitializersStayUnknown(_ expression: String) {
        let files = ["A.swift": Self.models + """
            struct Host: View {
                var body: some View { Text("").environmentObject(\(expression)) }
            }
            struct Reader: View {
                @EnvironmentObject var m: Outer.Model
                var body: some View { Text("\\(m.x)") }
            }
            """]
        #expect(TyperGapTests.verdict("Outer.Model", in: files) == .blocked)
        #expect(TyperGapTests.blockers("Outer.Model", in: files).contains { $0.contains("cannot tell the type of '\(expression)'") })
    }
}

/// Locals the typer reads since the reserve3 validation: a `for` loop's name over a typed
/// collection, and an initializer behind `try`/`try?`/`try!`/`await`; each made an
/// `objectWillChange` "cannot tell" that blocked every unit of its tree.
@Suite struct LoopAndTryTypingTests {
    static let models = """
        import Combine
        import SwiftUI

        final class Document: ObservableObject {
            @Published var text = ""
        }

        final class Harness {
            let document = Document()
            init() throws {}
        }

        final class Other: ObservableObject {
            @Published var x = 0
        }

        """

    @Test(arguments: [
        "for document in documents { document.objectWillChange.sink { print(\"changed\") }.store(in: &bag) }",
        "for document in documents.filter({ !$0.text.isEmpty }) where bag.isEmpty { document.objectWillChange.sink { print(\"x\") }.store(in: &bag) }",
        "let harness = try Harness(); harness.document.objectWillChange.sink { print(\"x\") }.store(in: &bag)",
        "let harness = try? Harness(); harness?.document.objectWillChange.sink { print(\"x\") }.store(in: &bag)",
    ])
    func theSubscriptionBlocksOnlyItsOwnModel(_ statement: String) {
        let files = ["A.swift": Self.models + """
            final class Watcher {
                var documents: [Document] = []
                var bag = Set<AnyCancellable>()
                func watch() throws { \(statement) }
            }
            """]
        // The subscription is an observer of Document, bridged in Document's unit; Other is untouched.
        let analysis = RuleExamples.analyze(files: files.map { ($0.key, $0.value) })
        let subscriptions = analysis.findings.filter { $0.ruleID == ObjectWillChangeSubscription.id }
        #expect(subscriptions.count == 1)
        #expect(subscriptions.map { $0.unit.map { analysis.units[$0].name } } == ["Document"])
        #expect(subscriptions.allSatisfy { !$0.isBlocker && !$0.edits.isEmpty })
        #expect(TyperGapTests.blockers("Other", in: files).isEmpty)
    }

    @Test func aLoopOverWhatIsNotACollectionStaysUnknown() {
        let files = ["A.swift": Self.models + """
            final class Watcher {
                var documents: [String: Document] = [:]
                var bag = Set<AnyCancellable>()
                func watch() { for document in documents { document.objectWillChange.sink { print("x") }.store(in: &bag) } }
            }
            """]
        #expect(!TyperGapTests.blockers("Other", in: files).isEmpty)
    }
}

/// A closure applied where it is written, `static let preview = { let m = make(); …; return m }()`
/// (elementx's previews set models up so), or run by `MainActor.assumeIsolated { … }`: typed by
/// what its `return` gives, or by its one expression; a closure returning from deeper inside, or
/// whose returns differ, stays unknown.
@Suite struct AppliedClosureTypingTests {
    static let models = """
        import SwiftUI

        final class Model: ObservableObject {
            @Published var x = 0
            func load() {}
        }

        final class Other: ObservableObject {
            @Published var y = 0
        }

        enum Previews {
            static func make() -> Model { Model() }
        }

        struct Reader: View {
            @EnvironmentObject var m: Model
            var body: some View { Text("\\(m.x)") }
        }

        """

    /// A view providing `value` (a static property initialised with `initializer`) to the environment.
    static func files(_ initializer: String) -> [String: String] {
        ["A.swift": Self.models + """
            struct Host: View {
                static let value = \(initializer)
                var body: some View { Text("").environmentObject(Self.value) }
            }
            """]
    }

    @Test(arguments: [
        "{\n        let model = Previews.make()\n        model.load()\n        return model\n    }()",
        "{ Model() }()",
        "{ return Model() }()",
        // An empty signature, with the result it states or without one.
        "{ () -> Model in Model() }()",
        "{ () in\n        let model = Model()\n        return model\n    }()",
        // A singleton made on the main actor (VibeMeter's `SettingsManager.shared`).
        "MainActor.assumeIsolated {\n        Model()\n    }",
        "MainActor.assumeIsolated({ Previews.make() })",
    ])
    func anAppliedClosureIsTypedByItsResult(_ initializer: String) {
        #expect(TyperGapTests.blockers("Model", in: Self.files(initializer)).isEmpty)
        #expect(Migrator.migrate(files: Self.files(initializer))["A.swift"]!.contains(".environment(Self.value)"))
    }

    @Test(arguments: [
        // Returns from deeper inside, or of two types.
        "{\n        if Bool.random() { return Model() }\n        return Model()\n    }()",
        "{\n        let a = Model()\n        let b = Other()\n        return Bool.random() ? a : b\n    }()",
        // A closure taking an argument, or not applied.
        "{ (id: Int) -> Model in Model() }(1)",
        "{ Model() }",
        // Another function's closure, or more after the call.
        "DispatchQueue.global().sync { Model() }",
        "MainActor.assumeIsolated { Model() }.self",
    ])
    func otherClosuresStayUnknown(_ initializer: String) {
        #expect(TyperGapTests.verdict("Model", in: Self.files(initializer)) == .blocked)
    }
}

/// A collection's subscript gives what its written type holds (`tasks[id]?.$status`, CodeEdit),
/// and a call of a variable of a stated function type gives its result (`let fresh =
/// factory(key); fresh.$notes`, bitchat); a slice, an optional closure, or a function returning
/// a function stays unknown.
@Suite struct SubscriptAndClosureCallTypingTests {
    static let models = """
        import Combine
        import SwiftUI

        final class Task: ObservableObject {
            @Published var status = 0
        }

        final class Host {
            var tasks: [UUID: Task] = [:]
            var list: [Task] = []
            var boxed: Array<Task> = []
            let factory: @MainActor (String) -> Task
            let maybe: ((String) -> Task)?
            let curried: (String) -> (Int) -> Task
            var cancellable: AnyCancellable?

            init(factory: @escaping @MainActor (String) -> Task) {
                self.factory = factory
                self.maybe = nil
                self.curried = { _ in { _ in Task() } }
            }

            func watch(_ id: UUID) {
                cancellable = \\(expression).sink { print($0) }
            }
        }

        """

    static func files(_ expression: String) -> [String: String] {
        ["A.swift": Self.models.replacingOccurrences(of: "\\(expression)", with: expression)]
    }

    @Test(arguments: ["tasks[id]?.$status", "list[0].$status", "boxed[1].$status", "factory(\"a\").$status"])
    func typedThroughTheWrittenType(_ expression: String) {
        #expect(TyperGapTests.blockers("Task", in: Self.files(expression)).isEmpty)
        #expect(Migrator.migrate(files: Self.files(expression))["A.swift"]!.contains(".statusPublisher.sink"))
    }

    @Test(arguments: ["list[0..<1].first!.$status", "maybe!(\"a\").$status", "curried(\"a\")(1).$status"])
    func otherShapesStayUnknown(_ expression: String) {
        #expect(TyperGapTests.verdict("Task", in: Self.files(expression)) == .blocked)
    }
}

/// `rootView` of a hosting controller the tree subclasses is the SwiftUI view it was given
/// (duckduckgo: `class SyncSettingsViewController: UIHostingController<SyncSettingsView>` reads
/// `rootView.model.$devices`); another class's `rootView` stays unknown.
@Suite struct HostedRootViewTypingTests {
    static func files(_ superclass: String, extra: String = "") -> [String: String] {
        ["A.swift": """
            import Combine
            import SwiftUI

            final class Settings: ObservableObject {
                @Published var devices: [String] = []
            }

            struct SettingsView: View {
                @ObservedObject var model: Settings
                var body: some View { Text("\\(model.devices.count)") }
            }
            \(extra)
            class SettingsController: \(superclass) {
                var cancellable: AnyCancellable?
                func watch() {
                    cancellable = self.rootView.model.$devices.sink { print($0) }
                }
            }
            """]
    }

    @Test(arguments: ["UIHostingController<SettingsView>", "NSHostingController<SettingsView>", "Base"])
    func aHostingControllersRootViewIsItsView(_ superclass: String) {
        let files = Self.files(superclass, extra: "class Base: NSHostingView<SettingsView> {}\n")
        #expect(TyperGapTests.blockers("Settings", in: files).isEmpty)
        #expect(Migrator.migrate(files: files)["A.swift"]!.contains("self.rootView.model.devicesPublisher.sink"))
    }

    @Test func anotherClassesRootViewStaysUnknown() {
        #expect(TyperGapTests.verdict("Settings", in: Self.files("UIViewController")) == .blocked)
    }

    /// EasyFPU: `` static let `default` = Calculator() `` is read as `Calculator.default` (and as
    /// `` Calculator.`default` ``): the backticks escape the keyword, they are not part of the name.
    @Test(arguments: ["Calculator.default", "Calculator.`default`"])
    func aBacktickedStaticIsTheSameMember(expression: String) {
        let source = """
            import SwiftUI

            final class Calculator: ObservableObject {
                @Published var value = 0
                static let `default` = Calculator()
            }

            struct V: View {
                @ObservedObject var calculator = \(expression)
                var body: some View { Text("\\(calculator.value)") }
            }

            """
        let migrated = Migrator.migrate(files: ["A.swift": source], unsafeFixes: true)["A.swift"] ?? ""
        #expect(migrated.contains("@Observable final class Calculator {"), "\(migrated)")
        #expect(migrated.contains("var calculator = \(expression)\n"), "\(migrated)")
    }
}
