import Foundation
import Testing
@testable import MigrateTool

/// Escaping for every format, and the ordered JSON writer.
@Suite struct ReportEscapeTests {
    @Test func htmlEscapesTheFiveCharactersAndShowsControls() {
        #expect(ReportEscape.html(#"<a href="x">&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;")
        #expect(ReportEscape.html("a\u{202E}b\u{1B}c\td") == "a\\u{202E}b\\u{1B}c\td")
    }

    @Test(arguments: ["", "plain", "\"\\/\n\r\t\u{08}\u{0C}", "\u{00}\u{1F}\u{7F}", "\u{2028}\u{2029}", "é 🙂 中"])
    func jsonStringsRoundTrip(_ text: String) throws {
        let literal = ReportEscape.jsonString(text)
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(parsed == [text])
        #expect(!literal.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func markdownCodeSpansOutfenceBackticks() {
        #expect(ReportEscape.markdownCode("a") == "`a`")
        #expect(ReportEscape.markdownCode("a`b") == "``a`b``")
        #expect(ReportEscape.markdownCode("`a") == "`` `a ``")
        #expect(ReportEscape.markdownCode("a|b", inTable: true) == "`a\\|b`")
    }

    @Test func terminalTextKeepsLineBreaksAndShowsEscapes() {
        #expect(ReportEscape.terminal("a\nb\tc") == "a\nb\tc")
        #expect(ReportEscape.terminal("\u{1B}[31mred") == "\\u{1B}[31mred")
    }

    @Test func jsonValueKeepsKeyOrder() {
        let value = ReportJSONValue.object([("z", .int(1)), ("a", .array([.string("x"), .null])), ("m", .object([]))])
        #expect(value.serialized() == "{\n  \"z\": 1,\n  \"a\": [\"x\", null],\n  \"m\": {}\n}\n")
    }
}

/// Colour decisions and the report command line.
@Suite struct ReportOptionsTests {
    @Test func colourFollowsTheTerminalUnlessForcedOrNoColor() {
        #expect(ReportColorMode.resolve(.auto, toTerminal: true, environment: [:]))
        #expect(!ReportColorMode.resolve(.auto, toTerminal: false, environment: [:]))
        #expect(!ReportColorMode.resolve(.auto, toTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(ReportColorMode.resolve(.auto, toTerminal: true, environment: ["NO_COLOR": ""]))  // no-color.org: empty is unset
        #expect(!ReportColorMode.resolve(.auto, toTerminal: true, environment: ["TERM": "dumb"]))
        #expect(ReportColorMode.resolve(.always, toTerminal: false, environment: ["NO_COLOR": "1"]))
        #expect(!ReportColorMode.resolve(.never, toTerminal: true, environment: [:]))
    }

    /// Parses a report command line.
    static func parse(_ arguments: [String]) throws -> ReportCommand.Invocation {
        var reader = ArgumentReader(arguments)
        return try ReportCommand.parse(&reader)
    }

    @Test func parsesEveryOption() throws {
        let invocation = try Self.parse(["--format=json", "-o", "out.txt", "--color", "never", "--exclude", "Gen/*",
                                         "--exclude", "*.generated.swift", "--config", "c.json", "Sources", "App"])
        #expect(invocation == ReportCommand.Invocation(format: .json, outputPath: "out.txt", color: .never,
                                                       excludes: ["Gen/*", "*.generated.swift"], configPath: "c.json",
                                                       paths: ["Sources", "App"]))
    }

    @Test func formatFollowsTheOutputNameUnlessGiven() throws {
        #expect(try Self.parse(["--output", "r.html"]).format == .html)
        #expect(try Self.parse(["--output", "r.MD"]).format == .markdown)
        #expect(try Self.parse(["--output", "r.json", "--format", "text"]).format == .text)
        #expect(try Self.parse(["--output", "report.txt"]).format == .text)
        #expect(try Self.parse(["--no-color"]).color == .never)
    }

    @Test(arguments: [["--format", "yaml"], ["--color", "sometimes"], ["--no-color", "--color", "always"], ["--format"],
                      ["--format", "json", "--format", "text"], ["--frmat", "json"], ["--output", ""]])
    func rejectsBadCommandLines(_ arguments: [String]) {
        #expect(throws: UsageError.self) { try Self.parse(arguments) }
    }

    @Test func helpNamesEveryOptionAndExitCode() {
        for option in ["--format", "--output", "--exclude", "--config", "--color", "--no-color", "--help", "EXIT CODES", "  0  ", "  2  "] {
            #expect(ReportCommand.help.contains(option), "\(option)")
        }
    }
}

/// `--output FILE`: created or replaced whole, through links, with clear failures.
@Suite struct ReportFileTests {
    /// A fresh empty folder.
    static func folder() throws -> URL { try BinaryRunner.makeTree([:]) }

    @Test func createsANewFile() throws {
        let path = try Self.folder().appendingPathComponent("report.json").path
        #expect(ReportFile.write(Array("new".utf8), to: path) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    }

    @Test func replacesAnExistingFileKeepingItsPermissionsAndLeavesNoTemporaryFile() throws {
        let folder = try Self.folder()
        let path = folder.appendingPathComponent("report.txt").path
        try Data("old contents, longer".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        #expect(ReportFile.write(Array("new".utf8), to: path) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.txt"])
    }

    @Test func writesThroughASymbolicLink() throws {
        let folder = try Self.folder()
        let target = folder.appendingPathComponent("real.md").path
        let link = folder.appendingPathComponent("link.md").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.md")
        #expect(ReportFile.write(Array("new".utf8), to: link) == nil)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.md")
    }

    @Test func refusesADirectoryOrAMissingFolderNamingThePath() throws {
        let folder = try Self.folder()
        #expect(ReportFile.checkWritable(folder.path) == "\(folder.path): cannot write the report: it is a directory")
        let missing = folder.appendingPathComponent("no/such/report.json").path
        #expect(ReportFile.checkWritable(missing)?.hasPrefix("\(missing): cannot write the report: ") == true)
        #expect(ReportFile.write([], to: missing)?.hasPrefix("\(missing): cannot write the report: ") == true)
        #expect(ReportFile.checkWritable(folder.appendingPathComponent("fine.json").path) == nil)
    }
}
