import SourceScan

/// `model.$x.sink`, `.assign`, `.debounce` outside the model: the publisher disappears with
/// `@Published`. Blocks the unit (every unit with an `x`, when the receiver cannot be told).
struct ExternalPublisher: Rule {
    static let id = "external-publisher"
    /// `.$` finds a publisher used through a receiver whose type the file never names (`model.$query.sink`).
    static let relevanceKeywords = [".$"]

    func check(_ context: RuleContext) -> [Finding] {
        var findings = ObservationUse.publisherSites(.externalPublisher, context).map { unit, site in
            let name = PublishedPublisher.propertyName(site)
            return ObservationUse.blocker(
                Self.id, site, unit: unit, message: "'$\(name)' is used as a Combine publisher outside the model",
                suggestion: "observe '\(name)' with withObservationTracking or Observations (iOS 26)", context)
        }
        for (site, candidates) in context.units.unresolvedPublishers {
            let units = context.unitsVisible(from: site.file, among: candidates)
            guard !units.isEmpty else { continue }
            let name = PublishedPublisher.propertyName(site)
            let file = context.files[site.file]
            let receiver = site.receiver.map { file.compactText($0) } ?? "?"
            findings.append(ObservationUse.blocker(
                Self.id, site, unit: units[0], message: "cannot tell the type of '\(receiver)' in '\(receiver).$\(name)'; "
                    + "it may be a model with a property '\(name)'",
                suggestion: "annotate '\(receiver)' with its type so the tool can tell", context, alsoUnits: Array(units.dropFirst())))
        }
        return findings
    }
}
