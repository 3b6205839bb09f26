import SourceScan

/// A model passing another model's changes on as its own, the nested-`ObservableObject` idiom:
///
///     self.cancellable = tabManager.objectWillChange
///         .receive(on: DispatchQueue.main)
///         .sink { [weak self] _ in self?.objectWillChange.send() }
///
/// as a whole statement of one of the model's methods or initializers, `tabManager` a stored
/// property of the model holding a model class of the tree, or a class of the tree already
/// `@Observable` (a tree migrated halfway). Observation needs no relay: a view that reads the
/// outer model's state derived from the inner one tracks the inner model's properties itself.
/// The statement goes with the inner model's unit (review: views that read nothing of the
/// inner model no longer re-render with it). The inner model may migrate alone: a legacy
/// holder's views read it through the holder, and SwiftUI tracks an `@Observable` object in any
/// view body. The holder migrates only with it, or its views would read a legacy model.
struct ObjectWillChangeRelay {
    /// The `source.objectWillChange` site, which belongs to the source model's unit.
    let subscription: Site
    /// The unit of the model holding the relay.
    let relayingUnit: Int
    /// The class holding the relay.
    let relayingClass: DeclarationID
    /// The stored property of `relayingClass` holding the source model.
    let sourceName: String
    /// The source model's class.
    let sourceType: DeclarationID
    /// The source model's unit; nil when the source is already `@Observable`.
    let sourceUnit: Int?
    /// The method or initializer whose body holds the statement.
    let hostID: DeclarationID
    /// The whole statement.
    let statement: Range<Int>
    /// The `objectWillChange` token of the send inside the relay's closure.
    let sendToken: Int
    /// The private function holding the relay when the relay subscribes to that function's one
    /// parameter and `statement` is a call passing the source (`forward(from: core.status)`,
    /// `ObjectWillChangeRelay+Helpers.swift`); nil when the relay names a stored property.
    var helper: DeclarationID? = nil
    /// The published property whose publisher the relay subscribes to (`child.$items.sink { …
    /// send() }`), when it relays that property's changes only; nil for `objectWillChange`.
    var property: String? = nil

    /// How the relayed publisher is written, for messages: `'child.$items'`, `'child.objectWillChange'`.
    var relayedPublisher: String { "'\(sourceName).\(property.map { "$" + $0 } ?? "objectWillChange")'" }

    /// The file holding `statement`.
    var file: Int { hostID.file }

    /// Operators that only move or thin out the relayed announcements in time: deleting the
    /// relay loses no state, only when views hear of it.
    static let timingOperators: Set<String> = ["receive", "debounce", "throttle", "delay", "subscribe", "share", "eraseToAnyPublisher"]

    /// Every relay of the tree: of a held model's `objectWillChange`, of one of its published
    /// properties' publishers (`child.$items`), or through a relay helper.
    ///
    /// A relay whose holder's own `objectWillChange` something subscribes to is left out: deleting
    /// it would cut that subscriber off from the held model's changes, so its statement stays an
    /// ordinary subscription (an observer bridge for `objectWillChange`, a publisher bridge for
    /// `$x`). A helper's relays stay relays (their subscription has no model of its own) and block.
    /// Another relay of the holder's `objectWillChange` is no such subscriber while it stays a
    /// relay itself (`ObservationUse.listener`): a chain of relays goes whole, or from where a
    /// real subscriber listens. A property relay (`child.$items`) counts every subscription, as
    /// `ObservationUse.ofPublisher` does, site by site.
    static func all(_ context: RuleContext) -> [ObjectWillChangeRelay] {
        let found = context.index.sites.compactMap { site -> ObjectWillChangeRelay? in
            guard site.receiver != nil else { return nil }
            switch site.kind {
            case .objectWillChange: return find(site, context)
            case .memberPublisher: return findPropertyRelay(site, context, checkingListeners: false)
            default: return nil
            }
        } + helperRelays(context)
        // A property relay is kept exactly when `findPropertyRelay` would find it.
        var kept = found.filter { relay in
            relay.helper != nil || relay.property == nil
                || ObservationUse.listener(toObjectWillChangeOf: relay.relayingClass, relays: [relay], context) == nil
        }
        // Dropping a relay makes its subscription a listener of its source's holder: repeat until
        // no holder kept is listened to.
        while true {
            let targets = ObservationUse.relayTargets(kept)
            let listened = Set(kept.map(\.relayingClass).filter {
                ObservationUse.listener(toObjectWillChangeOf: $0, relays: kept, targets: targets, context) != nil
            })
            let next = kept.filter { $0.helper != nil || !listened.contains($0.relayingClass) }
            if next.count == kept.count { return next }
            kept = next
        }
    }

