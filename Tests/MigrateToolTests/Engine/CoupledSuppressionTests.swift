import Testing
@testable import MigrateTool

/// A finding the coupling of units adds follows from its partner's and moves with it: no
/// comment silences it, and a comment aimed at it is reported as silencing nothing, with the
/// partner named, instead of the bare "silences nothing".
@Suite struct CoupledSuppressionTests {
    /// `Parent` relays `Child`'s changes, so the two move together; `Child` needs review.
    static func source(commentAboveParent comment: String?) -> String {
        """
        import Combine
        \(comment.map { $0 + "\n" } ?? "")final class Parent: ObservableObject {
            @Published var child = Child()
            var relay: AnyCancellable?
            init() {
                relay = child.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
            }
        }
        final class Child: ObservableObject {
            @Published var n = 0
        }

        """
    }

    @Test func aCommentAimedAtACoupledFindingSaysWhereToActInstead() throws {
        let plain = RuleExamples.analyze(files: [("M.swift", Self.source(commentAboveParent: nil))])
        let parent = try #require(plain.units.first { $0.name == "Parent" })
        let coupled = try #require(parent.findings.map { plain.findings[$0] }.first { $0.message.contains("is written only in the same run as") })

        let comment = "// observation-migrate:disable:next \(coupled.ruleID)"
        let analysis = RuleExamples.analyze(files: [("M.swift", Self.source(commentAboveParent: comment))])
        // The comment changes nothing about the units: they still move together, under review.
        #expect(analysis.units.map(\.verdict) == plain.units.map(\.verdict))
        #expect(analysis.findings.contains { $0.message == coupled.message })
        let audit = analysis.findings.filter { $0.ruleID == UnusedSuppression.id }
        #expect(audit.map(\.message) == ["this suppression silences nothing: the '\(coupled.ruleID)' finding here follows from 'Child', "
            + "which must migrate in the same run, and no comment silences it"])
        #expect(audit.map(\.suggestion) == ["resolve or silence the finding of 'Child', then remove the comment"])
    }

    @Test func aCommentAimedAtNothingKeepsTheBareMessage() {
        let analysis = RuleExamples.analyze(files: [("M.swift", Self.source(commentAboveParent: "// observation-migrate:disable:next state-object"))])
        #expect(analysis.findings.filter { $0.ruleID == UnusedSuppression.id }.map(\.message)
            == ["this suppression silences nothing (state-object)"])
    }
}
