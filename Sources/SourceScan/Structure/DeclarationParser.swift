/// Finds declarations in a token stream without parsing expressions.
///
/// It reads declaration headers exactly and steps over everything else by bracket depth. An
/// expression ends at a line that starts a new declaration (an attribute, a modifier followed by a
/// declaration keyword, a declaration keyword, `#if`), so an error inside one declaration is
/// contained: the next line-start declaration is found again. Inside function bodies it looks for
/// declarations only at statement starts.
struct DeclarationParser {
    let source: SourceFile
    let tokens: [Token]
    let matchingBracket: BracketPairs
    private(set) var declarations: [Declaration] = []
    /// How many `#if` blocks enclose the current position.
    private var conditionalDepth = 0
    /// Per token, whether a line break precedes it; computed once because every rule asks.
    let lineStart: [Bool]

    init(source: SourceFile, matchingBracket: BracketPairs) {
        self.source = source
        self.tokens = source.tokens
        self.matchingBracket = matchingBracket
        var lineStart = [Bool](repeating: false, count: source.tokens.count)
        source.bytes.withUnsafeBufferPointer { bytes in
            for (index, token) in source.tokens.enumerated() {
                var offset = source.leadingStart(of: index)
                let end = Int(token.start)
                while offset < end {
                    let byte = bytes[offset]
                    if byte == Byte.newline || byte == Byte.carriageReturn {
                        lineStart[index] = true
                        break
                    }
                    offset += 1
                }
            }
        }
        lineStart[0] = true
        self.lineStart = lineStart
    }

    // MARK: Entry points

    mutating func parseFile() {
        parseMembers(from: 0, to: tokens.count - 1, parent: nil)
    }

    /// Parses a declaration list (a file or a member block) in `[start, end)`.
    mutating func parseMembers(from start: Int, to end: Int, parent: Int?) {
        var index = start
        while index < end {
            let next = parseDeclarationOrSkip(at: index, end: end, parent: parent, inBody: false)
            index = max(next, index + 1)
        }
    }

    /// Scans a function or accessor body in `[start, end)` for declarations at statement starts.
    mutating func parseBody(from start: Int, to end: Int, parent: Int?) {
        var index = start
        while index < end {
            let token = tokens[index]
            // In a body, `case` belongs to `switch`, never to an enum.
            if isStatementStart(index), token.word != .case, startsDeclaration(at: index) {
                let next = parseDeclarationOrSkip(at: index, end: end, parent: parent, inBody: true)
                index = max(next, index + 1)
            } else {
                if token.kind == .poundKeyword { trackDirective(index) }
                index += 1
            }
        }
    }

    /// The braces of the body of the freestanding macro at `start` (`#Preview {`,
    /// `#Preview("Name", traits: …) {`); nil for a macro without one (`#warning("x")`).
    func freestandingMacroBody(at start: Int, end: Int) -> ClosedRange<Int>? {
        var index = start + 1
        guard index < end, tokens[index].kind == .identifier else { return nil }
        index += 1
        if index < end, tokens[index].kind == .leftParen, !lineStart[index] { index = closing(index) + 1 }
        guard index < end, tokens[index].kind == .leftBrace else { return nil }
        let close = closing(index)
        guard close > index, close < end else { return nil }
        return index...close
    }

    /// Parses the type declarations, and the `@Previewable` variables, at statement starts in
    /// `[start, end)` (a macro's body), skipping everything else. A `@Previewable` variable is
    /// state the macro hoists into the preview's view (`@Previewable @StateObject var store =
    /// Store()`): a wrapper site like a view's property. Other locals stay unparsed, so they are
    /// no declarations of the file.
    mutating func parseMacroBodyDeclarations(from start: Int, to end: Int) {
        var index = start
        while index < end {
            if isStatementStart(index), startsTypeDeclaration(at: index) || startsPreviewableVariable(at: index) {
                index = max(parseDeclarationOrSkip(at: index, end: end, parent: nil, inBody: true), index + 1)
            } else {
                index += 1
            }
        }
    }

