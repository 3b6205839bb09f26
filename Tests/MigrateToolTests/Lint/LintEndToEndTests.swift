import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import MigrateTool

/// `observation-migrate lint` as a user runs it: the built binary, its stdout, stderr and exit
/// code, on small trees in temporary folders.
@Suite struct LintEndToEndTests {
    /// Whether a line reads `path:line:column: severity: message (rule-id)`.
    static func isDiagnosticLine(_ line: String) -> Bool {
        line.wholeMatch(of: #/[^:]+\.swift:\d+:\d+: (warning|error|note): .+ \([a-z-]+\)/#) != nil
    }

    @Test func helpMatchesTheGoldenFile() throws {
        let result = try BinaryRunner.run(["lint", "--help"])
        let golden = try String(contentsOf: LintTestSupport.root.appendingPathComponent("lint-help.txt"), encoding: .utf8)
        #expect(result.exitCode == 0)
        #expect(result.stdout == golden)
        #expect(result.stderr.isEmpty)
    }

    // MARK: Exit codes

    @Test func cleanTreeExitsZeroAndPrintsNothing() throws {
        let tree = try LintTestSupport.copy("Clean")
        let result = try BinaryRunner.run(["lint"], in: tree)
        #expect(result.exitCode == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
        let strict = try BinaryRunner.run(["lint", "--strict"], in: tree)
        #expect(strict.exitCode == 0)
    }

    @Test func legacyTreeReportsOneLinePerFinding() throws {
        let tree = try LintTestSupport.copy("Legacy")
        let result = try BinaryRunner.run(["lint"], in: tree)
        let lines = LintTestSupport.lines(result.stdout)
        #expect(lines.count == 3)
        for line in lines { #expect(Self.isDiagnosticLine(line), "\(line)") }
        #expect(lines.contains { $0.hasPrefix("Sources/Counter.swift:4:5: ") && $0.hasSuffix("(published-property)") })
        #expect(lines.contains { $0.hasPrefix("Sources/CounterView.swift:4:5: ") && $0.hasSuffix("(state-object)") })
        // Without --strict the exit code follows the rules' own severities: 1 exactly when a
        // finding is at error level.
        let hasError = lines.contains { $0.contains(": error: ") }
        #expect(result.exitCode == (hasError ? 1 : 0))
    }

    @Test func strictTurnsWarningsIntoErrorsAndExitsOne() throws {
        let tree = try LintTestSupport.copy("Legacy")
        let result = try BinaryRunner.run(["lint", "--strict"], in: tree)
        #expect(result.exitCode == 1)
        let lines = LintTestSupport.lines(result.stdout)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.contains(": error: ") })
    }

    @Test func severityFromTheConfigurationDecidesTheExitCode() throws {
        let configuration = #"{ "severity": { "state-object": "error", "published-property": "note", "observable-object-class": "note" } }"#
        let tree = try LintTestSupport.copy("Legacy", adding: [".observation-migrate.json": configuration])
        let result = try BinaryRunner.run(["lint"], in: tree)
        #expect(result.exitCode == 1)
        let lines = LintTestSupport.lines(result.stdout)
        #expect(lines.filter { $0.contains(": error: ") && $0.hasSuffix("(state-object)") }.count == 1)
        #expect(lines.filter { $0.contains(": note: ") }.count == 2)
    }

    @Test func notesNeverFailEvenWithStrict() throws {
        let configuration = #"{ "severity": { "state-object": "note", "published-property": "note", "observable-object-class": "note" } }"#
        let tree = try LintTestSupport.copy("Legacy", adding: [".observation-migrate.json": configuration])
        let result = try BinaryRunner.run(["lint", "--strict"], in: tree)
        #expect(result.exitCode == 0)
        #expect(LintTestSupport.lines(result.stdout).count == 3)
    }

    @Test func missingPathExitsTwoWithOneLine() throws {
        let tree = try LintTestSupport.copy("Clean")
        let result = try BinaryRunner.run(["lint", "Sources", "Nowhere"], in: tree)
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(LintTestSupport.lines(result.stderr) == ["observation-migrate: error: Nowhere: no such file or directory"])
    }

