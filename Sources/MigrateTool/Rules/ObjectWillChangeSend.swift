import SourceScan

/// Other `objectWillChange.send()` calls, in or outside the model: there is no publisher to send
/// to under Observation. Four shapes have a mechanical twin, all review:
/// - a send in the same uninterrupted run as a change of one of the model's tracked stored
///   properties (before it, or after it, on every path through the send) only announced that
///   change, which the macro now announces itself: the call goes;
/// - a send in the setter of a computed property that stores its value elsewhere (`UserDefaults`)
///   becomes `access(keyPath:)` in the getter and `withMutation(keyPath:)` around the change; a
///   send in the observer of a wrapped property (`@AppStorage`) makes it such a property over
///   the wrapped storage.
/// - a send that announced changes the model makes through a model it holds goes with that
///   model's unit, which the holder then needs (`heldModelDeletion`);
/// - a send from outside the model next to a change of its tracked state through the same
///   receiver (`quota.isPro = false; quota.objectWillChange.send()`) goes (`externalDeletion`).
/// Any other send blocks the unit.
struct ObjectWillChangeSend: CouplingRule {
    static let id = "object-will-change-send"
    static let relevanceKeywords = ["objectWillChange"]

    func check(_ context: RuleContext) -> [Finding] {
        var models: [DeclarationID: ModelStateChanges] = [:]
        let relays = ObjectWillChangeRelay.all(context)
        let listenerTargets = ObservationUse.relayTargets(relays)
        // The relay's send goes with its statement: here when the source is already @Observable
        // (nothing else subscribes), else with the subscription (object-will-change-subscription).
        let relaysBySend = Dictionary(relays.map { ([$0.subscription.file, $0.sendToken], $0) }, uniquingKeysWith: { first, _ in first })
        let relaysByHolder = Dictionary(relays.map { ($0.relayingClass, [$0]) }, uniquingKeysWith: +)
        // An initializer relay's send goes with its statement (object-will-change-subscription).
        let initializerRelaySends = Set(context.initializerRelays.map { [$0.initializer.file, $0.sendToken] })
        return ObservationUse.objectWillChangeSites(.send, context).compactMap { unit, site in
            if initializerRelaySends.contains([site.file, site.token]) { return nil }
            if let relay = relaysBySend[[site.file, site.token]] {
                // A helper's send goes with the helper (object-will-change-subscription's tidy-up).
                guard relay.sourceUnit == nil, relay.helper == nil else { return nil }
                let source = context.declaration(relay.sourceType).name
                return Finding(ruleID: Self.id, fixClass: .review, file: site.file, offset: Int(context.files[site.file].tokens[site.token].start),
                               message: "the subscription to '\(relay.sourceName).objectWillChange' relays the changes of \(source), "
                                   + "which is already @Observable and tracks its own; the relay goes, and views that read nothing of "
                                   + "'\(relay.sourceName)' no longer re-render with it"
                                   + relay.fresherViews(context).map { "; " + $0 }.joined(),
                               suggestion: nil, edits: relay.removal(context), unit: unit)
            }
            let file = context.files[site.file]
            if let (edits, function) = ObservationTrackingRelay.removal(forSend: site, context) {
                return Finding(ruleID: Self.id, fixClass: .review, file: site.file, offset: Int(file.tokens[site.token].start),
                               message: "\(function)() re-arms withObservationTracking only to send objectWillChange; once the "
                                   + "model is @Observable a view reading it tracks what the function watched, so the function and "
                                   + "its calls go, and views that read none of it no longer re-render with it",
                               suggestion: nil, edits: edits, unit: unit)
            }
            let place = SendPlace(site, unit: context.units.units[unit], context, models: &models)
            func rewrite(_ edits: [Edit], _ message: String) -> Finding {
                Finding(ruleID: Self.id, fixClass: .review, file: site.file, offset: Int(file.tokens[site.token].start),
                        message: message, suggestion: nil, edits: edits.map { FileEdit(file: site.file, edit: $0) }, unit: unit)
            }
            if place == nil, let external = SendPlace(external: site, unit: context.units.units[unit], context, models: &models),
               let (edits, property, means) = external.externalDeletion(file, context) {
                return rewrite(edits, "\(file.compactText(site.receiver!)).objectWillChange.send() announces the change of '\(property)' "
                    + "made \(means ?? "through it") next to the call, which @Observable tracks; the call goes, "
                    + "and views that do not read what changed no longer re-render with it")
            }
            // In a setter the send announces the property itself, whatever else the setter
            // changes: tracking the property is right even where deleting the call would be too.
            if let (edits, property) = place?.accessorRewrite(context) {
                return rewrite(edits, "'\(property)' is computed and its setter sends objectWillChange; access(keyPath:) in its "
                    + "getter and withMutation(keyPath:) around the change make it tracked")
            }
            if let place, let (edits, property, _, hidden) = place.deletion(file, context) {
                let alsoHidden = hidden.isEmpty ? "" : "; it also runs with a change through "
                    + hidden.map { "'\($0)'" }.joined(separator: ", ") + ", which no view reads through the model: a view that "
                    + "reads the same state another way (the same store, directly) no longer re-renders with it either"
                if let hop = place.hop {
                    return rewrite(edits, "objectWillChange.send(), moved to the main thread by '\(hop) { … }', announces the change "
                        + "of '\(property)' made before it, which @Observable tracks and announces where it is made, on the thread "
                        + "that makes it; the call and its hop go, and views that do not read what changed no longer re-render "
                        + "with it" + alsoHidden)
                }
                return rewrite(edits, "objectWillChange.send() announces the change of '\(property)' next to it, which @Observable "
                    + "tracks; the call goes, and views that do not read what changed no longer re-render with it" + alsoHidden)
            }
            if let place, let (edits, relay) = place.relayedDeletion(file, relays: relaysByHolder[place.model.classID] ?? [], context,
                                                                        models: &models) {
                let becomes = relay.sourceUnit == nil ? "is already @Observable" : "becomes @Observable in the same run"
                return rewrite(edits, "objectWillChange.send() announces a change made through '\(relay.sourceName)', whose "
                    + "objectWillChange this model relays; '\(relay.sourceName)' \(becomes) and tracks its own changes, so the "
                    + "call goes with the relay")
            }
            if let place, let (edits, name, heldUnit) = place.heldModelDeletion(file, relays: relays, listenerTargets: listenerTargets,
                                                                                 context, models: &models) {
                let held = context.units.units[heldUnit].name
                return Finding(ruleID: Self.id, fixClass: .review, file: site.file, offset: Int(file.tokens[site.token].start),
                               message: "objectWillChange.send() announces a change made through '\(name)', a \(held), which becomes "
                                   + "@Observable with its unit and tracks its own changes; the call goes with \(held)'s unit, and "
                                   + "views that read nothing of '\(name)' no longer re-render with it",
                               suggestion: nil, edits: edits.map { FileEdit(file: site.file, edit: $0) }, unit: heldUnit,
                               requiredByUnits: heldUnit == unit ? [] : [unit])
            }
            let reason = Self.reasonKept(site, place, file, context)
            if context.options.manualSends == .delete, let edits = SendPlace.standaloneRemoval(site, context) {
                // The team asked for it: the call goes, and the finding says what may go stale.
                return rewrite(edits, reason + "; manualSends: delete removes the call, and views that showed state it "
                    + "announced and @Observable does not track no longer re-render when it runs")
            }
            return ObservationUse.blocker(
                Self.id, site, unit: unit, message: reason,
                suggestion: "make the state that changes a stored property of the model (the macro tracks it, and the call "
                    + "goes), or, for state kept elsewhere, a computed property that calls access(keyPath: \\.x) in its getter "
                    + "and wraps the change in withMutation(keyPath: \\.x); or, where the call only refreshes views for state "
                    + "that is tracked once the model is @Observable, \"manualSends\": \"delete\" in .observation-migrate.json "
                    + "removes such calls, each named", context)
        }
    }

