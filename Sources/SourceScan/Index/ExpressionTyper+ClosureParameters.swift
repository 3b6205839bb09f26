// Closure parameters: `$0` and named parameters, typed when the closure states their type
// (`{ (model: Model) in … }`) or when the closure is the element closure of a Combine or
// Sequence operator whose upstream element is known exactly (`$m.compactMap { … -> Chat? in }
// .map { $0.objectWillChange }`, `models.forEach { $0.objectWillChange.send() }`). Anything
// else stays unknown: a wrong type is a safety bug, an unknown one only lost recall.

extension ExpressionTyper {
    /// Operators whose closure receives the upstream element as its first parameter, with the
    /// argument labels it may have there ("" for a trailing closure or the sole unlabelled
    /// argument). `handleEvents`' trailing closure is `receiveRequest`, so only its label counts.
    static let elementClosureLabels: [String: Set<String>] = [
        "map": [""], "compactMap": [""], "flatMap": [""], "tryMap": [""], "tryCompactMap": [""],
        "filter": [""], "tryFilter": [""], "forEach": [""], "allSatisfy": [""],
        "sink": ["", "receiveValue"], "handleEvents": ["receiveOutput"],
        "first": ["", "where"], "last": ["", "where"], "contains": ["", "where"],
        "firstIndex": ["", "where"], "lastIndex": ["", "where"],
        "drop": ["", "while"], "prefix": ["", "while"],
        "removeDuplicates": ["", "by"], "sorted": ["", "by"], "min": ["", "by"], "max": ["", "by"],
    ]

    /// Operators (and `first`/`last`/`lazy` properties) whose result carries the same elements
    /// as their upstream, up to `Optional`, which the typer does not track.
    static let elementKeepingOperators: Set<String> = [
        "filter", "tryFilter", "removeDuplicates", "receive", "subscribe", "handleEvents", "debounce",
        "throttle", "dropFirst", "dropLast", "drop", "prefix", "suffix", "delay", "share",
        "eraseToAnyPublisher", "first", "last", "min", "max", "print", "breakpoint", "sorted", "reversed",
        "shuffled", "lazy", "merge", "append", "prepend", "replaceNil", "replaceEmpty", "replaceError",
        "setFailureType", "assertNoFailure", "retry", "timeout", "makeConnectable", "autoconnect",
    ]

    /// Operators whose closure's stated result type (`{ … -> T? in }`) is the new element.
    static let elementMappingOperators: Set<String> = ["map", "compactMap", "tryMap", "tryCompactMap"]

    /// The external protocols and types whose operators these tables describe: a tree that adds
    /// a member of one of those names to them may have changed what the closure receives.
    static let operatorHosts = ["Publisher", "Publishers", "Sequence", "Collection", "Array", "Set", "Dictionary", "Optional",
                                "AnyPublisher", "LazySequenceProtocol"]

    /// The parameters and stated result type of a closure's `… in` signature.
    struct ClosureSignature {
        /// Each parameter's name token and written type, when it has one.
        var parameters: [(name: Int, annotation: Range<Int>?)] = []
        var returnType: Range<Int>?
    }

    /// The type of `$0` at `token`: the element its closure receives, when known.
    func anonymousParameterType(at token: Int, file: Int, trail: Trail) -> Typed {
        let structure = types.files[file]
        guard structure.source.tokenText(token, equals: "$0"), let open = innermostClosure(enclosing: token, file: file),
              closureSignature(at: open, in: structure) == nil,
              let element = receivedElement(byClosureAt: open, file: file, trail: trail) else { return .unknown }
        return Typed(element)
    }

    /// The type of the closure parameter `name` declared by the closure opening at `open`: its
    /// written type, or for the first parameter the element the closure receives.
    func namedParameterType(_ name: String, ofClosureAt open: Int, file: Int, trail: Trail) -> Typed {
        let structure = types.files[file]
        guard let signature = closureSignature(at: open, in: structure),
              let position = signature.parameters.firstIndex(where: { structure.source.tokenText($0.name, equals: name) })
        else { return .unknown }
        if let annotation = signature.parameters[position].annotation {
            return resolveWritten(structure.compactText(annotation), from: scopeAt(open, file: file))
        }
        if position == 0, let element = receivedElement(byClosureAt: open, file: file, trail: trail) { return Typed(element) }
        if position == 1, signature.parameters.count == 2, let call = operatorCall(passing: open, in: structure),
           Self.elementClosureLabels[call.name]?.contains(call.label) == true, isStandardOperator(call.name),
           let element = enumeratedElement(call.upstream, file: file, trail: trail) {
            // `items.enumerated().forEach { index, item in }`: the pair's element.
            return Typed(element)
        }
        if let annotated = annotatedClosureParameters(ofClosureAt: open, file: file) {
            guard annotated.count == signature.parameters.count else { return .unknown }
            return knownType(resolveWritten(annotated[position], from: scopeAt(open, file: file))) ?? .unknown
        }
        return calleeClosureParameter(position, of: signature.parameters.count, ofClosureAt: open, file: file, trail: trail) ?? .unknown
    }

