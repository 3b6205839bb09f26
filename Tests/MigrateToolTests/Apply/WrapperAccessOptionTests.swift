import SourceScan
import Testing
@testable import MigrateTool

/// `environmentAccess`, `stateAccess` and `observedObjectWithoutBindings`: the style choices
/// teams split on, which the configuration sets and nothing infers. `private` is written only
/// where no spelling in the tree may reach the property from outside its view.
@Suite struct WrapperAccessOptionTests {
    static let model = """
        import SwiftUI

        final class Store: ObservableObject {
            @Published var count = 0
        }

        """

    static func migrate(_ sources: [String], _ change: (inout Configuration) -> Void) -> [String] {
        var configuration = Configuration()
        change(&configuration)
        let analysis = InferenceTestTree.analyze(sources, configuration)
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        return sources.indices.map { plan.newContents[$0].map { String(decoding: $0, as: UTF8.self) } ?? sources[$0] }
    }

    static func messages(_ sources: [String], rule: String, _ change: (inout Configuration) -> Void) -> [String] {
        var configuration = Configuration()
        change(&configuration)
        return InferenceTestTree.analyze(sources, configuration).findings.filter { $0.ruleID == rule }.map(\.message)
    }

    static let badge = """
        import SwiftUI

        struct Badge: View {
            @EnvironmentObject var store: Store
            var body: some View { Text("\\(store.count)") }
        }

        """

    @Test func theDefaultsKeepAccessAndWriteAPlainProperty() {
        let view = Self.badge + "struct Label: View {\n    @ObservedObject var store: Store\n    @StateObject var own = Store()\n"
            + "    var body: some View { Text(\"\\(store.count)\\(own.count)\") }\n}\n"
        let migrated = Self.migrate([Self.model, view]) { _ in }[1]
        #expect(migrated.contains("@Environment(Store.self) var store\n"))
        #expect(migrated.contains("    var store: Store\n"))
        #expect(migrated.contains("@State var own = Store()"))
    }

    @Test func privateEnvironmentWhereNothingOutsideTheViewReadsIt() {
        let migrated = Self.migrate([Self.model, Self.badge]) { $0.environmentAccess = .private }[1]
        #expect(migrated.contains("@Environment(Store.self) private var store\n"))
        let message = Self.messages([Self.model, Self.badge], rule: EnvironmentObjectRule.id) { $0.environmentAccess = .private }
        #expect(message == ["@EnvironmentObject 'store' becomes @Environment(Store.self) private"])
    }

    @Test func writtenAccessStaysAsWritten() {
        let view = Self.badge.replacingOccurrences(of: "@EnvironmentObject var", with: "@EnvironmentObject public var")
        let migrated = Self.migrate([Self.model, view]) { $0.environmentAccess = .private }[1]
        #expect(migrated.contains("@Environment(Store.self) public var store\n"))
    }