    /// Whether a class, struct, enum or actor declaration starts at `index`, after its attributes
    /// and modifiers.
    func startsTypeDeclaration(at index: Int) -> Bool {
        var position = index
        while position < tokens.count - 1 {
            if tokens[position].kind == .atSign, let attribute = parseAttribute(at: position) {
                position = attribute.tokens.upperBound
                continue
            }
            if let kind = declarationKind(at: position) { return [.class, .struct, .enum, .actor].contains(kind) }
            guard isModifierWord(position) else { return false }
            position += 1
            if tokens[position].kind == .leftParen { position = closing(position) + 1 }
        }
        return false
    }

    /// Whether a variable declaration with a `@Previewable` attribute starts at `index`.
    func startsPreviewableVariable(at index: Int) -> Bool {
        var position = index
        var isPreviewable = false
        while position < tokens.count - 1, tokens[position].kind == .atSign, let attribute = parseAttribute(at: position) {
            if attribute.baseName == "Previewable" { isPreviewable = true }
            position = attribute.tokens.upperBound
        }
        return isPreviewable && declarationKind(at: position) == .variable
    }

    func isStatementStart(_ index: Int) -> Bool {
        switch tokens[index - 1].kind {
        case .leftBrace, .rightBrace, .semicolon: return true
        // The first statement of a `switch` clause: `case .a:` then `let context = Context()`.
        case .colon: return endsSwitchLabel(index - 1)
        // `guard let a = a,\n let b = b`: a condition continues after a comma or an operator.
        case .comma, .binaryOperator, .equal, .leftParen, .leftSquare, .arrow: return false
        default: return lineStart[index]
        }
    }

    /// Whether the `:` at `colon` ends a `switch` clause's label: a `case` or `default` that starts
    /// its line or follows `{` or `;`, on the colon's line or on lines before it that end with a
    /// comma (`case .a,\n .b:`), with no bracket left open in between (a colon inside `[k: v]`
    /// or `f(x: y)` belongs to them). The walk stops at the start of the colon's statement, so
    /// each colon costs its own line or two, whatever the length of the body.
    func endsSwitchLabel(_ colon: Int) -> Bool {
        var index = colon - 1
        while index >= 0 {
            switch tokens[index].kind {
            case .leftBrace, .semicolon, .leftParen, .leftSquare: return false
            case .rightParen, .rightSquare, .rightBrace:
                // A closure in the pattern: `case .ready where items.contains { $0 > 1 }:`.
                index = Int(matchingBracket[index]) - 1
                continue
            default:
                let word = tokens[index].word
                let opensStatement = index == 0 || lineStart[index]
                    || tokens[index - 1].kind == .leftBrace || tokens[index - 1].kind == .semicolon
                if word == .case || word == .default, opensStatement { return true }
                // `@unknown default:`
                if word == .default, index >= 2, tokens[index - 2].kind == .atSign,
                   lineStart[index - 2] || (index >= 3 && [.leftBrace, .semicolon].contains(tokens[index - 3].kind)) { return true }
                // A line that does not continue the one before it (`case .a,`) starts the statement.
                if lineStart[index], index > 0, tokens[index - 1].kind != .comma { return false }
            }
            index -= 1
        }
        return false
    }

    // MARK: One declaration

