import SourceScan

/// What an `objectWillChange` or `$property` site does, so each rule takes exactly its own.
enum ObservationUse: Equatable {
    /// `willSet { objectWillChange.send() }` (or `didSet`) on a stored property the macro will
    /// track (a plain or a `@Published` one): replaced by tracking.
    case observerSend
    /// Another `objectWillChange.send()`.
    case send
    /// The model declares its own `objectWillChange`.
    case declaration
    /// `.onReceive(model.objectWillChange)`.
    case onReceiveObjectWillChange
    /// `objectWillChange.sink`, passed along, stored…
    case subscription
    /// `.onReceive(model.$x) { … }`, convertible to `.onChange(of:initial:)`.
    case onReceivePublisher
    /// `$x` inside the model that declares `x`.
    case publisherInModel
    /// `model.$x` elsewhere.
    case externalPublisher
    /// `child.$x.sink { [weak self] _ in self?.objectWillChange.send() }` in a model holding
    /// `child`: a relay of that property (object-will-change-subscription), not bridged.
    case propertyRelay

    /// Classifies an `objectWillChange` site.
    static func ofObjectWillChange(_ site: Site, _ context: RuleContext) -> ObservationUse {
        let file = context.files[site.file]
        if site.onReceiveCall != nil { return .onReceiveObjectWillChange }
        if let owner = site.owner {
            let declaration = file.declarations[owner]
            if declaration.kind == .variable, declaration.nameTokens.contains(site.token) { return .declaration }
        }
        let tokens = file.tokens
        let isSend = site.token + 3 < tokens.count && tokens[site.token + 1].kind == .period
            && file.source.tokenText(site.token + 2, equals: "send") && tokens[site.token + 3].kind == .leftParen
        guard isSend else { return .subscription }
        // A wrapped, lazy or overriding property stays stored outside tracking: its send is another one.
        if let ownerID = site.ownerID, context.declaration(ownerID).kind == .variable,
           let observer = ModelProperties.objectWillChangeObserver(context.declaration(ownerID), file: file),
           observer.send.contains(site.token),
           [.manuallyPublished, .published].contains(ModelProperties.role(of: ownerID, in: context, deinitReads: [])) {
            return .observerSend
        }
        return .send
    }

    /// Classifies a publisher site (`$x` or `model.$x`) of a unit.
    static func ofPublisher(_ site: Site, unit: MigrationUnit, _ context: RuleContext) -> ObservationUse {
        if site.onReceiveCall != nil, OnReceiveConversion.plan(site, context) != nil { return .onReceivePublisher }
        // In one of the unit's classes, or in a subclass migrating on its own (`$x` it inherits).
        if let owner = site.ownerID, let enclosing = context.types.enclosingTypeLike(owner),
           let type = context.types.extendedType(enclosing),
           unit.classes.contains(type) || context.index.graph.modelAncestors(of: type).contains(where: unit.classes.contains) {
            return .publisherInModel
        }
        if ObjectWillChangeRelay.findPropertyRelay(site, context) != nil { return .propertyRelay }
        return .externalPublisher
    }

    /// A place that listens to the class's own `objectWillChange` (`holder.objectWillChange.sink`,
    /// `.onReceive(holder.objectWillChange)`), if any: a change the class stops announcing by hand
    /// (a relay or a send deleted while it stays legacy) would no longer reach it, whatever views do.
    /// The class's own publisher inside one of its relays (`.subscribe(objectWillChange)`,
    /// `.sink(receiveValue: objectWillChange.send)`) is no listener: it is the relay's target.
    /// Nor is another holder's relay of it (`settings.objectWillChange.sink { self?.objectWillChange
    /// .send() }` in `AppState`): a relay of the class's `objectWillChange` goes when the class
    /// migrates, and the outer holder's views track what they read through both, so a chain of
    /// relays goes link by link.
    /// A subscriber typed as a subclass, a superclass or a model protocol the class conforms to
    /// listens too, and so does one in generic code the class may reach (`func watch<T:
    /// ObservableObject>(_ t: T)`): any `objectWillChange` of no known model whose candidate units
    /// hold the class's. A relay helper's call passing the class (`forward(from: holder)`) listens
    /// when its holder is listened to, since the helper then stays.
    /// `targets`: `relayTargets(relays)`, when the caller asks for many classes with one list.
    static func listener(toObjectWillChangeOf classID: DeclarationID, relays: [ObjectWillChangeRelay], targets: Set<[Int]>? = nil,
                         _ context: RuleContext) -> Site? {
        var visited = Set<DeclarationID>()
        return listener(toObjectWillChangeOf: classID, relays: relays, targets: targets ?? relayTargets(relays), context, visited: &visited)
    }

