import Testing
@testable import MigrateTool

/// `.onReceive(m.$x, perform: f)` (M2 of docs/real-apps.md): converted when the tree says which
/// function `f` is and how to call it with one argument; otherwise `.onReceive` stays and reads
/// the publisher bridge.
@Suite struct OnReceivePerformTests {
    static func source(perform: String, functions: String, kind: String = "struct") -> String {
        """
        import SwiftUI

        final class Feed: ObservableObject {
            @Published var count = 0
        }

        \(kind) FeedView: View {
            @StateObject private var feed = Feed()
            var body: some View { Text("").onReceive(feed.$count, perform: \(perform)) }
        \(functions)
        }
        """
    }

    static func verdict(_ source: String) -> Verdict? {
        Analyzer.analyze(swift: [SourceInput(path: "A.swift", bytes: Array(source.utf8))]).units.first { $0.name == "Feed" }?.verdict
    }

    static func migrated(_ source: String) -> String { Migrator.migrate(files: ["A.swift": source])["A.swift"]! }

    @Test func anUnlabeledMethodIsCalledFromTheNewClosure() {
        let source = Self.source(perform: "handle", functions: "    func handle(_ n: Int) {}")
        #expect(Self.verdict(source) == .needsUnsafeFixes)
        #expect(Self.migrated(source).contains(
            "Text(\"\").onChange(of: feed.count, initial: true) { _, value in handle(value) }"))
    }

    @Test func aLabeledParameterKeepsItsLabel() {
        let source = Self.source(perform: "self.update", functions: "    func update(count n: Int) {}")
        #expect(Self.migrated(source).contains("{ _, value in self.update(count: value) }"))
    }

    @Test func aMethodOfAClassIsCalledThroughSelf() {
        let source = Self.source(perform: "handle", functions: "    func handle(_ n: Int) {}", kind: "final class")
        #expect(Self.migrated(source).contains("{ _, value in self.handle(value) }"))
    }

    @Test func aGlobalFunctionIsCalledByName() {
        let source = Self.source(perform: "report", functions: "") + "\nfunc report(_ n: Int) {}\n"
        #expect(Self.migrated(source).contains("{ _, value in report(value) }"))
    }

    @Test func aFunctionNamedValueGetsAnotherParameterName() {
        let source = Self.source(perform: "value", functions: "    func value(_ n: Int) {}")
        #expect(Self.migrated(source).contains("{ _, newValue in value(newValue) }"))
    }

    /// What cannot become `.onChange` keeps `.onReceive` over the model's publisher bridge.
    private static func readsTheBridge(_ source: String, perform: String) {
        #expect(Self.verdict(source) == .needsUnsafeFixes)
        let migrated = Self.migrated(source)
        #expect(migrated.contains("countPublisher, perform: \(perform))"), "\(migrated)")
        #expect(!migrated.contains(".onChange("))
    }

    @Test func aFunctionTheTreeDoesNotDeclareReadsTheBridge() {
        Self.readsTheBridge(Self.source(perform: "handle", functions: ""), perform: "handle")
    }

    @Test func overloadsReadTheBridge() {
        Self.readsTheBridge(Self.source(perform: "handle", functions: "    func handle(_ n: Int) {}\n    func handle(value: Int) {}"),
                            perform: "handle")
    }

    @Test func aFunctionWithMoreParametersOrAnExpressionReadsTheBridge() {
        Self.readsTheBridge(Self.source(perform: "handle", functions: "    func handle(_ n: Int, _ m: Int = 0) {}"), perform: "handle")
        Self.readsTheBridge(Self.source(perform: "handlers[0]", functions: "    var handlers: [(Int) -> Void] = []"), perform: "handlers[0]")
    }
}