    /// Value types of the standard library and Foundation whose members a loop's `if` may read
    /// through an element's tracked property: none of them reaches an object.
    static let standardValueTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Double", "Float", "CGFloat", "Bool", "Date", "UUID", "URL", "Decimal", "String?", "Int?", "Double?", "Bool?",
        "Date?", "URL?", "UUID?",
    ]

    /// The holder's unit is blocked because the held model whose changes it announces is.
    static func couplingBlocker(_ coupling: Finding, unit: UnitSummary, blockedPartner: UnitSummary) -> Finding {
        Finding(ruleID: id, fixClass: .manual, isBlocker: true, file: coupling.file, offset: coupling.offset,
                message: "'\(unit.name)' announces changes made through the '\(blockedPartner.name)' it holds, which is blocked; "
                    + "the announcement can go only once '\(blockedPartner.name)' is @Observable and announces them itself",
                suggestion: "unblock '\(blockedPartner.name)'; '\(unit.name)' can stay an ObservableObject meanwhile", unit: unit.id)
    }

    static let couplingHoldBackReason =
        "a model it holds, whose changes it announces, is not written in this run (the announcement would go unreplaced)"

    /// What a send of the model itself becomes, as an observer bridge needs to know
    /// (`ObserverBridge`): the property whose tracking announces what the send did. An accessor
    /// rewrite's property announces every set through `withMutation`; a deleted send's property
    /// (`throughBranches` when the change was found on every branch of an `if` or `switch`, whose
    /// other branches may change other properties). Nil for a send without a twin, or a relay's.
    static func twin(of site: Site, unit: MigrationUnit, _ context: RuleContext) -> SendTwin? {
        var models: [DeclarationID: ModelStateChanges] = [:]
        if let external = SendPlace(external: site, unit: unit, context, models: &models) {
            return external.externalDeletion(context.files[site.file], context).map { .deletion($0.property, throughBranches: false) }
        }
        guard let place = SendPlace(site, unit: unit, context, models: &models) else { return nil }
        if let (_, property) = place.accessorRewrite(context) { return .accessor(property) }
        let file = context.files[site.file]
        guard let (_, property, throughBranches, _) = place.deletion(file, context) else { return nil }
        return .deletion(property, throughBranches: throughBranches)
    }

    /// What a send becomes under Observation (`twin(of:unit:_:)`).
    enum SendTwin: Equatable {
        case accessor(String)
        case deletion(String, throughBranches: Bool)
    }

    /// Why a send has no mechanical twin.
    private static func reasonKept(_ site: Site, _ place: SendPlace?, _ file: FileStructure, _ context: RuleContext) -> String {
        if let receiver = site.receiver, !SendPlace.isSelf(receiver, file) {
            return "\(file.compactText(receiver)).objectWillChange.send() announces a change from outside the model; "
                + "under Observation the model's tracked properties announce their own changes"
        }
        if let place, place.isInClosure, place.path.body.statements.count == 1 {
            let open = place.path.body.open
            if open > 0, file.tokens[open - 1].word == .defer {
                return "objectWillChange.send() in a defer block that only sends announces whatever the function changed "
                    + "before it leaves, which the tool cannot tell from here"
            }
            return "objectWillChange.send() in a closure that only sends forwards a change made elsewhere (a subscription, "
                + "a callback, a later run); nothing tracks it"
        }
        if let place, let hop = place.hop, place.untrackedEffects(file, context).isEmpty {
            return "objectWillChange.send() in a closure that only sends forwards a change made elsewhere (a subscription, "
                + "a callback, a later run): no change of a tracked property runs before its hop ('\(hop) { … }'); nothing tracks it"
        }
        if let place, place.accessor != nil, place.path.levels.count == 1,
           let (member, shared) = UntrackedReads.otherReader(of: place.host, context, model: place.model) {
            let name = context.declaration(place.host).name
            return "objectWillChange.send() also announces '\(member)', which reads \(shared.description) as '\(name)' does; "
                + "access(keyPath:) and withMutation(keyPath:) would track '\(name)' alone"
        }
        if let untracked = place?.untrackedEffects(file, context).first {
            return "objectWillChange.send() may also announce a change of '\(untracked)', which @Observable does not track"
        }
        return "objectWillChange.send() has no Observation twin here: no change of a tracked property of the model "
            + "runs with it on every path"
    }
}