    /// The parameter types a variable's annotation states for the closure opening at `open`
    /// when that closure is the variable's whole initial value
    /// (`static let make: (_ cache: Cache, Store) -> Pane = { cache, store in … }`); nil otherwise.
    func annotatedClosureParameters(ofClosureAt open: Int, file: Int) -> [String]? {
        let structure = types.files[file]
        guard open >= 1, structure.tokens[open - 1].kind == .equal, let owner = owner(file: file, token: open) else { return nil }
        let declaration = structure.declarations[owner]
        let end = structure.closing(open) + 1
        guard declaration.kind == .variable,
              let binding = declaration.bindings.first(where: { $0.initializer == open..<end }),
              let annotation = binding.typeAnnotation else { return nil }
        return functionTypeParameters(annotation, in: structure)
    }

    /// The type of parameter `position` of the trailing closure opening at `open` when the call
    /// it ends says it: SwiftUI's `ForEach(data) { row in }` and `List(data) { row in }` hand it
    /// an element of `data` (when the tree declares no type of that name), and the initializer
    /// of a type the tree declares states it in its one closure parameter
    /// (`init(…, content: @escaping (Item) -> Row)`, or a struct's one stored closure property
    /// for the memberwise initializer). Nil otherwise: a method's trailing closure, a generic
    /// parameter's type, several closure parameters of the closure's arity (`count`) to choose from.
    func calleeClosureParameter(_ position: Int, of count: Int, ofClosureAt open: Int, file: Int, trail: Trail) -> Typed? {
        let structure = types.files[file]
        let tokens = structure.tokens
        let close = structure.closing(open)
        guard open >= 2, close + 1 < tokens.count else { return nil }
        // The call the closure is passed to: a trailing closure (`Row(x) { }`, `Row { }`), or a
        // labelled argument (`Row(x, content: { })`), whose label picks the parameter.
        var calleeEnd = open
        var arguments: Range<Int>?
        var label: String?
        if tokens[open - 1].kind == .colon {
            guard tokens[open - 2].kind == .identifier, tokens[close + 1].kind == .rightParen || tokens[close + 1].kind == .comma,
                  let paren = enclosingParenthesis(of: open - 2, in: structure) else { return nil }
            label = structure.source.text(open - 2)
            arguments = (paren + 1)..<structure.closing(paren)
            calleeEnd = paren
        } else {
            if tokens[open - 1].kind == .rightParen {
                let leftParen = Int(structure.matchingBracket[open - 1])
                guard leftParen >= 1 else { return nil }
                arguments = (leftParen + 1)..<(open - 1)
                calleeEnd = leftParen
            }
        }
        guard calleeEnd >= 1, tokens[calleeEnd - 1].kind == .identifier else { return nil }
        // Labelled trailing closures after it (`{ row in } footer: { }`) name parameters it is not.
        var laterLabels = Set<String>()
        var next = close
        while label == nil, next + 3 < tokens.count, tokens[next + 1].kind == .identifier, tokens[next + 2].kind == .colon,
              tokens[next + 3].kind == .leftBrace {
            laterLabels.insert(structure.source.text(next + 1))
            next = structure.closing(next + 3)
        }
        var calleeStart = calleeEnd - 1
        while calleeStart >= 2, tokens[calleeStart - 1].kind == .period, tokens[calleeStart - 2].kind == .identifier { calleeStart -= 2 }
        let name = structure.source.text(calleeEnd - 1)
        let scope = scopeAt(open, file: file)
        if calleeStart > 0, tokens[calleeStart - 1].kind == .period {
            // A modifier: `.navigationDestination(for: Item.self) { item in }` hands it an `Item`,
            // and `.sheet(item: $model.editing) { item in }` (`fullScreenCover`, `popover`,
            // `navigationDestination`) the value of the binding it is given; any other method
            // called on a value is not read here.
            guard calleeStart == calleeEnd - 1, label == nil || label == "content" || label == "destination", position == 0,
                  let arguments, !types.extendsExternal("View", with: name), arguments.count > 2,
                  tokens[arguments.lowerBound + 1].kind == .colon else { return nil }
            let argument = (arguments.lowerBound + 2)..<arguments.upperBound
            if name == "navigationDestination", structure.source.tokenText(arguments.lowerBound, equals: "for") {
                guard structure.isMetatype(argument) else { return nil }
                return knownType(resolveWritten(structure.compactText(argument.dropLast(2)), from: scope))
            }
            guard Self.itemPresentingModifiers.contains(name), structure.source.tokenText(arguments.lowerBound, equals: "item"),
                  let item = structure.topLevelSegments(argument).first else { return nil }
            return knownType(bindingValue(item, file: file, trail: trail))
        }
        if calleeStart == calleeEnd - 1, name == "ForEach" || name == "List", !types.isDeclaredBaseName(name) {
            guard label == nil || label == "content", let arguments,
                  let data = firstUnlabelledArgument(arguments, in: structure) else { return nil }
            if position == 1, count == 2 {
                // `ForEach(Array(items.enumerated()), id: \.offset) { index, item in }`.
                return enumeratedElement(data, file: file, trail: trail).map { Typed($0) }
            }
            guard position == 0 else { return nil }
            let collection = typeOf(data, file: file, trail: trail)
            if let element = collection.element ?? arrayLiteralElement(data, file: file, trail: trail) { return Typed(element) }
            // A stored value of a type no scanned file declares (`problem.items` of an unscanned
            // `Problem`) comes from code that cannot see the tree's models: its elements are
            // external too, as its members are. Not a call's result (`Array(models)`), nor a
            // generic type naming one of the tree's types (`Box<Model>`).
            guard case .external(let written) = collection.type, !data.contains(where: { tokens[$0].kind == .leftParen }),
                  !mentionsDeclaredType(written, data.lowerBound..<data.lowerBound, file: file, trail: trail) else { return nil }
            return Typed(.external(written + ".Element"))
        }
        guard case .declared(let typeID) = typePath(startingAt: calleeStart, before: calleeEnd, file: file, scope: scope).type.type,
              let written = closureParameterTypes(ofInitializersOf: typeID, label: label, excluding: laterLabels, arity: count),
              position < written.count
        else { return nil }
        return knownType(resolveWritten(written[position], from: typeID))
    }

