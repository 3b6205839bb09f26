import Testing
@testable import MigrateTool

/// Issue 11, item 3: the `.onReceive(m.$x, …)` shapes teams write beyond `{ v in … }`: `perform:`
/// given a closure-typed property, a ternary of two publishers, `.map` to a member, and values
/// whose `Equatable` conformance is inferred. Whatever cannot become `.onChange` keeps `.onReceive`
/// and reads the model's publisher bridge (`m.xPublisher`).
@Suite struct OnReceiveShapeTests {
    static let models = """
        import SwiftUI

        enum Phase { case idle, running }
        enum Mode: String { case on = "1", off = "0" }
        enum Load { case idle, done(String) }
        struct Filter: Equatable { var text = "" }
        struct Box { var text = "" }

        final class Feed: ObservableObject {
            @Published var count = 0
            @Published var other = 0
            @Published var phase = Phase.idle
            @Published var mode: Mode = .on
            @Published var load = Load.idle
            @Published var filter = Filter()
            @Published var box = Box()
        }

        final class Other: ObservableObject {
            @Published var count = 0
        }

        """

    static func source(_ call: String, members: String = "", kind: String = "struct") -> String {
        Self.models + """
            \(kind) FeedView: View {
                @ObservedObject var feed: Feed
                @ObservedObject var other: Other
                let flag = true
            \(members)
                var body: some View { Text("")\(call) }
            }

            """
    }

    static func verdict(_ source: String) -> Verdict? { OnReceivePerformTests.verdict(source) }

    static func migrated(_ source: String) -> String { OnReceivePerformTests.migrated(source) }

    @Test(arguments: [
        ("    let handle: (Int) -> Void", "struct", "{ _, value in handle(value) }"),
        ("    var handle: ((Int) -> Void)?", "struct", "{ _, value in handle?(value) }"),
        ("    var handle: @MainActor (Int) -> Void = { _ in }", "final class", "{ _, value in self.handle(value) }"),
    ])
    func aClosurePropertyIsCalledWithoutLabel(members: String, kind: String, call: String) {
        let source = Self.source(".onReceive(feed.$count, perform: handle)", members: members, kind: kind)
        #expect(Self.verdict(source) == .needsUnsafeFixes)
        #expect(Self.migrated(source).contains(".onChange(of: feed.count, initial: true) \(call)"))
    }

    @Test(arguments: ["    let handle: (Int, Int) -> Void", "    let handle: (Int) async -> Void",
                      "    let handle: (Int) throws -> Void", "    let handle: Handler"])
    func aClosureOfAnotherShapeReadsTheBridge(members: String) {
        let source = Self.source(".onReceive(feed.$count, perform: handle)", members: members)
        #expect(Self.verdict(source) == .needsUnsafeFixes)
        #expect(Self.migrated(source).contains(".onReceive(feed.countPublisher, perform: handle)"))
    }

    @Test func aTernaryOfTwoPublishersOfOneModelObservesTheTernary() {
        let source = Self.source(".onReceive(flag ? feed.$count : feed.$other) { n in print(n) }")
        #expect(Self.verdict(source) == .needsUnsafeFixes)
        let migrated = Self.migrated(source)
        #expect(migrated.contains(".onChange(of: flag ? feed.count : feed.other, initial: true) { _, n in print(n) }"))
        let analysis = RealAppRegressionTests.analyze(["A.swift": source])
        #expect(analysis.findings.filter { $0.ruleID == OnReceivePublisher.id }.count == 1)
    }

    @Test func aTernaryOverTwoModelsReadsBothBridges() {
        let source = Self.source(".onReceive(flag ? feed.$count : other.$count) { _ in }")
        #expect(Self.verdict(source) == .needsUnsafeFixes)
        #expect(Self.migrated(source).contains(".onReceive(flag ? feed.countPublisher : other.countPublisher) { _ in }"))
    }

    @Test(arguments: [".map { $0.text }", ".map(\\.text)"])
    func aMapToAnEquatableMemberObservesTheMember(_ map: String) {
        let source = Self.source(".onReceive(feed.$filter\(map)) { print($0) }")
        #expect(Self.verdict(source) == .needsUnsafeFixes)
        #expect(Self.migrated(source).contains(".onChange(of: feed.filter.text, initial: true) { print($1) }"))
    }

    @Test(arguments: [".map { $0.missing }", ".map { $0.text.count + 1 }", ".map { String($0.text) }"])
    func aMapOfAnotherShapeReadsTheBridge(_ map: String) {
        let source = Self.source(".onReceive(feed.$filter\(map)) { _ in }")
        #expect(Self.verdict(source) == .needsUnsafeFixes)
        #expect(Self.migrated(source).contains(".onReceive(feed.filterPublisher\(map)) { _ in }"))
    }

    /// Enums without associated values (raw-value ones too) and declared `Equatable` types,
    /// annotated or inferred, are `Equatable`; an enum with an associated value is not, and its
    /// `.onReceive` reads the bridge.
    @Test(arguments: [("phase", true), ("mode", true), ("filter", true), ("box", false), ("load", false)])
    func equatableIsInferred(property: String, isEquatable: Bool) {
        let source = Self.source(".onReceive(feed.$\(property)) { _ in }")
        #expect(Self.verdict(source) == .needsUnsafeFixes)
        #expect(Self.migrated(source).contains(".onChange(of: feed.\(property), initial: true)") == isEquatable)
        #expect(Self.migrated(source).contains(".onReceive(feed.\(property)Publisher)") == !isEquatable)
    }
}

/// `perform: other.handler`: a closure property of another value whose type the typer knows
/// (TodoCalendar's `perform: eventHandler.toggleIsShowHolidayName`).
@Suite struct OnReceiveOtherClosureTests {
    static func source(perform: String, kind: String = "struct") -> String {
        OnReceiveShapeTests.models + """
            final class Handlers: ObservableObject {
                var toggle: (Int) -> Void = { _ in }
                func method(_ n: Int) {}
            }

            \(kind) FeedView: View {
                @ObservedObject var feed: Feed
                @EnvironmentObject private var handlers: Handlers
                var body: some View { Text("").onReceive(feed.$count, perform: \(perform)) }
            }

            """
    }

    @Test(arguments: [
        ("handlers.toggle", "struct", "{ _, value in handlers.toggle(value) }"),
        ("self.handlers.toggle", "final class", "{ _, value in self.handlers.toggle(value) }"),
        ("handlers.toggle", "final class", "{ _, value in self.handlers.toggle(value) }"),
    ])
    func aClosurePropertyOfAnotherValueIsCalled(perform: String, kind: String, call: String) {
        let source = Self.source(perform: perform, kind: kind)
        #expect(OnReceivePerformTests.verdict(source) == .needsUnsafeFixes)
        #expect(OnReceivePerformTests.migrated(source).contains(".onChange(of: feed.count, initial: true) \(call)"))
    }

    /// A method of another value has argument labels the closure cannot know; an unknown
    /// receiver says nothing: `.onReceive` stays and reads the publisher bridge.
    @Test(arguments: ["handlers.method", "unknown.toggle", "handlers.missing"])
    func otherShapesReadTheBridge(perform: String) {
        let source = Self.source(perform: perform)
        #expect(OnReceivePerformTests.verdict(source) == .needsUnsafeFixes)
        #expect(OnReceivePerformTests.migrated(source).contains(".onReceive(feed.countPublisher, perform: \(perform))"))
    }
}
