import SourceScan
import Testing
@testable import MigrateTool

/// `"stateInitializerLabel": "infer"` (the default): the tree's own `State` initializations decide
/// whether `_m = StateObject(wrappedValue: M())` becomes `State(wrappedValue:)` or
/// `State(initialValue:)`.
@Suite struct InferredStateInitializerLabelTests {
    static let model = """
        import SwiftUI

        final class Detail: ObservableObject {
            @Published var id: Int
            init(id: Int) { self.id = id }
        }

        struct DetailView: View {
            @StateObject private var detail: Detail
            init(id: Int) { _detail = StateObject(wrappedValue: Detail(id: id)) }
            var body: some View { Text("\\(detail.id)") }
        }

        """

    /// A view of an `@Observable` model (so the run reads its file) that initializes its own
    /// `@State` with `label`, spelled `State(…)` or, `inferred`, `.init(…)`.
    static func existingView(_ index: Int, label: String, inferred: Bool = false) -> String {
        "import SwiftUI\n\n@Observable final class Store\(index) { var value = 0 }\n\n"
            + "struct Reader\(index): View {\n    @State private var count: Int\n"
            + "    init(count: Int) { self._count = \(inferred ? ".init" : "State")(\(label): count) }\n"
            + "    var body: some View { Text(\"\\(count)\") }\n}\n"
    }

    static func analyze(_ sources: [String], _ change: (inout Configuration) -> Void = { _ in }) -> Analysis {
        var configuration = Configuration()
        change(&configuration)
        return InferenceTestTree.analyze(sources, configuration)
    }

    /// What `apply --unsafe-fixes --dry-run` prints after its diff.
    static func applySummary(_ analysis: Analysis) -> String {
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        return ApplySummary.render(plan, analysis, files: plan.newContents.keys.sorted(), dryRun: true)
    }

    @Test func aTreeWithoutStateInitializationsKeepsTheWrappedValueLabel() {
        let analysis = Self.analyze([Self.model])
        #expect(analysis.ruleOptions.stateInitializerLabel == .wrappedValue)
        #expect(analysis.stateInitializerInference?.hasEvidence == false)
        #expect(InferenceTestTree.migratedFirstFile(analysis)?.contains("_detail = State(wrappedValue: Detail(id: id))") == true)
        #expect(StateObjectInit.policyLine(.wrappedValue, inference: analysis.stateInitializerInference)
            == "wrappedValue, the default: no labelled State initialization to infer from")
        // The apply summary names an inference only when there was evidence.
        #expect(!Self.applySummary(analysis).contains("State initializer label"))
    }

    @Test func aTreeThatWritesInitialValueGetsIt() {
        let analysis = Self.analyze([Self.model, Self.existingView(1, label: "initialValue"),
                                     Self.existingView(2, label: "initialValue", inferred: true)])
        #expect(analysis.ruleOptions.stateInitializerLabel == .initialValue)
        #expect(analysis.stateInitializerInference?.census == StateInitializerCensus(initialValue: 2, wrappedValue: 0))
        #expect(InferenceTestTree.migratedFirstFile(analysis)?.contains("_detail = State(initialValue: Detail(id: id))") == true)
        let line = "initialValue, inferred from 2 State initializations (0 with wrappedValue)"
        #expect(StateObjectInit.policyLine(.initialValue, inference: analysis.stateInitializerInference) == line)
        #expect(InferenceTestTree.reportFormatsMissing(line, label: "State(…) label", markdownLabel: "State initializer label",
                                                       in: analysis).isEmpty)
        #expect(Self.applySummary(analysis).contains("State initializer label: \(line)\n"))
    }

    @Test func halfOrMoreWithWrappedValueDecidesForIt() {
        let tie = Self.analyze([Self.model, Self.existingView(1, label: "initialValue"), Self.existingView(2, label: "wrappedValue")])
        #expect(tie.ruleOptions.stateInitializerLabel == .wrappedValue)
        #expect(tie.stateInitializerInference?.hasEvidence == true)
        let mostlyInitial = Self.analyze([Self.model] + (1...2).map { Self.existingView($0, label: "initialValue") }
            + [Self.existingView(3, label: "wrappedValue")])
        #expect(mostlyInitial.ruleOptions.stateInitializerLabel == .initialValue)
    }

    @Test func onlyStateStorageCounts() {
        // `.init(initialValue:)` assigned to storage of another wrapper, a `StateObject(…)`, a
        // function named like a label and an unlabelled `State(…)` say nothing about `State`.
        let other = """
            import SwiftUI
            @Observable final class Other { var value = 0 }
            struct Elsewhere: View {
                @Binding var flag: Bool
                @ObservedObject var legacy: Detail
                init(flag: Binding<Bool>, legacy: Detail) {
                    self._flag = .init(projectedValue: flag)
                    _legacy = .init(initialValue: legacy)
                    let state = State(0)
                    _ = state
                    _ = initialValue(1)
                }
                var body: some View { EmptyView() }
            }
            func initialValue(_ x: Int) -> Int { x }

            """
        let analysis = Self.analyze([Self.model, other])
        #expect(analysis.stateInitializerInference?.census == StateInitializerCensus(initialValue: 0, wrappedValue: 0))
    }

    @Test func anInferredInitializerTakesTheLabelToo() {
        let inferred = Self.model.replacingOccurrences(of: "StateObject(wrappedValue:", with: ".init(wrappedValue:")
        let analysis = Self.analyze([inferred, Self.existingView(1, label: "initialValue")])
        #expect(InferenceTestTree.migratedFirstFile(analysis)?.contains("_detail = .init(initialValue: Detail(id: id))") == true)
        let kept = Self.analyze([inferred])
        #expect(InferenceTestTree.migratedFirstFile(kept)?.contains("_detail = .init(wrappedValue: Detail(id: id))") == true)
    }

    @Test func anOwnedObservedObjectInitializerFollowsTheLabel() {
        let owned = """
            import SwiftUI
            final class Detail: ObservableObject { @Published var id = 0 }
            struct DetailView: View {
                @ObservedObject var detail = Detail()
                init() { _detail = ObservedObject(wrappedValue: Detail()) }
                var body: some View { Text("\\(detail.id)") }
            }

            """
        let initial = Self.analyze([owned, Self.existingView(1, label: "initialValue")])
        #expect(InferenceTestTree.migratedFirstFile(initial)?.contains("_detail = State(initialValue: Detail())") == true)
        let wrapped = Self.analyze([owned])
        #expect(InferenceTestTree.migratedFirstFile(wrapped)?.contains("_detail = State(wrappedValue: Detail())") == true)
    }

    @Test func aConfiguredLabelWins() {
        let configured = Self.analyze([Self.model, Self.existingView(1, label: "wrappedValue")]) { $0.stateInitializerLabel = .initialValue }
        #expect(configured.stateInitializerInference == nil)
        #expect(InferenceTestTree.migratedFirstFile(configured)?.contains("_detail = State(initialValue: Detail(id: id))") == true)
        #expect(StateObjectInit.policyLine(.initialValue, inference: nil) == "initialValue, as configured")
    }
}
