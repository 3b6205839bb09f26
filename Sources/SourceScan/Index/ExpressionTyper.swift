/// Works out the type of the few expression shapes that hand models around:
/// `M()`, `M(x: 1)`, `M.init()`, `M.shared`, `self.model`, `model`, `appState.settings`.
///
/// Closure parameters are typed when the closure states their type or is an element closure of
/// a Combine or Sequence operator whose upstream element is known (`ExpressionTyper+ClosureParameters.swift`).
/// Anything else (calls of functions, subscripts, other closure parameters) is `.unknown`: the
/// rules then treat the site as unknown instead of guessing.
///
/// Split by concern: local scopes in `ExpressionTyper+LocalScopes.swift`, `@Dependency`/
/// `@Environment` key-path typing in `ExpressionTyper+KeyPathEnvironment.swift`, and the small
/// values the typer passes around (`Trail`, `Typed`) in `TyperValues.swift`.
public struct ExpressionTyper: Sendable {
    public let types: TypeIndex

    /// Top-level variables of the whole tree by name, looked up once rather than per use.
    let globals: [String: DeclarationID]
    /// Top-level functions of the whole tree by name, in declaration order (overloads share a name).
    let globalFunctions: [String: [DeclarationID]]
    /// Properties declared in extensions of the key-path roots of `@Dependency(\.x)` and
    /// `@Environment(\.x)` when those types come from outside the tree, keyed `Root.x`; every
    /// declaration of the name is kept, so that a name declared twice is not guessed.
    let keyPathValues: [String: [DeclarationID]]

    /// Creates a typer over the tree.
    public init(types: TypeIndex) {
        self.types = types
        var globals: [String: DeclarationID] = [:]
        var functions: [String: [DeclarationID]] = [:]
        var keyPathValues: [String: [DeclarationID]] = [:]
        let roots = Set(Self.keyPathRoots.values)
        for (fileIndex, file) in types.files.enumerated() {
            for (index, declaration) in file.declarations.enumerated() where declaration.parent == nil {
                let id = DeclarationID(file: fileIndex, declaration: index)
                if declaration.kind == .extension, let root = declaration.name.split(separator: ".").last.map(String.init),
                   roots.contains(root) {
                    for member in file.members(of: index) where file.declarations[member].kind == .variable {
                        for binding in file.declarations[member].bindings {
                            if let name = binding.name {
                                keyPathValues[root + "." + name, default: []].append(DeclarationID(file: fileIndex, declaration: member))
                            }
                        }
                    }
                }
                // A `#Preview`'s `@Previewable` state is visible in that preview only (`macroBodyLocal`).
                if declaration.kind == .variable, declaration.attribute(named: "Previewable") == nil {
                    for binding in declaration.bindings {
                        if let name = binding.name, globals[name] == nil { globals[name] = id }
                    }
                } else if declaration.kind == .function {
                    functions[declaration.name, default: []].append(id)
                }
            }
        }
        self.globals = globals
        self.globalFunctions = functions
        self.keyPathValues = keyPathValues
    }

    /// The innermost declaration holding token `token` of file `file`, or nil at file scope.
    ///
    /// Found from the declarations rather than from a table with an entry per token, which took
    /// four bytes per token of every file for the whole run: declarations come in source order
    /// and nest, so the innermost holder is the last declaration starting at or before the token,
    /// or one of its enclosing declarations.
    public func owner(file: Int, token: Int) -> Int? {
        let declarations = types.files[file].declarations
        var low = 0, high = declarations.count
        while low < high {
            let middle = (low + high) / 2
            if declarations[middle].tokens.lowerBound <= token { low = middle + 1 } else { high = middle }
        }
        var candidate: Int? = low - 1
        while let index = candidate, index >= 0 {
            if declarations[index].tokens.contains(token) { return index }
            candidate = declarations[index].parent
        }
        return nil
    }

    /// The type of the receiver of a member written at `member` (`a.b.member`, `$a.member`):
    /// the postfix chain before its `.`; unknown when no `.` or no chain precedes it.
    public func receiverType(ofMemberAt member: Int, file: Int) -> ResolvedType {
        let structure = types.files[file]
        guard member > 0, structure.tokens[member - 1].kind == .period else { return .unknown }
        let start = postfixChainStart(endingBefore: member - 1, in: structure)
        return start < member - 1 ? typeOf(start..<(member - 1), file: file) : .unknown
    }

    /// The type of the expression in `range` of `file`, seen from token `range.lowerBound`.
    public func typeOf(_ range: Range<Int>, file: Int) -> ResolvedType {
        typeOf(range, file: file, trail: Trail()).type
    }

