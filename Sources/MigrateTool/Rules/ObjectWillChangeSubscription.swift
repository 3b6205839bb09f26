import SourceScan

/// `model.objectWillChange.sink {…}` and other subscriptions: no publisher exists under
/// Observation. An observer's pipeline gets a publisher built on `withObservationTracking`
/// (`ObserverBridge`, review) when it can hear every change the old one did; otherwise it blocks
/// the unit. A relay (`ObjectWillChangeRelay`): a model passing a
/// model it holds on as its own change, which Observation makes unnecessary; the relay goes
/// (review) with the held model's unit, which may migrate alone, while the holder migrates only
/// with it. An `objectWillChange` whose model cannot be told blocks every unit, since it may be
/// any of them.
struct ObjectWillChangeSubscription: CouplingRule {
    static let id = "object-will-change-subscription"

    func check(_ context: RuleContext) -> [Finding] {
        let relays = ObjectWillChangeRelay.all(context)
        let relaysBySubscription = Dictionary(relays.filter { $0.helper == nil }.map { ([$0.subscription.file, $0.subscription.token], $0) },
                                              uniquingKeysWith: { first, _ in first })
        // `.subscribe(objectWillChange)`, `.sink(receiveValue: objectWillChange.send)`: the holder's
        // own publisher inside a relay goes with the relay's statement.
        let relaySends = Set(relays.map { [$0.subscription.file, $0.sendToken] })
        // What a listener query leaves out (relay sends and subscriptions), built once for every relay.
        let listenerTargets = ObservationUse.relayTargets(relays)
        // Relays set up by an initializer from a publisher its callers pass take their sites whole.
        let initializerRelays = context.initializerRelays
        let initializerRelaySites = Set(initializerRelays.flatMap(\.ownSites))
        var findings = ObservationUse.objectWillChangeSites(.subscription, context).compactMap { unit, site -> Finding? in
            if let relay = relaysBySubscription[[site.file, site.token]] {
                return Self.relayFinding(relay, unit: unit, relays: relays, listenerTargets: listenerTargets, context)
            }
            if relaySends.contains([site.file, site.token]) || initializerRelaySites.contains([site.file, site.token]) { return nil }
            switch ObserverBridge.plan(site, unit: context.units.units[unit], relays: relays, context) {
            case .success(let bridge):
                return Self.bridgeFinding(bridge, site: site, unit: unit, context)
            case .failure(let refusal):
                return ObservationUse.blocker(
                    Self.id, site, unit: unit,
                    message: "objectWillChange is subscribed to; Observation has no such publisher, and no bridge fits: \(refusal.reason)",
                    suggestion: "re-arm withObservationTracking, or use Observations (iOS 26) to observe the model", context)
            }
        }
        // A property relay's `$x` is a publisher site of the child's unit, which this rule takes.
        findings += relays.filter { $0.property != nil }.map {
            Self.relayFinding($0, unit: $0.sourceUnit ?? $0.relayingUnit, relays: relays, listenerTargets: listenerTargets, context)
        }
        // A helper's subscription is no site of any unit (its receiver is any model): each call is.
        findings += relays.filter { $0.helper != nil }.map {
            Self.relayFinding($0, unit: $0.sourceUnit ?? $0.relayingUnit, relays: relays, listenerTargets: listenerTargets, context)
        }
        findings += ObjectWillChangeRelay.tidyUps(relays, context, ruleID: Self.id)
        findings += initializerRelays.map { Self.initializerRelayFinding($0, context) }
        let everyUnit = context.units.units.map(\.id)
        let helperSubscriptions = Set(relays.filter { $0.helper != nil }.map { [$0.subscription.file, $0.subscription.token] })
        for site in context.units.unresolvedObjectWillChange where !helperSubscriptions.contains([site.file, site.token]) {
            let (all, wrapper, traced) = Self.unitsMeeting(unresolved: site, everyUnit: everyUnit, context)
            guard !all.isEmpty else { continue }
            let file = context.files[site.file]
            let receiver = site.receiver.map { file.compactText($0) } ?? "self"
            if let wrapper = wrapper {
                let models = all.map { context.units.units[$0].name }.joined(separator: ", ")
                findings.append(ObservationUse.blocker(
                    Self.id, site, unit: all[0],
                    message: "@\(wrapper)'s _enclosingInstance subscript announces changes through '\(receiver).objectWillChange', "
                        + "the publisher of the class applying it (\(models)); an @Observable class has none",
                    suggestion: "give the wrapped properties a stored or computed replacement that calls access(keyPath:) and "
                        + "withMutation(keyPath:), then drop the wrapper", context, alsoUnits: Array(all.dropFirst())))
                continue
            }
            // The generic code's coupling, read once for both messages below.
            let coupling = Self.coupling(of: site, context)
            if traced {
                // Public code may also be handed the public models by code outside the tree.
                let outside = Set(coupling?.onlyFromOutside ?? [])
                func names(_ units: [Int]) -> String { units.map { context.units.units[$0].name }.joined(separator: ", ") }
                let passed = all.filter { !outside.contains($0) }, publicOnes = all.filter(outside.contains)
                let models = (passed.isEmpty ? "" : "the models that reach it (\(names(passed)))")
                    + (passed.isEmpty || publicOnes.isEmpty ? "" : ", and of ")
                    + (publicOnes.isEmpty ? "" : "the public models code outside the tree may pass it (\(names(publicOnes)))")
                findings.append(ObservationUse.blocker(
                    Self.id, site, unit: all[0],
                    message: "'\(receiver).objectWillChange' in generic code is the publisher of \(models); "
                        + "an @Observable class has none",
                    suggestion: "observe those models with withObservationTracking, then drop the generic code", context,
                    alsoUnits: Array(all.dropFirst())))
                continue
            }
            if let coupling, case .everyUnit(let untraced) = coupling.reach {
                // A generic parameter's value the tool cannot follow: say why, not "annotate it".
                let code = coupling.key != nil ? " (\(ObservableConstraint.text(coupling.subject)))" : ""
                findings.append(ObservationUse.blocker(
                    Self.id, site, unit: all[0],
                    message: "'\(receiver).objectWillChange' in generic code\(code) may be the publisher of any model that can meet it: "
                        + ObservableConstraint.describe(untraced, context),
                    suggestion: "give the generic code a concrete model type, or observe the models with withObservationTracking",
                    context, alsoUnits: Array(all.dropFirst())))
                continue
            }
            findings.append(ObservationUse.blocker(
                Self.id, site, unit: all[0], message: "cannot tell which model '\(receiver).objectWillChange' belongs to",
                suggestion: "annotate '\(receiver)' with its type so the tool can tell", context, alsoUnits: Array(all.dropFirst())))
        }
        return findings
    }