    /// The element of the sequence whose `enumerated()` is the token range `range`
    /// (`items.enumerated()`, `Array(items.enumerated())`): what the second name of an
    /// `(offset, element)` pair gets. Nil when `range` is no such call or the element is not known.
    func enumeratedElement(_ range: Range<Int>, file: Int, trail: Trail) -> ResolvedType? {
        let structure = types.files[file]
        let tokens = structure.tokens
        var range = range
        // `Array(items.enumerated())`: the array holds the same pairs.
        if range.count > 3, tokens[range.lowerBound].kind == .identifier, structure.source.tokenText(range.lowerBound, equals: "Array"),
           !types.isDeclaredBaseName("Array"), tokens[range.lowerBound + 1].kind == .leftParen,
           structure.closing(range.lowerBound + 1) == range.upperBound - 1 {
            range = (range.lowerBound + 2)..<(range.upperBound - 1)
        }
        guard range.count > 4, tokens[range.upperBound - 1].kind == .rightParen, tokens[range.upperBound - 2].kind == .leftParen,
              structure.source.tokenText(range.upperBound - 3, equals: "enumerated"), tokens[range.upperBound - 4].kind == .period,
              isStandardOperator("enumerated") else { return nil }
        return upstreamElement(range.lowerBound..<(range.upperBound - 4), file: file, trail: trail)
    }

    /// SwiftUI's and Charts' result builders: on a stored closure property they shape how the
    /// closure's body is read, not the memberwise initializer's parameter type.
    static let resultBuilders: Set<String> = ["ViewBuilder", "SceneBuilder", "ToolbarContentBuilder", "CommandsBuilder",
                                              "TableColumnBuilder", "TableRowBuilder", "ChartContentBuilder",
                                              "AccessibilityRotorContentBuilder"]

    /// SwiftUI's modifiers that present their content for the value of an optional binding
    /// (`item:`), passing it the unwrapped value.
    static let itemPresentingModifiers: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination"]