    /// The sites no listener query counts for `relays`: their own sends, and their subscriptions
    /// but a property relay's (`child.$items`, no `objectWillChange` site); a helper's counts in
    /// `listener`, when its holder is listened to.
    static func relayTargets(_ relays: [ObjectWillChangeRelay]) -> Set<[Int]> {
        Set(relays.map { [$0.subscription.file, $0.sendToken] }
            + relays.filter { $0.property == nil }.map { [$0.subscription.file, $0.subscription.token] })
    }

    private static func listener(toObjectWillChangeOf classID: DeclarationID, relays: [ObjectWillChangeRelay], targets: Set<[Int]>,
                                 _ context: RuleContext, visited: inout Set<DeclarationID>) -> Site? {
        guard visited.insert(classID).inserted, let unit = context.units.unitOf[classID] else { return nil }
        let listeners = context.objectWillChangeListeners
        // Typed as the class, a superclass, a subclass, or a model protocol of its unit (`any
        // AppModel`, `some AppModel`): each may hold this class's objects. The first in the
        // units' order answers.
        let types = [classID] + context.index.graph.ancestors(of: classID, context.types)
            + listeners.subclasses[classID, default: []] + listeners.protocols[unit, default: []]
        if let first = types.compactMap({ type in
            listeners.byType[type]?.first { !targets.contains([$0.site.file, $0.site.token]) }
        }).min(by: { $0.order < $1.order }) {
            return first.site
        }
        if let found = listeners.unresolved.first(where: { $0.units.contains(unit) && !targets.contains([$0.site.file, $0.site.token]) }) {
            return found.site
        }
        for relay in relays where relay.helper != nil && relay.sourceType == classID {
            if listener(toObjectWillChangeOf: relay.relayingClass, relays: relays, targets: targets, context, visited: &visited) != nil {
                return relay.subscription
            }
        }
        return nil
    }

    /// The unit's `objectWillChange` sites of one kind.
    static func objectWillChangeSites(_ kind: ObservationUse, _ context: RuleContext) -> [(unit: Int, site: Site)] {
        context.units.units.flatMap { unit in
            unit.objectWillChangeUses.filter { ofObjectWillChange($0, context) == kind }.map { (unit.id, $0) }
        }
    }

    /// The unit's publisher sites of one kind.
    static func publisherSites(_ kind: ObservationUse, _ context: RuleContext) -> [(unit: Int, site: Site)] {
        context.units.units.flatMap { unit in
            unit.publisherUses.filter { ofPublisher($0, unit: unit, context) == kind }.map { (unit.id, $0) }
        }
    }

    /// A blocking finding at a site.
    static func blocker(_ ruleID: String, _ site: Site, unit: Int, message: String, suggestion: String,
                        _ context: RuleContext, alsoUnits: [Int] = []) -> Finding {
        let file = context.files[site.file]
        return Finding(ruleID: ruleID, fixClass: .manual, isBlocker: true, file: site.file,
                       offset: Int(file.tokens[site.token].start), message: message, suggestion: suggestion, unit: unit,
                       alsoUnits: alsoUnits)
    }
}

/// Plans `.onReceive(model.$x) { v in … }` → `.onChange(of: model.x, initial: true) { _, v in … }`.
enum OnReceiveConversion {
    /// The edits, or nil when the call has another shape (operators after `$x`, `perform:`
    /// given something else than a function or closure property of the tree). Empty for the
    /// second branch of a ternary, whose first branch writes the edits.
    static func plan(_ site: Site, _ context: RuleContext) -> [Edit]? {
        guard let call = site.onReceiveCall, case .memberPublisher(let name) = site.kind, let receiver = site.receiver else { return nil }
        let open = call.lowerBound + 2
        let close = call.upperBound - 1
        guard let argument = OnReceiveArgument(site, name: name, receiver: receiver, open: open, close: close, context),
              let edits = edits(for: argument, call: call, in: site.file, context) else { return nil }
        return argument.writesEdits ? edits : []
    }

