/// Splits Swift source bytes into tokens with trivia, losslessly and without ever failing.
///
/// Boundaries follow the compiler's lexer (swift-syntax's `Lexer.Cursor`): trailing trivia runs
/// to the end of the line, operators split on `.` and before `//`/`/*`, a left-bound `?`/`!` is
/// its own token, and `/` starts a regex literal only where the compiler's heuristics allow.
/// Where the compiler would report an error the lexer marks the token `isMalformed` and moves on.
public enum Lexer {
    /// Tokenizes `bytes`; the result always ends with an `.endOfFile` token.
    public static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            return [Token(kind: .endOfFile, leadingStart: 0, start: 0, end: 0, trailingEnd: 0)]
        }
        var cursor = LexerCursor(base: base, count: bytes.count)
        cursor.run()
        return cursor.tokens
    }

    /// Tokenizes a byte array.
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        bytes.withUnsafeBufferPointer { tokenize($0) }
    }

    /// Tokenizes the UTF-8 of a string.
    public static func tokenize(_ text: String) -> [Token] {
        tokenize(Array(text.utf8))
    }
}

// ASCII bytes the lexer switches on, named so the code reads like the grammar.
private enum Byte {
    static let tab: UInt8 = 0x09, newline: UInt8 = 0x0A, verticalTab: UInt8 = 0x0B
    static let formFeed: UInt8 = 0x0C, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20
    static let bang: UInt8 = 0x21, quote: UInt8 = 0x22, pound: UInt8 = 0x23, dollar: UInt8 = 0x24
    static let apostrophe: UInt8 = 0x27, leftParen: UInt8 = 0x28, rightParen: UInt8 = 0x29
    static let star: UInt8 = 0x2A, plus: UInt8 = 0x2B, comma: UInt8 = 0x2C, minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E, slash: UInt8 = 0x2F, zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A, semicolon: UInt8 = 0x3B, less: UInt8 = 0x3C, equal: UInt8 = 0x3D
    static let greater: UInt8 = 0x3E, question: UInt8 = 0x3F, at: UInt8 = 0x40
    static let leftSquare: UInt8 = 0x5B, backslash: UInt8 = 0x5C, rightSquare: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F, backtick: UInt8 = 0x60, leftBrace: UInt8 = 0x7B
    static let rightBrace: UInt8 = 0x7D
}

/// ASCII character classes as a 256-entry table, so the hot loops test one load and one mask.
private enum CharClass {
    static let identifierStart: UInt8 = 1
    static let identifierContinue: UInt8 = 2
    static let operatorChar: UInt8 = 4
    static let digit: UInt8 = 8
    static let hexDigit: UInt8 = 16

    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] |= identifierStart | identifierContinue }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] |= identifierStart | identifierContinue }
        table[Int(Byte.underscore)] |= identifierStart | identifierContinue
        table[Int(Byte.dollar)] |= identifierContinue
        for byte in Byte.zero...Byte.nine { table[Int(byte)] |= identifierContinue | digit | hexDigit }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "f") { table[Int(byte)] |= hexDigit }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "F") { table[Int(byte)] |= hexDigit }
        for character in "/=-+!*%<>&|^~?." { table[Int(character.asciiValue!)] |= operatorChar }
        return table
    }()

    /// The table at a fixed address for the process's lifetime, so the lexer reads it unchecked.
    nonisolated(unsafe) static let pointer: UnsafePointer<UInt8> = {
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        storage.initialize(from: table, count: 256)
        return UnsafePointer(storage)
    }()
}

