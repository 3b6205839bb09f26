import SourceScan

/// `$x` used as a publisher inside the model (`$x.sink`, `.debounce`, `assign(to: &$y)`):
/// `@Observable` has no `$x`. Blocks the unit.
struct PublishedPublisher: Rule {
    static let id = "published-publisher"

    func check(_ context: RuleContext) -> [Finding] {
        ObservationUse.publisherSites(.publisherInModel, context).map { unit, site in
            let name = Self.propertyName(site)
            return ObservationUse.blocker(
                Self.id, site, unit: unit, message: "'$\(name)' is a Combine publisher; @Observable models have none",
                suggestion: "drive the work from 'didSet' on '\(name)' (or a subject sent from it), use "
                    + "withObservationTracking, or keep this class an ObservableObject", context)
        }
    }

    static func propertyName(_ site: Site) -> String {
        switch site.kind {
        case .projectedValue(let name), .memberPublisher(let name): return name
        default: return "?"
        }
    }
}