    /// The edits turning the call into `.onChange(of: argument.value, initial: true)`.
    private static func edits(for argument: OnReceiveArgument, call: Range<Int>, in fileIndex: Int, _ context: RuleContext) -> [Edit]? {
        let file = context.files[fileIndex]
        let tokens = file.tokens
        let open = call.lowerBound + 2
        let close = call.upperBound - 1
        let builder = EditBuilder(file: file)
        if argument.end + 1 < close {
            // `.onReceive(m.$x, perform: handle)`: the function is called from the new closure,
            // with its argument label, when the tree declares it (else nothing says the label);
            // a closure-typed property takes no label.
            guard let callee = performedFunction(after: argument.end, close: close, in: fileIndex, context)
                ?? performedClosure(after: argument.end, close: close, in: fileIndex, context) else { return nil }
            let value = callee.name == "value" ? "newValue" : "value"
            let passed = callee.label.map { "\($0): \(value)" } ?? value
            return [
                builder.replace((call.lowerBound + 1)..<(call.lowerBound + 2), with: "onChange"),
                builder.replace((open + 1)..<(close + 1),
                                with: "of: \(argument.value), initial: true) { _, \(value) in \(callee.written)(\(passed)) }"),
            ]
        }
        guard argument.end + 1 == close, close + 1 < tokens.count, tokens[close + 1].kind == .leftBrace else { return nil }
        var edits = [
            builder.replace((call.lowerBound + 1)..<(call.lowerBound + 2), with: "onChange"),
            builder.replace((open + 1)..<close, with: "of: \(argument.value), initial: true"),
        ]
        let brace = close + 1
        let closureEnd = file.closing(brace)
        // `{ value in` / `{ _ in` / `{ (value) in`: one parameter becomes `_, value`.
        if let inToken = signatureEnd(brace, closureEnd, file) {
            var first = brace + 1
            if tokens[first].kind == .leftParen { first += 1 }
            guard first < inToken, tokens[first].kind == .identifier || tokens[first].kind == .keyword else { return nil }
            edits.append(builder.insert("_, ", before: first))
        } else {
            // Anonymous `$0` becomes `$1`, the new value, outside nested closures.
            guard let arguments = anonymousArguments(inBlock: brace, file) else { return nil }
            for index in arguments { edits.append(builder.replace(index..<(index + 1), with: "$1")) }
        }
        return edits
    }

    /// The `$0` tokens that are the closure's own, whose `{` is at `open`: in its statements and
    /// in the blocks of its `if`, `guard`, `for`, `while`, `do`, `repeat`, `defer` statements
    /// (`{ for count in $0 { total += count } }`), not in the closures it holds (`$0.map { $0 + 1 }`,
    /// whose inner `$0` is that closure's). Nil where a block cannot be told from a closure (an
    /// `if` or `switch` expression inside a statement, a `switch` holding braces, a directive)
    /// or a `$0` sits inside a string interpolation.
    private static func anonymousArguments(inBlock open: Int, _ file: FileStructure) -> [Int]? {
        let tokens = file.tokens
        guard let statements = file.statements(inBlock: open) else { return nil }
        let control: [Word] = [.if, .guard, .for, .while, .do, .repeat, .defer, .else, .catch, .switch]
        var found: [Int] = []
        for statement in statements {
            // A labelled loop (`outer: for …`) is the loop.
            var headIndex = statement.lowerBound
            if tokens[headIndex].kind == .identifier, headIndex + 2 < statement.upperBound, tokens[headIndex + 1].kind == .colon {
                headIndex += 2
            }
            let head = tokens[headIndex].word
            let isControl = control.contains(head)
            var depth = 0
            var index = statement.lowerBound
            while index < statement.upperBound {
                let token = tokens[index]
                switch token.kind {
                case .leftParen, .leftSquare:
                    depth += 1
                case .rightParen, .rightSquare:
                    depth -= 1
                case .leftBrace:
                    let close = file.closing(index)
                    if isControl, depth == 0 {
                        if head == .switch {
                            // Case labels are no statements: a switch without braces inside is read whole.
                            guard !((index + 1)..<close).contains(where: {
                                tokens[$0].kind == .leftBrace || tokens[$0].kind == .stringLiteral && file.source.text($0).contains("$0")
                            }) else { return nil }
                            found += ((index + 1)..<close).filter {
                                tokens[$0].kind == .dollarIdentifier && file.source.tokenText($0, equals: "$0")
                            }
                        } else {
                            guard let inner = anonymousArguments(inBlock: index, file) else { return nil }
                            found += inner
                        }
                    }
                    index = close + 1
                    continue
                case .dollarIdentifier where file.source.tokenText(index, equals: "$0"):
                    found.append(index)
                case .poundKeyword:
                    return nil
                case .stringLiteral:
                    // `"\($0)"`: an argument inside an interpolation, which one token holds.
                    let text = file.source.text(index)
                    if text.contains("$0"), text.contains("\\(") || text.contains("\\#") { return nil }
                default:
                    if !isControl, depth == 0, token.word == .if || token.word == .switch || token.word == .do { return nil }
                }
                index += 1
            }
        }
        return found
    }