    /// The units whose models an `objectWillChange` of no known model may be the publisher of,
    /// with the wrapper whose `_enclosingInstance` subscript holds it, or whether the tool
    /// followed every use of the generic code holding it. A generic parameter's value
    /// (`t.objectWillChange` in `func watch<T: ObservableObject>`) may be any model a module
    /// using this code can pass, not only one this file can name: the constraint would change
    /// with them and leave the subscription behind.
    static func unitsMeeting(unresolved site: Site, everyUnit: [Int], _ context: RuleContext)
        -> (units: [Int], wrapper: String?, traced: Bool) {
        if let (declaring, name) = EnclosingInstanceReach.units(reaching: site, context) {
            // A wrapper's `_enclosingInstance` subscript meets only the classes applying the wrapper.
            return (declaring, name, false)
        }
        if let reaching = Self.tracedReach(of: site, context) {
            // Generic code constrained to `ObservableObject` whose uses the tool followed
            // (`func attach<T: ObservableObject>(to another: T)`, `extension ObservableObject
            // { func pulse() { objectWillChange.send() } }`): the models that reach it, none
            // when nothing uses it.
            return (reaching, nil, true)
        }
        if case .genericParameter(_, let constraints) = site.type {
            // Bounded by a model protocol of the tree (`T: SecretStore`): that protocol's unit.
            let scope = site.ownerID ?? DeclarationID(file: site.file, declaration: -1)
            return (MigrationUnits.boundingUnit(constraints: constraints, from: scope, types: context.types, unitOf: context.units.unitOf)
                .map { [$0] } ?? context.unitsMeeting(file: site.file), nil, false)
        }
        return (context.unitsVisible(from: site.file, among: everyUnit), nil, false)
    }

