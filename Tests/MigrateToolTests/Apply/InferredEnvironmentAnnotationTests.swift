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
        #expect(analysis.environmentAnnotationInference?.census.properties == 3)
        #expect(analysis.environmentAnnotationInference?.census.annotated == 2)
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

    /// A file whose variables spell their type even with an initial value, `count` of them.
    static func explicitStyle(_ count: Int, annotated: Bool) -> String {
        "import SwiftUI\n\nfinal class Counters: ObservableObject {\n"
            + (0..<count).map { "    @Published var c\($0)\(annotated ? ": Int" : "") = \($0)\n" }.joined() + "}\n"
    }

    @Test func withTooFewPropertiesATreeThatSpellsTypesEverywhereKeepsIt() {
        let explicit = Self.analyze([Self.model, Self.explicitStyle(24, annotated: true)])
        #expect(explicit.ruleOptions.environmentTypeAnnotation == .keep)
        #expect(InferenceTestTree.migratedFirstFile(explicit)?.contains("@Environment(Library.self) private var library: Library\n") == true)
        #expect(EnvironmentObjectRule.policyLine(.keep, inference: explicit.environmentAnnotationInference)
            == "keep, inferred from the tree's style: 25 of 25 variables with an initial value spell their type")
        // Inferred types, or too few variables to say: the default.
        let inferred = Self.analyze([Self.model, Self.explicitStyle(24, annotated: false)])
        #expect(inferred.ruleOptions.environmentTypeAnnotation == .drop)
        #expect(inferred.environmentAnnotationInference?.hasEvidence == false)
        #expect(Self.analyze([Self.model, Self.explicitStyle(12, annotated: true)]).ruleOptions.environmentTypeAnnotation == .drop)
        // Enough @Environment(T.self) properties decide, whatever the style.
        let bare = Self.analyze(Self.tree(annotated: 0, bare: 3) + [Self.explicitStyle(30, annotated: true)])
        #expect(bare.ruleOptions.environmentTypeAnnotation == .drop)
    }

    @Test func keyPathEnvironmentValuesAreNotCounted() {
        let keyPaths = (0..<4).map { "import SwiftUI\nstruct V\($0): View {\n    @Environment(\\.dismiss) private var dismiss: DismissAction\n"
            + "    @Environment(\\.self) var environment: EnvironmentValues\n    var body: some View { EmptyView() }\n}\n" }
        let analysis = Self.analyze([Self.model] + keyPaths)
        #expect(analysis.environmentAnnotationInference?.census.properties == 0)
    }

    @Test func aConfiguredPolicyWins() {
        let kept = Self.analyze([Self.model]) { $0.environmentTypeAnnotation = .keep }
        #expect(kept.environmentAnnotationInference == nil)
        #expect(InferenceTestTree.migratedFirstFile(kept)?.contains("@Environment(Library.self) private var library: Library\n") == true)
        let dropped = Self.analyze(Self.tree(annotated: 3, bare: 0)) { $0.environmentTypeAnnotation = .drop }
        #expect(InferenceTestTree.migratedFirstFile(dropped)?.contains("@Environment(Library.self) private var library\n") == true)
    }
}
