import SourceScan

/// `@ObservedObject var m: M` with no `$m` in the enclosing type becomes `var m: M`: Observation
/// tracks what `body` reads through any reference.
struct ObservedObjectRule: WrapperRule {
    static let id = "observed-object"

    static func owns(_ use: WrapperUse, in context: RuleContext) -> Bool {
        use.kind == .observedObject && !createsItsModel(use, in: context) && use.projections.isEmpty
    }
}
