import SourceScan

/// `@EnvironmentObject var m: M` with `$m.x` bindings: as `environment-object`, plus
/// `@Bindable var m = m` as the first statement of each body that uses `$m` (or `Bindable(m)`
/// inline where a statement cannot go).
struct EnvironmentObjectBinding: Rule {
    static let id = "environment-object-binding"

    func check(_ context: RuleContext) -> [Finding] {
        WrapperVariant.findings(of: Self.id, in: context)
    }
}