    /// Parses the declaration at `index`, or skips one statement when there is none; returns the
    /// index after what it consumed.
    mutating func parseDeclarationOrSkip(at start: Int, end: Int, parent: Int?, inBody: Bool) -> Int {
        let token = tokens[start]
        switch token.kind {
        case .semicolon:
            return start + 1
        case .poundKeyword:
            return trackDirective(start)
        case .rightBrace, .rightParen, .rightSquare:
            return start + 1
        default:
            break
        }
        var index = start
        var attributes: [Attribute] = []
        var modifiers: [Modifier] = []
        while index < end {
            if tokens[index].kind == .atSign, let attribute = parseAttribute(at: index) {
                attributes.append(attribute)
                index = attribute.tokens.upperBound
            } else if let modifier = parseModifier(at: index, end: end) {
                modifiers.append(modifier)
                index = modifier.tokens.upperBound
            } else {
                break
            }
        }
        // A freestanding macro with a body (`#Preview { struct Host: View { … } }`, after
        // attributes such as `@available(iOS 17, *)`): the types declared in it are parsed, as a
        // function body's are, so their properties are sites like any view's; its other
        // statements are not declarations of the file.
        if index < end, tokens[index].kind == .pound, let body = freestandingMacroBody(at: index, end: end) {
            parseMacroBodyDeclarations(from: body.lowerBound + 1, to: body.upperBound)
            return body.upperBound + 1
        }
        guard index < end, let kind = declarationKind(at: index) else {
            // Not a declaration: a statement at top level, an expression, or damage.
            return skipStatement(from: index == start ? start : index, end: end)
        }
        var declaration = Declaration(
            kind: kind, tokens: start..<(index + 1), attributes: attributes, modifiers: modifiers,
            keyword: index, name: "", nameTokens: (index + 1)..<(index + 1), parent: parent,
            genericParameters: [], inheritanceColon: nil, inheritance: [], whereClause: nil, body: nil,
            parameters: nil, returnType: nil, bindings: [], isConditional: conditionalDepth > 0)
        let position = declarations.count
        declarations.append(declaration)
        var after: Int
        switch kind {
        case .class, .struct, .enum, .actor, .protocol, .extension:
            after = parseTypeHeader(&declaration, end: end)
            declarations[position] = declaration
            if let body = declaration.body {
                parseMembers(from: body.lowerBound + 1, to: body.upperBound - 1, parent: position)
            }
        case .variable:
            declaration.bindingKeywordIsLet = tokens[index].word == .let
            after = parseBindings(&declaration, end: end, inBody: inBody)
            declarations[position] = declaration
            for binding in declaration.bindings {
                if let block = binding.accessorBlock {
                    parseBody(from: block.lowerBound + 1, to: block.upperBound - 1, parent: position)
                }
                // Closures in an initial value can declare types too: `let c = { class Local {} }`.
                if let initializer = binding.initializer, initializer.contains(where: { tokens[$0].kind == .leftBrace }) {
                    parseBody(from: initializer.lowerBound, to: initializer.upperBound, parent: position)
                }
            }
        case .function, .initializer, .deinitializer, .subscript:
            after = parseFunction(&declaration, end: end)
            declarations[position] = declaration
            if let body = declaration.body {
                parseBody(from: body.lowerBound + 1, to: body.upperBound - 1, parent: position)
            }
        case .import:
            after = skipToLineEnd(from: index + 1, end: end)
            declaration.name = source.text(in: nameSpan(index + 1, after))
            declaration.nameTokens = (index + 1)..<after
            declarations[position] = declaration
        case .typealias:
            after = parseTypealias(&declaration, end: end)
            declarations[position] = declaration
        default:
            after = skipExpression(from: index + 1, end: end, stopAtComma: false, inBody: inBody)
            if kind == .precedenceGroup || kind == .operator, after < end, tokens[after].kind == .leftBrace {
                after = closing(after) + 1
            }
            declaration.name = index + 1 < end ? source.text(index + 1) : ""
            declarations[position] = declaration
        }
        // Members were appended after this declaration; only its extent is still to record.
        declarations[position].tokens = start..<max(after, index + 1)
        return after
    }

    func nameSpan(_ from: Int, _ to: Int) -> Range<Int> {
        guard from < to else { return Int(tokens[from].start)..<Int(tokens[from].start) }
        return Int(tokens[from].start)..<Int(tokens[to - 1].end)
    }

    /// The declaration introduced by the keyword at `index`, if it introduces one.
    func declarationKind(at index: Int) -> DeclarationKind? {
        let token = tokens[index]
        switch token.word {
        case .class:
            return tokens[index + 1].kind == .identifier || tokens[index + 1].kind == .keyword ? .class : nil
        case .struct: return .struct
        case .enum: return .enum
        case .protocol: return .protocol
        case .extension: return .extension
        case .actor:
            return token.kind == .identifier && tokens[index + 1].kind == .identifier && !lineStart[index + 1] ? .actor : nil
        case .var, .let: return .variable
        case .func: return .function
        case .`init`: return .initializer
        case .deinit: return .deinitializer
        case .subscript: return .subscript
        case .typealias: return .typealias
        case .import: return .import
        case .case: return .enumCase
        case .associatedtype: return .associatedtype
        case .macro:
            return token.kind == .identifier && tokens[index + 1].kind == .identifier ? .macro : nil
        case .operator: return .operator
        default:
            if token.kind == .identifier, source.tokenText(index, equals: "precedencegroup") { return .precedenceGroup }
            return nil
        }
    }

