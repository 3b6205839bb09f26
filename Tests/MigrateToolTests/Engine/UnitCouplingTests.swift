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
        #expect(Set(coupling.propagation(from: [2]).map(\.unit)) == [0, 1])
        #expect(coupling.propagation(from: [3]).isEmpty)
        #expect(coupling.propagation(from: []).isEmpty)
    }

    @Test func aOneWayNeedDragsOnlyTheUnitThatNeeds() {
        // Unit 1 (a superclass) needs unit 0 (a subclass migrating on its own); unit 2 needs unit 1.
        let findings = [
            Finding(ruleID: ObservableSubclass.id, fixClass: .safe, file: 0, offset: 0, message: "m", unit: 0, requiredByUnits: [1]),
            Finding(ruleID: ObservableSubclass.id, fixClass: .safe, file: 0, offset: 1, message: "m", unit: 1, requiredByUnits: [2]),
        ]
        let coupling = UnitCoupling(findings: findings, unitCount: 4)
        #expect(coupling.groups.map(\.units) == [[0, 1], [1, 2]])
        #expect(coupling.propagation(from: [0]) == [UnitCoupling.Propagation(unit: 1, group: 0, cause: 0),
                                                   UnitCoupling.Propagation(unit: 2, group: 1, cause: 1)])
        #expect(coupling.propagation(from: [1]) == [UnitCoupling.Propagation(unit: 2, group: 1, cause: 1)])
        #expect(coupling.propagation(from: [2]).isEmpty)
        #expect(coupling.unitsNeeded(by: [2]) == [1, 0])
        #expect(coupling.unitsNeeded(by: [0]).isEmpty)
        #expect(coupling.unitsNeeded(by: [3]).isEmpty)
    }

    @Test func renumberingFollowsTheFindingsToTheirNewPlaces() {
        var coupling = UnitCoupling(findings: [finding(requires: [0, 1])], unitCount: 2)
        coupling.renumberFindings { $0 + 3 }
        #expect(coupling.groups.map(\.finding) == [3])
    }

    /// Two models that reach one generic view (one of them blocked, so the analysis adds a
    /// finding and renumbers), two unblocked ones, and two that may reach an existential.
    static let coupledTrees = [
        RuleExamples.stripMarkers(ObservableConstraintMessageTests.blockedPartnerTree).0,
        """
        import SwiftUI
        struct PanelView<ViewModel: ObservableObject>: View {
            @ObservedObject var viewModel: ViewModel
            var body: some View { Text("panel") }
        }
        final class NavigatorModel: ObservableObject { @Published var tab = 0 }
        final class TaskModel: ObservableObject { @Published var status = "" }
        func navigator(model: NavigatorModel) -> some View { PanelView(viewModel: model) }
        func task(model: TaskModel) -> some View { PanelView(viewModel: model) }
        """,
        """
        import SwiftUI
        final class A: ObservableObject { @Published var value = 0 }
        final class B: ObservableObject { @Published var value = 0 }
        func show(_ model: any ObservableObject) {}
        """,
        // The blocker added for A sorts before the constraint's own finding, which moves.
        """
        import SwiftUI
        import Combine
        final class A: ObservableObject { @Published var value = 0 }
        final class B: ObservableObject {
            @Published var status = ""
            var bag = Set<AnyCancellable>()
            init() { $status.sink { print($0) }.store(in: &bag) }
        }
        func show(_ model: any ObservableObject) {}
        """,
    ]

    @Test("the rule behind every coupling words its blockers itself", arguments: coupledTrees + RuleExamples.all().map(\.code))
    func couplingRulesWordTheirBlockers(_ code: String) {
        for group in RuleExamples.analyze(code).coupling.groups {
            #expect(RuleCatalog.rule(withID: group.ruleID) is any CouplingRule.Type, "\(group.ruleID) couples units but is no CouplingRule")
        }
    }

    @Test(arguments: coupledTrees)
    func theAnalysisStoresTheCouplingOfItsFindings(_ code: String) {
        let analysis = RuleExamples.analyze(code)
        #expect(analysis.coupling.groups.map(\.units) == [[0, 1]])
        for group in analysis.coupling.groups {
            #expect(analysis.findings[group.finding].coupledUnits(of: analysis.units.count) == group.units)
        }
    }

    @Test func applyHoldsBackAUnitWhosePartnerIsNotWrittenWithTheRulesReason() throws {
        let analysis = RuleExamples.analyze(Self.coupledTrees[1])
        #expect(analysis.units.map(\.verdict) == [.needsUnsafeFixes, .needsUnsafeFixes])
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true, types: ["NavigatorModel"]))
        #expect(plan.appliedUnits.isEmpty)
        let navigator = try #require(analysis.units.first { $0.name == "NavigatorModel" })
        #expect(plan.skippedUnits.first { $0.unit == navigator.id }?.reason == ObservableConstraint.couplingHoldBackReason)
        let both = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true, types: ["NavigatorModel", "TaskModel"]))
        #expect(both.appliedUnits.sorted() == [0, 1])
    }
}
