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
    /// The verdict of `Model`'s unit when its class declares `members` and a view holds
    /// `@StateObject private var model = Model()`; `extra` is more code at the top level.
    static func verdict(_ members: String, extra: String = "") -> Verdict? {
        let files = ["A.swift": """
            import Combine
            import Foundation
            import SwiftUI

            final class Model: ObservableObject {
                @Published var count = 0
                \(members)
            }

            struct Host: View {
                @StateObject private var model = Model()
                var body: some View { Text("\\(model.count)") }
            }
            \(extra)
            """]
        return TyperGapTests.verdict("Model", in: files)
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
}
