import Testing
@testable import MigrateTool

/// The one coupling computation that both the report's verdicts and `apply` read.
@Suite struct UnitCouplingTests {
    private func finding(requires units: [Int]? = nil, everyUnit: Bool = false) -> Finding {
        Finding(ruleID: ObservableConstraint.id, fixClass: .review, file: 0, offset: 0, message: "m",
                requiresEveryUnit: everyUnit, requiresUnits: units)
    }

    @Test func groupsAreDistinctAndOfMoreThanOneUnit() {
        let findings = [finding(requires: [0, 1]), finding(requires: [0, 1]), finding(requires: [2]), finding()]
        let coupling = UnitCoupling(findings: findings, unitCount: 4)
        #expect(coupling.groups.map(\.units) == [[0, 1]])
        #expect(coupling.groups.map(\.finding) == [0])
    }

    @Test func everyUnitCouplesTheWholeTree() {
        let coupling = UnitCoupling(findings: [finding(everyUnit: true)], unitCount: 3)
        #expect(coupling.groups.map(\.units) == [[0, 1, 2]])
    }

    @Test func propagationFollowsChainsOfGroupsAndNamesTheCause() {
        // 0–1 and 1–2 are coupled; 3 is alone.
        let coupling = UnitCoupling(findings: [finding(requires: [0, 1]), finding(requires: [1, 2])], unitCount: 4)
        let steps = coupling.propagation(from: [0])
        #expect(steps == [UnitCoupling.Propagation(unit: 1, group: 0, cause: 0), UnitCoupling.Propagation(unit: 2, group: 1, cause: 1)])
        #expect(coupling.closure(of: [2]) == [0, 1, 2])
        #expect(coupling.closure(of: [3]) == [3])
        #expect(coupling.propagation(from: []).isEmpty)
    }

    @Test func renumberingFollowsTheFindingsToTheirNewPlaces() {
        var coupling = UnitCoupling(findings: [finding(requires: [0, 1])], unitCount: 2)
        coupling.renumberFindings { $0 + 3 }
        #expect(coupling.groups.map(\.finding) == [3])
    }
}