    @Test func brokenConfigurationExitsTwoWithOneLineNamingTheFile() throws {
        let cases: [(String, String)] = [
            ("{ \"exclude\": [\"a\" }", ".observation-migrate.json:1:19: invalid JSON: expected ',' or ']', found '}'"),
            ("{\n  \"exlude\": []\n}", ".observation-migrate.json:2:3: unknown key 'exlude'; did you mean 'exclude'?"),
            ("{ \"disabledRules\": [\"state-objet\"] }",
             ".observation-migrate.json:1:3: disabledRules: 'state-objet' is not a rule; did you mean 'state-object'?"),
        ]
        for (text, message) in cases {
            let tree = try LintTestSupport.copy("Legacy", adding: [".observation-migrate.json": text])
            let result = try BinaryRunner.run(["lint"], in: tree)
            #expect(result.exitCode == 2, "\(text)")
            #expect(result.stdout.isEmpty)
            #expect(LintTestSupport.lines(result.stderr) == ["observation-migrate: error: \(message)"], "\(text)")
        }
    }

    /// A configuration file that is there by name but cannot be read is an error, not the
    /// defaults or one further up: CI must not pass for the wrong reason.
    @Test(arguments: ["dangling link", "link loop", "folder"])
    func aConfigurationThatCannotBeReadExitsTwo(_ kind: String) throws {
        let tree = try LintTestSupport.copy("Legacy")
        let name = tree.appendingPathComponent(".observation-migrate.json").path
        switch kind {
        case "dangling link": try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: "gone.json")
        case "link loop": try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: ".observation-migrate.json")
        default: try FileManager.default.createDirectory(atPath: name, withIntermediateDirectories: false)
        }
        let result = try BinaryRunner.run(["lint"], in: tree)
        #expect(result.exitCode == 2, "\(kind)")
        let expected = ["dangling link": "the configuration file is a symbolic link to a file that does not exist",
                        "link loop": "the configuration file is a symbolic link loop",
                        "folder": "cannot read the configuration file: is a directory"][kind]!
        #expect(LintTestSupport.lines(result.stderr) == ["observation-migrate: error: .observation-migrate.json: \(expected)"], "\(result.stderr)")
    }

    @Test func usageErrorsExitTwo() throws {
        let tree = try LintTestSupport.copy("Clean")
        let unknownFormat = try BinaryRunner.run(["lint", "--format", "sarf"], in: tree)
        #expect(unknownFormat.exitCode == 2)
        #expect(unknownFormat.stderr.contains("unknown format 'sarf'; did you mean 'sarif'?"))
        let unknownOption = try BinaryRunner.run(["lint", "--stritc"], in: tree)
        #expect(unknownOption.exitCode == 2)
        #expect(unknownOption.stderr.contains("unknown option '--stritc'"))
        let missingConfiguration = try BinaryRunner.run(["lint", "--config", "none.json"], in: tree)
        #expect(missingConfiguration.exitCode == 2)
        #expect(LintTestSupport.lines(missingConfiguration.stderr) == ["observation-migrate: error: none.json: configuration file not found"])
        let unwritable = try BinaryRunner.run(["lint", "--output", "no/such/folder/out.txt"], in: tree)
        #expect(unwritable.exitCode == 2)
        #expect(unwritable.stderr.contains("no/such/folder/out.txt: cannot write"))
    }

    // MARK: Formats

    @Test func jsonHasOneEntryPerFindingAndTheDocumentedFields() throws {
        let tree = try LintTestSupport.copy("Legacy")
        let result = try BinaryRunner.run(["lint", "--format", "json"], in: tree)
        let document = try LintTestSupport.json(result.stdout)
        #expect(document["schemaVersion"] as? Int == 1)
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 3)
        let published = try #require(findings.first { $0["rule"] as? String == "published-property" })
        #expect(published["path"] as? String == "Sources/Counter.swift")
        #expect(published["line"] as? Int == 4)
        #expect(published["column"] as? Int == 5)
        #expect(published["severity"] as? String == "warning")
        #expect(published["fix"] as? String == "safe")
        #expect(published["model"] as? String == "Counter")
        let edits = try #require(published["edits"] as? [[String: Any]])
        #expect(!edits.isEmpty)
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["findings"] as? Int == 3)
        #expect(summary["files"] as? Int == 2)
    }

    @Test func githubPrintsOneWorkflowCommandPerFinding() throws {
        let tree = try LintTestSupport.copy("Legacy")
        let result = try BinaryRunner.run(["lint", "--format", "github"], in: tree)
        let lines = LintTestSupport.lines(result.stdout)
        #expect(lines.count == 3)
        #expect(lines.contains("::warning file=Sources/Counter.swift,line=4,col=5,title=published-property::"
                               + "@Published is not needed: @Observable tracks 'count'"))
        for line in lines { #expect(line.wholeMatch(of: #/::(warning|error|notice) file=[^,]+,line=\d+,col=\d+,title=[a-z-]+::.+/#) != nil) }
    }

    @Test func githubEscapesPropertiesInFileNames() throws {
        // A file name with every character a property value must escape.
        let name = "Odd,name:100%.swift"
        let tree = try BinaryRunner.makeTree([name: "import Combine\n\nfinal class Odd: ObservableObject {\n    @Published var v = 0\n}\n"])
        let result = try BinaryRunner.run(["lint", "--format", "github"], in: tree)
        let lines = LintTestSupport.lines(result.stdout)
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("::warning file=Odd%2Cname%3A100%25.swift,line=")
                    || line.hasPrefix("::error file=Odd%2Cname%3A100%25.swift,line="))
        }
    }

    @Test(.enabled(if: LintTestSupport.schemaPath != nil, "../shared/schemas/sarif-2.1.0.json is not beside the repository"),
          .enabled(if: LintTestSupport.hasJSONSchema, "python3 with jsonschema is not installed"))
    func sarifValidatesAgainstTheSchema() throws {
        let schemaPath = try #require(LintTestSupport.schemaPath)
        let tree = try LintTestSupport.copy("Legacy")
        let result = try BinaryRunner.run(["lint", "--format", "sarif", "--output", "out.sarif"], in: tree)
        #expect(result.stdout.isEmpty)
        let sarifPath = tree.appendingPathComponent("out.sarif").path
        let script = "import json, sys, jsonschema; "
            + "jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1]))); print('valid')"
        let validation = try LintTestSupport.run("/usr/bin/env", ["python3", "-c", script, schemaPath, sarifPath])
        #expect(validation.status == 0, "\(validation.output)")
        #expect(validation.output.hasPrefix("valid"))
    }

    @Test func sarifCarriesRulesResultsRegionsAndSafeFixes() throws {
        let tree = try LintTestSupport.copy("Legacy")
        let result = try BinaryRunner.run(["lint", "--format", "sarif"], in: tree)
        let log = try LintTestSupport.json(result.stdout)
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "observation-migrate")
        // informationUri is optional in SARIF, and the tool has no home page to name yet.
        #expect(driver["informationUri"] == nil)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == RuleCatalog.ids.map { $0 })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 3)
        let published = try #require(results.first { $0["ruleId"] as? String == "published-property" })
        let location = try #require((published["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "Sources/Counter.swift")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 4)
        #expect((location["region"] as? [String: Any])?["startColumn"] as? Int == 5)
        // The unit is ready, so its safe fixes ride along.
        let fixes = try #require(published["fixes"] as? [[String: Any]])
        let change = try #require((fixes.first?["artifactChanges"] as? [[String: Any]])?.first)
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        #expect(replacement["deletedRegion"] is [String: Any])
        #expect(replacement["insertedContent"] is [String: Any])
    }

    @Test func checkstyleIsWellFormedWithOneErrorPerFinding() throws {
        let tree = try LintTestSupport.copy("Legacy")
        let result = try BinaryRunner.run(["lint", "--format", "checkstyle"], in: tree)
        #expect(result.stdout.components(separatedBy: "<error ").count - 1 == 3)
        #expect(result.stdout.components(separatedBy: "<file ").count - 1 == 2)
        #expect(XMLParser(data: Data(result.stdout.utf8)).parse())
    }

    @Test func junitIsWellFormedWithOneFailingTestCasePerFinding() throws {
        let tree = try LintTestSupport.copy("Legacy")
        let result = try BinaryRunner.run(["lint", "--format", "junit"], in: tree)
        #expect(result.stdout.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(result.stdout.components(separatedBy: "<failure ").count - 1 == 3)
        #expect(result.stdout.contains("<testsuites name=\"observation-migrate\" tests=\"3\" failures=\"3\" errors=\"0\">"))
        #expect(XMLParser(data: Data(result.stdout.utf8)).parse())
    }

    @Test func summaryCountsPerRule() throws {
        let tree = try LintTestSupport.copy("Legacy")
        let result = try BinaryRunner.run(["lint", "--format", "summary"], in: tree)
        let lines = LintTestSupport.lines(result.stdout)
        #expect(lines.first?.hasPrefix("count  fixable  unsafe  severity  rule") == true)
        // One row per rule: one finding, fixable by default, none needing --unsafe-fixes.
        for rule in ["observable-object-class", "published-property", "state-object"] {
            let severity = RuleCatalog.severity(rule).rawValue
            #expect(lines.filter { $0.hasPrefix("    1        1       0  \(severity) ") && $0.contains(" \(rule) ") }.count == 1,
                    "\(rule)")
        }
        #expect(lines.count == 5)
        #expect(lines.last == "3 findings in 2 files: 3 fixable with `observation-migrate apply`.")
        let clean = try BinaryRunner.run(["lint", "--format", "summary"], in: try LintTestSupport.copy("Clean"))
        #expect(clean.stdout == "No findings (2 files scanned).\n")
    }

    @Test func outputFileHoldsExactlyWhatStdoutWouldAndNothingIsPrinted() throws {
        let tree = try LintTestSupport.copy("Legacy")
        let printed = try BinaryRunner.run(["lint", "--format", "junit"], in: tree)
        let written = try BinaryRunner.run(["lint", "--format", "junit", "--output", "report.xml"], in: tree)
        #expect(written.stdout.isEmpty)
        #expect(written.exitCode == printed.exitCode)
        #expect(try String(contentsOf: tree.appendingPathComponent("report.xml"), encoding: .utf8) == printed.stdout)
        // No temporary file is left beside it.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: tree.path).filter { $0.contains("observation-migrate-") }
        #expect(leftovers.isEmpty)
    }

    // MARK: Suppressions

    @Test func everySuppressionFormSilencesItsLineAndUnusedOnesAreReported() throws {
        let model = """
            import Combine

            final class Counter: ObservableObject {
                // observation-migrate:disable:next published-property
                @Published var a = 0
                @Published var b = 0 // observation-migrate:disable:this published-property
                @Published var c = 0
                // observation-migrate:disable:previous published-property
                // observation-migrate:disable published-property - generated below
                @Published var d = 0
                @Published var e = 0
                // observation-migrate:enable published-property
                @Published var f = 0
                // observation-migrate:disable:next state-object
                @Published var g = 0
                // observation-migrate:disable:next publshed-property
                var h = 0
            }

            """
        let tree = try BinaryRunner.makeTree(["Counter.swift": model])
        let result = try BinaryRunner.run(["lint"], in: tree)
        let reported = LintTestSupport.lines(result.stdout).map { line -> String in
            let parts = line.split(separator: ":")
            return "\(parts[1]) \(line.split(separator: "(").last!.dropLast())"
        }
        // a, b, c (next, this, previous) and d, e (the region) are silent; f and g are not.
        #expect(reported.filter { $0.hasSuffix("published-property") } == ["13 published-property", "15 published-property"])
        // A suppression that silences nothing, and one naming a rule that does not exist.
        #expect(reported.contains("14 unused-suppression"))
        #expect(reported.contains("16 unused-suppression"))
        #expect(result.stdout.contains("'publshed-property' is not a rule; did you mean 'published-property'?"))
        #expect(!reported.contains("4 unused-suppression"))
        #expect(!reported.contains("9 unused-suppression"))
    }

    @Test func disableAllSilencesEveryRule() throws {
        let model = """
            // observation-migrate:disable all
            import Combine

            final class Counter: ObservableObject {
                @Published var a = 0
            }

            """
        let tree = try BinaryRunner.makeTree(["Counter.swift": model])
        let result = try BinaryRunner.run(["lint", "--strict"], in: tree)
        #expect(result.stdout.isEmpty)
        #expect(result.exitCode == 0)
    }

    // MARK: Configuration

    @Test func configurationIsFoundWalkingUpAndItsGlobsAreRelativeToIt() throws {
        let configuration = #"{ "exclude": ["Sources/Counter.swift"], "disabledRules": ["unknown-type"] }"#
        let tree = try LintTestSupport.copy("Legacy", adding: [".observation-migrate.json": configuration])
        let fromRoot = try BinaryRunner.run(["lint"], in: tree)
        let fromSources = try BinaryRunner.run(["lint"], in: tree.appendingPathComponent("Sources"))
        // Counter.swift is excluded, so only the view's wrapper is left, and its unknown-type note
        // is disabled: nothing at all is reported, from either folder.
        #expect(fromRoot.stdout.isEmpty)
        #expect(fromRoot.exitCode == 0)
        #expect(fromSources.stdout.isEmpty)
        #expect(fromSources.stderr.isEmpty)
    }

    @Test func explicitConfigurationOverridesTheNearestOne() throws {
        let tree = try LintTestSupport.copy("Legacy", adding: [
            ".observation-migrate.json": #"{ "onlyRules": ["state-object"] }"#,
            "ci/strict.json": #"{ "onlyRules": ["published-property"] }"#,
        ])
        let nearest = try BinaryRunner.run(["lint"], in: tree)
        #expect(LintTestSupport.lines(nearest.stdout).map { $0.hasSuffix("(state-object)") } == [true])
        let explicit = try BinaryRunner.run(["lint", "--config", "ci/strict.json"], in: tree)
        #expect(LintTestSupport.lines(explicit.stdout).map { $0.hasSuffix("(published-property)") } == [true])
    }

    // MARK: Baseline

    @Test func baselineHidesOldFindingsAfterLinesAreInsertedAboveAndReportsNewOnes() throws {
        let tree = try LintTestSupport.copy("Legacy")
        let written = try BinaryRunner.run(["lint", "--write-baseline", "baseline.json"], in: tree)
        #expect(written.exitCode == 0)
        #expect(written.stdout.isEmpty)
        #expect(written.stderr == "observation-migrate: recorded 3 findings in baseline.json\n")

        // Unrelated lines above every finding: none resurfaces.
        let counter = tree.appendingPathComponent("Sources/Counter.swift")
        let view = tree.appendingPathComponent("Sources/CounterView.swift")
        let preamble = "// Counting things.\n\nstruct Unrelated {\n    var value = 1\n}\n\n"
        try (preamble + String(contentsOf: counter, encoding: .utf8)).write(to: counter, atomically: true, encoding: .utf8)
        try (preamble + String(contentsOf: view, encoding: .utf8)).write(to: view, atomically: true, encoding: .utf8)
        let shifted = try BinaryRunner.run(["lint", "--strict", "--baseline", "baseline.json"], in: tree)
        #expect(shifted.stdout.isEmpty)
        #expect(shifted.exitCode == 0)

        // A new legacy property is reported, alone.
        let withNew = try String(contentsOf: counter, encoding: .utf8)
            .replacingOccurrences(of: "@Published var count = 0\n", with: "@Published var count = 0\n    @Published var total = 0\n")
        try withNew.write(to: counter, atomically: true, encoding: .utf8)
        let added = try BinaryRunner.run(["lint", "--strict", "--baseline", "baseline.json"], in: tree)
        #expect(added.exitCode == 1)
        let lines = LintTestSupport.lines(added.stdout)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Sources/Counter.swift:11:5: error: ") == true)
        #expect(lines.first?.contains("'total'") == true)

        // The same baseline read from a subfolder still matches: its paths are relative to it.
        let fromSources = try BinaryRunner.run(["lint", "--strict", "--baseline", "../baseline.json"], in: tree.appendingPathComponent("Sources"))
        #expect(LintTestSupport.lines(fromSources.stdout).count == 1)
    }

    @Test func baselineCountsIdenticalFindings() throws {
        let twoModels = """
            import Combine

            final class A: ObservableObject {
                @Published var value = 0
            }

            final class B: ObservableObject {
                @Published var value = 0
            }

            """
        let tree = try BinaryRunner.makeTree(["Models.swift": twoModels])
        _ = try BinaryRunner.run(["lint", "--write-baseline", "baseline.json"], in: tree)
        let threeModels = twoModels + "final class C: ObservableObject {\n    @Published var value = 0\n}\n"
        try threeModels.write(to: tree.appendingPathComponent("Models.swift"), atomically: true, encoding: .utf8)
        let result = try BinaryRunner.run(["lint", "--baseline", "baseline.json"], in: tree)
        // Two identical `@Published var value = 0` lines are recorded; the third is new, and
        // so is C's conformance (its line text differs from A's and B's).
        let lines = LintTestSupport.lines(result.stdout)
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("Models.swift:11:5:") && $0.hasSuffix("(published-property)") })
        #expect(lines.contains { $0.hasPrefix("Models.swift:10:") && $0.hasSuffix("(observable-object-class)") })
    }

    @Test func unreadableBaselineExitsTwo() throws {
        let tree = try LintTestSupport.copy("Legacy", adding: ["bad.json": "{ \"findings\": [] }"])
        let missing = try BinaryRunner.run(["lint", "--baseline", "nope.json"], in: tree)
        #expect(missing.exitCode == 2)
        #expect(LintTestSupport.lines(missing.stderr)
                == ["observation-migrate: error: nope.json: baseline file not found (create it with --write-baseline nope.json)"])
        let bad = try BinaryRunner.run(["lint", "--baseline", "bad.json"], in: tree)
        #expect(bad.exitCode == 2)
        #expect(bad.stderr.contains("bad.json:1:1: not an observation-migrate baseline"))
    }
}
