import SourceScan

/// A relay an initializer sets up from a publisher its callers pass, the MVI container:
///
///     final class MVIContainer<Intent, Model>: ObservableObject {
///         let intent: Intent
///         let model: Model
///         private var cancellable: Set<AnyCancellable> = []
///
///         init(intent: Intent, model: Model, modelChangePublisher: ObjectWillChangePublisher) {
///             self.intent = intent
///             self.model = model
///             modelChangePublisher
///                 .receive(on: RunLoop.main)
///                 .sink(receiveValue: objectWillChange.send)
///                 .store(in: &cancellable)
///         }
///     }
///
///     MVIContainer(intent: intent, model: model as ModelState, modelChangePublisher: model.objectWillChange)
///
/// Each call hands the container a model it keeps (`model:`, stored by the initializer) and that
/// model's `objectWillChange`, which the container passes on as its own. Under Observation a view
/// reading `container.model.x` tracks `x` itself, so the relay goes, and with it the parameter and
/// every argument passing a publisher. Those edits need every model passed and the container to be
/// written in one run (an `@Observable` model has no `objectWillChange` to pass; a legacy one's
/// changes would reach no view without the relay): one group of units, review class, as a relay.
/// Anything the tool cannot follow (a call passing something else, a label it cannot tie to the
/// container, a listener of the container's own publisher) leaves the shape alone, blocked as an
/// ordinary subscription.
struct InitializerRelay {
    /// One call of the initializer passing a model's publisher.
    struct Call {
        /// The `model.objectWillChange` site of the argument.
        var site: Site
        /// Every argument of the call, in order.
        var arguments: [CallArgument]
        /// The position of the publisher's argument among `arguments`.
        var position: Int
        /// The model passed.
        var sourceType: DeclarationID
        /// The model's unit.
        var sourceUnit: Int
    }

    /// The class holding the relay.
    let holder: DeclarationID
    /// Its unit.
    let holderUnit: Int
    /// The initializer setting it up.
    let initializer: DeclarationID
    /// The publisher parameter's argument label.
    let label: String
    /// The relay statement in the initializer's body.
    let statement: Range<Int>
    /// The holder's own `objectWillChange` token inside the relay (`objectWillChange.send`).
    let sendToken: Int
    /// The parameter's position in the initializer's clause.
    let parameterPosition: Int
    /// The positions of the parameters the initializer stores in a property of the holder.
    let storedParameters: Set<Int>
    /// Every call, each passing a model of the tree that the holder keeps; empty while only the
    /// holder's side is read.
    private(set) var calls: [Call] = []

    /// The units that change together: the holder's and every model's passed, in order.
    var units: [Int] { Array(Set([holderUnit] + calls.map(\.sourceUnit))).sorted() }

    /// The sites the relay takes over from the subscription rule: the holder's publisher inside
    /// the relay and every argument's `model.objectWillChange`.
    var ownSites: Set<[Int]> {
        Set([[initializer.file, sendToken]] + calls.map { [$0.site.file, $0.site.token] })
    }

    /// Every initializer relay of the tree that the tool can follow whole.
    static func all(_ context: RuleContext) -> [InitializerRelay] {
        let candidates = context.index.sites.compactMap { site -> InitializerRelay? in
            // The holder's own publisher: `objectWillChange.send`, `self?.objectWillChange.send()`.
            guard site.kind == .objectWillChange,
                  site.receiver.map({ ["self", "self?"].contains(context.files[site.file].compactText($0)) }) ?? true else { return nil }
            return candidate(sendingAt: site, context)
        }
        guard !candidates.isEmpty else { return [] }
        // A label two holders share cannot tie an implicit `.init(…)` to one of them.
        let holdersByLabel = Dictionary(grouping: candidates, by: \.label)
        let occurrences = context.index.types.identifierOccurrences(of: Set(candidates.map(\.label)))
        var publisherSites: [[Int]: Site] = [:]
        for site in context.index.sites where site.kind == .objectWillChange { publisherSites[[site.file, site.token]] = site }
        return candidates.compactMap { candidate in
            candidate.relay(occurrences: occurrences[candidate.label] ?? [], sharedLabel: holdersByLabel[candidate.label]!.count > 1,
                            publisherSites: publisherSites, context)
        }
    }