    /// The `in` ending the signature of the closure whose `{` is at `brace`, however its lines
    /// break (`{ [weak self] (value) in`, `{ value -> Void in`); nil when the body starts with a
    /// statement, whose own `in` (`{ for count in $0 { … } }`) is no signature's.
    private static func signatureEnd(_ brace: Int, _ closureEnd: Int, _ file: FileStructure) -> Int? {
        let tokens = file.tokens
        var index = brace + 1
        while index < closureEnd {
            switch tokens[index].kind {
            case .leftParen, .leftSquare:
                index = file.closing(index) + 1
                continue
            case .identifier, .comma, .atSign, .arrow, .postfixQuestionMark, .exclamationMark:
                break
            case .keyword where tokens[index].word == .in:
                return index
            case .keyword where tokens[index].word == .throws || file.source.tokenText(index, equals: "_"):
                break
            default:
                return nil
            }
            index += 1
        }
        return nil
    }

    /// The function in `, perform: f)` or `, perform: self.f)` after the publisher at `publisher`:
    /// the only one of that name among the methods of the enclosing type (and its extensions),
    /// or else among the tree's global functions, taking exactly one parameter. `written` is
    /// what to call (`self.f` from a class, whose closures need an explicit `self`), `label`
    /// the parameter's argument label, nil for `_`.
    static func performedFunction(after publisher: Int, close: Int, in fileIndex: Int, _ context: RuleContext)
        -> (written: String, name: String, label: String?)? {
        let file = context.files[fileIndex]
        guard let (index, explicitSelf) = performedName(after: publisher, close: close, file) else { return nil }
        let name = file.source.text(index)
        let owner = context.index.typer.owner(file: fileIndex, token: index).map { DeclarationID(file: fileIndex, declaration: $0) }
        var candidates: [DeclarationID] = []
        var enclosingKind: DeclarationKind?
        if let owner, let enclosing = context.types.enclosingTypeLike(owner), let type = context.types.extendedType(enclosing) {
            enclosingKind = context.declaration(type).kind
            for container in [type] + (context.types.symbol(type)?.extensions ?? []) {
                let containerFile = context.files[container.file]
                for member in containerFile.members(of: container.declaration) {
                    let declaration = containerFile.declarations[member]
                    if declaration.kind == .function, declaration.name == name {
                        candidates.append(DeclarationID(file: container.file, declaration: member))
                    }
                }
            }
            // A method of a superclass, or one shadowed there, is not followed.
            if candidates.isEmpty, enclosingKind == .class, context.declaration(type).inheritanceColon != nil { return nil }
        }
        var isGlobal = false
        if candidates.isEmpty, !explicitSelf {
            isGlobal = true
            for (position, structure) in context.files.enumerated() {
                for (index, declaration) in structure.declarations.enumerated()
                where declaration.parent == nil && declaration.kind == .function && declaration.name == name {
                    candidates.append(DeclarationID(file: position, declaration: index))
                }
            }
        }
        guard candidates.count == 1, let function = candidates.first else { return nil }
        let declaration = context.declaration(function)
        if !isGlobal, declaration.hasModifier(.static) || declaration.hasModifier(.class) { return nil }
        guard let label = singleParameterLabel(of: declaration, in: context.files[function.file]) else { return nil }
        let needsSelf = !isGlobal && (explicitSelf || (enclosingKind != .struct && enclosingKind != .enum))
        return (needsSelf ? "self.\(name)" : name, name, label.isEmpty ? nil : label)
    }

