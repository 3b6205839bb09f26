#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits Swift source bytes into tokens with trivia, losslessly and without ever failing.
///
/// Boundaries follow the compiler's lexer (swift-syntax 603's `Lexer.Cursor`), checked against it
/// on the whole `/opt/swift-packages` corpus by `Benchmarks/compare_boundaries.py`: trailing
/// trivia runs to the end of the line, operators split on `.` and before `//`/`/*`, a left-bound
/// `?`/`!` is its own token, `/` starts a regex literal only where the compiler's heuristics allow,
/// and bytes that can start no token (invalid UTF-8, control characters, a no-break space, a
/// stray scalar) are trivia, as the compiler treats them. Where the compiler would report an error
/// the lexer marks the token `isMalformed` and moves on; where no token stands for the spot (an
/// invalid character in trivia, a conflict marker, a bad escape inside a string) it records the
/// first such spot as a `Rejection`.
///
/// Two differences are by design: a whole string literal (interpolations included) and a whole
/// regex literal are one token each.
public enum Lexer {
    /// How deep string interpolations may nest (`"\("\("…")")"`). The lexer recurses once per
    /// level, with a few kilobytes of stack each in a debug build; past this a string's `\(` is
    /// not followed, and `tokenizeReportingNesting` says where, so the file can be skipped.
    public static let maximumInterpolationDepth = 32

    /// Tokenizes `bytes`; the result always ends with an `.endOfFile` token.
    public static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        tokenizeReportingNesting(bytes).tokens
    }

    /// A spot the compiler's lexer rejects that no malformed token stands for: it reads past it
    /// (as trivia, or as part of a string literal) and reports an error there.
    public struct Rejection: Sendable, Equatable {
        /// The byte offset where the spot starts (the compiler points there, or at the end of a
        /// comment never closed).
        public let offset: Int
        /// What is wrong there, as a phrase ("a source control conflict marker").
        public let reason: String
    }

    /// Tokenizes `bytes`, and gives the byte offset of the first interpolation nested deeper than
    /// `maximumInterpolationDepth`, if any (the tokens from there on may be wrong), and the first
    /// spot the compiler rejects that no token is marked malformed for.
    public static func tokenizeReportingNesting(_ bytes: UnsafeBufferPointer<UInt8>)
        -> (tokens: [Token], interpolationTooDeep: Int?, rejection: Rejection?) {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            return ([Token(kind: .endOfFile, start: 0, end: 0, trailingEnd: 0)], nil, nil)
        }
        var cursor = LexerCursor(base: base, count: bytes.count)
        cursor.run()
        let tooDeep = cursor.interpolationTooDeep
        let rejection = cursor.rejection
        return (cursor.finish(), tooDeep, rejection)
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

/// What a byte means to the trivia scanner, as a table so its loop dispatches on one load.
private enum TriviaClass {
    /// Starts a token: the scan stops.
    static let token: UInt8 = 0
    static let space: UInt8 = 1
    /// Tab, vertical tab, form feed, and the other ASCII control characters (NUL included) and
    /// DEL, which the compiler drops as trivia too.
    static let blank: UInt8 = 2
    static let lineBreak: UInt8 = 3
    /// `/`: a comment or an operator.
    static let slash: UInt8 = 4
    /// `<` or `>`: an operator, or a version-control conflict marker at the start of a line.
    static let angle: UInt8 = 5
    /// Non-ASCII: a byte-order mark, invalid UTF-8, a stray scalar, or a token.
    static let nonASCII: UInt8 = 6

    nonisolated(unsafe) static let pointer: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: token, count: 256)
        for byte in 0..<0x20 { table[byte] = blank }
        table[Int(Byte.delete)] = blank
        table[Int(Byte.space)] = space
        table[Int(Byte.newline)] = lineBreak
        table[Int(Byte.carriageReturn)] = lineBreak
        table[Int(Byte.slash)] = slash
        table[Int(Byte.less)] = angle
        table[Int(Byte.greater)] = angle
        for byte in 0x80..<0x100 { table[byte] = nonASCII }
        return UnsafePointer(table)
    }()
}

/// The three kinds of string literal, which differ in what ends them.
private enum StringKind {
    case singleLine, multiLine, singleQuote
}

/// The lexer's state over one buffer. A struct with a pointer and an offset: no allocation per
/// byte, one append per token.
struct LexerCursor {
    let base: UnsafePointer<UInt8>
    let count: Int
    var position = 0
    /// The tokens so far, in a buffer the cursor owns: appending is a store and a compare, with
    /// none of an array's uniqueness checks. `finish()` hands them over as an array.
    private var storage: UnsafeMutablePointer<Token>
    private var capacity: Int
    private(set) var tokenCount = 0
    /// Set after `try?` and `try!`: the next token prefers a regex literal to a binary operator,
    /// since `try` cannot be an operand (the compiler's `preferRegexOverBinaryOperator` state).
    var preferRegex = false
    /// A regex literal found inside an operator (`!/a/`): the operator's prefix is lexed first,
    /// and the next token is this regex, as scanned then. Scanning again from the `/` would see
    /// a left-bound `/` and no regex.
    var pendingRegex: (start: Int, end: Int, malformed: Bool)?
    /// How deep the lexer is in string interpolations, bounded so that pathological nesting
    /// cannot exhaust the stack.
    var interpolationDepth = 0
    static let maximumInterpolationDepth = Lexer.maximumInterpolationDepth
    /// The offset of the first `\(` met at `maximumInterpolationDepth`, which was not followed.
    var interpolationTooDeep: Int?
    /// The first spot the compiler rejects that no token is marked for (see `reject`).
    var rejection: Lexer.Rejection?
    private let classes: UnsafePointer<UInt8>
    private let triviaClasses: UnsafePointer<UInt8>
    private let punctuationKinds: UnsafePointer<UInt8>
    static let noPunctuation: UInt8 = 0xFF

