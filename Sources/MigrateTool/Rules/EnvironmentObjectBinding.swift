import SourceScan

/// `@EnvironmentObject var m: M` with `$m.x` bindings: as `environment-object`, plus
/// `@Bindable var m = m` as the first statement of each body that uses `$m` (or `Bindable(m)`
/// inline where a statement cannot go).
struct EnvironmentObjectBinding: WrapperRule {
    static let id = "environment-object-binding"

    static func owns(_ use: WrapperUse, in context: RuleContext) -> Bool {
        use.kind == .environmentObject && !use.projections.isEmpty
    }
}