/// Where a send with the model itself as receiver (`objectWillChange.send()`,
/// `self.objectWillChange.send()`) stands: the model, the body that runs it, and its statement.
private struct SendPlace {
    let path: StatementPath
    let model: ModelStateChanges
    /// The declaration whose body or accessor holds the path's body.
    let host: DeclarationID
    /// The parameters that can shadow a property, when the path's body is the declaration's own.
    let parameters: Range<Int>?
    /// The accessor whose body is the path's body, if any.
    let accessor: Word?
    /// Whether the path's body is a closure inside the declaration's body.
    let isInClosure: Bool
    /// The receiver of a send from outside the model (`model.objectWillChange.send()` in a view
    /// or another object), whose state `model` describes; nil for the model's own send.
    var receiver: Range<Int>? = nil
    /// The hop the send was made in, outermost, when the closure holding it only sends and runs
    /// on the main thread later (`DispatchQueue.main.async { self.objectWillChange.send() }`):
    /// the path's target is then the hop's statement, and the send announces what ran before it.
    var hop: String? = nil

    init?(_ site: Site, unit: MigrationUnit, _ context: RuleContext, models: inout [DeclarationID: ModelStateChanges]) {
        let file = context.files[site.file]
        guard site.receiver == nil || Self.isSelf(site.receiver!, file), let ownerID = site.ownerID,
              let enclosing = context.types.enclosingTypeLike(ownerID), let classID = context.types.extendedType(enclosing),
              unit.classes.contains(classID),
              let (host, open, accessor) = Self.body(holding: site.token, from: ownerID, file),
              var path = StatementPath(to: site.token, fromBody: open, in: file, readingSwitchClauses: true),
              ModelProperties.sendCall(in: path.target, file: file) == path.target else { return nil }
        // In an accessor the send announces the property (its own rewrite, or an observer's).
        while accessor == nil, let (lifted, hop) = Self.liftedOutOfHop(path, fromBody: open, file) {
            path = lifted
            self.hop = hop
        }
        self.model = ModelStateChanges.cached(classID, unit: unit, context, in: &models)
        self.path = path
        self.host = DeclarationID(file: site.file, declaration: host)
        self.isInClosure = path.body.open != open
        self.accessor = isInClosure ? nil : accessor
        self.parameters = isInClosure ? nil : file.declarations[host].parameters
    }

    /// The calls that only move the closure they are given onto the main thread, later.
    static let mainThreadHops: Set<String> = [
        "DispatchQueue.main.async", "Task", "MainActor.run", "await MainActor.run", "RunLoop.main.perform",
        "OperationQueue.main.addOperation",
    ]

    /// The path to the statement that hops to the main thread with a closure holding only the
    /// path's target (perhaps after `guard let self else { return }`), and the hop's callee; nil
    /// when the target's body is no such closure. `Task { … }` and `Task { @MainActor in … }`
    /// count: a send needs no isolation, and the task only delays it.
    private static func liftedOutOfHop(_ path: StatementPath, fromBody open: Int, _ file: FileStructure) -> (StatementPath, String)? {
        let closure = path.body.open
        guard closure != open, path.levels.count == 1, closure > 0 else { return nil }
        var statements = path.body.statements
        if statements.count == 2, ObjectWillChangeRelay.selfUnwrappingGuards.contains(file.compactText(statements[0])) {
            statements.removeFirst()
        }
        guard statements == [path.target],
              let outer = StatementPath(to: closure - 1, fromBody: open, in: file, readingSwitchClauses: true),
              outer.target.upperBound == file.closing(closure) + 1, outer.target.lowerBound < closure else { return nil }
        // The signature may only capture or isolate: `[weak self] in`, `@MainActor in`.
        if let signature = file.closureSignature(inBlock: closure),
           signature.contains(where: { file.tokens[$0].kind == .leftParen || file.tokens[$0].kind == .arrow }) { return nil }
        let callee = file.compactText(outer.target.lowerBound..<closure)
        guard mainThreadHops.contains(callee) else { return nil }
        return (outer, callee)
    }

    /// The place of a send from outside the model, `[path.]model.objectWillChange.send()` as a
    /// whole statement, `model` typed as one of the unit's classes; nil for anything else.
    init?(external site: Site, unit: MigrationUnit, _ context: RuleContext, models: inout [DeclarationID: ModelStateChanges]) {
        let file = context.files[site.file]
        let tokens = file.tokens
        guard let receiver = site.receiver, !Self.isSelf(receiver, file), case .declared(let type) = site.type,
              unit.classes.contains(type), tokens[receiver.upperBound - 1].kind != .postfixQuestionMark,
              receiver.allSatisfy({ tokens[$0].kind == .identifier || tokens[$0].kind == .period || tokens[$0].word == .self }),
              site.token + 3 < tokens.count, tokens[site.token + 3].kind == .leftParen,
              let ownerID = site.ownerID, let (host, open, _) = Self.body(holding: site.token, from: ownerID, file),
              let path = StatementPath(to: site.token, fromBody: open, in: file, readingSwitchClauses: true),
              path.target == receiver.lowerBound..<(file.closing(site.token + 3) + 1) else { return nil }
        self.model = ModelStateChanges.cached(type, unit: unit, context, in: &models)
        self.path = path
        self.host = DeclarationID(file: site.file, declaration: host)
        self.isInClosure = path.body.open != open
        self.accessor = nil
        self.parameters = nil
        self.receiver = receiver
    }