    /// The value a binding written as a projection reads: `$selection` of a `@State var
    /// selection: Item?`, `$model.editing` of a model's property (an optional is the same type
    /// to the rules). Only a projected variable followed by property names; unknown otherwise.
    func bindingValue(_ range: Range<Int>, file: Int, trail: Trail) -> Typed {
        let structure = types.files[file]
        let tokens = structure.tokens
        let head = range.lowerBound
        let projected = structure.source.text(head)
        guard !range.isEmpty, tokens[head].kind == .dollarIdentifier, projected.dropFirst().first?.isNumber == false,
              var current = lookUpVariable(String(projected.dropFirst()), at: head, file: file, trail: trail) else { return .unknown }
        var index = head + 1
        while index < range.upperBound {
            guard tokens[index].kind == .period, index + 1 < range.upperBound, tokens[index + 1].kind == .identifier,
                  let member = memberType(structure.source.text(index + 1), of: current, isStatic: false, trail: trail)
            else { return .unknown }
            current = member
            index += 2
        }
        return current
    }

    /// A type the tree declares or an external one; nil for anything else.
    func knownType(_ typed: Typed) -> Typed? {
        switch typed.type {
        case .declared, .external: return typed
        default: return nil
        }
    }

    /// The element type of an array literal whose elements all have the same known type
    /// (`[Item.sample, Item.preview]`); nil for an empty literal, a dictionary, or mixed types,
    /// which Swift may join to a common supertype.
    func arrayLiteralElement(_ range: Range<Int>, file: Int, trail: Trail) -> ResolvedType? {
        let structure = types.files[file]
        guard range.count > 2, structure.tokens[range.lowerBound].kind == .leftSquare,
              structure.closing(range.lowerBound) == range.upperBound - 1 else { return nil }
        let elements = Self.splitTopLevel((range.lowerBound + 1)..<(range.upperBound - 1), in: structure)
        guard !elements.isEmpty, !elements.contains(where: { $0.contains { structure.tokens[$0].kind == .colon } }) else { return nil }
        let typed = elements.map { typeOf($0, file: file, trail: trail).type }
        guard let first = typed.first, typed.allSatisfy({ $0 == first }) else { return nil }
        switch first {
        case .declared, .external: return first
        default: return nil
        }
    }

    /// The first argument of an argument list when it has no label (`items` of `ForEach(items, id: \.id)`).
    func firstUnlabelledArgument(_ arguments: Range<Int>, in structure: FileStructure) -> Range<Int>? {
        guard !arguments.isEmpty, !(arguments.count > 1 && structure.tokens[arguments.lowerBound + 1].kind == .colon) else { return nil }
        return structure.topLevelSegments(arguments).first
    }

    /// The written parameter types of the one closure of `arity` parameters a type's
    /// initializers take (each explicit initializer that takes such a closure takes exactly one,
    /// and all state the same parameter types), or of a struct's one stored closure property of
    /// that arity when it has no explicit initializer; `label` picks the parameter by name, and
    /// the parameters named in `excluding` are not candidates.
    func closureParameterTypes(ofInitializersOf typeID: DeclarationID, label: String? = nil, excluding: Set<String> = [],
                               arity: Int) -> [String]? {
        guard let symbol = types.symbol(typeID) else { return nil }
        var found: [String]?
        var sawInitializer = false
        for container in [typeID] + symbol.extensions {
            let file = types.files[container.file]
            for member in file.members(of: container.declaration) where file.declarations[member].kind == .initializer {
                sawInitializer = sawInitializer || container == typeID
                guard let clause = file.declarations[member].parameters, clause.count >= 2 else { continue }
                let closures = Self.splitTopLevel((clause.lowerBound + 1)..<(clause.upperBound - 1), in: file).compactMap { parameter -> [String]? in
                    guard let colon = parameter.first(where: { file.tokens[$0].kind == .colon }) else { return nil }
                    // A labelled argument names its parameter: the first name before the colon.
                    var first = parameter.lowerBound
                    while first + 1 < colon, file.tokens[first].kind == .atSign { first += 2 }
                    let name = file.tokens[first].kind == .identifier ? String(file.source.text(first)) : nil
                    if let label, name != label { return nil }
                    if let name, excluding.contains(name) { return nil }
                    return functionTypeParameters((colon + 1)..<parameter.upperBound, in: file).flatMap { $0.count == arity ? $0 : nil }
                }
                guard closures.count <= 1 else { return nil }
                guard let closure = closures.first else { continue }
                if let found, found != closure { return nil }
                found = closure
            }
        }
        if sawInitializer { return found }
        // Without an initializer of its own a struct has the memberwise one (its one stored
        // closure property), which must agree with any an extension adds; a class inherits
        // initializers not read here.
        guard types.declaration(typeID).kind == .struct else { return nil }
        let file = types.files[typeID.file]
        let closures = file.members(of: typeID.declaration).compactMap { member -> [String]? in
            let variable = file.declarations[member]
            // A property wrapper changes the memberwise parameter's type; a result builder
            // (`@ViewBuilder let content: (Item) -> Content`) does not.
            guard variable.kind == .variable, !variable.hasModifier(.static),
                  variable.attributes.allSatisfy({ Self.resultBuilders.contains(String($0.baseName)) }),
                  let binding = variable.bindings.first, binding.accessorBlock == nil, let annotation = binding.typeAnnotation,
                  label == nil || binding.name == label, !excluding.contains(binding.name ?? "") else { return nil }
            return functionTypeParameters(annotation, in: file).flatMap { $0.count == arity ? $0 : nil }
        }
        guard closures.count <= 1 else { return nil }
        guard let memberwise = closures.first else { return found }
        return found == nil || found == memberwise ? memberwise : nil
    }