    /// The relay whose subscription is `site`, `child.$items`: a published property of a model
    /// whose unit is being migrated (an `@Observable` one has no `$items`), relayed like its
    /// `objectWillChange`. Views that read the holder's state derived from `items` track it
    /// once the child is `@Observable`, as for any relay.
    /// `checkingListeners`: nil as well when something subscribes to the holder's own
    /// `objectWillChange` (its `$x` is then bridged like any other, and the relay kept through it).
    static func findPropertyRelay(_ site: Site, _ context: RuleContext, checkingListeners: Bool = true) -> ObjectWillChangeRelay? {
        guard case .memberPublisher(let name) = site.kind, case .declared(let sourceType) = site.type,
              let unit = context.units.unitOf[sourceType],
              OnReceiveConversion.publishedProperty(name, of: context.units.units[unit], context) != nil,
              var relay = find(site, context) else { return nil }
        relay.property = name
        if checkingListeners, ObservationUse.listener(toObjectWillChangeOf: relay.relayingClass, relays: [relay], context) != nil {
            return nil
        }
        return relay
    }

    /// The relay whose subscription is `site`, if the statement holding it is one.
    static func find(_ site: Site, _ context: RuleContext) -> ObjectWillChangeRelay? {
        let file = context.files[site.file]
        let tokens = file.tokens
        guard let receiver = site.receiver, case .declared(let sourceType) = site.type,
              context.isObservedModel(sourceType),
              let sourceName = sourcePath(receiver, file),
              let ownerID = site.ownerID, let enclosing = context.types.enclosingTypeLike(ownerID),
              let relayingClass = context.types.extendedType(enclosing), relayingClass != sourceType,
              let relayingUnit = context.units.unitOf[relayingClass],
              holdsSource(sourceName, in: relayingClass, context),
              let body = context.declaration(ownerID).body, [.function, .initializer].contains(context.declaration(ownerID).kind),
              let statements = file.statements(inBlock: body.lowerBound),
              let statement = statements.first(where: { $0.contains(site.token) }) else { return nil }
        // `[self.]name = `, `[self.]name.insert(` or `[self.]name.append(` before the receiver,
        // or nothing; the relay then runs to the statement's end, or to the `)` closing the call.
        var index = statement.lowerBound
        var end = statement.upperBound
        if index != receiver.lowerBound {
            if tokens[index].word == .self, tokens[index + 1].kind == .period { index += 2 }
            guard tokens[index].kind == .identifier else { return nil }
            if tokens[index + 1].kind == .equal, index + 2 == receiver.lowerBound {
                // `relay = child.objectWillChange…`
            } else if tokens[index + 1].kind == .period,
                      file.source.tokenText(index + 2, equals: "insert") || file.source.tokenText(index + 2, equals: "append"),
                      tokens[index + 3].kind == .leftParen, index + 4 == receiver.lowerBound,
                      file.closing(index + 3) + 1 == statement.upperBound {
                // `bag.insert(child.objectWillChange…)`, `tokens.append(child.objectWillChange…)`
                end = statement.upperBound - 1
            } else {
                return nil
            }
        }
        guard let send = relaySend(after: site.token, in: statement.lowerBound..<end, file) else { return nil }
        return ObjectWillChangeRelay(subscription: site, relayingUnit: relayingUnit, relayingClass: relayingClass,
                                     sourceName: sourceName, sourceType: sourceType,
                                     sourceUnit: context.units.unitOf[sourceType], hostID: ownerID, statement: statement, sendToken: send)
    }

