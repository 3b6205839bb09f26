import SourceScan

/// A parsed JSON value that remembers where each object key was written, so a configuration or
/// baseline error can point at `file:line:column` instead of only naming the key.
///
/// Foundation's `JSONSerialization` is not used for reading: it loses key order (so which unknown
/// key is reported first would change from run to run), silently keeps the last of two duplicate
/// keys, and its error messages do not say where the problem is.
indirect enum ParsedJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, as written (`17`, `17.0`, `1e3`); callers decide what they accept.
    case number(String)
    case string(String)
    case array([ParsedJSON])
    /// Members in the order written.
    case object([Member])

    /// One `"key": value` of an object.
    struct Member: Sendable, Equatable {
        var key: String
        var value: ParsedJSON
        /// Byte offset of the key's opening quote in the parsed text.
        var offset: Int
    }

    /// What a value is, in the words an error message uses ("a string", "an array").
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Why a text is not JSON, and where.
struct JSONSyntaxError: Error, Sendable, Equatable {
    var message: String
    /// Byte offset in the text.
    var offset: Int
}

/// A strict RFC 8259 parser over UTF-8 bytes: no comments, no trailing commas, no duplicate keys.
struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    /// Deep enough for any real configuration; shallow enough that hostile input cannot exhaust
    /// the stack through recursion.
    private static let maximumDepth = 256

    /// Parses a whole document.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> ParsedJSON {
        var parser = JSONParser(bytes: bytes)
        // A UTF-8 byte-order mark is harmless and some editors write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, offset: position) }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> ParsedJSON {
        guard let byte = current else { throw error("unexpected end of file") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a value, found \(describe(byte))")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - position >= expected.count, bytes[position..<(position + expected.count)].elementsEqual(expected) else {
            throw error("expected a value, found \(describe(bytes[position]))")
        }
        position += expected.count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> ParsedJSON {
        try enter()
        defer { depth -= 1 }
        position += 1
        var members: [ParsedJSON.Member] = []
        var seen = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error(current == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a key in double quotes")
            }
            let keyOffset = position
            let key = try parseString()
            // A repeated key would silently override the first; say so instead.
            guard seen.insert(key).inserted else { throw JSONSyntaxError(message: "duplicate key '\(key)'", offset: keyOffset) }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key '\(key)'") }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(ParsedJSON.Member(key: key, value: value, offset: keyOffset))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(members)
            case nil: throw error("unexpected end of file: expected ',' or '}'")
            case let byte?: throw error("expected ',' or '}', found \(describe(byte))")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> ParsedJSON {
        try enter()
        defer { depth -= 1 }
        position += 1
        var elements: [ParsedJSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(elements)
            case nil: throw error("unexpected end of file: expected ',' or ']'")
            case let byte?: throw error("expected ',' or ']', found \(describe(byte))")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1  // The opening quote.
        var scalars = String.UnicodeScalarView()
        var runStart = position
        // Runs without escapes are decoded in one go; escapes are decoded one by one.
        func flushRun(_ parser: JSONParser, upTo end: Int, into scalars: inout String.UnicodeScalarView) {
            if end > runStart { scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard let byte = current else { throw error("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                flushRun(self, upTo: position, into: &scalars)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string (write \\n, \\t or \\u00XX)") }
            if byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            flushRun(self, upTo: position, into: &scalars)
            position += 1
            guard let escape = current else { throw error("unterminated string") }
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var value = try parseHex4()
                if (0xD800...0xDBFF).contains(value) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    position += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw error("unpaired surrogate in \\u escape") }
                scalars.append(scalar)
            default:
                position -= 1
                throw error("invalid escape '\\\(describeRaw(escape))' in a string")
            }
            runStart = position
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[position..<(position + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("\\u needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.position
            while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { parser.position += 1 }
            return parser.position - from
        }
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else if digits(&self) == 0 {
            throw error("invalid number")
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw error("invalid number: digits must follow '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw error("invalid number: digits must follow the exponent") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A byte as an error message shows it: `'x'`, or its hex value when it is not printable.
    private func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(describeRaw(byte))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func describeRaw(_ byte: UInt8) -> String { String(UnicodeScalar(byte)) }
}

/// Turns a byte offset of a JSON file into a one-line failure `path:line:column: message`, the
/// shape editors and terminals make clickable.
struct JSONFileLocator {
    var path: String
    var lineMap: LineMap

    /// A failure at `offset`.
    func callAsFunction(_ offset: Int, _ message: String) -> ToolFailure {
        let (line, column) = lineMap.location(of: offset)
        return ToolFailure("\(path):\(line):\(column): \(message)")
    }

    /// Parses `bytes` (the file this locator describes), failing with the position of the problem.
    func parse(_ bytes: [UInt8]) throws -> ParsedJSON {
        if let invalid = FileSystem.firstInvalidUTF8Offset(bytes) { throw self(invalid, "not UTF-8 text") }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw self(error.offset, "invalid JSON: \(error.message)")
        }
    }
}
