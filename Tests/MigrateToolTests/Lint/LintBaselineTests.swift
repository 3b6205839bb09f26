import Testing
@testable import MigrateTool

/// Baselines as values: which findings an entry hides, and the file's round trip.
@Suite struct LintBaselineTests {
    static func analyze(_ files: [String: String]) -> Analysis {
        Analyzer.analyze(swift: files.keys.sorted().map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) })
    }

    static let model = "import Combine\n\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n"

    @Test func entriesAreRelativeToTheBaselineFolderAndTrimmed() throws {
        let analysis = Self.analyze(["Sources/Counter.swift": Self.model])
        let baseline = Baseline(recording: analysis, directory: "/repo", workingDirectory: "/repo")
        #expect(baseline.entries == [
            .init(path: "Sources/Counter.swift", rule: "observable-object-class", lineText: "final class Counter: ObservableObject {"),
            .init(path: "Sources/Counter.swift", rule: "published-property", lineText: "@Published var count = 0"),
        ])
        // Run from a subfolder with the baseline above it, the same findings get the same keys.
        let fromBelow = Baseline(recording: Self.analyze(["Counter.swift": Self.model]), directory: "/repo", workingDirectory: "/repo/Sources")
        #expect(fromBelow.entries == baseline.entries)
    }

    @Test func filterHidesEachFindingOnceAndRemapsUnits() throws {
        let analysis = Self.analyze(["Counter.swift": Self.model])
        let baseline = Baseline(recording: analysis, directory: "/repo", workingDirectory: "/repo")
        let moved = Self.analyze(["Counter.swift": "// new\n// lines\n" + Self.model.replacingOccurrences(of: "    ", with: "\t")])
        let (kept, hidden) = baseline.filter(moved, directory: "/repo", workingDirectory: "/repo")
        #expect(hidden == 2)
        #expect(kept.findings.isEmpty)
        #expect(kept.units.allSatisfy { $0.findings.isEmpty })

        // One entry hides one finding: with the published line duplicated, one is new.
        let doubled = Self.analyze(["Counter.swift": Self.model.replacingOccurrences(of: "count = 0\n", with: "count = 0\n    @Published var count = 0\n")])
        let (remaining, _) = baseline.filter(doubled, directory: "/repo", workingDirectory: "/repo")
        #expect(remaining.findings.map(\.ruleID) == ["published-property"])
        #expect(remaining.units.first?.findings == [0])
    }

    @Test func aDifferentRuleOrFileIsNotHidden() throws {
        let analysis = Self.analyze(["Counter.swift": Self.model])
        var baseline = Baseline(recording: analysis, directory: "/repo", workingDirectory: "/repo")
        baseline.entries = baseline.entries.map { Baseline.Entry(path: "Other.swift", rule: $0.rule, lineText: $0.lineText) }
        #expect(baseline.filter(analysis, directory: "/repo", workingDirectory: "/repo").hidden == 0)
    }

    @Test func roundTripsThroughItsFile() throws {
        let baseline = Baseline(recording: Self.analyze(["Counter.swift": Self.model]), directory: "/repo", workingDirectory: "/repo")
        let text = baseline.encoded()
        #expect(text.hasPrefix("{\n  \"schemaVersion\": 1,\n"))
        // The fields docs/lint.md documents.
        let document = try LintTestSupport.json(text)
        #expect(Set(document.keys) == ["schemaVersion", "tool", "findings"])
        let entry = try #require((document["findings"] as? [[String: Any]])?.first)
        #expect(Set(entry.keys) == ["path", "rule", "lineText", "message"])
        #expect(try Baseline.decode(Array(text.utf8), path: "b.json") == baseline)
    }

    @Test func rejectsOtherVersionsAndShapes() {
        let cases: [(String, String)] = [
            ("[]", "b.json:1:1: not an observation-migrate baseline (write one with 'lint --write-baseline FILE')"),
            ("{\"schemaVersion\": 2, \"findings\": []}", "b.json:1:2: baseline schemaVersion must be 1; this tool cannot read it"),
            ("{\"schemaVersion\": 1, \"findings\": [{\"path\": \"a\"}]}",
             "b.json:1:22: every baseline finding needs the strings path, rule and lineText"),
        ]
        for (text, message) in cases {
            do {
                _ = try Baseline.decode(Array(text.utf8), path: "b.json")
                Issue.record("\(text) was accepted")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }
}