    /// The send's `objectWillChange` token when the statement goes on from the subscription's
    /// `objectWillChange` token `token` as a relay: `.op(…)` calls that only time the
    /// announcements, `.sink { [weak self] _ in self?.objectWillChange.send() }`, and optionally
    /// `.store(in: &name)`, which ends the statement.
    static func relaySend(after token: Int, in statement: Range<Int>, _ file: FileStructure) -> Int? {
        let tokens = file.tokens
        var index = token + 1
        var send: Int?
        while send == nil {
            guard index + 1 < statement.upperBound, tokens[index].kind == .period, tokens[index + 1].kind == .identifier else { return nil }
            let name = file.source.text(index + 1)
            index += 2
            guard index < statement.upperBound else { return nil }
            switch name {
            case "sink" where tokens[index].kind == .leftBrace:
                // `.sink { … }`
                guard let found = onlySendToSelf(inClosure: index, file) else { return nil }
                send = found
            case "sink" where tokens[index].kind == .leftParen && file.source.tokenText(index + 1, equals: "receiveValue")
                && tokens[index + 2].kind == .colon:
                if tokens[index + 3].kind == .leftBrace, file.closing(index + 3) + 1 == file.closing(index) {
                    // `.sink(receiveValue: { … })`
                    guard let found = onlySendToSelf(inClosure: index + 3, file) else { return nil }
                    send = found
                } else {
                    // `.sink(receiveValue: objectWillChange.send)`
                    guard let found = ownPublisher((index + 3)..<file.closing(index), followedBy: ["send"], file) else { return nil }
                    send = found
                }
            case "subscribe" where tokens[index].kind == .leftParen:
                // `.subscribe(objectWillChange)`: the holder's publisher takes the child's announcements.
                guard let found = ownPublisher((index + 1)..<file.closing(index), followedBy: [], file) else { return nil }
                send = found
            case "map" where tokens[index].kind == .leftBrace:
                // `.map { _ in () }`: the announcement, as `Void`.
                guard ["{ _ in () }", "{ _ in }", "{ _ in Void() }"].contains(file.compactText(index..<(file.closing(index) + 1))) else {
                    return nil
                }
            default:
                guard timingOperators.contains(name), tokens[index].kind == .leftParen else { return nil }
            }
            index = file.closing(index) + 1
        }
        if index < statement.upperBound {
            guard tokens[index].kind == .period, file.source.tokenText(index + 1, equals: "store"),
                  tokens[index + 2].kind == .leftParen, file.closing(index + 2) + 1 == statement.upperBound else { return nil }
            index = statement.upperBound
        }
        return index == statement.upperBound ? send : nil
    }

    /// The `objectWillChange` token when `range` is exactly `[self.]objectWillChange`, then
    /// `.name` for each of `members` (`objectWillChange.send`).
    private static func ownPublisher(_ range: Range<Int>, followedBy members: [String], _ file: FileStructure) -> Int? {
        let tokens = file.tokens
        var index = range.lowerBound
        if index + 1 < range.upperBound, tokens[index].word == .self, tokens[index + 1].kind == .period { index += 2 }
        guard index < range.upperBound, file.source.tokenText(index, equals: "objectWillChange") else { return nil }
        let publisher = index
        for member in members {
            guard index + 2 < range.upperBound, tokens[index + 1].kind == .period, file.source.tokenText(index + 2, equals: member) else {
                return nil
            }
            index += 2
        }
        return index + 1 == range.upperBound ? publisher : nil
    }

    /// The edit removing the relay's statement (for a helper's relay, the call passing the
    /// source). A function left holding only relays, and the calls to it, go in a tidy-up once
    /// every relay in it is written (`tidyUps`), so that a relay whose unit stays legacy is kept.
    func removal(_ context: RuleContext) -> [FileEdit] {
        [FileEdit(file: file, edit: EditBuilder(file: context.files[file]).remove(statement))]
    }