    /// The edits deleting a send from outside the model that runs with a change of one of the
    /// model's tracked properties through the same receiver (`quota.isPro = false;
    /// quota.objectWillChange.send()`), and that property's name: every statement of the stretch
    /// that names the receiver changes only state the model tracks through it, as a held model's
    /// changes are read (`ObjectWillChangeRelay.changesOnlyTrackedState`).
    func externalDeletion(_ file: FileStructure, _ context: RuleContext) -> (edits: [Edit], property: String, means: String?)? {
        guard let receiver else { return nil }
        let tokens = file.tokens
        let text = file.compactText(receiver)
        /// The receiver's last token when the statement starts with the receiver and a `.`.
        func throughReceiver(_ statement: Range<Int>) -> Int? {
            let end = statement.lowerBound + receiver.count
            guard end + 1 < statement.upperBound, tokens[end].kind == .period,
                  file.compactText(statement.lowerBound..<end) == text else { return nil }
            return end - 1
        }
        let rows = receiver.count == 1
            ? BindingElements(around: receiver.lowerBound, from: context.declaration(host).tokens.lowerBound, receiver: text,
                              model: model, file, context)
            : nil
        /// The tracked property or method a statement changes the model through, `receiver.x = v` or
        /// `receiver.f(…)`, and how, when not by the receiver's own member: the helper of the
        /// sender's own type that does it when the statement gives it the receiver
        /// (`self.record(state: receiver)`), or the row of a `ForEach($receiver.items)` the
        /// statement writes (`item.name = v`); nil when the statement may do anything else with
        /// the receiver.
        func trackedChange(_ statement: Range<Int>) -> (property: String, means: String?)? {
            if let name = throughReceiver(statement) {
                return ObjectWillChangeRelay.changesOnlyTrackedState(of: model, through: name, statement: statement, file, context)
                    ? (file.source.text(name + 2), nil) : nil
            }
            if let (collection, row) = rows?.change(statement, file) { return (collection, "through the binding $\(row)") }
            return helperChange(statement, file, context).map { ($0.property, "through it by \($0.helper)(…)") }
        }
        let first = receiver.lowerBound
        for statement in path.stretch(in: file) where statement.contains(where: {
            tokens[$0].kind == tokens[first].kind && file.source.tokenText($0, equals: file.source.text(first))
        }) {
            guard trackedChange(statement) != nil else { return nil }
        }
        guard let accompanying = path.accompanying(in: file, where: { trackedChange($0) != nil }),
              let change = trackedChange(accompanying), let edits = removal(file) else { return nil }
        return (edits, change.property, change.means)
    }

    /// The tracked property a call statement changes when it calls a method of the sender's own
    /// type, `f(…)` or `self.f(…)` as the whole statement, with the receiver as one argument
    /// (`self.updateProgress(state: input.state, done: n)`), and that method, the only one of its
    /// name and labels, does nothing with the parameter but change state the model tracks through
    /// it (`state.done = n`, `state.update(…)`), in `if` and `switch` blocks too, and does so on
    /// every path before anything could leave it: the change runs with the send, as if written
    /// next to it.
    private func helperChange(_ statement: Range<Int>, _ file: FileStructure, _ context: RuleContext) -> (property: String, helper: String)? {
        // `f(…)` or `self.f(…)` (a sender's `self?` holds no such helper).
        guard let receiver, let (callee, open) = ModelStateChanges.ownCallee(statement, file),
              file.tokens[statement.lowerBound + 1].kind != .postfixQuestionMark else { return nil }
        let arguments = ArgumentList(open: open, file)
        let given = arguments.values.indices.filter { file.compactText(arguments.values[$0]) == file.compactText(receiver) }
        guard given.count == 1, let position = given.first,
              let enclosing = context.types.enclosingTypeLike(host), let owner = context.types.extendedType(enclosing) else { return nil }
        let candidates = RuleContext.members(of: owner, index: context.index).filter { id in
            let member = context.declaration(id)
            guard member.kind == .function, member.name == callee, let clause = member.parameters else { return false }
            return ArgumentList.parameterLabels(clause, context.files[id.file]) == arguments.labels
        }
        guard candidates.count == 1, let methodID = candidates.first else { return nil }
        let method = context.declaration(methodID)
        let methodFile = context.files[methodID.file]
        guard let body = method.body, let clause = method.parameters,
              case let names = ArgumentList.parameterNames(clause, methodFile), position < names.count,
              let statements = methodFile.statements(inBlock: body.lowerBound) else { return nil }
        let parameter = names[position]
        let methodTokens = methodFile.tokens
        /// The parameter's mentions in a statement (not `other.state`).
        func mentions(_ statement: Range<Int>) -> [Int] { ChangeBlocks.bareMentions(of: parameter, in: statement, methodFile) }
        /// Whether a statement starting with the parameter, and naming it nowhere else, changes only tracked state.
        func changeThroughParameter(_ statement: Range<Int>) -> Bool {
            mentions(statement) == [statement.lowerBound]
                && ObjectWillChangeRelay.changesOnlyTrackedState(of: model, through: statement.lowerBound, statement: statement,
                                                                 methodFile, context)
        }
        // Every mention of the parameter is such a change.
        guard ChangeBlocks.onlyChanges(statements, methodFile, mentions: mentions, isChange: changeThroughParameter) else { return nil }
        // And one runs on every path, before anything could leave the method.
        let exits: Set<Word> = [.return, .throw, .guard]
        for statement in statements {
            if let change = changeThroughParameter(statement) ? statement
                : Self.changeOnEveryBranch(of: statement, methodFile, where: changeThroughParameter) {
                return (methodFile.source.text(change.lowerBound + 2), callee)
            }
            if statement.contains(where: { exits.contains(methodTokens[$0].word) }) { return nil }
        }
        return nil
    }

    /// The edits deleting a send that is a statement of its own, `[receiver.]objectWillChange.send()`,
    /// wherever it stands (`manualSends` `delete`): the last statement of a function or closure
    /// body goes too, leaving it empty (`{ _ in }` compiles); nil when the call is part of a
    /// larger statement or the only statement of a `switch` clause, which must keep one.
    static func standaloneRemoval(_ site: Site, _ context: RuleContext) -> [Edit]? {
        let file = context.files[site.file]
        let tokens = file.tokens
        guard let ownerID = site.ownerID, let (_, open, _) = body(holding: site.token, from: ownerID, file),
              let path = StatementPath(to: site.token, fromBody: open, in: file, readingSwitchClauses: true),
              site.token + 3 < tokens.count, tokens[site.token + 3].kind == .leftParen else { return nil }
        let target = path.target
        let start = site.receiver?.lowerBound ?? site.token
        guard target.lowerBound == start, file.closing(site.token + 3) + 1 == target.upperBound else { return nil }
        let level = path.levels[path.levels.count - 1]
        if level.statements.count == 1, path.levels.count >= 2,
           tokens[path.levels[path.levels.count - 2].statement.lowerBound].word == .switch { return nil }
        return [removeStatement(target, level, EditBuilder(file: file), file)]
    }