    /// The first token of the argument in `, perform: …)` right after the publisher expression
    /// ending at `publisher`.
    private static func performedArgument(after publisher: Int, close: Int, _ file: FileStructure) -> Int? {
        let tokens = file.tokens
        let comma = publisher + 1
        guard comma + 3 < close, tokens[comma].kind == .comma, file.source.tokenText(comma + 1, equals: "perform"),
              tokens[comma + 2].kind == .colon else { return nil }
        return comma + 3
    }

    /// The name token in `, perform: name)` or `, perform: self.name)` after the publisher
    /// expression ending at `publisher`, and whether `self.` was written.
    private static func performedName(after publisher: Int, close: Int, _ file: FileStructure) -> (Int, Bool)? {
        let tokens = file.tokens
        guard var index = performedArgument(after: publisher, close: close, file) else { return nil }
        var explicitSelf = false
        if tokens[index].word == .self, index + 2 < close, tokens[index + 1].kind == .period {
            explicitSelf = true
            index += 2
        }
        guard index + 1 == close, tokens[index].kind == .identifier else { return nil }
        return (index, explicitSelf)
    }

    /// The closure-typed property in `, perform: handler)`, `, perform: self.handler)` or
    /// `, perform: other.handler)`: a property annotated with a function type of one parameter,
    /// `(Int) -> Void` or `((Int) -> Void)?`, of the enclosing type or of the type of `other`
    /// (typed by the expression typer). A closure has no argument labels, so
    /// `{ _, value in other.handler(value) }` calls it (`handler?(value)` when optional).
    static func performedClosure(after publisher: Int, close: Int, in fileIndex: Int, _ context: RuleContext)
        -> (written: String, name: String, label: String?)? {
        let file = context.files[fileIndex]
        let tokens = file.tokens
        guard let start = performedArgument(after: publisher, close: close, file) else { return nil }
        // `a.b.handler`: names joined by periods, the last one the property.
        var index = start
        while index + 2 < close, tokens[index + 1].kind == .period { index += 2 }
        guard index + 1 == close, tokens[index].kind == .identifier,
              stride(from: start, to: index, by: 2).allSatisfy({ tokens[$0].kind == .identifier || tokens[$0].word == .self }),
              let owner = context.index.typer.owner(file: fileIndex, token: index),
              let enclosing = context.types.enclosingTypeLike(DeclarationID(file: fileIndex, declaration: owner)),
              let enclosingType = context.types.extendedType(enclosing) else { return nil }
        let holder: DeclarationID
        if index == start || (index == start + 2 && tokens[start].word == .self) {
            holder = enclosingType
        } else {
            guard case .declared(let type) = context.index.typer.typeOf(start..<(index - 1), file: fileIndex) else { return nil }
            holder = type
        }
        let name = file.source.text(index)
        var annotations: [String] = []
        for container in [holder] + (context.types.symbol(holder)?.extensions ?? []) {
            let containerFile = context.files[container.file]
            for member in containerFile.members(of: container.declaration) {
                let declaration = containerFile.declarations[member]
                guard declaration.kind == .variable, !declaration.hasModifier(.static), !declaration.hasModifier(.class),
                      let binding = declaration.bindings.first(where: { $0.name == name }) else { continue }
                annotations.append(binding.typeAnnotation.map { containerFile.compactText($0) } ?? "")
            }
        }
        guard annotations.count == 1, let isOptional = oneParameterFunctionType(annotations[0]) else { return nil }
        // Closures in a class need `self.` before the class's own members.
        let head = file.source.text(start)
        let kind = context.declaration(enclosingType).kind
        let needsSelf = tokens[start].word != .self && kind != .struct && kind != .enum
            && (index == start || context.index.typer.memberType(head, of: enclosingType, isStatic: false) != nil)
        return ((needsSelf ? "self." : "") + file.sourceText(start..<(index + 1)) + (isOptional ? "?" : ""), name, nil)
    }

