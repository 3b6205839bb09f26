import SourceScan

/// A model that declares its own `objectWillChange` (to coalesce or forward notifications):
/// intentional design that needs a person. Blocks the unit.
struct CustomObjectWillChange: Rule {
    static let id = "custom-object-will-change"

    func check(_ context: RuleContext) -> [Finding] {
        ObservationUse.objectWillChangeSites(.declaration, context).map { unit, site in
            ObservationUse.blocker(
                Self.id, site, unit: unit, message: "the model declares its own objectWillChange, which Observation cannot keep",
                suggestion: "decide by hand: per-property tracking usually replaces the coalescing this publisher did", context)
        }
    }
}