    /// `self`, or `self?` in a closure that captures it weakly.
    static func isSelf(_ receiver: Range<Int>, _ file: FileStructure) -> Bool {
        file.tokens[receiver.lowerBound].word == .self
            && (receiver.count == 1 || (receiver.count == 2 && file.tokens[receiver.lowerBound + 1].kind == .postfixQuestionMark))
    }

    /// The declaration, the `{` of the function body or accessor holding `token`, and the
    /// accessor's keyword (nil for a function body or a getter without `get`).
    private static func body(holding token: Int, from owner: DeclarationID, _ file: FileStructure) -> (Int, Int, Word?)? {
        var current: Int? = owner.declaration
        while let index = current {
            let declaration = file.declarations[index]
            switch declaration.kind {
            case .function, .initializer, .deinitializer, .subscript:
                if let body = declaration.body, body.contains(token) { return (index, body.lowerBound, nil) }
            case .variable:
                if let block = declaration.bindings.compactMap(\.accessorBlock).first(where: { $0.contains(token) }) {
                    let accessors = file.accessors(inBlock: block)
                    if let accessor = accessors.first(where: { $0.open < token && token < file.closing($0.open) }) {
                        return (index, accessor.open, accessor.word)
                    }
                    return accessors.isEmpty ? (index, block.lowerBound, nil) : nil
                }
            default:
                return nil
            }
            current = declaration.parent
        }
        return nil
    }

    /// The tokens of the body the send runs in, braces included.
    private func scope(_ file: FileStructure) -> Range<Int> {
        path.body.open..<(file.closing(path.body.open) + 1)
    }

    /// The edits deleting a send that runs with a change of a tracked property, that property's
    /// name, whether the change was found on every branch of an `if` or `switch`, and the
    /// untracked properties changed beside it that no view reads through the model; nil when no
    /// such change runs with it on every path, or the body also changes untracked state a view
    /// could read through the model, which the send may have announced.
    func deletion(_ file: FileStructure, _ context: RuleContext)
        -> (edits: [Edit], property: String, throughBranches: Bool, hiddenEffects: [String])? {
        let scope = scope(file)
        let isTrackedChange = { (statement: Range<Int>) in model.isTrackedChange(statement, in: file, scope: scope, parameters: parameters) }
        /// The change a compound statement makes: on every branch, or in every run of a loop.
        func compoundChange(_ statement: Range<Int>) -> Range<Int>? {
            // Before the send, a branch that returns or throws never reaches it.
            Self.changeOnEveryBranch(of: statement, file, where: isTrackedChange,
                                     exitingBranches: statement.upperBound <= path.target.lowerBound)
                ?? Self.changeInEveryIteration(of: statement, file, where: isTrackedChange)
        }
        /// The first property changed by a statement that changes only tracked state: a call of
        /// the model's own method that changes it on every path (`updateData()`), an `if`/`else`
        /// or `switch` whose branches do, or a loop whose body names such a change, behind an
        /// `if` too (`for i in items.indices { if items[i].id == id { items[i].done = true } }`):
        /// run no time, or matching nothing, it changes nothing, and the send announced nothing
        /// a view could show. An `if` without `else` alone is no such statement: the send after
        /// `if won { state = .won }` may announce what changed before it, elsewhere.
        func onlyTrackedChange(_ statement: Range<Int>) -> String? {
            guard let found = model.statementChanges(statement, file, scope: scope, parameters: parameters, context,
                                                     reading: .sendBody),
                  found.isDefinite || file.tokens[statement.lowerBound].word == .for else { return nil }
            return found.firstChange
        }
        guard let accompanying = path.accompanying(in: file, where: {
            isTrackedChange($0) || compoundChange($0) != nil || onlyTrackedChange($0) != nil
        }) else { return nil }
        let isDirect = isTrackedChange(accompanying)
        let property: String
        if let change = isDirect ? accompanying : compoundChange(accompanying) {
            guard let start = ModelStateChanges.changeStart(of: change, file),
                  let changed = model.change(at: start, before: change.upperBound, in: file, scope: scope, parameters: parameters) else {
                return nil
            }
            property = changed.name
        } else {
            guard let changed = onlyTrackedChange(accompanying) else { return nil }
            property = changed
        }
        let effects = allUntrackedEffects(file, context)
        guard !effects.contains(where: model.isVisible), let edits = removal(file) else { return nil }
        // What no view reads through the model, named once each: a view may read it another way.
        var seen = Set<String>()
        return (edits, property, !isDirect, effects.filter { !model.isVisible($0) && seen.insert($0).inserted })
    }

    /// The first branch's change when `statement` is an `if` whose every branch, a final `else`
    /// included, or a `switch` whose every clause, makes a change `isChange` accepts among its own
    /// statements, with nothing before it in the branch that could leave it (`return`, `throw`,
    /// `break`, `continue`, `guard`): `if let c { active = c } else { active = nil }` changes
    /// `active` on every path (a `switch` that compiles covers every case).
    /// `exitingBranches`: a branch may instead end in `return` or `throw` with no `break`,
    /// `continue` or `fallthrough` in it, for a statement before the send: that path never
    /// reaches it (`switch kind { case .a: items = a; case .none: return }` then the send).
    static func changeOnEveryBranch(of statement: Range<Int>, _ file: FileStructure, where isChange: (Range<Int>) -> Bool,
                                    exitingBranches: Bool = false) -> Range<Int>? {
        let tokens = file.tokens
        /// The first `{` after `index` outside brackets: a branch's block or the switch's body.
        func brace(after index: Int) -> Int? { StatementPath.blockBrace(after: index, before: statement.upperBound, file) }
        /// A branch's first change; `.some(nil)` for a branch that leaves instead, where allowed.
        func settled(_ branch: [Range<Int>]) -> Range<Int>?? {
            if let found = firstChange(among: branch, file, isChange) { return .some(found) }
            return exitingBranches && endsByLeaving(branch, file) ? .some(nil) : nil
        }
        if tokens[statement.lowerBound].word == .switch {
            guard let open = brace(after: statement.lowerBound), file.closing(open) + 1 == statement.upperBound,
                  let clauses = file.switchClauses(inBlock: open), !clauses.isEmpty else { return nil }
            var first: Range<Int>?
            for clause in clauses {
                guard let found = settled(file.statements(in: clause.body) ?? []) else { return nil }
                first = first ?? found
            }
            return first
        }
        var index = statement.lowerBound
        var first: Range<Int>?
        while index < statement.upperBound, tokens[index].word == .if {
            guard let open = brace(after: index), let found = settled(file.statements(inBlock: open) ?? []) else { return nil }
            first = first ?? found
            let close = file.closing(open)
            guard close + 1 < statement.upperBound, tokens[close + 1].word == .else else { return nil }
            index = close + 2
            if tokens[index].kind == .leftBrace {
                guard file.closing(index) + 1 == statement.upperBound, let found = settled(file.statements(inBlock: index) ?? []) else {
                    return nil
                }
                return first ?? found
            }
        }
        return nil
    }

