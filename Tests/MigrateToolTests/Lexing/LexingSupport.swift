// Namespace and helpers for the lexer tests, so `swift test --filter Lexing` selects exactly them:
// the filter matches test identifiers, and every suite here is nested in this one.

import Testing
@testable import SourceScan

/// The lexer's tests: lexical forms, round-trip properties, and the corpus.
@Suite("Lexing")
enum Lexing {}

/// A token as the tests compare it: kind and text, trivia left out.
struct Lexeme: Equatable, CustomStringConvertible {
    var kind: TokenKind
    var text: String

    init(_ kind: TokenKind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    var description: String { "\(kind.name) \(text.debugDescription)" }
}

extension Lexing {
    /// The tokens of `source`, without the end-of-file token.
    static func lexemes(_ source: String) -> [Lexeme] {
        lexemes(Array(source.utf8))
    }

    /// The tokens of raw bytes, without the end-of-file token; texts decode invalid UTF-8 as U+FFFD.
    static func lexemes(_ bytes: [UInt8]) -> [Lexeme] {
        let file = SourceFile(path: "<test>", bytes: bytes)
        return file.tokens.dropLast().map { Lexeme($0.kind, String(decoding: bytes[$0.textRange], as: UTF8.self)) }
    }

    /// Just the texts of the tokens of `source`.
    static func texts(_ source: String) -> [String] {
        lexemes(source).map(\.text)
    }

    /// The single token `source` should be, or nil when it lexes as more or fewer than one.
    static func only(_ source: String) -> Token? {
        let tokens = Lexer.tokenize(source)
        return tokens.count == 2 ? tokens[0] : nil
    }

    /// Whether the tokens of `bytes` tile it and give it back byte for byte.
    static func roundTrips(_ bytes: [UInt8]) -> Bool {
        let tokens = Lexer.tokenize(bytes)
        return TokenTiling.isExact(tokens, byteCount: bytes.count) && TokenTiling.reassemble(tokens, from: bytes) == bytes
    }
}

/// A small deterministic random number generator (SplitMix64), so generated inputs are the same
/// on every run and every machine, and a failure names a seed that reproduces it.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
