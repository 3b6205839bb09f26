import SourceScan

/// A suppression comment that silences nothing, or names a rule that does not exist: stale
/// comments hide future findings, so lint reports them as SwiftLint's
/// `superfluous_disable_command` does.
struct UnusedSuppression: SuppressionAuditRule {
    static let id = "unused-suppression"
    static let relevanceKeywords = [Suppressions.prefix]

    /// Needs the other rules' findings, so the engine calls `findings(for:)` after them
    /// (`SuppressionAuditRule`).
    func check(_ context: RuleContext) -> [Finding] { [] }

    /// Findings for directives that silenced nothing or name unknown rules. One aimed at a
    /// finding the coupling of units added says why it cannot silence it and where to act.
    static func findings(for suppressions: Suppressions, aimedAtCoupled: [Int: (ruleID: String, partner: String)] = [:]) -> [Finding] {
        var findings: [Finding] = []
        for (position, directive) in suppressions.directives.enumerated() {
            if let unknown = suppressions.unknownRules.first(where: { $0.directive == position }) {
                let guess = RuleCatalog.closestID(to: unknown.rule).map { "; did you mean '\($0)'?" } ?? ""
                findings.append(Finding(ruleID: id, fixClass: .manual, file: directive.file, offset: directive.offset,
                                        message: "'\(unknown.rule)' is not a rule\(guess)", suggestion: nil))
            } else if directive.scope != .enable, suppressions.uses[position] == 0, let coupled = aimedAtCoupled[position] {
                findings.append(Finding(ruleID: id, fixClass: .manual, file: directive.file, offset: directive.offset,
                                        message: "this suppression silences nothing: the '\(coupled.ruleID)' finding here follows from "
                                            + "'\(coupled.partner)', which must migrate in the same run, and no comment silences it",
                                        suggestion: "resolve or silence the finding of '\(coupled.partner)', then remove the comment"))
            } else if directive.scope != .enable, suppressions.uses[position] == 0 {
                findings.append(Finding(ruleID: id, fixClass: .manual, file: directive.file, offset: directive.offset,
                                        message: "this suppression silences nothing (\(directive.rules.joined(separator: ", ")))",
                                        suggestion: "remove the comment"))
            }
        }
        return findings
    }
}
