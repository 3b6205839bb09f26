import SourceScan

/// `model.objectWillChange.sink {…}` and other subscriptions: no publisher exists under
/// Observation. Blocks the unit. An `objectWillChange` whose model cannot be told blocks every
/// unit, since it may be any of them.
struct ObjectWillChangeSubscription: Rule {
    static let id = "object-will-change-subscription"

    func check(_ context: RuleContext) -> [Finding] {
        var findings = ObservationUse.objectWillChangeSites(.subscription, context).map { unit, site in
            ObservationUse.blocker(
                Self.id, site, unit: unit, message: "objectWillChange is subscribed to; Observation has no such publisher",
                suggestion: "re-arm withObservationTracking, or use Observations (iOS 26) to observe the model", context)
        }
        let all = context.units.units.map(\.id)
        for site in context.units.unresolvedObjectWillChange {
            let all = context.unitsVisible(from: site.file, among: all)
            guard !all.isEmpty else { continue }
            let file = context.files[site.file]
            let receiver = site.receiver.map { file.compactText($0) } ?? "self"
            findings.append(ObservationUse.blocker(
                Self.id, site, unit: all[0], message: "cannot tell which model '\(receiver).objectWillChange' belongs to",
                suggestion: "annotate '\(receiver)' with its type so the tool can tell", context, alsoUnits: Array(all.dropFirst())))
        }
        return findings
    }
}
