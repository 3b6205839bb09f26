import SourceScan

/// `model.$x.sink`, `.debounce`, `.values` outside the model: the publisher disappears with
/// `@Published`, so `model.$x` reads the publisher bridge, `model.xPublisher`. Review; blocks
/// the unit where no bridge can be written (every unit with an `x`, when the receiver cannot be told).
struct ExternalPublisher: Rule {
    static let id = "external-publisher"
    /// `.$` finds a publisher used through a receiver whose type the file never names (`model.$query.sink`).
    static let relevanceKeywords = [".$"]

    func check(_ context: RuleContext) -> [Finding] {
        var findings = PublishedPublisher.bridgeFindings(Self.id, .externalPublisher, context) { site, bridge in
            let receiver = site.receiver.map { context.files[site.file].compactText($0) + "." } ?? ""
            guard bridge.mirroredFor != nil else {
                return "'\(receiver)$\(bridge.name)' becomes '\(receiver)\(bridge.publisherName)', the model's publisher bridge: it "
                    + "replays the current value and every set before the store, as '$\(bridge.name)' did"
            }
            return "'\(receiver)$\(bridge.name)' becomes '\(receiver)\(bridge.publisherName)', \(bridge.bridgeDescription)"
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
