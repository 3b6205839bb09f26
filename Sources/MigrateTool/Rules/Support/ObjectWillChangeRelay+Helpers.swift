import SourceScan

/// Relays written once, in a private function of the holder that takes the model to relay:
///
///     init() {
///         forwardObjectWillChange(from: core.gameStatusManager)
///         MainActor.assumeIsolated { [weak self] in
///             guard let self else { return }
///             forwardObjectWillChange(from: ui.windowDataStore)
///         }
///     }
///
///     private func forwardObjectWillChange(from object: some ObservableObject) {
///         object.objectWillChange
///             .sink { [weak self] _ in self?.objectWillChange.send() }
///             .store(in: &cancellables)
///     }
///
/// Each call is one relay (`ObjectWillChangeRelay.helper`): the call statement goes with the
/// passed model's unit, which may migrate alone, and the holder needs it, as for a relay written
/// out. The function's `ObservableObject` constraint couples nothing: only the calls reach it,
/// each passes a model of the tree (a path of names, typed), and the function itself goes, with
/// what is left of the calls, once every one of them is written (`tidyUps`).
extension ObjectWillChangeRelay {
    /// Every call of a relay helper of the tree, as a relay. A helper with a call this cannot
    /// follow (an argument that is not a path of names, or not a model of the tree) gives none:
    /// its constraint then couples every model, as before.
    static func helperRelays(_ context: RuleContext) -> [ObjectWillChangeRelay] {
        var relays: [ObjectWillChangeRelay] = []
        var seen = Set<DeclarationID>()
        for site in context.index.sites where site.kind == .objectWillChange {
            guard let helperID = site.ownerID, seen.insert(helperID).inserted,
                  let helper = helper(subscribedAt: site, context) else { continue }
            relays += helper
        }
        return relays
    }

    /// The relays of the helper holding `site` (`parameter.objectWillChange`), if it is one.
    private static func helper(subscribedAt site: Site, _ context: RuleContext) -> [ObjectWillChangeRelay]? {
        let file = context.files[site.file]
        guard let helperID = site.ownerID, let receiver = site.receiver, receiver.count == 1 else { return nil }
        let function = context.declaration(helperID)
        guard function.kind == .function, function.hasModifier(.private),
              let parameter = modelParameter(of: function, file), file.source.tokenText(receiver.lowerBound, equals: parameter),
              let body = function.body, let statements = file.statements(inBlock: body.lowerBound), statements.count == 1,
              statements[0].lowerBound == receiver.lowerBound,
              let send = relaySend(after: site.token, in: statements[0], file),
              let enclosing = context.types.enclosingTypeLike(helperID), let holder = context.types.extendedType(enclosing),
              let holderUnit = context.units.unitOf[holder] else { return nil }
        var sources: [(call: CallStatement, type: DeclarationID)] = []
        guard let calls = callStatements(of: function.name, in: holder, context, arguments: { arguments, file in
            labelled(arguments, file) != nil
        }) else { return nil }
        for call in calls {
            let callFile = context.files[call.member.file]
            guard let argument = labelled(call.arguments, callFile),
                  case .declared(let type) = context.index.typer.typeOf(argument, file: call.member.file), type != holder,
                  context.isObservedModel(type) else { return nil }
            sources.append((call, type))
        }
        return sources.map { call, type in
            let callFile = context.files[call.member.file]
            return ObjectWillChangeRelay(subscription: site, relayingUnit: holderUnit, relayingClass: holder,
                                         sourceName: callFile.compactText(labelled(call.arguments, callFile)!), sourceType: type,
                                         sourceUnit: context.units.unitOf[type], hostID: call.member, statement: call.tokens,
                                         sendToken: send, helper: helperID)
        }
    }

    /// The one parameter's name when the function takes one model of any type:
    /// `(from object: some ObservableObject)`, `any ObservableObject`, or `T` with `<T: ObservableObject>`.
    private static func modelParameter(of function: Declaration, _ file: FileStructure) -> String? {
        guard let parameters = function.parameters, parameters.count >= 5 else { return nil }
        let inside = (parameters.lowerBound + 1)..<(parameters.upperBound - 1)
        guard let colon = inside.first(where: { file.tokens[$0].kind == .colon }),
              !inside.contains(where: { file.tokens[$0].kind == .comma }),
              (1...2).contains(colon - inside.lowerBound), file.tokens[colon - 1].kind == .identifier else { return nil }
        let type = file.compactText((colon + 1)..<inside.upperBound)
        let generic = function.genericParameters.contains { $0.name == type && $0.constraint == "ObservableObject" }
        guard type == "some ObservableObject" || type == "any ObservableObject" || generic else { return nil }
        return file.source.text(colon - 1)
    }

    /// The argument of a one-argument call when it is a path of names (`child`, `self.a.b`): reading
    /// it has no effect a relay's removal would lose but the reads of computed properties.
    private static func labelled(_ arguments: Range<Int>, _ file: FileStructure) -> Range<Int>? {
        let tokens = file.tokens
        var start = arguments.lowerBound
        if arguments.count >= 3, tokens[start].kind == .identifier, tokens[start + 1].kind == .colon { start += 2 }
        let path = start..<arguments.upperBound
        guard !path.isEmpty, tokens[start].kind == .identifier || tokens[start].word == .self,
              path.allSatisfy({ [.identifier, .period].contains(tokens[$0].kind) || tokens[$0].word == .self }),
              zip(path, path.dropFirst()).allSatisfy({ (tokens[$0].kind == .period) != (tokens[$1].kind == .period) }),
              tokens[path.upperBound - 1].kind != .period else { return nil }
        return path
    }