    /// What else a view sees change, in the words of the report: where the relay was not
    /// announcing for the holder's whole life, the migrated views are fresher than the legacy ones;
    /// a source reached through a computed property is no longer fetched where the relay was set up.
    func fresherViews(_ context: RuleContext) -> [String] {
        var notes: [String] = []
        let root = sourceName.hasPrefix("self.") ? String(sourceName.dropFirst(5)).split(separator: ".")[0]
            : sourceName.split(separator: ".")[0]
        let source = context.variables(ofModel: relayingClass).first { id in
            context.declaration(id).bindings.contains { $0.name.map { $0 == root } ?? false }
        }
        if let source, !context.declaration(source).isLet {
            notes.append("'\(root)' is a var: once it is replaced, views follow the new object, where the relay kept "
                         + "announcing the first one's changes")
        }
        let host = context.declaration(hostID)
        if host.kind != .initializer, !Self.runsOnlyFromInitializers(host.name, in: relayingClass, context) {
            notes.append("views follow '\(sourceName)' from the start, where the relay announced its changes only once "
                         + "\(host.name)() had run")
        }
        let computed = helper != nil ? Self.computedStep(of: statement, fileIndex: file, in: relayingClass, context)
            : subscription.receiver.flatMap { Self.computedStep(onPath: $0, fileIndex: file, in: relayingClass, context) }
        if let computed {
            notes.append("'\(sourceName)' is no longer read where the relay was set up, and '\(computed)' is computed: "
                         + "whatever it creates on first read is created later")
        }
        return notes
    }

    /// Whether every member of the class mentioning `name` is an initializer.
    private static func runsOnlyFromInitializers(_ name: String, in classID: DeclarationID, _ context: RuleContext) -> Bool {
        let mentioning = mentions(of: name, in: classID, context)
        return !mentioning.isEmpty && mentioning.allSatisfy { context.declaration($0.member).kind == .initializer }
    }

    /// The members of the class, other than those named `name`, whose bodies mention `name`, with
    /// the tokens that do.
    private static func mentions(of name: String, in classID: DeclarationID, _ context: RuleContext)
        -> [(member: DeclarationID, tokens: [Int])] {
        (context.modelMembers[classID] ?? []).compactMap { memberID in
            let member = context.declaration(memberID)
            guard let body = member.body, member.name != name else { return nil }
            let file = context.files[memberID.file]
            let tokens = body.filter { file.tokens[$0].kind == .identifier && file.source.tokenText($0, equals: name) }
            return tokens.isEmpty ? nil : (memberID, tokens)
        }
    }

    /// Whether a declaration is a `private` function without parameters: only the class and its
    /// extensions can call it, and `callStatements` sees them all.
    static func isPrivateWithoutParameters(_ declaration: Declaration) -> Bool {
        declaration.kind == .function && declaration.hasModifier(.private) && (declaration.parameters.map { $0.count <= 2 } ?? false)
    }

    /// The edits removing the function `functionID` of the class and the statements calling it
    /// (`removalOfCalls`); nil when it is used otherwise (`callStatements`). `arguments` says
    /// what a call may pass.
    static func removalOfFunction(_ functionID: DeclarationID, in classID: DeclarationID, _ context: RuleContext,
                                  arguments: (Range<Int>, FileStructure) -> Bool = { range, _ in range.isEmpty }) -> [FileEdit]? {
        let function = context.declaration(functionID)
        guard let calls = callStatements(of: function.name, in: classID, context, arguments: arguments) else { return nil }
        return [FileEdit(file: functionID.file, edit: removeMember(function, context.files[functionID.file]))]
            + removalOfCalls(calls, context)
    }

    /// Whether every use of the source in the body opened at `bodyOpen` is a statement changing
    /// only state the source tracks: `child.x = v`, `child.items.append(v)` (a tracked property
    /// of the source), or `child.f(…)` where every `f` of the source changes only such properties,
    /// statement by statement. A send of the holder next to anything else may have announced a
    /// change nothing tracks (a method storing in `UserDefaults`), so it stays. Nil source unit
    /// (a source already `@Observable`): its methods are not read, so never.
    /// `models` caches each class's `ModelStateChanges`, as the send rule's does.
    func changesOnlyTrackedState(inBody bodyOpen: Int, _ file: FileStructure, _ context: RuleContext,
                                 models: inout [DeclarationID: ModelStateChanges]) -> Bool {
        guard let sourceUnit else { return false }
        let source = ModelStateChanges.cached(sourceType, unit: context.units.units[sourceUnit], context, in: &models)
        let tokens = file.tokens
        let body = bodyOpen..<(file.closing(bodyOpen) + 1)
        for index in body where tokens[index].kind == .identifier && file.source.tokenText(index, equals: sourceName) {
            // Only the holder's property: `child…` or `self.child…`, not `other.child`.
            let isSelfMember = index >= 2 && tokens[index - 1].kind == .period && tokens[index - 2].word == .self
            if tokens[index - 1].kind == .period && !isSelfMember { continue }
            let start = isSelfMember ? index - 2 : index
            guard let statement = StatementPath(to: index, fromBody: bodyOpen, in: file)?.target, statement.lowerBound == start,
                  Self.changesOnlyTrackedState(of: source, through: index, statement: statement, file, context) else {
                return false
            }
        }
        return true
    }

