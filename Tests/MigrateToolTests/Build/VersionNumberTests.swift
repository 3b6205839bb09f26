import Testing
@testable import MigrateTool

/// Deployment versions compare component by component as whole numbers, however long.
@Suite struct VersionNumberTests {
    @Test(arguments: [
        ("16.0", "17", true), ("9", "17", true), ("17", "17.0", false), ("17.0.1", "17", false), ("16.4.1", "17", true),
        ("99999999999999999999", "17", false), ("17", "99999999999999999999", true), ("016", "17", true), ("x", "1", true),
    ])
    func precedes(_ case: (left: String, right: String, precedes: Bool)) {
        #expect(VersionNumber.precedes(`case`.left, `case`.right) == `case`.precedes)
    }

    @Test func aVersionTooLargeForAnIntAllowsObservation() {
        #expect(DeploymentTargetRule.allowsObservation(platform: "iOS", version: "99999999999999999999"))
    }
}
