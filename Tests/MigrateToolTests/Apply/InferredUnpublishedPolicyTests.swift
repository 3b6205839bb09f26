import Testing
@testable import MigrateTool

/// `"unpublishedProperties": "infer"` (the default): the tree's existing `@Observable` classes
/// decide whether a legacy model's unpublished stored `var`s get `@ObservationIgnored`.
@Suite struct InferredUnpublishedPolicyTests {
    static let legacyModel = """
        import SwiftUI

        final class Downloads: ObservableObject {
            @Published var items: [String] = []
            private var isLoading = false
        }

        """

    /// An existing `@Observable` class with `private` stored vars, the first `ignored` of them
    /// marked `@ObservationIgnored`.
    static func existingClass(_ name: String, privateVars: Int, ignored: Int) -> String {
        let members = (0..<privateVars).map { position in
            "    \(position < ignored ? "@ObservationIgnored " : "")private var value\(position) = \(position)\n"
        }.joined()
        return "import Observation\n\n@Observable final class \(name) {\n\(members)}\n"
    }

    static func analyze(_ sources: [String], _ change: (inout Configuration) -> Void = { _ in }) -> Analysis {
        var configuration = Configuration()
        configuration.observationImport = .whenNeeded
        change(&configuration)
        return InferenceTestTree.analyze(sources, configuration)
    }

    /// The legacy model's file after `apply --unsafe-fixes`.
    static func migratedModel(_ analysis: Analysis) -> String? { InferenceTestTree.migratedFirstFile(analysis) }

    static func isLoadingFinding(_ analysis: Analysis) -> Finding? {
        analysis.findings.first { $0.ruleID == UnpublishedStoredProperty.id && $0.message.hasPrefix("'isLoading'") }
    }

