import Testing
@testable import MigrateTool

/// `"plumbingProperties": "infer"` (the default): under `unpublishedProperties` `track`, the
/// plumbing of the tree's existing `@Observable` classes decides whether a legacy model's tasks
/// and subscriptions get `@ObservationIgnored`; with too little to go on they stay as written.
@Suite struct InferredPlumbingPolicyTests {
    static let legacyModel = """
        import Combine
        import SwiftUI

        final class Downloads: ObservableObject {
            @Published var items: [String] = []
            private var cancellables = Set<AnyCancellable>()
            private var refresh: Task<Void, Never>?
        }

        """

    /// An existing `@Observable` class with `count` plumbing properties, the first `ignored` of
    /// them marked `@ObservationIgnored`.
    static func existingClass(_ name: String, plumbing count: Int, ignored: Int) -> String {
        let members = (0..<count).map { position in
            "    \(position < ignored ? "@ObservationIgnored " : "")private var task\(position): Task<Void, Never>?\n"
        }.joined()
        return "import Observation\n\n@Observable final class \(name) {\n    var title = \"\"\n\(members)}\n"
    }

    static func analyze(_ sources: [String], _ change: (inout Configuration) -> Void = { _ in }) -> Analysis {
        var configuration = Configuration()
        configuration.observationImport = .whenNeeded
        change(&configuration)
        return InferenceTestTree.analyze(sources, configuration)
    }

    static func policyLine(_ analysis: Analysis) -> String {
        UnpublishedStoredProperty.plumbingPolicyLine(analysis.ruleOptions.plumbingProperties, inference: analysis.plumbingInference)
    }

    @Test func withNothingToLearnFromPlumbingStaysAsWritten() throws {
        let analysis = Self.analyze([Self.legacyModel])
        #expect(analysis.ruleOptions.plumbingProperties == .track)
        #expect(analysis.plumbingInference?.hasEvidence == false)
        let migrated = try #require(InferenceTestTree.migratedFirstFile(analysis))
        #expect(migrated.contains("    private var cancellables = Set<AnyCancellable>()\n"))
        #expect(migrated.contains("    private var refresh: Task<Void, Never>?\n"))
        #expect(!migrated.contains("@ObservationIgnored"))
        #expect(Self.policyLine(analysis) == "track, the default: no plumbing property in the tree's @Observable classes to infer from")
        let finding = analysis.findings.first { $0.ruleID == UnpublishedStoredProperty.id && $0.message.hasPrefix("'refresh'") }
        #expect(finding?.message == "'refresh' is a Task, which nothing renders; it stays as written and becomes tracked, which changes "
            + "nothing (plumbingProperties: track by default, too little plumbing in the tree's @Observable classes to infer from)")
    }

    @Test func aTreeThatIgnoresItsPlumbingGetsObservationIgnored() throws {
        let analysis = Self.analyze([Self.legacyModel, Self.existingClass("Feed", plumbing: 2, ignored: 1),
                                     Self.existingClass("Player", plumbing: 1, ignored: 1)])
        #expect(analysis.ruleOptions.plumbingProperties == .ignore)
        #expect(analysis.plumbingInference?.census == PlumbingCensus(classes: 2, counted: 3, ignored: 2))
        let migrated = try #require(InferenceTestTree.migratedFirstFile(analysis))
        #expect(migrated.contains("    @ObservationIgnored private var cancellables = Set<AnyCancellable>()\n"))
        #expect(migrated.contains("    @ObservationIgnored private var refresh: Task<Void, Never>?\n"))
        #expect(Self.policyLine(analysis) == "ignore, inferred from the tree's @Observable classes (2 of 3 plumbing properties @ObservationIgnored)")
    }

    @Test func aTreeThatTracksItsPlumbingLeavesIt() throws {
        let analysis = Self.analyze([Self.legacyModel, Self.existingClass("Feed", plumbing: 3, ignored: 1)])
        #expect(analysis.ruleOptions.plumbingProperties == .track)
        #expect(analysis.plumbingInference?.hasEvidence == true)
        #expect(try #require(InferenceTestTree.migratedFirstFile(analysis)).contains("@ObservationIgnored") == false)
    }

    @Test func oneExistingPlumbingPropertyIsTooLittle() {
        let analysis = Self.analyze([Self.legacyModel, Self.existingClass("Feed", plumbing: 1, ignored: 1)])
        #expect(analysis.ruleOptions.plumbingProperties == .track)
        #expect(Self.policyLine(analysis) == "track, the default: only 1 plumbing property in the tree's @Observable classes, 2 needed to infer from")
    }

    @Test func theConfigurationWinsOverTheTree() throws {
        let analysis = Self.analyze([Self.legacyModel]) { $0.plumbingProperties = .ignore }
        #expect(analysis.plumbingInference == nil)
        #expect(Self.policyLine(analysis) == "ignore, as configured")
        #expect(try #require(InferenceTestTree.migratedFirstFile(analysis)).contains("    @ObservationIgnored private var refresh: Task<Void, Never>?\n"))
    }

    /// Under `unpublishedProperties` `ignore` every unpublished property is ignored, plumbing too.
    @Test func unpublishedIgnoreIgnoresPlumbingWhateverThisSays() throws {
        let analysis = Self.analyze([Self.legacyModel]) { $0.unpublishedProperties = .ignore; $0.plumbingProperties = .track }
        #expect(try #require(InferenceTestTree.migratedFirstFile(analysis)).contains("    @ObservationIgnored private var cancellables"))
    }

    /// A send beside a change of plumbing only announced something else: tracking the plumbing
    /// must not make it a twin of that change.
    @Test func aSendBesideAPlumbingChangeIsNotItsTwin() {
        let source = """
            import Combine
            import SwiftUI

            final class Poller: ObservableObject {
                private var refresh: Task<Void, Never>?
                func restart() {
                    refresh = Task {}
                    objectWillChange.send()
                }
            }

            """
        let analysis = Self.analyze([source])
        #expect(analysis.ruleOptions.plumbingProperties == .track)
        #expect(analysis.units.first?.verdict == .blocked)
    }

    @Test func everyReportFormatAndApplySayThePolicyAndWhy() {
        let analysis = Self.analyze([Self.legacyModel, Self.existingClass("Feed", plumbing: 2, ignored: 2)])
        let line = "ignore, inferred from the tree's @Observable classes (2 of 2 plumbing properties @ObservationIgnored)"
        #expect(InferenceTestTree.reportFormatsMissing(line, label: "Plumbing vars", markdownLabel: "Unpublished plumbing", in: analysis) == [])
        let json = JSONReport.render(analysis, options: ReportOptions())
        #expect(json.contains("\"plumbingProperties\": {\n      \"policy\": \"ignore\",\n      \"source\": \"inferred\",\n"
                              + "      \"observableClasses\": 1,\n      \"plumbingProperties\": 2,\n      \"ignoredPlumbingProperties\": 2\n    }"))
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        #expect(ApplySummary.render(plan, analysis, files: [0], dryRun: false).contains("unpublished plumbing: \(line)\n"))
    }
}