    /// Whether `statement`, which starts with the holder's property naming the source (its name
    /// at `name`, after an optional `self.`), only changes state the source tracks: `child.x = v`,
    /// `child.items.append(v)` (a tracked property of the source), or `child.f(…)` where every `f`
    /// of the source changes only such properties, statement by statement.
    static func changesOnlyTrackedState(of source: ModelStateChanges, through name: Int, statement: Range<Int>,
                                        _ file: FileStructure, _ context: RuleContext) -> Bool {
        let tokens = file.tokens
        guard name + 2 < statement.upperBound, tokens[name + 1].kind == .period, tokens[name + 2].kind == .identifier else { return false }
        // The rest of the statement, from the property on, is a whole change of it (`x = v` runs to
        // the statement's end, `items.append(v)` must).
        if source.isTrackedChange((name + 2)..<statement.upperBound, in: file, scope: statement, parameters: nil) { return true }
        return name + 3 < statement.upperBound && tokens[name + 3].kind == .leftParen && file.closing(name + 3) + 1 == statement.upperBound
            && source.methodChanges(file.source.text(name + 2), labels: ArgumentList(open: name + 3, file).labels, context) != nil
    }

    /// Removes a member declaration, with the blank line before it when it is the last member.
    private static func removeMember(_ member: Declaration, _ file: FileStructure) -> Edit {
        let builder = EditBuilder(file: file)
        guard let parent = member.parent, let body = file.declarations[parent].body,
              member.tokens.upperBound == body.upperBound - 1 else { return builder.remove(member.tokens) }
        return builder.removeLast(member.tokens, closedBy: body.upperBound - 1)
    }

    /// A call statement of a member's body, at any depth.
    struct CallStatement {
        /// The member whose body holds it.
        var member: DeclarationID
        /// The whole statement, `[self.]name(…)`.
        var tokens: Range<Int>
        /// The tokens between its parentheses.
        var arguments: Range<Int>
    }

    /// The statements `[self.]name(…)` in the bodies of the class's members, at any depth (in an
    /// `if`, a closure), whose arguments `arguments` accepts, when those are every mention of
    /// `name` there; nil when it is mentioned otherwise (passed along, called with a result used)
    /// or not called at all.
    static func callStatements(of name: String, in classID: DeclarationID, _ context: RuleContext,
                               arguments: (Range<Int>, FileStructure) -> Bool) -> [CallStatement]? {
        var calls: [CallStatement] = []
        for (memberID, mentions) in mentions(of: name, in: classID, context) {
            let file = context.files[memberID.file]
            guard let body = context.declaration(memberID).body else { continue }
            for mention in mentions {
                let start = mention >= 2 && file.tokens[mention - 1].kind == .period && file.tokens[mention - 2].word == .self
                    ? mention - 2 : mention
                guard mention + 1 < body.upperBound, file.tokens[mention + 1].kind == .leftParen else { return nil }
                let close = file.closing(mention + 1)
                let call = start..<(close + 1)
                guard StatementPath(to: mention, fromBody: body.lowerBound, in: file)?.target == call,
                      arguments((mention + 2)..<close, file) else { return nil }
                calls.append(CallStatement(member: memberID, tokens: call, arguments: (mention + 2)..<close))
            }
        }
        return calls.isEmpty ? nil : calls
    }

