import SourceScan

/// `@ObservedObject var m = M()`: the view creates its model, which is `@State`'s job:
/// `@State private var m = M()`. Review: ownership and initialisation timing change.
struct ObservedObjectOwned: Rule {
    static let id = "observed-object-owned"

    func check(_ context: RuleContext) -> [Finding] {
        WrapperVariant.findings(of: Self.id, in: context)
    }
}