    /// The relay once every call is followed; nil when one cannot be.
    private func relay(occurrences: [(file: Int, token: Int)], sharedLabel: Bool, publisherSites: [[Int]: Site],
                       _ context: RuleContext) -> InitializerRelay? {
        let declaration = context.declaration(initializer)
        let holderName = context.declaration(holder).name
        guard let clause = declaration.parameters else { return nil }
        let shapes = context.files[initializer.file].clauseParameters(clause).map(\.shape)
        var calls: [Call] = []
        for occurrence in occurrences {
            let file = context.files[occurrence.file]
            // The parameter's own name, and the relay's mention of it.
            if occurrence.file == initializer.file, clause.contains(occurrence.token) || statement.contains(occurrence.token) {
                continue
            }
            guard let open = InitializerRelay.openingParenthesis(ofArgumentAt: occurrence.token, file),
                  InitializerRelay.callee(before: open, file, holderName: holderName, sharedLabel: sharedLabel),
                  !file.hasTrailingClosure(afterArgumentsAt: open),
                  let arguments = file.callArguments(open: open),
                  let pairs = ParameterShape.match(arguments.map(\.label), to: shapes, trailingClosure: false),
                  let position = arguments.firstIndex(where: { $0.expression.lowerBound == occurrence.token + 2 }),
                  pairs.contains(where: { $0.parameter == parameterPosition && $0.argument == position }) else { return nil }
            // `model.objectWillChange`, and `model` (or `model as P`) for a parameter the holder stores.
            let expression = arguments[position].expression
            guard expression.count >= 3, file.source.tokenText(expression.upperBound - 1, equals: "objectWillChange"),
                  file.tokens[expression.upperBound - 2].kind == .period,
                  let site = publisherSites[[occurrence.file, expression.upperBound - 1]],
                  case .declared(let sourceType) = site.type, sourceType != holder,
                  let sourceUnit = context.units.unitOf[sourceType] else { return nil }
            // A path of names (`model`, `self.model`): reading it twice gives the same object,
            // where `makeModel()` would not.
            let pathTokens = expression.lowerBound..<(expression.upperBound - 2)
            guard pathTokens.allSatisfy({ [.identifier, .period].contains(file.tokens[$0].kind) || file.tokens[$0].word == .self })
            else { return nil }
            let path = file.compactText(pathTokens)
            let kept = pairs.contains { pair in
                guard let argument = pair.argument, storedParameters.contains(pair.parameter) else { return false }
                return InitializerRelay.passes(path, arguments[argument].expression, file)
            }
            guard kept else { return nil }
            calls.append(Call(site: site, arguments: arguments, position: position, sourceType: sourceType, sourceUnit: sourceUnit))
        }
        guard !calls.isEmpty else { return nil }
        var relay = self
        relay.calls = calls
        return relay
    }

    /// The holder's side when `site`, the holder's own `objectWillChange`, is the target of a
    /// relay statement in one of its initializers subscribing to a publisher parameter.
    private static func candidate(sendingAt site: Site, _ context: RuleContext) -> InitializerRelay? {
        guard let initializerID = site.ownerID, context.declaration(initializerID).kind == .initializer,
              let enclosing = context.types.enclosingTypeLike(initializerID), let holder = context.types.extendedType(enclosing),
              context.declaration(holder).kind == .class, let holderUnit = context.units.unitOf[holder],
              // A subclass could call it through `super.init`, which no label search finds.
              !context.units.unitOf.keys.contains(where: { context.index.graph.modelAncestors(of: $0).first == holder }) else {
            return nil
        }
        let file = context.files[site.file]
        let initializer = context.declaration(initializerID)
        guard let body = initializer.body, let clause = initializer.parameters,
              let statements = file.statements(inBlock: body.lowerBound),
              let statement = statements.first(where: { $0.contains(site.token) }),
              file.tokens[statement.lowerBound].kind == .identifier,
              // Timing operators, then `.sink(receiveValue: objectWillChange.send)` or a closure sending.
              ObjectWillChangeRelay.relaySend(after: statement.lowerBound, in: statement, file) == site.token else { return nil }
        let parameterName = file.source.text(statement.lowerBound)
        let parameters = file.clauseParameters(clause)
        let segments = file.topLevelSegments((clause.lowerBound + 1)..<(clause.upperBound - 1))
        guard segments.count == parameters.count,
              let position = parameters.indices.first(where: { internalName(of: segments[$0], file) == parameterName }),
              let label = parameters[position].shape.label, !parameters[position].shape.hasDefault,
              ["ObjectWillChangePublisher", "ObservableObjectPublisher", "Self.ObjectWillChangePublisher"]
                .contains(file.compactText(parameters[position].type)) else { return nil }
        // The parameter is read by the relay alone.
        let mentions = body.filter { file.tokens[$0].kind == .identifier && file.source.tokenText($0, equals: parameterName) }
        guard mentions == [statement.lowerBound],
              ObservationUse.listener(toObjectWillChangeOf: holder, relays: [], targets: [[site.file, site.token]], context) == nil
        else { return nil }
        var stored = Set<Int>()
        for (index, segment) in segments.enumerated() where index != position {
            guard let name = internalName(of: segment, file) else { continue }
            if statements.contains(where: { storesParameter(name, $0, holder: holder, file, context) }) { stored.insert(index) }
        }
        return InitializerRelay(holder: holder, holderUnit: holderUnit, initializer: initializerID, label: label, statement: statement,
                                sendToken: site.token, parameterPosition: position, storedParameters: stored)
    }

    /// The name a parameter's segment binds inside the body (`model` of `model: Model`, `p` of
    /// `publisher p: ObjectWillChangePublisher`).
    private static func internalName(of segment: Range<Int>, _ file: FileStructure) -> String? {
        guard let colon = segment.first(where: { file.tokens[$0].kind == .colon }), colon > segment.lowerBound,
              file.tokens[colon - 1].kind == .identifier else { return nil }
        return file.source.text(colon - 1)
    }

