import Testing
@testable import MigrateTool

/// Inside an extension of a type the tree does not declare (a library's class), `self` is that
/// type: its `objectWillChange` belongs to no model of the tree (just-tags' `extension
/// TagDecoder: CustomResourceHandler`). An extension of a protocol the models adopt may be any
/// of them.
@Suite struct ExternalExtensionSelfTests {
    static func analysis(_ source: String) -> Analysis {
        Analyzer.analyze(swift: [SourceInput(path: "A.swift", bytes: Array(source.utf8))])
    }

    static func verdict(of unit: String, in source: String) -> Verdict? {
        analysis(source).units.first { $0.name == unit }?.verdict
    }

    static let library = """
        import SwiftUI
        import Combine

        final class Library: ObservableObject {
            @Published var books: [String] = []
        }

        struct Shelf: View {
            @StateObject var library = Library()
            var body: some View { Text("\\(library.books.count)") }
        }

        """

    @Test func aLibraryClassesSendsBlockNoModel() {
        let source = Self.library + """
            extension TagDecoder {
                func publishChanges() { self.objectWillChange.send() }
                func touch() { objectWillChange.send() }
            }
            """
        #expect(Self.verdict(of: "Library", in: source) == .ready)
    }

    /// Each of these extensions may hold a model as `self`, so the send may be a model's.
    @Test(arguments: [
        "extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher",
        "extension Identifiable where Self: ObservableObject",
        "extension TagDecoder where Self: Identifiable",
    ])
    func anExtensionAModelMayMeetStaysUnknown(head: String) {
        let source = Self.library.replacingOccurrences(of: "final class Library: ObservableObject",
                                                       with: "final class Library: ObservableObject, Identifiable")
            .replacingOccurrences(of: "@Published var books: [String] = []", with: "@Published var books: [String] = []\n    func reload() { touch() }")
            + "\(head) {\n    func touch() { objectWillChange.send() }\n}\n"
        #expect(Self.verdict(of: "Library", in: source) != .ready)
    }

    /// A library class a model inherits from is one the model may be.
    @Test func aLibraryBaseClassOfAModelStaysUnknown() {
        let source = Self.library.replacingOccurrences(of: "final class Library: ObservableObject",
                                                       with: "final class Library: BaseStore, ObservableObject")
            + "extension BaseStore {\n    func touch() { objectWillChange.send() }\n}\n"
        #expect(Self.verdict(of: "Library", in: source) == .blocked)
    }

    /// A protocol a library's class adopts still changes (`Observable` has no requirements, so
    /// the class conforms in name only), and the report says what that costs.
    @Test func aProtocolALibraryClassAdoptsChangesAndSaysSo() {
        let source = Self.library + """
            protocol ResourceHandler: ObservableObject {}
            final class Local: ResourceHandler {
                @Published var count = 0
            }
            extension TagDecoder: ResourceHandler {}
            """
        let analysis = Self.analysis(source)
        let unit = analysis.units.first { $0.name == "ResourceHandler" }
        #expect(unit?.verdict == .needsUnsafeFixes)
        let messages = unit.map { $0.findings.map { analysis.findings[$0] }.filter { $0.ruleID == "observable-protocol" }.map(\.message) } ?? []
        #expect(messages == ["protocol 'ResourceHandler' refines ObservableObject; every conforming class must become @Observable in "
            + "the same run; 'TagDecoder', a type the tree does not declare, conforms to it and becomes Observable in name only: "
            + "code holding it as a 'ResourceHandler' no longer follows its changes"])
        #expect(analysis.units.first { $0.name == "Library" }?.verdict == .ready)
    }
}
