/// Works out the type of the few expression shapes that hand models around:
/// `M()`, `M(x: 1)`, `M.init()`, `M.shared`, `self.model`, `model`, `appState.settings`.
///
/// Anything else (calls of functions, subscripts, closure parameters) is `.unknown`: the rules
/// then treat the site as unknown instead of guessing.
public struct ExpressionTyper: Sendable {
    public let types: TypeIndex

    /// Top-level variables of the whole tree by name, looked up once rather than per use.
    private let globals: [String: DeclarationID]
    /// Top-level functions of the whole tree by name.
    private let globalFunctions: [String: DeclarationID]
    /// Properties declared in extensions of the key-path roots of `@Dependency(\.x)` and
    /// `@Environment(\.x)` when those types come from outside the tree, keyed `Root.x`; every
    /// declaration of the name is kept, so that a name declared twice is not guessed.
    private let keyPathValues: [String: [DeclarationID]]

    /// Property wrappers whose key-path argument names a property of a values type:
    /// `@Dependency(\.client)` (swift-dependencies), `@Environment(\.client)` (SwiftUI).
    static let keyPathRoots = ["Dependency": "DependencyValues", "Environment": "EnvironmentValues"]

    /// Creates a typer over the tree.
    public init(types: TypeIndex) {
        self.types = types
        var globals: [String: DeclarationID] = [:]
        var functions: [String: DeclarationID] = [:]
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
                if declaration.kind == .variable {
                    for binding in declaration.bindings {
                        if let name = binding.name, globals[name] == nil { globals[name] = id }
                    }
                } else if declaration.kind == .function, functions[declaration.name] == nil {
                    functions[declaration.name] = id
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

    /// The type of the expression in `range` of `file`, seen from token `range.lowerBound`.
    public func typeOf(_ range: Range<Int>, file: Int) -> ResolvedType {
        typeOf(range, file: file, trail: Trail()).type
    }

    private func typeOf(_ range: Range<Int>, file: Int, trail: Trail) -> Typed {
        guard !range.isEmpty else { return .unknown }
        let structure = types.files[file]
        let tokens = structure.tokens
        var index = range.lowerBound
        let end = range.upperBound
        let scope = DeclarationID(file: file, declaration: owner(file: file, token: index) ?? -1)
        var current: Typed
        var isTypeContext = false

        // The head: `self`, a call of a function, a variable, or a type name.
        let head = tokens[index]
        guard head.kind == .identifier || head.kind == .keyword else { return .unknown }
        let name = structure.source.text(index)
        let isCall = index + 1 < end && tokens[index + 1].kind == .leftParen
        if head.word == .self {
            guard let enclosing = types.enclosingTypeLike(scope), let target = types.extendedType(enclosing) else { return .unknown }
            current = Typed(.declared(target))
        } else if head.word == .`Self` {
            // `Self.shared`, `Self()`: the enclosing type (never an external type named `Self`).
            guard let enclosing = types.enclosingTypeLike(scope), let target = types.extendedType(enclosing) else { return .unknown }
            current = Typed(.declared(target))
            isTypeContext = true
        } else if isCall, name.first?.isUppercase == false {
            // `makeModel()`: a function of an enclosing type, or a global one.
            guard let result = functionResult(name, at: index, file: file, trail: trail) else { return .unknown }
            current = result
            index = structure.closing(index + 1)
        } else if !isCall, let variable = lookUpVariable(name, at: index, file: file, trail: trail) {
            current = variable
        } else if name.first?.isUppercase == true {
            // A type: one the tree declares, or an external one (`ThirdPartyModel()` is known
            // not to be a model, which is different from not knowing).
            // A type alias brings its generic arguments: `AppStore` for `Store<AppState>`.
            current = resolveWritten(name, from: scope)
            switch current.type {
            case .declared, .external, .ambiguous: break
            default: return .unknown
            }
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
                guard member.kind == .identifier || member.kind == .keyword else { return .unknown }
                let memberName = structure.source.text(memberIndex)
                if case .external(let written) = current.type, !isTypeContext,
                   memberIndex + 1 >= end || tokens[memberIndex + 1].kind != .leftParen {
                    // `DependencyValues().client`: a property the tree adds to the values type.
                    guard let value = keyPathValue(memberName, of: written, trail: trail) else { return .unknown }
                    current = value
                    index += 2
                    continue
                }
                guard case .declared = current.type else { return .unknown }
                if memberIndex + 1 < end, tokens[memberIndex + 1].kind == .leftParen {
                    // A method call: its declared result type.
                    guard let result = methodResult(memberName, of: current, isStatic: isTypeContext) else { return .unknown }
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

    /// The result type of a function called `name` at `token`: a method of an enclosing type, or
    /// a global function.
    private func functionResult(_ name: String, at token: Int, file: Int, trail: Trail) -> Typed? {
        var current = owner(file: file, token: token)
        let structure = types.files[file]
        while let index = current {
            let id = DeclarationID(file: file, declaration: index)
            if structure.declarations[index].kind.isTypeLike, let target = types.extendedType(id) {
                if let result = methodResult(name, of: Typed(.declared(target)), isStatic: false) { return result }
                if let result = methodResult(name, of: Typed(.declared(target)), isStatic: true) { return result }
            }
            current = structure.declarations[index].parent
        }
        guard let function = globalFunctions[name] else { return nil }
        return resultType(of: function, in: nil)
    }

    /// The declared result type of a method `name` of a type (or its extensions, or superclasses).
    public func methodResult(_ name: String, of typeID: DeclarationID, isStatic: Bool) -> ResolvedType? {
        methodResult(name, of: Typed(.declared(typeID)), isStatic: isStatic)?.type
    }

    private func methodResult(_ name: String, of receiver: Typed, isStatic: Bool) -> Typed? {
        guard case .declared(let typeID) = receiver.type else { return nil }
        return firstMember(of: typeID) { id, declaration, holder in
            guard declaration.kind == .function, declaration.name == name,
                  (declaration.hasModifier(.static) || declaration.hasModifier(.class)) == isStatic else { return nil }
            return resultType(of: id, in: holder == typeID ? receiver : nil)
        }
    }

    /// The first answer `match` gives for a member of a type, its extensions, then its
    /// superclasses in the tree, nearest first; `match` also gets the type (or superclass)
    /// whose body or extension holds the member.
    private func firstMember(of typeID: DeclarationID, _ match: (DeclarationID, Declaration, DeclarationID) -> Typed?) -> Typed? {
        var visited = Set<DeclarationID>()
        var current: DeclarationID? = typeID
        while let typeDeclaration = current, visited.insert(typeDeclaration).inserted {
            guard let symbol = types.symbol(typeDeclaration) else { return nil }
            for container in [typeDeclaration] + symbol.extensions {
                let file = types.files[container.file]
                for member in file.members(of: container.declaration) {
                    if let found = match(DeclarationID(file: container.file, declaration: member), file.declarations[member], typeDeclaration) {
                        return found
                    }
                }
            }
            current = superclassOf(typeDeclaration)
        }
        return nil
    }

    /// The declared result type of a function; `receiver` is the value it is called on when
    /// the function belongs to that value's own type, whose generic arguments then replace the
    /// type's generic parameters.
    private func resultType(of function: DeclarationID, in receiver: Typed?) -> Typed {
        let declaration = types.declaration(function)
        guard let result = declaration.returnType else { return .unknown }
        let file = types.files[function.file]
        let written = file.compactText(result)
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

    private func superclassOf(_ typeDeclaration: DeclarationID) -> DeclarationID? {
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
    private func memberType(_ name: String, of receiver: Typed, isStatic: Bool, trail: Trail) -> Typed? {
        guard case .declared(let typeID) = receiver.type else { return nil }
        return firstMember(of: typeID) { id, declaration, holder in
            guard declaration.kind == .variable, (declaration.hasModifier(.static) || declaration.hasModifier(.class)) == isStatic,
                  let binding = declaration.bindings.first(where: { $0.name == name }) else { return nil }
            if holder == typeID, let annotation = binding.typeAnnotation,
               let argument = substitution(types.files[id.file].compactText(annotation), in: receiver) {
                return argument
            }
            return variableType(binding, declarationID: id, trail: trail)
        }
    }

    /// The type of a variable binding: its annotation, else the type of its initializer.
    public func variableType(_ binding: VariableBinding, declarationID: DeclarationID) -> ResolvedType {
        variableType(binding, declarationID: declarationID, trail: Trail()).type
    }

    private func variableType(_ binding: VariableBinding, declarationID: DeclarationID, trail: Trail) -> Typed {
        let file = types.files[declarationID.file]
        let scope = DeclarationID(file: declarationID.file, declaration: file.declarations[declarationID.declaration].parent ?? -1)
        if let annotation = binding.typeAnnotation {
            return resolveWritten(file.compactText(annotation), from: scope)
        }
        if binding.initializer == nil, let value = keyPathWrapperValue(of: declarationID, trail: trail) {
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

    /// Finds what a bare identifier refers to at `token`: a closure parameter (unknown), a
    /// function parameter, a local variable declared earlier, a property of an enclosing type,
    /// or a global. Returns nil when it names no variable.
    public func lookUpVariable(_ name: String, at token: Int, file: Int) -> ResolvedType? {
        lookUpVariable(name, at: token, file: file, trail: Trail())?.type
    }

    private func lookUpVariable(_ name: String, at token: Int, file: Int, trail: Trail) -> Typed? {
        let structure = types.files[file]
        if isClosureParameter(name, at: token, fileIndex: file) { return .unknown }
        var current = owner(file: file, token: token)
        while let index = current {
            let declaration = structure.declarations[index]
            let id = DeclarationID(file: file, declaration: index)
            switch declaration.kind {
            case .function, .initializer, .subscript, .variable:
                // Locals declared inside an accessor (`body`) belong to the variable. An optional
                // binding (`guard let x = …`, `if let x`) is not a declaration: the nearer of it
                // and a local declaration wins, then the parameters.
                let local = localType(name, before: token, in: index, file: file, trail: trail)
                if let bound = conditionBinding(name, before: token, from: declaration.tokens.lowerBound, file: file, trail: trail),
                   bound.position > (local?.position ?? -1) {
                    return bound.type
                }
                if let local { return local.type }
                if declaration.kind != .variable, let type = parameterType(name, of: declaration, in: structure, scope: id) { return type }
            case .class, .struct, .enum, .actor, .extension, .protocol:
                if let target = types.extendedType(id) {
                    if let type = memberType(name, of: Typed(.declared(target)), isStatic: false, trail: trail) { return type }
                    if let type = memberType(name, of: Typed(.declared(target)), isStatic: true, trail: trail) { return type }
                }
            default:
                break
            }
            current = declaration.parent
        }
        // A local of a freestanding macro's body (`#Preview { let model = … }`), which the
        // declaration parser leaves unparsed at file scope.
        if owner(file: file, token: token) == nil, let local = macroBodyLocal(name, before: token, file: file, trail: trail) {
            return local
        }
        // Globals anywhere in the tree.
        guard let global = globals[name] else { return nil }
        let declaration = types.declaration(global)
        guard let binding = declaration.bindings.first(where: { $0.name == name }) else { return nil }
        return variableType(binding, declarationID: global, trail: trail)
    }

    /// A local variable `name` declared in declaration `owner`'s body before `token` (a variable
    /// cannot see itself: `let workspace = workspace` reads the outer one).
    private func localType(_ name: String, before token: Int, in owner: Int, file: Int, trail: Trail) -> (position: Int, type: Typed)? {
        let structure = types.files[file]
        for member in structure.members(of: owner).reversed() {
            let local = structure.declarations[member]
            guard local.kind == .variable, local.tokens.upperBound <= token,
                  local.bindings.contains(where: { $0.name == name }),
                  isStillOpen(after: local.tokens.upperBound, at: token, in: structure) else { continue }
            for binding in local.bindings where binding.name == name {
                return (binding.nameToken, variableType(binding, declarationID: DeclarationID(file: file, declaration: member), trail: trail))
            }
        }
        return nil
    }

    /// Whether the block holding a declaration that ends at `start` is still open at `token`
    /// (a local of a closed block, `VStack { let m = … }`, is not visible after it).
    private func isStillOpen(after start: Int, at token: Int, in file: FileStructure) -> Bool {
        var index = start
        while index < token {
            switch file.tokens[index].kind {
            case .leftBrace, .leftParen, .leftSquare:
                let close = file.closing(index)
                // The token is inside this inner block: the declaration's block holds it.
                if close >= token { return true }
                index = close + 1
            case .rightBrace:
                return false
            default:
                index += 1
            }
        }
        return true
    }

    /// An optional binding of `name` visible at `token`, searched back to token `start` (the
    /// owning declaration's first token): a clause of the `if` / `while` whose body holds the
    /// token, of a `guard` before it in an enclosing block, or an earlier clause of the
    /// condition the token is in. Its type is the initializer's without one level of `Optional`
    /// (types here never carry `Optional`), the annotation's, or for `if let x` the outer `x`'s.
    /// A `for` or `case` pattern naming `name` is found too, with an unknown type.
    private func conditionBinding(_ name: String, before token: Int, from start: Int, file: Int,
                                  trail: Trail) -> (position: Int, type: Typed)? {
        let structure = types.files[file]
        let tokens = structure.tokens
        var index = token - 1
        // Still in the statement holding the token (no earlier block stepped over).
        var sameStatement = true
        while index > start {
            let current = tokens[index]
            switch current.kind {
            case .rightBrace:
                let open = Int(structure.matchingBracket[index])
                guard open > start else { return nil }
                sameStatement = false
                // `guard … else { … }`: the guard's bindings are visible after it.
                if tokens[open - 1].word == .else, let keyword = statementKeyword(before: open - 1, from: start, in: structure),
                   tokens[keyword].word == .guard {
                    if let found = bindingClause(name, in: (keyword + 1)..<(open - 1), file: file, trail: trail) { return found }
                    index = keyword - 1
                    continue
                }
                index = open - 1
            case .rightParen, .rightSquare:
                let open = Int(structure.matchingBracket[index])
                guard open > start else { return nil }
                index = open - 1
            case .leftBrace:
                // Leaving the block that holds the token: the body of an `if`, `while` or `for`?
                if let keyword = statementKeyword(before: index, from: start, in: structure) {
                    let word = tokens[keyword].word
                    if word == .if || word == .while || word == .for {
                        if let found = bindingClause(name, in: (keyword + 1)..<index, file: file, trail: trail,
                                                     isForPattern: word == .for) {
                            return found
                        }
                        index = keyword - 1
                        sameStatement = false
                        continue
                    }
                }
                index -= 1
            default:
                // The token is in a condition: its earlier clauses are visible.
                if sameStatement, current.word == .if || current.word == .guard || current.word == .while {
                    if let found = bindingClause(name, in: (index + 1)..<token, file: file, trail: trail) { return found }
                    sameStatement = false
                }
                index -= 1
            }
        }
        return nil
    }

    /// The `if`, `guard`, `while` or `for` keyword starting the statement whose condition ends
    /// before token `end`, stepping back over balanced brackets; nil at a statement boundary.
    private func statementKeyword(before end: Int, from start: Int, in file: FileStructure) -> Int? {
        var index = end - 1
        while index > start {
            let token = file.tokens[index]
            switch token.kind {
            case .rightParen, .rightSquare:
                let open = Int(file.matchingBracket[index])
                guard open > start else { return nil }
                index = open - 1
                continue
            case .leftBrace, .rightBrace, .leftParen, .leftSquare, .semicolon:
                return nil
            default:
                if token.word == .if || token.word == .guard || token.word == .while || token.word == .for { return index }
            }
            index -= 1
        }
        return nil
    }

    /// The binding of `name` among the comma-separated clauses of a condition in `range`
    /// (`let x = e`, `var x: T = e`, `let x`), or among the names of a `for` or `case` pattern
    /// (typed unknown). Clauses that end after `range` are not read.
    private func bindingClause(_ name: String, in range: Range<Int>, file: Int, trail: Trail,
                               isForPattern: Bool = false) -> (position: Int, type: Typed)? {
        let structure = types.files[file]
        let tokens = structure.tokens
        var clauseStart = range.lowerBound
        var index = range.lowerBound
        var found: (position: Int, type: Typed)?
        func readClause(_ clause: Range<Int>) {
            guard !clause.isEmpty else { return }
            let first = tokens[clause.lowerBound]
            if isForPattern || first.word == .case {
                // Pattern names: `for (i, model) in`, `case .some(let model) = x`.
                let patternEnd = clause.firstIndex { tokens[$0].word == .in || tokens[$0].kind == .equal } ?? clause.upperBound
                if (clause.lowerBound..<patternEnd).contains(where: {
                    tokens[$0].kind == .identifier && structure.source.tokenText($0, equals: name)
                }) {
                    found = (clause.lowerBound, Typed.unknown)
                }
                return
            }
            guard first.word == .let || first.word == .var, clause.count >= 2,
                  tokens[clause.lowerBound + 1].kind == .identifier,
                  structure.source.tokenText(clause.lowerBound + 1, equals: name) else { return }
            let nameToken = clause.lowerBound + 1
            var next = nameToken + 1
            var type: Typed? = nil
            if next < clause.upperBound, tokens[next].kind == .colon {
                var typeEnd = next + 1
                while typeEnd < clause.upperBound, tokens[typeEnd].kind != .equal { typeEnd += 1 }
                let scope = DeclarationID(file: file, declaration: owner(file: file, token: nameToken) ?? -1)
                type = resolveWritten(structure.compactText((next + 1)..<typeEnd), from: scope)
                next = typeEnd
            }
            if type == nil {
                if next < clause.upperBound, tokens[next].kind == .equal {
                    type = typeOf((next + 1)..<clause.upperBound, file: file, trail: trail)
                } else if next == clause.upperBound {
                    // `if let x`: the outer `x`, seen from before the binding.
                    type = lookUpVariable(name, at: clause.lowerBound, file: file, trail: trail) ?? .unknown
                } else {
                    type = .unknown
                }
            }
            found = (nameToken, type ?? .unknown)
        }
        while index < range.upperBound {
            let kind = tokens[index].kind
            if kind == .leftParen || kind == .leftSquare || kind == .leftBrace {
                let close = structure.closing(index)
                guard close < range.upperBound else { break }
                index = close + 1
                continue
            }
            if kind == .comma {
                readClause(clauseStart..<index)
                clauseStart = index + 1
            }
            index += 1
        }
        // The last clause counts only when the range ends at the condition's end (a `{` or
        // `else` follows), not inside it.
        if index == range.upperBound, range.upperBound < tokens.count,
           tokens[range.upperBound].kind == .leftBrace || tokens[range.upperBound].word == .else {
            readClause(clauseStart..<range.upperBound)
        }
        return found
    }

    /// A `let` / `var` named `name` declared before `token` in the block holding it or an
    /// enclosing block, up to the body of a freestanding macro (`#Preview { … }`, `#Preview("x") {`).
    /// Nil when no macro body encloses the token or no such local precedes it.
    private func macroBodyLocal(_ name: String, before token: Int, file: Int, trail: Trail) -> Typed? {
        let structure = types.files[file]
        let tokens = structure.tokens
        var index = token - 1
        var found: Int?
        while index >= 0 {
            let current = tokens[index]
            switch current.kind {
            case .rightBrace, .rightParen, .rightSquare:
                // An earlier block or group: what it declares is not visible here.
                let open = Int(structure.matchingBracket[index])
                guard open >= 0 else { return nil }
                index = open - 1
                continue
            case .leftBrace:
                var before = index - 1
                if before >= 0, tokens[before].kind == .rightParen { before = Int(structure.matchingBracket[before]) - 1 }
                // `#Preview {`: the macro's name follows a `#` token.
                if before >= 1, tokens[before].kind == .identifier, tokens[before - 1].kind == .pound {
                    guard let found else { return nil }
                    return macroLocalType(at: found, file: file, before: token, trail: trail)
                }
            default:
                if found == nil, current.word == .let || current.word == .var, index + 1 < token,
                   tokens[index + 1].kind == .identifier, structure.source.tokenText(index + 1, equals: name) {
                    found = index
                }
            }
            index -= 1
        }
        return nil
    }

    /// The type of the local `let name …` whose keyword is at `keyword`: its annotation, else
    /// its initializer up to the end of its statement.
    private func macroLocalType(at keyword: Int, file: Int, before limit: Int, trail: Trail) -> Typed {
        let structure = types.files[file]
        let tokens = structure.tokens
        var index = keyword + 2
        guard index < limit else { return .unknown }
        if tokens[index].kind == .colon {
            var typeEnd = index + 1
            while typeEnd < limit, tokens[typeEnd].kind != .equal, !structure.startsLine(typeEnd) { typeEnd += 1 }
            return resolveWritten(structure.compactText((index + 1)..<typeEnd), from: DeclarationID(file: file, declaration: -1))
        }
        guard tokens[index].kind == .equal else { return .unknown }
        index += 1
        let start = index
        // The statement ends at a line that does not continue it (`.modifier`, an operator).
        while index < limit {
            let kind = tokens[index].kind
            if index > start, structure.startsLine(index), kind != .period, !kind.isOperator,
               !tokens[index - 1].kind.isOperator, tokens[index - 1].kind != .equal, tokens[index - 1].kind != .comma {
                break
            }
            if kind == .leftParen || kind == .leftSquare || kind == .leftBrace {
                index = structure.closing(index) + 1
                continue
            }
            index += 1
        }
        guard index <= limit else { return .unknown }
        return typeOf(start..<index, file: file, trail: trail)
    }

    /// The type written for parameter `name` (its internal name) in a parameter clause.
    private func parameterType(_ name: String, of declaration: Declaration, in file: FileStructure, scope: DeclarationID) -> Typed? {
        guard let clause = declaration.parameters, clause.count > 2 else { return nil }
        var segmentStart = clause.lowerBound + 1
        var index = segmentStart
        let end = clause.upperBound - 1
        while index <= end {
            let token = file.tokens[index]
            if index == end || token.kind == .comma {
                if let colon = (segmentStart..<index).first(where: { file.tokens[$0].kind == .colon }), colon > segmentStart,
                   file.source.tokenText(colon - 1, equals: name) {
                    var typeEnd = colon + 1
                    while typeEnd < index, file.tokens[typeEnd].kind != .equal { typeEnd += 1 }
                    return resolveWritten(file.compactText((colon + 1)..<typeEnd), from: scope)
                }
                segmentStart = index + 1
                index += 1
                continue
            }
            if token.kind == .leftParen || token.kind == .leftSquare || token.kind == .leftBrace {
                index = file.closing(index) + 1
                continue
            }
            index += 1
        }
        return nil
    }

    /// The type of a property declared `@Dependency(\.x) var y` or `@Environment(\.x) var y`:
    /// the type of `var x` in an extension of `DependencyValues` (`EnvironmentValues`) in the
    /// tree. Nil when the wrapper is not there or its argument is not such a key path; unknown
    /// when the tree does not declare `x` exactly once (it may come from a library).
    private func keyPathWrapperValue(of variable: DeclarationID, trail: Trail) -> Typed? {
        let file = types.files[variable.file]
        let declaration = file.declarations[variable.declaration]
        guard let attribute = declaration.attributes.first(where: { Self.keyPathRoots[String($0.baseName)] != nil }),
              let root = Self.keyPathRoots[String(attribute.baseName)], let arguments = attribute.arguments else { return nil }
        // `(\.x)` or `(\Root.x)`.
        let tokens = file.tokens
        var index = arguments.lowerBound + 1
        guard index < arguments.upperBound, tokens[index].kind == .backslash else { return nil }
        index += 1
        if tokens[index].kind == .identifier {
            guard file.source.tokenText(index, equals: root) else { return nil }
            index += 1
        }
        guard index + 2 == arguments.upperBound - 1, tokens[index].kind == .period,
              tokens[index + 1].kind == .identifier || tokens[index + 1].kind == .keyword else { return nil }
        let name = file.source.text(index + 1)
        // A values type declared in the tree: its own members and extensions.
        let scope = DeclarationID(file: variable.file, declaration: declaration.parent ?? -1)
        if case .declared(let values) = types.resolve(root, from: scope) {
            return memberType(name, of: Typed(.declared(values)), isStatic: false, trail: trail) ?? .unknown
        }
        return keyPathValue(name, of: root, trail: trail) ?? .unknown
    }

    /// Property `name` of the external values type `root` (`DependencyValues`), declared once
    /// in an extension in the tree; nil otherwise.
    private func keyPathValue(_ name: String, of root: String, trail: Trail) -> Typed? {
        guard Self.keyPathRoots.values.contains(root), let found = keyPathValues[root + "." + name], found.count == 1,
              let property = found.first,
              let binding = types.declaration(property).bindings.first(where: { $0.name == name }) else { return nil }
        return variableType(binding, declarationID: property, trail: trail)
    }

    /// A type as written, with its generic arguments when they are spelled out
    /// (`Store<AppState, AppAction>`) or come from a non-generic type alias
    /// (`typealias AppStore = Store<AppState, AppAction>`).
    private func resolveWritten(_ written: String, from scope: DeclarationID, aliasDepth: Int = 0) -> Typed {
        let type = types.resolve(written, from: scope)
        guard case .declared(let target) = type, aliasDepth < 4 else { return Typed(type) }
        if let (_, arguments) = Self.genericArguments(of: written) {
            guard types.declaration(target).genericParameters.count == arguments.count else { return Typed(type) }
            return Typed(type, arguments: arguments.map { types.resolve($0, from: scope) })
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
        return (base, arguments.map { $0.trimmingCharacters(in: " ") })
    }

    /// When `written` (a member's declared type) is one of the generic parameters of the
    /// receiver's type and the receiver's generic arguments are known, that argument.
    private func substitution(_ written: String, in receiver: Typed) -> Typed? {
        guard !receiver.arguments.isEmpty, case .declared(let typeID) = receiver.type,
              let reference = TypeReference(written), reference.components.count == 1 else { return nil }
        let parameters = types.declaration(typeID).genericParameters
        guard parameters.count == receiver.arguments.count,
              let position = parameters.firstIndex(where: { $0.name == reference.components[0] }) else { return nil }
        return Typed(receiver.arguments[position])
    }

    /// Whether `name` is a parameter of a closure enclosing `token` (`{ name in`, `{ (name, x) in`).
    /// Scans outward through enclosing braces up to the body of the declaration that owns them.
    private func isClosureParameter(_ name: String, at token: Int, fileIndex: Int) -> Bool {
        let file = types.files[fileIndex]
        var index = token - 1
        var depth = 0
        while index >= 0 {
            let kind = file.tokens[index].kind
            if kind == .rightBrace {
                depth += 1
            } else if kind == .leftBrace {
                if depth > 0 {
                    depth -= 1
                } else {
                    if isDeclarationBody(index, file: file, fileIndex: fileIndex) { return false }
                    var scan = index + 1
                    var names: [Int] = []
                    // A capture list (`[weak chat]`) names outer variables, not parameters.
                    if file.tokens[scan].kind == .leftSquare { scan = file.closing(scan) + 1 }
                    while scan < token, scan < index + 24 {
                        let scanned = file.tokens[scan]
                        if scanned.word == .in {
                            if names.contains(where: { file.source.tokenText($0, equals: name) }) { return true }
                            break
                        }
                        if scanned.kind == .identifier { names.append(scan) }
                        if scanned.kind == .leftBrace || scanned.kind == .rightBrace { break }
                        scan += 1
                    }
                }
            }
            index -= 1
        }
        return false
    }

    /// Whether the brace at `open` opens a declaration's body or accessor block (not a closure).
    private func isDeclarationBody(_ open: Int, file: FileStructure, fileIndex: Int) -> Bool {
        guard let owner = owner(file: fileIndex, token: open) else { return false }
        let declaration = file.declarations[owner]
        if declaration.body?.lowerBound == open { return true }
        return declaration.bindings.contains { $0.accessorBlock?.lowerBound == open }
    }
}

/// The variables whose initializers are being typed on the way to the current question,
/// outermost first. Every recursion of the typer goes through a variable's initializer, so a
/// variable met again is a cycle (`static let mock = mock`, `var a = b; var b = a`), typed
/// unknown; the length bounds how long a chain of variables is followed
/// (`let m = Manager.shared; let c = m.client` is three deep).
struct Trail: Sendable {
    static let limit = 12
    private var variables: [DeclarationID] = []

    /// The trail one variable deeper, or nil when `variable` is already being typed or the
    /// chain is too long.
    func entering(_ variable: DeclarationID) -> Trail? {
        guard variables.count < Trail.limit, !variables.contains(variable) else { return nil }
        var deeper = self
        deeper.variables.append(variable)
        return deeper
    }
}

/// A type with the generic arguments known for it: `Store<AppState, AppAction>` is `Store` with
/// `[AppState, AppAction]`. Arguments are kept one level deep; a member typed by a generic
/// parameter whose argument is not known keeps the parameter (and nothing is read through it).
struct Typed: Sendable, Equatable {
    var type: ResolvedType
    var arguments: [ResolvedType]

    init(_ type: ResolvedType, arguments: [ResolvedType] = []) {
        self.type = type
        self.arguments = arguments
    }

    static let unknown = Typed(.unknown)
}