    /// The units that reach the generic code holding an `objectWillChange` of no known model,
    /// when the tool followed every use of it: a generic parameter's value (`another` of type
    /// `T`), or `self` in an extension of `ObservableObject`. Nil when the site is neither, or
    /// any model may reach it.
    static func tracedReach(of site: Site, _ context: RuleContext) -> [Int]? {
        guard case .units(let reaching, _) = coupling(of: site, context)?.reach else { return nil }
        return reaching
    }

    /// The coupling of the generic code holding an `objectWillChange` of no known model: its
    /// generic parameter's, or that of the extension of `ObservableObject` it is in (on `self`).
    static func coupling(of site: Site, _ context: RuleContext) -> GenericCoupling? {
        let units = context.units
        let file = context.files[site.file]
        var key: (declaration: DeclarationID, parameter: String)?
        var protocolExtension: DeclarationID?
        var current = site.owner
        while let position = current {
            let declaration = file.declarations[position]
            if key == nil, case .genericParameter(let name, _) = site.type, declaration.genericParameters.contains(where: { $0.name == name }) {
                key = (DeclarationID(file: site.file, declaration: position), name)
            }
            if declaration.parent == nil, declaration.kind == .extension { protocolExtension = DeclarationID(file: site.file, declaration: position) }
            current = declaration.parent
        }
        let isSelf = site.receiver.map { file.compactText($0) == "self" } ?? true
        return units.constraintCouplings.first(where: { coupling in
            if let key { return coupling.key?.declaration == key.declaration && coupling.key?.parameter == key.parameter }
            return isSelf && protocolExtension != nil && coupling.subject.protocolExtension == protocolExtension
        })
    }

    /// The observer's publisher bridged to Observation, in the observed model's unit: the observer
    /// itself may stay legacy, since its pipeline is unchanged.
    private static func bridgeFinding(_ bridge: ObserverBridge, site: Site, unit: Int, _ context: RuleContext) -> Finding {
        let file = context.files[site.file]
        let model = context.units.units[unit].name
        let read = bridge.properties.isEmpty ? "none of its properties (it publishes none)" : bridge.properties.joined(separator: ", ")
        return Finding(
            ruleID: id, fixClass: .review, file: site.file, offset: Int(file.tokens[site.token].start),
            message: "'\(bridge.sourceText).objectWillChange' becomes \(ObserverBridge.functionName)(of: \(bridge.sourceText)), which re-arms "
                + "withObservationTracking on what \(model) published (\(read)) and emits before each change as objectWillChange did, "
                + "except for a set of an equal value; its fileprivate helper goes once at the end of the file",
            suggestion: nil, edits: bridge.edits, unit: unit)
    }

