/// The Swift grammar's classes of non-ASCII scalars, from "Lexical Structure" in The Swift
/// Programming Language: which scalars may start or continue an operator or an identifier.
enum ScalarClass {
    /// Scalars that may start an operator (the `operator-head` production, non-ASCII part).
    static func isOperatorStart(_ value: UInt32) -> Bool {
        switch value {
        case 0x00A1...0x00A7, 0x00A9, 0x00AB, 0x00AC, 0x00AE, 0x00B0...0x00B1, 0x00B6, 0x00BB, 0x00BF,
             0x00D7, 0x00F7, 0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053,
             0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F,
             0x3001...0x3003, 0x3008...0x3020, 0x3030:
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

    /// Scalars the grammar never allows in an identifier: spaces, separators, and operators.
    private static func isExcludedFromIdentifiers(_ value: UInt32) -> Bool {
        switch value {
        case 0x0085, 0x00A0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return true
        default:
            return isOperatorStart(value)
        }
    }

    /// Scalars that may start an identifier (`identifier-head`, non-ASCII part).
    static func isIdentifierStart(_ value: UInt32) -> Bool {
        guard !isExcludedFromIdentifiers(value) else { return false }
        switch value {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F:
            return false  // Combining marks continue an identifier but cannot start one.
        default:
            return true
        }
    }

    /// Scalars that may continue an identifier (`identifier-character`, non-ASCII part).
    static func isIdentifierContinuation(_ value: UInt32) -> Bool {
        !isExcludedFromIdentifiers(value)
    }
}
