/// What a token is, as far as the rules and the structure layer need to know.
///
/// The split follows swift-syntax's lexer where it matters for boundaries (operators, `?`/`!`,
/// `@`, pound keywords), but a whole string or regex literal is one token: the rules never look
/// inside a literal, and one token per literal keeps the stream short.
public enum TokenKind: UInt8, Sendable, CaseIterable {
    /// A name, backticked or not; also an editor placeholder `<#name#>` and the compiler's
    /// recoveries that it lexes as identifiers (a “curly-quoted” string, a leading combining mark).
    case identifier
    /// A word the compiler's lexer always treats as a keyword (`class`, `var`, `self`, …).
    case keyword
    /// `$0`, `$name`: closure parameters and projected values.
    case dollarIdentifier
    case integerLiteral
    case floatLiteral
    /// A whole string literal: quotes, raw `#` delimiters, segments and interpolations.
    case stringLiteral
    /// A whole regex literal, `/…/` or `#/…/#`.
    case regexLiteral
    case atSign
    /// `#` before a macro or directive name that is not a pound keyword (`#Preview`, `#selector`).
    case pound
    /// `#if`, `#else`, `#elseif`, `#endif`, `#sourceLocation`, `#available`, `#unavailable`.
    case poundKeyword
    case shebang
    case leftParen
    case rightParen
    case leftBrace
    case rightBrace
    case leftSquare
    case rightSquare
    case comma
    case colon
    case colonColon
    case semicolon
    case period
    case backslash
    case arrow
    case equal
    case prefixAmpersand
    case postfixQuestionMark
    case infixQuestionMark
    case exclamationMark
    case binaryOperator
    case prefixOperator
    case postfixOperator
    /// What the compiler lexes as a token but cannot use: a lone backtick, a closing curly quote,
    /// a stray `*/`. (Bytes that can start no token at all, such as invalid UTF-8, control
    /// characters or a no-break space, are trivia, as they are for the compiler.)
    case unknown
    /// The empty token at the end of every stream; its leading trivia holds the file's tail.
    case endOfFile

    /// The name used in `debug tokens` output.
    public var name: String { String(describing: self) }

    /// Whether the token opens a bracket pair: `(`, `[` or `{`.
    @inlinable public var isOpeningBracket: Bool { self == .leftParen || self == .leftSquare || self == .leftBrace }

    /// Whether the token closes a bracket pair: `)`, `]` or `}`.
    @inlinable public var isClosingBracket: Bool { self == .rightParen || self == .rightSquare || self == .rightBrace }

    /// Whether the token is an operator of any kind (including `=`, `->`, `?`, `!`, `&`).
    public var isOperator: Bool {
        switch self {
        case .arrow, .equal, .prefixAmpersand, .postfixQuestionMark, .infixQuestionMark,
             .exclamationMark, .binaryOperator, .prefixOperator, .postfixOperator:
            return true
        default:
            return false
        }
    }
}

/// One token with the byte ranges of its text and trivia.
///
/// The text runs from `start` to `end`, trailing trivia from `end` to `trailingEnd`. The tokens of
/// a file tile it: a token's leading trivia runs from the previous token's `trailingEnd` (0 for
/// the first) to its `start` (`SourceFile.leadingTriviaRange(of:)`), and the end-of-file token's
/// `trailingEnd` is the file's length. The leading start is not stored, since the previous token
/// holds it: that and `Int32` offsets keep the token at 16 bytes, 160 MB for a 50 MB file's ten
/// million tokens. The file reader refuses files of 2 GiB and more.
public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    /// Which known word the token spells, or `.none`. Set for identifiers and keywords alike,
    /// so the structure layer can test for contextual words (`lazy`, `override`) without strings.
    public var word: Word
    /// Set where the compiler would report the token: an unterminated string or regex literal,
    /// a malformed number, an empty raw identifier, an editor placeholder, an unknown token.
    public var isMalformed: Bool
    public var start: Int32
    public var end: Int32
    public var trailingEnd: Int32

    /// Creates a token from its kind and byte offsets.
    public init(kind: TokenKind, word: Word = .none, isMalformed: Bool = false,
                start: Int32, end: Int32, trailingEnd: Int32) {
        self.kind = kind
        self.word = word
        self.isMalformed = isMalformed
        self.start = start
        self.end = end
        self.trailingEnd = trailingEnd
    }

    /// The token's text, without trivia, as a byte range.
    @inlinable public var textRange: Range<Int> { Int(start)..<Int(end) }
    /// The trailing trivia as a byte range.
    @inlinable public var trailingTriviaRange: Range<Int> { Int(end)..<Int(trailingEnd) }
    /// Whether the token is a word (identifier or keyword) spelling `word`.
    @inlinable public func isWord(_ word: Word) -> Bool { self.word == word }
}