    /// The edits removing call statements. A statement that only runs a closure holding some of
    /// them and nothing else but `guard let self else { return }` (`MainActor.assumeIsolated {
    /// [weak self] in … }`) goes whole, since nothing would be left for it to run.
    static func removalOfCalls(_ calls: [CallStatement], _ context: RuleContext) -> [FileEdit] {
        var removed: [(file: Int, tokens: Range<Int>)] = []
        var wrappers = Set<[Int]>()
        for call in calls {
            let file = context.files[call.member.file]
            if let wrapper = emptiedWrapper(around: call, among: calls, file, context) {
                if wrappers.insert([call.member.file, wrapper.lowerBound]).inserted { removed.append((call.member.file, wrapper)) }
            } else {
                removed.append((call.member.file, call.tokens))
            }
        }
        return removed.map { FileEdit(file: $0.file, edit: EditBuilder(file: context.files[$0.file]).remove($0.tokens)) }
    }

    /// The statement `a.b { … }` around `call` whose closure holds only calls of `calls` and
    /// `guard let self else { return }`, nothing before the closure but a name.
    static func emptiedWrapper(around call: CallStatement, among calls: [CallStatement], _ file: FileStructure,
                                       _ context: RuleContext) -> Range<Int>? {
        guard let body = context.declaration(call.member).body,
              let path = StatementPath(to: call.tokens.lowerBound, fromBody: body.lowerBound, in: file),
              path.body.open != body.lowerBound,
              let wrapper = StatementPath(to: path.body.open, fromBody: body.lowerBound, in: file)?.target,
              file.closing(path.body.open) + 1 == wrapper.upperBound,
              (wrapper.lowerBound..<path.body.open).allSatisfy({ [.identifier, .period].contains(file.tokens[$0].kind) }) else {
            return nil
        }
        let siblings = Set(calls.filter { $0.member == call.member }.map(\.tokens))
        return path.body.statements.allSatisfy { siblings.contains($0) || selfUnwrappingGuards.contains(file.compactText($0)) } ? wrapper : nil
    }

    /// The statements that only unwrap `self` before what a closure runs for it, as written.
    static let selfUnwrappingGuards: Set<String> = ["guard let self else { return }", "guard let self = self else { return }"]

    /// `name`, `self.name`, or a path of names from one (`services.player`, `self.a.b`), as written
    /// without `self.`; a step may be optional (`loader?`, `services.player?`: when it is nil
    /// the relay subscribes to nothing, and a view reading through it tracks nothing either),
    /// written without its `?`.
    private static func sourcePath(_ receiver: Range<Int>, _ file: FileStructure) -> String? {
        let tokens = file.tokens
        var start = receiver.lowerBound
        if receiver.count >= 3, tokens[start].word == .self, tokens[start + 1].kind == .period { start += 2 }
        let path = (start..<receiver.upperBound).filter { index in
            !(tokens[index].kind == .postfixQuestionMark && index > start && tokens[index - 1].kind == .identifier)
        }
        guard !path.isEmpty, path.count % 2 == 1,
              path.enumerated().allSatisfy({ offset, index in tokens[index].kind == (offset % 2 == 0 ? .identifier : .period) }) else {
            return nil
        }
        return path.map { file.source.text($0) }.joined()
    }

    /// Whether the holder keeps the source: a stored property of its own, or a path whose first
    /// step is one of its properties (`services.player`: the relay subscribed to what the path
    /// reached; a view reading it through the holder tracks it under Observation).
    private static func holdsSource(_ path: String, in classID: DeclarationID, _ context: RuleContext) -> Bool {
        let steps = path.split(separator: ".").map(String.init)
        guard steps.count > 1 else { return isStoredProperty(path, of: classID, context) }
        return context.variables(ofModel: classID).contains { id in
            let variable = context.declaration(id)
            return !variable.hasModifier(.static) && !variable.hasModifier(.class) && variable.bindings.contains { $0.name == steps[0] }
        }
    }

    /// Whether `name` is an instance stored property of the class (or of its extensions).
    static func isStoredProperty(_ name: String, of classID: DeclarationID, _ context: RuleContext) -> Bool {
        context.variables(ofModel: classID).contains { id in
            let variable = context.declaration(id)
            return !variable.hasModifier(.static) && !variable.hasModifier(.class) && context.isStored(variable)
                && variable.bindings.contains { $0.name == name }
        }
    }