    /// Whether the token at `index` begins a declaration: an attribute, a declaration keyword, or
    /// modifiers followed by one.
    func startsDeclaration(at index: Int) -> Bool {
        var position = index
        var sawModifier = false
        while position < tokens.count - 1 {
            let token = tokens[position]
            if token.kind == .atSign {
                return tokens[position + 1].kind == .identifier || tokens[position + 1].kind == .keyword
            }
            if token.kind == .poundKeyword { return !sawModifier }
            if let kind = declarationKind(at: position) {
                // `case` and `import` start declarations only at member level; in a body, `case`
                // belongs to `switch`.
                return kind != .enumCase || !sawModifier
            }
            guard isModifierWord(position) else { return false }
            sawModifier = true
            position += 1
            if tokens[position].kind == .leftParen { position = closing(position) + 1 }
        }
        return false
    }

    // MARK: Attributes and modifiers

    func parseAttribute(at index: Int) -> Attribute? {
        var position = index + 1
        guard position < tokens.count, tokens[position].kind == .identifier || tokens[position].kind == .keyword,
              tokens[index].trailingEnd == tokens[index].end else { return nil }
        var nameEnd = position + 1
        // Qualified (`@SwiftUI.State`) and generic (`@Wrapper<Int>`) names.
        while nameEnd + 1 < tokens.count, tokens[nameEnd].kind == .period,
              tokens[nameEnd + 1].kind == .identifier, !lineStart[nameEnd] {
            nameEnd += 2
        }
        if nameEnd < tokens.count, tokens[nameEnd].start == tokens[nameEnd - 1].end, startsWithLess(nameEnd),
           let close = closingAngle(from: nameEnd) {
            nameEnd = close + 1
        }
        let name = source.text(in: Int(tokens[position].start)..<Int(tokens[nameEnd - 1].end))
        position = nameEnd
        var arguments: Range<Int>?
        if position < tokens.count, tokens[position].kind == .leftParen, !lineStart[position] {
            let close = closing(position)
            arguments = position..<(close + 1)
            position = close + 1
        }
        return Attribute(tokens: index..<position, name: name, arguments: arguments)
    }

    func isModifierWord(_ index: Int) -> Bool {
        switch tokens[index].word {
        case .public, .private, .fileprivate, .internal, .open, .static, .final, .lazy, .weak, .unowned,
             .override, .mutating, .nonmutating, .convenience, .required, .dynamic, .indirect, .optional,
             .nonisolated, .prefix, .postfix, .infix, .consuming, .borrowing, .package:
            return true
        case .class:
            // `class var`, `class func`: a modifier when a declaration keyword or modifier follows.
            let next = index + 1
            return next < tokens.count && (declarationKind(at: next) != nil || isModifierWord(next))
        default:
            return tokens[index].kind == .identifier && source.tokenText(index, equals: "distributed")
        }
    }

    func parseModifier(at index: Int, end: Int) -> Modifier? {
        guard index < end, isModifierWord(index) else { return nil }
        // A modifier word that is really a name (`var open = 1` never reaches here; `open(x)` as a
        // call at top level does): require a declaration to follow.
        var next = index + 1
        var detail: String?
        if next < end, tokens[next].kind == .leftParen, !lineStart[next] {
            let close = closing(next)
            detail = close > next + 1 ? sourceTextCompact((next + 1)..<close) : ""
            next = close + 1
        }
        guard next < end, startsDeclaration(at: next) || tokens[next].kind == .atSign else { return nil }
        return Modifier(tokens: index..<next, word: tokens[index].word, detail: detail)
    }

    // MARK: Types

