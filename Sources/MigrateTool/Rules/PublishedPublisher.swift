import SourceScan

/// `$x` used as a publisher inside the model (`$x.sink`, `.debounce`, `combineLatest`):
/// `@Observable` has no `$x`, so the publisher bridge replaces it (`xPublisher`, a subject fed
/// from `x`'s `willSet`). Review; blocks the unit where no bridge can be written.
struct PublishedPublisher: Rule {
    static let id = "published-publisher"

    func check(_ context: RuleContext) -> [Finding] {
        Self.bridgeFindings(Self.id, .publisherInModel, context) { site, bridge in
            "'$\(bridge.name)' becomes '\(bridge.publisherName)', \(bridge.bridgeDescription)"
        }
    }

    static func propertyName(_ site: Site) -> String { PublisherBridge.propertyName(site) ?? "?" }

    /// The findings of one kind of publisher site: review with the bridge's edits, or a blocker
    /// saying why the property has no bridge. Shared with `external-publisher`.
    static func bridgeFindings(_ ruleID: String, _ use: ObservationUse, _ context: RuleContext,
                               message: (Site, PublisherBridge) -> String) -> [Finding] {
        // Each unit's sites are classified once, and each property's bridge planned once.
        var bridgedSites: [Int: [Site]] = [:]
        var plans: [String: Result<PublisherBridge, PublisherBridge.Refusal>] = [:]
        let sitesToBridge = ObservationUse.publisherSites(use, context)
        let spelled = sitesToBridge.isEmpty ? [] : PublisherBridge.spelledPublisherTypes(context)
        let genericParameters = spelled.isEmpty ? [] : PublisherBridge.genericParameterNames(context)
        return sitesToBridge.map { unit, site in
            let name = propertyName(site)
            let key = "\(unit)/\(name)"
            let sites = bridgedSites[unit] ?? PublisherBridge.bridgedSites(context.units.units[unit], context)
            bridgedSites[unit] = sites
            let plan = plans[key] ?? PublisherBridge.plan(name, unit: context.units.units[unit], among: sites, spelled: spelled,
                                                                genericParameters: genericParameters, context)
            plans[key] = plan
            switch plan {
            case .success(let bridge):
                let file = context.files[site.file]
                let assigns = PublisherBridge.isAssignment(site, context)
                let assignments = PublisherBridge.assignmentsName(bridge.stem)
                return Finding(ruleID: ruleID, fixClass: .review, file: site.file, offset: Int(file.tokens[site.token].start),
                               message: assigns ? "'assign(to: &$\(name))' becomes a sink assigning '\(name)', its token kept in "
                                   + "'\(assignments)' for the model's lifetime, as assign(to:) kept its subscription" : message(site, bridge),
                               suggestion: assigns ? "sink { [weak self] value in self?.\(name) = value }" : bridge.publisherName,
                               edits: bridge.edits(at: site, context), unit: unit)
            case .failure(let refusal):
                let (message, suggestion) = wording(refusal, name: name, context)
                return ObservationUse.blocker(ruleID, site, unit: unit, message: message, suggestion: suggestion, context)
            }
        }
    }

    /// What a blocked publisher site is told, and what to write instead.
    static func wording(_ refusal: PublisherBridge.Refusal, name: String, _ context: RuleContext) -> (String, String) {
        let needs = "'$\(name)' needs a publisher bridge once @Observable removes it, but"
        switch refusal {
        case .assignedInto:
            return ("'$\(name)' gets no publisher bridge: code outside the model passes it inout ('assign(to: &m.$\(name))'), "
                        + "and only the model's own 'assign(to: &$\(name))' can become a sink",
                    "assign in a sink instead (`.sink { [weak model] in model?.\(name) = $0 }`, keeping its token)")
        case .variants(let places):
            return ("\(needs) the class declaring '\(name)' is declared as variants (\(places)), and the bridge would be declared in one of them only",
                    "bridge '$\(name)' by hand in each variant, or observe '\(name)' with withObservationTracking")
        case .nameTaken(let taken):
            return ("\(needs) the model already has a member '\(taken)'", "rename '\(taken)', or write the bridge by hand")
        case .severalBindings:
            return ("\(needs) '\(name)' shares its declaration or its line with other properties (or its class's braces)",
                    "declare '\(name)' on a line of its own")
        case .earlyReturnInWillSet:
            return ("\(needs) the willSet of '\(name)' can return early, so a send added at its end might not run",
                    "send the new value to a subject at the start of willSet by hand")
        case .keyPath:
            return ("'$\(name)' is named in a key path, whose value type changes with a publisher bridge",
                    "name the property ('\\.\(name)') and observe it with withObservationTracking, or keep this class an ObservableObject")
        case .spelledPublisherType(let spelled):
            return ("'$\(name)' would become '\(name)Publisher', an AnyPublisher, but \(spelled) is spelled out where such a "
                        + "publisher may be handed or returned, and that type would no longer fit; a @Published mirror, which "
                        + "keeps it, needs '\(name)' to start from a literal or a case, and each initializer setting it to do so "
                        + "before anything but other assignments, from such a value or a parameter, in a class whose superclass is read",
                    "start '\(name)' from such a value (or a parameter, first thing in init), or spell the type AnyPublisher<Value, Never> "
                        + "and erase the publisher (.eraseToAnyPublisher()), then run again; or keep this class an ObservableObject")
        case .notPublished:
            return ("'$\(name)' is a Combine publisher; @Observable models have none",
                    "drive the work from 'didSet' on '\(name)' (or a subject sent from it), use "
                        + "withObservationTracking, or keep this class an ObservableObject")
        }
    }
}
