import Foundation
import SourceScan
import Testing

/// Absurdly nested input, generated for every construct that nests: the tool must neither
/// crash (a recursive pass running off the stack) nor give up on the rest of the tree. Past
/// `FileStructure.maximumNestingDepth` a file is skipped with one line on stderr, as the Swift
/// parser refuses it; just below the limit it goes through every pass (index, typer, rules, apply).
@Suite struct DeepNestingTests {
    /// One generated file per construct, `depth` levels deep, each inside or around a model so the
    /// rules and the typer read it too.
    static func constructs(depth n: Int, interpolations: Int? = nil) -> [String: String] {
        func repeated(_ text: String, _ count: Int = n) -> String { String(repeating: text, count: count) }
        let strings = interpolations ?? n
        func numbered(_ make: (Int) -> String) -> String { (0..<n).map(make).joined() }
        let model = "final class M: ObservableObject {\n @Published var x = 0\n"
        return [
            "Classes.swift": numbered { "class C\($0): ObservableObject { @Published var v\($0) = 0\n" } + repeated("}\n"),
            "Structs.swift": "import SwiftUI\n" + numbered { "struct S\($0): View { @StateObject var m = M()\n" } + repeated("}\n"),
            "Extensions.swift": numbered { "extension E\($0): ObservableObject {\n" } + repeated("}\n"),
            "Functions.swift": model + numbered { "func f\($0)() { let m = M(); m.objectWillChange.send()\n" } + repeated("}\n") + "}\n",
            "Closures.swift": model + " func f() {\n let c = " + repeated("{ self.x += 1; ") + repeated("}") + "\n }\n}\n",
            "Brackets.swift": model + " var y = " + repeated("[") + "1" + repeated("]") + "\n}\n",
            "Parens.swift": model + " var y = " + repeated("(") + "1" + repeated(")") + "\n}\n",
            "ArrayTypes.swift": model + " @Published var y: " + repeated("[") + "Int" + repeated("]") + " = []\n}\n",
            "Conditions.swift": model + repeated("#if A\n") + "@Published var y = 0\n" + repeated("#endif\n") + "}\n",
            "Views.swift": "import SwiftUI\nstruct V: View {\n @StateObject var m = M()\n var body: some View {\n"
                + repeated("VStack { ") + "Text(\"\\(m.x)\")" + repeated(" }") + "\n }\n}\n",
            "Interpolations.swift": model + " var y = " + repeated("\"\\(", strings) + "1" + repeated(")\"", strings) + "\n}\n",
            // These nest without brackets the parser counts, and nothing recurses on them.
            "Generics.swift": model + " @Published var y: " + repeated("Array<") + "Int" + repeated(">") + " = []\n}\n",
            "Optionals.swift": model + " @Published var y: Int" + repeated("?") + " = nil\n}\n",
            "Members.swift": model + " func f() { _ = self" + repeated(".x") + " }\n}\n",
            "Calls.swift": model + " func f() { _ = g" + repeated("()") + " }\n}\n",
            "Operators.swift": model + " func f() { _ = self.x" + repeated(" + self.x") + " }\n}\n",
            "Ternaries.swift": model + " func f() { _ = " + repeated("true ? 1 : ") + "0 }\n}\n",
            "Comments.swift": repeated("/*") + repeated("*/") + "\nfinal class N: ObservableObject {}\n",
            // A chain, not a nesting: capped, since resolving a 5,000-class chain takes seconds
            // in a debug build (quadratic in the model graph; no recursion).
            "Subclasses.swift": "class P0: ObservableObject { @Published var x = 0 }\n"
                + (0..<min(n, 500)).map { "class P\($0 + 1): P\($0) {}\n" }.joined(),
        ]
    }

    /// The files whose brackets, `#if` blocks or string interpolations nest as deep as the
    /// generator's depth.
    static let bracketNested: Set<String> = ["Classes.swift", "Structs.swift", "Extensions.swift", "Functions.swift",
                                             "Closures.swift", "Brackets.swift", "Parens.swift", "ArrayTypes.swift",
                                             "Conditions.swift", "Views.swift", "Interpolations.swift"]

    /// A tree of every construct at `depth` in `Deep/`, plus a plain model in `App/`.
    static func tree(depth: Int, interpolations: Int? = nil) throws -> URL {
        var files: [String: String] = ["App/Store.swift": "final class Store: ObservableObject {\n    @Published var count = 0\n}\n"]
        for (name, text) in constructs(depth: depth, interpolations: interpolations) { files["Deep/" + name] = text }
        return try BinaryRunner.makeTree(files)
    }

