// The oracle over every fixture app: both styles must look and behave the same.

import Fixtures
import Testing

extension Equivalence {
    @Suite("Oracle over the fixture apps")
    @MainActor
    struct OracleTests {
        @Test("the migrated fixture app is equivalent to the legacy one", arguments: Oracle.appNames)
        func fixtureAppIsEquivalent(app: String) {
            let report = Oracle.run(app: app)
            print(report.summary)
            #expect(report.stepsRun > 0)
            #expect(report.screensCompared == report.stepsRun + 1)
            #expect(report.statesCompared == report.stepsRun + 1)
            #expect(report.violations.isEmpty, "\(report.summary)")
        }

        @Test("the final model state is reported as probe lines")
        func finalStateIsReported() {
            let report = Oracle.run(app: "book-reader")
            #expect(report.finalState == """
                library name: City Library
                book ids: 2,3
                titles: Persuasion | Untitled
                availability: true,true
                authors: J. Austen | Anonymous
                """)
        }

        @Test("every fixture app is covered")
        func everyAppIsListed() {
            #expect(Oracle.appNames.count == 26)
            #expect(Set(Oracle.appNames).count == Oracle.appNames.count)
        }
    }
}