/// The lexer's state over one buffer. A struct with a pointer and an offset: no allocation per
/// byte, one append per token.
struct LexerCursor {
    let base: UnsafePointer<UInt8>
    let count: Int
    var position = 0
    var tokens: [Token] = []
    private let classes: UnsafePointer<UInt8>
    private let words = WordTable.shared

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        self.classes = CharClass.pointer
        tokens.reserveCapacity(count / 5 + 16)
    }

    // MARK: Reading

    /// The byte at `offset`, or 0 past the end: lookahead never needs a bounds check of its own.
    @inline(__always) func peek(_ offset: Int) -> UInt8 {
        offset < count && offset >= 0 ? base[offset] : 0
    }

    @inline(__always) func has(_ offset: Int, _ flag: UInt8) -> Bool {
        offset < count && classes[Int(base[offset])] & flag != 0
    }

    // MARK: Driver

    mutating func run() {
        var leadingStart = 0
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
        let startOfText = position
        while true {
            skipTrivia(acrossLines: true)
            let start = position
            if position >= count {
                tokens.append(Token(kind: .endOfFile, leadingStart: Int32(leadingStart), start: Int32(start),
                                    end: Int32(start), trailingEnd: Int32(count)))
                return
            }
            var token = Token(kind: .unknown, leadingStart: Int32(leadingStart), start: Int32(start),
                              end: 0, trailingEnd: 0)
            if start == startOfText, peek(start) == Byte.pound, peek(start + 1) == Byte.bang {
                position = endOfLine(from: start)
                token.kind = .shebang
            } else {
                lexToken(&token)
            }
            if position == start { position += 1 }  // A token always consumes at least one byte.
            token.end = Int32(position)
            skipTrivia(acrossLines: false)
            token.trailingEnd = Int32(position)
            tokens.append(token)
            leadingStart = position
        }
    }

    // MARK: Trivia

    /// Skips whitespace and comments; without `acrossLines` it stops before a line break, which is
    /// where a token's trailing trivia ends and the next token's leading trivia begins.
    mutating func skipTrivia(acrossLines: Bool) {
        while position < count {
            let byte = base[position]
            switch byte {
            case Byte.space, Byte.tab, Byte.verticalTab, Byte.formFeed, 0:
                position += 1
            case Byte.newline, Byte.carriageReturn:
                guard acrossLines else { return }
                position += 1
            case Byte.slash:
                let next = peek(position + 1)
                if next == Byte.slash {
                    position = endOfLine(from: position)
                } else if next == Byte.star {
                    position = endOfBlockComment(from: position)
                } else {
                    return
                }
            case 0xC2 where peek(position + 1) == 0xA0:  // No-break space.
                position += 2
            default:
                return
            }
        }
    }

    /// The offset of the next line break at or after `offset`, or the end of the buffer.
    func endOfLine(from offset: Int) -> Int {
        var index = offset
        while index < count {
            let byte = base[index]
            if byte == Byte.newline || byte == Byte.carriageReturn { return index }
            index += 1
        }
        return count
    }

    /// The offset after the `*/` that closes the (nested) block comment at `offset`.
    func endOfBlockComment(from offset: Int) -> Int {
        var depth = 0
        var index = offset
        while index < count {
            let byte = base[index]
            if byte == Byte.slash, peek(index + 1) == Byte.star {
                depth += 1
                index += 2
            } else if byte == Byte.star, peek(index + 1) == Byte.slash {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return count
    }

    // MARK: Tokens

    mutating func lexToken(_ token: inout Token) {
        let byte = base[position]
        switch byte {
        case Byte.at: single(&token, .atSign)
        case Byte.leftBrace: single(&token, .leftBrace)
        case Byte.rightBrace: single(&token, .rightBrace)
        case Byte.leftParen: single(&token, .leftParen)
        case Byte.rightParen: single(&token, .rightParen)
        case Byte.leftSquare: single(&token, .leftSquare)
        case Byte.rightSquare: single(&token, .rightSquare)
        case Byte.comma: single(&token, .comma)
        case Byte.semicolon: single(&token, .semicolon)
        case Byte.backslash: single(&token, .backslash)
        case Byte.colon:
            if peek(position + 1) == Byte.colon {
                position += 2
                token.kind = .colonColon
            } else {
                single(&token, .colon)
            }
        case Byte.pound:
            lexPound(&token)
        case Byte.bang, Byte.question:
            if isLeftBound(position) {
                single(&token, byte == Byte.bang ? .exclamationMark : .postfixQuestionMark)
            } else {
                lexOperator(&token)
            }
        case Byte.less where peek(position + 1) == Byte.pound:
            if !lexEditorPlaceholder(&token) { lexOperator(&token) }
        case Byte.dollar:
            lexDollar(&token)
        case Byte.quote, Byte.apostrophe:
            lexString(&token, pounds: 0)
        case Byte.backtick:
            lexBacktickIdentifier(&token)
        default:
            let flags = classes[Int(byte)]
            if flags & CharClass.digit != 0 {
                lexNumber(&token)
            } else if flags & CharClass.identifierStart != 0 {
                lexIdentifier(&token)
            } else if flags & CharClass.operatorChar != 0 {
                lexOperator(&token)
            } else if byte >= 0x80 {
                lexNonASCII(&token)
            } else {
                single(&token, .unknown)
            }
        }
    }

    @inline(__always) mutating func single(_ token: inout Token, _ kind: TokenKind) {
        position += 1
        token.kind = kind
    }

    // MARK: Identifiers

    mutating func lexIdentifier(_ token: inout Token) {
        let start = position
        position = endOfIdentifier(from: position)
        token.kind = .identifier
        token.word = words.word(base + start, position - start)
        if token.word.isReservedKeyword { token.kind = .keyword }
    }

    /// The end of the run of identifier-continuation characters starting at `offset`.
    func endOfIdentifier(from offset: Int) -> Int {
        var index = offset
        while index < count {
            let byte = base[index]
            if classes[Int(byte)] & CharClass.identifierContinue != 0 {
                index += 1
            } else if byte >= 0x80, let scalar = decodeScalar(at: index),
                      ScalarClass.isIdentifierContinuation(scalar.value) {
                index += scalar.length
            } else {
                break
            }
        }
        return index
    }

    mutating func lexDollar(_ token: inout Token) {
        position = endOfIdentifier(from: position + 1)
        token.kind = position - Int(token.start) > 1 ? .dollarIdentifier : .identifier
    }

    mutating func lexBacktickIdentifier(_ token: inout Token) {
        var index = position + 1
        while index < count {
            let byte = base[index]
            if byte == Byte.backtick {
                if index > position + 1 {
                    position = index + 1
                    token.kind = .identifier
                    token.word = .none
                    return
                }
                break
            }
            if byte == Byte.newline || byte == Byte.carriageReturn { break }
            index += 1
        }
        single(&token, .unknown)
    }

    /// `<#name#>`, an editor placeholder, lexes as an identifier as the compiler does.
    mutating func lexEditorPlaceholder(_ token: inout Token) -> Bool {
        var index = position + 2
        while index + 1 < count {
            let byte = base[index]
            if byte == Byte.newline || byte == Byte.carriageReturn { return false }
            if byte == Byte.pound, base[index + 1] == Byte.greater {
                position = index + 2
                token.kind = .identifier
                return true
            }
            if byte == Byte.less, base[index + 1] == Byte.pound { return false }
            index += 1
        }
        return false
    }

    mutating func lexNonASCII(_ token: inout Token) {
        guard let scalar = decodeScalar(at: position) else {
            // Keep a maximal run of bytes that do not decode together, so one bad region is one token.
            position += 1
            while position < count, base[position] >= 0x80, decodeScalar(at: position) == nil { position += 1 }
            token.kind = .unknown
            token.isMalformed = true
            return
        }
        if ScalarClass.isOperatorStart(scalar.value) {
            lexOperator(&token)
        } else if ScalarClass.isIdentifierStart(scalar.value) {
            position += scalar.length
            position = endOfIdentifier(from: position)
            token.kind = .identifier
        } else {
            position += scalar.length
            token.kind = .unknown
        }
    }

    /// Decodes the UTF-8 scalar at `offset`, rejecting overlong forms and surrogates.
    func decodeScalar(at offset: Int) -> (value: UInt32, length: Int)? {
        let lead = UInt32(base[offset])
        func continuation(_ index: Int) -> UInt32? {
            let byte = peek(offset + index)
            return byte & 0xC0 == 0x80 ? UInt32(byte & 0x3F) : nil
        }
        switch lead {
        case 0xC2...0xDF:
            guard let second = continuation(1) else { return nil }
            return ((lead & 0x1F) << 6 | second, 2)
        case 0xE0...0xEF:
            guard let second = continuation(1), let third = continuation(2) else { return nil }
            let value = (lead & 0x0F) << 12 | second << 6 | third
            guard value >= 0x800, !(0xD800...0xDFFF).contains(value) else { return nil }
            return (value, 3)
        case 0xF0...0xF4:
            guard let second = continuation(1), let third = continuation(2), let fourth = continuation(3)
            else { return nil }
            let value = (lead & 0x07) << 18 | second << 12 | third << 6 | fourth
            guard (0x10000...0x10FFFF).contains(value) else { return nil }
            return (value, 4)
        default:
            return nil
        }
    }

    // MARK: Pound

    mutating func lexPound(_ token: inout Token) {
        var pounds = 0
        while peek(position + pounds) == Byte.pound { pounds += 1 }
        let after = peek(position + pounds)
        if after == Byte.quote || after == Byte.apostrophe {
            lexString(&token, pounds: pounds)
            return
        }
        if after == Byte.slash, let end = scanRegex(at: position, mustBeRegex: true) {
            position = end.offset
            token.kind = .regexLiteral
            token.isMalformed = end.malformed
            return
        }
        var index = position + 1
        while index < count, classes[Int(base[index])] & CharClass.identifierStart != 0 { index += 1 }
        switch String(decoding: UnsafeBufferPointer(start: base + position + 1, count: index - position - 1),
                      as: UTF8.self) {
        case "if", "else", "elseif", "endif", "sourceLocation", "available", "unavailable", "_hasSymbol":
            position = index
            token.kind = .poundKeyword
        default:
            single(&token, .pound)
        }
    }

    // MARK: Numbers

    mutating func lexNumber(_ token: inout Token) {
        let start = position
        token.kind = .integerLiteral
        let second = peek(start + 1)
        if base[start] == Byte.zero, second == UInt8(ascii: "x") {
            position = start + 2
            skipDigits(CharClass.hexDigit)
            if peek(position) == Byte.dot, has(position + 1, CharClass.hexDigit), !previousIsPeriod {
                var index = position + 1
                while index < count, classes[Int(base[index])] & CharClass.hexDigit != 0 || base[index] == Byte.underscore {
                    index += 1
                }
                if peek(index) == UInt8(ascii: "p") || peek(index) == UInt8(ascii: "P") { position = index }
            }
            if peek(position) == UInt8(ascii: "p") || peek(position) == UInt8(ascii: "P") {
                token.kind = .floatLiteral
                position += 1
                if peek(position) == Byte.plus || peek(position) == Byte.minus { position += 1 }
                skipDigits(CharClass.digit)
            }
        } else if base[start] == Byte.zero, second == UInt8(ascii: "o") || second == UInt8(ascii: "b") {
            position = start + 2
            skipDigits(CharClass.digit)
        } else {
            skipDigits(CharClass.digit)
            if peek(position) == Byte.dot, has(position + 1, CharClass.digit), !previousIsPeriod {
                token.kind = .floatLiteral
                position += 1
                skipDigits(CharClass.digit)
            }
            let exponent = peek(position)
            if exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
                var index = position + 1
                if peek(index) == Byte.plus || peek(index) == Byte.minus { index += 1 }
                if has(index, CharClass.digit) {
                    token.kind = .floatLiteral
                    position = index
                    skipDigits(CharClass.digit)
                }
            }
        }
        // Letters glued to a number (`1st`, `0xZ`) belong to it, as an invalid literal.
        let end = endOfIdentifier(from: position)
        if end > position {
            position = end
            token.isMalformed = true
        }
    }

    @inline(__always) mutating func skipDigits(_ flag: UInt8) {
        while position < count, classes[Int(base[position])] & flag != 0 || base[position] == Byte.underscore {
            position += 1
        }
    }

    /// Tuple member access `t.0.1` lexes as integers, not as the float `0.1`.
    var previousIsPeriod: Bool { tokens.last?.kind == .period && tokens.last!.trailingEnd == tokens.last!.end }

    // MARK: Strings

    /// Lexes a whole string literal whose opening `#` delimiters (if any) start at `position`.
    mutating func lexString(_ token: inout Token, pounds: Int) {
        token.kind = .stringLiteral
        let (end, complete) = scanString(from: position, pounds: pounds)
        position = end
        token.isMalformed = !complete
    }

    /// Scans a string literal from its first `#` or quote; returns where it ends and whether it
    /// was closed. A single-line string stops before a line break; a multi-line one at end of file.
    func scanString(from offset: Int, pounds: Int) -> (end: Int, complete: Bool) {
        var index = offset + pounds
        let quote = base[index]
        let multiline = quote == Byte.quote && peek(index + 1) == Byte.quote && peek(index + 2) == Byte.quote
        index += multiline ? 3 : 1
        while index < count {
            let byte = base[index]
            if byte == Byte.backslash, hasPounds(pounds, at: index + 1) {
                index += 1 + pounds
                let escaped = peek(index)
                if escaped == Byte.leftParen {
                    let (end, closed) = scanInterpolation(from: index + 1, multiline: multiline)
                    index = end
                    if !closed { return (index, false) }
                } else if escaped == Byte.newline || escaped == Byte.carriageReturn {
                    if !multiline { return (index, false) }
                    index += 1
                } else if index < count {
                    index += 1
                }
            } else if byte == quote {
                if multiline {
                    if peek(index + 1) == Byte.quote, peek(index + 2) == Byte.quote, hasPounds(pounds, at: index + 3) {
                        return (index + 3 + pounds, true)
                    }
                    index += 1
                } else if hasPounds(pounds, at: index + 1) {
                    return (index + 1 + pounds, true)
                } else {
                    index += 1
                }
            } else if byte == Byte.newline || byte == Byte.carriageReturn {
                if !multiline { return (index, false) }
                index += 1
            } else {
                index += 1
            }
        }
        return (count, false)
    }

    @inline(__always) func hasPounds(_ pounds: Int, at offset: Int) -> Bool {
        var index = 0
        while index < pounds {
            if peek(offset + index) != Byte.pound { return false }
            index += 1
        }
        return true
    }

    /// Scans the expression inside `\( … )` to its closing parenthesis, stepping over nested
    /// strings and comments; returns the offset after `)` and whether it was found.
    func scanInterpolation(from offset: Int, multiline: Bool) -> (end: Int, closed: Bool) {
        var depth = 1
        var index = offset
        while index < count {
            let byte = base[index]
            switch byte {
            case Byte.leftParen:
                depth += 1
                index += 1
            case Byte.rightParen:
                depth -= 1
                index += 1
                if depth == 0 { return (index, true) }
            case Byte.quote:
                let (end, complete) = scanString(from: index, pounds: 0)
                if !complete { return (end, false) }
                index = end
            case Byte.pound:
                var pounds = 0
                while peek(index + pounds) == Byte.pound { pounds += 1 }
                if peek(index + pounds) == Byte.quote {
                    let (end, complete) = scanString(from: index, pounds: pounds)
                    if !complete { return (end, false) }
                    index = end
                } else {
                    index += pounds
                }
            case Byte.slash where peek(index + 1) == Byte.slash:
                index = endOfLine(from: index)
            case Byte.slash where peek(index + 1) == Byte.star:
                index = endOfBlockComment(from: index)
            case Byte.newline, Byte.carriageReturn:
                if !multiline { return (index, false) }
                index += 1
            default:
                index += 1
            }
        }
        return (count, false)
    }

    // MARK: Operators

    /// Whether the character before `offset` binds it on the left, as the compiler decides for
    /// prefix, postfix and binary operators.
    func isLeftBound(_ offset: Int) -> Bool {
        guard offset > 0 else { return false }
        switch base[offset - 1] {
        case Byte.space, Byte.carriageReturn, Byte.newline, Byte.tab, Byte.leftParen, Byte.leftSquare,
             Byte.leftBrace, Byte.comma, Byte.semicolon, Byte.colon, 0:
            return false
        case Byte.slash:
            return !(offset >= 2 && base[offset - 2] == Byte.star)
        case 0xA0:
            return !(offset >= 2 && base[offset - 2] == 0xC2)
        default:
            return true
        }
    }

    /// Whether the character at `offset` (just after an operator) binds it on the right.
    func isRightBound(_ offset: Int, leftBound: Bool) -> Bool {
        guard offset < count else { return false }
        switch base[offset] {
        case Byte.space, Byte.carriageReturn, Byte.newline, Byte.tab, Byte.rightParen, Byte.rightSquare,
             Byte.rightBrace, Byte.comma, Byte.semicolon, Byte.colon, 0:
            return false
        case Byte.dot:
            return !leftBound
        case Byte.slash:
            let next = peek(offset + 1)
            return !(next == Byte.slash || next == Byte.star)
        case 0xC2:
            return peek(offset + 1) != 0xA0
        default:
            return true
        }
    }

    /// The length of the operator character at `offset`, or 0 when it does not continue an operator.
    func operatorCharacterLength(at offset: Int) -> Int {
        let byte = base[offset]
        if byte < 0x80 { return classes[Int(byte)] & CharClass.operatorChar != 0 ? 1 : 0 }
        guard let scalar = decodeScalar(at: offset), ScalarClass.isOperatorContinuation(scalar.value) else { return 0 }
        return scalar.length
    }

    mutating func lexOperator(_ token: inout Token) {
        let start = position
        let startsWithDot = base[start] == Byte.dot
        var end = start + max(1, operatorCharacterLength(at: start))
        while end < count {
            if base[end] == Byte.dot && !startsWithDot { break }
            let length = operatorCharacterLength(at: end)
            if length == 0 { break }
            end += length
        }
        // A `/` inside the operator may open a regex literal.
        var scan = start
        while scan < end {
            if base[scan] == Byte.slash {
                if let regex = scanOperatorAsRegex(slash: scan, operatorStart: start, operatorEnd: end) {
                    if scan > start {
                        position = scan
                        token.kind = classifyOperator(start: start, end: scan)
                    } else {
                        position = regex.offset
                        token.kind = .regexLiteral
                        token.isMalformed = regex.malformed
                    }
                    return
                }
                break
            }
            scan += 1
        }
        // `//` or `/*` inside an operator starts a comment.
        if end - start > 2 {
            var index = start + 1
            while index < end {
                if base[index] == Byte.slash, peek(index + 1) == Byte.slash || peek(index + 1) == Byte.star {
                    end = index
                    break
                }
                index += 1
            }
        }
        position = end
        token.kind = classifyOperator(start: start, end: end)
    }

    func classifyOperator(start: Int, end: Int) -> TokenKind {
        let leftBound = isLeftBound(start)
        let rightBound = isRightBound(end, leftBound: leftBound)
        if end - start == 1 {
            switch base[start] {
            case Byte.equal: return .equal
            case UInt8(ascii: "&") where !leftBound && rightBound: return .prefixAmpersand
            case Byte.dot: return .period
            case Byte.question: return leftBound ? .postfixQuestionMark : .infixQuestionMark
            default: break
            }
        } else if end - start == 2, base[start] == Byte.minus, base[start + 1] == Byte.greater {
            return .arrow
        }
        if leftBound == rightBound { return .binaryOperator }
        return leftBound ? .postfixOperator : .prefixOperator
    }

    // MARK: Regex literals

    /// Whether the previous token lets an expression start here, the compiler's test for whether
    /// a `/` may open a regex literal rather than continue a binary expression.
    var isInRegexLiteralPosition: Bool {
        guard let previous = tokens.last else { return true }
        switch previous.kind {
        case .leftBrace, .leftParen, .leftSquare, .prefixOperator, .prefixAmpersand, .binaryOperator, .equal,
             .semicolon, .comma, .colon, .infixQuestionMark, .unknown:
            return true
        case .keyword:
            switch previous.word {
            case .true, .false, .Any, .nil, .self, .Self, .super: return false
            default: return true
            }
        case .poundKeyword:
            let word = String(decoding: UnsafeBufferPointer(start: base + Int(previous.start) + 1,
                                                            count: Int(previous.end - previous.start) - 1), as: UTF8.self)
            return ["if", "else", "elseif", "endif"].contains(word)
        default:
            return false
        }
    }

    /// Decides, as the compiler does, whether the `/` at `slash` inside an operator opens a regex.
    func scanOperatorAsRegex(slash: Int, operatorStart: Int, operatorEnd: Int) -> (offset: Int, malformed: Bool)? {
        let leftBound = isLeftBound(operatorStart)
        let rightBound = isRightBound(operatorEnd, leftBound: leftBound)
        guard !leftBound else { return nil }
        if let previous = tokens.last, previous.word == .func || previous.word == .operator { return nil }
        var mustBeRegex = false
        if leftBound == rightBound {
            if !isInRegexLiteralPosition { return nil }
            switch tokens.last?.kind {
            case .leftParen?, .leftSquare?, .comma?, .colon?, .colonColon?: break
            default: mustBeRegex = true
            }
        }
        return scanRegex(at: slash, mustBeRegex: mustBeRegex)
    }

    /// Scans a regex literal whose `#` delimiters or `/` start at `offset`; nil when it is not one.
    func scanRegex(at offset: Int, mustBeRegex: Bool) -> (offset: Int, malformed: Bool)? {
        var index = offset
        var pounds = 0
        while peek(index) == Byte.pound {
            pounds += 1
            index += 1
        }
        guard peek(index) == Byte.slash else { return nil }
        let openSlash = index
        index += 1
        var malformed = false
        if pounds == 0 {
            let next = peek(index)
            if next == Byte.space || next == Byte.tab {
                if !mustBeRegex { return nil }
                malformed = true
            } else if next == Byte.star || next == Byte.slash {
                return nil
            }
            if openSlash > 0, base[openSlash - 1] == Byte.star { return nil }
        }
        var firstNewline: Int?
        var multiline = false
        if pounds > 0 {
            var scan = index
            while peek(scan) == Byte.space || peek(scan) == Byte.tab { scan += 1 }
            if peek(scan) == Byte.newline || peek(scan) == Byte.carriageReturn {
                multiline = true
                firstNewline = scan
                index = scan
            }
        }
        var groupDepth = 0
        var classDepth = 0
        var lastSpace = -2
        func unterminated(at end: Int) -> (offset: Int, malformed: Bool)? {
            mustBeRegex ? (end, true) : nil
        }
        while true {
            // The closing delimiter.
            if peek(index) == Byte.slash, index < count {
                var close = index + 1
                var closePounds = 0
                if pounds > 0 {
                    while peek(close) == Byte.pound {
                        closePounds += 1
                        close += 1
                    }
                }
                if closePounds >= pounds {
                    if pounds == 0 {
                        let after = peek(close)
                        if close < count, after == Byte.star || after == Byte.slash { return unterminated(at: index) }
                        if lastSpace == index - 1 {
                            if !mustBeRegex { return nil }
                            malformed = true
                        }
                    }
                    return (close, malformed)
                }
            }
            // A pattern character.
            guard index < count else { return unterminated(at: multiline ? (firstNewline ?? count) : count) }
            var byte = base[index]
            var escaped = false
            if byte == Byte.backslash {
                escaped = true
                index += 1
                guard index < count else { return unterminated(at: count) }
                byte = base[index]
            }
            switch byte {
            case Byte.newline, Byte.carriageReturn:
                if !multiline { return unterminated(at: index) }
            case Byte.leftParen where !escaped && classDepth == 0:
                groupDepth += 1
            case Byte.rightParen where !escaped && classDepth == 0:
                if groupDepth == 0 {
                    if !mustBeRegex { return nil }
                } else {
                    groupDepth -= 1
                }
            case Byte.leftSquare where !escaped:
                classDepth += 1
            case Byte.rightSquare where !escaped:
                if classDepth > 0 { classDepth -= 1 }
            case Byte.space, Byte.tab:
                if !escaped { lastSpace = index }
            default:
                break
            }
            if byte >= 0x80, let scalar = decodeScalar(at: index) {
                index += scalar.length
            } else {
                index += 1
            }
        }
    }
}
