import Testing
@testable import MigrateTool

/// An example rewritten so it means the same to the rules, or nothing at all (SwiftLint runs its
/// examples so): every line behind a multi-byte comment, or every line commented out.
struct RuleExampleVariant {
    /// A block comment of multi-byte characters: `é` is two bytes and one UTF-16 unit, `🙂` four
    /// bytes and two UTF-16 units, so byte and UTF-16 columns part after it.
    static let multiByteComment = "/* é🙂 */ "

    /// The code with `prefix` before each line, and where each original byte offset moved to.
    /// Lines of a multi-line string literal would change the string, so examples holding one
    /// are left out (nil).
    static func prefixingLines(of code: String, with prefix: String) -> (code: String, moved: (Int) -> Int)? {
        guard !code.contains("\"\"\"") else { return nil }
        var lineStarts: [Int] = [0]
        for (offset, byte) in code.utf8.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let variant = lines.enumerated().map { index, line in
            // The final empty "line" after the last break stays empty, so the file still ends in one.
            index == lines.count - 1 && line.isEmpty ? "" : prefix + line
        }.joined(separator: "\n")
        let width = prefix.utf8.count
        let starts = lineStarts
        return (variant, { offset in
            let line = starts.lastIndex { $0 <= offset } ?? 0
            return offset + width * (line + 1)
        })
    }
}

/// Every rule example again, in the variants of `RuleExampleVariant`, through the real pipeline.
@Suite struct RuleExampleVariantTests {
    static let prefixable = RuleExampleTests.beforeExamples.filter {
        RuleExampleVariant.prefixingLines(of: $0.code, with: RuleExampleVariant.multiByteComment) != nil
    }

    @Test("behind a multi-byte comment on every line, findings move with their code, and SARIF counts UTF-16 columns",
          arguments: prefixable)
    func multiByteCommentBeforeEveryLine(_ example: RuleExample) throws {
        let prefix = RuleExampleVariant.multiByteComment
        let variant = try #require(RuleExampleVariant.prefixingLines(of: example.code, with: prefix))
        let analysis = RuleExamples.analyze(variant.code)
        let findings = analysis.findings.filter { $0.ruleID == example.rule }.sorted { $0.offset < $1.offset }
        let expected = example.markers.sorted().map(variant.moved)
        #expect(findings.map(\.offset) == expected,
                "expected at \(expected.map { RuleExamples.position($0, in: variant.code) }), found at \(findings.map { RuleExamples.position($0.offset, in: variant.code) })\n\(variant.code)")
        guard findings.map(\.offset) == expected else { return }
        let original = Array(example.code.utf8)
        for (finding, marker) in zip(findings, example.markers.sorted()) {
            // The marker's column in the original line, as text: what precedes it on its line.
            let lineStart = original[..<marker].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let before = String(decoding: original[lineStart..<marker], as: UTF8.self)
            let location = analysis.location(finding)
            #expect(location.column == prefix.utf8.count + before.utf8.count + 1, "byte column (xcode, json, checkstyle)")
            let sarif = SARIFLintFormatter.position(file: finding.file, offset: finding.offset, analysis)
            #expect(sarif.line == location.line)
            #expect(sarif.column == prefix.utf16.count + before.utf16.count + 1, "SARIF's UTF-16 column")
        }
    }

    @Test("commented out line by line, an example yields no finding at all", arguments: RuleExampleTests.examples)
    func commentedOut(_ example: RuleExample) throws {
        let variant = try #require(RuleExampleVariant.prefixingLines(of: example.code, with: "// ")
                                   ?? RuleExampleVariant.prefixingLines(of: example.code.replacingOccurrences(of: "\"\"\"", with: "'''"), with: "// "))
        // A directive stays one behind more slashes (`/// observation-migrate:disable` counts), so a
        // commented-out directive that silences nothing is still reported as such, and only that.
        let findings = RuleExamples.analyze(variant.code).findings.filter { finding in
            !(finding.ruleID == UnusedSuppression.id && example.code.contains(Suppressions.prefix))
        }
        #expect(findings.isEmpty, "\(findings.map { "\($0.ruleID) at \(RuleExamples.position($0.offset, in: variant.code))" })")
    }

    @Test func theVariantShiftsEachLineByThePrefix() throws {
        let variant = try #require(RuleExampleVariant.prefixingLines(of: "a\nbc\n", with: "// "))
        #expect(variant.code == "// a\n// bc\n")
        #expect([0, 1, 2, 3].map(variant.moved) == [3, 4, 8, 9])
        #expect(RuleExampleVariant.prefixingLines(of: "let s = \"\"\"\n\"\"\"\n", with: "// ") == nil)
    }
}
