/// Escaping for the XML formats (Checkstyle, JUnit). Messages quote the user's code and paths
/// are the user's file names, so nothing reaches an XML document without passing through here.
enum XMLEscape {
    /// Text safe inside element content and a double-quoted attribute value.
    ///
    /// Line breaks and tabs become character references because a parser normalises raw ones in
    /// attribute values to spaces. The other C0 controls may not appear in XML 1.0 at all, not
    /// even as references, so they are written out visibly as `\u{…}`.
    static func text(_ text: String) -> String {
        ReportEscape.replacingScalars(text) { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "'": return "&apos;"
            case "\n": return "&#10;"
            case "\r": return "&#13;"
            case "\t": return "&#9;"
            case "\u{FFFE}", "\u{FFFF}":
                // Not characters in XML 1.0 either.
                return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: return ReportEscape.visibleControl(scalar)
            }
        }
    }

    /// The XML declaration every document starts with.
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
}
