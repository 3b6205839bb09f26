import Foundation
import Testing
@testable import MigrateTool

/// Every figure a report prints agrees with every other, on the built binary and the example
/// app (whose `state-object` findings are safe though the rule is declared `review`): the
/// per-rule table counts findings by the class they got and adds up to the summary in every
/// format; a unit's files and sites are worded so more files than sites reads right; `lint
/// --format summary` does not promise fixes that `apply` would refuse to write.
@Suite struct FiguresAgreeTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/NotesApp")

    @Test func jsonFindingsByRuleAddUpToTheSummaryOneEntryPerRuleAndClass() throws {
        let result = try BinaryRunner.run(["report", "--format", "json", "."], in: Self.example)
        #expect(result.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summary = try #require((object["summary"] as? [String: Any])?["findings"] as? [String: Int])
        let rows = try #require(object["findingsByRule"] as? [[String: Any]])
        let findings = try #require(object["findings"] as? [[String: Any]])
        /// The class a finding or row is counted under in the summary.
        func label(_ entry: [String: Any]) -> String { entry["note"] as? Bool == true ? "notes" : entry["fixClass"] as! String }
        #expect(rows.reduce(0) { $0 + ($1["count"] as! Int) } == summary["total"])
        for figure in ["safe", "review", "manual", "notes"] {
            #expect(rows.filter { label($0) == figure }.reduce(0) { $0 + ($1["count"] as! Int) } == summary[figure], "\(figure)")
        }
        let keys = rows.map { "\($0["ruleId"]!) \(label($0))" }
        #expect(Set(keys).count == keys.count, "one entry per rule and class: \(keys)")
        for row in rows {
            let matching = findings.filter { $0["ruleId"] as? String == row["ruleId"] as? String && label($0) == label(row) }
            #expect(matching.count == row["count"] as? Int, "\(row)")
        }
        let stateObject = rows.filter { $0["ruleId"] as? String == "state-object" }
        #expect(stateObject.map(label) == ["safe"], "the class the findings got, not the rule's declared review")
    }

    @Test func textMarkdownAndHTMLTablesAgreeWithTheirSummary() throws {
        let text = try BinaryRunner.run(["report", "--no-color", "."], in: Self.example).stdout
        let findingsLine = try #require(text.split(separator: "\n").first { $0.contains("Findings  ") })
        let figures = findingsLine.matches(of: /(\d+) (safe|review|manual|notes?)\b/).map { (String($0.output.2), Int($0.output.1)!) }
        let tableSection = try #require(text.components(separatedBy: "FINDINGS BY RULE\n").last?.components(separatedBy: "\n\n").first)
        let rows = tableSection.split(separator: "\n").dropFirst().map { line in
            line.split(separator: " ").map(String.init)
        }
        for (figure, count) in figures {
            let name = figure == "notes" ? "note" : figure
            #expect(rows.filter { $0[1] == name }.reduce(0) { $0 + Int($1[0])! } == count, "\(figure) in:\n\(tableSection)")
        }
        #expect(rows.contains(["3", "safe", "state-object"]))
        #expect(!text.contains(" review    state-object"))

        let markdown = try BinaryRunner.run(["report", "--format", "markdown", "."], in: Self.example).stdout
        #expect(markdown.contains("| `state-object` | 3 | safe |"))
        let html = try BinaryRunner.run(["report", "--format", "html", "."], in: Self.example).stdout
        #expect(html.contains("<tr><td class=\"rule\"><code>state-object</code></td><td class=\"number\">3</td><td>safe</td>"))
    }

    @Test func aUnitTouchingMoreFilesThanItHasSitesSaysWhy() throws {
        let text = try BinaryRunner.run(["report", "--no-color", "."], in: Self.example).stdout
        // `Note` is declared across files (an extension) and used at 2 sites; its subclass
        // `ChecklistNote` migrates on its own (no view reads `Note`'s state through it).
        #expect(text.contains("Note · ready\n  declared at Sources/NotesApp/Models/Note.swift:4:1\n"
                                + "  4 files: its declarations and 2 sites; 6 safe edits\n"))
        #expect(text.firstMatch(of: /\d+ sites? in \d+ files?/) == nil)
        let markdown = try BinaryRunner.run(["report", "--format", "markdown", "."], in: Self.example).stdout
        #expect(markdown.contains("3 files: its declarations and 6 sites."), "SyncService")
        #expect(markdown.firstMatch(of: /\d+ sites? in \d+ files?/) == nil)
    }

    @Test func lintSummaryDoesNotPromiseFixesApplyWouldRefuse() throws {
        let tree = try BinaryRunner.makeTree([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", platforms: [.iOS(.v16)], targets: [.target(name: \"A\")])\n",
            "Sources/A/Store.swift": "final class Store: ObservableObject {\n    @Published var count = 0\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let summary = try BinaryRunner.run(["lint", "--format", "summary", "."], in: tree)
        let last = try #require(summary.stdout.split(separator: "\n").last.map(String.init))
        #expect(last.contains("2 fixable with `observation-migrate apply`, once the deployment target allows Observation: "
                              + "apply refuses to write (Package.swift:3:46: deployment target iOS 16 predates Observation "
                              + "(iOS 17); raise it, or pass --ignore-deployment-target)."), "\(last)")
        let apply = try BinaryRunner.run(["apply", "."], in: tree)
        #expect(apply.exitCode == 2, "the refusal the summary describes")
        // Without a deployment target that predates Observation, the plain promise.
        let allowed = try BinaryRunner.run(["lint", "--format", "summary", "Sources"], in: tree)
        #expect(allowed.stdout.hasSuffix("2 fixable with `observation-migrate apply`.\n"))
    }

    @Test func aConfiguredDeploymentTargetCountsWithoutAManifestOrProject() throws {
        let tree = try BinaryRunner.makeTree([
            ".observation-migrate.json": "{\"deploymentTarget\": {\"iOS\": \"16.0\"}}\n",
            "Store.swift": "final class Store: ObservableObject {\n    @Published var count = 0\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let apply = try BinaryRunner.run(["apply", "."], in: tree)
        #expect(apply.exitCode == 2)
        #expect(apply.stderr == "observation-migrate: error: .observation-migrate.json:1:23: deployment target iOS 16.0 predates "
                                + "Observation (iOS 17); raise it, or pass --ignore-deployment-target\n", "\(apply.stderr)")
        #expect(try String(contentsOf: tree.appendingPathComponent("Store.swift"), encoding: .utf8).contains("ObservableObject"))
    }

    /// F2: every unit refused for its deployment target is said so in the summary, and `apply`
    /// cites the same setting first as the report (the lowest, then the first written).
    @Test func theReportSaysWhichUnitsApplyRefusesAndBothCiteTheSameSetting() throws {
        let tree = try BinaryRunner.makeTree([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", platforms: [.macOS(.v13), .iOS(.v16)], targets: [.target(name: \"A\")])\n",
            "Sources/A/Store.swift": "final class Store: ObservableObject {\n    @Published var count = 0\n}\n",
            "Sources/A/Other.swift": "final class Other: ObservableObject {\n    @Published var count = 0\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let text = try BinaryRunner.run(["report", "--no-color", "."], in: tree).stdout
        #expect(text.contains("blocked                  0\n                      all 2 not blocked: apply refuses them while a "
                              + "deployment target compiling their files predates Observation (raise it, or pass --ignore-deployment-target)\n"), "\(text)")
        #expect(text.contains("iOS 16 (Package.swift:3:60): below iOS 17"), "\(text)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(BinaryRunner.run(["report", "--format", "json", "."], in: tree).stdout.utf8)) as? [String: Any])
        let units = try #require((json["summary"] as? [String: Any])?["units"] as? [String: Any])
        #expect(units["refusedForDeploymentTarget"] as? Int == 2)
        let apply = try BinaryRunner.run(["apply", "--dry-run", "."], in: tree)
        #expect(apply.exitCode == 2)
        // iOS before macOS, as the report lists them, though macOS is written first.
        #expect(apply.stderr.contains("Package.swift:3:60: deployment target iOS 16 predates Observation"), "\(apply.stderr)")
        // A target that allows Observation: no such line.
        let allowed = try BinaryRunner.run(["report", "--no-color", "Sources"], in: tree).stdout
        #expect(!allowed.contains("apply refuses"), "\(allowed)")
    }

    /// F24: a unit written only together with one that needs `--unsafe-fixes` needs it too: the
    /// report, lint's `fix` and `apply` agree.
    @Test func aUnitCoupledToOneNeedingReviewNeedsReviewToo() throws {
        // `Parent` relays `Child`'s changes, so the two move together; `Child` needs review.
        let analysis = RuleExamples.analyze(files: [("M.swift", CoupledSuppressionTests.source(commentAboveParent: nil))])
        let verdicts = Dictionary(uniqueKeysWithValues: analysis.units.map { ($0.name, $0.verdict) })
        #expect(verdicts == ["Parent": .needsUnsafeFixes, "Child": .needsUnsafeFixes])
        let parent = try #require(analysis.units.first { $0.name == "Parent" })
        let reason = parent.findings.map { analysis.findings[$0] }.filter { $0.fixClass == .review }.map(\.message)
        #expect(reason == ["'Parent' is written only in the same run as 'Child', which needs --unsafe-fixes; plain 'apply' leaves both as they are"])
        let parentFixes = parent.findings.map { analysis.findings[$0] }.filter(\.isFixable).map { LintDiagnostic.fix(for: $0, in: analysis) }
        #expect(!parentFixes.isEmpty && parentFixes.allSatisfy { $0 == .unsafe })
        #expect(!Migrator.plan(analysis, options: MigrationOptions()).hasChanges)
        let both = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        #expect(Set(both.appliedUnits.map { analysis.units[$0].name }) == ["Parent", "Child"])
    }
}