    /// Whether `written` is a function type of exactly one parameter: false for `(A) -> B`, true
    /// for the optional `((A) -> B)?`, nil for anything else (`(A, B) -> C`, `() -> C`, `T`).
    static func oneParameterFunctionType(_ written: String) -> Bool? {
        var text = Substring(written.filter { $0 != " " })
        var isOptional = false
        if text.hasSuffix("?"), text.hasPrefix("(") {
            text = text.dropFirst().dropLast(2)
            guard written.filter({ $0 != " " }).hasSuffix(")?") else { return nil }
            isOptional = true
        }
        // Attributes first: `@MainActor @Sendable (A) -> B`.
        while text.hasPrefix("@") {
            text = text.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
        }
        guard text.hasPrefix("(") else { return nil }
        var depth = 0
        var commas = 0
        var end: Substring.Index?
        for position in text.indices where end == nil {
            switch text[position] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">":
                if text[position] == ">", position > text.startIndex, text[text.index(before: position)] == "-" { continue }
                depth -= 1
                if depth == 0 { end = position }
            case "," where depth == 1: commas += 1
            default: continue
            }
        }
        // `(A) -> B` only: `async` or `throws` closures cannot be called from `onChange`'s closure.
        guard let end, commas == 0, text.index(after: text.startIndex) < end,
              text[text.index(after: end)...].hasPrefix("->") else { return nil }
        return isOptional
    }

    /// The argument label of a function's only parameter, "" for `_`; nil unless it takes exactly
    /// one parameter, without a default, `inout` or variadic.
    private static func singleParameterLabel(of declaration: Declaration, in file: FileStructure) -> String? {
        guard let clause = declaration.parameters, clause.count > 2 else { return nil }
        let tokens = file.tokens
        var colon: Int?
        var index = clause.lowerBound + 1
        while index < clause.upperBound - 1 {
            switch tokens[index].kind {
            case .comma, .equal: return nil
            case .colon where colon == nil: colon = index
            case .leftParen, .leftSquare, .leftBrace: index = file.closing(index)
            default:
                if file.source.tokenText(index, equals: "inout") || file.source.tokenText(index, equals: "...") { return nil }
            }
            index += 1
        }
        guard let colon, colon > clause.lowerBound + 1 else { return nil }
        let first = clause.lowerBound + 1
        guard tokens[first].kind == .identifier || tokens[first].kind == .keyword else { return nil }
        let outer = file.source.text(first)
        return outer == "_" ? "" : outer
    }

    /// The declaration of a `@Published` property `name` of the unit's classes: `onChange(of:)`
    /// needs a property the tree declares (a macro-generated one may not be there at all).
    static func publishedProperty(_ name: String, of unit: MigrationUnit, _ context: RuleContext) -> DeclarationID? {
        unit.classes.lazy.compactMap { context.publishedVariable(name, ofModel: $0) }.first
    }
}

/// Decides from source whether a property's type is `Equatable`, as `onChange(of:)` requires:
/// standard value types, collections and optionals of them, literals, and types of the tree that
/// declare `Equatable`, `Hashable` or `Comparable`.
enum EquatableEvidence {
    static let standard: Set<String> = [
        "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "CGFloat", "Decimal", "Date", "UUID", "URL", "Data", "TimeInterval",
        "CGPoint", "CGSize", "CGRect", "Color", "Locale", "TimeZone",
    ]

    static func isEquatable(_ variableID: DeclarationID, _ context: RuleContext) -> Bool {
        let variable = context.declaration(variableID)
        guard let binding = variable.bindings.first else { return false }
        let file = context.files[variableID.file]
        if let annotation = binding.typeAnnotation {
            return isEquatable(written: file.compactText(annotation), from: variableID, context)
        }
        guard let initializer = binding.initializer else { return false }
        if initializer.count == 1 {
            switch file.tokens[initializer.lowerBound].kind {
            case .integerLiteral, .floatLiteral, .stringLiteral: return true
            case .keyword: return [.true, .false].contains(file.tokens[initializer.lowerBound].word)
            default: break
            }
        }
        // An inferred type the tree declares: `Filter()`, `Phase.idle`, `Settings.default`.
        guard case .declared(let id) = context.index.typer.variableType(binding, declarationID: variableID) else { return false }
        return isEquatable(declared: id, context)
    }

    /// A type of the tree that declares `Equatable`, `Hashable` or `Comparable` (or an extension
    /// does), or an enum whose cases carry no values, which gets `Equatable` synthesized.
    static func isEquatable(declared id: DeclarationID, _ context: RuleContext) -> Bool {
        if context.types.hasSynthesizedEquatable(id) { return true }
        let equalities: Set<String> = ["Equatable", "Hashable", "Comparable"]
        return ([id] + (context.types.symbol(id)?.extensions ?? [])).contains { container in
            let declaration = context.declaration(container)
            // `extension Box: Equatable where T: Equatable` holds only for some arguments.
            return declaration.whereClause == nil && declaration.inheritance.contains { equalities.contains($0.typeName) }
        }
    }