    /// For each byte that is always a one-byte token on its own, that token's kind.
    nonisolated(unsafe) static let punctuationTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: noPunctuation, count: 256)
        let kinds: [(UInt8, TokenKind)] = [
            (Byte.at, .atSign), (Byte.leftBrace, .leftBrace), (Byte.rightBrace, .rightBrace),
            (Byte.leftParen, .leftParen), (Byte.rightParen, .rightParen), (Byte.leftSquare, .leftSquare),
            (Byte.rightSquare, .rightSquare), (Byte.comma, .comma), (Byte.semicolon, .semicolon),
            (Byte.backslash, .backslash),
        ]
        for (byte, kind) in kinds { table[Int(byte)] = kind.rawValue }
        return UnsafePointer(table)
    }()
    private let words = WordTable.shared

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        self.classes = CharClass.pointer
        self.triviaClasses = TriviaClass.pointer
        self.punctuationKinds = Self.punctuationTable
        capacity = count / 6 + 16
        storage = Self.resize(nil, to: capacity)
    }

    // MARK: Token buffer

    @inline(__always) mutating func append(_ token: Token) {
        if tokenCount == capacity { grow() }
        (storage + tokenCount).initialize(to: token)
        tokenCount += 1
    }

    /// Doubles the buffer with `realloc`: for a large buffer the C library moves the mapping
    /// instead of copying it (Linux `mremap`), so a 50 MB file's tokens are never held twice.
    mutating func grow() {
        capacity *= 2
        storage = Self.resize(storage, to: capacity)
    }

    /// `storage` reallocated (or allocated, from nil) to hold `capacity` tokens. Tokens are plain
    /// values, so moving their bytes moves them.
    private static func resize(_ storage: UnsafeMutablePointer<Token>?, to capacity: Int) -> UnsafeMutablePointer<Token> {
        guard let memory = realloc(storage, capacity * MemoryLayout<Token>.stride) else {
            fatalError("out of memory for \(capacity) tokens")
        }
        return memory.bindMemory(to: Token.self, capacity: capacity)
    }

    /// The last token appended, if any.
    @inline(__always) var lastToken: Token? {
        tokenCount > 0 ? storage[tokenCount - 1] : nil
    }

    /// The tokens as an array of exactly their count; the cursor is spent afterwards.
    ///
    /// The copy goes a slice at a time, and each slice of the buffer copied is handed back to
    /// the system at once: pages are resident only once written, so the tokens of a large file
    /// take their size once, not twice, while they move into the array.
    mutating func finish() -> [Token] {
        let count = tokenCount
        let source = UnsafeRawPointer(storage)
        let result = [Token](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let target = buffer.baseAddress else { return }
            let totalBytes = count * MemoryLayout<Token>.stride
            let sliceBytes = 1 << 20
            var done = 0
            var released = source
            while done < totalBytes {
                let length = min(sliceBytes, totalBytes - done)
                memcpy(UnsafeMutableRawPointer(target) + done, source + done, length)
                done += length
                if totalBytes >= 4 * sliceBytes { released = Self.release(from: released, to: source + done) }
            }
            initialized = count
        }
        free(storage)
        tokenCount = 0
        capacity = 0
        return result
    }

    /// Tells the system that the whole pages from `start` to `end` are no longer needed (their
    /// contents are already copied), so they stop counting as resident; returns where the next
    /// release starts (the end rounded down to a page).
    private static func release(from start: UnsafeRawPointer, to end: UnsafeRawPointer) -> UnsafeRawPointer {
        let page = Int(getpagesize())
        let first = (Int(bitPattern: start) + page - 1) / page * page
        let last = Int(bitPattern: end) / page * page
        guard last > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return start }
        _ = madvise(pointer, last - first, MADV_DONTNEED)
        return UnsafeRawPointer(pointer) + (last - first)
    }

    // MARK: Reading

    /// The byte at `offset`, or 0 past the end: lookahead never needs a bounds check of its own.
    @inline(__always) func peek(_ offset: Int) -> UInt8 {
        offset < count && offset >= 0 ? base[offset] : 0
    }

    @inline(__always) func has(_ offset: Int, _ flag: UInt8) -> Bool {
        offset < count && classes[Int(base[offset])] & flag != 0
    }

    @inline(__always) func isLineBreak(_ byte: UInt8) -> Bool { Byte.isLineBreak(byte) }

    /// How many bytes the line break at `offset` takes: 2 for `\r\n`, else 1.
    @inline(__always) func lineBreakLength(at offset: Int) -> Int {
        base[offset] == Byte.carriageReturn && peek(offset + 1) == Byte.newline ? 2 : 1
    }

    /// Notes a spot the compiler rejects though the lexer reads past it, as the compiler's lexer
    /// does (an invalid character in trivia, a conflict marker, a comment never closed, an
    /// unprintable character in a string); only the first is kept, the one a fix starts from.
    mutating func reject(_ offset: Int, _ reason: @autoclosure () -> String) {
        if rejection == nil { rejection = Lexer.Rejection(offset: offset, reason: reason()) }
    }

    /// `U+0041`-style name of a scalar, for messages.
    static func scalarName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Whether the bytes at `offset` spell `literal` (ASCII).
    func matches(_ offset: Int, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset >= 0, offset + length <= count else { return false }
        return memoryEquals(base + offset, literal.utf8Start, length)
    }

    // MARK: Driver

    mutating func run() {
        while true {
            skipTrivia(acrossLines: true)
            let start = position
            if position >= count {
                append(Token(kind: .endOfFile, start: Int32(start), end: Int32(start), trailingEnd: Int32(count)))
                return
            }
            var token = Token(kind: .unknown, start: Int32(start), end: 0, trailingEnd: 0)
            if start == 0, base[0] == Byte.pound, peek(1) == Byte.bang {
                // Only the file's very first bytes: after a byte-order mark `#!` is no shebang.
                position = endOfLine(from: 0)
                token.kind = .shebang
            } else {
                lexToken(&token)
            }
            if position == start { position += 1 }  // A token always consumes at least one byte.
            token.end = Int32(position)
            skipTrivia(acrossLines: false)
            token.trailingEnd = Int32(position)
            append(token)
        }
    }

    // MARK: Trivia

    /// Skips whitespace, comments and bytes that cannot start a token; without `acrossLines` it
    /// stops before a line break, where a token's trailing trivia ends and the next token's
    /// leading trivia begins.
    ///
    /// Inlined where it is called: most calls find a token at once or after one space or line
    /// break, and a call would cost more than that.
    @inline(__always) mutating func skipTrivia(acrossLines: Bool) {
        while position < count {
            let kind = triviaClasses[Int(base[position])]
            if kind == TriviaClass.token { return }
            if kind == TriviaClass.lineBreak {
                guard acrossLines else { return }
                position += 1
            } else if kind == TriviaClass.space && peek(position + 1) != Byte.space {
                position += 1
            } else if !skipTriviaSlowly(kind) {
                return
            }
        }
    }

    /// The less common trivia: runs of spaces, comments, blanks, conflict markers, non-ASCII.
    /// Returns false, moving nothing, when a token starts at `position`.
    @inline(never) mutating func skipTriviaSlowly(_ kind: UInt8) -> Bool {
        switch kind {
        case TriviaClass.space:
            position += 1
            // Indentation comes in runs: skip eight spaces at a time.
            while position + 8 <= count,
                  UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                position += 8
            }
            while position < count, base[position] == Byte.space { position += 1 }
            return true
        case TriviaClass.blank:
            // NUL (a warning), tab, vertical tab and form feed are whitespace to the compiler;
            // every other control character is "an invalid character in source file".
            let byte = base[position]
            if byte != 0, byte != Byte.tab, byte != Byte.verticalTab, byte != Byte.formFeed {
                reject(position, "an invalid character, \(Self.scalarName(UInt32(byte)))")
            }
            position += 1
            return true
        case TriviaClass.slash:
            let next = peek(position + 1)
            if next == Byte.slash {
                position = endOfLine(from: position + 2)
                return true
            }
            if next == Byte.star {
                let comment = endOfBlockComment(from: position)
                if !comment.closed { reject(position, "'/*' is never closed") }
                position = comment.end
                return true
            }
            return false
        case TriviaClass.angle:
            guard let end = endOfConflictMarker(at: position) else { return false }
            // The compiler skips the block to recover, but reports it as an error.
            reject(position, "a source control conflict marker")
            position = end
            return true
        default:
            return skipNonASCIITrivia()
        }
    }

    /// Skips one non-ASCII unit of trivia at `position`: a byte-order mark, an invalid UTF-8 byte,
    /// or a scalar that can start no token (a no-break space, a dash, a private-use character).
    /// Returns false, moving nothing, when a token starts here.
    mutating func skipNonASCIITrivia() -> Bool {
        if base[position] == 0xEF, peek(position + 1) == 0xBB, peek(position + 2) == 0xBF {
            // The compiler takes a byte-order mark only as the file's first bytes.
            if position > 0 { reject(position, "a byte-order mark inside the file") }
            position += 3
            return true
        }
        guard let scalar = decodeScalar(at: position) else {
            reject(position, "invalid UTF-8")
            position += 1
            return true
        }
        let value = scalar.value
        if ScalarClass.isIdentifierContinuation(value) || ScalarClass.isOperatorStart(value)
            || value == 0x201C || value == 0x201D {
            return false
        }
        // A no-break space only draws a warning; any other stray scalar is an error.
        if value != 0xA0 { reject(position, "an invalid character, \(Self.scalarName(value))") }
        position += scalar.length
        return true
    }

    /// The offset of the next line break at or after `offset`, or the end of the buffer.
    func endOfLine(from offset: Int) -> Int {
        var index = offset
        // Eight bytes at a time while none is below 0x0E (no line break, and no tab either, which
        // is rare enough in comments to leave to the byte loop).
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let belowFourteen = (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080
            if belowFourteen != 0 { break }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if isLineBreak(byte) { return index }
            index += 1
        }
        return count
    }

    /// The offset after the `*/` that closes the (nested) block comment at `offset`, or the end of
    /// the buffer when nothing closes it.
    func endOfBlockComment(from offset: Int) -> (end: Int, closed: Bool) {
        var depth = 1
        var index = offset + 2
        while index < count {
            let byte = base[index]
            if byte == Byte.slash, peek(index + 1) == Byte.star {
                depth += 1
                index += 2
            } else if byte == Byte.star, peek(index + 1) == Byte.slash {
                depth -= 1
                index += 2
                if depth == 0 { return (index, true) }
            } else {
                index += 1
            }
        }
        return (count, false)
    }

    /// A version-control conflict marker (`<<<<<<< ` … `>>>>>>> `, or Perforce's `>>>> ` …
    /// `<<<<`) at the start of a line is trivia up to the end of its closing line, as the
    /// compiler treats it. Returns nil when `offset` starts no such block.
    func endOfConflictMarker(at offset: Int) -> Int? {
        guard offset == 0 || isLineBreak(base[offset - 1]) || base[offset - 1] == 0 else { return nil }
        let perforce: Bool
        if matches(offset, "<<<<<<< ") {
            perforce = false
        } else if matches(offset, ">>>> ") {
            perforce = true
        } else {
            return nil
        }
        var index = offset + (perforce ? 5 : 8)
        while index < count {
            let atLineStart = isLineBreak(base[index - 1])
            if atLineStart, perforce ? matches(index, "<<<<\n") : matches(index, ">>>>>>> ") {
                return endOfLine(from: index + (perforce ? 5 : 8))
            }
            index += 1
        }
        return nil
    }

    // MARK: Tokens

    mutating func lexToken(_ token: inout Token) {
        let preferRegexHere = preferRegex
        preferRegex = false
        if let regex = pendingRegex {
            pendingRegex = nil
            if regex.start == position {
                position = regex.end
                token.kind = .regexLiteral
                token.isMalformed = regex.malformed
                return
            }
        }
        let byte = base[position]
        // Identifiers and keywords are half of all tokens, one-byte punctuation and `.` most of
        // the rest: both are settled before the jump table, whose target the processor seldom
        // predicts.
        if classes[Int(byte)] & CharClass.identifierStart != 0 {
            lexIdentifier(&token)
            return
        }
        let punctuation = punctuationKinds[Int(byte)]
        if punctuation != Self.noPunctuation {
            position += 1
            token.kind = TokenKind(rawValue: punctuation)!
            return
        }
        if byte == Byte.dot {
            let next = peek(position + 1)
            if next < 0x80, classes[Int(next)] & CharClass.operatorChar == 0 {
                single(&token, .period)  // what a one-character `.` operator always is
                return
            }
        }
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
                if let previous = lastToken, previous.kind == .keyword, previous.word == .try { preferRegex = true }
                single(&token, byte == Byte.bang ? .exclamationMark : .postfixQuestionMark)
            } else {
                lexOperator(&token, preferRegex: preferRegexHere)
            }
        case Byte.less where peek(position + 1) == Byte.pound:
            if !lexEditorPlaceholder(&token) { lexOperator(&token, preferRegex: preferRegexHere) }
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
                lexOperator(&token, preferRegex: preferRegexHere)
            } else if byte >= 0x80 {
                lexNonASCII(&token, preferRegex: preferRegexHere)
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
        token.word = words.word(base + start, position - start, available: count - start)
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

    /// `` `name` `` and raw identifiers such as `` `a b` ``: everything to a closing backtick on
    /// the same line. Without one, the backtick alone is a token (`.unknown`).
    mutating func lexBacktickIdentifier(_ token: inout Token) {
        var index = position + 1
        while index < count {
            let byte = base[index]
            if byte == Byte.backtick {
                position = index + 1
                token.kind = .identifier
                token.word = .none
                token.isMalformed = index == Int(token.start) + 1  // `` ` ` `` with nothing inside
                return
            }
            if isLineBreak(byte) { break }
            index += 1
        }
        single(&token, .unknown)
    }

    /// `<#name#>`, an editor placeholder, lexes as an identifier as the compiler does.
    mutating func lexEditorPlaceholder(_ token: inout Token) -> Bool {
        var index = position + 2
        while index < count {
            let byte = base[index]
            index += 1
            if byte == Byte.newline { return false }
            if byte == Byte.less, peek(index) == Byte.pound { return false }
            if byte == Byte.pound, peek(index) == Byte.greater {
                position = index + 1
                token.kind = .identifier
                token.isMalformed = true
                return true
            }
        }
        return false
    }

    /// A token starting with a non-ASCII scalar. Trivia has already taken every scalar that
    /// starts nothing, so this is an identifier, an operator, or one of the compiler's recoveries.
    mutating func lexNonASCII(_ token: inout Token, preferRegex: Bool) {
        guard let scalar = decodeScalar(at: position) else {
            single(&token, .unknown)
            return
        }
        let value = scalar.value
        if ScalarClass.isIdentifierStart(value) {
            position = endOfIdentifier(from: position + scalar.length)
            token.kind = .identifier
        } else if ScalarClass.isOperatorStart(value) {
            lexOperator(&token, preferRegex: preferRegex)
        } else if ScalarClass.isIdentifierContinuation(value) {
            // A combining mark cannot start an identifier; the compiler recovers by lexing one.
            position = endOfIdentifier(from: position + scalar.length)
            token.kind = .identifier
            token.isMalformed = true
        } else if value == 0x201C {
            // “Curly quotes”: the compiler swallows a plausible curly-quoted string as one token.
            position = endOfCurlyQuotedString(from: position + scalar.length) ?? position + scalar.length
            token.kind = .identifier
            token.isMalformed = true
        } else {
            position += scalar.length
            token.kind = .unknown
            token.isMalformed = true
        }
    }

    /// Where a string opened with U+201C ends, if it ends on this line without interpolation or
    /// an invalid character: after a `"` or a U+201D.
    func endOfCurlyQuotedString(from offset: Int) -> Int? {
        var index = offset
        while index < count {
            let byte = base[index]
            switch byte {
            case Byte.newline, Byte.carriageReturn:
                return nil
            case Byte.quote:
                return index + 1
            case Byte.backslash:
                let escaped = peek(index + 1)
                switch escaped {
                case UInt8(ascii: "0"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"), Byte.quote,
                     Byte.apostrophe, Byte.backslash:
                    index += 2
                case UInt8(ascii: "u"):
                    guard let end = endOfUnicodeEscape(from: index + 2) else { return nil }
                    index = end
                default:
                    return nil
                }
            default:
                if byte < 0x80 {
                    guard byte >= 0x20, byte < 0x7F else { return nil }
                    index += 1
                } else {
                    guard let scalar = decodeScalar(at: index) else { return nil }
                    index += scalar.length
                    if scalar.value == 0x201D { return index }
                }
            }
        }
        return nil
    }

    /// The end of a valid `{1–8 hex digits}` escape body at `offset`, or nil.
    func endOfUnicodeEscape(from offset: Int) -> Int? {
        guard peek(offset) == Byte.leftBrace else { return nil }
        var index = offset + 1
        var value: UInt32 = 0
        while has(index, CharClass.hexDigit) {
            let byte = base[index]
            let digit = byte <= Byte.nine ? byte - Byte.zero : (byte | 0x20) - UInt8(ascii: "a") + 10
            if index - offset <= 8 { value = value << 4 | UInt32(digit) }
            index += 1
        }
        let digits = index - offset - 1
        guard peek(index) == Byte.rightBrace, digits >= 1, digits <= 8, Unicode.Scalar(value) != nil else { return nil }
        return index + 1
    }

    /// Decodes the UTF-8 scalar at `offset`, rejecting overlong forms and surrogates.
    func decodeScalar(at offset: Int) -> (value: UInt32, length: Int)? {
        let lead = UInt32(base[offset])
        if lead < 0x80 { return (lead, 1) }
        func continuation(_ index: Int) -> UInt32? {
            let byte = peek(offset + index)
            return byte & 0xC0 == 0x80 && offset + index < count ? UInt32(byte & 0x3F) : nil
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
        if after == Byte.quote {
            lexString(&token, pounds: pounds)
            return
        }
        if after == Byte.slash, let end = scanRegex(at: position, mustBeRegex: true) {
            position = end.offset
            token.kind = .regexLiteral
            token.isMalformed = end.malformed
            return
        }
        // `#` and a run of ASCII letters: a pound keyword when the run is one, else `#` alone.
        var index = position + 1
        while index < count, classes[Int(base[index])] & CharClass.identifierStart != 0 { index += 1 }
        if isPoundKeyword(from: position + 1, length: index - position - 1) {
            position = index
            token.kind = .poundKeyword
        } else {
            single(&token, .pound)
        }
    }

    /// The compiler's pound keywords: `#if` `#else` `#elseif` `#endif` `#sourceLocation`
    /// `#available` `#unavailable`. Everything else after `#` is a macro name.
    func isPoundKeyword(from offset: Int, length: Int) -> Bool {
        switch length {
        case 2: return matches(offset, "if")
        case 4: return matches(offset, "else")
        case 5: return matches(offset, "endif")
        case 6: return matches(offset, "elseif")
        case 9: return matches(offset, "available")
        case 11: return matches(offset, "unavailable")
        case 14: return matches(offset, "sourceLocation")
        default: return false
        }
    }

    // MARK: Numbers

    /// Numeric literals as the compiler delimits them, including its recoveries: letters glued
    /// to an integer or an exponent belong to the (malformed) literal, while `1.5abc` ends at `5`.
    mutating func lexNumber(_ token: inout Token) {
        let start = position
        token.kind = .integerLiteral
        let second = peek(start + 1)
        if base[start] == Byte.zero, second == UInt8(ascii: "x"), start + 1 < count {
            lexHexNumber(&token)
            return
        }
        if base[start] == Byte.zero, second == UInt8(ascii: "o") || second == UInt8(ascii: "b"), start + 1 < count {
            position = start + 2
            let isOctal = second == UInt8(ascii: "o")
            @inline(__always) func isRadixDigit(_ byte: UInt8) -> Bool {
                isOctal ? byte >= Byte.zero && byte <= UInt8(ascii: "7") : byte == Byte.zero || byte == UInt8(ascii: "1")
            }
            if position < count, !isRadixDigit(base[position]) {
                glueIdentifierCharacters(&token)
                token.isMalformed = true
                return
            }
            while position < count, isRadixDigit(base[position]) || base[position] == Byte.underscore { position += 1 }
            glueIdentifierCharacters(&token)
            return
        }
        skipDigits(CharClass.digit)
        let next = peek(position)
        if next == Byte.dot, position < count {
            // `1.` ends an integer unless a digit follows, and `t.0.1` is two tuple indices.
            guard has(position + 1, CharClass.digit), lastToken?.kind != .period else { return }
        } else if next != UInt8(ascii: "e") && next != UInt8(ascii: "E") || position >= count {
            glueIdentifierCharacters(&token)
            return
        }
        token.kind = .floatLiteral
        if peek(position) == Byte.dot, position < count {
            position += 1
            skipDigits(CharClass.digit)
        }
        let exponent = peek(position)
        if position < count, exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
            position += 1
            if peek(position) == Byte.plus || peek(position) == Byte.minus, position < count { position += 1 }
            guard has(position, CharClass.digit) else {
                position = endOfIdentifier(from: position)
                token.isMalformed = true
                return
            }
            skipDigits(CharClass.digit)
            glueIdentifierCharacters(&token)
        }
    }

    /// `0x…`, with the compiler's rules for telling `0x1.8p3` from `0xff.description`.
    mutating func lexHexNumber(_ token: inout Token) {
        position += 2
        guard position < count else {
            token.isMalformed = true
            return
        }
        if classes[Int(base[position])] & CharClass.hexDigit == 0 {
            position = endOfIdentifier(from: position)
            token.isMalformed = true
            return
        }
        skipDigits(CharClass.hexDigit)
        @inline(__always) func isExponentMark(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "p") || byte == UInt8(ascii: "P")
        }
        if position >= count || (base[position] != Byte.dot && !isExponentMark(base[position])) {
            glueIdentifierCharacters(&token)
            return
        }
        var dot: Int? = nil
        if base[position] == Byte.dot {
            dot = position
            position += 1
            if position < count, classes[Int(base[position])] & CharClass.hexDigit == 0 {
                position -= 1
                return
            }
            skipDigits(CharClass.hexDigit)
            if position >= count || !isExponentMark(base[position]) {
                if position + 1 < count, classes[Int(base[position + 1])] & CharClass.digit == 0 {
                    position = dot!  // `0xff.description`
                    return
                }
                token.isMalformed = true
                return
            }
        }
        position += 1  // `p`
        var signed = false
        if peek(position) == Byte.plus || peek(position) == Byte.minus, position < count {
            position += 1
            signed = true
        }
        if position < count, classes[Int(base[position])] & CharClass.digit == 0 {
            if let dot, dot + 1 < count, classes[Int(base[dot + 1])] & CharClass.digit == 0, !signed {
                position = dot  // `0xff.fp`: a member access, not an exponent
                return
            }
            token.kind = .floatLiteral
            position = endOfIdentifier(from: position)
            token.isMalformed = true
            return
        }
        token.kind = .floatLiteral
        skipDigits(CharClass.digit)
        glueIdentifierCharacters(&token)
    }

    /// Letters glued to a literal (`1st`, `0b102`) belong to it, as an invalid literal.
    @inline(__always) mutating func glueIdentifierCharacters(_ token: inout Token) {
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

    // MARK: Strings

    /// Lexes a whole string literal whose opening `#` delimiters (if any) start at `position`.
    mutating func lexString(_ token: inout Token, pounds: Int) {
        token.kind = .stringLiteral
        // Swift has no single-quoted literals: the compiler reads one to recover, and rejects it.
        let singleQuoted = base[position + pounds] == Byte.apostrophe
        token.isMalformed = !scanString(pounds: pounds) || singleQuoted
    }

    /// Where the `pounds`-long raw delimiter at `offset` ends, or nil when it is not there.
    ///
    /// Mirrors the compiler, which accepts the delimiter followed by one more `#` as well (and
    /// consumes that `#`), so `\##(` opens an interpolation in a `#"…"#` string.
    @inline(__always) func endOfDelimiter(_ pounds: Int, at offset: Int) -> Int? {
        if pounds == 0 { return offset }
        var found = 0
        while found <= pounds, peek(offset + found) == Byte.pound, offset + found < count { found += 1 }
        return found >= pounds ? offset + found : nil
    }

    /// The offset after every `#` from `offset` on: a closing raw delimiter takes them all.
    @inline(__always) func endOfPoundRun(from offset: Int) -> Int {
        var index = offset
        while index < count, base[index] == Byte.pound { index += 1 }
        return index
    }

    /// Scans a string literal from its first `#` or quote at `position`, leaving `position` after
    /// it; returns whether it was closed. A single-line string stops before a line break; a
    /// multi-line one at the end of the file.
    mutating func scanString(pounds: Int) -> Bool {
        position += pounds
        var kind = StringKind.singleLine
        if base[position] == Byte.apostrophe {
            kind = .singleQuote
            position += 1
        } else {
            position += 1
            if peek(position) == Byte.quote, peek(position + 1) == Byte.quote, position + 1 < count {
                kind = .multiLine
                if pounds > 0, closesOnSameLine(pounds: pounds, from: position + 2) {
                    kind = .singleLine  // `#"""#`, `#"""a"#`: a one-line raw string that starts with quotes
                } else {
                    position += 2
                }
            }
        }
        let multiline = kind == .multiLine
        let contentStart = position
        // Line breaks the compiler keeps out of a multi-line literal's pieces (the one after the
        // opening quotes, and escaped ones): an unterminated literal ends before such a run.
        var triviaStart = -1
        var triviaEnd = -1
        if multiline, position < count, isLineBreak(base[position]) {
            triviaStart = position
            position += lineBreakLength(at: position)
            triviaEnd = position
        } else if multiline, position < count {
            reject(position, "a multi-line string literal whose content does not begin on a new line")
        }
        while position < count {
            let byte = base[position]
            switch byte {
            case Byte.backslash:
                if let afterPounds = endOfDelimiter(pounds, at: position + 1), peek(afterPounds) == Byte.leftParen,
                   afterPounds < count {
                    if interpolationDepth < Self.maximumInterpolationDepth {
                        position = afterPounds + 1
                        if !lexInterpolation(multiline: multiline) { return false }
                        continue
                    }
                    // Too deep to follow: read on as an escape, and say where.
                    if interpolationTooDeep == nil { interpolationTooDeep = position }
                }
                let backslash = position
                position += 1
                guard let afterPounds = endOfDelimiter(pounds, at: position) else { continue }
                position = afterPounds
                guard position < count else { return false }
                let escaped = base[position]
                if escaped == Byte.quote || escaped == Byte.apostrophe || escaped == Byte.backslash {
                    position += 1
                } else if multiline, isLineBreak(escaped) || escaped == Byte.space || escaped == Byte.tab {
                    // `\`, blanks and a line break join two lines.
                    var index = position
                    while index < count, base[index] == Byte.space || base[index] == Byte.tab { index += 1 }
                    if index < count, isLineBreak(base[index]) {
                        position = index + lineBreakLength(at: index)
                        if triviaEnd != backslash { triviaStart = backslash }
                        triviaEnd = position
                    } else {
                        reject(backslash, "an invalid escape sequence in a string literal")
                    }
                } else if !isLineBreak(escaped) {
                    // The escaped character stays for the loop to read: a quote of `\"` closes
                    // nothing only because it was consumed above.
                    checkEscape(at: backslash, escaped: position)
                }
            case Byte.newline, Byte.carriageReturn:
                if !multiline { return false }
                position += 1
            case Byte.quote:
                position += 1
                switch kind {
                case .singleLine:
                    if let end = endOfDelimiter(pounds, at: position) {
                        let runStart = position
                        position = pounds > 0 ? endOfPoundRun(from: end) : end
                        checkClosingPounds(from: runStart, pounds: pounds)
                        return true
                    }
                case .multiLine:
                    if peek(position) == Byte.quote, peek(position + 1) == Byte.quote, position + 1 < count,
                       let end = endOfDelimiter(pounds, at: position + 2) {
                        checkMultilineLayout(contentStart: contentStart, closingQuotes: position - 1)
                        let runStart = position + 2
                        position = pounds > 0 ? endOfPoundRun(from: end) : end
                        checkClosingPounds(from: runStart, pounds: pounds)
                        return true
                    }
                case .singleQuote:
                    break
                }
            case Byte.apostrophe:
                position += 1
                if kind == .singleQuote { return true }
            default:
                // The compiler's `lexCharacter`: an ASCII control character other than NUL (a
                // warning) is "unprintable", but for a tab in a multi-line string.
                if byte < Byte.space || byte == Byte.delete, byte != 0, !(multiline && byte == Byte.tab) {
                    reject(position, "an unprintable character, \(Self.scalarName(UInt32(byte))), in a string literal")
                }
                position += 1
            }
        }
        if triviaEnd == count { position = triviaStart }
        return false
    }

    /// Checks the escape whose backslash (and raw delimiter) ends just before `escaped`, as the
    /// compiler's `lexCharacter` does: `\0`, `\t`, `\n`, `\r` and `\u{…}` with one to eight hex
    /// digits naming a Unicode scalar; the quotes, the backslash and interpolations are read
    /// before this is called.
    mutating func checkEscape(at backslash: Int, escaped: Int) {
        switch base[escaped] {
        case UInt8(ascii: "0"), UInt8(ascii: "t"), UInt8(ascii: "n"), UInt8(ascii: "r"):
            return
        case UInt8(ascii: "u"):
            var index = escaped + 1
            guard peek(index) == Byte.leftBrace else {
                reject(backslash, "a unicode escape without braces in a string literal")
                return
            }
            index += 1
            var value: UInt32 = 0
            var digits = 0
            while index < count, let digit = Self.hexValue(base[index]) {
                if digits < 9 { value = value &* 16 &+ UInt32(digit) }
                digits += 1
                index += 1
            }
            if peek(index) != Byte.rightBrace || digits == 0 || digits > 8 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
                reject(backslash, "an invalid unicode escape in a string literal")
            }
        default:
            reject(backslash, "an invalid escape sequence in a string literal")
        }
    }

    /// A raw string's closing delimiter, from `runStart` (just after the closing quote) to
    /// `position`, holds more `#` than the opening one: the compiler takes them and rejects them.
    mutating func checkClosingPounds(from runStart: Int, pounds: Int) {
        if pounds > 0, position - runStart > pounds {
            reject(runStart + pounds, "too many '#' after a raw string literal's closing quote")
        }
    }

    /// The value of a hex digit, or nil.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case Byte.zero...Byte.nine: return byte - Byte.zero
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Checks a closed multi-line literal's layout as the compiler does: the closing quotes
    /// begin their own line, and every line between, but for empty ones, starts with the closing
    /// line's indentation, byte for byte (lines an interpolation spans included).
    /// `contentStart` is just after the opening quotes, `closingQuotes` the first closing quote.
    mutating func checkMultilineLayout(contentStart: Int, closingQuotes: Int) {
        var lastBreak = closingQuotes - 1
        while lastBreak >= contentStart, !isLineBreak(base[lastBreak]) { lastBreak -= 1 }
        // Content not beginning on a new line is reported already.
        guard lastBreak >= contentStart, isLineBreak(base[contentStart]) else { return }
        let indentation = (lastBreak + 1)..<closingQuotes
        if let stray = indentation.first(where: { base[$0] != Byte.space && base[$0] != Byte.tab }) {
            reject(stray, "a multi-line string literal whose closing quotes do not begin a line")
            return
        }
        var index = contentStart
        while index < lastBreak {
            // `index` is at a line break; the next line starts after it.
            let lineStart = index + lineBreakLength(at: index)
            if lineStart > lastBreak { break }
            var column = 0
            while column < indentation.count, lineStart + column < count,
                  base[lineStart + column] == base[indentation.lowerBound + column] {
                column += 1
            }
            // Only an empty line may lack the indentation; one of blanks alone may not.
            if column < indentation.count, !(column == 0 && isLineBreak(base[lineStart])) {
                reject(lineStart + column, "a line of a multi-line string literal indented less than its closing quotes")
                return
            }
            index = lineStart
            while index < lastBreak, !isLineBreak(base[index]) { index += 1 }
        }
    }

    /// Whether a raw string opened with `#…#"""` closes with `"#…#` on the same line, which
    /// makes it a single-line string.
    func closesOnSameLine(pounds: Int, from offset: Int) -> Bool {
        if endOfDelimiter(pounds, at: offset) != nil { return true }
        var index = offset
        while index < count, !isLineBreak(base[index]) {
            if base[index] == Byte.quote {
                index += 1
                if endOfDelimiter(pounds, at: index) != nil { return true }
                continue
            }
            index += 1
        }
        return false
    }

    /// Lexes the expression inside `\( … )` as ordinary tokens, so that nested strings, regex
    /// literals and comments end where the compiler says; `position` is just after the `(`.
    /// The tokens only steer the lexer (regex heuristics look at the previous token) and are
    /// dropped afterwards: the whole literal is one token. Returns whether the `)` was found.
    mutating func lexInterpolation(multiline: Bool) -> Bool {
        interpolationDepth += 1
        let mark = tokenCount
        let opener = Int32(position - 1)
        append(Token(kind: .leftParen, start: opener, end: opener + 1, trailingEnd: opener + 1))
        var depth = 0
        var closed = false
        while true {
            skipTrivia(acrossLines: multiline)
            // A single-line string ends at a line break, even inside an interpolation.
            guard position < count, !isLineBreak(base[position]) else { break }
            let byte = base[position]
            if byte == Byte.rightParen {
                if depth == 0 {
                    position += 1
                    closed = true
                    break
                }
                depth -= 1
            } else if byte == Byte.leftParen {
                depth += 1
            }
            let start = position
            var token = Token(kind: .unknown, start: Int32(start), end: 0, trailingEnd: 0)
            lexToken(&token)
            if position == start { position += 1 }
            token.end = Int32(position)
            skipTrivia(acrossLines: false)
            token.trailingEnd = Int32(position)
            append(token)
        }
        // An unterminated literal ends with its last token's text, as the compiler's does; what
        // follows is trivia.
        if !closed { position = Int(storage[tokenCount - 1].end) }
        tokenCount = mark  // Tokens are plain values: dropping them needs no deinitialization.
        preferRegex = false
        interpolationDepth -= 1
        return closed
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

    /// Whether an editor placeholder's `#>` follows on this line, which stops an operator before `<#`.
    func hasPlaceholderEnd(from offset: Int) -> Bool {
        var index = offset
        while index + 1 < count {
            if base[index] == Byte.newline { return false }
            if base[index] == Byte.pound, base[index + 1] == Byte.greater { return true }
            index += 1
        }
        return false
    }

    mutating func lexOperator(_ token: inout Token, preferRegex: Bool) {
        let start = position
        let startsWithDot = base[start] == Byte.dot
        var end = start + max(1, operatorCharacterLength(at: start))
        while end < count {
            if base[end] == Byte.dot && !startsWithDot { break }
            if base[end] == Byte.less, peek(end + 1) == Byte.pound, hasPlaceholderEnd(from: end) { break }
            let length = operatorCharacterLength(at: end)
            if length == 0 { break }
            end += length
        }
        // The first `/` inside the operator may open a regex literal.
        var scan = start
        while scan < end {
            if base[scan] == Byte.slash {
                if let regex = scanOperatorAsRegex(slash: scan, operatorStart: start, operatorEnd: end,
                                                   preferRegex: preferRegex) {
                    if scan > start {
                        position = scan
                        token.kind = classifyOperator(start: start, end: scan)
                        pendingRegex = (scan, regex.offset, regex.malformed)
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
        if token.kind == .unknown { token.isMalformed = true }
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
        } else if end - start == 2 {
            if base[start] == Byte.minus, base[start + 1] == Byte.greater { return .arrow }
            if base[start] == Byte.star, base[start + 1] == Byte.slash { return .unknown }
        } else {
            // A `*/` inside an operator is a stray comment end, which the compiler rejects.
            var index = start
            while index + 1 < end {
                if base[index] == Byte.star, base[index + 1] == Byte.slash { return .unknown }
                index += 1
            }
        }
        if leftBound == rightBound { return .binaryOperator }
        return leftBound ? .postfixOperator : .prefixOperator
    }

    // MARK: Regex literals

    /// Whether the previous token lets an expression start here, the compiler's test for whether
    /// a `/` may open a regex literal rather than continue a binary expression.
    var isInRegexLiteralPosition: Bool {
        guard let previous = lastToken else { return true }
        switch previous.kind {
        case .leftBrace, .leftParen, .leftSquare, .prefixOperator, .prefixAmpersand, .binaryOperator, .equal,
             .semicolon, .comma, .colon, .infixQuestionMark:
            return true
        case .unknown:
            // The compiler's "unknown" token, but not its lone backtick.
            return base[Int(previous.start)] != Byte.backtick
        case .keyword:
            switch previous.word {
            case .true, .false, .Any, .nil, .self, .Self, .super: return false
            default: return true
            }
        case .poundKeyword:
            // `#if`, `#else`, `#elseif`, `#endif` sequence expressions; `#available`,
            // `#unavailable` and `#sourceLocation` do not.
            let first = base[Int(previous.start) + 1]
            return first == UInt8(ascii: "i") || first == UInt8(ascii: "e")
        default:
            return false
        }
    }

    /// Decides, as the compiler does, whether the `/` at `slash` inside an operator opens a regex.
    func scanOperatorAsRegex(slash: Int, operatorStart: Int, operatorEnd: Int,
                             preferRegex: Bool) -> (offset: Int, malformed: Bool)? {
        let leftBound = isLeftBound(operatorStart)
        let rightBound = isRightBound(operatorEnd, leftBound: leftBound)
        guard !leftBound else { return nil }
        if let previous = lastToken, previous.kind == .keyword, previous.word == .func || previous.word == .operator {
            return nil
        }
        var mustBeRegex = false
        if leftBound == rightBound {
            if preferRegex { mustBeRegex = true }
            if !mustBeRegex && !isInRegexLiteralPosition { return nil }
            switch lastToken?.kind {
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
        while peek(index) == Byte.pound, index < count {
            pounds += 1
            index += 1
        }
        guard peek(index) == Byte.slash, index < count else { return nil }
        let openSlash = index
        index += 1
        var malformed = false
        if pounds == 0 {
            let next = peek(index)
            if index < count, next == Byte.space || next == Byte.tab {
                if !mustBeRegex { return nil }
                malformed = true
            } else if index < count, next == Byte.star || next == Byte.slash {
                return nil
            }
            if openSlash > 0, base[openSlash - 1] == Byte.star { return nil }
        }
        var firstNewline: Int?
        if pounds > 0 {
            var scan = index
            while scan < count, base[scan] == Byte.space || base[scan] == Byte.tab { scan += 1 }
            if scan < count, isLineBreak(base[scan]) {
                firstNewline = scan
                index = scan
            }
        }
        let multiline = firstNewline != nil
        var groupDepth = 0
        var classDepth = 0
        var lastSpace = -2
        func unterminated(at end: Int) -> (offset: Int, malformed: Bool)? {
            mustBeRegex ? (end, true) : nil
        }
        while true {
            // The closing delimiter, tried before every pattern character.
            if index < count, base[index] == Byte.slash {
                var close = index + 1
                var closePounds = 0
                if pounds > 0 {
                    while close < count, base[close] == Byte.pound {
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
            // A pattern character, or an escaped one.
            guard index < count else { return unterminated(at: firstNewline ?? count) }
            var byte = base[index]
            var escaped = false
            if byte == Byte.backslash {
                escaped = true
                index += 1
                guard index < count else { return unterminated(at: firstNewline ?? count) }
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
