/// A quick look at an old-style (OpenStep) property list, the format of `project.pbxproj`, for
/// the ways real projects break: a merge left conflict markers, or the file was cut short.
/// Foundation's parser rejects such a file too, but on Linux it prints its own log line to
/// standard error (a timestamp, a pid, "Break on … to debug") and returns no reason, so these
/// are told first, in one line with the line number.
enum OldStylePlistCheck {
    /// Why the bytes cannot be a well-formed old-style property list, with the line; nil when
    /// nothing is visibly wrong (Foundation's parser still has the last word) or the file is
    /// another format (XML, binary).
    static func problem(_ bytes: [UInt8]) -> String? {
        guard let first = bytes.first(where: { !isSpace($0) }), first == UInt8(ascii: "/") || first == UInt8(ascii: "{") else { return nil }
        var line = 1
        var openers: [(byte: UInt8, line: Int)] = []
        var index = 0
        var atLineStart = true
        while index < bytes.count {
            let byte = bytes[index]
            if atLineStart, let marker = conflictMarker(bytes, at: index) {
                return "line \(line): a merge conflict marker '\(marker)' (resolve the conflict in the project file)"
            }
            atLineStart = false
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                atLineStart = true
            case UInt8(ascii: "\""):
                let start = line
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 } else if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                if index >= bytes.count { return "line \(start): a quoted string is not closed (the file ends inside it: cut short?)" }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let start = line
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                if index + 1 >= bytes.count { return "line \(start): a comment is not closed (the file ends inside it: cut short?)" }
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "("):
                openers.append((byte, line))
            case UInt8(ascii: "}"), UInt8(ascii: ")"):
                let expected = byte == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "(")
                guard let last = openers.popLast(), last.byte == expected else {
                    return "line \(line): a '\(Character(Unicode.Scalar(byte)))' closes nothing open"
                }
            default:
                break
            }
            index += 1
        }
        if let open = openers.last {
            let kind = open.byte == UInt8(ascii: "{") ? "dictionary" : "array"
            return "line \(open.line): a \(kind) opened here is not closed (the file ends at line \(line): cut short?)"
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// `<<<<<<<`, `=======` or `>>>>>>>` at `index`, the start of a line.
    private static func conflictMarker(_ bytes: [UInt8], at index: Int) -> String? {
        for marker in ["<<<<<<<", "=======", ">>>>>>>"] {
            let utf8 = Array(marker.utf8)
            if index + utf8.count <= bytes.count, Array(bytes[index..<(index + utf8.count)]) == utf8 { return marker }
        }
        return nil
    }
}