    /// The first computed property on the path a helper's call passes, as written up to it
    /// (`core.gameStatusManager`), or nil when every step is stored.
    static func computedStep(of call: Range<Int>, fileIndex: Int, in holder: DeclarationID, _ context: RuleContext) -> String? {
        let file = context.files[fileIndex]
        guard let open = call.first(where: { file.tokens[$0].kind == .leftParen }),
              let path = labelled((open + 1)..<file.closing(open), file) else { return nil }
        return computedStep(onPath: path, fileIndex: fileIndex, in: holder, context)
    }

    /// The first computed property on the path of names `path` (`self.a.b`), from the holder.
    static func computedStep(onPath path: Range<Int>, fileIndex: Int, in holder: DeclarationID, _ context: RuleContext) -> String? {
        let file = context.files[fileIndex]
        var owner = holder
        for index in path where file.tokens[index].kind == .identifier {
            let name = file.source.text(index)
            let variable = RuleContext.members(of: owner, index: context.index).first { id in
                let member = context.declaration(id)
                return member.kind == .variable && member.bindings.contains { $0.name == name }
            }
            guard let variable else { return nil }
            if !context.isStored(context.declaration(variable)) { return file.compactText(path.lowerBound..<(index + 1)) }
            guard case .declared(let next) = context.index.typer.typeOf(path.lowerBound..<(index + 1), file: fileIndex) else { return nil }
            owner = next
        }
        return nil
    }

    /// The tidy-ups once relays are gone: a private function left with nothing but relays (a
    /// `bindChildren()` of relays written out, or a relay helper), with the statements calling it,
    /// written only when every unit whose relay it holds is written in the same run. Each relay's
    /// own statement goes with its unit; this removes what is then empty, and couples nothing.
    static func tidyUps(_ relays: [ObjectWillChangeRelay], _ context: RuleContext, ruleID: String) -> [Finding] {
        var groups: [DeclarationID: [ObjectWillChangeRelay]] = [:]
        for relay in relays {
            if let helper = relay.helper {
                groups[helper, default: []].append(relay)
            } else if isPrivateWithoutParameters(context.declaration(relay.hostID)) {
                groups[relay.hostID, default: []].append(relay)
            }
        }
        return groups.keys.sorted { ($0.file, $0.declaration) < ($1.file, $1.declaration) }.compactMap { functionID -> [Finding]? in
            let group = groups[functionID]!
            let function = context.declaration(functionID)
            let file = context.files[functionID.file]
            let holder = group[0].relayingClass
            let edits: [FileEdit]?
            if group[0].helper != nil {
                edits = removalOfFunction(functionID, in: holder, context) { arguments, file in labelled(arguments, file) != nil }
            } else {
                guard let body = function.body, let statements = file.statements(inBlock: body.lowerBound),
                      statements.allSatisfy({ statement in group.contains { $0.statement == statement } }) else { return nil }
                edits = removalOfFunction(functionID, in: holder, context)
            }
            guard let edits else { return nil }
            let units = Self.units(of: group)
            let names = units.map { context.units.units[$0].name }
            let what = group[0].helper == nil ? "\(function.name)() only relays objectWillChange"
                : "'\(function.name)' only relays the objectWillChange of the model passed to it"
            return [Finding(ruleID: ruleID, fixClass: .review, file: functionID.file,
                            offset: Int(file.tokens[function.keyword].start),
                            message: "\(what); once every model it relays is written (\(names.joined(separator: ", "))), it goes "
                                + "with the statements calling it",
                            suggestion: nil, edits: edits, tidiesUpAfterUnits: units)]
                + wrapperTidyUps(group, context, ruleID: ruleID)
        }.flatMap { $0 }
    }

    /// The units whose runs remove the relays of `relays`.
    private static func units(of relays: [ObjectWillChangeRelay]) -> [Int] {
        Array(Set(relays.map { $0.sourceUnit ?? $0.relayingUnit })).sorted()
    }

    /// For a helper's calls inside a closure that holds nothing else but `guard let self`: the
    /// closure's statement goes once the units of the calls in it are written, even when the
    /// helper stays for other calls (a closure left unwrapping `self` for nothing draws a warning).
    /// The helper's own tidy-up removes the same statement, with the same edit.
    private static func wrapperTidyUps(_ group: [ObjectWillChangeRelay], _ context: RuleContext, ruleID: String) -> [Finding] {
        guard group[0].helper != nil else { return [] }
        let calls = group.map { CallStatement(member: $0.hostID, tokens: $0.statement, arguments: $0.statement) }
        var byWrapper: [[Int]: (wrapper: Range<Int>, relays: [ObjectWillChangeRelay])] = [:]
        for (relay, call) in zip(group, calls) {
            guard let wrapper = emptiedWrapper(around: call, among: calls, context.files[relay.file], context) else { continue }
            byWrapper[[relay.file, wrapper.lowerBound], default: (wrapper, [])].relays.append(relay)
        }
        return byWrapper.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { key in
            let (wrapper, relays) = byWrapper[key]!
            let file = context.files[key[0]]
            return Finding(ruleID: ruleID, fixClass: .review, file: key[0], offset: Int(file.tokens[wrapper.lowerBound].start),
                           message: "this closure only calls '\(context.declaration(relays[0].helper!).name)'; once the models it "
                               + "passes are written (\(units(of: relays).map { context.units.units[$0].name }.joined(separator: ", "))), "
                               + "it goes",
                           suggestion: nil, edits: [FileEdit(file: key[0], edit: EditBuilder(file: file).remove(wrapper))],
                           tidiesUpAfterUnits: units(of: relays))
        }
    }
}