    /// The paths named as skipped on stderr.
    static func skippedPaths(_ stderr: String) -> Set<String> {
        Set(stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: ": skipped: nested too deeply at line ") else { return nil }
            return String(line[..<range.lowerBound]).replacingOccurrences(of: "observation-migrate: warning: ", with: "")
        })
    }

    @Test(arguments: [FileStructure.maximumNestingDepth + 1, 5_000])
    func pastTheLimitEachBracketNestedFileIsSkippedInOneLineAndTheRestMigrates(depth: Int) throws {
        let tree = try Self.tree(depth: depth)
        defer { try? FileManager.default.removeItem(at: tree) }
        let expected = Set(Self.bracketNested.map { "Deep/" + $0 })

        let report = try BinaryRunner.run(["report", "--format", "json", "."], in: tree)
        #expect(report.exitCode == 0, "\(report.stderr)")
        #expect(Self.skippedPaths(report.stderr) == expected, "\(report.stderr)")
        #expect(report.stderr.split(separator: "\n").count == expected.count, "one line per skipped file:\n\(report.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let units = try #require(object["units"] as? [[String: Any]])
        #expect(units.contains { $0["name"] as? String == "Store" })

        let lint = try BinaryRunner.run(["lint", "."], in: tree)
        #expect(lint.exitCode == 0 || lint.exitCode == 1, "\(lint.stderr)")
        #expect(Self.skippedPaths(lint.stderr) == expected)
        #expect(lint.stdout.contains("App/Store.swift:1:"))

        let apply = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(apply.exitCode == 0, "\(apply.stderr)")
        #expect(Self.skippedPaths(apply.stderr) == expected)

        let decls = try BinaryRunner.run(["debug", "decls", "Deep/Classes.swift"], in: tree)
        #expect(decls.exitCode == 2)
        #expect(decls.stderr == "observation-migrate: error: Deep/Classes.swift: skipped: nested too deeply at line 257 (over 256 "
                    + "levels of brackets or #if, as the Swift parser allows, or 32 of string interpolations)\n")
        let store = try String(contentsOf: tree.appendingPathComponent("App/Store.swift"), encoding: .utf8)
        #expect(store.contains("@Observable"))
        // Skipped files are never written.
        for name in Self.bracketNested {
            let text = try String(contentsOf: tree.appendingPathComponent("Deep/" + name), encoding: .utf8)
            #expect(text == Self.constructs(depth: depth)[name], "\(name) was rewritten")
        }
    }

    @Test func justBelowTheLimitEveryConstructGoesThroughEveryPass() throws {
        let depth = FileStructure.maximumNestingDepth - 6  // room for the enclosing class and body
        let tree = try Self.tree(depth: depth, interpolations: Lexer.maximumInterpolationDepth)
        defer { try? FileManager.default.removeItem(at: tree) }
        let report = try BinaryRunner.run(["report", "--format", "json", "."], in: tree)
        #expect(report.exitCode == 0, "\(report.stderr)")
        #expect(report.stderr.isEmpty, "\(report.stderr)")
        // As on a macOS worker thread (512 KiB of stack), where a debug build spends kilobytes a level.
        let script = "cd '\(tree.path)' && ulimit -s 512 && exec '\(BinaryRunner.binary.path)' report --format json ."
        let smallStack = try LintTestSupport.run("/bin/sh", ["-c", script])
        #expect(smallStack.status == 0, "\(smallStack.output.suffix(2_000))")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == Self.constructs(depth: depth).count + 1)
        #expect(report.stdout == smallStack.output)

        let apply = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(apply.exitCode == 0, "\(apply.stderr)")
        let classes = try String(contentsOf: tree.appendingPathComponent("Deep/Classes.swift"), encoding: .utf8)
        #expect(classes.contains("@Observable"), "the deepest models are migrated too")
    }

    @Test func theLimitIsCountedAsTheParserPairsBrackets() {
        let limit = FileStructure.maximumNestingDepth
        let atLimit = FileStructure(text: String(repeating: "(", count: limit) + String(repeating: ")", count: limit))
        #expect(atLimit.excessiveNesting == nil)
        let past = FileStructure(text: "let a = 1\n" + String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1))
        #expect(past.excessiveNesting.map { past.tokens[$0].kind } == .leftSquare)
        #expect(past.declarations.isEmpty)
        // Unmatched `(` close at once for the parser, so a thousand of them nest nothing.
        #expect(FileStructure(text: String(repeating: "(\n", count: 1_000)).excessiveNesting == nil)
        // Unmatched `{` run to the end of the file: they do nest.
        #expect(FileStructure(text: String(repeating: "{\n", count: limit + 1)).excessiveNesting != nil)
        let conditions = String(repeating: "#if A\n", count: limit + 1) + String(repeating: "#endif\n", count: limit + 1)
        #expect(FileStructure(text: conditions).excessiveNesting != nil)
        /// `let s = "\("\(…1…)")"`, `levels` interpolations deep.
        func strings(_ levels: Int) -> String {
            "let s = " + String(repeating: "\"\\(", count: levels) + "1" + String(repeating: ")\"", count: levels) + "\n"
        }
        #expect(FileStructure(text: strings(Lexer.maximumInterpolationDepth)).excessiveNesting == nil)
        let pastStrings = FileStructure(text: strings(Lexer.maximumInterpolationDepth + 1))
        #expect(pastStrings.excessiveNesting.map { pastStrings.tokens[$0].kind } == .stringLiteral)
    }
}
