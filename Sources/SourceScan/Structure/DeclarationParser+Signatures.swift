// What follows a declaration's name for variables (bindings, accessor and observer blocks),
// functions (signature, generic parameters, parameters) and type aliases. Split from
// DeclarationParser.swift, which holds the entry points, declaration heads, types and skipping.

extension DeclarationParser {
    // MARK: Variables

    mutating func parseBindings(_ declaration: inout Declaration, end: Int, inBody: Bool) -> Int {
        var index = declaration.keyword + 1
        while index < end {
            let nameToken = index
            var name: String?
            switch tokens[index].kind {
            case .identifier, .keyword:
                // `` static let `default` = … `` declares `default`, which `M.default` reads.
                name = source.text(index).filter { $0 != "`" }
                index += 1
            case .leftParen:
                index = closing(index) + 1
            default:
                return index
            }
            if declaration.bindings.isEmpty {
                declaration.name = name ?? sourceTextCompact(nameToken..<index)
                declaration.nameTokens = nameToken..<index
            }
            var binding = VariableBinding(name: name, nameToken: nameToken, typeAnnotation: nil, initializer: nil,
                                          accessorBlock: nil, hasObservers: false)
            if index < end, tokens[index].kind == .colon {
                let typeStart = index + 1
                index = typeStart
                while index < end {
                    let token = tokens[index]
                    if token.kind == .equal || token.kind == .comma || token.kind == .leftBrace || token.kind == .semicolon {
                        break
                    }
                    if token.kind == .rightBrace || token.kind == .rightParen || token.kind == .rightSquare { break }
                    if index > typeStart, lineStart[index], !continuesType(index) { break }
                    index = skipTypeToken(index)
                }
                binding.typeAnnotation = typeStart..<index
            }
            if index < end, tokens[index].kind == .equal {
                let expressionStart = index + 1
                index = skipExpression(from: expressionStart, end: end, stopAtComma: true, inBody: inBody,
                                       stopAtAccessorBlock: true)
                binding.initializer = expressionStart..<index
            }
            if index < end, tokens[index].kind == .leftBrace,
               binding.initializer == nil || isAccessorBlock(index) {
                let close = closing(index)
                binding.accessorBlock = index..<(close + 1)
                binding.hasObservers = isObserverBlock(index)
                index = close + 1
            }
            declaration.bindings.append(binding)
            if index < end, tokens[index].kind == .comma {
                index += 1
                continue
            }
            break
        }
        return index
    }

    /// Whether a line-start token continues a type annotation (`-> T`, `& P`, `.Inner`).
    func continuesType(_ index: Int) -> Bool {
        let token = tokens[index]
        return token.kind == .period || token.kind == .arrow
            || (token.kind.isOperator && (source.bytes[Int(token.start)] == UInt8(ascii: "&")))
    }

    /// Whether the brace at `open` holds accessors: `get`, `set`, `willSet`, `didSet`, `_modify`…
    func isAccessorBlock(_ open: Int) -> Bool {
        var index = open + 1
        while index < tokens.count, tokens[index].kind == .atSign, let attribute = parseAttribute(at: index) {
            index = attribute.tokens.upperBound
        }
        while index < tokens.count, isAccessorModifier(index) { index += 1 }
        guard index < tokens.count else { return false }
        switch tokens[index].word {
        case .get, .set, .willSet, .didSet:
            let next = tokens[index + 1].kind
            return next == .leftBrace || next == .leftParen || next == .rightBrace || tokens[index + 1].word == .async
                || tokens[index + 1].word == .throws || lineStart[index + 1]
        default:
            return tokens[index].kind == .identifier
                && (source.tokenText(index, equals: "_modify") || source.tokenText(index, equals: "_read")
                    || source.tokenText(index, equals: "unsafeAddress") || source.tokenText(index, equals: "unsafeMutableAddress")
                    || source.tokenText(index, equals: "init") || source.tokenText(index, equals: "modify")
                    || source.tokenText(index, equals: "read"))
        }
    }

    func isAccessorModifier(_ index: Int) -> Bool {
        tokens[index].word == .mutating || tokens[index].word == .nonmutating
            || tokens[index].word == .nonisolated || tokens[index].word == .private
    }

