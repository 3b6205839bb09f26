/// Escaping for each report format. Messages, suggestions and code excerpts carry text taken
/// from the user's source, so nothing reaches an output without going through one of these.
enum ReportEscape {
    /// Text safe inside HTML element content and double- or single-quoted attribute values.
    static func html(_ text: String) -> String {
        replacingScalars(text) { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "'": return "&#39;"
            default: return visibleControl(scalar)
            }
        }
    }

    /// A JSON string literal, quotes included (RFC 8259). U+2028 and U+2029 are escaped too, so
    /// the output can also be pasted into JavaScript.
    static func jsonString(_ text: String) -> String {
        let body = replacingScalars(text) { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            case "\u{08}": return "\\b"
            case "\u{0C}": return "\\f"
            case "\u{2028}": return "\\u2028"
            case "\u{2029}": return "\\u2029"
            default: return scalar.value < 0x20 || scalar.value == 0x7F ? "\\u" + hex4(scalar.value) : nil
            }
        }
        return "\"" + body + "\""
    }

    /// Text for a Markdown table cell or paragraph on GitHub: `|` would end a cell, `<` would
    /// start raw HTML, and the punctuation Markdown treats as emphasis or links is escaped.
    static func markdown(_ text: String) -> String {
        replacingScalars(terminal(text)) { scalar in
            switch scalar {
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "&": return "&amp;"
            case "\n": return "<br>"
            case "|", "\\", "`", "*", "_", "[", "]", "#", "~": return "\\" + String(scalar)
            default: return nil
            }
        }
    }

    /// A Markdown code span showing `text` literally: fenced with more backticks than the longest
    /// run inside it (CommonMark), padded when it starts or ends with a backtick. Inside a table
    /// a `|` still ends the cell on GitHub, so it is escaped there.
    static func markdownCode(_ text: String, inTable: Bool = false) -> String {
        var body = terminal(text).replacing("\n", with: " ")
        if inTable { body = body.replacing("|", with: "\\|") }
        var longest = 0
        var run = 0
        for character in body {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = body.hasPrefix("`") || body.hasSuffix("`") || body.isEmpty ? " \(body) " : body
        return fence + padded + fence
    }

    /// Text safe to print on a terminal: control characters (an ESC could recolour or retitle the
    /// user's terminal) and bidirectional overrides (which can make code read differently from
    /// what it is) are shown as `\u{…}`. Line breaks and tabs are kept.
    static func terminal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { visibleControl($0) != nil }) else { return text }
        return replacingScalars(text, visibleControl)
    }

    /// `text` with every scalar that `replacement` maps replaced by what it returns and the others
    /// kept: the loop every escaper here and in the lint formats is built on.
    static func replacingScalars(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { result += replaced } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// `\u{…}` for a scalar that should not be emitted raw, nil for one that may.
    static func visibleControl(_ scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        let isControl = (value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(value)
        let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
        guard isControl || isBidi else { return nil }
        return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }

    /// Four uppercase hex digits.
    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
