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
    ])
    func rejected(_ source: String, _ offset: Int, _ reason: String) throws {
        let rejection = try #require(Self.rejection(source))
        #expect(rejection == Lexer.Rejection(offset: offset, reason: reason))
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
    ])
    func accepted(_ source: String) {
        #expect(Self.rejection(source) == nil)
    }

    @Test func aNulByteIsOnlyAWarning() {
        #expect(Self.rejection(Array("let a = 1 ".utf8) + [0] + Array("\nlet s = \"a".utf8) + [0] + Array("b\"\n".utf8)) == nil)
    }
}
