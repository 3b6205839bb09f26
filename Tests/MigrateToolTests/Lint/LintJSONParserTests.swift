import Testing
@testable import MigrateTool

/// The strict JSON reader behind the configuration and baseline files.
@Suite struct LintJSONParserTests {
    static func parse(_ text: String) throws(JSONSyntaxError) -> ParsedJSON { try JSONParser.parse(Array(text.utf8)) }

    @Test func readsEveryKindOfValueAndKeepsKeyOrderAndOffsets() throws {
        let value = try Self.parse(#"  {"b": [1, -2.5e3, true, false, null], "a": {"x": "y"}}  "#)
        #expect(value == .object([
            .init(key: "b", value: .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]), offset: 3),
            .init(key: "a", value: .object([.init(key: "x", value: .string("y"), offset: 46)]), offset: 40),
        ]))
    }

    @Test func decodesStringEscapesAndKeepsUnicode() throws {
        #expect(try Self.parse(#""a\"b\\c\/d\n\t\u00e9\ud834\udd1e é""#) == .string("a\"b\\c/d\n\té𝄞 é"))
        // A byte-order mark before the document is skipped.
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([]))
    }

    @Test func rejectsWhatRFC8259Rejects() {
        let cases: [(String, String, Int)] = [
            ("[1,]", "trailing comma before ']'", 3),
            ("{\"a\" 1}", "expected ':' after the key 'a'", 5),
            ("{a: 1}", "expected a key in double quotes", 1),
            ("[01]", "expected ',' or ']', found '1'", 2),
            ("[1.]", "invalid number: digits must follow '.'", 3),
            ("\"tab\there\"", "control character in a string (write \\n, \\t or \\u00XX)", 4),
            ("\"\\x\"", "invalid escape '\\x' in a string", 2),
            ("\"\\ud834\"", "unpaired surrogate in \\u escape", 7),
            ("\"open", "unterminated string", 5),
            ("[1] 2", "unexpected text after the JSON value", 4),
            ("// comment\n{}", "expected a value, found '/'", 0),
            ("tru", "expected a value, found 't'", 0),
            (String(repeating: "[", count: 300), "nested more than 256 levels deep", 256),
        ]
        for (text, message, offset) in cases {
            #expect(throws: JSONSyntaxError(message: message, offset: offset), "\(text)") { try Self.parse(text) }
        }
    }
}
