import Foundation
import Testing
@testable import MigrateTool

/// Issue 11, item 6: every site kind is seen in every spelling: with or without `self.`, an
/// implicit `self` call, `Self.`, inside closures, and through the `_m` backing storage. A site
/// missed in one spelling either breaks the build (`self.$m` after `@ObservedObject` became a
/// plain `var`) or leaves legacy code behind.
@Suite struct SiteSpellingTests {
    static let model = """
        import SwiftUI

        final class M: ObservableObject {
            static let shared = M()
            @Published var on = false
        }

        """

    /// What must happen to one spelling.
    enum Outcome: Sendable {
        /// Unit `M` is not blocked and the migrated file contains every text.
        case rewrites([String])
        /// Unit `M` is blocked by a finding of this rule (the site was seen and attributed).
        case blocks(String)
    }

    /// One site kind in one spelling.
    struct Row: CustomStringConvertible, Sendable {
        let kind: String
        let spelling: String
        let code: String
        let outcome: Outcome
        var description: String { "\(kind) · \(spelling)" }
    }

    static let rows: [Row] = [
        // `$m.x` bindings of an @ObservedObject: @Bindable keeps them compiling.
        Row(kind: "observed binding", spelling: "$m", code: """
            struct V: View {
                @ObservedObject var m: M
                var body: some View { Toggle("x", isOn: $m.on) }
            }
            """, outcome: .rewrites(["@Bindable var m: M", "isOn: $m.on"])),
        Row(kind: "observed binding", spelling: "self.$m", code: """
            struct V: View {
                @ObservedObject var m: M
                var body: some View { Toggle("x", isOn: self.$m.on) }
            }
            """, outcome: .rewrites(["@Bindable var m: M", "isOn: self.$m.on"])),
        Row(kind: "observed binding", spelling: "$m in a closure", code: """
            struct V: View {
                @ObservedObject var m: M
                var body: some View { VStack { ForEach(0..<2) { _ in Toggle("x", isOn: $m.on) } } }
            }
            """, outcome: .rewrites(["@Bindable var m: M"])),
        Row(kind: "observed binding", spelling: "self.$m in a closure", code: """
            struct V: View {
                @ObservedObject var m: M
                var body: some View { VStack { ForEach(0..<2) { _ in Toggle("x", isOn: self.$m.on) } } }
            }
            """, outcome: .rewrites(["@Bindable var m: M", "isOn: self.$m.on"])),
        Row(kind: "observed binding", spelling: "self.$m in an extension", code: """
            struct V: View {
                @ObservedObject var m: M
                var body: some View { toggle }
            }
            extension V {
                var toggle: some View { Toggle("x", isOn: self.$m.on) }
            }
            """, outcome: .rewrites(["@Bindable var m: M"])),
        // `$m.x` bindings of an @EnvironmentObject: a local @Bindable, reached as `$m`.
        Row(kind: "environment binding", spelling: "$m", code: """
            struct V: View {
                @EnvironmentObject var m: M
                var body: some View {
                    Toggle("x", isOn: $m.on)
                }
            }
            """, outcome: .rewrites(["@Environment(M.self) var m", "@Bindable var m = m", "isOn: $m.on"])),
        Row(kind: "environment binding", spelling: "self.$m", code: """
            struct V: View {
                @EnvironmentObject var m: M
                var body: some View {
                    Toggle("x", isOn: self.$m.on)
                }
            }
            """, outcome: .rewrites(["@Environment(M.self) var m", "@Bindable var m = m", "isOn: $m.on"])),
        Row(kind: "environment binding", spelling: "self.$m inline", code: """
            struct V: View {
                @EnvironmentObject var m: M
                var body: some View { toggle() }
                func toggle() -> some View { Toggle("x", isOn: self.$m.on) }
            }
            """, outcome: .rewrites(["@Environment(M.self) var m", "isOn: Bindable(m).on"])),
        // `$m.x` of a @StateObject: @State's projection is a binding too.
        Row(kind: "state binding", spelling: "self.$m", code: """
            struct V: View {
                @StateObject private var m = M()
                var body: some View { Toggle("x", isOn: self.$m.on) }
            }
            """, outcome: .rewrites(["@State private var m = M()", "isOn: self.$m.on"])),
        // `.environmentObject(x)`.
        Row(kind: "environment modifier", spelling: ".environmentObject", code: """
            struct V: View {
                var body: some View { Text("").environmentObject(M.shared) }
            }
            """, outcome: .rewrites([".environment(M.shared)"])),
        Row(kind: "environment modifier", spelling: "self.environmentObject", code: """
            extension View {
                func withEnvironments() -> some View { self.environmentObject(M.shared) }
            }
            """, outcome: .rewrites(["self.environment(M.shared)"])),
        Row(kind: "environment modifier", spelling: "implicit self", code: """
            extension View {
                func withEnvironments() -> some View {
                    environmentObject(M.shared)
                }
            }
            """, outcome: .rewrites(["        environment(M.shared)"])),
        Row(kind: "environment modifier", spelling: "Self.", code: """
            extension M {
                static func preview() -> some View { Text("").environmentObject(Self.shared) }
            }
            """, outcome: .rewrites([".environment(Self.shared)"])),
        Row(kind: "environment modifier", spelling: "in a closure", code: """
            struct V: View {
                var body: some View { VStack { Text("").environmentObject(M()) } }
            }
            """, outcome: .rewrites([".environment(M())"])),
        // `objectWillChange`, inside the model and from a view.
        Row(kind: "objectWillChange", spelling: "implicit self", code: """
            extension M {
                func poke() { objectWillChange.send() }
            }
            """, outcome: .blocks("object-will-change-send")),
        Row(kind: "objectWillChange", spelling: "self.", code: """
            extension M {
                func poke() { self.objectWillChange.send() }
            }
            """, outcome: .blocks("object-will-change-send")),
        Row(kind: "objectWillChange", spelling: "self.m.", code: """
            struct V: View {
                @ObservedObject var m: M
                var body: some View { Button("x") { self.m.objectWillChange.send() } }
            }
            """, outcome: .blocks("object-will-change-send")),
        // `$x` of a published property inside the model.
        Row(kind: "publisher in the model", spelling: "$on", code: """
            extension M {
                func watch() { _ = $on.sink { _ in } }
            }
            """, outcome: .rewrites(["func watch() { _ = onPublisher.sink { _ in } }"])),
        Row(kind: "publisher in the model", spelling: "self.$on", code: """
            extension M {
                func watch() { _ = self.$on.sink { _ in } }
            }
            """, outcome: .rewrites(["func watch() { _ = self.onPublisher.sink { _ in } }"])),
        // `_m = Wrapper(wrappedValue: …)`, with or without `self.`.
        Row(kind: "observed storage", spelling: "_m", code: """
            struct V: View {
                @ObservedObject var m: M
                init(model: M) { _m = ObservedObject(wrappedValue: model) }
                var body: some View { Text("") }
            }
            """, outcome: .rewrites(["self.m = model"])),
        Row(kind: "observed storage", spelling: "self._m", code: """
            struct V: View {
                @ObservedObject var m: M
                init(model: M) { self._m = ObservedObject(wrappedValue: model) }
                var body: some View { Text("") }
            }
            """, outcome: .rewrites(["self.m = model"])),
        Row(kind: "state storage", spelling: "self._m", code: """
            struct V: View {
                @StateObject private var m: M
                init() { self._m = StateObject(wrappedValue: M()) }
                var body: some View { Text("") }
            }
            """, outcome: .rewrites(["self._m = State(wrappedValue: M())"])),
        // Other reads of the `_m` storage: the wrapper's replacement must keep them compiling.
        Row(kind: "observed storage read", spelling: "_m.wrappedValue", code: """
            struct V: View {
                @ObservedObject var m: M
                var body: some View { Text(_m.wrappedValue.on ? "on" : "off") }
            }
            """, outcome: .rewrites(["@Bindable var m: M"])),
        Row(kind: "observed storage read", spelling: "self._m.projectedValue", code: """
            struct V: View {
                @ObservedObject var m: M
                var body: some View { Toggle("x", isOn: self._m.projectedValue.on) }
            }
            """, outcome: .rewrites(["@Bindable var m: M", "self._m.projectedValue.on"])),
        Row(kind: "environment storage read", spelling: "_m.projectedValue", code: """
            struct V: View {
                @EnvironmentObject var m: M
                var body: some View {
                    Toggle("x", isOn: _m.projectedValue.on)
                }
            }
            """, outcome: .rewrites(["@Bindable var m = m", "isOn: $m.projectedValue.on"])),
    ]

