import Testing
@testable import MigrateTool

/// `"environmentTypeAnnotation": "infer"` (the default): the tree's existing `@Environment(T.self)`
/// properties decide whether `@EnvironmentObject var m: M` keeps its `: M`.
@Suite struct InferredEnvironmentAnnotationTests {
    static let model = """
        import SwiftUI

        final class Library: ObservableObject {
            @Published var books: [String] = []
        }

        struct Shelf: View {
            @EnvironmentObject private var library: Library
            var body: some View { Text("\\(library.books.count)") }
        }

        """

    /// A view reading an already `@Observable` model, its property annotated or not.
    static func existingView(_ index: Int, annotated: Bool) -> String {
        "import SwiftUI\n\n@Observable final class Store\(index) { var value = 0 }\n\n"
            + "struct Reader\(index): View {\n    @Environment(Store\(index).self) private var store\(annotated ? ": Store\(index)" : "")\n"
            + "    var body: some View { Text(\"\\(store.value)\") }\n}\n"
    }

    static func tree(annotated: Int, bare: Int) -> [String] {
        [model] + (0..<annotated).map { existingView($0, annotated: true) } + (0..<bare).map { existingView(100 + $0, annotated: false) }
    }

    static func analyze(_ sources: [String], _ change: (inout Configuration) -> Void = { _ in }) -> Analysis {
        var configuration = Configuration()
        change(&configuration)
        return InferenceTestTree.analyze(sources, configuration)
    }

    @Test func aTreeThatAnnotatesKeepsTheAnnotation() {
        let analysis = Self.analyze(Self.tree(annotated: 2, bare: 1))
        #expect(analysis.ruleOptions.environmentTypeAnnotation == .keep)
        #expect(analysis.environmentAnnotationInference?.census == EnvironmentAnnotationCensus(properties: 3, annotated: 2))
        #expect(InferenceTestTree.migratedFirstFile(analysis)?.contains("@Environment(Library.self) private var library: Library\n") == true)
        let line = "keep, inferred from 3 @Environment(T.self) properties (2 with a type annotation)"
        #expect(EnvironmentObjectRule.policyLine(.keep, inference: analysis.environmentAnnotationInference) == line)
        #expect(InferenceTestTree.reportFormatsMissing(line, label: "@Environment type", markdownLabel: "@Environment type annotation",
                                                       in: analysis).isEmpty)
    }

    @Test func underHalfOrWithTooFewPropertiesItDrops() {
        let mostlyBare = Self.analyze(Self.tree(annotated: 1, bare: 2))
        #expect(mostlyBare.ruleOptions.environmentTypeAnnotation == .drop)
        #expect(InferenceTestTree.migratedFirstFile(mostlyBare)?.contains("@Environment(Library.self) private var library\n") == true)
        let few = Self.analyze(Self.tree(annotated: 2, bare: 0))
        #expect(few.ruleOptions.environmentTypeAnnotation == .drop)
        #expect(few.environmentAnnotationInference?.hasEvidence == false)
        #expect(EnvironmentObjectRule.policyLine(.drop, inference: few.environmentAnnotationInference)
            == "drop, the default: only 2 @Environment(T.self) properties, 3 needed to infer from")
        #expect(EnvironmentObjectRule.policyLine(.drop, inference: Self.analyze([Self.model]).environmentAnnotationInference)
            == "drop, the default: no @Environment(T.self) property to infer from")
    }

    @Test func keyPathEnvironmentValuesAreNotCounted() {
        let keyPaths = (0..<4).map { "import SwiftUI\nstruct V\($0): View {\n    @Environment(\\.dismiss) private var dismiss: DismissAction\n"
            + "    @Environment(\\.self) var environment: EnvironmentValues\n    var body: some View { EmptyView() }\n}\n" }
        let analysis = Self.analyze([Self.model] + keyPaths)
        #expect(analysis.environmentAnnotationInference?.census == EnvironmentAnnotationCensus(properties: 0, annotated: 0))
    }

    @Test func aConfiguredPolicyWins() {
        let kept = Self.analyze([Self.model]) { $0.environmentTypeAnnotation = .keep }
        #expect(kept.environmentAnnotationInference == nil)
        #expect(InferenceTestTree.migratedFirstFile(kept)?.contains("@Environment(Library.self) private var library: Library\n") == true)
        let dropped = Self.analyze(Self.tree(annotated: 3, bare: 0)) { $0.environmentTypeAnnotation = .drop }
        #expect(InferenceTestTree.migratedFirstFile(dropped)?.contains("@Environment(Library.self) private var library\n") == true)
    }
}
