import Testing
@testable import MigrateTool

/// `"observationImport": "infer"` (the default): the tree's files that already declare
/// `@Observable` classes decide whether `apply` adds `import Observation` beside `import SwiftUI`.
@Suite struct InferredObservationImportTests {
    static let legacyModel = """
        import SwiftUI

        final class Downloads: ObservableObject {
            @Published var items: [String] = []
        }

        """

    /// A file declaring an existing `@Observable` class, importing Observation by name or not.
    static func existingFile(_ name: String, importsObservation: Bool) -> String {
        "import SwiftUI\n\(importsObservation ? "import Observation\n" : "")\n@Observable final class \(name) {\n    var value = 0\n}\n"
    }

    /// The model file, then `importing` files that import Observation and `others` that do not.
    static func tree(importing: Int, others: Int) -> [String] {
        [legacyModel] + (0..<importing).map { existingFile("Imports\($0)", importsObservation: true) }
            + (0..<others).map { existingFile("Plain\($0)", importsObservation: false) }
    }

    static func analyze(_ sources: [String], _ change: (inout Configuration) -> Void = { _ in }) -> Analysis {
        var configuration = Configuration()
        change(&configuration)
        return InferenceTestTree.analyze(sources, configuration)
    }

    /// The legacy model's file after `apply --unsafe-fixes`.
    static func migratedModel(_ analysis: Analysis) -> String? { InferenceTestTree.migratedFirstFile(analysis) }

    static let importingModel = "import SwiftUI\nimport Observation\n\n@Observable final class Downloads {"
    static let plainModel = "import SwiftUI\n\n@Observable final class Downloads {"

