// Local scopes: the variables, parameters and condition bindings visible at a token (function
// and closure bodies, `if let`/`guard let`, `for … in`, preview macro bodies).

extension ExpressionTyper {
    /// Finds what a bare identifier refers to at `token`: a closure parameter (unknown unless its
    /// type is stated or is the element its operator passes), a function parameter, a local
    /// variable declared earlier, a property of an enclosing type, or a global. Returns nil when
    /// it names no variable.
    public func lookUpVariable(_ name: String, at token: Int, file: Int) -> ResolvedType? {
        lookUpVariable(name, at: token, file: file, trail: Trail())?.type
    }

    func lookUpVariable(_ name: String, at token: Int, file: Int, trail: Trail) -> Typed? {
        let structure = types.files[file]
        if let closure = closureDeclaring(name, at: token, fileIndex: file) {
            return namedParameterType(name, ofClosureAt: closure, file: file, trail: trail)
        }
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
                // `newValue` in `set` or `willSet`, `oldValue` in `didSet`: the property's own type.
                if declaration.kind == .variable, name == "newValue" || name == "oldValue",
                   let binding = declaration.bindings.first(where: { $0.accessorBlock?.contains(token) == true }),
                   let accessor = structure.accessors(inBlock: binding.accessorBlock!).first(where: {
                       ($0.open..<structure.closing($0.open)).contains(token)
                   }),
                   // `set(value) {` names its parameter: `newValue` is then no parameter.
                   accessor.word != .get, structure.tokens[accessor.open - 1].kind != .rightParen {
                    return variableType(binding, declarationID: id, trail: trail)
                }
            case .class, .struct, .enum, .actor, .extension, .protocol:
                if let target = types.extendedType(id) {
                    if let type = memberType(name, of: Typed(.declared(target)), isStatic: false, trail: trail) { return type }
                    if let type = memberType(name, of: Typed(.declared(target)), isStatic: true, trail: trail) { return type }
                }
                if let type = externalProtocolMember(name, of: id, trail: trail) { return type }
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

    /// A property `name` that the tree adds by extension to an external type the declaration
    /// `id` adopts or extends (`extension View { var appDelegate: AppDelegate { … } }`, read
    /// as `appDelegate` in a view): its type, when the tree adds exactly one such instance
    /// property to those types. Nil when it adds none.
    func externalProtocolMember(_ name: String, of id: DeclarationID, trail: Trail) -> Typed? {
        let declaration = types.declaration(id)
        var names = declaration.inheritance.map(\.typeName)
        if declaration.kind == .extension, types.extendedType(id) == nil { names.append(declaration.name) }
        if let target = types.extendedType(id) {
            names += ([target] + (types.symbol(target)?.extensions ?? [])).flatMap { types.declaration($0).inheritance.map(\.typeName) }
        }
        let scope = DeclarationID(file: id.file, declaration: declaration.parent ?? -1)
        var found: [DeclarationID] = []
        for written in Set(names) {
            guard case .external = types.resolve(written, from: scope) else { continue }
            // Another target's extension is not in scope here (an app and its TV twin each add
            // their own `appDelegate`).
            found += types.membersAdded(toExternal: written, named: name, visibleFrom: id.file).filter { member in
                let variable = types.declaration(member)
                return variable.kind == .variable && !variable.hasModifier(.static) && !variable.hasModifier(.class)
            }
        }
        guard !found.isEmpty else { return nil }
        guard found.count == 1, let member = found.first,
              let binding = types.declaration(member).bindings.first(where: { $0.name == name }) else { return .unknown }
        return variableType(binding, declarationID: member, trail: trail)
    }

    /// A local variable `name` declared in declaration `owner`'s body before `token` (a variable
    /// cannot see itself: `let workspace = workspace` reads the outer one).
    func localType(_ name: String, before token: Int, in owner: Int, file: Int, trail: Trail) -> (position: Int, type: Typed)? {
        let structure = types.files[file]
        for member in structure.members(of: owner).reversed() {
            let local = structure.declarations[member]
            guard local.kind == .variable, local.tokens.upperBound <= token,
                  local.bindings.contains(where: { $0.name == name || ($0.name == nil && tuplePosition(of: name, in: $0, structure) != nil) }),
                  isStillOpen(after: local.tokens.upperBound, at: token, in: structure) else { continue }
            let id = DeclarationID(file: file, declaration: member)
            for binding in local.bindings where binding.name == name {
                return (binding.nameToken, variableType(binding, declarationID: id, trail: trail))
            }
            // `let (_, sut) = makeSUT()`: the element of the tuple the initializer's type states.
            for binding in local.bindings where binding.name == nil {
                guard let bound = tuplePosition(of: name, in: binding, structure) else { continue }
                let whole = variableType(binding, declarationID: id, trail: trail)
                guard let elements = whole.tupleElements, elements.count == bound.count else { return (bound.token, .unknown) }
                return (bound.token, Typed(elements[bound.position]))
            }
        }
        return nil
    }

    /// The position of `name` among the elements of a tuple pattern (`(_, sut)`, `(let a, var b)`),
    /// its token, and how many elements the pattern has; nil when the binding is no tuple
    /// pattern or does not bind `name` at its top level.
    func tuplePosition(of name: String, in binding: VariableBinding, _ file: FileStructure) -> (position: Int, token: Int, count: Int)? {
        let open = binding.nameToken
        guard open < file.tokens.count, file.tokens[open].kind == .leftParen else { return nil }
        let close = file.closing(open)
        guard close > open + 1 else { return nil }
        let elements = file.topLevelSegments((open + 1)..<close)
        guard elements.count > 1 else { return nil }
        for (position, element) in elements.enumerated() {
            // The bound name is the element's last token: `sut`, `let sut`.
            if let last = element.last, file.tokens[last].kind == .identifier, file.source.tokenText(last, equals: name) {
                return (position, last, elements.count)
            }
        }
        return nil
    }

    /// Whether the block holding a declaration that ends at `start` is still open at `token`
    /// (a local of a closed block, `VStack { let m = … }`, is not visible after it, nor a local of
    /// a `switch` clause in the clauses after it).
    func isStillOpen(after start: Int, at token: Int, in file: FileStructure) -> Bool {
        // Only in a `switch` body does a `case` at the declaration's level end its block; elsewhere
        // it continues a condition (`guard ready,\n case .idle = phase else { … }`).
        let inSwitchBody = enclosingSwitch(holding: start, from: -1, in: file) != nil
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
                // The next clause's label (`case .b:`, `default:`) ends the clause.
                let word = file.tokens[index].word
                if inSwitchBody, word == .case || word == .default, file.tokens[index - 1].kind != .comma,
                   ![.if, .guard, .while, .for].contains(file.tokens[index - 1].word) {
                    return false
                }
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
    func conditionBinding(_ name: String, before token: Int, from start: Int, file: Int,
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
                // The label of the `switch` clause holding the token: its pattern's names are
                // visible in the clause; earlier clauses' are not, so the search goes on outside.
                // A label starts its line, or follows the switch's `{` or a `;` (`switch e { case let .f(m): … }`).
                if current.word == .case || current.word == .default,
                   structure.startsLine(index) || tokens[index - 1].kind == .leftBrace || tokens[index - 1].kind == .semicolon,
                   let (keyword, open) = enclosingSwitch(holding: index, from: start, in: structure) {
                    if current.word == .case, let found = switchLabelBinding(name, label: index, subject: (keyword + 1)..<open,
                                                                             before: token, file: file, trail: trail) {
                        return found
                    }
                    index = open - 1
                    sameStatement = false
                    continue
                }
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

    /// The `switch` keyword and the `{` of the switch whose body is the innermost block holding
    /// `token` (a clause's label, or a statement of a clause), searched back to token `start`;
    /// nil when that block is not a switch's.
    func enclosingSwitch(holding token: Int, from start: Int, in file: FileStructure) -> (keyword: Int, open: Int)? {
        var index = token - 1
        while index > start {
            switch file.tokens[index].kind {
            case .rightBrace, .rightParen, .rightSquare:
                index = Int(file.matchingBracket[index]) - 1
                continue
            case .leftBrace:
                var keyword = index - 1
                while keyword > start {
                    let token = file.tokens[keyword]
                    if token.word == .switch { return (keyword, index) }
                    if [.leftBrace, .rightBrace, .semicolon].contains(token.kind) { return nil }
                    keyword = [.rightParen, .rightSquare].contains(token.kind) ? Int(file.matchingBracket[keyword]) - 1 : keyword - 1
                }
                return nil
            default:
                index -= 1
            }
        }
        return nil
    }

    /// The type of `name` when the `case` label at `label` binds it in one of its patterns and
    /// `before` follows the label's `:`: the payload of the enum case the pattern names, read
    /// from the type of the switch's subject.
    func switchLabelBinding(_ name: String, label: Int, subject: Range<Int>, before token: Int, file: Int,
                            trail: Trail) -> (position: Int, type: Typed)? {
        let structure = types.files[file]
        let tokens = structure.tokens
        var colon = label + 1
        while colon < token, tokens[colon].kind != .colon {
            colon = [.leftParen, .leftSquare].contains(tokens[colon].kind) ? structure.closing(colon) + 1 : colon + 1
        }
        guard colon < token else { return nil }
        let labelEnd = (label..<colon).first { tokens[$0].word == .where } ?? colon
        var patterns: [Range<Int>] = []
        var start = label + 1
        var index = start
        while index < labelEnd {
            if [.leftParen, .leftSquare].contains(tokens[index].kind) { index = structure.closing(index) + 1; continue }
            if tokens[index].kind == .comma { patterns.append(start..<index); start = index + 1 }
            index += 1
        }
        patterns.append(start..<labelEnd)
        for pattern in patterns where pattern.contains(where: { tokens[$0].kind == .identifier && structure.source.tokenText($0, equals: name) }) {
            let subjectType = typeOf(subject, file: file, trail: trail)
            return (label, casePatternType(name, pattern: pattern, subject: subjectType, file: file) ?? .unknown)
        }
        return nil
    }

    /// The type `name` gets in an enum case pattern (`let .detail(model)`, `.detail(let model)`,
    /// `.meeting(_, syncUp: let syncUp)`) over a value of `subject`'s type: that case's value at
    /// the name's position; nil when the subject is no enum of the tree or the shape differs.
    func casePatternType(_ name: String, pattern: Range<Int>, subject: Typed, file: Int) -> Typed? {
        guard case .declared(let enumID) = subject.type else { return nil }
        let structure = types.files[file]
        let tokens = structure.tokens
        var index = pattern.lowerBound
        if index < pattern.upperBound, tokens[index].word == .let || tokens[index].word == .var { index += 1 }
        // `.detail(let model)?` over an optional: the same case.
        var pattern = pattern
        if pattern.count > 1, tokens[pattern.upperBound - 1].kind == .postfixQuestionMark { pattern = pattern.lowerBound..<(pattern.upperBound - 1) }
        // `.detail(` or `Destination.detail(`: the last name before the `(`.
        guard let open = (index..<pattern.upperBound).first(where: { tokens[$0].kind == .leftParen }), open - 1 >= index,
              tokens[open - 1].kind == .identifier, open - 2 >= index, tokens[open - 2].kind == .period,
              structure.closing(open) + 1 == pattern.upperBound,
              let payload = types.enumCasePayload(of: enumID, case: structure.source.text(open - 1)) else { return nil }
        var element = 0
        var elementStart = open + 1
        var position = open + 1
        let close = structure.closing(open)
        while position <= close {
            if position < close, [.leftParen, .leftSquare].contains(tokens[position].kind) {
                position = structure.closing(position) + 1
                continue
            }
            if position == close || tokens[position].kind == .comma {
                var first = elementStart
                if first + 1 < position, tokens[first + 1].kind == .colon { first += 2 }
                if first < position, tokens[first].word == .let || tokens[first].word == .var { first += 1 }
                if first + 1 == position, structure.source.tokenText(first, equals: name) {
                    guard element < payload.count else { return nil }
                    // A generic enum's parameter (`case value(T)` of `SetupValue<T>`) is what the
                    // subject's type binds it to (`SetupValue<ChiakiDiscover>`).
                    let written = payload[element].trimming(charactersIn: " ")
                    let parameters = types.declaration(enumID).genericParameters
                    if let bound = parameters.firstIndex(where: { $0.name == written }) {
                        return bound < subject.arguments.count ? subject.argument(bound) : nil
                    }
                    return resolveWritten(payload[element], from: enumID)
                }
                element += 1
                elementStart = position + 1
            }
            position += 1
        }
        return nil
    }

    /// The `if`, `guard`, `while` or `for` keyword starting the statement whose condition ends
    /// before token `end`, stepping back over balanced brackets; nil at a statement boundary.
    func statementKeyword(before end: Int, from start: Int, in file: FileStructure) -> Int? {
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
    func bindingClause(_ name: String, in range: Range<Int>, file: Int, trail: Trail,
                               isForPattern: Bool = false) -> (position: Int, type: Typed)? {
        let structure = types.files[file]
        let tokens = structure.tokens
        var clauseStart = range.lowerBound
        var index = range.lowerBound
        var found: (position: Int, type: Typed)?
        func readClause(_ clause: Range<Int>) {
            guard !clause.isEmpty else { return }
            let first = tokens[clause.lowerBound]
            if isForPattern, first.kind == .identifier, clause.count > 2, tokens[clause.lowerBound + 1].word == .in,
               structure.source.tokenText(clause.lowerBound, equals: name) {
                // `for model in models`: the sequence's element, when it is known exactly.
                let sequenceEnd = clause.firstIndex { tokens[$0].word == .where } ?? clause.upperBound
                let element = upstreamElement((clause.lowerBound + 2)..<sequenceEnd, file: file, trail: trail)
                found = (clause.lowerBound, element.map { Typed($0) } ?? Typed.unknown)
                return
            }
            if isForPattern, first.kind == .leftParen, let inToken = clause.firstIndex(where: { tokens[$0].word == .in }),
               structure.closing(clause.lowerBound) == inToken - 1 {
                // `for (index, item) in items.enumerated()`: the pair's element.
                let names = structure.topLevelSegments((clause.lowerBound + 1)..<(inToken - 1))
                if names.count == 2, names[1].count == 1, structure.source.tokenText(names[1].lowerBound, equals: name) {
                    let sequenceEnd = clause.firstIndex { tokens[$0].word == .where } ?? clause.upperBound
                    let element = enumeratedElement((inToken + 1)..<sequenceEnd, file: file, trail: trail)
                    found = (names[1].lowerBound, element.map { Typed($0) } ?? Typed.unknown)
                    return
                }
            }
            if isForPattern || first.word == .case {
                // Pattern names: `for (i, model) in`, `case .some(let model) = x`; an enum case's
                // value is typed from the subject after `=` (`case let .detail(model) = destination`).
                let patternEnd = clause.firstIndex { tokens[$0].word == .in || tokens[$0].kind == .equal } ?? clause.upperBound
                if (clause.lowerBound..<patternEnd).contains(where: {
                    tokens[$0].kind == .identifier && structure.source.tokenText($0, equals: name)
                }) {
                    var type = Typed.unknown
                    if first.word == .case, patternEnd < clause.upperBound, tokens[patternEnd].kind == .equal {
                        let subject = typeOf((patternEnd + 1)..<clause.upperBound, file: file, trail: trail)
                        type = casePatternType(name, pattern: (clause.lowerBound + 1)..<patternEnd, subject: subject, file: file) ?? .unknown
                    }
                    found = (clause.lowerBound, type)
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
            if kind.isOpeningBracket {
                let close = structure.closing(index)
                guard close < range.upperBound else { break }
                index = close + 1
                continue
            }
            if kind == .comma {
                readClause(clauseStart..<index)
                clauseStart = index + 1
            } else if kind.isOperator, let close = structure.expressionListClose(at: index, start: clauseStart, end: range.upperBound) {
                // `if let c = x as? Entity<A, B>, let d = c.data`: the cast's comma ends no clause.
                index = close + 1
                continue
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
    func macroBodyLocal(_ name: String, before token: Int, file: Int, trail: Trail) -> Typed? {
        macroBodyKeyword(declaring: name, before: token, file: file) { $0 == .let || $0 == .var }
            .map { macroLocalType(at: $0, file: file, before: token, trail: trail) }
    }

    /// The result of calling `name`, a local function of a freestanding macro's body declared
    /// before `token` (`#Preview { func makeMovie() -> Media { … } … makeMovie() }`): its
    /// written result type. Nil when there is none, or it states no result type.
    func macroBodyFunctionResult(_ name: String, before token: Int, file: Int) -> Typed? {
        guard let keyword = macroBodyKeyword(declaring: name, before: token, file: file, isKeyword: { $0 == .func }) else { return nil }
        let structure = types.files[file]
        let tokens = structure.tokens
        var index = keyword + 2
        if index < token, structure.source.tokenText(index, equals: "<") {
            guard let close = structure.closingAngle(from: index, before: token) else { return nil }
            index = close + 1
        }
        guard index < token, tokens[index].kind == .leftParen else { return nil }
        index = structure.closing(index) + 1
        while index < token, tokens[index].word == .async || tokens[index].word == .throws || tokens[index].word == .rethrows { index += 1 }
        guard index < token, tokens[index].kind == .arrow else { return nil }
        let resultStart = index + 1
        var resultEnd = resultStart
        while resultEnd < token, tokens[resultEnd].kind != .leftBrace, tokens[resultEnd].word != .where { resultEnd += 1 }
        let written = structure.compactText(resultStart..<resultEnd)
        // An opaque or existential result (`-> some ObservableObject`) may be any model.
        guard resultEnd > resultStart, !Self.mayHoldAnyModel(written) else { return nil }
        return resolveWritten(written, from: DeclarationID(file: file, declaration: -1))
    }

    /// The keyword (`let`, `var`, `func`: `isKeyword` says which) of a declaration named `name`
    /// before `token` in the block holding it or an enclosing block, up to the body of a
    /// freestanding macro. Nil when no macro body encloses the token or no such declaration
    /// precedes it; a declaration inside an earlier block is not visible.
    func macroBodyKeyword(declaring name: String, before token: Int, file: Int, isKeyword: (Word) -> Bool) -> Int? {
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
                // `#Preview {`: the macro's body ends the search.
                if structure.freestandingMacro(openingBodyAt: index) != nil { return found }
            default:
                if found == nil, isKeyword(current.word), index + 1 < token,
                   tokens[index + 1].kind == .identifier, structure.source.tokenText(index + 1, equals: name) {
                    found = index
                }
            }
            index -= 1
        }
        return nil
    }

    /// The type of the local variable that the `let` or `var` at token `keyword` declares in a
    /// freestanding macro's body (`#Preview { @StateObject var store = Outer.Store() }`), which
    /// the declaration parser leaves unparsed: the annotation's type, else the initializer's,
    /// typed as any expression is.
    public func macroBodyLocalType(declaredAt keyword: Int, file: Int) -> ResolvedType {
        macroLocalType(at: keyword, file: file, before: types.files[file].tokens.count, trail: Trail()).type
    }

    /// The type of the local `let name …` whose keyword is at `keyword`: its annotation, else
    /// its initializer up to the end of its statement.
    func macroLocalType(at keyword: Int, file: Int, before limit: Int, trail: Trail) -> Typed {
        let structure = types.files[file]
        let tokens = structure.tokens
        let index = keyword + 2
        guard index < limit else { return .unknown }
        if tokens[index].kind == .colon {
            let typeEnd = Self.localStatementEnd(from: index + 1, before: limit, in: structure, annotation: true)
            guard typeEnd <= limit else { return .unknown }
            return resolveWritten(structure.compactText((index + 1)..<typeEnd), from: DeclarationID(file: file, declaration: -1))
        }
        guard tokens[index].kind == .equal else { return .unknown }
        let end = Self.localStatementEnd(from: index + 1, before: limit, in: structure, annotation: false)
        guard end <= limit else { return .unknown }
        return typeOf((index + 1)..<end, file: file, trail: trail)
    }

    /// Where a local's annotation (up to its `=`) or initializer that starts at `start` ends:
    /// at a `;` or a closer outside brackets (the end of the block or list holding it, as in
    /// `#Preview { @StateObject var m = M() }`), or at a line that does not continue it (an
    /// initializer goes on at a line starting with `.` or an operator, or after an operator, `=`
    /// or `,`). Past `limit` when a bracket opened before it closes after it.
    public static func localStatementEnd(from start: Int, before limit: Int, in structure: FileStructure, annotation: Bool) -> Int {
        let tokens = structure.tokens
        var index = start
        while index < limit {
            let kind = tokens[index].kind
            if kind == .semicolon || kind.isClosingBracket { break }
            if annotation {
                if kind == .equal || structure.startsLine(index) { break }
            } else if index > start, structure.startsLine(index), kind != .period, !kind.isOperator,
                      !tokens[index - 1].kind.isOperator, tokens[index - 1].kind != .equal, tokens[index - 1].kind != .comma {
                break
            }
            index = kind.isOpeningBracket ? structure.closing(index) + 1 : index + 1
        }
        return index
    }

    /// The type written for parameter `name` (its internal name) in a parameter clause.
    func parameterType(_ name: String, of declaration: Declaration, in file: FileStructure, scope: DeclarationID) -> Typed? {
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

    /// The `{` of the closure enclosing `token` that declares a parameter `name` (`{ name in`,
    /// `{ (name, x) in`), or nil. Scans outward through enclosing braces up to the body of the
    /// declaration that owns them.
    func closureDeclaring(_ name: String, at token: Int, fileIndex: Int) -> Int? {
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
                    if isDeclarationBody(index, file: file, fileIndex: fileIndex) { return nil }
                    var scan = index + 1
                    var names: [Int] = []
                    // A capture list (`[weak chat]`) names outer variables, not parameters.
                    if file.tokens[scan].kind == .leftSquare { scan = file.closing(scan) + 1 }
                    while scan < token, scan < index + 24 {
                        let scanned = file.tokens[scan]
                        if scanned.word == .in {
                            if names.contains(where: { file.source.tokenText($0, equals: name) }) { return index }
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
        return nil
    }

    /// Whether the brace at `open` opens a declaration's body or accessor block (not a closure).
    func isDeclarationBody(_ open: Int, file: FileStructure, fileIndex: Int) -> Bool {
        guard let owner = owner(file: fileIndex, token: open) else { return false }
        let declaration = file.declarations[owner]
        if declaration.body?.lowerBound == open { return true }
        return declaration.bindings.contains { $0.accessorBlock?.lowerBound == open }
    }
}
