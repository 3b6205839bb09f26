// Each lexical form the lexer knows, with kinds and exact token texts. The expected boundaries
// are the compiler's: every input here also agrees with swift-syntax 603's parser under
// Benchmarks/compare_boundaries.py.

import Testing
@testable import SourceScan

extension Lexing {
    @Suite struct Words {
        @Test("every known word lexes as one token carrying its Word", arguments: Word.allCases.filter { $0 != .none })
        func knownWord(_ word: Word) throws {
            let token = try #require(Lexing.only(word.spelling))
            #expect(token.word == word)
            #expect(token.kind == (word.isReservedKeyword ? .keyword : .identifier))
        }

        @Test func reservedAndContextualWordsInADeclaration() {
            let source = "public final class Model: ObservableObject { @Published private(set) var count = 0; lazy var x = 1 }"
            let tokens = Lexer.tokenize(source)
            let words = tokens.map(\.word)
            #expect(words.contains(.public) && words.contains(.final) && words.contains(.lazy) && words.contains(.private))
            #expect(Lexing.lexemes(source).prefix(6) == [
                Lexeme(.keyword, "public"), Lexeme(.identifier, "final"), Lexeme(.keyword, "class"),
                Lexeme(.identifier, "Model"), Lexeme(.colon, ":"), Lexeme(.identifier, "ObservableObject"),
            ])
        }

        @Test func wordsAreExactNotPrefixes() {
            #expect(Lexing.only("classy")?.word == Word.none)
            #expect(Lexing.only("varName")?.kind == .identifier)
            #expect(Lexing.only("Self")?.kind == .keyword)
            #expect(Lexing.only("self_")?.word == Word.none)
            #expect(Lexing.only("_")?.kind == .identifier)
        }
    }

    @Suite struct Identifiers {
        @Test func backtickedAndRawIdentifiers() {
            #expect(Lexing.lexemes("`class` `default` `a b`") == [
                Lexeme(.identifier, "`class`"), Lexeme(.identifier, "`default`"), Lexeme(.identifier, "`a b`"),
            ])
            #expect(Lexing.only("`class`")?.word == Word.none)
            // No closing backtick on the line: the backtick is a token of its own.
            #expect(Lexing.lexemes("`abc\nx") == [Lexeme(.unknown, "`"), Lexeme(.identifier, "abc"), Lexeme(.identifier, "x")])
        }

        @Test func unicodeIdentifiers() {
            #expect(Lexing.lexemes("let café = π + 日本語 + 💩x") == [
                Lexeme(.keyword, "let"), Lexeme(.identifier, "café"), Lexeme(.equal, "="), Lexeme(.identifier, "π"),
                Lexeme(.binaryOperator, "+"), Lexeme(.identifier, "日本語"), Lexeme(.binaryOperator, "+"),
                Lexeme(.identifier, "💩x"),
            ])
            // Combining marks continue an identifier; operator characters end it.
            #expect(Lexing.texts("e\u{301}x∂y") == ["e\u{301}x", "∂", "y"])
        }

        @Test func dollarIdentifiers() {
            #expect(Lexing.lexemes("$0 + $1.count + $store + $") == [
                Lexeme(.dollarIdentifier, "$0"), Lexeme(.binaryOperator, "+"), Lexeme(.dollarIdentifier, "$1"),
                Lexeme(.period, "."), Lexeme(.identifier, "count"), Lexeme(.binaryOperator, "+"),
                Lexeme(.dollarIdentifier, "$store"), Lexeme(.binaryOperator, "+"), Lexeme(.identifier, "$"),
            ])
        }

        @Test func editorPlaceholder() {
            #expect(Lexing.lexemes("f(<#value#>)") == [
                Lexeme(.identifier, "f"), Lexeme(.leftParen, "("), Lexeme(.identifier, "<#value#>"), Lexeme(.rightParen, ")"),
            ])
        }
    }

    @Suite struct AttributesAndPound {
        @Test func attributesWithArguments() {
            #expect(Lexing.lexemes("@available(iOS 17.0, *) @MainActor @Published") == [
                Lexeme(.atSign, "@"), Lexeme(.identifier, "available"), Lexeme(.leftParen, "("),
                Lexeme(.identifier, "iOS"), Lexeme(.floatLiteral, "17.0"), Lexeme(.comma, ","),
                Lexeme(.binaryOperator, "*"), Lexeme(.rightParen, ")"), Lexeme(.atSign, "@"),
                Lexeme(.identifier, "MainActor"), Lexeme(.atSign, "@"), Lexeme(.identifier, "Published"),
            ])
        }

        @Test func conditionalCompilation() {
            let source = "#if os(iOS) && DEBUG\nlet a = 1\n#elseif canImport(UIKit)\n#else\n#endif"
            let pound = Lexing.lexemes(source).filter { $0.kind == .poundKeyword }.map(\.text)
            #expect(pound == ["#if", "#elseif", "#else", "#endif"])
        }

        @Test func poundKeywordsAndMacros() {
            #expect(Lexing.lexemes("#available(iOS 17, *)").prefix(2) == [Lexeme(.poundKeyword, "#available"), Lexeme(.leftParen, "(")])
            #expect(Lexing.lexemes("#unavailable(iOS 9)").first == Lexeme(.poundKeyword, "#unavailable"))
            #expect(Lexing.lexemes("#sourceLocation(file: \"a.swift\", line: 1)").first == Lexeme(.poundKeyword, "#sourceLocation"))
            #expect(Lexing.lexemes("#Preview { ContentView() }").prefix(3) == [
                Lexeme(.pound, "#"), Lexeme(.identifier, "Preview"), Lexeme(.leftBrace, "{"),
            ])
            #expect(Lexing.lexemes("#selector(tap(_:))").prefix(3) == [
                Lexeme(.pound, "#"), Lexeme(.identifier, "selector"), Lexeme(.leftParen, "("),
            ])
            // Not a pound keyword of the compiler's: a macro named `_hasSymbol`.
            #expect(Lexing.texts("#_hasSymbol(x)").prefix(2) == ["#", "_hasSymbol"])
            #expect(Lexing.texts("#if2") == ["#if", "2"])
        }
    }

    @Suite struct Numbers {
        @Test("numeric literals", arguments: [
            ("42", TokenKind.integerLiteral), ("1_000_000", .integerLiteral), ("0x1F", .integerLiteral),
            ("0xdead_beef", .integerLiteral), ("0o17", .integerLiteral), ("0b1010_0101", .integerLiteral),
            ("1.5", .floatLiteral), ("1e10", .floatLiteral), ("1.5e-3", .floatLiteral), ("2E+8", .floatLiteral),
            ("0x1.8p3", .floatLiteral), ("0xFFp-2", .floatLiteral), ("1_000.000_1", .floatLiteral),
        ])
        func literal(_ source: String, _ kind: TokenKind) throws {
            let token = try #require(Lexing.only(source))
            #expect(token.kind == kind)
            #expect(!token.isMalformed)
        }

        @Test func memberAccessAfterNumbers() {
            #expect(Lexing.texts("t.0.1") == ["t", ".", "0", ".", "1"])
            #expect(Lexing.texts("0xff.description") == ["0xff", ".", "description"])
            #expect(Lexing.texts("1.description") == ["1", ".", "description"])
            #expect(Lexing.texts("1..<2") == ["1", "..<", "2"])
            #expect(Lexing.texts("1...3") == ["1", "...", "3"])
        }

        @Test func malformedNumbersKeepTheirBytes() {
            #expect(Lexing.only("1st")?.isMalformed == true)
            #expect(Lexing.only("0b102")?.isMalformed == true)
            #expect(Lexing.only("0xZZ")?.isMalformed == true)
            #expect(Lexing.only("1e")?.isMalformed == true)
            // The compiler ends a float without an exponent at its digits.
            #expect(Lexing.texts("1.5abc") == ["1.5", "abc"])
        }
    }

    @Suite struct Strings {
        @Test func singleLine() {
            #expect(Lexing.lexemes(#"let s = "a \"quoted\" \\ \n \t \u{1F600}""#).last == Lexeme(.stringLiteral, #""a \"quoted\" \\ \n \t \u{1F600}""#))
            #expect(Lexing.texts(#""" + "x""#) == [#""""#, "+", #""x""#])
        }

        @Test func multiLine() {
            let source = "let s = \"\"\"\n  line \"one\"\n  \"\"still\"\"\n  \"\"\"\nlet t = 1"
            let lexemes = Lexing.lexemes(source)
            #expect(lexemes[3] == Lexeme(.stringLiteral, "\"\"\"\n  line \"one\"\n  \"\"still\"\"\n  \"\"\""))
            #expect(lexemes.suffix(4).map(\.text) == ["let", "t", "=", "1"])
        }

        @Test func rawStringsWithAnyNumberOfPounds() {
            #expect(Lexing.texts(##"#"a "quoted" \n"#"##) == [##"#"a "quoted" \n"#"##])
            #expect(Lexing.texts(###"##"a "# still"## + 1"###) == [###"##"a "# still"##"###, "+", "1"])
            // `#"""#` is a one-line raw string holding a quote, not a multi-line opener.
            #expect(Lexing.texts(##"f(#"""#)"##) == ["f", "(", ##"#"""#"##, ")"])
            #expect(Lexing.texts("#\"\"\"\n  raw \"# not the end\n  \"\"\"#") == ["#\"\"\"\n  raw \"# not the end\n  \"\"\"#"])
        }

        @Test func interpolationNestedToDepth() {
            let source = #"let s = "a\(b + "c\(d.map { "\($0) \(")")" }.joined())") e" + x"#
            let lexemes = Lexing.lexemes(source)
            #expect(lexemes.map(\.kind) == [.keyword, .identifier, .equal, .stringLiteral, .binaryOperator, .identifier])
            #expect(lexemes[3].text == #""a\(b + "c\(d.map { "\($0) \(")")" }.joined())") e""#)
            #expect(Lexing.texts(##"#"x\#(y + "\(z)")"#"##) == [##"#"x\#(y + "\(z)")"#"##])
            // In a raw string `\(` is not an interpolation, so its `)` and `"` are plain text.
            #expect(Lexing.texts(##"#"\(")"# + 1"##) == [##"#"\(")"#"##, "+", "1"])
        }

        @Test func interpolationHoldsCommentsRegexesAndMultiLineStrings() {
            #expect(Lexing.texts(#""a\( /* ) */ b)" + c"#) == [#""a\( /* ) */ b)""#, "+", "c"])
            #expect(Lexing.texts(#""\(x.replacing(/\)/, with: ")"))" + 1"#) == [#""\(x.replacing(/\)/, with: ")"))""#, "+", "1"])
            let multi = "\"\"\"\n\\(items.map {\n  \"\"\"\n  inner\n  \"\"\"\n})\n\"\"\" + z"
            #expect(Lexing.texts(multi) == ["\"\"\"\n\\(items.map {\n  \"\"\"\n  inner\n  \"\"\"\n})\n\"\"\"", "+", "z"])
        }

        @Test func characterLiteralsInSingleQuotes() {
            #expect(Lexing.lexemes("'a' + '\"'") == [Lexeme(.stringLiteral, "'a'"), Lexeme(.binaryOperator, "+"), Lexeme(.stringLiteral, "'\"'")])
        }
    }

    @Suite struct RegexLiterals {
        @Test func extendedDelimiters() {
            #expect(Lexing.lexemes("let r = #/a/b/#").last == Lexeme(.regexLiteral, "#/a/b/#"))
            #expect(Lexing.texts("##/a/#b/## + 1") == ["##/a/#b/##", "+", "1"])
            #expect(Lexing.texts("let r = #/\n  a+ # comment\n  /#\nx") == ["let", "r", "=", "#/\n  a+ # comment\n  /#", "x"])
        }

        @Test func bareSlashWhereAnExpressionStarts() {
            #expect(Lexing.lexemes("let r = /ab+c/").last == Lexeme(.regexLiteral, "/ab+c/"))
            #expect(Lexing.texts("f(/a\\/b/)") == ["f", "(", "/a\\/b/", ")"])
            #expect(Lexing.texts("[/a/, /b/]") == ["[", "/a/", ",", "/b/", "]"])
            #expect(Lexing.texts("try? /a b/.wholeMatch(in: s)").prefix(3) == ["try", "?", "/a b/"])
            // A prefix `/` may always open one, as in `a /b/ c`, which the compiler reads as a regex.
            #expect(Lexing.texts("a /b/ c") == ["a", "/b/", "c"])
            // A regex may open inside an operator: the operator's prefix is a token of its own.
            #expect(Lexing.texts("let a = !/x/.count") == ["let", "a", "=", "!", "/x/", ".", "count"])
            #expect(Lexing.texts("</t></") == ["<", "/t></"])
            // After `try?` or `try!` even a spaced `/` opens one, since `try` cannot be an operand.
            #expect(Lexing.texts("try! / x /") == ["try", "!", "/ x /"])
            #expect(Lexing.texts("x! / y /") == ["x", "!", "/", "y", "/"])
        }

        @Test func bareSlashAsDivisionOrOperator() {
            #expect(Lexing.lexemes("let q = x / y / z").map(\.kind) == [.keyword, .identifier, .equal, .identifier, .binaryOperator, .identifier, .binaryOperator, .identifier])
            #expect(Lexing.texts("a/b/c") == ["a", "/", "b", "/", "c"])
            #expect(Lexing.texts("x.reduce(0, /)") == ["x", ".", "reduce", "(", "0", ",", "/", ")"])
            #expect(Lexing.texts("foo(/, /)") == ["foo", "(", "/", ",", "/", ")"])
            #expect(Lexing.texts("f(/ a/)") == ["f", "(", "/", "a", "/", ")"])  // a space after `/` opens no regex here
            #expect(Lexing.texts("prefix operator /^/") == ["prefix", "operator", "/^/"])
        }

        @Test func unterminatedRegexIsOneMalformedToken() throws {
            let token = try #require(Lexer.tokenize("#/abc\nx").first)
            #expect(token.kind == .regexLiteral && token.isMalformed && token.end == 5)
        }
    }

    @Suite struct Comments {
        @Test func commentsAreTrivia() {
            let source = "/// doc\n/** block */ a // line\n/* outer /* inner */ still */ b"
            #expect(Lexing.texts(source) == ["a", "b"])
            let file = SourceFile(text: source)
            // Trailing trivia runs to the end of the line; the next line's comments lead the next token.
            #expect(file.leadingTriviaRange(of: 0) == 0..<21)
            #expect(file.tokens[0].trailingTriviaRange == 22..<30)
            #expect(file.leadingTriviaRange(of: 1) == 30..<61)
        }

        @Test func unterminatedBlockCommentRunsToTheEnd() {
            let tokens = Lexer.tokenize("a /* never /* closed */")
            #expect(tokens.count == 2)
            #expect(tokens[0].trailingTriviaRange == 1..<23)
        }
    }

    @Suite struct Operators {
        @Test func prefixPostfixAndBinary() {
            #expect(Lexing.lexemes("a?.b!.c ?? !d") == [
                Lexeme(.identifier, "a"), Lexeme(.postfixQuestionMark, "?"), Lexeme(.period, "."), Lexeme(.identifier, "b"),
                Lexeme(.exclamationMark, "!"), Lexeme(.period, "."), Lexeme(.identifier, "c"), Lexeme(.binaryOperator, "??"),
                Lexeme(.prefixOperator, "!"), Lexeme(.identifier, "d"),
            ])
            #expect(Lexing.lexemes("x ? y : z").map(\.kind) == [.identifier, .infixQuestionMark, .identifier, .colon, .identifier])
            #expect(Lexing.lexemes("f(&x) -> Int").map(\.kind) == [.identifier, .leftParen, .prefixAmpersand, .identifier, .rightParen, .arrow, .identifier])
        }

        @Test func rangesAndCustomOperators() {
            #expect(Lexing.lexemes("a...b; ..<c; d...") == [
                Lexeme(.identifier, "a"), Lexeme(.binaryOperator, "..."), Lexeme(.identifier, "b"), Lexeme(.semicolon, ";"),
                Lexeme(.prefixOperator, "..<"), Lexeme(.identifier, "c"), Lexeme(.semicolon, ";"),
                Lexeme(.identifier, "d"), Lexeme(.postfixOperator, "..."),
            ])
            #expect(Lexing.texts("f <*> g <^> h") == ["f", "<*>", "g", "<^>", "h"])
            // An operator splits at `.` unless it starts with one, and a comment cuts it.
            #expect(Lexing.texts("a+.b a.+.b a+/*c*/b a+-b") == ["a", "+", ".", "b", "a", ".+.", "b", "a", "+", "b", "a", "+-", "b"])
            #expect(Lexing.texts("Array<Array<Int>>()") == ["Array", "<", "Array", "<", "Int", ">>", "(", ")"])
        }

        @Test func equalsAndUnicodeOperators() {
            #expect(Lexing.lexemes("a = b == c ≠ d").map(\.kind) == [.identifier, .equal, .identifier, .binaryOperator, .identifier, .binaryOperator, .identifier])
            #expect(Lexing.only("*/")?.kind == .unknown)  // a stray comment end
        }
    }

    @Suite struct Punctuation {
        @Test func everyPunctuator() {
            #expect(Lexing.lexemes("( ) { } [ ] , : ; :: \\ @").map(\.kind) == [
                .leftParen, .rightParen, .leftBrace, .rightBrace, .leftSquare, .rightSquare, .comma, .colon,
                .semicolon, .colonColon, .backslash, .atSign,
            ])
            #expect(Lexing.texts(#"\.count"#) == ["\\", ".", "count"])
        }
    }

    @Suite struct FileEdges {
        @Test func shebangOnlyAtTheVeryStart() {
            #expect(Lexing.lexemes("#!/usr/bin/env swift\nprint(1)").first == Lexeme(.shebang, "#!/usr/bin/env swift"))
            #expect(Lexing.texts(" #!x").prefix(2) == ["#", "!"])
            // After a byte-order mark `#!` is no shebang, as for the compiler.
            #expect(Lexing.lexemes(Array("\u{FEFF}#!x".utf8)).first?.kind == .pound)
        }

        @Test func byteOrderMarkIsLeadingTrivia() {
            let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("import SwiftUI".utf8)
            #expect(SourceFile(path: "BOM.swift", bytes: bytes).leadingTriviaRange(of: 0) == 0..<3)
            #expect(Lexing.lexemes(bytes).map(\.text) == ["import", "SwiftUI"])
        }

        @Test func emptyAndTriviaOnlyFiles() {
            #expect(Lexer.tokenize("").map(\.kind) == [.endOfFile])
            let file = SourceFile(text: "  // only a comment\n")
            #expect(file.tokens.count == 1 && file.leadingTriviaRange(of: 0) == 0..<20)
        }

        @Test func conflictMarkersAreTrivia() {
            let source = "let a = 1\n<<<<<<< HEAD\nlet b = 2\n=======\nlet b = 3\n>>>>>>> branch\nlet c = 4\n"
            #expect(Lexing.texts(source) == ["let", "a", "=", "1", "let", "c", "=", "4"])
        }
    }

    @Suite struct BrokenInput {
        @Test func unterminatedStringEndsAtTheLineBreak() throws {
            let lexemes = Lexing.lexemes("let s = \"abc\nlet t = 1")
            #expect(lexemes[3] == Lexeme(.stringLiteral, "\"abc"))
            #expect(lexemes.suffix(4).map(\.text) == ["let", "t", "=", "1"])
            let token = try #require(Lexer.tokenize("\"abc\n").first)
            #expect(token.isMalformed)
        }

        @Test("unterminated constructs keep every byte", arguments: [
            "\"\"\"\nnever closed", "#\"raw", "\"a\\(b", "/* open", "#/regex", "`tick", "\"\\(\"", "'c",
            "\"\"\"\n\\(", "#\"\"\"\n\"\"\"", "0x", "1e+", "<#placeholder",
        ])
        func unterminated(_ source: String) {
            #expect(Lexing.roundTrips(Array(source.utf8)))
        }

        @Test func invalidUTF8AndControlBytesAreTrivia() {
            let bytes: [UInt8] = Array("let x".utf8) + [0xFF, 0xFE, 0x01, 0x00, 0xC3] + Array(" = 1".utf8)
            #expect(Lexing.roundTrips(bytes))
            #expect(Lexing.lexemes(bytes).map(\.text) == ["let", "x", "=", "1"])
            // Inside a literal they are part of it.
            let inString: [UInt8] = [0x22, 0xFF, 0x80, 0x22]
            #expect(Lexing.lexemes(inString).map(\.kind) == [.stringLiteral])
        }

        @Test func strayScalarsAreTriviaAndNoBreakSpaceSeparates() {
            #expect(Lexing.texts("a\u{00A0}b\u{2010}c") == ["a", "b", "c"])
            // A closing curly quote is an unknown token; an opening one swallows a curly-quoted string.
            #expect(Lexing.lexemes("“hello” + ”").map(\.kind) == [.identifier, .binaryOperator, .unknown])
        }

        @Test func deepNestingNeitherCrashesNorLoops() {
            let interpolations = String(repeating: "\"\\(", count: 2000)
            #expect(Lexing.roundTrips(Array(interpolations.utf8)))
            let comments = String(repeating: "/*", count: 5000)
            #expect(Lexer.tokenize(comments).count == 1)
        }
    }
}
