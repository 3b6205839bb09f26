import Testing
@testable import MigrateTool

/// `"observableAttributeOrder": "infer"` (the default): the tree's `@Observable` classes that carry
/// other attributes decide whether `apply` writes `@Observable` before or after a class's attributes.
@Suite struct InferredAttributeOrderTests {
    static let legacyModel = """
        import SwiftUI

        @MainActor final class Downloads: ObservableObject {
            @Published var items: [String] = []
        }

        """

    /// An existing `@Observable @MainActor` class (`first`) or `@MainActor @Observable` one.
    static func existingFile(_ name: String, observableFirst: Bool) -> String {
        "import SwiftUI\n\n\(observableFirst ? "@Observable @MainActor" : "@MainActor @Observable") final class \(name) {\n    var value = 0\n}\n"
    }

    /// The model file, then `first` classes writing `@Observable` first and `last` writing it last.
    static func tree(first: Int, last: Int, model: String = legacyModel) -> [String] {
        [model] + (0..<first).map { existingFile("First\($0)", observableFirst: true) }
            + (0..<last).map { existingFile("Last\($0)", observableFirst: false) }
    }

    static func analyze(_ sources: [String], _ change: (inout Configuration) -> Void = { _ in }) -> Analysis {
        var configuration = Configuration()
        change(&configuration)
        return InferenceTestTree.analyze(sources, configuration)
    }

    @Test func aTreeThatWritesObservableFirstGetsItFirst() {
        let analysis = Self.analyze(Self.tree(first: 2, last: 1))
        #expect(analysis.ruleOptions.observableAttributeOrder == .first)
        #expect(analysis.observableOrderInference?.census == ObservableAttributeOrderCensus(classes: 3, observableFirst: 2))
        #expect(InferenceTestTree.migratedFirstFile(analysis)?.contains("@Observable @MainActor final class Downloads {") == true)
        #expect(ObservableAttribute.policyLine(.first, inference: analysis.observableOrderInference)
            == "first, inferred from 3 @Observable classes with other attributes (2 put @Observable first)")
    }

    @Test func belowTwoThirdsOrWithTooFewClassesItStaysLast() {
        let mixed = Self.analyze(Self.tree(first: 1, last: 1))
        #expect(mixed.ruleOptions.observableAttributeOrder == .last)
        #expect(InferenceTestTree.migratedFirstFile(mixed)?.contains("@MainActor @Observable final class Downloads {") == true)
        let one = Self.analyze(Self.tree(first: 1, last: 0))
        #expect(one.ruleOptions.observableAttributeOrder == .last)
        #expect(one.observableOrderInference?.hasEvidence == false)
        #expect(ObservableAttribute.policyLine(.last, inference: one.observableOrderInference)
            == "last, the default: only 1 @Observable class carries other attributes, 2 needed to infer from")
        // A class with `@Observable` alone shows no order.
        let bare = Self.analyze([Self.legacyModel, "@Observable final class A {}\n", "@Observable final class B {}\n"])
        #expect(bare.observableOrderInference?.census == ObservableAttributeOrderCensus(classes: 0, observableFirst: 0))
    }

    @Test func anExplicitOrderWinsAndKeepsThePlacement() {
        let last = Self.analyze(Self.tree(first: 3, last: 0)) { $0.observableAttributeOrder = .last }
        #expect(last.observableOrderInference == nil)
        #expect(InferenceTestTree.migratedFirstFile(last)?.contains("@MainActor @Observable final class Downloads {") == true)
        // On a line of its own, `first` puts `@Observable` above the other attributes.
        let ownLine = Self.legacyModel.replacingOccurrences(of: "@MainActor final class", with: "@MainActor\nfinal class")
        let first = Self.analyze(Self.tree(first: 0, last: 0, model: ownLine)) { $0.observableAttributeOrder = .first }
        #expect(InferenceTestTree.migratedFirstFile(first)?.contains("@Observable\n@MainActor\nfinal class Downloads {") == true)
        let plain = Self.analyze([Self.legacyModel.replacingOccurrences(of: "@MainActor ", with: "")]) { $0.observableAttributeOrder = .first }
        #expect(InferenceTestTree.migratedFirstFile(plain)?.contains("@Observable final class Downloads {") == true)
    }
}
