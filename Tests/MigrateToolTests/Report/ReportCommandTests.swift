import Foundation
import Testing
@testable import MigrateTool

/// `observation-migrate report` as a user runs it: the built binary, its stdout, stderr and exit
/// code, on trees written to a temporary folder.
@Suite struct ReportCommandTests {
    /// A temporary tree holding the report test tree.
    static func tree(_ extra: [String: String] = [:]) throws -> URL {
        try BinaryRunner.makeTree(ReportTestTree.treeFiles.merging(extra) { _, new in new })
    }

    @Test func reportsATreeWithExitZero() throws {
        let result = try BinaryRunner.run(["report"], in: try Self.tree())
        #expect(result.exitCode == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("Observation migration report: 3 Swift files, 3 units\n"))
        #expect(result.stdout.contains("Search · blocked"))
        #expect(result.stdout.contains("blocker  App/Models.swift:21:9"))
        #expect(!result.stdout.contains("\u{1B}["))  // a pipe is not a terminal
    }

    /// A pre-commit hook or an editor may name a file twice, spelled differently: it is one file.
    @Test func aFileNamedTwiceUnderTwoSpellingsIsScannedOnce() throws {
        let tree = try Self.tree()
        let twice = try BinaryRunner.run(["report", "App/Models.swift", "./App/Models.swift", "App"], in: tree)
        #expect(twice.exitCode == 0, "\(twice.stderr)")
        #expect(twice.stdout.hasPrefix("Observation migration report: 3 Swift files, 3 units\n"), "\(twice.stdout)")
    }

    @Test func colourCanBeForcedAndNoColorWinsOnlyOverAuto() throws {
        let tree = try Self.tree()
        #expect(try BinaryRunner.run(["report", "--color", "always"], in: tree).stdout.contains("\u{1B}[31mblocked"))
        #expect(try BinaryRunner.run(["report", "--color=always"], in: tree, environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
        #expect(!(try BinaryRunner.run(["report", "--no-color"], in: tree).stdout.contains("\u{1B}[")))
    }

    @Test func jsonParses() throws {
        let result = try BinaryRunner.run(["report", "--format", "json"], in: try Self.tree())
        #expect(result.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect((object["units"] as? [[String: Any]])?.count == 3)
    }

    @Test func markdownAndHTMLFormats() throws {
        let tree = try Self.tree()
        let markdown = try BinaryRunner.run(["report", "--format", "markdown"], in: tree)
        #expect(markdown.exitCode == 0 && markdown.stdout.hasPrefix("## Observation migration report"))
        let html = try BinaryRunner.run(["report", "--format", "html"], in: tree)
        #expect(html.exitCode == 0 && html.stdout.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func outputFileIsWrittenAndStdoutStaysEmpty() throws {
        let tree = try Self.tree()
        let result = try BinaryRunner.run(["report", "--output", "out/report.json", "App"], in: tree)
        // The folder does not exist: refused before scanning, naming the path.
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("out/report.json: cannot write the report"))

        let written = try BinaryRunner.run(["report", "--output", "report.json"], in: tree)
        #expect(written.exitCode == 0)
        #expect(written.stdout == "")
        #expect(written.stderr == "")
        let data = try Data(contentsOf: tree.appendingPathComponent("report.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
    }

    @Test func aMissingPathAmongGoodOnesIsAnErrorBeforeAnythingIsScanned() throws {
        let result = try BinaryRunner.run(["report", "App", "Nowhere"], in: try Self.tree())
        #expect(result.exitCode == 2)
        #expect(result.stderr == "observation-migrate: error: Nowhere: no such file or directory\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func onlyMissingPathsExitTwo() throws {
        let result = try BinaryRunner.run(["report", "Nowhere", "Neither.swift"], in: try Self.tree())
        #expect(result.exitCode == 2)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines == ["observation-migrate: error: Nowhere: no such file or directory"], "the first missing path stops the run")
    }

    @Test func invalidUTF8AndBinaryFilesAreNamedOnceEachAndSkipped() throws {
        let tree = try Self.tree()
        try Data([0x6C, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0x0A]).write(to: tree.appendingPathComponent("App/Latin1.swift"))
        try Data([0x63, 0x00, 0x01, 0x02]).write(to: tree.appendingPathComponent("App/Blob.swift"))
        let result = try BinaryRunner.run(["report", "--format", "json"], in: tree)
        #expect(result.exitCode == 0)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.contains("observation-migrate: warning: App/Latin1.swift: skipped: invalid UTF-8 at byte 4"))
        #expect(lines.contains("observation-migrate: warning: App/Blob.swift: skipped: binary file (contains NUL bytes)"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 3)
        #expect(summary["skippedPaths"] as? Int == 2)
        #expect((object["problems"] as? [[String: Any]])?.compactMap { $0["path"] as? String } == ["App/Blob.swift", "App/Latin1.swift"])
    }

    @Test(.timeLimit(.minutes(1))) func aSymbolicLinkLoopDoesNotHang() throws {
        let tree = try Self.tree()
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("App/loop").path, withDestinationPath: ".")
        let result = try BinaryRunner.run(["report", "--format", "json"], in: tree)
        #expect(result.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // Each file once, however many ways the loop leads to it.
        #expect((object["summary"] as? [String: Any])?["files"] as? Int == 3)
    }