    /// `[String]`, `Int?`, `[String: Int]`, `Set<UUID>`, or a tree type declaring equality.
    static func isEquatable(written: String, from scope: DeclarationID, _ context: RuleContext) -> Bool {
        var text = written.trimming(charactersIn: " ")
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inner = String(text.dropFirst().dropLast())
            return splitTopLevel(inner, ":").allSatisfy { isEquatable(written: $0, from: scope, context) }
        }
        for wrapper in ["Array<", "Set<", "Optional<", "Dictionary<"] where text.hasPrefix(wrapper) && text.hasSuffix(">") {
            let inner = String(text.dropFirst(wrapper.count).dropLast())
            return splitTopLevel(inner, ",").allSatisfy { isEquatable(written: $0, from: scope, context) }
        }
        switch context.types.resolve(text, from: scope) {
        case .declared(let id): return isEquatable(declared: id, context)
        // A standard name only where the tree declares no type of that name (its own `Color`).
        case .external(let name): return standard.contains(name) || standard.contains(text)
        default: return false
        }
    }

    /// Splits at `separator` outside brackets and angle brackets.
    private static func splitTopLevel(_ text: String, _ separator: Character) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            if character == "[" || character == "<" || character == "(" { depth += 1 }
            if character == "]" || character == ">" || character == ")" { depth -= 1 }
            if character == separator, depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }
}

/// Every subscription to an `objectWillChange` of the tree (`holder.objectWillChange.sink`,
/// `.onReceive(holder.objectWillChange)`), found once: those of a known type by that type, and
/// those of no known model with the units they may listen to. Relays are among them; a listener
/// query leaves out the relays it is told of.
struct ObjectWillChangeListeners: Sendable {
    /// A subscription to an `objectWillChange` of no known model (`t.objectWillChange.sink` in
    /// `func watch<T: ObservableObject>`), with the units whose models it may listen to.
    struct Unresolved: Sendable {
        /// The `objectWillChange` site.
        var site: Site
        /// The units whose models it may be the publisher of (`ObjectWillChangeSubscription.unitsMeeting`).
        var units: Set<Int>
    }

    /// The subscriptions of each declared type the receiver has (a class, a protocol), each with
    /// its place in the units' order, which a query answers by.
    var byType: [DeclarationID: [(order: Int, site: Site)]] = [:]
    /// The classes among `byType`'s types by each model class they inherit from.
    var subclasses: [DeclarationID: [DeclarationID]] = [:]
    /// The protocols among `byType`'s types by unit.
    var protocols: [Int: [DeclarationID]] = [:]
    /// Those of no known model, but a relay helper's (`forward(from:)`), which listens only to
    /// the models its calls pass and is asked for as a relay.
    var unresolved: [Unresolved] = []

    /// The tree's subscriptions, read once when the rules' context is built.
    static func find(_ context: RuleContext) -> ObjectWillChangeListeners {
        var found = ObjectWillChangeListeners()
        func listens(_ site: Site) -> Bool {
            let kind = ObservationUse.ofObjectWillChange(site, context)
            return kind == .subscription || kind == .onReceiveObjectWillChange
        }
        var order = 0
        for unit in context.units.units {
            for site in unit.objectWillChangeUses {
                guard case .declared(let type) = site.type, listens(site) else { continue }
                if found.byType[type] == nil {
                    for ancestor in context.index.graph.modelAncestors(of: type) { found.subclasses[ancestor, default: []].append(type) }
                    if context.types.symbol(type)?.kind == .protocol, let unit = context.units.unitOf[type] {
                        found.protocols[unit, default: []].append(type)
                    }
                }
                found.byType[type, default: []].append((order, site))
                order += 1
            }
        }
        guard !context.units.unresolvedObjectWillChange.isEmpty else { return found }
        let everyUnit = context.units.units.map(\.id)
        let helperSites = Set(ObjectWillChangeRelay.helperRelays(context).map { [$0.subscription.file, $0.subscription.token] })
        found.unresolved = context.units.unresolvedObjectWillChange.compactMap { site in
            guard !helperSites.contains([site.file, site.token]), listens(site) else { return nil }
            return Unresolved(site: site, units: Set(ObjectWillChangeSubscription.unitsMeeting(unresolved: site, everyUnit: everyUnit, context).units))
        }
        return found
    }
}