    /// The parameter types of the function type written at `range`, attributes such as
    /// `@escaping` and `@ViewBuilder` skipped and labels dropped (`(Item, _ index: Int) -> Row`);
    /// nil when it is no function type.
    func functionTypeParameters(_ range: Range<Int>, in structure: FileStructure) -> [String]? {
        let tokens = structure.tokens
        let index = structure.skippingAttributes(from: range.lowerBound, before: range.upperBound)
        guard index < range.upperBound, tokens[index].kind == .leftParen else { return nil }
        let close = structure.closing(index)
        var after = close + 1
        while after < range.upperBound, tokens[after].word == .async || tokens[after].word == .throws { after += 1 }
        guard after < range.upperBound, tokens[after].kind == .arrow else { return nil }
        return Self.splitTopLevel((index + 1)..<close, in: structure).map { parameter in
            let type = parameter.first(where: { tokens[$0].kind == .colon }).map { ($0 + 1)..<parameter.upperBound } ?? parameter
            return structure.compactText(type)
        }
    }

    /// The comma-separated parts of a token range, brackets kept whole (`topLevelSegments`),
    /// without the empty part a trailing comma or an empty range leaves.
    static func splitTopLevel(_ range: Range<Int>, in structure: FileStructure) -> [Range<Int>] {
        var parts = structure.topLevelSegments(range)
        if parts.last?.isEmpty == true { parts.removeLast() }
        return parts
    }

    /// The declaration scope of token `token`, for resolving a type written there.
    func scopeAt(_ token: Int, file: Int) -> DeclarationID {
        DeclarationID(file: file, declaration: owner(file: file, token: token) ?? -1)
    }

    /// The `{` of the innermost closure holding `token`; nil when the innermost block is a
    /// declaration body or a statement's block (`if`, `for`, `switch`, …), whose `$0` belongs
    /// to no closure the typer can name.
    func innermostClosure(enclosing token: Int, file: Int) -> Int? {
        let structure = types.files[file]
        var index = token - 1
        while index >= 0 {
            switch structure.tokens[index].kind {
            case .rightBrace, .rightParen, .rightSquare:
                index = Int(structure.matchingBracket[index]) - 1
                continue
            case .leftBrace:
                guard !isDeclarationBody(index, file: structure, fileIndex: file),
                      !isStatementBlock(index, in: structure) else { return nil }
                return index
            default:
                index -= 1
            }
        }
        return nil
    }

    /// Whether the `{` at `open` opens the block of a statement rather than a closure: a
    /// statement keyword comes before it in the same statement. Errs towards "statement".
    func isStatementBlock(_ open: Int, in structure: FileStructure) -> Bool {
        let statementWords: Set<Word> = [.if, .guard, .while, .for, .switch, .catch, .else, .do, .repeat, .defer]
        var index = open - 1
        while index >= 0 {
            let token = structure.tokens[index]
            switch token.kind {
            case .rightParen, .rightSquare:
                index = Int(structure.matchingBracket[index]) - 1
                continue
            case .leftBrace, .rightBrace, .leftParen, .leftSquare, .semicolon:
                return false
            default:
                if statementWords.contains(token.word) { return true }
            }
            index -= 1
        }
        return false
    }