    /// Whether a branch ends by leaving the body, its last statement a `return` or `throw`, with
    /// no `break`, `continue` or `fallthrough` anywhere in it that could end it sooner and go on
    /// after the branching statement.
    private static func endsByLeaving(_ branch: [Range<Int>], _ file: FileStructure) -> Bool {
        let jumps: Set<Word> = [.break, .continue, .fallthrough]
        guard let last = branch.last, [.return, .throw].contains(file.tokens[last.lowerBound].word) else { return false }
        return !branch.contains { statement in statement.contains { jumps.contains(file.tokens[$0].word) } }
    }

    /// The first statement of a `for … in` loop whose every statement is a change `isChange`
    /// accepts, with nothing in it that could end a run early (`break`, `continue`, `return`,
    /// `throw`): `for id in ids { items.removeValue(forKey: id) }`. Run once or more, the loop
    /// changes tracked state; run no time, it changes nothing, and the send announced nothing
    /// a view could show.
    static func changeInEveryIteration(of statement: Range<Int>, _ file: FileStructure, where isChange: (Range<Int>) -> Bool) -> Range<Int>? {
        let tokens = file.tokens
        guard tokens[statement.lowerBound].word == .for,
              let open = StatementPath.blockBrace(after: statement.lowerBound, before: statement.upperBound, file) else { return nil }
        let exits: Set<Word> = [.return, .throw, .break, .continue]
        guard file.closing(open) + 1 == statement.upperBound,
              let body = file.statements(inBlock: open), let first = body.first, body.allSatisfy(isChange),
              !statement.contains(where: { exits.contains(tokens[$0].word) }) else { return nil }
        return first
    }

    /// The first of `statements` that `isChange` accepts, when none before it may leave the branch.
    private static func firstChange(among statements: [Range<Int>], _ file: FileStructure, _ isChange: (Range<Int>) -> Bool) -> Range<Int>? {
        let exits: Set<Word> = [.return, .throw, .break, .continue, .guard, .fallthrough]
        for statement in statements {
            if isChange(statement) { return statement }
            if statement.contains(where: { exits.contains(file.tokens[$0].word) }) { return nil }
        }
        return nil
    }

    /// The edits deleting a send in a method of a model that relays other models' changes
    /// (`relays`, `ObjectWillChangeRelay`), when the method changes state through one of their
    /// sources, only state that source tracks, and nothing else outside tracking; and that
    /// relay: the send announced the source's change, which the source tracks itself once both
    /// are `@Observable`.
    func relayedDeletion(_ file: FileStructure, relays: [ObjectWillChangeRelay], _ context: RuleContext,
                         models: inout [DeclarationID: ModelStateChanges]) -> ([Edit], ObjectWillChangeRelay)? {
        guard !relays.isEmpty, !isInClosure, accessor == nil else { return nil }
        let body = path.levels[0].statements
        let effects = Set(model.untrackedEffects(in: body, file, scope: scope(file), parameters: parameters)
            + model.untrackedEffects(ofCallsIn: body, file, context).filter(model.isVisible))
        var through: [ObjectWillChangeRelay] = []
        for effect in effects.sorted() {
            guard let relay = relays.first(where: { $0.sourceName == effect }),
                  relay.changesOnlyTrackedState(inBody: path.body.open, file, context, models: &models) else { return nil }
            through.append(relay)
        }
        guard let relay = through.first, let edits = removal(file) else { return nil }
        return (edits, relay)
    }

