import Testing
@testable import MigrateTool

/// `"unpublishedProperties"`: the catalog's `@ObservationIgnored` by default, or left tracked
/// (Apple's default, what most teams write by hand) as a change the unit's review accepts.
@Suite struct UnpublishedPropertyPolicyTests {
    static let model = """
        import SwiftUI

        final class Downloads: ObservableObject {
            @Published var items: [String] = []
            private var isLoading = false
            let service = "x"
        }

        """

    static func migrate(_ policy: UnpublishedPropertyPolicy, unsafeFixes: Bool) -> (Analysis, String?) {
        var configuration = Configuration()
        configuration.unpublishedProperties = policy
        let analysis = Analyzer.analyze(swift: [SourceInput(path: "A.swift", bytes: Array(model.utf8))], configuration: configuration)
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: unsafeFixes))
        return (analysis, plan.newContents.first.map { String(decoding: $0.value, as: UTF8.self) })
    }

    @Test func byDefaultAnUnpublishedPropertyIsIgnoredAndTheUnitIsReady() {
        let (analysis, migrated) = Self.migrate(.ignore, unsafeFixes: false)
        #expect(analysis.units.map(\.verdict) == [.ready])
        #expect(migrated?.contains("    @ObservationIgnored private var isLoading = false\n") == true)
    }

    @Test func observedItIsLeftTrackedAndTheUnitNeedsUnsafeFixes() {
        let (analysis, safeOnly) = Self.migrate(.observe, unsafeFixes: false)
        #expect(analysis.units.map(\.verdict) == [.needsUnsafeFixes])
        let finding = analysis.findings.first { $0.ruleID == UnpublishedStoredProperty.id }
        #expect(finding?.fixClass == .review)
        #expect(finding?.message.contains("'isLoading' is not @Published and will notify") == true)
        #expect(safeOnly == nil)

        let (_, migrated) = Self.migrate(.observe, unsafeFixes: true)
        #expect(migrated == """
            import SwiftUI

            @Observable final class Downloads {
                var items: [String] = []
                private var isLoading = false
                let service = "x"
            }

            """)
    }
}
