import SourceScan

/// `@ObservedObject var m = M()`: the view creates its model, which is `@State`'s job:
/// `@State private var m = M()`. Review: ownership and initialisation timing change.
struct ObservedObjectOwned: WrapperRule {
    static let id = "observed-object-owned"

    static func owns(_ use: WrapperUse, in context: RuleContext) -> Bool {
        use.kind == .observedObject && createsItsModel(use, in: context)
    }
}
