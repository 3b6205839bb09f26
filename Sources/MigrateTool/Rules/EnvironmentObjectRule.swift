import SourceScan

/// `@EnvironmentObject var m: M` becomes `@Environment(M.self) var m`, access level kept.
struct EnvironmentObjectRule: WrapperRule {
    static let id = "environment-object"
    static let relevanceKeywords = ["EnvironmentObject"]

    static func owns(_ use: WrapperUse, in context: RuleContext) -> Bool {
        use.kind == .environmentObject && use.projections.isEmpty
    }
}
