import Testing
@testable import MigrateTool
@testable import SourceScan

/// `#if` blocks the compiler rejects: the spot `malformed-file` names, on code held in memory.
/// Every "rejected" case fails `swiftc -frontend -parse` (Swift 6.3) and every "accepted" one
/// passes it.
@Suite struct MalformedFileConditionalTests {
    static func spot(_ code: String) -> (line: Int, what: String)? {
        let file = FileStructure(text: code)
        guard let spot = MalformedFile.firstRejected(in: file) else { return nil }
        return (code.utf8.prefix(spot.offset).filter { $0 == 0x0A }.count + 1, spot.what)
    }

    @Test("rejected", arguments: [
        ("let a = 1\n#if DEBUG\nlet b = 2\n", 2, "'#if' is never closed"),
        ("let a = 1\n#endif\n", 2, "'#endif' has no '#if'"),
        ("#else\nlet a = 1\n#endif\n", 1, "'#else' has no '#if'"),
        ("#if A\nlet a = 1\n#else\nlet a = 2\n#elseif B\nlet a = 3\n#endif\n", 5, "'#elseif' follows '#else'"),
        ("final class Q {\n#if DEBUG\n    var a = 1\n}\n#endif\n", 1, "'{' and its partner lie in different '#if' clauses"),
        // One `}` for two `{`: the unpaired one comes first.
        ("#if DEBUG\nfunc f() {\n#else\nfunc f(x: Int) {\n#endif\n}\n", 2, "'{' is never closed"),
        ("let v = f(\n#if A\n    1)\n#endif\n", 1, "'(' and its partner lie in different '#if' clauses"),
        ("#if A\n#if B\nlet a = 1\n#endif\n", 1, "'#if' is never closed"),
    ])
    func rejected(_ code: String, _ line: Int, _ what: String) throws {
        let spot = try #require(Self.spot(code))
        #expect(spot.line == line)
        #expect(spot.what == what)
    }

    @Test("accepted", arguments: [
        "#if DEBUG\nlet a = 1\n#elseif os(iOS)\nlet a = 2\n#else\nlet a = 3\n#endif\n",
        "final class Q {\n#if DEBUG\n    var a = 1\n#else\n    var a = 2\n#endif\n}\n",
        "let v = f()\n#if os(iOS)\n    .g()\n#endif\n",
        "func f() {\n#if A\n#if B\n    g { }\n#endif\n#endif\n}\n",
        "let s = \"#if\"\n// #endif\n",
    ])
    func accepted(_ code: String) {
        #expect(Self.spot(code) == nil)
    }
}
