import Testing
@testable import MigrateTool

/// A stored `var` of several names in a model gets one declaration per name, each as the
/// migration leaves the first: what the rule document shows, plus the spellings it does not.
@Suite struct SeveralBindingsTests {
    static let model = """
        import SwiftUI
        import Combine

        final class Meter: ObservableObject {
            @MainActor @Published private(set) var a = 1,
                b = 2
            private var t1 = Date(), /* later */ t2 = Date() // stamps
            weak var d1: Meter?, d2: Meter?
        }

        """

    /// The file `apply --unsafe-fixes` leaves under `unpublishedProperties`.
    static func migrated(_ source: String, policy: UnpublishedPropertyPolicy) -> String {
        var configuration = Configuration()
        configuration.unpublishedProperties = policy
        let analysis = InferenceTestTree.analyze([source], configuration)
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        return plan.newContents[0].map { String(decoding: $0, as: UTF8.self) } ?? source
    }

    @Test func eachNameGetsTheFirstOnesPrefixAndCommentsStay() {
        let migrated = Self.migrated(Self.model, policy: .track)
        #expect(migrated.contains("    @MainActor private(set) var a = 1\n    @MainActor private(set) var b = 2\n"), "\(migrated)")
        #expect(migrated.contains("    private var t1 = Date()\n    private var /* later */ t2 = Date() // stamps\n"), "\(migrated)")
        #expect(migrated.contains("    weak var d1: Meter?\n    weak var d2: Meter?\n"), "\(migrated)")
        #expect(Self.migrated(migrated, policy: .track) == migrated, "a second run changes nothing")
    }

    /// Under `unpublishedProperties: "ignore"` the first plain declaration gets
    /// `@ObservationIgnored`, and so does every name split from it; published ones do not.
    @Test func anIgnoredDeclarationIsIgnoredForEveryName() {
        let migrated = Self.migrated(Self.model, policy: .ignore)
        #expect(migrated.contains("@ObservationIgnored private var t1 = Date()\n    @ObservationIgnored private var /* later */ t2"), "\(migrated)")
        #expect(migrated.contains("@ObservationIgnored weak var d1: Meter?\n    @ObservationIgnored weak var d2: Meter?"), "\(migrated)")
        #expect(migrated.contains("    @MainActor private(set) var b = 2\n"), "\(migrated)")
    }

    /// The third review's cases: no space after the comma (`var x,y: Double` gave `vary`); a
    /// plumbing name beside another (`Task` and a count), which `plumbingProperties` would treat
    /// apart; an attribute under `#if` above the declaration, which reaches only the first name.
    @Test func whatTheSplitCannotCarryBlocksAndNoNameRunsIntoVar() {
        let glued = Self.migrated("""
            import SwiftUI

            final class Point: ObservableObject {
                var x,y: Double
                var g = 0,h = 1
                init() { x = 0; y = 0 }
            }

            """, policy: .track)
        #expect(glued.contains("    var x: Double\n    var y: Double\n    var g = 0\n    var h = 1\n"), "\(glued)")
        for blocked in ["var task: Task<Void, Never>?, count = 0", "var total = 0, timer: Timer?",
                        "#if DEBUG\n    @available(*, deprecated)\n    #endif\n    var a = 0, b = 1"] {
            let source = "import SwiftUI\n\nfinal class P: ObservableObject {\n    \(blocked)\n}\n"
            let analysis = InferenceTestTree.analyze([source], Configuration())
            #expect(analysis.units.first?.verdict == .blocked, "\(blocked)")
            #expect(analysis.findings.contains { $0.ruleID == SeveralBindings.id && $0.isBlocker }, "\(blocked)")
        }
    }

    /// The review finding of a declaration of several names names the one a view reads (the
    /// third review's F4).
    @Test func theReviewFindingNamesTheNameAViewReads() {
        let source = """
            import SwiftUI

            final class Meter: ObservableObject {
                @Published var level = 0
                var low = 0, high = 10
            }

            struct MeterView: View {
                @ObservedObject var meter: Meter
                var body: some View { Text("\\(meter.high)") }
            }

            """
        let findings = InferenceTestTree.analyze([source], Configuration()).findings.filter { $0.ruleID == UnpublishedStoredProperty.id }
        #expect(findings.contains { $0.message.hasPrefix("'high' is not @Published and becomes tracked; MeterView reads it") },
                "\(findings.map(\.message))")
    }
}
