import Testing
@testable import MigrateTool

/// `@StateObject var m = Model()` becomes `@State`, which evaluates `Model()` again on every view
/// init up to Xcode 26: safe when creating the model only stores values, review otherwise. A
/// stored default that builds a value of a standard type (`Set<AnyCancellable>()`, `[String]()`,
/// `DateFormatter()`) or of a tree type that itself creates freely changes nothing but an
/// allocation; any other call may do anything. Before session 40, 950 units of the 663 trees
/// measured needed `--unsafe-fixes` for this reason alone (any call in a stored default, even
/// `Set<AnyCancellable>()`, made it review).
@Suite struct CreationSideEffectTests {
    /// The analysis of a tree where `Model`'s class declares `members` and a view holds `view`
    /// (`@StateObject private var model = Model()`); `extra` is more code at the top level.
    static func analysis(_ members: String, extra: String, view: String) -> Analysis {
        RealAppRegressionTests.analyze(["A.swift": """
            import Combine
            import Foundation
            import SwiftUI

            final class Model: ObservableObject {
                @Published var count = 0
                \(members)
            }

            struct Host: View {
                \(view)
                var body: some View { Text("\\(model.count)") }
            }
            \(extra)
            """])
    }

    /// The verdict of `Model`'s unit in the tree `analysis` builds.
    static func verdict(_ members: String, extra: String = "", view: String = "@StateObject private var model = Model()") -> Verdict? {
        analysis(members, extra: extra, view: view).units.first { $0.name == "Model" }?.verdict
    }

    /// A `lazy` default runs on the first read of the property, never for an instance `@State`
    /// builds and discards; `.init()` builds what the annotation names.
    @Test("a default that builds a standard value creates freely", arguments: [
        "private var cancellables = Set<AnyCancellable>()",
        "private var cancellables: Set<AnyCancellable> = Set<AnyCancellable>()",
        "var names = [String]()",
        "var byID = [UUID: [String]]()",
        "let id = UUID()",
        "let created = Date()",
        "let formatter = DateFormatter()",
        "let changes = PassthroughSubject<Int, Never>()",
        "let current = CurrentValueSubject<Int, Never>(0)",
        "var origin = CGPoint(x: 0, y: 0)",
        "private let formatter: DateFormatter\n    init() { self.formatter = DateFormatter() }",
        "lazy var values = makeValues()",
        "var path = NavigationPath()",
        "var tokens: Set<AnyCancellable> = .init()",
        "var names: [String] = .init()",
    ])
    func aStandardValueCreatesFreely(_ members: String) {
        #expect(Self.verdict(members, extra: "func makeValues() -> [Int] { [] }") == .ready)
    }

    /// A tree type whose own creation only stores values (here two levels deep) creates freely;
    /// one whose initializer calls anything does not.
    @Test func aTreeTypeCreatingFreelyCreatesFreely() {
        let extra = """
            struct Cache { var entries = [String: Int]() }
            final class Client { let cache = Cache(); var retries = 3 }
            final class Loader { init() { load() }; func load() {} }
            """
        #expect(Self.verdict("let client = Client()", extra: extra) == .ready)
        #expect(Self.verdict("let loader = Loader()", extra: extra) == .needsUnsafeFixes)
    }

    /// A tree type inheriting from a class outside the tree runs that class's initializer, which
    /// no one here can read; the protocols values conform to and `NSObject` add none.
    @Test func aTreeTypeWithAnOutsideSuperclassMayHaveSideEffects() {
        let extra = """
            final class Session: URLSessionTaskDelegateBase { var retries = 3 }
            final class Delegate: NSObject, Identifiable { var retries = 3 }
            """
        #expect(Self.verdict("let session = Session()", extra: extra) == .needsUnsafeFixes)
        #expect(Self.verdict("let delegate = Delegate()", extra: extra) == .ready)
    }

