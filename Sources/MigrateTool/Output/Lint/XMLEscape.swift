/// Escaping for the XML formats (Checkstyle, JUnit). Messages quote the user's code and paths
/// are the user's file names, so nothing reaches an XML document without passing through here.
enum XMLEscape {
    /// Text safe inside element content and a double-quoted attribute value.
    ///
    /// Line breaks and tabs become character references because a parser normalises raw ones in
    /// attribute values to spaces. The other C0 controls may not appear in XML 1.0 at all, not
    /// even as references, so they are written out visibly as `\u{…}`.
    static func text(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default:
                if let visible = ReportEscape.visibleControl(scalar) {
                    result += visible
                } else if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    // Not characters in XML 1.0 either.
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// The XML declaration every document starts with.
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
}
