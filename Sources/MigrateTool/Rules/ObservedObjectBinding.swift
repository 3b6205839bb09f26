import SourceScan

/// `@ObservedObject var m: M` whose type uses `$m.x` bindings becomes `@Bindable var m: M`.
/// The existing converter drops the wrapper here and breaks the build.
struct ObservedObjectBinding: WrapperRule {
    static let id = "observed-object-binding"

    static func owns(_ use: WrapperUse, in context: RuleContext) -> Bool {
        use.kind == .observedObject && !createsItsModel(use, in: context) && !use.projections.isEmpty
    }
}
