/// The classes of non-ASCII scalars the Swift compiler's lexer distinguishes: which scalars may
/// start or continue an identifier or an operator.
///
/// The ranges are the ones swift-syntax 603's lexer applies (the identifier ranges of C11's
/// Annex D, the operator ranges of "Lexical Structure"), not the Unicode XID properties: where
/// the two differ, a boundary must fall where the compiler puts it. One divergence from the book
/// is deliberate for that reason: the compiler's operator heads include U+3021–U+302F.
/// Callers handle ASCII themselves (through the lexer's byte table); these are for scalars ≥ 0x80.
enum ScalarClass {
    /// Scalars that may start an operator (`operator-head`, non-ASCII part).
    static func isOperatorStart(_ value: UInt32) -> Bool {
        switch value {
        case 0x00A1...0x00A7, 0x00A9, 0x00AB, 0x00AC, 0x00AE, 0x00B0, 0x00B1, 0x00B6, 0x00BB, 0x00BF,
             0x00D7, 0x00F7, 0x2016, 0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053,
             0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F,
             0x3001...0x3003, 0x3008...0x3030:
            return true
        default:
            return false
        }
    }

    /// Scalars that may continue an operator (`operator-character`).
    static func isOperatorContinuation(_ value: UInt32) -> Bool {
        if isOperatorStart(value) { return true }
        switch value {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
             0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }

    /// Scalars that may continue an identifier (`identifier-character`, non-ASCII part).
    static func isIdentifierContinuation(_ value: UInt32) -> Bool {
        switch value {
        case 0x00A8, 0x00AA, 0x00AD, 0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA, 0x00BC...0x00BE,
             0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x00FF,
             0x0100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF,
             0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054, 0x2060...0x206F,
             0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
             0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
             0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8:
            return true
        case 0x10000...0xEFFFD:
            // Every supplementary plane up to 14, less each plane's last two code points.
            return value & 0xFFFF <= 0xFFFD
        default:
            return false
        }
    }

    /// Scalars that may start an identifier (`identifier-head`, non-ASCII part): the
    /// continuation scalars less the combining marks.
    static func isIdentifierStart(_ value: UInt32) -> Bool {
        guard isIdentifierContinuation(value) else { return false }
        switch value {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F:
            return false
        default:
            return true
        }
    }
}