    @Test func usageErrorsExitTwo() throws {
        let result = try BinaryRunner.run(["report", "--format", "yaml"], in: try Self.tree())
        #expect(result.exitCode == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("observation-migrate: error: unknown format 'yaml'; did you mean 'html'? (formats: text, markdown, json, html)\n"))
    }

    /// QA F13: the same words as lint for a wrong format, with a did-you-mean; a lint format or a
    /// file named for one is sent to lint instead of written as text; a flag given a value fails.
    @Test(arguments: [
        (["report", "--format", "jsn"], "unknown format 'jsn'; did you mean 'json'? (formats: text, markdown, json, html)"),
        (["report", "--format", "sarif"], "'sarif' is a lint format: observation-migrate lint --format sarif (report formats: text, markdown, json, html)"),
        (["report", "-o", "out.sarif"], "out.sarif: a sarif file is written by observation-migrate lint --format sarif; report writes text, markdown, json, html (pass --format to choose one)"),
        (["report", "--no-color=1"], "--no-color takes no value (given '--no-color=1')"),
        (["lint", "--strict=true"], "--strict takes no value (given '--strict=true')"),
        (["lint", "--write-baseline", "b.json", "-o", "x.sarif"], "--write-baseline writes only the baseline; drop --output, or run lint again with --baseline to report"),
        (["apply", "--type", "settings"], "--type settings: no model of that name in the scanned tree; did you mean 'Settings'?"),
    ])
    func wrongArgumentsSayWhatToWriteInstead(arguments: [String], message: String) throws {
        let tree = try Self.tree(["App/Settings.swift": "final class Settings: ObservableObject {\n    @Published var on = false\n}\n"])
        let result = try BinaryRunner.run(arguments, in: tree)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("observation-migrate: error: \(message)\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tree.appendingPathComponent("out.sarif").path))
    }

    @Test func aModuleQualifiedTypeNameSelectsTheModel() throws {
        let tree = try Self.tree(["App/Settings.swift": "final class Settings: ObservableObject {\n    @Published var on = false\n}\n"])
        let result = try BinaryRunner.run(["apply", "--dry-run", "--ignore-deployment-target", "--type", "App.Settings"], in: tree)
        #expect(result.exitCode == 1, "changes pending: \(result.stderr)")
        #expect(result.stdout.contains("+@Observable"), "\(result.stdout)")
    }

    @Test func excludeSkipsMatchingPaths() throws {
        // Inside the package's only target (a file outside every target is outside the build).
        let tree = try Self.tree(["App/Generated/Extra.swift": "final class Extra: ObservableObject {}\n"])
        let all = try BinaryRunner.run(["report"], in: tree)
        #expect(all.stdout.contains("Extra · "))
        let excluded = try BinaryRunner.run(["report", "--exclude", "Generated"], in: tree)
        #expect(excluded.exitCode == 0)
        #expect(!excluded.stdout.contains("Extra"))
        #expect(excluded.stderr == "")
        // Each glob that leaves something out counts, the second of two that match too; one
        // that matches nothing is named (a typo would scan what was meant to be left out).
        let typo = try BinaryRunner.run(["report", "--exclude", "Generated", "--exclude", "App/Generated/**", "--exclude", "Generatd/"], in: tree)
        #expect(typo.exitCode == 0)
        #expect(typo.stderr == "observation-migrate: warning: --exclude 'Generatd/' matched nothing under the paths given (globs match "
                + "paths as given, relative to the working directory, and bare file and folder names)\n", "\(typo.stderr)")
    }

    @Test func configurationIsHonouredAndABadOneExitsTwo() throws {
        let tree = try Self.tree([
            "good.json": #"{"exclude": ["Views.swift"], "severity": {"published-publisher": "error"}}"#,
            "bad.json": #"{"exlude": []}"#,
        ])
        let good = try BinaryRunner.run(["report", "--format", "json", "--config", "good.json"], in: tree)
        #expect(good.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(good.stdout.utf8)) as? [String: Any])
        #expect((object["summary"] as? [String: Any])?["files"] as? Int == 2)
        let findings = object["findings"] as? [[String: Any]] ?? []
        #expect(findings.first { $0["ruleId"] as? String == "published-publisher" }?["severity"] as? String == "error")

        let bad = try BinaryRunner.run(["report", "--config", "bad.json"], in: tree)
        #expect(bad.exitCode == 2)
        #expect(bad.stdout == "")
        #expect(bad.stderr.hasPrefix("observation-migrate: error: bad.json:"))
    }

    @Test func goldenHelp() throws {
        let result = try BinaryRunner.run(["report", "--help"])
        #expect(result.exitCode == 0)
        try ReportTestTree.expectGolden(result.stdout, "report-help.txt")
    }
}
