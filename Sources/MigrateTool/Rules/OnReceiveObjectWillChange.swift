import SourceScan

/// `.onReceive(model.objectWillChange)`: usually there to force a refresh that body tracking now
/// does by itself; deciding that needs a person. Blocks the unit.
struct OnReceiveObjectWillChange: Rule {
    static let id = "on-receive-object-will-change"
    static let relevanceKeywords = ["onReceive"]

    func check(_ context: RuleContext) -> [Finding] {
        ObservationUse.objectWillChangeSites(.onReceiveObjectWillChange, context).map { unit, site in
            ObservationUse.blocker(
                Self.id, site, unit: unit, message: ".onReceive(…objectWillChange) has no publisher to receive from",
                suggestion: "usually delete it: body tracking refreshes the view; otherwise use .onChange(of:) on the "
                    + "properties it cares about", context)
        }
    }
}