    /// Reading a file or the network (`Data(contentsOf:)`) is no value building either.
    @Test("anything else may have side effects", arguments: [
        "let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()",
        "let stream = NotificationCenter.default.publisher(for: .init(\"x\"))",
        "let values = makeValues()",
        "let first = handlers[0]()",
        "let task = Task { }",
        "let set = Set<AnyCancellable>().union([])",
        "let data = Data(contentsOf: Self.url)",
        "let text = String(contentsOfFile: Self.path)",
        "let data: Data = .init(contentsOf: Self.url)",
        "let loader: Loader = .init()",
    ])
    func anythingElseMayHaveSideEffects(_ members: String) {
        let extra = """
            func makeValues() -> [Int] { [] }
            let handlers: [() -> Int] = []
            extension Model { static let url = URL(fileURLWithPath: "/tmp/a"); static let path = "/tmp/a" }
            final class Loader { init() { load() }; func load() {} }
            """
        #expect(Self.verdict(members, extra: extra) == .needsUnsafeFixes)
    }

    /// The tree may redefine a standard name or give it an initializer of its own: not trusted.
    @Test func aStandardNameTheTreeRedefinesIsNotTrusted() {
        #expect(Self.verdict("let formatter = DateFormatter()",
                             extra: "extension DateFormatter { convenience init(log: Bool) { self.init(); print(log) } }")
            == .needsUnsafeFixes)
        #expect(Self.verdict("let formatter = DateFormatter()", extra: "final class DateFormatter { init() { print(1) } }")
            == .needsUnsafeFixes)
    }

    /// `_detail = StateObject(wrappedValue: Detail(id: id))` in the view's initializers (here one
    /// in the view and one in an extension): safe, with its property, when every such creation
    /// only stores values; review when one of them may do more.
    @Test func anInitializerCreatingTheModelFreelyIsSafe() {
        func verdict(_ detailInit: String) -> Verdict? {
            TyperGapTests.verdict("Detail", in: ["A.swift": """
                import SwiftUI
                final class Detail: ObservableObject {
                    @Published var id: Int
                    \(detailInit)
                }
                struct DetailView: View {
                    @StateObject private var detail: Detail
                    init(id: Int) { _detail = StateObject(wrappedValue: Detail(id: id)) }
                    var body: some View { Text("\\(detail.id)") }
                }
                extension DetailView {
                    init() { self._detail = StateObject(wrappedValue: Detail(id: 0)) }
                }
                """])
        }
        #expect(verdict("init(id: Int) { self.id = id }") == .ready)
        #expect(verdict("init(id: Int) { self.id = id; print(id) }") == .needsUnsafeFixes)
    }

    /// The review findings of `Model`'s unit in the tree `analysis` builds.
    static func reviewMessages(_ members: String, extra: String = "", view: String = "@StateObject private var model = Model()")
        -> [String] {
        let analysis = analysis(members, extra: extra, view: view)
        guard let unit = analysis.units.first(where: { $0.name == "Model" }) else { return [] }
        return unit.findings.map { analysis.findings[$0] }.filter { $0.fixClass == .review }.map(\.message)
    }

    /// The review finding says what creating the model may do and where, following the tree's
    /// types to the first thing that is not storing a value: what to change to make it safe.
    @Test("the finding names the first side effect and its place", arguments: [
        ("init() { load() }\n    func load() {}", "", "the initializer of 'Model' calls 'load' (line 7 of A.swift)"),
        ("let loader = Loader()", "final class Loader {\n    var tries = 0\n    init() { connect() }\n    func connect() {} }",
         "the initializer of 'Loader' calls 'connect' (line 16 of A.swift)"),
        ("let data = Data(contentsOf: Model.url)\n    static let url = URL(fileURLWithPath: \"/a\")", "",
         "the default of 'data' in 'Model' reads a file or URL with 'Data' (line 7 of A.swift)"),
        ("let session = Session()", "final class Session: URLSessionTaskDelegateBase {}",
         "'Session' inherits from 'URLSessionTaskDelegateBase', whose initializer is outside the tree (line 14 of A.swift)"),
        ("let task = Task { }", "", "the default of 'task' in 'Model' runs a closure (line 7 of A.swift)"),
        ("var label = \"\\(Date())\"", "", "the default of 'label' in 'Model' interpolates a value into a string"),
    ])
    func theFindingNamesTheSideEffect(_ members: String, _ extra: String, _ expected: String) {
        let messages = Self.reviewMessages(members, extra: extra)
        #expect(messages.contains { $0.contains("creating 'Model' may have side effects: \(expected)") }, "\(messages)")
    }

    /// A factory is not a creation the tool can read: it says so.
    @Test func anInitialValueThatIsNoInitializerCallIsNamed() {
        let messages = Self.reviewMessages("static func make() -> Model { Model() }", view: "@StateObject private var model = Model.make()")
        #expect(messages.contains {
            $0.contains("the initial value 'Model.make()' does more than call the initializer of 'Model' (line 11 of A.swift)")
        }, "\(messages)")
    }

    /// `_detail = StateObject(wrappedValue: Detail(id: id))` that may do more than store values
    /// says what, as the property's own finding does.
    @Test func anInitializerSiteNamesTheSideEffect() {
        let analysis = RealAppRegressionTests.analyze(["A.swift": """
            import SwiftUI
            final class Detail: ObservableObject {
                @Published var id: Int
                init(id: Int) { self.id = id; print(id) }
            }
            struct DetailView: View {
                @StateObject private var detail: Detail
                init(id: Int) { _detail = StateObject(wrappedValue: Detail(id: id)) }
                var body: some View { Text("\\(detail.id)") }
            }
            """])
        let messages = analysis.findings.filter { $0.ruleID == "state-object-init" }.map(\.message)
        #expect(messages == ["StateObject(wrappedValue:) becomes State(wrappedValue:); @State evaluates the value on every view "
                             + "init up to Xcode 26, and the initializer of 'Detail' calls 'print' (line 4 of A.swift)"])
        // The property's own finding gives the same reason.
        let property = analysis.findings.filter { $0.ruleID == "state-object" }.map(\.message)
        #expect(property == ["@StateObject 'detail' becomes @State; it is initialised in init, where @State evaluates the value on "
                             + "every view init (up to Xcode 26), and the initializer of 'Detail' calls 'print' (line 4 of A.swift)"])
    }

    /// A static stored property is created once, on its first read: `@State` reading it on every
    /// view init changes nothing when that first creation only stores values. A computed one
    /// creates a model on every read, and a creation that does more may now happen earlier (at
    /// the view's init rather than when it first appears).
    @Test func aSharedInstanceCreatedFreelyIsSafe() {
        let shared = "static let shared = Model()"
        #expect(Self.verdict(shared, view: "@StateObject private var model = Model.shared") == .ready)
        #expect(Self.verdict(shared, view: "@StateObject private var model: Model = .shared") == .ready)
        #expect(Self.verdict("", view: "@StateObject private var model: Model = .init()") == .ready)
        #expect(Self.verdict("static var shared: Model { Model() }", view: "@StateObject private var model = Model.shared")
            == .needsUnsafeFixes)
        let messages = Self.reviewMessages(shared + "\n    init() { load() }\n    func load() {}",
                                           view: "@StateObject private var model = Model.shared")
        #expect(messages.contains { $0.contains("may have side effects: the initializer of 'Model' calls 'load' (line 8 of A.swift)") },
                "\(messages)")
    }

    /// `_detail = StateObject(wrappedValue: detail)`: the caller created the parameter (or the
    /// initializer a local) before the site, as often under `State` as under `StateObject`.
    @Test("a parameter or local passed to StateObject(wrappedValue:) is safe", arguments: [
        ("init(detail: Detail) { _detail = StateObject(wrappedValue: detail) }", Verdict.ready),
        ("init(id: Int) { let made = Detail(id: id); _detail = StateObject(wrappedValue: made) }", .ready),
        ("init() { _detail = StateObject(wrappedValue: shared) }\n    var shared: Detail { Detail(id: 0) }", .needsUnsafeFixes),
        ("init(id: Int) { _detail = StateObject(wrappedValue: Detail.make(id)) }", .needsUnsafeFixes),
    ])
    func aParameterPassedToStateObjectIsSafe(_ viewInit: String, _ expected: Verdict) {
        let verdict = TyperGapTests.verdict("Detail", in: ["A.swift": """
            import SwiftUI
            final class Detail: ObservableObject {
                @Published var id: Int
                init(id: Int) { self.id = id }
                static func make(_ id: Int) -> Detail { Detail(id: id) }
            }
            struct DetailView: View {
                @StateObject private var detail: Detail
                \(viewInit)
                var body: some View { Text("\\(detail.id)") }
            }
            """])
        #expect(verdict == expected)
    }

    /// An initializer may branch, keep locals and call its superclass's initializer and still
    /// only store values; a call, a closure or an operator anywhere in it may do more.
    @Test("initializer statements that only store values", arguments: [
        ("var flag = true\n    init() { if flag { count = 1 } else { count = 2 } }", Verdict.ready),
        ("init(start: Int?) { if let start { count = start } }\n    convenience init() { self.init(start: nil) }", .ready),
        ("init() { let start = 5; count = start }", .ready),
        ("var mode = 0\n    init() { switch mode { case 0: count = 1\n default: count = 2 } }", .ready),
        ("var flag = true\n    init() { guard flag else { return }; count = 3 }", .ready),
        ("var flag = true\n    init() { guard flag else { return }; handler = { } }\n    var handler: () -> Void = {}", .needsUnsafeFixes),
        ("var flag = true\n    init() { if flag { load() } }\n    func load() {}", .needsUnsafeFixes),
        ("init() { count = 1 + 2 }", .needsUnsafeFixes),
        ("var flag = true\n    var other: Int? = nil\n    init() { count = flag ? 1 : other ?? 2 }", .ready),
        ("var flag = true\n    init() { if flag && count == 0 { count = 1 } }", .ready),
        ("var range = 0...3", .needsUnsafeFixes),
        ("init() { count = try! Self.value() }\n    static func value() throws -> Int { 1 }", .needsUnsafeFixes),
    ])
    func initializerStatementsThatOnlyStoreValues(_ members: String, _ expected: Verdict) {
        #expect(Self.verdict(members) == expected)
    }

    /// `super.init()` of `NSObject` stores nothing; only the first entry of a class's
    /// inheritance list can be a superclass, the protocols after it add no initializer code.
    @Test func anNSObjectSubclassCallingSuperCreatesFreely() {
        let extra = """
            final class Delegate: NSObject, URLSessionDelegate { var retries = 3; override init() { super.init() } }
            final class Tracker: LocationTrackingBase, URLSessionDelegate { var retries = 3 }
            """
        #expect(Self.verdict("let delegate = Delegate()", extra: extra) == .ready)
        #expect(Self.verdict("let tracker = Tracker()", extra: extra) == .needsUnsafeFixes)
    }

    /// A property wrapper other than `@Published` runs its initializer with the instance's: it
    /// may resolve a dependency, read storage or register an observer.
    @Test func aPropertyWrapperMayHaveSideEffects() {
        let extra = "@propertyWrapper struct Injected<T> { init(_ key: String) { fatalError() }\n var wrappedValue: T { fatalError() } }"
        #expect(Self.verdict("@Injected(\"api\") private var api: String", extra: extra) == .needsUnsafeFixes)
        let messages = Self.reviewMessages("@Injected(\"api\") private var api: String", extra: extra)
        #expect(messages.contains { $0.contains("'api' in 'Model' is wrapped in '@Injected', whose initializer runs with the "
                                                + "instance's (line 7 of A.swift)") }, "\(messages)")
        #expect(Self.verdict("@MainActor var label = \"\"") == .ready)
    }

    /// `==` is a value operator only while the tree does not declare its own: then it may run anything.
    @Test func anOperatorTheTreeOverloadsMayHaveSideEffects() {
        let members = "var flag = true\n    init() { if flag == true { count = 1 } }"
        #expect(Self.verdict(members) == .ready)
        #expect(Self.verdict(members, extra: "struct Flag { static func == (a: Bool, b: Flag) -> Bool { print(1); return true } }")
            == .needsUnsafeFixes)
    }

    /// A generic type's creation the tool cannot read is named as the call it is.
    @Test func aGenericCreationIsNamedAsACall() {
        let messages = Self.reviewMessages("let provider = Provider<Int>(plugins: [])",
                                           extra: "final class Provider<T> { init(plugins: [Int]) { print(plugins) } }")
        #expect(messages.contains { $0.contains("the initializer of 'Provider' calls 'print'") }, "\(messages)")
        let external = Self.reviewMessages("let provider = MoyaProvider<Int>(plugins: [])")
        #expect(external.contains { $0.contains("the default of 'provider' in 'Model' calls 'MoyaProvider' (line 7 of A.swift)") },
                "\(external)")
    }

    /// A stored default reading a static property of a tree type (`API.shared`) creates it on
    /// the first read, which `@State` may bring earlier than the legacy model's creation did:
    /// review when that creation does more than store values. Enum cases are no creation.
    @Test func readingASharedInstanceThatDoesMoreIsReview() {
        let effectful = "final class API { static let shared = API(); init() { connect() }; func connect() {} }"
        #expect(Self.verdict("let api = API.shared", extra: effectful) == .needsUnsafeFixes)
        let messages = Self.reviewMessages("let api = API.shared", extra: effectful)
        #expect(messages.contains { $0.contains("the default of 'api' in 'Model' reads 'API.shared', whose first creation may do more "
                                                + "than store values, and may now come earlier (line 7 of A.swift)") }, "\(messages)")
        #expect(Self.verdict("let api = API.shared", extra: "final class API { static let shared = API(); var retries = 3 }") == .ready)
        #expect(Self.verdict("var mode = Mode.compact", extra: "enum Mode { case compact, regular }") == .ready)
    }

    /// A `deinit` that tears down what the instance started does nothing to one that was only
    /// created: an optional creation leaves nil is not called, an empty standard collection has
    /// nothing to cancel. What an initializer stored (the caller's), a tree type's own method, or
    /// anything else may do more.
    @Test("a deinit tearing down what creation left empty", arguments: [
        ("var task: Task<Void, Never>?\n    deinit { task?.cancel() }", "@StateObject private var model = Model()", Verdict.ready),
        ("private var cancellables = Set<AnyCancellable>()\n    deinit { cancellables.forEach { $0.cancel() }; self.cancellables.removeAll() }",
         "@StateObject private var model = Model()", .ready),
        ("var timer: Timer?\n    init(timer: Timer?) { self.timer = timer }\n    deinit { timer?.invalidate() }",
         "@StateObject private var model = Model(timer: nil)", .needsUnsafeFixes),
        ("let bag = Bag()\n    deinit { bag.cancel() }", "@StateObject private var model = Model()", .needsUnsafeFixes),
        ("var task: Task<Void, Never>?\n    deinit { task?.cancel(); print(\"bye\") }", "@StateObject private var model = Model()", .needsUnsafeFixes),
        ("var bag: Bag = []\n    deinit { bag.removeAll() }", "@StateObject private var model = Model()", .needsUnsafeFixes),
        ("var tokens: [AnyCancellable] = []\n    deinit { tokens.removeAll() }", "@StateObject private var model = Model()", .ready),
    ])
    func aDeinitTearingDownWhatCreationLeftEmpty(_ members: String, _ view: String, _ expected: Verdict) {
        let bag = "struct Bag: ExpressibleByArrayLiteral { init() {}; init(arrayLiteral: Int...) {}; func cancel() { print(1) }; mutating func removeAll() { print(2) } }"
        #expect(Self.verdict(members, extra: bag, view: view) == expected)
    }
}