    /// The `objectWillChange` token when the closure's one statement is
    /// `[self.|self?.]objectWillChange.send()`, perhaps after `guard let self else { return }`, or
    /// a hop to the main queue holding only that (`DispatchQueue.main.async { … }`, `Task {
    /// @MainActor in … }`), which only delays the announcement as `receive(on:)` does.
    private static func onlySendToSelf(inClosure open: Int, _ file: FileStructure) -> Int? {
        guard var statements = file.statements(inBlock: open) else { return nil }
        if statements.count == 2, selfUnwrappingGuards.contains(file.compactText(statements[0])) { statements.removeFirst() }
        guard statements.count == 1 else { return nil }
        let tokens = file.tokens
        let statement = statements[0]
        if tokens[statement.upperBound - 1].kind == .rightBrace {
            let inner = Int(file.matchingBracket[statement.upperBound - 1])
            let callee = file.compactText(statement.lowerBound..<inner)
            let signature = file.closureSignature(inBlock: inner).map { file.compactText($0) }
            guard callee == "DispatchQueue.main.async" || (callee == "Task" && (signature?.contains("@MainActor") ?? false)) else {
                return nil
            }
            return onlySendToSelf(inClosure: inner, file)
        }
        guard let send = ModelProperties.sendCall(in: statement, file: file), send == statement,
              let token = send.first(where: { file.source.tokenText($0, equals: "objectWillChange") }),
              tokens[token + 4].kind == .rightParen else { return nil }
        return token
    }
}

/// The relay an `ObservableObject` writes around an `@Observable` object it holds, re-armed on
/// every change (what `withObservationTracking` asks for):
///
///     private func observeHistory() {
///         withObservationTracking {
///             _ = history.backStack
///         } onChange: { [weak self] in
///             Task { @MainActor [weak self] in
///                 self?.objectWillChange.send()
///                 self?.observeHistory()
///             }
///         }
///     }
///
/// Once the holder is `@Observable` too, a view reading its state derived from the held object
/// tracks that object itself: the function and the statements calling it go (review, as for
/// `ObjectWillChangeRelay`).
enum ObservationTrackingRelay {
    /// The edits removing the relay whose send is `site`, and the relay function's name.
    static func removal(forSend site: Site, _ context: RuleContext) -> (edits: [FileEdit], function: String)? {
        guard let hostID = site.ownerID, let enclosing = context.types.enclosingTypeLike(hostID),
              let classID = context.types.extendedType(enclosing) else { return nil }
        let host = context.declaration(hostID)
        let file = context.files[site.file]
        let tokens = file.tokens
        guard ObjectWillChangeRelay.isPrivateWithoutParameters(host), let body = host.body,
              let statements = file.statements(inBlock: body.lowerBound), statements.count == 1 else { return nil }
        // `withObservationTracking { … } onChange: { … }`, the whole statement.
        let statement = statements[0]
        let tracked = statement.lowerBound + 1
        guard file.source.tokenText(statement.lowerBound, equals: "withObservationTracking"), tokens[tracked].kind == .leftBrace else {
            return nil
        }
        let label = file.closing(tracked) + 1
        guard label + 2 < statement.upperBound, file.source.tokenText(label, equals: "onChange"), tokens[label + 1].kind == .colon,
              tokens[label + 2].kind == .leftBrace, file.closing(label + 2) + 1 == statement.upperBound,
              var reaction = file.statements(inBlock: label + 2) else { return nil }
        // The reaction may hop to the main actor first: `Task { … }`, `DispatchQueue.main.async { … }`.
        if reaction.count == 1, tokens[reaction[0].upperBound - 1].kind == .rightBrace {
            let open = Int(file.matchingBracket[reaction[0].upperBound - 1])
            guard open > reaction[0].lowerBound else { return nil }
            let callee = file.compactText(reaction[0].lowerBound..<open)
            guard callee == "Task" || callee == "DispatchQueue.main.async", let inner = file.statements(inBlock: open) else { return nil }
            reaction = inner
        }
        // The send and the re-arming call, nothing else.
        guard reaction.count == 2, let send = reaction.first(where: { $0.contains(site.token) }),
              ModelProperties.sendCall(in: send, file: file) == send,
              let rearm = reaction.first(where: { $0 != send }),
              ["\(host.name)()", "self.\(host.name)()", "self?.\(host.name)()"].contains(file.compactText(rearm)),
              let edits = ObjectWillChangeRelay.removalOfFunction(hostID, in: classID, context) else { return nil }
        return (edits, host.name)
    }
}
