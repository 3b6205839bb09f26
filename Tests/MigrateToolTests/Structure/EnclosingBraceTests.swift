import Testing
@testable import SourceScan

/// The innermost block around each token, found in one pass (a file of thousands of models
/// made the per-class walk back quadratic, QA F7), and the freestanding macro it is the body of.
@Suite struct EnclosingBraceTests {
    /// The macro (`#Preview`) whose body is the innermost block holding the word `name`, or nil.
    static func macro(holding name: String, in text: String) -> String? {
        let file = FileStructure(text: text)
        let braces = file.enclosingBraces()
        guard let token = file.tokens.indices.first(where: { file.source.tokenText($0, equals: name) }) else { return nil }
        let brace = Int(braces[token])
        return brace >= 0 ? file.freestandingMacro(openingBodyAt: brace).map { "#" + file.source.text($0 + 1) } : nil
    }

    static let text = """
        final class Top: ObservableObject {}
        #Preview { final class InPreview: ObservableObject {} }
        #Preview("Dark", traits: [.landscapeLeft]) { let m = [ { final class InArray {} } ] }
        func f() { final class InFunction {} }
        #Preview { func g() { final class InNestedFunction {} } }
        let value = foo(bar: [1, 2], { InClosure() })
        #Preview { VStack { InView() } }
        """

    @Test(arguments: [
        ("Top", nil), ("InPreview", "#Preview"), ("InFunction", nil), ("InNestedFunction", nil), ("InClosure", nil),
        ("InView", nil),
    ] as [(String, String?)])
    func theInnermostBlockDecides(name: String, macro: String?) {
        #expect(Self.macro(holding: name, in: Self.text) == macro)
    }

    @Test func parenthesesAndBracketsAroundATokenAreSkipped() {
        // `[ { final class InArray {} } ]`: the closure's brace is innermost, not the macro's.
        #expect(Self.macro(holding: "InArray", in: Self.text) == nil)
        #expect(Self.macro(holding: "m", in: Self.text) == "#Preview")
        // Inside the macro's own argument list: the parentheses are skipped, and no block holds them.
        #expect(Self.macro(holding: "landscapeLeft", in: Self.text) == nil)
        let file = FileStructure(text: "#Preview { Text(\"a\", value: [x]) }")
        let x = file.tokens.indices.first { file.source.tokenText($0, equals: "x") }!
        #expect(file.freestandingMacro(openingBodyAt: Int(file.enclosingBraces()[x])) == 0)
    }
}