    /// Reads name, generic parameters, inheritance, `where` and the member block.
    mutating func parseTypeHeader(_ declaration: inout Declaration, end: Int) -> Int {
        var index = declaration.keyword + 1
        guard index < end else { return index }
        let nameStart = index
        if declaration.kind == .extension {
            // The extended type: `A.B`, `Array<Int>`, `[Int]`, `A<B>.C`.
            index = skipTypeUntilClauseEnd(from: index, end: end)
        } else if tokens[index].kind == .identifier || tokens[index].kind == .keyword {
            index += 1
        }
        declaration.nameTokens = nameStart..<index
        // `` class `Escaped` `` declares `Escaped`.
        declaration.name = sourceTextCompact(nameStart..<index).filter { $0 != "`" }
        if declaration.kind != .extension, index < end, startsWithLess(index), let close = closingAngle(from: index) {
            declaration.genericParameters = parseGenericParameters(index, close)
            index = close + 1
        }
        // Primary associated types on protocols: `protocol P<Element>`; same shape, skipped above.
        if index < end, tokens[index].kind == .colon {
            declaration.inheritanceColon = index
            index += 1
            var entryStart = index
            while index < end {
                let token = tokens[index]
                if token.kind == .leftBrace || token.word == .where { break }
                if lineStart[index], index > entryStart, startsDeclaration(at: index) { break }
                if token.kind == .comma {
                    appendEntry(&declaration, entryStart..<index, comma: index)
                    index += 1
                    entryStart = index
                    continue
                }
                index = skipTypeToken(index)
            }
            if index > entryStart { appendEntry(&declaration, entryStart..<index, comma: nil) }
        }
        if index < end, tokens[index].word == .where {
            let whereStart = index
            while index < end, tokens[index].kind != .leftBrace {
                if lineStart[index], index > whereStart + 1, startsDeclaration(at: index) { break }
                index = skipTypeToken(index)
            }
            declaration.whereClause = whereStart..<index
        }
        if index < end, tokens[index].kind == .leftBrace {
            let close = closing(index)
            declaration.body = index..<(close + 1)
            return close + 1
        }
        return index
    }

    func appendEntry(_ declaration: inout Declaration, _ range: Range<Int>, comma: Int?) {
        guard !range.isEmpty else { return }
        declaration.inheritance.append(
            InheritanceEntry(tokens: range, typeName: sourceTextCompact(range), trailingComma: comma))
    }

    /// Steps over one token of a type, jumping over brackets and generic argument lists.
    func skipTypeToken(_ index: Int) -> Int {
        switch tokens[index].kind {
        case .leftParen, .leftSquare, .leftBrace:
            return closing(index) + 1
        default:
            if startsWithLess(index), let close = closingAngle(from: index) { return close + 1 }
            return index + 1
        }
    }

    /// The end of an extension's type name: stops at `:`, `where`, `{`.
    func skipTypeUntilClauseEnd(from start: Int, end: Int) -> Int {
        var index = start
        while index < end {
            let token = tokens[index]
            if token.kind == .colon || token.kind == .leftBrace || token.word == .where { break }
            if index > start, lineStart[index], startsDeclaration(at: index) { break }
            index = skipTypeToken(index)
        }
        return index
    }

    func parseGenericParameters(_ open: Int, _ close: Int) -> [GenericParameter] {
        var parameters: [GenericParameter] = []
        var index = open + 1
        var start = index
        func flush(_ endIndex: Int) {
            guard start < endIndex else { return }
            var nameIndex = start
            // `each T`, `let N: Int` (value generics).
            while nameIndex + 1 < endIndex, tokens[nameIndex].word == .each || tokens[nameIndex].word == .let {
                nameIndex += 1
            }
            var constraint: String?
            if let colon = (nameIndex..<endIndex).first(where: { tokens[$0].kind == .colon }) {
                constraint = sourceTextCompact((colon + 1)..<endIndex)
            }
            parameters.append(GenericParameter(name: source.text(nameIndex), constraint: constraint, tokens: start..<endIndex))
        }
        while index < close {
            if tokens[index].kind == .comma {
                flush(index)
                start = index + 1
                index += 1
            } else {
                index = skipTypeToken(index)
            }
        }
        flush(min(index, close))
        return parameters
    }

    /// Whether the token is an operator whose text starts with `<` (`<`, `<<`, `<(` never lexes so).
    func startsWithLess(_ index: Int) -> Bool {
        tokens[index].kind.isOperator && source.bytes[Int(tokens[index].start)] == UInt8(ascii: "<")
    }

    /// The index of the token holding the `>` that closes the `<` at `open`; nil when it is not
    /// a generic list.
    func closingAngle(from open: Int) -> Int? {
        AngleBrackets.closing(from: open, tokens: tokens, bytes: source.bytes, limit: open + 400, closing: closing)
    }