    @Test func aTreeWhoseFilesDoNotImportObservationGetsNoImportBesideSwiftUI() {
        let analysis = Self.analyze(Self.tree(importing: 0, others: 11))
        #expect(analysis.ruleOptions.observationImport == .whenNeeded)
        #expect(analysis.observationImportInference?.census == ObservationImportCensus(observableFiles: 11, importing: 0))
        #expect(Self.migratedModel(analysis)?.hasPrefix(Self.plainModel) == true)
        #expect(MissingObservationImport.policyLine(analysis.ruleOptions.observationImport, inference: analysis.observationImportInference)
            == "whenNeeded, inferred from 11 files declaring @Observable classes (0 import Observation by name)")
    }

    @Test func aTreeWhoseFilesImportObservationGetsItInEveryMigratedFile() {
        let analysis = Self.analyze(Self.tree(importing: 3, others: 1))
        #expect(analysis.ruleOptions.observationImport == .always)
        #expect(Self.migratedModel(analysis)?.hasPrefix(Self.importingModel) == true)
        #expect(MissingObservationImport.policyLine(.always, inference: analysis.observationImportInference)
            == "always, inferred from 4 files declaring @Observable classes (3 import Observation by name)")
    }

    @Test func aFileThatNeedsTheImportGetsItWhateverTheTreeDoes() {
        let foundationModel = Self.legacyModel.replacingOccurrences(of: "import SwiftUI", with: "import Foundation")
        let analysis = Self.analyze([foundationModel] + Self.tree(importing: 0, others: 5).dropFirst())
        #expect(analysis.ruleOptions.observationImport == .whenNeeded)
        #expect(Self.migratedModel(analysis)?.hasPrefix("import Foundation\nimport Observation\n\n@Observable final class Downloads {") == true)
    }

    @Test func aTreeWithTooFewFilesTakesTheDefault() {
        for (importing, others) in [(0, 0), (0, 2)] {
            let analysis = Self.analyze(Self.tree(importing: importing, others: others))
            #expect(analysis.ruleOptions.observationImport == .always)
            #expect(analysis.observationImportInference?.hasEvidence == false)
            #expect(Self.migratedModel(analysis)?.hasPrefix(Self.importingModel) == true)
        }
        #expect(MissingObservationImport.policyLine(.always, inference: Self.analyze([Self.legacyModel]).observationImportInference)
            == "always, the default: no file declares an @Observable class to infer from")
        #expect(MissingObservationImport.policyLine(.always, inference: Self.analyze(Self.tree(importing: 0, others: 1)).observationImportInference)
            == "always, the default: only 1 file declares @Observable classes, 3 needed to infer from")
    }

    @Test func anExplicitPolicyWinsOverTheTree() {
        let always = Self.analyze(Self.tree(importing: 0, others: 6)) { $0.observationImport = .always }
        #expect(always.observationImportInference == nil)
        #expect(Self.migratedModel(always)?.hasPrefix(Self.importingModel) == true)
        #expect(MissingObservationImport.policyLine(.always, inference: nil) == "always, as configured")

        let whenNeeded = Self.analyze(Self.tree(importing: 6, others: 0)) { $0.observationImport = .whenNeeded }
        #expect(whenNeeded.observationImportInference == nil)
        #expect(Self.migratedModel(whenNeeded)?.hasPrefix(Self.plainModel) == true)
    }

    @Test func theCensusCountsFilesDeclaringObservableClassesOnce() {
        let twoClasses = """
            #if canImport(Observation)
            import Observation
            #endif
            import SwiftUI

            @Observable final class First {}
            @Observable final class Second {}

            """
        let nested = "import SwiftUI\n\nenum Namespace {\n    @Observable final class Inner {}\n}\n"
        let notAClass = "import Observation\n\n@Observable struct NotAClass {}\nfinal class Plain {}\n"
        let byNameOnly = "import class Observation.ObservationRegistrar\n\n@Observable final class Registrar {}\n"
        let analysis = Self.analyze([Self.legacyModel, twoClasses, nested, notAClass, byNameOnly])
        #expect(analysis.observationImportInference?.census == ObservationImportCensus(observableFiles: 3, importing: 2))
    }

    @Test func theThresholdIsThreeFilesAndFortyPercentImporting() {
        let cases: [(files: Int, importing: Int, policy: ObservationImportPolicy)] = [
            (0, 0, .always), (2, 0, .always), (3, 0, .whenNeeded), (16, 3, .whenNeeded), (13, 1, .whenNeeded),
            (5, 2, .always), (10, 4, .always), (10, 3, .whenNeeded), (11, 5, .always), (18, 13, .always),
        ]
        for (files, importing, policy) in cases {
            let census = ObservationImportCensus(observableFiles: files, importing: importing)
            #expect(MissingObservationImport.inference(from: census).policy == policy, "\(importing) of \(files)")
        }
    }

    @Test func aSecondRunKeepsThePolicyTheFirstFollowed() throws {
        for sources in [Self.tree(importing: 0, others: 3), Self.tree(importing: 3, others: 0), Self.tree(importing: 0, others: 0)] {
            let first = Self.analyze(sources)
            let migrated = try #require(Self.migratedModel(first))
            let second = Self.analyze([migrated] + sources.dropFirst())
            #expect(second.ruleOptions.observationImport == first.ruleOptions.observationImport)
            #expect(Self.migratedModel(second) == nil)
        }
    }

    @Test func everyReportFormatAndApplySayThePolicyAndWhy() throws {
        let analysis = Self.analyze(Self.tree(importing: 0, others: 11))
        let line = "whenNeeded, inferred from 11 files declaring @Observable classes (0 import Observation by name)"
        let options = ReportOptions()
        #expect(InferenceTestTree.reportFormatsMissing(line, label: "import Observation", in: analysis) == [])
        let json = JSONReport.render(analysis, options: options)
        #expect(json.contains("\"observationImport\": {\n      \"policy\": \"whenNeeded\",\n      \"source\": \"inferred\",\n"
                              + "      \"observableFiles\": 11,\n      \"importingObservation\": 0\n    }"))
        let configured = JSONReport.render(Self.analyze(Self.tree(importing: 0, others: 11)) { $0.observationImport = .always }, options: options)
        #expect(configured.contains("\"observationImport\": {\n      \"policy\": \"always\",\n      \"source\": \"configuration\"\n    }"))

        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        #expect(ApplySummary.render(plan, analysis, files: [0], dryRun: false).contains("import Observation: \(line)\n"))
        // Nothing learnt, nothing to say: the spec's default needs no explanation at each run.
        let empty = Self.analyze([Self.legacyModel])
        let emptyPlan = Migrator.plan(empty, options: MigrationOptions(unsafeFixes: true))
        #expect(!ApplySummary.render(emptyPlan, empty, files: [0], dryRun: false).contains("import Observation:"))
    }
}
