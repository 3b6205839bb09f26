/// ASCII bytes named so byte-level code reads like the grammar (the lexer switches on them; edits
/// and line scans elsewhere test the whitespace and line-break ones).
public enum Byte {
    public static let tab: UInt8 = 0x09, newline: UInt8 = 0x0A, verticalTab: UInt8 = 0x0B
    public static let formFeed: UInt8 = 0x0C, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20
    public static let bang: UInt8 = 0x21, quote: UInt8 = 0x22, pound: UInt8 = 0x23, dollar: UInt8 = 0x24
    public static let apostrophe: UInt8 = 0x27, leftParen: UInt8 = 0x28, rightParen: UInt8 = 0x29
    public static let star: UInt8 = 0x2A, plus: UInt8 = 0x2B, comma: UInt8 = 0x2C, minus: UInt8 = 0x2D
    public static let dot: UInt8 = 0x2E, slash: UInt8 = 0x2F, zero: UInt8 = 0x30, nine: UInt8 = 0x39
    public static let colon: UInt8 = 0x3A, semicolon: UInt8 = 0x3B, less: UInt8 = 0x3C, equal: UInt8 = 0x3D
    public static let greater: UInt8 = 0x3E, question: UInt8 = 0x3F, at: UInt8 = 0x40
    public static let leftSquare: UInt8 = 0x5B, backslash: UInt8 = 0x5C, rightSquare: UInt8 = 0x5D
    public static let underscore: UInt8 = 0x5F, backtick: UInt8 = 0x60, leftBrace: UInt8 = 0x7B
    public static let rightBrace: UInt8 = 0x7D, delete: UInt8 = 0x7F

    /// Whether `byte` ends a line: `\n`, or `\r` alone or before `\n`, as Swift reads them.
    @inlinable public static func isLineBreak(_ byte: UInt8) -> Bool { byte == newline || byte == carriageReturn }
}
