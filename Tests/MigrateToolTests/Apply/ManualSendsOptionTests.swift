import SourceScan
import Testing
@testable import MigrateTool

/// `manualSends`: a manual `objectWillChange.send()` with no Observation twin blocks its unit by
/// default; `"delete"` removes it as a review finding that says what may go stale, wherever it is
/// a statement of its own, and keeps blocking where removing it would not compile.
@Suite struct ManualSendsOptionTests {
    static let model = """
        import SwiftUI

        final class Feed: ObservableObject {
            @Published var items: [String] = []
            var mode = 0

            func refresh() {
                objectWillChange.send()
            }

            func pick(_ kind: Int) {
                switch kind {
                case 0:
                    objectWillChange.send()
                default:
                    mode = kind
                }
            }
        }

        """

    static func analysis(_ sources: [String], _ policy: ManualSendPolicy) -> Analysis {
        var configuration = Configuration()
        configuration.manualSends = policy
        return InferenceTestTree.analyze(sources, configuration)
    }

    static func migrated(_ sources: [String], _ policy: ManualSendPolicy) -> [String] {
        let plan = Migrator.plan(analysis(sources, policy), options: MigrationOptions(unsafeFixes: true))
        return sources.indices.map { plan.newContents[$0].map { String(decoding: $0, as: UTF8.self) } ?? sources[$0] }
    }

    static func sendFindings(_ analysis: Analysis) -> [Finding] {
        analysis.findings.filter { $0.ruleID == ObjectWillChangeSend.id }
    }

    @Test func byDefaultASendWithoutTwinBlocks() {
        let analysis = Self.analysis([Self.model], .block)
        #expect(analysis.units.map(\.verdict) == [.blocked])
        #expect(Self.sendFindings(analysis).allSatisfy { $0.isBlocker && $0.edits.isEmpty })
        #expect(Self.migrated([Self.model], .block) == [Self.model])
    }

    @Test func deleteRemovesAFunctionsOnlyStatementButNotASwitchClausesOnly() {
        let analysis = Self.analysis([Self.model], .delete)
        let findings = Self.sendFindings(analysis)
        // The body's send goes, as review, naming what may go stale; the clause's must stay.
        let deleted = findings.filter { !$0.isBlocker }
        #expect(deleted.count == 1)
        #expect(deleted.first?.fixClass == .review)
        #expect(deleted.first?.message.contains("manualSends: delete removes the call") == true)
        #expect(findings.filter(\.isBlocker).count == 1)
        #expect(analysis.units.map(\.verdict) == [.blocked])
    }

    @Test func deleteMigratesAUnitWhoseOnlyBlockersWereSends() {
        let source = Self.model.replacingOccurrences(of: "        case 0:\n            objectWillChange.send()\n", with: "")
        let output = Self.migrated([source], .delete)[0]
        #expect(output.contains("@Observable final class Feed {"))
        #expect(output.contains("    func refresh() {\n    }\n"))
        #expect(!output.contains("objectWillChange"))
    }

    @Test func aSendInsideALargerExpressionStillBlocks() {
        let source = """
            import SwiftUI

            final class Clock: ObservableObject {
                @Published var ticks = 0

                func nudge() -> Void {
                    return objectWillChange.send()
                }
            }

            """
        let analysis = Self.analysis([source], .delete)
        #expect(Self.sendFindings(analysis).contains { $0.isBlocker })
        #expect(Self.migrated([source], .delete) == [source])
    }

    /// Every format's summary names the policy, so a reader knows why sends went or stayed.
    @Test func theReportSaysWhichPolicyTheRunFollows() {
        let deleting = Self.analysis([Self.model], .delete)
        let deletingLine = "delete, as configured: a call with no Observation twin goes, each a review finding naming what may go stale"
        #expect(InferenceTestTree.reportFormatsMissing(deletingLine, label: "Manual sends", in: deleting).isEmpty)
        #expect(JSONReport.render(deleting, options: ReportOptions()).contains("\"manualSends\": \"delete\""))
        let blocking = Self.analysis([Self.model], .block)
        let blockingLine = "block, the default: a call with no Observation twin stays and blocks its unit"
        #expect(InferenceTestTree.reportFormatsMissing(blockingLine, label: "Manual sends", in: blocking).isEmpty)
    }
}