    /// The `… in` signature of the closure opening at `open`, or nil when it has none (its
    /// parameters are `$0`, `$1`, …) or it is not one of the plain shapes
    /// `a, b in`, `(a: T, b) in`, `(a) async throws -> R in`, after an optional capture list.
    func closureSignature(at open: Int, in structure: FileStructure) -> ClosureSignature? {
        let tokens = structure.tokens
        let close = structure.closing(open)
        var index = open + 1
        if index < close, tokens[index].kind == .leftSquare { index = structure.closing(index) + 1 }
        var signature = ClosureSignature()
        func isName(_ position: Int) -> Bool {
            tokens[position].kind == .identifier || structure.source.tokenText(position, equals: "_")
        }
        if index < close, tokens[index].kind == .leftParen {
            let groupClose = structure.closing(index)
            var itemStart = index + 1
            var position = itemStart
            while position <= groupClose {
                if position == groupClose || tokens[position].kind == .comma {
                    let item = itemStart..<position
                    if !item.isEmpty {
                        let colon = item.first { tokens[$0].kind == .colon }
                        let name = colon.map { $0 - 1 } ?? item.lowerBound
                        guard name >= item.lowerBound, isName(name) else { return nil }
                        signature.parameters.append((name, colon.map { ($0 + 1)..<item.upperBound }))
                    }
                    itemStart = position + 1
                } else if tokens[position].kind.isOpeningBracket {
                    position = structure.closing(position)
                }
                position += 1
            }
            index = groupClose + 1
        } else {
            while index < close, isName(index) {
                signature.parameters.append((index, nil))
                index += 1
                guard index < close, tokens[index].kind == .comma else { break }
                index += 1
            }
        }
        while index < close, tokens[index].word == .async || tokens[index].word == .throws {
            index += 1
            if tokens[index].kind == .leftParen { index = structure.closing(index) + 1 }
        }
        if index < close, tokens[index].kind == .arrow {
            let typeStart = index + 1
            while index < close, tokens[index].word != .in {
                if [.leftParen, .leftSquare].contains(tokens[index].kind) { index = structure.closing(index) }
                index += 1
            }
            signature.returnType = typeStart..<index
        }
        guard index < close, tokens[index].word == .in, !signature.parameters.isEmpty || signature.returnType != nil
        else { return nil }
        return signature
    }

    /// The element the closure opening at `open` receives as its first parameter, when it is an
    /// element closure of an operator (`.map { … }`, `.sink(receiveValue: { … })`) whose
    /// upstream element is known.
    func receivedElement(byClosureAt open: Int, file: Int, trail: Trail) -> ResolvedType? {
        let structure = types.files[file]
        guard let call = operatorCall(passing: open, in: structure),
              Self.elementClosureLabels[call.name]?.contains(call.label) == true, isStandardOperator(call.name) else { return nil }
        return upstreamElement(call.upstream, file: file, trail: trail)
    }

    /// Whether the tree leaves the operator `name` as the standard library and Combine define
    /// it: an extension of one of `operatorHosts` adding a member of that name may take a
    /// closure of another shape or return other elements.
    func isStandardOperator(_ name: String) -> Bool {
        !Self.operatorHosts.contains { types.extendsExternal($0, with: name) }
    }

    /// The operator the closure opening at `open` is passed to, as a trailing closure
    /// (`.map { }`, the only one) or an argument (`.map({ })`, `.sink(receiveValue: { })`), with
    /// the argument label ("" for none) and the upstream expression before the operator's `.`.
    func operatorCall(passing open: Int, in structure: FileStructure) -> (name: String, label: String, upstream: Range<Int>)? {
        let tokens = structure.tokens
        let close = structure.closing(open)
        guard open >= 2, close + 1 < tokens.count else { return nil }
        var label = ""
        let operatorToken: Int
        switch tokens[open - 1].kind {
        case .identifier:
            // A trailing closure; one followed by labelled ones (`sink { } receiveValue: { }`)
            // is the first parameter of another signature.
            if close + 2 < tokens.count, tokens[close + 1].kind == .identifier, tokens[close + 2].kind == .colon { return nil }
            operatorToken = open - 1
        case .leftParen:
            guard tokens[close + 1].kind == .rightParen else { return nil }
            operatorToken = open - 2
        case .colon:
            // Labels may be keywords: `first(where:)`, `prefix(while:)`.
            guard open >= 3, tokens[open - 2].kind == .identifier || tokens[open - 2].kind == .keyword,
                  tokens[close + 1].kind == .rightParen || tokens[close + 1].kind == .comma,
                  let paren = enclosingParenthesis(of: open - 2, in: structure) else { return nil }
            label = structure.source.text(open - 2)
            operatorToken = paren - 1
        default:
            return nil
        }
        guard operatorToken >= 1, tokens[operatorToken].kind == .identifier, tokens[operatorToken - 1].kind == .period else { return nil }
        let period = operatorToken - 1
        let start = postfixChainStart(endingBefore: period, in: structure)
        guard start < period else { return nil }
        return (structure.source.text(operatorToken), label, start..<period)
    }

