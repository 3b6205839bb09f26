import Testing
@testable import MigrateTool

/// A legacy wrapper on a local of a `#Preview` body that the tool does not rewrite blocks the
/// unit of the type the typer gives the local, whatever the initializer's spelling (a nested
/// type, a static member, a call on one line with the closing brace), and every unit the file
/// sees only when it cannot tell. A `@StateObject` local with an initializer becomes `@State`.
@Suite struct PreviewLocalWrapperTests {
    static let models = SourceInput(path: "Models.swift", bytes: Array("""
        import SwiftUI
        enum Feature {
            final class Store: ObservableObject {
                @Published var count = 0
                static let preview = Store()
            }
        }
        final class Other: ObservableObject { @Published var name = "" }
        struct CountView: View {
            @ObservedObject var store: Feature.Store
            @ObservedObject var other: Other
            var body: some View { Text("\\(store.count) \\(other.name)") }
        }
        """.utf8))

    /// The preview file, its local's declaration written `declaration`.
    static func preview(_ declaration: String) -> SourceInput {
        SourceInput(path: "Preview.swift", bytes: Array("""
            import SwiftUI
            #Preview {
                \(declaration)
                return CountView(store: store, other: Other())
            }
            """.utf8))
    }

    /// The verdicts of the two units and the blocker messages the preview's local gives.
    static func verdicts(_ declaration: String) -> (store: Verdict?, other: Verdict?, messages: [String]) {
        let analysis = Analyzer.analyze(swift: [models, preview(declaration)])
        let messages = analysis.findings.filter { $0.ruleID == Previews.id && $0.isBlocker }.map(\.message)
        return (analysis.units.first { $0.name == "Feature.Store" }?.verdict, analysis.units.first { $0.name == "Other" }?.verdict, messages)
    }

    /// The spellings of the local's declaration after its wrapper: a nested type's initializer,
    /// a static member, an annotation with an implicit member.
    static let spellings = ["var store = Feature.Store()", "var store = Feature.Store.preview", "var store: Feature.Store = .preview"]

    @Test("the local's type is told from its initializer or annotation: only that model's unit waits",
          arguments: spellings.map { "@ObservedObject " + $0 } + ["@ObservedObject private var store = Feature.Store(); let unused = 0"])
    func onlyTheHeldModelWaits(declaration: String) {
        let (store, other, messages) = Self.verdicts(declaration)
        #expect(store == .blocked)
        #expect(other != .blocked)
        #expect(messages == ["@ObservedObject on the local variable 'store' is no declaration the tool rewrites; once its model is "
            + "@Observable it no longer compiles"])
    }

    /// psugihara/FreeChat, hudhud, Miguel07Alm/PokedexApp: `@StateObject var store = Store()`
    /// beside the preview's `@State` locals. It becomes `@State` (review: a legacy local made a
    /// new model on every read), whatever the initializer's spelling; `$store.count` is a
    /// binding either way.
    @Test("a @StateObject local with an initializer becomes @State",
          arguments: spellings.map { "@StateObject " + $0 } + ["@StateObject var store = Feature.Store(); let binding = $store.count"])
    func aStateObjectLocalBecomesState(declaration: String) {
        let (store, other, messages) = Self.verdicts(declaration)
        #expect(store == .needsUnsafeFixes)
        #expect(other != .blocked)
        #expect(messages.isEmpty)
        let written = Migrator.migrate(files: ["Models.swift": String(decoding: Self.models.bytes, as: UTF8.self),
                                               "Preview.swift": String(decoding: Self.preview(declaration).bytes, as: UTF8.self)],
                                       unsafeFixes: true)["Preview.swift"]!
        #expect(written.contains(declaration.replacingOccurrences(of: "@StateObject", with: "@State")))
        #expect(!written.contains("StateObject"))
    }

    /// A bare `$store` is an `ObservedObject.Wrapper` today and a `Binding` under `@State`: the
    /// local keeps blocking.
    @Test func aStateObjectLocalWhoseBareProjectionIsUsedKeepsBlocking() {
        let (store, _, messages) = Self.verdicts("@StateObject var store = Feature.Store(); let wrapper = $store")
        #expect(store == .blocked)
        #expect(messages.count == 1)
    }

    @Test func aLocalWhoseTypeCannotBeToldBlocksEveryUnitTheFileSees() {
        let (store, other, messages) = Self.verdicts("@ObservedObject var store = makeStore()")
        #expect(store == .blocked)
        #expect(other == .blocked)
        #expect(messages.count == 1)
    }

    @Test func aLocalHoldingALibraryTypeBlocksNothing() {
        let (store, other, messages) = Self.verdicts("@StateObject var store = ExternalThing()")
        #expect(store != .blocked)
        #expect(other != .blocked)
        #expect(messages.isEmpty)
    }
}
