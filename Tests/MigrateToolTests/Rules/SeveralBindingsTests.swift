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
}