    /// The `(` of the argument list holding the label at `label`, over earlier arguments.
    func enclosingParenthesis(of label: Int, in structure: FileStructure) -> Int? {
        var index = label - 1
        while index >= 0 {
            switch structure.tokens[index].kind {
            case .leftParen: return index
            case .rightParen, .rightSquare, .rightBrace: index = Int(structure.matchingBracket[index]) - 1
            case .leftBrace, .leftSquare, .semicolon: return nil
            default: index -= 1
            }
        }
        return nil
    }

    /// The first token of the postfix chain ending just before `end`: names joined by `.`,
    /// calls, subscripts, trailing closures and `?`/`!` (`a?.b.$c.map { … }.filter(x)`).
    func postfixChainStart(endingBefore end: Int, in structure: FileStructure) -> Int {
        var index = end - 1
        var start = end
        while index >= 0 {
            switch structure.tokens[index].kind {
            case .identifier, .keyword, .dollarIdentifier:
                start = index
                guard index > 0, structure.tokens[index - 1].kind == .period else { return start }
                index -= 2
            case .rightParen, .rightSquare, .rightBrace:
                let open = Int(structure.matchingBracket[index])
                guard open >= 0 else { return start }
                start = open
                index = open - 1
            case .postfixQuestionMark, .exclamationMark:
                index -= 1
            default:
                return start
            }
        }
        return start
    }

    /// The element type of the publisher or sequence in `range`: through element-keeping
    /// operators, a mapping operator whose closure states its result type, `compactMap { $0 }`,
    /// a `@Published` property's `$x`, `.publisher` of a collection, or a value whose written
    /// type is a collection or a subject (`Typed.element`). Nil when not known exactly.
    ///
    /// Walks the chain from its end towards its source in a loop (a chain thousands of
    /// operators long costs no stack): the nearest mapping operator fixes the element, and the
    /// source must still be a known publisher or sequence, so that a tree type's own `map`
    /// says nothing.
    func upstreamElement(_ range: Range<Int>, file: Int, trail: Trail) -> ResolvedType? {
        let structure = types.files[file]
        let tokens = structure.tokens
        var range = range
        var mapped: ResolvedType?
        while !range.isEmpty {
            let last = range.upperBound - 1
            switch tokens[last].kind {
            case .rightParen, .rightBrace:
                // An operator call: `.op(…)`, `.op { … }` (a call with arguments and a trailing
                // closure is not one of the shapes read here).
                let open = Int(structure.matchingBracket[last])
                guard open > range.lowerBound + 1, tokens[open - 1].kind == .identifier, tokens[open - 2].kind == .period
                else { return nil }
                let name = structure.source.text(open - 1)
                guard isStandardOperator(name) else { return nil }
                range = range.lowerBound..<(open - 2)
                if Self.elementKeepingOperators.contains(name) { continue }
                guard Self.elementMappingOperators.contains(name) else { return nil }
                let closure = tokens[last].kind == .rightBrace ? open : open + 1
                guard tokens[closure].kind == .leftBrace, structure.closing(closure) == (closure == open ? last : last - 1) else { return nil }
                if let signature = closureSignature(at: closure, in: structure) {
                    guard let returnType = signature.returnType else { return nil }
                    if mapped == nil { mapped = resolveWritten(structure.compactText(returnType), from: scopeAt(closure, file: file)).type }
                    continue
                }
                // `compactMap { $0 }` unwraps; `map { $0 }` keeps.
                guard structure.closing(closure) == closure + 2, structure.source.tokenText(closure + 1, equals: "$0") else { return nil }
            case .dollarIdentifier where structure.source.text(last).dropFirst().first?.isNumber == false:
                // `$x` of a `@Published` property (`$0` is a value, typed below).
                guard let source = publishedValueType(at: last, from: range.lowerBound, file: file, trail: trail) else { return nil }
                return mapped ?? source
            case .identifier where last > range.lowerBound && tokens[last - 1].kind == .period
                && (structure.source.tokenText(last, equals: "publisher") || Self.elementKeepingOperators.contains(structure.source.text(last))):
                range = range.lowerBound..<(last - 1)
            default:
                guard let source = typeOf(range, file: file, trail: trail).element else { return nil }
                return mapped ?? source
            }
        }
        return nil
    }