    /// The edits deleting a send that announced a change made through a model the model holds
    /// (`objectWillChange.send(); downloadState.isDownloading = true`, `downloadState` holding a
    /// model class; `frames[index].outlierViews = views`, `frames` an array of one), with the held
    /// model's name and unit: every statement running with the send
    /// that reaches a held model (in an `if` or `switch` block too) only changes state that model
    /// tracks, at least one does, nothing else untracked changes, and every held model reached
    /// belongs to one unit; and nothing listens to the holder's own `objectWillChange` (a sink, an
    /// `onReceive`), which would stop hearing those changes. Once that unit is written the held
    /// model announces its own changes, and a view reads it through the holder or not; so the
    /// call goes with that unit, which the holder needs.
    /// `listenerTargets`: `ObservationUse.relayTargets(relays)`, built once for every send.
    func heldModelDeletion(_ file: FileStructure, relays: [ObjectWillChangeRelay], listenerTargets: Set<[Int]>, _ context: RuleContext,
                           models: inout [DeclarationID: ModelStateChanges]) -> (edits: [Edit], name: String, unit: Int)? {
        // Something listening to the holder's own publisher would stop hearing the held model's changes.
        guard accessor == nil,
              ObservationUse.listener(toObjectWillChangeOf: model.classID, relays: relays, targets: listenerTargets, context) == nil
        else { return nil }
        let held = heldModels(context)
        guard !held.isEmpty else { return nil }
        let tokens = file.tokens
        let stretch = path.stretch(in: file)
        let effects = model.untrackedEffects(in: stretch, file, scope: scope(file), parameters: parameters)
            + model.untrackedEffects(ofCallsIn: stretch, file, context).filter(model.isVisible)
        guard Set(effects).isSubset(of: Set(held.keys)) else {
            return nil
        }
        /// The held model a statement starts with (`child.`, `self.child.`, `frames[i].`), where its
        /// name is, and the token the member access follows (the name, or the subscript's `]`).
        func heldName(_ statement: Range<Int>) -> (name: String, at: Int, through: Int)? {
            var index = statement.lowerBound
            if tokens[index].word == .self, index + 2 < statement.upperBound, tokens[index + 1].kind == .postfixQuestionMark { index += 1 }
            let explicitSelf = tokens[index].word == .self || tokens[index].kind == .postfixQuestionMark
            if explicitSelf, index + 1 < statement.upperBound, tokens[index + 1].kind == .period { index += 2 }
            guard index + 1 < statement.upperBound, tokens[index].kind == .identifier,
                  tokens[index + 1].kind == .period || tokens[index + 1].kind == .leftSquare else { return nil }
            let name = file.source.text(index)
            // A parameter or local of that name is not the held model.
            guard let holder = held[name],
                  explicitSelf || !ModelStateChanges.isShadowed(name, in: scope(file), parameters: parameters, file) else { return nil }
            guard holder.isCollection else { return tokens[index + 1].kind == .period ? (name, index, index) : nil }
            // One element, by an index that calls nothing (a call could change state untracked).
            guard tokens[index + 1].kind == .leftSquare else { return nil }
            let close = file.closing(index + 1)
            guard close + 2 < statement.upperBound, tokens[close + 1].kind == .period,
                  !((index + 2)..<close).contains(where: { tokens[$0].kind == .leftParen || tokens[$0].kind == .leftBrace }) else { return nil }
            return (name, index, close)
        }
        var units = Set<Int>()
        var changed: String?
        /// The held models a statement mentions: `child`, `self.child`, `self?.child`; not `other.child`.
        /// Any mention but a change through it (passed along, read into a local) may change it untracked.
        func mentions(_ statement: Range<Int>) -> [Int] {
            statement.filter { index in
                guard tokens[index].kind == .identifier, held[file.source.text(index)] != nil else { return false }
                guard index > statement.lowerBound, tokens[index - 1].kind == .period else { return true }
                let before = tokens[index - 2].kind == .postfixQuestionMark ? index - 3 : index - 2
                return before >= statement.lowerBound && tokens[before].word == .self
            }
        }
        /// Whether a statement starting with a held model, and naming none elsewhere, changes only
        /// state that model tracks; it then counts that model's unit.
        /// A loop over a held array of a model class, `for item in items { item.done = true }`
        /// (`items` or `self.items`, no `where`), whose body does nothing with the element but
        /// change state its class tracks through it (in `if` and `switch` blocks too), at least
        /// once in writing, and names no held model: each element announces its own change. Run
        /// no time, it changes nothing, as the loops of `deletion(_:_:)`.
        func isElementLoop(_ statement: Range<Int>) -> (name: String, holder: (type: DeclarationID, unit: Int, isCollection: Bool))? {
            let first = statement.lowerBound
            guard tokens[first].word == .for, first + 3 < statement.upperBound, tokens[first + 1].kind == .identifier,
                  tokens[first + 2].word == .in,
                  let open = StatementPath.blockBrace(after: first, before: statement.upperBound, file),
                  file.closing(open) + 1 == statement.upperBound, let body = file.statements(inBlock: open) else { return nil }
            var sequence = (first + 3)..<open
            let explicitSelf = tokens[sequence.lowerBound].word == .self
            if explicitSelf, sequence.count == 3, tokens[sequence.lowerBound + 1].kind == .period {
                sequence = (sequence.lowerBound + 2)..<open
            }
            guard sequence.count == 1, tokens[sequence.lowerBound].kind == .identifier else { return nil }
            let name = file.source.text(sequence.lowerBound)
            guard let holder = held[name], holder.isCollection,
                  explicitSelf || !ModelStateChanges.isShadowed(name, in: scope(file), parameters: parameters, file),
                  body.allSatisfy({ mentions($0).isEmpty }) else { return nil }
            let element = file.source.text(first + 1)
            /// The element's mentions in a statement (not `other.element`).
            func elementMentions(_ inner: Range<Int>) -> [Int] { ChangeBlocks.bareMentions(of: element, in: inner, file) }
            let source = ModelStateChanges.cached(holder.type, unit: context.units.units[holder.unit], context, in: &models)
            /// A read of a tracked property of the element in a head, `item.done` (`if item.done`,
            /// `item.count > 3`), or a call on it when its written type is a standard value type
            /// (`item.name.isEmpty`, `item.name.contains(query)`), which reaches no object.
            func isValueRead(_ index: Int) -> Bool {
                guard index + 2 < tokens.count, tokens[index + 1].kind == .period, tokens[index + 2].kind == .identifier,
                      let property = source.properties[file.source.text(index + 2)], property.tracking == .tracked,
                      !property.isClass else { return false }
                let next = index + 3 < tokens.count ? tokens[index + 3].kind : .rightBrace
                if ![TokenKind.period, .postfixQuestionMark, .exclamationMark, .leftSquare, .leftParen].contains(next) { return true }
                let declaration = context.declaration(property.id)
                let declaredIn = context.files[property.id.file]
                guard let annotation = declaration.bindings.first(where: { $0.name == file.source.text(index + 2) })?.typeAnnotation
                else { return false }
                return ObjectWillChangeSend.standardValueTypes.contains(declaredIn.compactText(annotation))
            }
            /// Whether a statement binds a name outside its blocks (`if let first = item.children.first`,
            /// `case .linked(let child)`): the bound value may be an object the loop then changes.
            func bindsInHead(_ inner: Range<Int>, blocks: [[Range<Int>]]) -> Bool {
                inner.contains { index in [.let, .var].contains(tokens[index].word) && !ChangeBlocks.isInBlocks(index, blocks) }
            }
            var changes = 0
            /// Every statement naming the element changes only state it tracks through it; the
            /// heads of `if` and `switch` statements may read its tracked values.
            func onlyChanges(_ statements: [Range<Int>]) -> Bool {
                statements.allSatisfy { inner in
                    // `continue` or `break` alone changes nothing.
                    if inner.count == 1, [.continue, .break].contains(tokens[inner.lowerBound].word) { return true }
                    let found = elementMentions(inner)
                    if found == [inner.lowerBound],
                       ObjectWillChangeRelay.changesOnlyTrackedState(of: source, through: inner.lowerBound, statement: inner, file, context) {
                        changes += 1
                        return true
                    }
                    // A statement that does not change the element (`thing.done = true` beside it)
                    // may change what nothing tracks: only `if` and `switch` around such changes.
                    guard let blocks = ChangeBlocks.blocks(of: inner, file), !bindsInHead(inner, blocks: blocks) else { return false }
                    let inHeads = found.filter { !ChangeBlocks.isInBlocks($0, blocks) }
                    return inHeads.allSatisfy(isValueRead) && blocks.allSatisfy(onlyChanges)
                }
            }
            return onlyChanges(body) && changes > 0 ? (name, holder) : nil
        }
        func isTrackedChange(_ statement: Range<Int>) -> Bool {
            if let (name, holder) = isElementLoop(statement) {
                units.insert(holder.unit)
                changed = changed ?? name + "[…]"
                return true
            }
            guard let (name, at, through) = heldName(statement), mentions(statement) == [at], let holder = held[name] else { return false }
            let (type, unit) = (holder.type, holder.unit)
            let source = ModelStateChanges.cached(type, unit: context.units.units[unit], context, in: &models)
            guard ObjectWillChangeRelay.changesOnlyTrackedState(of: source, through: through, statement: statement, file, context) else {
                return false
            }
            units.insert(unit)
            changed = changed ?? (holder.isCollection ? name + "[…]" : name)
            return true
        }
        // Every statement that reaches a held model only changes state it tracks, read into the
        // blocks of `if` and `switch` statements (whose heads may not reach one).
        guard ChangeBlocks.onlyChanges(stretch, file, mentions: mentions, isChange: isTrackedChange), let name = changed, units.count == 1, let unit = units.first,
              let edits = removal(file) else { return nil }
        return (edits, name, unit)
    }

