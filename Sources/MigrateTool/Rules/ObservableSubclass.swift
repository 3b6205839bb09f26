import SourceScan

/// A subclass of a model is a model too: it gets `@Observable`, so its own stored properties are
/// tracked as the base's are. It migrates on its own, its superclass staying an `ObservableObject`,
/// unless the index found a tie (`SubclassTie`): then it stays in its superclass's unit, and the
/// finding says why. The superclass's unit needs the subclass's (`requiredByUnits`): a superclass
/// cannot leave `ObservableObject` while a subclass keeps `@Published` properties or legacy wrappers.
struct ObservableSubclass: CouplingRule {
    static let id = "observable-subclass"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for classID in unit.classes {
                guard let conformances = context.index.graph.models[classID],
                      case .viaSuperclass(let base)? = conformances.first,
                      let insertion = ObservableAttribute.insertion(for: classID, in: context) else { continue }
                let declaration = context.declaration(classID)
                let file = context.files[classID.file]
                let baseName = context.declaration(base).name
                let baseUnit = context.units.unitOf[base]
                let alone = baseUnit != unit.id
                var message = "'\(declaration.name)' inherits ObservableObject from '\(baseName)'; it needs @Observable too"
                var membership: MembershipReason?
                if alone {
                    message += ", and can take it on its own while '\(baseName)' stays an ObservableObject"
                } else if let tie = context.units.subclassTies[classID] {
                    let reason = Self.reason(tie, context)
                    message += ", in the same run as '\(context.declaration(tie.ancestor).name)': " + reason
                    membership = context.index.types.symbol(classID).map { MembershipReason(member: $0.qualifiedName, reason: reason) }
                }
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .safe, file: classID.file,
                    offset: Int(file.tokens[declaration.nameTokens.lowerBound].start),
                    message: message, suggestion: "@Observable class \(declaration.name): \(baseName)", edits: [insertion],
                    unit: unit.id, requiredByUnits: alone ? baseUnit.map { [$0] } ?? [] : [], membershipReasons: membership.map { [$0] } ?? []))
            }
        }
        return findings
    }

    /// Why the subclass cannot migrate while `tie.ancestor` stays an `ObservableObject`.
    static func reason(_ tie: SubclassTie, _ context: RuleContext) -> String {
        switch tie {
        case .readsInheritedState(let reader, let wrapper, let member, let ancestor, let file, let token):
            return "'\(context.declaration(reader).name)' reads '\(member)', which '\(context.declaration(ancestor).name)' publishes, "
                + "through '\(wrapper)' (\(context.place(file: file, token: token))), and would stop refreshing once '\(wrapper)' "
                + "is no longer an ObservableObject wrapper"
        case .handsOnInheritedState(let reader, let wrapper, let ancestor, let file, let token):
            return "'\(context.declaration(reader).name)' hands '\(wrapper)' on (\(context.place(file: file, token: token))), where state "
                + "'\(context.declaration(ancestor).name)' publishes may be read, and would stop refreshing once '\(wrapper)' is no "
                + "longer an ObservableObject wrapper"
        case .inheritedChangesObserved(let ancestor, let file, let token):
            return "'\(context.declaration(ancestor).name).objectWillChange' is observed (\(context.place(file: file, token: token))) "
                + "and would stop firing for this class's properties"
        case .ownChangesObserved(let ancestor, let file, let token):
            return "its own objectWillChange is observed (\(context.place(file: file, token: token))), which fires for the state "
                + "'\(context.declaration(ancestor).name)' publishes too; tracking this class alone would not follow that state"
        case .nothingOfItsOwn:
            return "it has no stored property or site of its own, so it has nothing to migrate first"
        }
    }

    /// The superclass's unit is blocked because a subclass it needs is.
    static func couplingBlocker(_ coupling: Finding, unit: UnitSummary, blockedPartner: UnitSummary) -> Finding {
        Finding(ruleID: id, fixClass: .manual, isBlocker: true, file: coupling.file, offset: coupling.offset,
                message: "'\(unit.name)' cannot leave ObservableObject while its subclass '\(blockedPartner.name)' stays one, "
                    + "and '\(blockedPartner.name)' is blocked",
                suggestion: "unblock '\(blockedPartner.name)'; '\(unit.name)' can stay an ObservableObject meanwhile", unit: unit.id)
    }

    static let couplingHoldBackReason =
        "a subclass it needs migrates on its own and is not written in this run (a superclass cannot leave ObservableObject before its subclasses)"
}