    /// Whether the statement is `self.s = name` or `s = name`, `s` a stored property of the holder.
    private static func storesParameter(_ name: String, _ statement: Range<Int>, holder: DeclarationID, _ file: FileStructure,
                                        _ context: RuleContext) -> Bool {
        var index = statement.lowerBound
        if file.tokens[index].word == .self, index + 1 < statement.upperBound, file.tokens[index + 1].kind == .period { index += 2 }
        guard index + 3 == statement.upperBound, file.tokens[index].kind == .identifier, file.tokens[index + 1].kind == .equal,
              file.source.tokenText(index + 2, equals: name) else { return false }
        return ObjectWillChangeRelay.isStoredProperty(file.source.text(index), of: holder, context)
    }

    /// The `(` of the argument list whose argument starts at the label `label` (`label:` right
    /// after the `(` or a top-level `,`); nil when the token is no argument label.
    static func openingParenthesis(ofArgumentAt label: Int, _ file: FileStructure) -> Int? {
        let tokens = file.tokens
        guard label + 1 < tokens.count, tokens[label + 1].kind == .colon, label > 0 else { return nil }
        var index = label - 1
        guard tokens[index].kind == .leftParen || tokens[index].kind == .comma else { return nil }
        while index >= 0 {
            switch tokens[index].kind {
            case .leftParen:
                return file.closing(index) > label ? index : nil
            case .rightParen, .rightSquare, .rightBrace:
                let open = Int(file.matchingBracket[index])
                guard open >= 0 else { return nil }
                index = open - 1
            case .leftSquare, .leftBrace, .semicolon:
                return nil
            default:
                index -= 1
            }
        }
        return nil
    }

    /// Whether the call opening at `open` is the holder's initializer: `Holder(`, `Holder<…>(`,
    /// `Holder.init(`, or `.init(` when no other holder has the label.
    private static func callee(before open: Int, _ file: FileStructure, holderName: String, sharedLabel: Bool) -> Bool {
        let tokens = file.tokens
        guard open > 0 else { return false }
        var end = open - 1
        func isAngle(_ index: Int, _ text: String) -> Bool {
            [.binaryOperator, .prefixOperator, .postfixOperator].contains(tokens[index].kind) && file.source.tokenText(index, equals: text)
        }
        if file.source.tokenText(end, equals: "init"), end > 0, tokens[end - 1].kind == .period {
            // `.init(` alone, or `Holder.init(`.
            guard end >= 2, tokens[end - 2].kind == .identifier || isAngle(end - 2, ">") else { return !sharedLabel }
            end -= 2
        }
        if isAngle(end, ">") {
            // `Holder<Intent, Model>(`: back to the `<` at the same depth.
            var depth = 0
            var index = end
            while index > 0 {
                if isAngle(index, ">") { depth += 1 }
                if isAngle(index, "<") { depth -= 1; if depth == 0 { break } }
                if tokens[index].kind == .leftParen || tokens[index].kind == .leftBrace || tokens[index].kind == .semicolon { return false }
                index -= 1
            }
            guard depth == 0, index > 0 else { return false }
            end = index - 1
        }
        return tokens[end].kind == .identifier && file.source.tokenText(end, equals: holderName)
            && (end == 0 || tokens[end - 1].kind != .period)
    }

    /// Whether the argument `expression` passes the object at `path`: the same path of names,
    /// or it cast with `as` or `as!` (`model as ModelState`).
    private static func passes(_ path: String, _ expression: Range<Int>, _ file: FileStructure) -> Bool {
        if file.compactText(expression) == path { return true }
        guard let cast = expression.first(where: { file.tokens[$0].word == .as }), cast > expression.lowerBound else { return false }
        let next = cast + 1
        if next < expression.upperBound, file.source.tokenText(next, equals: "?") { return false }
        return file.compactText(expression.lowerBound..<cast) == path
    }

    /// The edits removing the relay statement, the parameter and the arguments.
    func edits(_ context: RuleContext) -> [FileEdit] {
        let file = context.files[initializer.file]
        let builder = EditBuilder(file: file)
        let declaration = context.declaration(initializer)
        // The body's last statement takes the blank line it would leave before the `}`.
        let close = declaration.body!.upperBound - 1
        let removal = statement.upperBound == close ? builder.removeLast(statement, closedBy: close) : builder.remove(statement)
        var edits = [FileEdit(file: initializer.file, edit: removal)]
        let clause = declaration.parameters!
        let segments = file.topLevelSegments((clause.lowerBound + 1)..<(clause.upperBound - 1))
        edits.append(FileEdit(file: initializer.file, edit: builder.removeListElement(at: parameterPosition, of: segments)))
        for call in calls {
            let callFile = context.files[call.site.file]
            let segments = call.arguments.map { argument -> Range<Int> in
                argument.label == nil ? argument.expression : (argument.expression.lowerBound - 2)..<argument.expression.upperBound
            }
            edits.append(FileEdit(file: call.site.file, edit: EditBuilder(file: callFile).removeListElement(at: call.position, of: segments)))
        }
        return edits
    }
}
