import SourceScan

/// Other `objectWillChange.send()` calls, in or outside the model: there is no publisher to
/// send to under Observation. Blocks the unit.
struct ObjectWillChangeSend: Rule {
    static let id = "object-will-change-send"
    static let relevanceKeywords = ["objectWillChange"]

    func check(_ context: RuleContext) -> [Finding] {
        ObservationUse.objectWillChangeSites(.send, context).map { unit, site in
            ObservationUse.blocker(
                Self.id, site, unit: unit, message: "objectWillChange.send() has no Observation twin",
                suggestion: "make the changing storage a tracked property, or wrap the change in "
                    + "withMutation(keyPath:) on a tracked property", context)
        }
    }
}