    func typeOf(_ range: Range<Int>, file: Int, trail: Trail) -> Typed {
        guard !range.isEmpty else { return .unknown }
        let structure = types.files[file]
        let tokens = structure.tokens
        // `try M()`, `try! M()`, `try? M()`, `await m.load()`: the expression after them (an
        // optional from `try?` is the same model to the rules, as `m?.x` is).
        var start = range.lowerBound
        while start < range.upperBound, tokens[start].word == .try || tokens[start].word == .await {
            start += 1
            if start < range.upperBound, tokens[start].kind == .exclamationMark || tokens[start].kind == .postfixQuestionMark
                || structure.source.tokenText(start, equals: "?") {
                start += 1
            }
        }
        if start != range.lowerBound { return typeOf(start..<range.upperBound, file: file, trail: trail) }
        if let cast = castResult(range, file: file) { return cast }
        if let coalesced = coalescingResult(range, file: file, trail: trail) { return coalesced }
        if tokens[start].kind == .leftBrace { return appliedClosureResult(start..<range.upperBound, file: file, trail: trail) }
        if let closure = isolatedRunClosure(start..<range.upperBound, in: structure) { return closureResult(open: closure, file: file, trail: trail) }
        var index = range.lowerBound
        let end = range.upperBound
        let scope = DeclarationID(file: file, declaration: owner(file: file, token: index) ?? -1)
        var current: Typed
        var isTypeContext = false

        // The head: `self`, a call of a function, a variable, a type name, or a parenthesized
        // expression.
        let head = tokens[index]
        guard head.kind == .identifier || head.kind == .keyword || head.kind == .dollarIdentifier || head.kind == .leftParen
                || head.kind == .leftSquare
        else { return .unknown }
        let name = structure.source.text(index)
        let isCall = index + 1 < end && tokens[index + 1].kind == .leftParen
        if head.kind == .leftSquare {
            // `[Coin]()`, `[String: Coin](minimumCapacity: 8)`: an initializer of the collection
            // type written in the brackets (an array literal is not read here).
            let close = structure.closing(index)
            guard close + 1 < end, tokens[close + 1].kind == .leftParen else { return .unknown }
            current = resolveWritten(structure.compactText(index..<(close + 1)), from: scope)
            guard knownType(current) != nil || current.element != nil || current.subscripted != nil else { return .unknown }
            index = structure.closing(close + 1)
        } else if head.kind == .leftParen {
            // `(delegate as! AppDelegate).coordinator`, `(m.child!)`: the one expression inside;
            // a tuple (`(a, b)`) is not read.
            let close = structure.closing(index)
            guard close < end, close > index + 1, structure.topLevelSegments((index + 1)..<close).count == 1,
                  let inside = trail.enteringParentheses() else { return .unknown }
            current = typeOf((index + 1)..<close, file: file, trail: inside)
            // `(f) { … }` calls what the parentheses hold.
            guard knownType(current) != nil, close + 1 == end || tokens[close + 1].kind != .leftBrace else { return .unknown }
            index = close
        } else if head.kind == .dollarIdentifier {
            // `$0` of an operator's closure; a projected value (`$model`) is not typed here.
            current = anonymousParameterType(at: index, file: file, trail: trail)
            guard current != .unknown else { return .unknown }
        } else if head.word == .self {
            guard let enclosing = types.enclosingTypeLike(scope) else { return .unknown }
            let type = types.selfType(in: enclosing)
            guard type != .unknown else { return .unknown }
            current = Typed(type)
        } else if head.word == .super {
            // `super.make()`, `super.child`: the superclass the tree declares.
            guard let enclosing = types.enclosingTypeLike(scope), let target = types.extendedType(enclosing),
                  let superclass = superclassOf(target) else { return .unknown }
            current = Typed(.declared(superclass))
        } else if head.word == .`Self` {
            // `Self.shared`, `Self()`: the enclosing type (never an external type named `Self`).
            guard let enclosing = types.enclosingTypeLike(scope), let target = types.extendedType(enclosing) else { return .unknown }
            current = Typed(.declared(target))
            isTypeContext = true
        } else if isCall, name.first?.isUppercase == false, !isDeclaredType(name, from: scope) {
            // `makeModel()`: a function of an enclosing type, or a global one. A type the tree
            // declares is an initializer whatever its spelling (`___VARIABLE_name___State()`).
            // Or a closure held by a variable of a stated function type (`factory(key)`).
            // Or a local function of a preview's body (`#Preview { func makeMovie() -> Media … }`).
            guard let result = functionResult(name, at: index, file: file, trail: trail)
                ?? lookUpVariable(name, at: index, file: file, trail: trail)?.callResult.map({ Typed($0) })
                ?? factoryResolveResult(at: index, file: file, trail: trail)
                ?? (owner(file: file, token: index) == nil ? macroBodyFunctionResult(name, before: index, file: file) : nil)
            else { return .unknown }
            current = result
            index = structure.closing(index + 1)
        } else if !isCall, let variable = lookUpVariable(name, at: index, file: file, trail: trail) {
            current = variable
        } else if name.first?.isUppercase == true || isDeclaredType(name, from: scope) {
            // A type: one the tree declares, or an external one (`ThirdPartyModel()` is known
            // not to be a model, which is different from not knowing).
            // A type alias brings its generic arguments: `AppStore` for `Store<AppState>`.
            // A dotted path of types is one type: `Outer.Model`, `Module.Model`.
            let path = typePath(startingAt: index, before: end, file: file, scope: scope)
            current = path.type
            switch current.type {
            case .declared, .external, .ambiguous: break
            default: return .unknown
            }
            index = path.last
            isTypeContext = true
        } else {
            return .unknown
        }
        index += 1
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .postfixQuestionMark, .exclamationMark:
                index += 1
            case .leftSquare:
                // `tasks[id]`, `items[0]`: what the collection's written type holds; a range
                // (`items[0..<2]`) gives a slice, which the rules do not follow.
                let close = structure.closing(index)
                guard !isTypeContext, let subscripted = current.subscripted, close < end,
                      !(index..<close).contains(where: { structure.source.tokenText($0, equals: "..<") || structure.source.tokenText($0, equals: "...") })
                else { return .unknown }
                current = Typed(subscripted)
                index = close + 1
            case .leftParen:
                // A call: only an initializer call of a type keeps a known type.
                let close = structure.closing(index)
                guard isTypeContext, close < end || close == end - 1 else { return .unknown }
                isTypeContext = false
                index = close + 1
            case .leftBrace:
                // A trailing closure of an initializer: `Box { … }`, `Model(id: 1) { … }`.
                guard isTypeContext || index == range.lowerBound + 1 || tokens[index - 1].kind == .rightParen else { return .unknown }
                isTypeContext = false
                index = structure.closing(index) + 1
            case .binaryOperator, .prefixOperator, .postfixOperator:
                // Generic arguments of a type: `Box<String>()`.
                guard isTypeContext, structure.source.bytes[Int(token.start)] == UInt8(ascii: "<"),
                      let close = structure.closingAngle(from: index, before: end) else { return .unknown }
                current = resolveWritten(structure.compactText(range.lowerBound..<(close + 1)), from: scope)
                index = close + 1
            case .period:
                guard index + 1 < end else { return .unknown }
                let memberIndex = index + 1
                let member = tokens[memberIndex]
                if member.word == .`init` {
                    index += 2
                    continue
                }
                if member.kind == .integerLiteral, !isTypeContext, let elements = current.tupleElements,
                   let position = Int(structure.source.text(memberIndex)), position < elements.count {
                    // `pair.1` of a written tuple type `(Renderer, Model)`.
                    current = Typed(elements[position])
                    index += 2
                    continue
                }
                guard member.kind == .identifier || member.kind == .keyword else { return .unknown }
                // `M.`default``: declarations keep their names without the backticks.
                let memberName = structure.source.text(memberIndex).filter { $0 != "`" }
                if isTypeContext, case .declared(let outer) = current.type, let nested = nestedType(memberName, in: outer) {
                    // `Self.Model()`: a type nested in the type named so far.
                    current = Typed(.declared(nested))
                    index += 2
                    continue
                }
                let isMethodCall = memberIndex + 1 < end && tokens[memberIndex + 1].kind == .leftParen
                if case .external(let written) = current.type, !isTypeContext, !isMethodCall,
                   let value = keyPathValue(memberName, of: written, trail: trail) {
                    // `DependencyValues().client`: a property the tree adds to the values type.
                    current = value
                    index += 2
                    continue
                }
                if !isTypeContext, memberName == "first" || memberName == "last", let element = current.element,
                   !isDeclared(current.type), isStandardOperator(memberName) {
                    // `items.first`, `selection.last`, `videos.first(where: \.isTrailer)`: an element, or
                    // none (optional, the same model to the rules).
                    current = Typed(element)
                    index = isMethodCall ? structure.closing(memberIndex + 1) + 1 : index + 2
                    continue
                }
                if !isTypeContext, isMethodCall, let taken = takenElement(memberName, of: current, at: memberIndex, file: file) {
                    // `participants.removeValue(forKey: id)`, `stack.popLast()`, `items.remove(at: 0)`:
                    // one element the collection held (or none: optionals are the same model to the rules).
                    current = Typed(taken)
                    index = structure.closing(memberIndex + 1) + 1
                    continue
                }
                if !isTypeContext, let mapped = mappedCollection(memberName, of: current, at: memberIndex, before: end, file: file,
                                                                 trail: trail) {
                    // `actions.map { action in Hotkey(action: action) }`: what the closure gives, one by one.
                    current = mapped.type
                    index = mapped.end
                    continue
                }
                if !isTypeContext, let kept = elementKeepingCollection(memberName, of: current, at: memberIndex, before: end, file: file) {
                    // `Self.make().sorted(by: { $0.name < $1.name })`, `items.filter { $0.isOn }`: the
                    // same elements, in another order or fewer of them.
                    current = kept.type
                    index = kept.end
                    continue
                }
                if !isTypeContext, !isMethodCall, memberName == "values", current.element == nil, let value = current.subscripted,
                   !isDeclared(current.type), isStandardOperator(memberName) {
                    // `routers.values` of a dictionary (`[Tab: Router]`): a collection of its values,
                    // which `forEach`, `map` and `for … in` hand out one by one.
                    current = Typed(.external("Dictionary.Values"), element: value)
                    index += 2
                    continue
                }
                if case .external(let written) = current.type {
                    // A collection or subject of the tree's types (`Array<Model>().first`,
                    // `subject.value`) hands them out: not known to be external.
                    switch current.element {
                    case nil, .external?: break
                    default: return .unknown
                    }
                    // A member of a type no scanned module declares (`Inject.observer`,
                    // `Ext.shared.value`): that module cannot see the tree's models, so the
                    // result is external too, unless generic arguments or call arguments hand
                    // it one of the tree's types (`Container.resolve(Model.self)`).
                    let arguments = isMethodCall ? (memberIndex + 1)..<(structure.closing(memberIndex + 1) + 1) : memberIndex..<memberIndex
                    if types.extendsExternal(written, with: memberName, visibleFrom: file) {
                        // A member the tree adds (`extension Assembler { static func resolve<S>(_: S.Type) -> S }`):
                        // what its declaration says, when it is the only one of that name and kind.
                        guard let added = addedMemberResult(memberName, toExternal: written, isStatic: isTypeContext, from: file,
                                                            call: isMethodCall ? CallSite(file: file, open: memberIndex + 1) : nil,
                                                            trail: trail),
                              knownType(added) != nil || added.element != nil || added.subscripted != nil else { return .unknown }
                        current = added
                        isTypeContext = false
                        index = isMethodCall ? arguments.upperBound : index + 2
                        continue
                    }
                    // A type the tree declares in a file left unread is no library's. Its own members
                    // hold no model (their declarations would name it, and the file would be read),
                    // but what they hold may lead to one: a member of a member is unknown
                    // (`appDelegate.player.analyzer`, `AppDelegate` declared where no model is named).
                    guard isLibraryType(written) || !written.contains(".") else { return .unknown }
                    // A member the tree adds to another library type may be inherited or conformed to
                    // by this one (`UIApplication.shared.appDelegate` of `extension UIResponder`),
                    // unless each such member holds a library's type too (`extension UserDefaults {
                    // static let shared: UserDefaults }` leaves `Kit.shared` a library's value).
                    guard !mentionsDeclaredType(written, arguments, file: file, trail: trail),
                          types.addedExternalMembersHoldLibraryTypes(memberName)
                    else { return .unknown }
                    current = Typed(.external(written + "." + memberName))
                    isTypeContext = false
                    index = isMethodCall ? arguments.upperBound : index + 2
                    continue
                }
                if case .ambiguous(let candidates) = current.type, !isMethodCall {
                    // `Manager.shared` where each of the types named `Manager` (one per app
                    // flavour) declares it: one of their members' types, and no other.
                    // A candidate that can have no such member (it declares none, in its body or
                    // extensions, and inherits nothing a library could supply one from) is not the
                    // type meant: code naming it would not compile (Flipper's `Peripheral` module
                    // has a `Dependencies` of its own without `shared`).
                    var results: [DeclarationID] = []
                    for candidate in candidates where !lacksMember(memberName, candidate) {
                        guard case .declared(let result)? = memberType(memberName, of: Typed(.declared(candidate)), isStatic: isTypeContext,
                                                                       trail: trail)?.type else { return .unknown }
                        if !results.contains(result) { results.append(result) }
                    }
                    guard !results.isEmpty else { return .unknown }
                    current = Typed(results.count == 1 ? .declared(results[0]) : .ambiguous(results))
                    isTypeContext = false
                    index += 2
                    continue
                }
                guard case .declared(let typeID) = current.type else { return .unknown }
                if isTypeContext, !isMethodCall, memberName == "allCases", let cases = synthesizedAllCases(of: typeID) {
                    // `Action.allCases` of a `CaseIterable` enum that does not declare its own.
                    current = cases
                    isTypeContext = false
                    index += 2
                    continue
                }
                if isTypeContext, types.enumCases(of: typeID).contains(where: { $0.name == memberName }) {
                    // `Phase.idle`, `Phase.loaded(x)`: a case is a value of its enum.
                    isTypeContext = false
                    index += 2
                    if index < end, tokens[index].kind == .leftParen { index = structure.closing(index) + 1 }
                    continue
                }
                if memberIndex + 1 < end, tokens[memberIndex + 1].kind == .leftParen {
                    // A method call: its declared result type.
                    guard let result = methodResult(memberName, of: current, isStatic: isTypeContext,
                                                    call: CallSite(file: file, open: memberIndex + 1), trail: trail)
                    else { return .unknown }
                    current = result
                    isTypeContext = false
                    index = structure.closing(memberIndex + 1) + 1
                    continue
                }
                if memberIndex + 1 < end, tokens[memberIndex + 1].kind == .leftBrace,
                   let result = methodResult(memberName, of: current, isStatic: isTypeContext, trail: trail) {
                    // A method called with a trailing closure alone (`channel.onPacket { … }`).
                    current = result
                    isTypeContext = false
                    index = structure.closing(memberIndex + 1) + 1
                    continue
                }
                guard let type = memberType(memberName, of: current, isStatic: isTypeContext, trail: trail) else { return .unknown }
                current = type
                isTypeContext = false
                index += 2
            default:
                return .unknown
            }
        }
        return isTypeContext ? .unknown : current
    }

    /// `allCases` of an enum of the tree that states `CaseIterable` (in its declaration or an
    /// extension) and declares no `allCases` of its own: the array of its cases the compiler
    /// synthesizes. Nil for any other type.
    func synthesizedAllCases(of typeID: DeclarationID) -> Typed? {
        guard types.declaration(typeID).kind == .enum, types.statesInheritance(of: typeID, anyOf: ["CaseIterable"]),
              !types.memberDeclarations(of: typeID).contains(where: { member in
            types.declaration(member).bindings.contains { $0.name == "allCases" }
        }) else { return nil }
        return Typed(.external("Array"), element: .declared(typeID), subscripted: .declared(typeID))
    }

    /// The element a standard collection's method hands back from those it holds, for a call at
    /// `member` (the method's name token, a `(` after it): `removeFirst()`, `removeLast()`,
    /// `popFirst()`, `popLast()`, `randomElement()` and `remove(at:)` of a collection whose element
    /// is known, `removeValue(forKey:)` of a dictionary whose value is.
    /// Nil for anything else: `removeFirst(2)` returns nothing, a collection of a type the tree
    /// declares may have members of its own, and the tree may add a method of that name.
    func takenElement(_ name: String, of current: Typed, at member: Int, file: Int) -> ResolvedType? {
        guard !isDeclared(current.type), isStandardOperator(name) else { return nil }
        let structure = types.files[file]
        let open = member + 1
        let close = structure.closing(open)
        let label = open + 1 < close ? structure.source.text(open + 1) : ""
        switch name {
        case "removeFirst", "removeLast", "popFirst", "popLast", "randomElement":
            return close == open + 1 ? current.element : nil
        case "remove":
            return label == "at" && structure.tokens[open + 2].kind == .colon ? current.element : nil
        case "removeValue":
            return current.element == nil && label == "forKey" ? current.subscripted : nil
        default:
            return nil
        }
    }

    /// Methods of `Sequence` and its refinements that hand back the elements they were given:
    /// sorted or shuffled into an array, filtered into a collection of the same kind (an array
    /// stays an array), reversed into a view that subscripts by its own index.
    static let elementKeepingCollectionMethods: Set<String> = ["sorted", "shuffled", "filter", "reversed"]

    /// `sorted`, `sorted(by:)`, `shuffled()`, `filter` or `reversed()` of a collection whose
    /// element is known: a collection of the same elements. `member` is the method's name
    /// token; the result's `end` is the token after the call (and its trailing closure). Nil for
    /// any other member, a collection of a type the tree declares (whose members may be its
    /// own), a method the tree adds to a standard collection, or a call whose shape is not a
    /// parenthesised argument list, a trailing closure, or both.
    func elementKeepingCollection(_ name: String, of current: Typed, at member: Int, before end: Int,
                                  file: Int) -> (type: Typed, end: Int)? {
        guard Self.elementKeepingCollectionMethods.contains(name), let element = current.element, !isDeclared(current.type),
              isStandardOperator(name), member + 1 < end else { return nil }
        let structure = types.files[file]
        let tokens = structure.tokens
        var after = member + 1
        if tokens[after].kind == .leftParen {
            after = structure.closing(after) + 1
        }
        if after < end, tokens[after].kind == .leftBrace {
            after = structure.closing(after) + 1
        }
        guard after > member + 1, after <= end else { return nil }
        switch name {
        case "sorted", "shuffled":
            return (Typed(.external("Array"), element: element, subscripted: element), after)
        case "filter" where current.subscripted == element:
            return (Typed(.external("Array"), element: element, subscripted: element), after)
        case "filter":
            return (Typed(current.type, element: element), after)
        default:
            return (Typed(.external("ReversedCollection"), element: element), after)
        }
    }

    /// `map` or `compactMap` of a sequence or publisher whose element is known, given one
    /// closure (trailing, or the call's only argument) whose result is a type of the tree: the
    /// elements it gives are that type (optionals are not tracked, so `compactMap` is alike),
    /// and an array's map is an array of them. `end` is where the expression ends; the result's
    /// `end` is the token after the call. Nil for anything else, a closure typed by its
    /// parameters' use, or an operator the tree redefines.
    func mappedCollection(_ name: String, of current: Typed, at member: Int, before end: Int, file: Int,
                          trail: Trail) -> (type: Typed, end: Int)? {
        guard name == "map" || name == "compactMap", current.element != nil, !isDeclared(current.type),
              isStandardOperator(name), member + 1 < end else { return nil }
        let structure = types.files[file]
        let tokens = structure.tokens
        var open = member + 1
        let after: Int
        if tokens[open].kind == .leftParen {
            // `.map({ … })`: the closure is the call's only argument, unlabelled.
            let close = structure.closing(open)
            guard tokens[open + 1].kind == .leftBrace, structure.closing(open + 1) + 1 == close else { return nil }
            open += 1
            after = close + 1
        } else {
            guard tokens[open].kind == .leftBrace else { return nil }
            after = structure.closing(open) + 1
        }
        guard after <= end else { return nil }
        let result: Typed
        if let signature = closureSignature(at: open, in: structure), let returnType = signature.returnType {
            result = resolveWritten(structure.compactText(returnType), from: scopeAt(open, file: file))
        } else {
            result = closureBodyResult(open: open, file: file, trail: trail)
        }
        // The typer does not track optionals: `optionalItems.map { Model() }` is a `Model?`, whose
        // `first`, `last` or subscript, if the model declared them, would be its own.
        guard case .declared(let resultType) = result.type, !types.memberDeclarations(of: resultType).contains(where: { member in
            let declaration = types.declaration(member)
            return declaration.kind == .subscript || declaration.bindings.contains { $0.name == "first" || $0.name == "last" }
                || declaration.name == "first" || declaration.name == "last"
        }) else { return nil }
        let isArray = current.subscripted != nil && current.subscripted == current.element
        return (Typed(.external(isArray ? "Array" : "Publishers.Map"), element: result.type, subscripted: isArray ? result.type : nil), after)
    }

    /// The type of the member `name` that the tree's extensions add to an external type, when
    /// exactly one of them that code in `file` can see has that name and is a function (for a
    /// call) or a property (for a read) of the right kind, static or not: a function's declared
    /// result (its own generic parameter bound by the call's arguments), a property's type. Nil
    /// otherwise. (An app and its TV twin each add their own `Assembler.resolve`; each target's
    /// code calls its own.)
    func addedMemberResult(_ name: String, toExternal written: String, isStatic: Bool, from file: Int, call: CallSite?,
                           trail: Trail) -> Typed? {
        let candidates = types.membersAdded(toExternal: written, named: name, visibleFrom: file).filter { id in
            let declaration = types.declaration(id)
            let kindMatches = call == nil ? declaration.kind == .variable : declaration.kind == .function
            return kindMatches && (declaration.hasModifier(.static) || declaration.hasModifier(.class)) == isStatic
        }
        guard candidates.count == 1, let id = candidates.first else { return nil }
        let declaration = types.declaration(id)
        if let call {
            // The call must fit the added function's parameters, labels and types: otherwise it may
            // be the library's own member of that name (an overload the tree does not declare).
            let callFile = types.files[call.file]
            let file = types.files[id.file]
            guard let clause = declaration.parameters, let arguments = callFile.callArguments(open: call.open) else { return nil }
            let parameters = file.clauseParameters(clause)
            guard let pairs = ParameterShape.match(arguments.map(\.label), to: parameters.map(\.shape),
                                                   trailingClosure: callFile.hasTrailingClosure(afterArgumentsAt: call.open))
            else { return nil }
            let scope = DeclarationID(file: id.file, declaration: declaration.parent ?? -1)
            for (position, argument) in pairs {
                guard let argument else { continue }
                let expression = arguments[argument].expression
                let written = file.compactText(parameters[position].type)
                let passesMetatype = callFile.isMetatype(expression)
                let takesMetatype = written.hasSuffix(".Type") || written.hasSuffix(".Type?")
                guard passesMetatype == takesMetatype else { return nil }
                // A parameter of a type the tree declares takes only a value typed so.
                let namesGeneric = parameters[position].type.contains { token in
                    declaration.genericParameters.contains { file.source.tokenText(token, equals: $0.name) }
                }
                if !takesMetatype, !namesGeneric,
                   case .declared(let expected) = types.resolve(written, from: scope) {
                    guard case .declared(let given) = typeOf(expression, file: call.file, trail: trail).type, given == expected else {
                        return nil
                    }
                }
            }
            return resultType(of: id, in: nil, call: call, trail: trail)
        }
        guard let binding = declaration.bindings.first(where: { $0.name == name }) else { return nil }
        return variableType(binding, declarationID: id, trail: trail)
    }

    /// Whether a type is one the tree declares (whose `first` is its own member, not a collection's).
    private func isDeclared(_ type: ResolvedType) -> Bool {
        if case .declared = type { return true }
        return false
    }

    /// `value as Model`, `value as? Model`, `value as! Model`: the type written after the cast
    /// (an optional from `as?` is the same model to the rules, as `try?` is). Nil when the range
    /// holds no cast at its top level; unknown when the cast is not the whole expression
    /// (`a == b as T` is a comparison) or what follows it is not a plain type.
    func castResult(_ range: Range<Int>, file: Int) -> Typed? {
        let structure = types.files[file]
        let tokens = structure.tokens
        var index = range.lowerBound
        var cast: Int?
        // The operand must be one postfix expression: an operator before the cast binds looser
        // (`a ?? b as T`, `c ? a : b as T`) or makes something else of it (`a == b as T`).
        var operandHasOperator = false
        while index < range.upperBound {
            let kind = tokens[index].kind
            if kind.isOpeningBracket {
                index = structure.closing(index) + 1
                continue
            }
            if tokens[index].word == .as { cast = index; break }
            operandHasOperator = operandHasOperator || isOperatorBetweenOperands(index, in: structure)
            index += 1
        }
        guard let cast else { return nil }
        guard cast > range.lowerBound, !operandHasOperator else { return .unknown }
        var typeStart = cast + 1
        if typeStart < range.upperBound, structure.source.tokenText(typeStart, equals: "?") || structure.source.tokenText(typeStart, equals: "!") {
            typeStart += 1
        }
        let written = typeStart..<range.upperBound
        guard !written.isEmpty, written.allSatisfy({ isTypeToken($0, in: structure) }) else { return .unknown }
        let scope = DeclarationID(file: file, declaration: owner(file: file, token: cast) ?? -1)
        // An existential (`as AnyObject`, `as any ObservableObject`) may hold any model: it
        // resolves to unknown.
        let result = resolveWritten(structure.compactText(written), from: scope)
        switch result.type {
        case .declared, .external: return result
        default: return .unknown
        }
    }

    /// The type of `a ?? b` (and `a ?? b ?? c`): the operands' one known type when they all have
    /// it (an optional is the same model to the rules). Operands of different types may meet in
    /// a common supertype, and another operator beside `??` may bind them otherwise, so both
    /// leave it unknown. Nil when there is no `??` at the top level.
    func coalescingResult(_ range: Range<Int>, file: Int, trail: Trail) -> Typed? {
        let structure = types.files[file]
        let tokens = structure.tokens
        var operands: [Range<Int>] = []
        var operandStart = range.lowerBound
        var hasOtherOperator = false
        var index = range.lowerBound
        while index < range.upperBound {
            let kind = tokens[index].kind
            if kind.isOpeningBracket {
                index = structure.closing(index) + 1
                continue
            }
            if kind == .binaryOperator, structure.source.tokenText(index, equals: "??") {
                operands.append(operandStart..<index)
                operandStart = index + 1
            } else if isOperatorBetweenOperands(index, in: structure) || tokens[index].word == .as || tokens[index].word == .is {
                hasOtherOperator = true
            }
            index += 1
        }
        guard !operands.isEmpty else { return nil }
        operands.append(operandStart..<range.upperBound)
        guard !hasOtherOperator, operands.allSatisfy({ !$0.isEmpty }) else { return .unknown }
        let first = typeOf(operands[0], file: file, trail: trail)
        guard knownType(first) != nil else { return .unknown }
        for operand in operands.dropFirst() where typeOf(operand, file: file, trail: trail).type != first.type { return .unknown }
        return first
    }

    /// A binary or ternary operator at the top level of an expression (not a member's period,
    /// an optional chain's `?` or a force unwrap's `!`).
    private func isOperatorBetweenOperands(_ index: Int, in structure: FileStructure) -> Bool {
        let token = structure.tokens[index]
        switch token.kind {
        case .binaryOperator, .prefixOperator, .colon: return true
        case .postfixQuestionMark, .exclamationMark: return false
        default: return token.kind.isOperator && !structure.source.tokenText(index, equals: "?") && !structure.source.tokenText(index, equals: "!")
        }
    }

    /// A token of a written type: names, `.`, optionals, generic angle brackets, array and
    /// dictionary brackets.
    private func isTypeToken(_ index: Int, in structure: FileStructure) -> Bool {
        let token = structure.tokens[index]
        switch token.kind {
        case .identifier, .period, .postfixQuestionMark, .exclamationMark, .leftSquare, .rightSquare, .colon, .comma: return true
        case .keyword: return token.word == .Any || token.word == .`Self`
        default:
            guard token.kind.isOperator else { return false }
            return structure.source.text(index).allSatisfy { "<>?!".contains($0) }
        }
    }

    /// The type of a closure applied where it is written, `{ let m = make(); m.load(); return m }()`
    /// (a `static let` set up in steps): its result (`closureBodyResult`), or the one its empty
    /// signature states (`{ () -> Model in … }()`). A closure taking arguments is not read.
    func appliedClosureResult(_ range: Range<Int>, file: Int, trail: Trail) -> Typed {
        let structure = types.files[file]
        let tokens = structure.tokens
        let close = structure.closing(range.lowerBound)
        // `{ … }()` and nothing after it.
        guard close + 3 == range.upperBound, tokens[close + 1].kind == .leftParen, tokens[close + 2].kind == .rightParen else {
            return .unknown
        }
        let open = range.lowerBound
        if let signature = structure.closureSignature(inBlock: open) {
            // `{ () in … }()`, `{ () -> Model in … }()`: no parameters; a stated result is the type.
            guard tokens[signature.lowerBound].kind == .leftParen, structure.closing(signature.lowerBound) == signature.lowerBound + 1
            else { return .unknown }
            if let arrow = signature.first(where: { tokens[$0].kind == .arrow }), arrow + 1 < signature.upperBound {
                let scope = DeclarationID(file: file, declaration: owner(file: file, token: open) ?? -1)
                return knownType(resolveWritten(structure.compactText((arrow + 1)..<signature.upperBound), from: scope)) ?? .unknown
            }
            return closureBodyResult(open: open, file: file, trail: trail)
        }
        return closureResult(open: open, file: file, trail: trail)
    }

    /// The `{` of the closure whose result `MainActor.assumeIsolated { … }` or `MainActor.run { … }`
    /// returns (`static let shared = MainActor.assumeIsolated { Settings() }`), the whole range
    /// being that call with the closure trailing or as its one argument; nil for anything else.
    func isolatedRunClosure(_ range: Range<Int>, in structure: FileStructure) -> Int? {
        let tokens = structure.tokens
        let start = range.lowerBound
        guard range.count >= 5, structure.source.tokenText(start, equals: "MainActor"), tokens[start + 1].kind == .period,
              structure.source.tokenText(start + 2, equals: "assumeIsolated") || structure.source.tokenText(start + 2, equals: "run")
        else { return nil }
        var open = start + 3
        if tokens[open].kind == .leftParen {
            // `run(body: { … })`, `assumeIsolated({ … })`, or `run() { … }`.
            let close = structure.closing(open)
            if close == open + 1 {
                open = close + 1
            } else {
                var inner = open + 1
                if inner + 1 < close, tokens[inner + 1].kind == .colon { inner += 2 }
                guard tokens[inner].kind == .leftBrace, structure.closing(inner) + 1 == close, close + 1 == range.upperBound else { return nil }
                return inner
            }
        }
        guard open < range.upperBound, tokens[open].kind == .leftBrace, structure.closing(open) + 1 == range.upperBound else { return nil }
        return open
    }

    /// What a closure without a signature gives when run (`closureBodyResult`); one stating its
    /// signature (`{ () -> M in … }`) is not read here.
    func closureResult(open: Int, file: Int, trail: Trail) -> Typed {
        guard types.files[file].closureSignature(inBlock: open) == nil else { return .unknown }
        return closureBodyResult(open: open, file: file, trail: trail)
    }

    /// What the closure opening at `open` gives when run, read from its body after any
    /// signature: its `return` statements' type, when every `return` in it is one of its own
    /// statements and all type alike, or its one expression without `return`. A closure
    /// returning from deeper inside is not read.
    func closureBodyResult(open: Int, file: Int, trail: Trail) -> Typed {
        let structure = types.files[file]
        let tokens = structure.tokens
        let close = structure.closing(open)
        guard let statements = structure.statements(inBlock: open), let last = statements.last else { return .unknown }
        let returns = statements.filter { tokens[$0.lowerBound].word == .return }
        let everyReturn = (open..<close).filter { tokens[$0].word == .return }
        guard returns.count == everyReturn.count else { return .unknown }
        if returns.isEmpty {
            // `{ Model() }`: one expression is the result.
            return statements.count == 1 ? typeOf(last, file: file, trail: trail) : .unknown
        }
        let results = returns.map { typeOf(($0.lowerBound + 1)..<$0.upperBound, file: file, trail: trail) }
        guard let first = results.first, results.allSatisfy({ $0 == first }) else { return .unknown }
        return first
    }

    /// The result type a written function type gives when called, `R` of `(String) -> R` or
    /// `@MainActor @Sendable (Int) async throws -> R`; nil for any other type (an optional
    /// closure `((Int) -> R)?` is not called directly).
    func writtenCallResult(_ written: String) -> String? {
        var text = Substring(written).trimmingSpaces()
        // Attributes (`@MainActor`, `@Sendable`, `@escaping`) before the parameter list.
        while text.first == "@" {
            guard let space = text.firstIndex(where: { $0 == " " || $0 == "(" }) else { return nil }
            text = text[space...].trimmingSpaces()
        }
        guard text.first == "(" else { return nil }
        // The parameter list's closing parenthesis, then the arrow at depth 0.
        var depth = 0
        var close: Substring.Index?
        for position in text.indices {
            switch text[position] {
            case "(", "[", "<": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0, text[position] == ")" { close = position }
            // `>` closes generic arguments; the `>` of an arrow (`->`) does not.
            case ">" where text[text.index(before: position)] != "-":
                depth -= 1
            default: break
            }
            if close != nil { break }
        }
        guard let close else { return nil }
        var rest = text[text.index(after: close)...].trimmingSpaces()
        // `async`, `throws`, `throws(E)` between the parameters and the arrow.
        for word in ["async", "throws"] where rest.hasPrefix(word) {
            rest = rest.dropFirst(word.count).trimmingSpaces()
            if word == "throws", rest.first == "(", let end = rest.firstIndex(of: ")") { rest = rest[rest.index(after: end)...].trimmingSpaces() }
        }
        guard rest.hasPrefix("->") else { return nil }
        let result = rest.dropFirst(2).trimmingSpaces()
        // `() -> M` only: a result that is itself a function type is not followed.
        guard !result.isEmpty, !result.contains("->") else { return nil }
        return String(result)
    }

    /// What subscripting a value of a written collection type gives, as written: `T` of `[T]`,
    /// `Array<T>`, `ContiguousArray<T>`, `V` of `[K: V]` and `Dictionary<K, V>` (optional for a
    /// dictionary, which the rules read through as they read `m?.x`); nil for any other type.
    func writtenSubscriptResult(_ written: String) -> String? {
        let text = Substring(written).trimmingSpaces()
        guard text.last != "?", text.last != "!" else { return nil }
        if let (_, value) = Self.bracketedCollection(text) { return String(value.trimmingSpaces()) }
        guard let (base, arguments) = Self.genericArguments(of: String(text)) else { return nil }
        switch base.trimming(charactersIn: " ") {
        case "Array", "ContiguousArray": return arguments.count == 1 ? arguments[0] : nil
        case "Dictionary": return arguments.count == 2 ? arguments[1] : nil
        default: return nil
        }
    }

    /// A type written in brackets, `[T]` or `[K: V]`: whether it is a dictionary, and the array's
    /// element as written (`T`, spaces kept) or the dictionary's value (`V`, trimmed); nil for a
    /// type not in brackets. The `:` counts only outside nested brackets (`[[K: V]]` is an array).
    static func bracketedCollection(_ text: Substring) -> (isDictionary: Bool, value: Substring)? {
        guard text.first == "[", text.last == "]" else { return nil }
        let inner = text.dropFirst().dropLast()
        if let value = afterTopLevelColon(inner) { return (true, value) }
        return (false, inner)
    }

    /// What follows the first `:` outside nested brackets, trimmed: the value type of `K: V`, the
    /// type of a tuple element `label: T`; nil when there is none (`[K: V]` alone has none at
    /// its top level).
    static func afterTopLevelColon(_ text: Substring) -> Substring? {
        var depth = 0
        for position in text.indices {
            switch text[position] {
            case "[", "(", "<": depth += 1
            case "]", ")", ">": depth -= 1
            case ":" where depth == 0: return text[text.index(after: position)...].trimmingSpaces()
            default: continue
            }
        }
        return nil
    }

    /// The element types of a written tuple type, labels dropped: `(A, sut: B)` gives `A` and `B`.
    /// Nil for anything else: a parenthesized single type, a function type (`(A) -> B`), an
    /// optional tuple (`(A, B)?`), whose pattern cannot bind its elements directly.
    static func tupleElements(_ text: Substring) -> [Substring]? {
        guard text.first == "(", text.last == ")" else { return nil }
        let inner = text.dropFirst().dropLast()
        var elements: [Substring] = []
        var depth = 0
        var start = inner.startIndex
        for position in inner.indices {
            switch inner[position] {
            case "[", "(", "<": depth += 1
            case "]", ")", ">": depth -= 1
            case "," where depth == 0:
                elements.append(inner[start..<position])
                start = inner.index(after: position)
            default: continue
            }
            // The outer parentheses closed early: `(A) -> (B)` is a function type.
            if depth < 0 { return nil }
        }
        elements.append(inner[start...])
        guard elements.count > 1 else { return nil }
        // `label: T`: a label is one word before a `:` outside brackets (`[K: V]` keeps its colon).
        return elements.map { afterTopLevelColon($0) ?? $0.trimmingSpaces() }
    }

    /// Whether `name` is a type the tree declares, seen from `scope`.
    func isDeclaredType(_ name: String, from scope: DeclarationID) -> Bool {
        switch types.resolve(name, from: scope) {
        case .declared, .ambiguous: true
        default: false
        }
    }

    /// The type called `name` declared directly inside type `outer` (or an extension of it).
    func nestedType(_ name: String, in outer: DeclarationID) -> DeclarationID? {
        guard let outerPath = types.symbol(outer)?.path,
              case .declared(let found) = types.resolve((outerPath + [name]).joined(separator: "."), from: outer),
              types.symbol(found)?.path == outerPath + [name] else { return nil }
        return found
    }

    /// The longest dotted path of type names starting at the type name at token `start`
    /// (`Outer.Model`, `Module.Model`, `Outer.Inner.Model`) that names a type, with the index of
    /// its last token. A component that names no nested type (`Model.shared`) ends the path.
    func typePath(startingAt start: Int, before end: Int, file: Int, scope: DeclarationID) -> (type: Typed, last: Int) {
        let structure = types.files[file]
        let tokens = structure.tokens
        var written = structure.source.text(start)
        var best = (type: resolveWritten(written, from: scope), last: start)
        var index = start
        while index + 2 < end, tokens[index + 1].kind == .period, tokens[index + 2].kind == .identifier {
            written += "." + structure.source.text(index + 2)
            index += 2
            let candidate = resolveWritten(written, from: scope)
            switch (candidate.type, best.type.type) {
            case (.declared, _), (.ambiguous, _): best = (candidate, index)
            case (.external, .external) where structure.source.text(index).first?.isUppercase == true:
                // `ThirdParty.Config`: a nested type of an external type, known not to be a model.
                best = (candidate, index)
            default: continue
            }
        }
        return best
    }

    /// Whether a written external type's generic arguments name a type the tree declares, or an
    /// argument of the call `arguments` (its parentheses; empty for none) may be a value of one:
    /// an external generic API may then return one of its models (`Container.resolve(Model.self)`,
    /// `Box.wrap(store)`). An argument that only goes through the tree's types to a library's
    /// value (`Watcher.watch(Paths.documents())`, a `URL`) hands none out.
    func mentionsDeclaredType(_ written: String, _ arguments: Range<Int>, file: Int, trail: Trail) -> Bool {
        var words: [Substring] = written.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        words.removeFirst(min(1, words.count))
        if words.contains(where: { types.isTreeTypeName(String($0)) }) { return true }
        guard !arguments.isEmpty else { return false }
        let structure = types.files[file]
        let tokens = structure.tokens
        guard let list = structure.callArguments(open: arguments.lowerBound) else { return true }
        for argument in list {
            let range = argument.expression
            guard range.contains(where: { tokens[$0].kind == .identifier && types.isTreeTypeName(structure.source.text($0)) }) else { continue }
            // `Model.self`: the metatype of one of the tree's types. Inside another library call's
            // argument, the words decide.
            if trail.isInLibraryCallArgument { return true }
            if structure.isMetatype(range) { return true }
            let typed = typeOf(range, file: file, trail: trail.enteringLibraryCallArgument())
            guard typed.element == nil, typed.subscripted == nil, case .external(let type) = typed.type, isLibraryType(type) else { return true }
        }
        return false
    }

    /// Whether an external type, as written (`Watcher`, `Watcher.Event`, `Box<Int>`), is a
    /// library's: its first name is no type the tree declares in a file left unread.
    func isLibraryType(_ written: String) -> Bool {
        guard let root = written.split(whereSeparator: { $0 == "." || $0 == "<" }).first else { return true }
        return !types.typesDeclaredOutside.contains(String(root))
    }

    /// The result type of a function called `name` at `token`: a method of an enclosing type, or
    /// a global function.
    func functionResult(_ name: String, at token: Int, file: Int, trail: Trail) -> Typed? {
        var current = owner(file: file, token: token)
        let structure = types.files[file]
        while let index = current {
            let id = DeclarationID(file: file, declaration: index)
            if structure.declarations[index].kind.isTypeLike, let target = types.extendedType(id) {
                let call = CallSite(file: file, open: token + 1)
                if let result = methodResult(name, of: Typed(.declared(target)), isStatic: false, call: call, trail: trail) { return result }
                if let result = methodResult(name, of: Typed(.declared(target)), isStatic: true, call: call, trail: trail) { return result }
            }
            current = structure.declarations[index].parent
        }
        guard let overloads = globalFunctions[name] else { return nil }
        let call = CallSite(file: file, open: token + 1)
        guard let function = overload(among: overloads, call: call) else { return .unknown }
        return resultType(of: function, in: nil, call: call, trail: trail)
    }

    /// Whether a type of the tree can have no member `name`: neither it nor its extensions
    /// declare one, and neither inherits anything (a library's superclass or protocol could
    /// supply it).
    func lacksMember(_ name: String, _ typeID: DeclarationID) -> Bool {
        guard let symbol = types.symbol(typeID),
              ([typeID] + symbol.extensions).allSatisfy({ types.declaration($0).inheritance.isEmpty }) else { return false }
        return !types.memberDeclarations(of: typeID).contains { types.declaration($0).name == name }
    }

    /// The declared result type of a method `name` of a type (or its extensions, or superclasses).
    public func methodResult(_ name: String, of typeID: DeclarationID, isStatic: Bool) -> ResolvedType? {
        methodResult(name, of: Typed(.declared(typeID)), isStatic: isStatic)?.type
    }

    func methodResult(_ name: String, of receiver: Typed, isStatic: Bool, call: CallSite? = nil, trail: Trail = Trail()) -> Typed? {
        guard case .declared(let typeID) = receiver.type else { return nil }
        func isCandidate(_ declaration: Declaration) -> Bool {
            declaration.kind == .function && declaration.name == name
                && (declaration.hasModifier(.static) || declaration.hasModifier(.class)) == isStatic
        }
        return firstMember(of: typeID) { found, declaration, holder in
            guard isCandidate(declaration) else { return nil }
            // Overloads in the same type (and its extensions): the call's labels pick one.
            let overloads = types.memberDeclarations(of: holder).filter { isCandidate(types.declaration($0)) }
            guard let id = overload(among: overloads.isEmpty ? [found] : overloads, call: call) else { return .unknown }
            let result = resultType(of: id, in: holder == typeID ? receiver : nil, call: call, trail: trail)
            guard isConformedProtocol(holder, of: typeID) else { return result }
            let written = types.declaration(id).returnType.map { types.files[id.file].compactText($0) }
            return conformedMember(result, written: written, holder: holder,
                                   receiverType: typeID)
        }
    }

    /// The function a call of overloads `candidates` runs, as far as its result goes: the only
    /// one; the first when every result is written alike (any gives the same type); else the
    /// only one whose parameter labels and count the call's arguments match. Nil when that picks
    /// none or several (`make(a:)` and `make(f:)` returning different models, called as a reference).
    func overload(among candidates: [DeclarationID], call: CallSite?) -> DeclarationID? {
        guard candidates.count > 1 else { return candidates.first }
        let results = Set(candidates.map { id in types.declaration(id).returnType.map { types.files[id.file].compactText($0) } ?? "" })
        if results.count == 1 { return candidates[0] }
        guard let call, let arguments = types.files[call.file].callArguments(open: call.open) else { return nil }
        let structure = types.files[call.file]
        let trailing = structure.hasTrailingClosure(afterArgumentsAt: call.open)
        let matching = candidates.filter { id in
            let declaration = types.declaration(id)
            guard let clause = declaration.parameters else { return false }
            let shapes = types.files[id.file].clauseParameters(clause).map(\.shape)
            return ParameterShape.match(arguments.map(\.label), to: shapes, trailingClosure: trailing) != nil
        }
        return matching.count == 1 ? matching[0] : nil
    }

    /// Whether `holder`, where a member of `typeID` was found, is a protocol `typeID` conforms to
    /// rather than the type itself, an extension or a superclass.
    func isConformedProtocol(_ holder: DeclarationID, of typeID: DeclarationID) -> Bool {
        holder != typeID && types.symbol(holder)?.kind == .protocol
    }

    /// A member's type as a conforming type gets it from a protocol's extension or requirement
    /// (`holder`): `Self` is that type; a type naming `Self` otherwise, or one of the protocol's
    /// associated types, differs from one conforming type to the next and is not known; any
    /// other written type is the same for every conforming type.
    func conformedMember(_ typed: Typed, written: String?, holder: DeclarationID, receiverType: DeclarationID) -> Typed {
        guard let written else { return .unknown }
        if written == "Self" || written == "Self?" || written == "Self!" { return Typed(.declared(receiverType)) }
        let names = Set(written.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
        let file = types.files[holder.file]
        let associated = file.members(of: holder.declaration).map { file.declarations[$0] }
            .filter { $0.kind == .associatedtype }.map(\.name)
        guard !names.contains("Self"), associated.allSatisfy({ !names.contains($0) }) else { return .unknown }
        return typed
    }

    /// The first answer `match` gives for a member of a type, its extensions, then its
    /// superclasses in the tree, nearest first, then the protocols of the tree they conform to
    /// (and those protocols' own), whose extensions give conforming types their members;
    /// `match` also gets the type (or superclass, or protocol) whose body or extension holds
    /// the member.
    func firstMember(of typeID: DeclarationID, _ match: (DeclarationID, Declaration, DeclarationID) -> Typed?) -> Typed? {
        func members(of typeDeclaration: DeclarationID) -> Typed? {
            guard let symbol = types.symbol(typeDeclaration) else { return nil }
            for container in [typeDeclaration] + symbol.extensions {
                let file = types.files[container.file]
                for member in file.members(of: container.declaration) {
                    if let found = match(DeclarationID(file: container.file, declaration: member), file.declarations[member], typeDeclaration) {
                        return found
                    }
                }
            }
            return nil
        }
        var visited = Set<DeclarationID>()
        var chain: [DeclarationID] = []
        var current: DeclarationID? = typeID
        while let typeDeclaration = current, visited.insert(typeDeclaration).inserted {
            guard types.symbol(typeDeclaration) != nil else { return nil }
            if let found = members(of: typeDeclaration) { return found }
            chain.append(typeDeclaration)
            current = superclassOf(typeDeclaration)
        }
        // The protocols are read only once the class chain has no such member: most lookups
        // end above, without resolving an inheritance clause.
        var protocols = chain.flatMap(conformedProtocols)
        var next = 0
        while next < protocols.count {
            let conformed = protocols[next]
            next += 1
            guard visited.insert(conformed).inserted else { continue }
            if let found = members(of: conformed) { return found }
            protocols += conformedProtocols(conformed)
        }
        return nil
    }

    /// The tree protocols a type (or protocol) names in its inheritance clauses and its
    /// extensions', in order.
    func conformedProtocols(_ typeDeclaration: DeclarationID) -> [DeclarationID] {
        guard let symbol = types.symbol(typeDeclaration) else { return [] }
        return ([typeDeclaration] + symbol.extensions).flatMap { container in
            types.declaration(container).inheritance.compactMap { entry -> DeclarationID? in
                guard case .declared(let conformed) = types.resolve(entry.typeName, from: container),
                      types.symbol(conformed)?.kind == .protocol else { return nil }
                return conformed
            }
        }
    }

    /// The declared result type of a function; `receiver` is the value it is called on when
    /// the function belongs to that value's own type, whose generic arguments then replace the
    /// type's generic parameters.
    func resultType(of function: DeclarationID, in receiver: Typed?, call: CallSite? = nil, trail: Trail = Trail()) -> Typed {
        let declaration = types.declaration(function)
        guard let result = declaration.returnType else { return .unknown }
        let file = types.files[function.file]
        let written = file.compactText(result)
        if !declaration.genericParameters.isEmpty,
           result.contains(where: { token in declaration.genericParameters.contains { file.source.tokenText(token, equals: $0.name) } }) {
            var bare = Substring(written)
            while bare.last == "?" || bare.last == "!" { bare = bare.dropLast() }
            if declaration.genericParameters.contains(where: { $0.name == bare }) {
                // The function's own generic parameter (`func resolve<T>(_: T.Type) -> T`): what
                // the call's arguments bind it to, or unknown (never an external type named `T`).
                guard let call else { return .unknown }
                return genericResult(of: function, parameter: String(bare), call: call, trail: trail)
            }
            // A type the tree declares built on it (`func makeSUT<T>() -> FeedViewModel<T>`) is
            // that type, its arguments not known; anything else (`[T]`, `Box<T>` of another
            // module) may hold any model.
            let scope = DeclarationID(file: function.file, declaration: declaration.parent ?? -1)
            let built = resolveWritten(written, from: scope).type
            guard case .declared = built else { return .unknown }
            return Typed(built)
        }
        // `Self` in a model's factory method is the model.
        if written == "Self", let parent = declaration.parent,
           let enclosing = types.extendedType(DeclarationID(file: function.file, declaration: parent)) {
            return Typed(.declared(enclosing))
        }
        // A generic function's own parameter (`func make<T>() -> T`) is not the type's.
        if declaration.genericParameters.isEmpty, let receiver, let argument = substitution(written, in: receiver) {
            return argument
        }
        return resolveWritten(written, from: DeclarationID(file: function.file, declaration: declaration.parent ?? -1))
    }

    /// The result of a generic function whose result type is its own parameter `parameterName`
    /// (`T`, `T?`, `T!`), bound by the call's arguments: a `T.Type` parameter's `Model.self`, or
    /// a `T` parameter's value (`configure(Model()) { … }`). Every parameter naming `T` outside a
    /// function type must be one of those two and give the same known type: arguments of
    /// different types may meet in a common supertype, and `[T]` or `Box<T>` are not followed.
    /// Unknown otherwise.
    func genericResult(of function: DeclarationID, parameter parameterName: String, call: CallSite, trail: Trail) -> Typed {
        let declaration = types.declaration(function)
        let file = types.files[function.file]
        let callFile = types.files[call.file]
        guard let clause = declaration.parameters,
              call.open < callFile.tokens.count, callFile.tokens[call.open].kind == .leftParen,
              let arguments = callFile.callArguments(open: call.open) else { return .unknown }
        let parameters = file.clauseParameters(clause)
        guard let pairs = ParameterShape.match(arguments.map(\.label), to: parameters.map(\.shape),
                                               trailingClosure: callFile.hasTrailingClosure(afterArgumentsAt: call.open))
        else { return .unknown }
        let callScope = DeclarationID(file: call.file, declaration: owner(file: call.file, token: call.open) ?? -1)
        var bound: Typed?
        for (position, argument) in pairs {
            let type = parameters[position].type
            let names = type.contains { file.source.tokenText($0, equals: parameterName) }
            guard names, !type.contains(where: { file.tokens[$0].kind == .arrow }) else { continue }
            let parameterType = file.compactText(type)
            guard let argument else { return .unknown }
            let expression = arguments[argument].expression
            let value: Typed
            if parameterType == parameterName + ".Type" {
                // `Model.self`: the type written before `.self`.
                guard callFile.isMetatype(expression) else { return .unknown }
                value = resolveWritten(callFile.compactText(expression.dropLast(2)), from: callScope)
            } else if parameterType == parameterName || parameterType == parameterName + "?" {
                value = typeOf(expression, file: call.file, trail: trail)
            } else {
                return .unknown
            }
            guard knownType(value) != nil, bound == nil || bound?.type == value.type else { return .unknown }
            bound = value
        }
        return bound.map { Typed($0.type) } ?? .unknown
    }

    func superclassOf(_ typeDeclaration: DeclarationID) -> DeclarationID? {
        let declaration = types.declaration(typeDeclaration)
        guard declaration.kind == .class, let first = declaration.inheritance.first,
              case .declared(let superclass) = types.resolve(first.typeName, from: typeDeclaration),
              types.symbol(superclass)?.kind == .class else { return nil }
        return superclass
    }

    /// The type of a property `name` of type `typeID` (its declaration, extensions, superclasses).
    public func memberType(_ name: String, of typeID: DeclarationID, isStatic: Bool) -> ResolvedType? {
        memberType(name, of: Typed(.declared(typeID)), isStatic: isStatic, trail: Trail())?.type
    }

    /// The type of property `name` of `receiver`; a property whose declared type is a generic
    /// parameter of the receiver's type has the receiver's generic argument
    /// (`Store<AppState>().state` is an `AppState`).
    func memberType(_ name: String, of receiver: Typed, isStatic: Bool, trail: Trail) -> Typed? {
        guard let found = ownMemberType(name, of: receiver, isStatic: isStatic, trail: trail) else { return nil }
        guard case .declared(let typeID) = receiver.type else { return found }
        // A class with `#if` variants resolves to the first; a member another variant types
        // differently (`var store = PhoneStore()` on iOS, `var store = DeskStore()` on macOS) has
        // no one type. One the other variant lacks is the first's: an extension of the name
        // attaches to the first variant only, and code reading a member one platform lacks is
        // itself under that platform's condition.
        for variant in types.variants(of: typeID) {
            if let other = ownMemberType(name, of: Typed(.declared(variant)), isStatic: isStatic, trail: trail),
               !sameType(other.type, found.type) {
                return Typed(.unknown)
            }
        }
        return found
    }

    /// Whether two types are one: equal, or variants of one class (`variants(of:)`), as the
    /// members of a class's `#if` variants may be typed by each variant's own class.
    private func sameType(_ first: ResolvedType, _ second: ResolvedType) -> Bool {
        if first == second { return true }
        guard case .declared(let one) = first, case .declared(let two) = second else { return false }
        return types.variants(of: one).contains(two)
    }

    /// `memberType(_:of:isStatic:trail:)` read from the receiver's own declaration only.
    private func ownMemberType(_ name: String, of receiver: Typed, isStatic: Bool, trail: Trail) -> Typed? {
        guard case .declared(let typeID) = receiver.type else { return nil }
        let found = firstMember(of: typeID) { id, declaration, holder in
            guard declaration.kind == .variable, (declaration.hasModifier(.static) || declaration.hasModifier(.class)) == isStatic,
                  let binding = declaration.bindings.first(where: { $0.name == name }) else { return nil }
            if holder == typeID, let annotation = binding.typeAnnotation,
               let argument = substitution(types.files[id.file].compactText(annotation), in: receiver) {
                return argument
            }
            let type = variableType(binding, declarationID: id, trail: trail)
            guard isConformedProtocol(holder, of: typeID) else { return type }
            return conformedMember(type, written: binding.typeAnnotation.map { types.files[id.file].compactText($0) }, holder: holder,
                                   receiverType: typeID)
        }
        if found == nil, !isStatic, name == "rootView" { return hostedRootView(of: typeID) }
        return found
    }

    /// The SDK's hosting types whose `rootView` is their generic argument, the SwiftUI view they show.
    static let hostingTypes: Set<String> = ["UIHostingController", "NSHostingController", "NSHostingView"]

    /// `rootView` of a class the tree declares as a hosting controller or view
    /// (`class SettingsController: UIHostingController<SettingsView>`, or a subclass of one):
    /// the view type it was given; nil for any other class.
    func hostedRootView(of typeID: DeclarationID) -> Typed? {
        var visited = Set<DeclarationID>()
        var current: DeclarationID? = typeID
        while let typeDeclaration = current, visited.insert(typeDeclaration).inserted {
            let declaration = types.declaration(typeDeclaration)
            guard declaration.kind == .class, let first = declaration.inheritance.first else { return nil }
            if let (base, arguments) = Self.genericArguments(of: first.typeName), arguments.count == 1,
               Self.hostingTypes.contains(base.trimming(charactersIn: " ")) {
                let scope = DeclarationID(file: typeDeclaration.file, declaration: declaration.parent ?? -1)
                return resolveWritten(arguments[0], from: scope)
            }
            current = superclassOf(typeDeclaration)
        }
        return nil
    }

    /// The type of a variable binding: its annotation, else the type of its initializer.
    public func variableType(_ binding: VariableBinding, declarationID: DeclarationID) -> ResolvedType {
        variableType(binding, declarationID: declarationID, trail: Trail()).type
    }

    /// The element type of a variable binding written as an array of a type (`[Frame]`,
    /// `Array<Frame>`): what subscripting it by position gives. Nil for anything else (a
    /// dictionary's subscript gives an optional).
    public func arrayElementType(_ binding: VariableBinding, declarationID: DeclarationID) -> ResolvedType? {
        let typed = variableType(binding, declarationID: declarationID, trail: Trail())
        guard let element = typed.element, typed.subscripted == element else { return nil }
        return element
    }

    func variableType(_ binding: VariableBinding, declarationID: DeclarationID, trail: Trail) -> Typed {
        let file = types.files[declarationID.file]
        let scope = DeclarationID(file: declarationID.file, declaration: file.declarations[declarationID.declaration].parent ?? -1)
        if let annotation = binding.typeAnnotation {
            return resolveWritten(file.compactText(annotation), from: scope)
        }
        if binding.initializer == nil, let value = keyPathWrapperValue(of: declarationID, trail: trail) {
            return value
        }
        if binding.initializer == nil, let value = metatypeWrapperValue(of: declarationID) {
            return value
        }
        if binding.initializer == nil, let value = treeWrapperValue(of: declarationID, trail: trail) ?? externalWrapperValue(of: declarationID) {
            return value
        }
        if let initializer = binding.initializer {
            // A variable whose value leads back to itself (`var a = b.a`, `var a = b; var b = a`)
            // is not followed, nor a chain of variables longer than `Trail.limit`.
            guard let inner = trail.entering(declarationID) else { return .unknown }
            return typeOf(initializer, file: declarationID.file, trail: inner)
        }
        return .unknown
    }

    /// A type as written, with its generic arguments when they are spelled out
    /// (`Store<AppState, AppAction>`) or come from a non-generic type alias
    /// (`typealias AppStore = Store<AppState, AppAction>`).
    func resolveWritten(_ written: String, from scope: DeclarationID, aliasDepth: Int = 0) -> Typed {
        let type = types.resolve(written, from: scope)
        // An existential or opaque type of no protocol of the tree (`any ObservableObject`,
        // `some ObservableObject`, `AnyObject`) may hold any of the tree's models: unknown, not
        // external. One of a tree protocol (`any Store`) is that protocol, an existential model.
        if case .external = type, Self.mayHoldAnyModel(written) { return .unknown }
        if aliasDepth == 0, let result = writtenCallResult(written) {
            // A function type: calling it gives a value the rules follow.
            return Typed(type, callResult: elementType(result, from: scope))
        }
        if aliasDepth == 0, let elements = Self.tupleElements(Substring(written).trimmingSpaces()) {
            return Typed(type, tupleElements: elements.map { elementType(String($0), from: scope) })
        }
        let subscripted = aliasDepth == 0 ? writtenSubscriptResult(written).map { elementType($0, from: scope) } : nil
        if aliasDepth == 0, let element = writtenElement(written, from: scope) {
            return Typed(type, element: element, subscripted: subscripted)
        }
        if let subscripted { return Typed(type, subscripted: subscripted) }
        guard case .declared(let target) = type, aliasDepth < 4 else { return Typed(type) }
        if let (_, arguments) = Self.genericArguments(of: written) {
            guard types.declaration(target).genericParameters.count == arguments.count else { return Typed(type) }
            var typed = Typed(type, arguments: arguments.map { types.resolve($0, from: scope) })
            let tuples = arguments.map { Self.tupleElements(Substring($0)).map { $0.map { elementType(String($0), from: scope) } } }
            if tuples.contains(where: { $0 != nil }) { typed.argumentTupleElements = tuples }
            return typed
        }
        // A type alias: the only alias of that qualified name in the tree, not generic itself,
        // and resolving to the same type.
        guard let reference = TypeReference(written) else { return Typed(type) }
        let aliases = types.types(named: reference.components.joined(separator: ".")).filter { $0.kind == .typealias }
        guard aliases.count == 1, let alias = aliases.first else { return Typed(type) }
        let aliasDeclaration = types.declaration(alias.id)
        guard aliasDeclaration.genericParameters.isEmpty, let aliased = aliasDeclaration.inheritance.first?.typeName else {
            return Typed(type)
        }
        let aliasScope = DeclarationID(file: alias.id.file, declaration: aliasDeclaration.parent ?? -1)
        let expanded = resolveWritten(aliased, from: aliasScope, aliasDepth: aliasDepth + 1)
        return expanded.type == type ? expanded : Typed(type)
    }

    /// `Store<A, B>` (optionally `?` or `!` after it) split into `Store` and `["A", "B"]`; nil
    /// when the text has no generic arguments at its end (`Box<A>.Inner`, `[A]`, `Store`).
    static func genericArguments(of written: String) -> (base: String, arguments: [String])? {
        var bytes = Array(written.utf8)
        while let last = bytes.last, last == UInt8(ascii: "?") || last == UInt8(ascii: "!") || last == 0x20 { bytes.removeLast() }
        guard bytes.last == UInt8(ascii: ">"), let open = bytes.firstIndex(of: UInt8(ascii: "<")), open > 0 else { return nil }
        var arguments: [String] = []
        var depth = 0
        var start = open + 1
        for index in open..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                // `->` inside a function type is not a closing angle.
                if bytes[index] == UInt8(ascii: ">"), index > 0, bytes[index - 1] == UInt8(ascii: "-") { continue }
                depth -= 1
                if depth == 0 {
                    guard index == bytes.count - 1 else { return nil }
                    arguments.append(String(decoding: bytes[start..<index], as: UTF8.self))
                }
            case UInt8(ascii: ",") where depth == 1:
                arguments.append(String(decoding: bytes[start..<index], as: UTF8.self))
                start = index + 1
            default:
                continue
            }
        }
        guard depth == 0, !arguments.isEmpty else { return nil }
        let base = String(decoding: bytes[..<open], as: UTF8.self)
        return (base, arguments.map { $0.trimming(charactersIn: " ") })
    }

    /// When `written` (a member's declared type) is one of the generic parameters of the
    /// receiver's type and the receiver's generic arguments are known, that argument.
    func substitution(_ written: String, in receiver: Typed) -> Typed? {
        guard !receiver.arguments.isEmpty, case .declared(let typeID) = receiver.type,
              let reference = TypeReference(written), reference.components.count == 1 else { return nil }
        let parameters = types.declaration(typeID).genericParameters
        guard parameters.count == receiver.arguments.count,
              let position = parameters.firstIndex(where: { $0.name == reference.components[0] }) else { return nil }
        return receiver.argument(position)
    }
}