    @Test func aTreeWhoseObservableClassesIgnoreGetsObservationIgnored() {
        let analysis = Self.analyze([Self.legacyModel, Self.existingClass("Settings", privateVars: 4, ignored: 3),
                                     Self.existingClass("Session", privateVars: 2, ignored: 0)])
        #expect(analysis.ruleOptions.unpublishedProperties == .ignore)
        #expect(analysis.unpublishedInference?.census == ObservableClassCensus(classes: 2, counted: 6, ignored: 3))
        #expect(Self.migratedModel(analysis)?.contains("    @ObservationIgnored private var isLoading = false\n") == true)
        #expect(Self.isLoadingFinding(analysis)?.message
            == "'isLoading' is not @Published, so it never notified; keep it silent under @Observable "
            + "(unpublishedProperties: ignore, inferred from the tree's @Observable classes)")
        #expect(UnpublishedStoredProperty.policyLine(analysis.ruleOptions.unpublishedProperties, inference: analysis.unpublishedInference)
            == "ignore, inferred from the tree's 2 @Observable classes (3 of 6 private stored properties @ObservationIgnored)")
    }

    @Test func aTreeWhoseObservableClassesTrackLeavesItTracked() {
        let analysis = Self.analyze([Self.legacyModel, Self.existingClass("Settings", privateVars: 7, ignored: 2)])
        #expect(analysis.ruleOptions.unpublishedProperties == .track)
        #expect(Self.migratedModel(analysis)?.contains("    private var isLoading = false\n") == true)
        #expect(Self.migratedModel(analysis)?.contains("@ObservationIgnored") == false)
        #expect(Self.isLoadingFinding(analysis)?.message.hasSuffix("(unpublishedProperties: track, inferred from the tree's @Observable classes)") == true)
    }

    @Test func aTreeWithoutEnoughEvidenceTakesTheDefault() {
        for sources in [[Self.legacyModel], [Self.legacyModel, Self.existingClass("Settings", privateVars: 4, ignored: 4)]] {
            let analysis = Self.analyze(sources)
            #expect(analysis.ruleOptions.unpublishedProperties == .track)
            #expect(analysis.unpublishedInference?.hasEvidence == false)
            #expect(Self.migratedModel(analysis)?.contains("@ObservationIgnored") == false)
            #expect(Self.isLoadingFinding(analysis)?.message.contains("track by default, too few private stored properties") == true)
        }
        let empty = Self.analyze([Self.legacyModel])
        #expect(UnpublishedStoredProperty.policyLine(.track, inference: empty.unpublishedInference)
            == "track, the default: no @Observable class in the tree to infer from")
        let few = Self.analyze([Self.legacyModel, Self.existingClass("Settings", privateVars: 1, ignored: 1)])
        #expect(UnpublishedStoredProperty.policyLine(.track, inference: few.unpublishedInference)
            == "track, the default: the tree's 1 @Observable class has 1 private stored property, 5 needed to infer from")
    }

    @Test func anExplicitPolicyWinsOverTheTree() {
        let ignoringTree = [Self.legacyModel, Self.existingClass("Settings", privateVars: 6, ignored: 6)]
        let tracked = Self.analyze(ignoringTree) { $0.unpublishedProperties = .track }
        #expect(tracked.unpublishedInference == nil)
        #expect(Self.migratedModel(tracked)?.contains("@ObservationIgnored") == false)
        #expect(Self.isLoadingFinding(tracked)?.message == "'isLoading' is not @Published and becomes tracked; no view reads it, so nothing changes")
        #expect(UnpublishedStoredProperty.policyLine(.track, inference: nil) == "track, as configured")

        let trackingTree = [Self.legacyModel, Self.existingClass("Settings", privateVars: 6, ignored: 0)]
        let ignored = Self.analyze(trackingTree) { $0.unpublishedProperties = .ignore }
        #expect(Self.migratedModel(ignored)?.contains("    @ObservationIgnored private var isLoading = false\n") == true)
    }

    @Test func theCensusCountsOnlyPrivateStoredVarsThatShowAChoice() {
        let existing = """
            import Observation
            import Combine

            @Observable final class Counted {
                private var a = 0
                @ObservationIgnored private(set) var b = 0
                @ObservationIgnored fileprivate var c = ""
                @MainActor private var d: Int? { didSet { print(d as Any) } }
                var shown = 0
                @ObservationIgnored var publicIgnored = 0
                private let constant = 0
                private static var shared = 0
                @ObservationIgnored @AppStorage("k") private var stored = 0
                @ObservationIgnored private var onChange: (() -> Void)?
                @ObservationIgnored private var cancellables = Set<AnyCancellable>()
                private var computed: Int { a + 1 }
            }

            final class NotObservable {
                @ObservationIgnored private var e = 0
            }

            """
        let analysis = Self.analyze([Self.legacyModel, existing])
        #expect(analysis.unpublishedInference?.census == ObservableClassCensus(classes: 1, counted: 4, ignored: 2))
    }

    @Test func theThresholdIsFiveCountedAndAThirdIgnored() {
        let cases: [(counted: Int, ignored: Int, policy: UnpublishedPropertyPolicy)] = [
            (4, 4, .track), (5, 1, .track), (6, 2, .ignore), (5, 2, .ignore), (19, 12, .ignore), (40, 13, .track), (0, 0, .track),
        ]
        for (counted, ignored, policy) in cases {
            let census = ObservableClassCensus(classes: 1, counted: counted, ignored: ignored)
            #expect(UnpublishedStoredProperty.inference(from: census).policy == policy, "\(ignored) of \(counted)")
        }
    }

    @Test func synthesizedCodableAgreesWithTheInferredPolicy() {
        let codable = """
            import SwiftUI

            final class Profile: ObservableObject, Codable {
                @Published var name = ""
                private var visits = 0
            }

            """
        let ignoring = Self.analyze([codable, Self.existingClass("Settings", privateVars: 6, ignored: 6)])
        let tracking = Self.analyze([codable, Self.existingClass("Settings", privateVars: 6, ignored: 0)])
        // Ignored, `visits` keeps its name under the macro; tracked, the macro renames its storage.
        #expect(Self.migratedModel(ignoring)?.contains("case _name = \"name\", visits\n") == true)
        #expect(Self.migratedModel(tracking)?.contains("case _name = \"name\", _visits = \"visits\"\n") == true)
    }

    @Test func applySaysAnInferredPolicyWhereItWritesIt() {
        let inferred = Self.analyze([Self.legacyModel, Self.existingClass("Settings", privateVars: 6, ignored: 3)])
        let plan = Migrator.plan(inferred, options: MigrationOptions(unsafeFixes: true))
        #expect(ApplySummary.render(plan, inferred, files: [0], dryRun: false).contains(
            "unpublished stored properties: ignore, inferred from the tree's 1 @Observable class (3 of 6 private stored properties @ObservationIgnored)\n"))
        // Nothing learnt, nothing to say: the spec's default needs no explanation at each run.
        let empty = Self.analyze([Self.legacyModel])
        let emptyPlan = Migrator.plan(empty, options: MigrationOptions(unsafeFixes: true))
        #expect(!ApplySummary.render(emptyPlan, empty, files: [0], dryRun: false).contains("unpublished stored properties"))
    }

    @Test func everyReportFormatSaysThePolicyAndWhy() throws {
        let analysis = Self.analyze([Self.legacyModel, Self.existingClass("Settings", privateVars: 6, ignored: 3)])
        let line = "ignore, inferred from the tree's 1 @Observable class (3 of 6 private stored properties @ObservationIgnored)"
        let options = ReportOptions()
        #expect(InferenceTestTree.reportFormatsMissing(line, label: "Unpublished vars", markdownLabel: "Unpublished stored properties", in: analysis) == [])
        let json = JSONReport.render(analysis, options: options)
        #expect(json.contains("\"policy\": \"ignore\""))
        #expect(json.contains("\"source\": \"inferred\""))
        #expect(json.contains("\"ignoredPrivateStoredProperties\": 3"))
    }
}