    @Test(arguments: rows) func everySpellingOfASiteIsSeen(_ row: Row) throws {
        let files = ["A.swift": Self.model + row.code + "\n"]
        let blockers = TyperGapTests.blockers("M", in: files)
        switch row.outcome {
        case .rewrites(let texts):
            #expect(blockers.isEmpty, "\(blockers)")
            let migrated = try #require(Migrator.migrate(files: files)["A.swift"])
            for text in texts { #expect(migrated.contains(text), "\(text) not in\n\(migrated)") }
            #expect(!migrated.contains("ObservableObject") && !migrated.contains("environmentObject"), "\(migrated)")
            #expect(try CompilerParse.rejected(["A.swift": migrated]).isEmpty, "\(migrated)")
        case .blocks(let ruleID):
            let analysis = RealAppRegressionTests.analyze(files)
            let unit = try #require(analysis.units.first { $0.name == "M" })
            #expect(unit.verdict == .blocked)
            #expect(unit.findings.map { analysis.findings[$0] }.contains { $0.isBlocker && $0.ruleID == ruleID })
        }
    }

    /// A bare `environmentObject(x)` calls the tree's own function when it declares one: not the
    /// modifier, so it is left alone.
    @Test func aBareCallOfTheTreesOwnFunctionIsNotAModifier() {
        let files = ["A.swift": Self.model + """
            struct Host {
                func environmentObject(_ model: M) -> Host { self }
                func configured() -> Host { environmentObject(M.shared) }
            }
            """ + "\n"]
        #expect(Migrator.migrate(files: files)["A.swift"]!.contains("{ environmentObject(M.shared) }"))
    }
}