    /// The relay's removal, in the source model's unit, which the relaying model's unit needs.
    /// `listenerTargets`: `ObservationUse.relayTargets(relays)`, built once for every relay.
    private static func relayFinding(_ relay: ObjectWillChangeRelay, unit: Int, relays: [ObjectWillChangeRelay],
                                     listenerTargets: Set<[Int]>, _ context: RuleContext) -> Finding {
        let site = relay.subscription
        let file = context.files[relay.file]
        let source = context.declaration(relay.sourceType).name
        let holder = context.declaration(relay.relayingClass).name
        let token = relay.helper == nil ? site.token : relay.statement.lowerBound
        if let listener = ObservationUse.listener(toObjectWillChangeOf: relay.relayingClass, relays: relays,
                                                                targets: listenerTargets, context) {
            // Views track the held model by themselves; a subscriber to the holder's publisher does not.
            return Finding(ruleID: id, fixClass: .manual, isBlocker: true, file: relay.file, offset: Int(file.tokens[token].start),
                           message: "\(relay.relayedPublisher) is relayed as \(holder)'s, whose objectWillChange is "
                               + "listened to (\(context.place(file: listener.file, token: listener.token))); without the "
                               + "relay that listener would no longer hear \(source)'s changes",
                           suggestion: "observe \(source) where \(holder)'s objectWillChange is listened to, then let the relay go",
                           unit: unit)
        }
        let relayed = relay.helper.map { "\(context.declaration($0).name)(…) of '\(relay.sourceName)'" } ?? relay.relayedPublisher
        return Finding(
            ruleID: id, fixClass: .review, file: relay.file, offset: Int(file.tokens[token].start),
            message: "\(relayed) only relays \(source)'s changes as \(holder)'s; under Observation "
                + "a view reading \(holder) tracks the \(source) state it reads, so the relay goes, and views that read "
                + "nothing of '\(relay.sourceName)' no longer re-render with it"
                + relay.fresherViews(context).map { "; " + $0 }.joined(),
            suggestion: nil, edits: relay.removal(context), unit: unit,
            // One way: the child can go alone (a legacy holder's views track an @Observable
            // child by reading it), the holder cannot (its views would read a legacy child).
            requiredByUnits: relay.relayingUnit == unit ? [] : [relay.relayingUnit])
    }

    /// The initializer relay's removal: the statement, the parameter and every argument passing a
    /// publisher, in one group with the holder's unit and every model's passed.
    private static func initializerRelayFinding(_ relay: InitializerRelay, _ context: RuleContext) -> Finding {
        let file = context.files[relay.initializer.file]
        let holder = context.declaration(relay.holder).name
        let models = relay.units.filter { $0 != relay.holderUnit }.map { context.units.units[$0].name }
        let calls = relay.calls.count == 1 ? "the call passing one" : "the \(relay.calls.count) calls passing one"
        return Finding(
            ruleID: id, fixClass: .review, file: relay.initializer.file, offset: Int(file.tokens[relay.statement.lowerBound].start),
            message: "\(holder)'s initializer relays the objectWillChange passed as '\(relay.label)' as its own, from models it keeps "
                + "(\(models.joined(separator: ", "))); under Observation a view reading \(holder) tracks the state it reads of them, "
                + "so the relay, the parameter and its argument in \(calls) go, and views that read nothing of those models no "
                + "longer re-render with them; \(holder) and the models are written in one run",
            suggestion: nil, edits: relay.edits(context), unit: relay.holderUnit, requiresUnits: relay.units)
    }

    static func couplingBlocker(_ coupling: Finding, unit: UnitSummary, blockedPartner: UnitSummary) -> Finding {
        if coupling.requiresUnits != nil {
            // An initializer relay: the holder and the models it is passed go together.
            return Finding(ruleID: id, fixClass: .manual, isBlocker: true, file: coupling.file, offset: coupling.offset,
                           message: "'\(unit.name)' changes in one run with '\(blockedPartner.name)', which is blocked: an initializer "
                               + "relays the objectWillChange it is passed, and the relay, its parameter and the arguments passing "
                               + "one go together",
                           suggestion: "unblock '\(blockedPartner.name)'; both can stay ObservableObjects meanwhile", unit: unit.id)
        }
        return Finding(ruleID: id, fixClass: .manual, isBlocker: true, file: coupling.file, offset: coupling.offset,
                message: "'\(unit.name)' relays the objectWillChange of '\(blockedPartner.name)', which is blocked; once "
                    + "'\(unit.name)' is @Observable its views read '\(blockedPartner.name)' through it and see its changes only "
                    + "if it is @Observable too",
                suggestion: "unblock '\(blockedPartner.name)'; '\(unit.name)' can stay an ObservableObject meanwhile", unit: unit.id)
    }

    static let couplingHoldBackReason =
        "a model whose objectWillChange it relays, or its holder, is not written in this run (its views would read a legacy model "
            + "through it, or an initializer would lose a parameter its callers pass)"
}
