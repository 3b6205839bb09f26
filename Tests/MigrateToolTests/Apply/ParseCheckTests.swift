import Foundation
import Testing
@testable import MigrateTool

/// Every rewrite the tool makes must leave a file the Swift parser accepts whenever it accepted
/// the original: checked with the compiler itself on every rule example.
@Suite(.enabled(if: CompilerParse.isAvailable, "needs swiftc on PATH"))
struct ParseCheckTests {
    @Test func everyRuleExampleStillParsesAfterMigration() throws {
        var sources: [String: String] = [:]
        for (position, example) in RuleExamples.all().enumerated() {
            sources["\(example.rule)-\(position)-before"] = example.code
            sources["\(example.rule)-\(position)-after"] = RuleExamples.migrate(example.code, configuration: example.configuration)
        }
        let rejected = try CompilerParse.rejected(sources)
        let broken = sources.keys.filter { $0.hasSuffix("-after") }.filter { name in
            rejected.contains(name) && !rejected.contains(String(name.dropLast(6)) + "-before")
        }
        #expect(broken.isEmpty, "migration broke parsing of: \(broken.sorted())")
        // The check itself must be able to fail: a damaged file is rejected.
        #expect(try CompilerParse.rejected(["damaged": "class Foo: {\n"]) == ["damaged"])
    }
}
