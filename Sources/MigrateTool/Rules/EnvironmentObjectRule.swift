import SourceScan

/// `@EnvironmentObject var m: M` becomes `@Environment(M.self) var m`, access level kept.
struct EnvironmentObjectRule: Rule {
    static let id = "environment-object"

    func check(_ context: RuleContext) -> [Finding] {
        WrapperVariant.findings(of: Self.id, in: context)
    }
}