    func isObserverBlock(_ open: Int) -> Bool {
        var index = open + 1
        while index < tokens.count, tokens[index].kind == .atSign, let attribute = parseAttribute(at: index) {
            index = attribute.tokens.upperBound
        }
        return tokens[index].word == .willSet || tokens[index].word == .didSet
    }

    // MARK: Functions

    mutating func parseFunction(_ declaration: inout Declaration, end: Int) -> Int {
        var index = declaration.keyword + 1
        switch declaration.kind {
        case .function:
            let nameStart = index
            if index < end, tokens[index].kind == .identifier || tokens[index].kind == .keyword {
                index += 1
            } else {
                // An operator function: its name is the operator tokens before `(` or `<`.
                while index < end, tokens[index].kind != .leftParen, !(index > nameStart && startsWithLess(index)) {
                    index += 1
                    if index - nameStart > 3 { break }
                }
            }
            declaration.nameTokens = nameStart..<index
            declaration.name = sourceTextCompact(nameStart..<index).filter { $0 != "`" }
        case .initializer:
            declaration.name = "init"
            declaration.nameTokens = declaration.keyword..<(declaration.keyword + 1)
            if index < end, tokens[index].kind == .postfixQuestionMark || tokens[index].kind == .exclamationMark {
                index += 1
            }
        case .deinitializer:
            declaration.name = "deinit"
            declaration.nameTokens = declaration.keyword..<(declaration.keyword + 1)
        default:
            declaration.name = "subscript"
            declaration.nameTokens = declaration.keyword..<(declaration.keyword + 1)
        }
        if index < end, startsWithLess(index), let close = closingAngle(from: index) {
            declaration.genericParameters = parseGenericParameters(index, close)
            index = close + 1
        }
        if index < end, tokens[index].kind == .leftParen {
            let close = closing(index)
            declaration.parameters = index..<(close + 1)
            index = close + 1
        }
        // Effects, result type and `where`, up to the body; a requirement without a body ends at
        // the next line-start declaration.
        var resultStart: Int?
        func closeResult(_ at: Int) {
            if let start = resultStart, declaration.returnType == nil, at > start { declaration.returnType = start..<at }
            // The `where` clause runs from `where` to the body (or the end of a requirement).
            if let clause = declaration.whereClause, clause.isEmpty, at > clause.lowerBound {
                declaration.whereClause = clause.lowerBound..<at
            }
        }
        while index < end {
            let token = tokens[index]
            if token.kind == .leftBrace {
                closeResult(index)
                let close = closing(index)
                declaration.body = index..<(close + 1)
                return close + 1
            }
            if token.kind == .rightBrace || token.kind == .semicolon || (lineStart[index] && startsDeclaration(at: index)) {
                closeResult(index)
                return index
            }
            if token.kind == .arrow, resultStart == nil { resultStart = index + 1 }
            if token.word == .where, declaration.whereClause == nil {
                closeResult(index)
                declaration.whereClause = index..<index
            }
            index = skipTypeToken(index)
        }
        closeResult(index)
        return index
    }

    // MARK: Type aliases

    mutating func parseTypealias(_ declaration: inout Declaration, end: Int) -> Int {
        var index = declaration.keyword + 1
        guard index < end else { return index }
        declaration.name = source.text(index)
        declaration.nameTokens = index..<(index + 1)
        index += 1
        if index < end, startsWithLess(index), let close = closingAngle(from: index) {
            declaration.genericParameters = parseGenericParameters(index, close)
            index = close + 1
        }
        guard index < end, tokens[index].kind == .equal else { return index }
        let valueStart = index + 1
        index = valueStart
        while index < end {
            let token = tokens[index]
            if token.kind == .rightBrace || token.kind == .semicolon { break }
            if index > valueStart, lineStart[index], !continuesType(index) { break }
            index = skipTypeToken(index)
        }
        // The aliased type is kept as the single inheritance-like entry, for name resolution.
        declaration.inheritance = [InheritanceEntry(tokens: valueStart..<index,
                                                    typeName: sourceTextCompact(valueStart..<index), trailingComma: nil)]
        return index
    }
}