    // MARK: Skipping

    /// The end of the expression starting at `start`: the first token at bracket depth zero that
    /// is `;`, a closer, a `,` (when asked), or a line-start token that begins a declaration or,
    /// inside a body, a new statement.
    func skipExpression(from start: Int, end: Int, stopAtComma: Bool, inBody: Bool,
                                stopAtAccessorBlock: Bool = false) -> Int {
        var index = start
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .semicolon, .rightBrace, .rightParen, .rightSquare:
                return index
            case .comma where stopAtComma:
                return index
            case .leftParen, .leftSquare:
                index = closing(index) + 1
                continue
            case _ where stopAtComma && token.kind.isOperator:
                // `Subject<Int, Never>(0)`: a generic argument list's comma is no separator.
                if let close = genericArgumentsClose(at: index, start: start, end: end) {
                    index = close + 1
                    continue
                }
            case .leftBrace:
                if stopAtAccessorBlock, index > start, isAccessorBlock(index) { return index }
                index = closing(index) + 1
                continue
            default:
                break
            }
            if index > start, lineStart[index] {
                if token.kind == .poundKeyword || startsDeclaration(at: index) { return index }
                // A freestanding macro (`#Preview { … }`, `#warning(…)`) starting a line begins a
                // new declaration or statement at any level, not an operand of the line before.
                if inBody || token.kind == .pound, !continuesExpression(at: index) { return index }
            }
            index += 1
        }
        return index
    }

    /// The token closing the generic argument list opened at `index` inside an expression
    /// (`Box<A, B>(…)`, `x as? Box<A, B>`; `AngleBrackets.expressionListClose`), whose comma
    /// separates no bindings; nil for anything a comparison could be (`a < b, c > d`).
    func genericArgumentsClose(at index: Int, start: Int, end: Int) -> Int? {
        AngleBrackets.expressionListClose(at: index, start: start, end: end, tokens: tokens, bytes: source.bytes,
                                          closing: closing)
    }

    /// Whether a line-start token continues the previous line's expression.
    func continuesExpression(at index: Int) -> Bool {
        StatementBoundary.continuesExpression(at: index, in: tokens)
    }

    /// Skips a statement that is not a declaration (top-level code, or damage).
    func skipStatement(from start: Int, end: Int) -> Int {
        var index = start
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .leftParen, .leftSquare, .leftBrace:
                index = closing(index) + 1
                continue
            case .semicolon, .rightBrace, .rightParen, .rightSquare:
                return index + 1
            default:
                break
            }
            if index > start, lineStart[index], token.kind == .poundKeyword || startsDeclaration(at: index) {
                return index
            }
            index += 1
        }
        return index
    }

    func skipToLineEnd(from start: Int, end: Int) -> Int {
        var index = start
        while index < end, !lineStart[index], tokens[index].kind != .semicolon { index += 1 }
        return index
    }

    /// `#if`, `#elseif`, `#else`, `#endif` are transparent to declarations: members in every branch
    /// are recorded, each marked conditional. The condition runs to the end of its line.
    @discardableResult
    mutating func trackDirective(_ index: Int) -> Int {
        let text = source.text(index)
        switch text {
        case "#if":
            conditionalDepth += 1
        case "#endif":
            conditionalDepth = max(0, conditionalDepth - 1)
        default:
            break
        }
        if text == "#if" || text == "#elseif" || text == "#sourceLocation" {
            var next = index + 1
            while next < tokens.count - 1, !lineStart[next] {
                if tokens[next].kind == .leftParen { next = closing(next) } else if tokens[next].kind == .leftBrace { break }
                next += 1
            }
            return next
        }
        return index + 1
    }

    // MARK: Helpers

    /// The partner of the bracket at `index`. An unmatched `{` runs to the last real token (an
    /// unclosed body holds the rest of the file); an unmatched `(` or `[` closes at once, so a
    /// broken parameter list costs nothing after it.
    func closing(_ index: Int) -> Int {
        let partner = Int(matchingBracket[index])
        if partner >= 0 { return partner }
        return tokens[index].kind == .leftBrace ? max(index, tokens.count - 2) : index
    }

    func sourceTextCompact(_ range: Range<Int>) -> String {
        CompactText.of(range, in: source)
    }
}