    /// The type of the `@Published` property behind `$name` at `token` (the publisher's
    /// element), read on the receiver before it or, bare, on the enclosing type.
    func publishedValueType(at token: Int, from start: Int, file: Int, trail: Trail) -> ResolvedType? {
        let structure = types.files[file]
        let projected = structure.source.text(token)
        let name = String(projected.dropFirst())
        guard let first = name.first, !first.isNumber else { return nil }
        let receiver: Typed
        if token > start, structure.tokens[token - 1].kind == .period {
            receiver = typeOf(start..<(token - 1), file: file, trail: trail)
        } else if token == start, let enclosing = types.enclosingTypeLike(scopeAt(token, file: file)),
                  let target = types.extendedType(enclosing) {
            receiver = Typed(.declared(target))
        } else {
            return nil
        }
        guard case .declared(let typeID) = receiver.type else { return nil }
        return firstMember(of: typeID) { id, declaration, _ in
            guard declaration.kind == .variable, declaration.attribute(named: "Published") != nil,
                  let binding = declaration.bindings.first(where: { $0.name == name }) else { return nil }
            return variableType(binding, declarationID: id, trail: trail)
        }?.type
    }

    /// The element type written in a collection or subject type: `[T]`, `Array<T>`, `Set<T>`, `OrderedSet<T>`,
    /// `CurrentValueSubject<T, E>`, `PassthroughSubject<T, E>`, `AnyPublisher<T, E>`, Core Data's
    /// `FetchedResults<T>`; nil for
    /// anything else: a dictionary, a type the tree declares under one of those names, and an
    /// optional one, whose `map { $0 }` is `Optional.map` and receives the whole collection.
    func writtenElement(_ written: String, from scope: DeclarationID) -> ResolvedType? {
        let text = Substring(written).trimmingSpaces()
        guard text.last != "?", text.last != "!" else { return nil }
        if let (isDictionary, value) = Self.bracketedCollection(text) {
            return isDictionary ? nil : elementType(String(value), from: scope)
        }
        // swift-collections' `OrderedSet`, `Deque` and `Heap` and the composable architecture's
        // `IdentifiedArrayOf` hold their first generic argument too.
        let carriers: Set<String> = ["Array", "Set", "ContiguousArray", "ArraySlice", "CurrentValueSubject",
                                     "PassthroughSubject", "AnyPublisher", "OrderedSet", "Deque", "Heap",
                                     "IdentifiedArrayOf", "FetchedResults"]
        guard let (base, arguments) = Self.genericArguments(of: String(text)),
              carriers.contains(base.trimming(charactersIn: " ")), case .external = types.resolve(base, from: scope),
              let first = arguments.first else { return nil }
        return elementType(first, from: scope)
    }

    /// The element type written in a collection type at `scope` (`[T]`, `Array<T>`, `Set<T>`,
    /// `OrderedSet<T>`, …, and the subjects `writtenElement` reads): what `ForEach($model.items)`
    /// hands each row. Nil for a dictionary, an optional and anything else.
    public func collectionElement(written: String, from scope: DeclarationID) -> ResolvedType? {
        writtenElement(written, from: scope)
    }

    /// An element type as written; an existential (`any ObservableObject`, `AnyObject`) may
    /// hold any of the tree's models, so it is unknown rather than external (`resolveWritten`).
    /// Resolved past the element step (alias depth 1): an element's own elements are not kept,
    /// so `[[[…]]]` nested thousands deep costs no recursion.
    func elementType(_ written: String, from scope: DeclarationID) -> ResolvedType {
        resolveWritten(written, from: scope, aliasDepth: 1).type
    }

    /// Whether a written type may hold any of the tree's models without naming one: an
    /// existential or opaque type (`any ObservableObject`, `some ObservableObject`), `AnyObject`,
    /// `Any`, or `ObservableObject` itself.
    static func mayHoldAnyModel(_ written: String) -> Bool {
        if Substring(written).trimmingSpaces().hasPrefix("some ") { return true }
        let reference = TypeReference(written)
        return reference?.isExistential == true || ["ObservableObject", "AnyObject", "Any"].contains(reference?.baseName ?? "")
    }
}
