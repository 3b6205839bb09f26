import SourceScan

/// `T: ObservableObject` in generic code, `where` clauses, `some`/`any ObservableObject`.
///
/// A constraint becomes `AnyObject & Observable` only together with the models that reach it:
/// the types bound to its parameter at every construction or call in the tree (and through
/// other constrained parameters passed to it). Those units migrate together or not at all. When
/// a use cannot be followed, or the code may be used from outside the tree, or the type is an
/// existential, any model may reach it, and it changes only when every unit of the tree does.
struct ObservableConstraint: CouplingRule {
    static let id = "observable-constraint"

    func check(_ context: RuleContext) -> [Finding] {
        let units = context.units
        guard !units.constraints.isEmpty || !units.genericWrappers.isEmpty else { return [] }
        let helpers = Self.relayHelpers(context)
        var findings: [Finding] = []
        for (site, coupling) in zip(units.constraints, units.constraintCouplings) where !helpers.holds(site) {
            let file = context.files[site.file]
            let offset = Int(file.tokens[site.token].start)
            let edits: [FileEdit]
            if let extensionID = coupling.subject.protocolExtension {
                // An extension whose members nothing in the tree uses stays as written, silently.
                if case .units([], let foreign) = coupling.reach, foreign.isEmpty { continue }
                edits = Self.protocolExtensionRewrite(extensionID, context)
            } else {
                edits = [FileEdit(file: site.file, edit: EditBuilder(file: file).replace(site.token..<(site.token + 1), with: "AnyObject & Observable"))]
            }
            switch coupling.reach {
            case .everyUnit(let untraced):
                // Any model may reach it, but only models whose module can meet this code do.
                let meeting = context.unitsMeeting(file: site.file)
                if meeting.isEmpty { continue }  // No model of the tree can reach it: it stays as it is.
                let everyUnit = meeting.count == units.units.count
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .review, file: site.file, offset: offset,
                    message: "generic code constrained to ObservableObject must change with every model of the tree"
                        + (everyUnit ? "" : " that can meet it (\(Self.list(meeting.map { units.units[$0].name })))")
                        + ", since any of them may reach it: \(Self.describe(untraced, context))",
                    suggestion: Self.rewriteText(coupling.subject), edits: edits, requiresEveryUnit: everyUnit,
                    requiresUnits: everyUnit ? nil : meeting))
            case .units(let reached, let foreign) where !foreign.isEmpty:
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .manual, isNote: true, file: site.file, offset: offset,
                    message: "\(Self.text(coupling.subject)) stays constrained to ObservableObject: \(Self.whyItStays(foreign))"
                        + (reached.isEmpty ? "" : "; \(Self.list(reached.map { units.units[$0].name })) "
                            + (reached.count == 1 ? "reaches it too and stays blocked" : "reach it too and stay blocked"))))
            case .units(let reached, _) where reached.isEmpty:
                // Nothing needs it to change, and its body or a library's models may need it as it is.
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .manual, isNote: true, file: site.file, offset: offset,
                    message: "\(Self.text(coupling.subject)) stays constrained to ObservableObject: no model of the tree reaches it"))
            case .units(let reached, _):
                let who = "\(Self.list(reached.map { units.units[$0].name })) \(reached.count == 1 ? "reaches" : "reach") it"
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .review, file: site.file, offset: offset,
                    message: "generic code constrained to ObservableObject (\(Self.text(coupling.subject))) changes together with "
                        + "the models that reach it: \(who)",
                    suggestion: Self.rewriteText(coupling.subject), edits: edits, requiresUnits: reached))
            }
        }
        // Wrappers over a constrained generic parameter change with the constraint.
        for (site, coupling) in zip(units.genericWrappers, units.genericWrapperCouplings) {
            guard let variableID = site.ownerID, case .wrapper(let kind) = site.kind else { continue }
            var requiresUnits: [Int]?
            switch coupling.reach {
            case .everyUnit:
                let meeting = context.unitsMeeting(file: site.file)
                if meeting.isEmpty { continue }
                requiresUnits = meeting.count == units.units.count ? nil : meeting
            case .units(_, let foreign) where !foreign.isEmpty: continue  // The constraint stays, and the wrapper with it.
            case .units(let reached, _) where reached.isEmpty: continue  // Nothing reaches it: both stay.
            case .units(let reached, _): requiresUnits = reached
            }
            let variable = context.declaration(variableID)
            let file = context.files[site.file]
            let builder = EditBuilder(file: file)
            guard let attribute = variable.attributes.first(where: { $0.baseName == kind.rawValue }) else { continue }
            let usesBinding = WrapperRewrite.hasMemberProjection(of: variable, in: context)
            let replacement: String
            switch kind {
            case .stateObject: replacement = "@State"
            case .observedObject: replacement = usesBinding ? "@Bindable" : ""
            case .environmentObject: replacement = ""
            }
            guard kind != .environmentObject else { continue }  // Needs the type in the attribute: left to the user.
            let edit = replacement.isEmpty ? builder.remove(attribute.tokens) : builder.replace(attribute.tokens, with: replacement)
            findings.append(Finding(
                ruleID: Self.id, fixClass: .review, file: site.file, offset: Int(file.tokens[site.token].start),
                message: "@\(kind.rawValue) over a generic parameter changes with its ObservableObject constraint",
                suggestion: replacement.isEmpty ? "var \(variable.name)" : "\(replacement) var \(variable.name)",
                edits: [FileEdit(file: site.file, edit: edit)], requiresEveryUnit: requiresUnits == nil, requiresUnits: requiresUnits))
        }
        findings += unitFindings(context, skipping: helpers)
        return findings
    }

    /// The private functions that only relay the `objectWillChange` of the model passed to them
    /// (`ObjectWillChangeRelay+Helpers.swift`): their constraint couples nothing, since they go
    /// once every call is gone, and each call goes with the model it passes.
    private static func relayHelpers(_ context: RuleContext) -> RelayHelpers {
        RelayHelpers(functions: Set(ObjectWillChangeRelay.helperRelays(context).compactMap(\.helper)), context: context)
    }

    /// Which constraint sites sit in a relay helper's signature.
    private struct RelayHelpers {
        let functions: Set<DeclarationID>
        let context: RuleContext

        func holds(_ site: Site) -> Bool {
            functions.contains { $0.file == site.file && context.declaration($0).tokens.contains(site.token) }
        }
    }

    /// What each unit is told: which generic code it reaches (or may reach), and, when that
    /// code must stay `ObservableObject` for a type that is not migrated, that it is blocked.
    private func unitFindings(_ context: RuleContext, skipping helpers: RelayHelpers) -> [Finding] {
        let units = context.units
        var findings: [Finding] = []
        func anchor(_ unit: MigrationUnit) -> (file: Int, offset: Int)? {
            guard let id = unit.declarations.first else { return nil }
            return (id.file, Int(context.files[id.file].tokens[context.declaration(id).keyword].start))
        }
        // Constraints any model may reach: every unit hears of them, once.
        let open = zip(units.constraints, units.constraintCouplings).filter {
            if helpers.holds($0.0) { return false }
            if case .everyUnit = $0.1.reach { return true }
            return false
        }
        if let first = open.first {
            let place = context.pathAndLine(file: first.0.file, token: first.0.token)
            let meeting = Set(open.flatMap { context.unitsMeeting(file: $0.0.file) })
            for unit in units.units where meeting.contains(unit.id) {
                guard let (file, offset) = anchor(unit) else { continue }
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .review, file: file, offset: offset,
                    message: "\(open.count) generic constraint(s) on ObservableObject that any model may reach (first at \(place)) "
                        + "may receive '\(unit.name)'; check those call sites when it migrates",
                    unit: unit.id))
            }
        }
        // Constraints with a known set of models: those units, once per generic parameter.
        var seen = Set<GenericKey>()
        for (site, coupling) in zip(units.constraints, units.constraintCouplings) where !helpers.holds(site) {
            // An extension of ObservableObject is its own site; a generic parameter may have several.
            guard case .units(let reached, let foreign) = coupling.reach,
                  coupling.subject.protocolExtension != nil || coupling.key.map({ seen.insert($0).inserted }) == true else { continue }
            let place = context.pathAndLine(file: site.file, token: site.token)
            for unitID in reached {
                let unit = units.units[unitID]
                guard let (file, offset) = anchor(unit) else { continue }
                let others = reached.filter { $0 != unitID }.map { units.units[$0].name }
                if !foreign.isEmpty {
                    let reaches = coupling.onlyFromOutside.contains(unitID)
                        ? "is public, so code outside the tree may pass it to" : "reaches"
                    findings.append(Finding(
                        ruleID: Self.id, fixClass: .manual, isBlocker: true, file: file, offset: offset,
                        message: "'\(unit.name)' \(reaches) \(Self.text(coupling.subject)) (\(place)), which must stay constrained to "
                            + "ObservableObject because \(Self.whyItStays(foreign, toAModelReachingIt: true))",
                        suggestion: coupling.onlyFromOutside.contains(unitID)
                            ? "migrate '\(unit.name)' by hand once no code outside the tree passes it there"
                            : Self.staysSuggestion(coupling.subject, unit: unit.name, foreign: foreign),
                        unit: unitID))
                } else {
                    findings.append(Finding(
                        ruleID: Self.id, fixClass: .review, file: file, offset: offset,
                        message: "'\(unit.name)' reaches \(Self.text(coupling.subject)) (\(place)), whose ObservableObject constraint "
                            + "changes with it" + (others.isEmpty ? "" : " and with \(Self.list(others)), which reach it too; "
                                + "they migrate together or not at all") + "; check those call sites when it migrates",
                        unit: unitID))
                }
            }
        }
        return findings
    }

    /// The constraint changes only with every model that reaches it (every unit, when that
    /// cannot be narrowed): a unit that reaches it is blocked when another one is.
    static func couplingBlocker(_ coupling: Finding, unit: UnitSummary, blockedPartner: UnitSummary) -> Finding {
        let message = coupling.requiresEveryUnit
            ? "generic code constrained to ObservableObject must change together with every model, and "
                + "'\(blockedPartner.name)' is blocked; '\(unit.name)' may reach this code"
            : "generic code constrained to ObservableObject must change together with the models that reach it, "
                + "and '\(blockedPartner.name)', which reaches it too, is blocked; '\(unit.name)' reaches this code"
        return Finding(ruleID: id, fixClass: .manual, isBlocker: true, file: coupling.file, offset: coupling.offset, message: message,
                       suggestion: "unblock '\(blockedPartner.name)', or make this generic code take a concrete type", unit: unit.id)
    }

    static let couplingHoldBackReason = "generic code constrained to ObservableObject that it reaches needs every model "
        + "that reaches it to migrate in the same run"

    /// `'A', 'B' and 3 more`.
    static func list(_ names: [String]) -> String {
        let quoted = names.prefix(4).map { "'\($0)'" }
        let rest = names.count - quoted.count
        return quoted.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
    }


    /// The untraced use's reason, with the place that shows it when there is one.
    static func describe(_ untraced: UntracedUse, _ context: RuleContext) -> String {
        guard let file = untraced.file, let token = untraced.token else { return text(untraced.reason) }
        return text(untraced.reason) + " (\(context.pathAndLine(file: file, token: token)))"
    }

    /// `'ViewModel' of WorkspacePanelView`, `'T' of makeView(…)`.
    static func text(_ name: GenericParameterName) -> String {
        "'\(name.parameter)' of \(name.ownerIsFunction ? name.owner + "(…)" : name.owner)"
    }

    /// What a constraint site constrains, as messages name it.
    static func text(_ subject: GenericSubject) -> String {
        switch subject {
        case .parameter(let name): return text(name)
        case .observableObject: return "ObservableObject"
        case .unfollowedParameter(let name): return "'\(name)'"
        case .protocolExtension: return "extension ObservableObject"
        case .enclosingInstanceCast(let wrapper): return "@\(wrapper)'s cast of its enclosing instance to 'any ObservableObject'"
        }
    }

    /// What the constraint becomes, as the finding's "write instead" says it.
    static func rewriteText(_ subject: GenericSubject) -> String {
        subject.protocolExtension != nil ? "extension Observable where Self: AnyObject" : "AnyObject & Observable"
    }

    /// What a model reaching generic code that stays `ObservableObject` can do instead.
    private static func staysSuggestion(_ subject: GenericSubject, unit: String, foreign: [String]) -> String {
        if subject.protocolExtension != nil { return "give '\(unit)' its own copy of the members it uses, or migrate it by hand" }
        let others = foreign.filter { $0 != GenericReach.objectWillChangeUser }
        guard !others.isEmpty else {
            // Only its own use of `objectWillChange` keeps it: no separate type would help.
            return "stop passing '\(unit)' to \(text(subject)) (observe it with withObservationTracking instead), or migrate it by hand"
        }
        return "give \(text(subject)) a separate generic type for \(list(others)), or migrate it by hand"
    }

    /// Why generic code stays on `ObservableObject`: the types that reach it and stay, and for an
    /// extension of `ObservableObject`, its members' own use of `objectWillChange`. Told to a model
    /// that reaches the code as well (`toAModelReachingIt`), the others reach it too.
    static func whyItStays(_ foreign: [String], toAModelReachingIt: Bool = false) -> String {
        let others = foreign.filter { $0 != GenericReach.objectWillChangeUser }
        let reach = others.count == 1 ? "reaches" : "reach"
        var reasons = others.isEmpty ? [] : [list(others) + " " + (toAModelReachingIt
            ? "\(reach) it too" : "\(reach) it and \(others.count == 1 ? "stays" : "stay") ObservableObject")]
        if others.count < foreign.count { reasons.append("its members use objectWillChange, which Observable has no twin of") }
        return reasons.joined(separator: ", and ")
    }

    /// `extension ObservableObject { … }` becomes `extension Observable where Self: AnyObject`
    /// (a composition cannot be extended; `AnyObject` keeps what the members may rely on, such as
    /// `[weak self]`), joining a `where` clause it already has.
    static func protocolExtensionRewrite(_ extensionID: DeclarationID, _ context: RuleContext) -> [FileEdit] {
        let file = context.files[extensionID.file]
        let declaration = context.declaration(extensionID)
        let builder = EditBuilder(file: file)
        guard let whereClause = declaration.whereClause, whereClause.count > 1 else {
            return [FileEdit(file: extensionID.file, edit: builder.replace(declaration.nameTokens, with: "Observable where Self: AnyObject"))]
        }
        return [builder.replace(declaration.nameTokens, with: "Observable"), builder.insert("Self: AnyObject, ", before: whereClause.lowerBound + 1)]
            .map { FileEdit(file: extensionID.file, edit: $0) }
    }

    /// The end of the sentence "any model of the tree may reach it: …".
    static func text(_ reason: UntracedReason) -> String {
        switch reason {
        case .existential:
            return "it is an existential or opaque type ('any'/'some ObservableObject'), which values of any model can reach"
        case .unfollowedConstraint: return "it constrains no generic parameter of a type or function that the tool follows"
        case .constraintNotVisible: return "its generic parameter is not constrained where the tool can see it"
        case .publicDeclaration(let name): return "'\(name)' is public, so code outside the tree may pass it any model"
        case .publicExistential(let name, let escaping):
            return "'\(name)' is public, and '\(escaping)' hands out models as an existential, which code outside the tree may pass it"
        case .ambiguousTypeName(let name): return "several types are named '\(name)'"
        case .protocolRequirement(let name): return "'\(name)' is a protocol requirement, implemented elsewhere"
        case .ambiguousFunctionName(let name): return "several functions are named '\(name)'"
        case .unfollowedDeclarationKind(let kind): return "the tool does not follow the uses of a generic \(kind.rawValue)"
        case .unreadableUse(let name):
            return "'\(name)' is used where the tool cannot tell which model it gets (a metatype, a static member, "
                + "a function reference or a call it cannot read)"
        case .emptyArgument(let callee): return "a call of '\(callee)' has an empty argument"
        case .parameterInsideAnotherType(let callee):
            return "a call of '\(callee)' passes the generic parameter inside another type (a closure, a collection, a binding)"
        case .inferredFromContext(let callee, let parameter):
            return "a call of '\(callee)' leaves '\(parameter)' to be inferred from its context"
        case .noMatchingDeclaration(let callee): return "a call of '\(callee)' matches none of its declarations"
        case .unfollowedParameterPassed(let name): return "a generic parameter '\(name)' the tool does not follow is passed to it"
        case .unknownArgumentType: return "the type of a value passed to it cannot be known"
        case .passedFrom(let name, let reason):
            return "\(text(name)) is passed to it, and any model may reach that: " + text(reason)
        }
    }
}