    /// The model's stored properties holding a model class of a unit, or an array of one, by
    /// name, with the class and unit.
    private func heldModels(_ context: RuleContext) -> [String: (type: DeclarationID, unit: Int, isCollection: Bool)] {
        var held: [String: (type: DeclarationID, unit: Int, isCollection: Bool)] = [:]
        for (name, property) in model.properties {
            let variable = context.declaration(property.id)
            guard let binding = variable.bindings.first(where: { $0.name == name }) else { continue }
            if property.isClass {
                guard case .declared(let type) = context.index.typer.variableType(binding, declarationID: property.id),
                      type != model.classID, let unit = context.units.unitOf[type] else { continue }
                held[name] = (type, unit, false)
            } else if case .declared(let element)? = context.index.typer.arrayElementType(binding, declarationID: property.id),
                      element != model.classID, let unit = context.units.unitOf[element] {
                held[name] = (element, unit, true)
            }
        }
        return held
    }

    /// The properties outside tracking that the statements running with the send change, or
    /// call methods of: the send may announce what they change.
    func untrackedEffects(_ file: FileStructure, _ context: RuleContext) -> [String] {
        allUntrackedEffects(file, context).filter(model.isVisible)
    }

    private func allUntrackedEffects(_ file: FileStructure, _ context: RuleContext) -> [String] {
        let stretch = path.stretch(in: file)
        return model.untrackedEffects(in: stretch, file, scope: scope(file), parameters: parameters)
            + model.untrackedEffects(ofCallsIn: stretch, file, context)
    }

    /// Removes the send statement, or the `if flag { … }` around it when it was that block's
    /// only statement and the condition has no effect of its own.
    private func removal(_ file: FileStructure) -> [Edit]? {
        let level = path.levels[path.levels.count - 1]
        let builder = EditBuilder(file: file)
        guard level.statements.count == 1 else { return [Self.removeStatement(level.statement, level, builder, file)] }
        guard path.levels.count >= 2 else { return nil }
        let outer = path.levels[path.levels.count - 2]
        let statement = outer.statement
        let tokens = file.tokens
        // `if flag {` with nothing after the block, and a condition of names and operators.
        guard level.kind == .branch, tokens[statement.lowerBound].word == .if,
              file.closing(level.open) + 1 == statement.upperBound,
              ((statement.lowerBound + 1)..<level.open).allSatisfy({ index in
                  [.identifier, .period, .prefixOperator, .binaryOperator, .exclamationMark].contains(tokens[index].kind)
                      || [.self, .true, .false, .nil].contains(tokens[index].word)
              }) else { return nil }
        return [Self.removeStatement(statement, outer, builder, file)]
    }

    /// A statement's removal with the `;` joining it to its neighbour on the line, and a blank
    /// line it would leave right before the block's `}`.
    private static func removeStatement(_ statement: Range<Int>, _ level: StatementPath.Level, _ builder: EditBuilder,
                                        _ file: FileStructure) -> Edit {
        let tokens = file.tokens
        var range = statement
        if range.upperBound < tokens.count, tokens[range.upperBound].kind == .semicolon {
            range = range.lowerBound..<(range.upperBound + 1)
        } else if tokens[range.lowerBound - 1].kind == .semicolon {
            // `a; send()` on one line: from the `;` to the call, so `{ a; send() }` reads `{ a }`.
            return .delete(Int(tokens[range.lowerBound - 1].start)..<Int(tokens[range.upperBound - 1].end))
        }
        return level.statements.last == statement ? builder.removeLast(range, closedBy: file.closing(level.open)) : builder.remove(range)
    }

    /// The `access`/`withMutation` edits when the send is a top-level statement of a computed
    /// property's setter, or of a wrapped property's observer, and the property's name.
    func accessorRewrite(_ context: RuleContext) -> ([Edit], String)? {
        guard let accessor, path.levels.count == 1 else { return nil }
        let edits: [Edit]?
        switch accessor {
        case .set:
            edits = AccessorNotification.edits(send: path.target, setterOpen: path.body.open, variableID: host, context, model: model)
        case .willSet, .didSet:
            guard case .wrapped = ModelProperties.role(of: host, in: context, deinitReads: []) else { return nil }
            edits = WrappedStorageNotification.edits(send: path.target, observer: accessor, variableID: host, context, model: model)
        default:
            edits = nil
        }
        return edits.map { ($0, context.declaration(host).name) }
    }
}
