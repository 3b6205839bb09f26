import SourceScan

/// `@ObservedObject var m: M` whose type uses `$m.x` bindings becomes `@Bindable var m: M`.
/// The existing converter drops the wrapper here and breaks the build.
struct ObservedObjectBinding: Rule {
    static let id = "observed-object-binding"

    func check(_ context: RuleContext) -> [Finding] {
        WrapperVariant.findings(of: Self.id, in: context)
    }
}
