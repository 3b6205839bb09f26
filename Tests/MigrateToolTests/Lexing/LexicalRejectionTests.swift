import Testing
@testable import SourceScan

/// Spots the compiler's lexer reads past but reports as errors, so that `malformed-file` can
/// block a file the compiler rejects even where no token is malformed. Each case was checked
/// with `swiftc -frontend -parse` (Swift 6.3), which rejects every "rejected" one and accepts
/// every "accepted" one; the offset is where the spot starts (the compiler points at the end of
/// a comment never closed, and one byte into a conflict marker).
@Suite struct LexicalRejectionTests {
    static func rejection(_ bytes: [UInt8]) -> Lexer.Rejection? {
        SourceFile(path: "t.swift", bytes: bytes).lexicalRejection
    }

    static func rejection(_ text: String) -> Lexer.Rejection? {
        rejection(Array(text.utf8))
    }

    @Test("what the compiler rejects, and where", arguments: [
        ("let a = 1\n<<<<<<< HEAD\nlet b = 2\n=======\nlet b = 3\n>>>>>>> other\n", 10, "a source control conflict marker"),
        ("let a = 1\n/* open /* nested */ still open\n", 10, "'/*' is never closed"),
        ("let a = 1 \u{01}\n", 10, "an invalid character, U+0001"),
        ("let a = 1 \u{7F}\n", 10, "an invalid character, U+007F"),
        ("let a = 1 \u{2014}\n", 10, "an invalid character, U+2014"),
        ("let a = 1 \u{3000}\n", 10, "an invalid character, U+3000"),
        ("let a = 1 \u{2028}\n", 10, "an invalid character, U+2028"),
        ("let a = 1\n\u{FEFF}let b = 2\n", 10, "a byte-order mark inside the file"),
        ("let s = \"a\tb\"\n", 10, "an unprintable character, U+0009, in a string literal"),
        ("let s = \"\"\"\n  a\u{0C}\n  \"\"\"\n", 15, "an unprintable character, U+000C, in a string literal"),
        ("let s = #\"a\u{1B}\"#\n", 11, "an unprintable character, U+001B, in a string literal"),
        ("let s = \"\\(f(\"x\u{01}\"))\"\n", 15, "an unprintable character, U+0001, in a string literal"),
        ("let s = \"a\\qb\"\n", 10, "an invalid escape sequence in a string literal"),
        ("let s = \"a\\ b\"\n", 10, "an invalid escape sequence in a string literal"),
        ("let s = #\"a\\#qb\"#\n", 11, "an invalid escape sequence in a string literal"),
        ("let s = \"\\u{110000}\"\n", 9, "an invalid unicode escape in a string literal"),
        ("let s = \"\\u{D800}\"\n", 9, "an invalid unicode escape in a string literal"),
        ("let s = \"\\u{}\"\n", 9, "an invalid unicode escape in a string literal"),
        ("let s = \"\\u{000000041}\"\n", 9, "an invalid unicode escape in a string literal"),
        ("let s = \"\\u0041\"\n", 9, "a unicode escape without braces in a string literal"),
        ("let s = \"\"\"abc\n  \"\"\"\n", 11, "a multi-line string literal whose content does not begin on a new line"),
        ("let s = \"\"\"  \n  abc\n  \"\"\"\n", 11, "a multi-line string literal whose content does not begin on a new line"),
        ("let s = \"\"\"\n  abc\"\"\"\n", 14, "a multi-line string literal whose closing quotes do not begin a line"),
        ("let s = \"\"\"\n  abc\n x\n  \"\"\"\n", 19, "a line of a multi-line string literal indented less than its closing quotes"),
        ("let s = \"\"\"\n  abc\n \n  \"\"\"\n", 19, "a line of a multi-line string literal indented less than its closing quotes"),
        ("let s = \"\"\"\n\tabc\n  \"\"\"\n", 12, "a line of a multi-line string literal indented less than its closing quotes"),
        ("let s = \"\"\"\n  abc\\\ndef\n  \"\"\"\n", 19, "a line of a multi-line string literal indented less than its closing quotes"),
        ("let s = \"\"\"\n  a \\(f(\nx\n  )) b\n  \"\"\"\n", 21, "a line of a multi-line string literal indented less than its closing quotes"),
        ("let s = \"\"\"\r\n  abc\r\n x\r\n  \"\"\"\r\n", 21, "a line of a multi-line string literal indented less than its closing quotes"),
        ("let s = #\"abc\"##\n", 15, "too many '#' after a raw string literal's closing quote"),
        ("let s = #\"\"\"\n  abc\n  \"\"\"##\n", 25, "too many '#' after a raw string literal's closing quote"),
    ])
    func rejected(_ source: String, _ offset: Int, _ reason: String) throws {
        let rejection = try #require(Self.rejection(source))
        #expect(rejection == Lexer.Rejection(offset: offset, reason: reason))
    }

    /// Swift has no single-quoted literals: the token is malformed (no lexical rejection needed).
    @Test func aSingleQuotedLiteralIsMalformed() {
        let file = SourceFile(path: "t.swift", text: "let c = 'a'\n")
        #expect(file.tokens.contains { $0.kind == .stringLiteral && $0.isMalformed })
    }

    @Test func invalidUTF8InTriviaIsRejected() {
        #expect(Self.rejection(Array("let a = 1 ".utf8) + [0xFF] + Array("\n".utf8)) == Lexer.Rejection(offset: 10, reason: "invalid UTF-8"))
    }

    @Test func onlyTheFirstSpotIsKept() {
        #expect(Self.rejection("let a = 1 \u{01}\n<<<<<<< HEAD\n>>>>>>> x\n")?.offset == 10)
    }

    /// What the compiler accepts (at most with a warning) is not a rejection.
    @Test("accepted", arguments: [
        "\u{FEFF}let a = 1\n",                        // a byte-order mark at the start
        "let a = 1\u{A0}\n",                          // a no-break space: a warning
        "let a = 1\t\u{0B}\u{0C}\n",                  // tab, vertical tab, form feed
        "let a = 1 // \u{01} \u{2014} \u{7F}\n",      // anything in a line comment
        "/* \u{01} \u{2014} /* nested */ */ let a = 1\n",
        "let s = \"\"\"\n\ta\n\t\"\"\"\n",            // a tab in a multi-line string
        "let s = \"a \u{2014} \u{A0} b\"\n",          // any non-ASCII scalar in a string
        "let a = 1 /* closed at the very end */",
        "let s = \"\\0\\t\\n\\r\\\"\\'\\\\ \\u{41} \\u{10FFFF} \\u{0000001F}\"\n",
        "let s = #\"a\\qb \\( not an interpolation\"#\n",
        "let s = \"\"\"\n  abc\n\n    deeper\n  \\(f(\n  x)) b\\\n  c\n  \"\"\"\n",
        "let s = \"\"\"\r\n  abc\r\n\r\n  \"\"\"\r\n",
        "let s = \"\"\"\rabc\r\"\"\"\r",
        "let s = \"\"\"\n  a \\(\"\"\"\n  inner\n  \"\"\") b\n  \"\"\"\n",
        "let s = #\"\"\"\n  \"\"\" is text here\n  \"\"\"#\n",
    ])
    func accepted(_ source: String) {
        #expect(Self.rejection(source) == nil)
    }

    @Test func aNulByteIsOnlyAWarning() {
        #expect(Self.rejection(Array("let a = 1 ".utf8) + [0] + Array("\nlet s = \"a".utf8) + [0] + Array("b\"\n".utf8)) == nil)
    }
}