    /// Each spelling that may reach the property from outside keeps it open, and the finding
    /// says which; a member of another known type, `self.store` in another type, and a
    /// same-file extension do not.
    @Test(arguments: [
        ("func peek(_ badge: Badge) -> Int { badge.store.count }", "'.store' at F2.swift:3 may read it from outside its type"),
        ("func peek(_ any: [Badge]) -> Int { any[0].store.count }", "'.store' at F2.swift:3 may read it from outside its type"),
        ("let path = \\Badge.store", "'.store' at F2.swift:3 may read it from outside its type"),
        ("let path: KeyPath<Badge, Store> = \\.store", "'.store' at F2.swift:3 may read it from outside its type"),
        ("extension Badge { var total: Int { store.count } }", "an extension in another file uses it (F2.swift:3)"),
        ("protocol HasStore { var store: Store { get } }\nextension Badge: HasStore {}", "it may witness 'store' of protocol HasStore"),
        ("protocol HasStore { var store: Store { get } }\nprotocol Shop: HasStore {}\nextension Badge: Shop {}",
         "it may witness 'store' of protocol HasStore"),
        ("protocol HasStore { var store: Store { get } }\nprotocol Other {}\ntypealias Both = HasStore & Other\nextension Badge: Both {}",
         "it may witness 'store' of protocol HasStore"),
        ("protocol HasStore { var store: Store { get } }\nprotocol Other {}\nprotocol Shop: Other & HasStore {}\nextension Badge: Shop {}",
         "it may witness 'store' of protocol HasStore"),
        ("import SwiftUI\nfunc peek(_ badge: Binding<Badge>) -> Int { badge.store.wrappedValue.count }",
         "'.store' at F2.swift:4 may read it from outside its type"),
        ("func describe(_ b: Badge) -> String { \"\\(b.store.count)\" }", "'.store' is read inside a string interpolation at F2.swift:3"),
        ("func peek(_ b: Badge) -> Int { b.`store`.count }", "'.`store`' at F2.swift:3 may read it from outside its type"),
        ("extension View where Self == Badge { var c: Int { store.count } }",
         "an extension constrained to the view uses it (F2.swift:3)"),
        ("import ShopKit\nextension Badge: HasStore {}",
         "the view conforms to HasStore, which the tree does not declare and may require 'store'"),
        ("@dynamicMemberLookup struct Box<T> { var value: T; subscript<U>(dynamicMember kp: KeyPath<T, U>) -> U { value[keyPath: kp] } }\n"
            + "func peek(_ b: Box<Badge>) -> Int { b.store.count }", "'.store' at F2.swift:4 may read it from outside its type"),
        ("let Shared = Badge()\nfunc peek() -> Int { Shared.store.count }", "'.store' at F2.swift:4 may read it from outside its type"),
    ])
    func aReaderOutsideTheViewKeepsItOpen(_ reader: String, _ reason: String) {
        let sources = [Self.model, Self.badge, "import SwiftUI\n\n" + reader + "\n"]
        let migrated = Self.migrate(sources) { $0.environmentAccess = .private }[1]
        #expect(migrated.contains("@Environment(Store.self) var store\n"))
        let messages = Self.messages(sources, rule: EnvironmentObjectRule.id) { $0.environmentAccess = .private }
        #expect(messages == ["@EnvironmentObject 'store' becomes @Environment(Store.self); its access stays as written although "
                             + "environmentAccess is \"private\": \(reason)"])
    }

    @Test(arguments: [
        "struct Holder { let store = Store(); func count() -> Int { self.store.count } }",
        "struct Holder { let inner = Store(); func count(_ other: Holder) -> Int { other.inner.count } }\nlet shared = Store()\nfunc peek() -> Int { shared.count }",
        "extension Store { var doubled: Int { count * 2 } }\nstruct Holder { var store: Store; func count() -> Int { store.count } }",
        "struct Holder { var store: Store }\nfunc peek(_ holder: Holder) -> Int { holder.store.count }",
        "enum Registry { static let store = Store() }\nfunc peek() -> Int { Registry.store.count }",
        "enum labels: String { case store, cart }\nfunc title() -> String { labels.store.rawValue }",
        "protocol HasStore { var store: Store { get } }\nprotocol Other {}\nextension Badge: Other {}",
        "enum Shop { case store, cart }\nlet shop: Shop = .store\nfunc isStore(_ s: Shop) -> Bool { s == .store || [.store].contains(s) }\n"
            + "func pick(_ c: Bool) -> Shop { if c { return .store }; switch shop { case .store: return .cart; default: return c ? .store : .cart } }",
    ])
    func readersOfOtherTypesDoNotKeepItOpen(_ reader: String) {
        let sources = [Self.model, Self.badge + "extension Badge { var doubled: Int { store.count * 2 } }\n", "import SwiftUI\n\n" + reader + "\n"]
        let migrated = Self.migrate(sources) { $0.environmentAccess = .private }[1]
        #expect(migrated.contains("@Environment(Store.self) private var store\n"))
    }

    /// A file that mentions no model nor any observation keyword is not read by default (the
    /// relevance filter); a run that may write `private` reads every file, so a reader there counts.
    @Test func aFileTheRelevanceFilterWouldSkipStillKeepsItOpen() {
        let coordinator = "import UIKit\n\nfinal class Coordinator {\n    let parent: Badge\n"
            + "    init(parent: Badge) { self.parent = parent }\n    func count() -> Int { parent.store.count }\n}\n"
        let files = [("Model.swift", Self.model), ("Badge.swift", Self.badge), ("Coordinator.swift", coordinator)]
        let analysis = RuleExamples.analyze(files: files, configuration: "{\"environmentAccess\": \"private\"}")
        let messages = analysis.findings.filter { $0.ruleID == EnvironmentObjectRule.id }.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.hasSuffix("/Coordinator.swift:6 may read it from outside its type") == true, "\(messages)")
        // Without the option the filter skips the file: nothing there concerns the migration.
        let filtered = RuleExamples.analyze(files: files)
        #expect(!filtered.files.contains { $0.source.path.hasSuffix("Coordinator.swift") })
    }

    @Test func privateStateUnlessACallerPassesIt() {
        let view = """
            import SwiftUI

            struct Counter: View {
                @StateObject var store = Store()
                var body: some View { Text("\\(store.count)") }
            }

            """
        let narrowed = Self.migrate([Self.model, view]) { $0.stateAccess = .private }[1]
        #expect(narrowed.contains("@State private var store = Store()"))
        // Handing the model to a child view is no call of the view's own initializer.
        let parent = view.replacingOccurrences(of: "Text(\"\\(store.count)\")", with: "Child(store: store)")
            + "struct Child: View {\n    @ObservedObject var store: Store\n    var body: some View { Text(\"\\(store.count)\") }\n}\n"
        #expect(Self.migrate([Self.model, parent]) { $0.stateAccess = .private }[1].contains("@State private var store = Store()"))
        // Nor is a reference to the initializer as a function, which `private` would change.
        let reference = "import SwiftUI\n\nlet make: (Store) -> Counter = Counter.init\n"
        #expect(Self.migrate([Self.model, view, reference]) { $0.stateAccess = .private }[1].contains("@State var store = Store()"))
        let caller = "import SwiftUI\n\nfunc make() -> Counter { Counter(store: Store()) }\n"
        let kept = Self.migrate([Self.model, view, caller]) { $0.stateAccess = .private }[1]
        #expect(kept.contains("@State var store = Store()"))
        let messages = Self.messages([Self.model, view, caller], rule: StateObjectRule.id) { $0.stateAccess = .private }
        #expect(messages.count == 1)
        #expect(messages.first?.hasSuffix("although stateAccess is \"private\": 'store:' is an argument label at F2.swift:3, "
                                          + "perhaps of the memberwise initializer") == true)
        // A view that declares its own initializer has no memberwise one to lose.
        let initialized = view.replacingOccurrences(of: "    var body", with: "    init(store: Store) { _store = StateObject(wrappedValue: store) }\n    var body")
            .replacingOccurrences(of: "@StateObject var store = Store()", with: "@StateObject var store: Store")
        let own = Self.migrate([Self.model, initialized, caller]) { $0.stateAccess = .private }[1]
        #expect(own.contains("@State private var store: Store\n    init(store: Store) { _store = State(wrappedValue: store) }"))
        // `environmentAccess` does not touch `@StateObject`, nor `stateAccess` `@EnvironmentObject`.
        #expect(Self.migrate([Self.model, view]) { $0.environmentAccess = .private }[1].contains("@State var store = Store()"))
        #expect(Self.migrate([Self.model, Self.badge]) { $0.stateAccess = .private }[1].contains("@Environment(Store.self) var store\n"))
    }

    @Test func anOwnedObservedObjectFollowsStateAccess() {
        let view = """
            import SwiftUI

            struct Counter: View {
                @ObservedObject var store = Store()
                var body: some View { Text("\\(store.count)") }
            }

            """
        #expect(Self.migrate([Self.model, view]) { $0.stateAccess = .private }[1].contains("@State private var store = Store()"))
        #expect(Self.migrate([Self.model, view]) { _ in }[1].contains("@State var store = Store()"))
    }

    @Test func bindableForAModelOfTheTreeOnly() {
        let view = """
            import SwiftUI

            struct Counter: View {
                @ObservedObject var store: Store
                var body: some View { Text("\\(store.count)") }
            }

            struct Owned: View {
                @ObservedObject var store: Store
                init(store: Store) { _store = ObservedObject(wrappedValue: store) }
                var body: some View { Text("\\(store.count)") }
            }

            """
        let migrated = Self.migrate([Self.model, view]) { $0.observedObjectWithoutBindings = .bindable }[1]
        #expect(migrated.contains("struct Counter: View {\n    @Bindable var store: Store\n"))
        #expect(migrated.contains("@Bindable var store: Store\n    init(store: Store) { _store = Bindable(wrappedValue: store) }"))
        let messages = Self.messages([Self.model, view], rule: ObservedObjectRule.id) { $0.observedObjectWithoutBindings = .bindable }
        #expect(messages == Array(repeating: "@ObservedObject 'store' becomes @Bindable (observedObjectWithoutBindings \"bindable\")", count: 2))
    }

    /// Every format's summary names the three choices, so a reader knows what `apply` writes.
    @Test func theReportSaysWhichChoicesTheRunFollows() throws {
        var configuration = Configuration()
        configuration.environmentAccess = .private
        configuration.observedObjectWithoutBindings = .bindable
        let analysis = InferenceTestTree.analyze([Self.model, Self.badge], configuration)
        let line = "environmentAccess private, stateAccess keep, observedObjectWithoutBindings bindable"
        #expect(InferenceTestTree.reportFormatsMissing(line, label: "View properties", in: analysis).isEmpty)
        let json = JSONReport.render(analysis, options: ReportOptions())
        #expect(json.contains("\"viewProperties\": {\n      \"environmentAccess\": \"private\",\n      \"stateAccess\": \"keep\",\n"
                              + "      \"observedObjectWithoutBindings\": \"bindable\"\n    }"))
        let defaults = InferenceTestTree.analyze([Self.model, Self.badge], Configuration())
        #expect(InferenceTestTree.reportFormatsMissing("environmentAccess keep, stateAccess keep, observedObjectWithoutBindings plain",
                                                       label: "View properties", in: defaults).isEmpty)
    }

    @Test func bindableLeavesAGenericParameterPlain() {
        let view = """
            import SwiftUI

            struct Counter<M: Store>: View {
                @ObservedObject var store: M
                var body: some View { Text("\\(store.count)") }
            }

            """
        let migrated = Self.migrate([Self.model, view]) { $0.observedObjectWithoutBindings = .bindable }[1]
        #expect(migrated.contains("    var store: M\n"))
        #expect(!migrated.contains("@Bindable"))
    }

    @Test func bindableLeavesAModelClassPropertyPlain() {
        let holder = "import SwiftUI\n\nfinal class Holder: ObservableObject {\n    @ObservedObject var store: Store\n"
            + "    init(store: Store) { self.store = store }\n}\n"
        let migrated = Self.migrate([Self.model, holder]) { $0.observedObjectWithoutBindings = .bindable }[1]
        #expect(migrated.contains("@Observable final class Holder"))
        #expect(!migrated.contains("@Bindable"))
    }
}
