import Foundation
import Testing
@testable import MigrateTool

/// The formatters as pure functions: an analysis in, text out, including the hostile text
/// (line breaks, markup, separators) that only a hand-edited finding can carry.
@Suite struct LintFormatterTests {
    /// The legacy tree with its first finding's message replaced and its first file renamed.
    static func hostile(message: String, path: String? = nil) throws -> Analysis {
        var analysis = try LintTestSupport.legacyAnalysis()
        analysis.findings[0].message = message
        if let path { analysis.displayPaths[analysis.findings[0].file] = path }
        return analysis
    }

    @Test func githubEscapesDataAndProperties() throws {
        let analysis = try Self.hostile(message: "100% sure\r\nsecond: line, really\n", path: "a,b:c%d.swift")
        let first = LintTestSupport.lines(GitHubLintFormatter.render(analysis, LintOptions()))[0]
        // observable-object-class is an error-level rule.
        #expect(first == "::error file=a%2Cb%3Ac%25d.swift,line=3,col=22,title=observable-object-class::"
                + "100%25 sure%0D%0Asecond: line, really%0A")
    }

    @Test func githubEscapingOrderNeverDoubleEscapes() {
        #expect(GitHubLintFormatter.escapeData("%0A") == "%250A")
        #expect(GitHubLintFormatter.escapeProperty("a:b,c%") == "a%3Ab%2Cc%25")
        #expect(GitHubLintFormatter.escapeProperty("\r\n") == "%0D%0A")
        // Data keeps `:` and `,`: only property values need them escaped.
        #expect(GitHubLintFormatter.escapeData("a:b,c") == "a:b,c")
    }

    @Test func githubUsesNoticeForNotesAndErrorUnderStrict() throws {
        var configuration = Configuration()
        configuration.severityOverrides = ["observable-object-class": .note]
        let analysis = try LintTestSupport.legacyAnalysis()
        let notes = GitHubLintFormatter.render(analysis, LintOptions(configuration: configuration))
        #expect(LintTestSupport.lines(notes)[0].hasPrefix("::notice "))
        let strict = GitHubLintFormatter.render(analysis, LintOptions(configuration: configuration, strict: true))
        // --strict raises warnings, never notes.
        #expect(LintTestSupport.lines(strict).map { String($0.prefix(9)) } == ["::notice ", "::error f", "::error f"])
    }

    @Test func xcodeKeepsEachDiagnosticOnOneLine() throws {
        let analysis = try Self.hostile(message: "first\nsecond\r\nthird\u{1B}[31m")
        let lines = XcodeLintFormatter.render(analysis, LintOptions()).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == "Sources/Counter.swift:3:22: error: first second third\\u{1B}[31m (observable-object-class)")
    }

    @Test func xmlFormatsEscapeMarkupAndLineBreaks() throws {
        let analysis = try Self.hostile(message: "<a href=\"x\">&'\n", path: "<odd>&.swift")
        let checkstyle = CheckstyleLintFormatter.render(analysis, LintOptions())
        #expect(checkstyle.contains("<file name=\"&lt;odd&gt;&amp;.swift\">"))
        #expect(checkstyle.contains("message=\"&lt;a href=&quot;x&quot;&gt;&amp;&apos;&#10;\""))
        let junit = JUnitLintFormatter.render(analysis, LintOptions())
        #expect(junit.contains("<testsuite name=\"&lt;odd&gt;&amp;.swift\""))
        #expect(!junit.contains("<a href"))
        #expect(XMLEscape.text("a\u{01}b\tc") == "a\\u{1}b&#9;c")
    }

    @Test func junitCountsNotesAsPassingTestCases() throws {
        var configuration = Configuration()
        configuration.severityOverrides = ["state-object": .note]
        let junit = JUnitLintFormatter.render(try LintTestSupport.legacyAnalysis(), LintOptions(configuration: configuration))
        #expect(junit.contains("<testsuites name=\"observation-migrate\" tests=\"3\" failures=\"2\" errors=\"0\">"))
        #expect(junit.contains("<system-out>Sources/CounterView.swift:4:5: note: "))
    }

    @Test func sarifColumnsCountUTF16CodeUnits() throws {
        // `é` is two bytes and one UTF-16 unit; `𝄞` is four bytes and two units.
        let source = "import Combine\n\nlet s = \"é𝄞\"; final class Counter: ObservableObject {\n    @Published var count = 0\n}\n"
        let analysis = Analyzer.analyze(swift: [SourceInput(path: "Model.swift", bytes: Array(source.utf8))])
        let finding = try #require(analysis.findings.first { $0.ruleID == "observable-object-class" })
        let byteColumn = analysis.location(finding).column
        let (line, column) = SARIFLintFormatter.position(file: finding.file, offset: finding.offset, analysis)
        #expect(line == 3)
        #expect(byteColumn - column == 3)  // (2 − 1) for é, (4 − 2) for 𝄞.
    }

    @Test func sarifURIsArePercentEncodedAndRelativeToTheSourceRoot() {
        #expect(SARIFLintFormatter.percentEncoded("Sources/My App/#1 é.swift") == "Sources/My%20App/%231%20%C3%A9.swift")
        let relative = SARIFLintFormatter.artifactLocation("Sources/A.swift")
        #expect(relative == .object([("uri", .string("Sources/A.swift")), ("uriBaseId", .string("%SRCROOT%"))]))
        #expect(SARIFLintFormatter.artifactLocation("/tmp/A.swift") == .object([("uri", .string("file:///tmp/A.swift"))]))
    }

    @Test func sarifRulesFallBackToTheIDWithoutADocument() {
        let rule = SARIFLintFormatter.rule("no-such-rule-document", LintOptions())
        #expect(rule == .object([
            ("id", .string("no-such-rule-document")),
            ("shortDescription", .object([("text", .string("no-such-rule-document"))])),
            ("defaultConfiguration", .object([("level", .string("warning"))])),
        ]))
    }

    @Test func sarifOmitsFixesForUnitsApplyWouldNotWrite() throws {
        // A unit blocked by a key path to its publisher: its safe edits are not offered as fixes.
        let source = """
            import Combine

            final class Feed: ObservableObject {
                @Published var items: [String] = []
                init() { _ = \\Feed.$items }
            }

            """
        let analysis = Analyzer.analyze(swift: [SourceInput(path: "Feed.swift", bytes: Array(source.utf8))])
        #expect(analysis.units.first?.verdict == .blocked)
        let log = SARIFLintFormatter.render(analysis, LintOptions())
        #expect(!log.contains("\"fixes\""))
        let published = try #require(LintOptions().diagnostics(analysis).first { $0.finding.ruleID == "published-property" })
        #expect(published.fix == nil)
    }

    /// `apply` changes imports only in files a unit rewrites: outside every unit, a missing
    /// `import Observation` is reported but not promised as a fix.
    @Test func anImportFindingOutsideEveryUnitIsNotFixable() throws {
        let source = "import Foundation\n\n@Observable\nfinal class UserServer {\n    var servers = Set<String>()\n}\n"
        let analysis = Analyzer.analyze(swift: [SourceInput(path: "UserServer.swift", bytes: Array(source.utf8))])
        let missing = try #require(LintOptions().diagnostics(analysis).first { $0.finding.ruleID == MissingObservationImport.id })
        #expect(missing.finding.unit == nil)
        #expect(missing.fix == nil)
    }

    @Test func jsonSummaryMatchesTheFindings() throws {
        let analysis = try LintTestSupport.legacyAnalysis()
        let document = try LintTestSupport.json(JSONLintFormatter.render(analysis, LintOptions(strict: true)))
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 3)
        #expect(summary["warnings"] as? Int == 0)
        #expect(summary["fixable"] as? Int == 3)
        #expect(document["strict"] as? Bool == true)
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.allSatisfy { $0["severity"] as? String == "error" })
    }

    @Test func jsonFieldsAreExactlyTheDocumentedOnes() throws {
        // docs/lint.md lists these; a field added here must be added there too.
        let document = try LintTestSupport.json(JSONLintFormatter.render(try LintTestSupport.legacyAnalysis(), LintOptions()))
        #expect(Set(document.keys) == ["schemaVersion", "tool", "strict", "summary", "findings"])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(Set(summary.keys) == ["files", "findings", "errors", "warnings", "notes", "fixable", "fixableWithUnsafeFixes"])
        let finding = try #require((document["findings"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys) == ["path", "line", "column", "rule", "severity", "fixClass", "fix", "blocker", "message",
                                      "suggestion", "model", "edits"])
        let edit = try #require((finding["edits"] as? [[String: Any]])?.first)
        #expect(Set(edit.keys) == ["path", "start", "end", "replacement"])
        #expect(Set((edit["start"] as? [String: Any])?.keys ?? [:].keys) == ["line", "column", "offset"])
    }

    @Test func failsOnlyAtErrorLevel() throws {
        let analysis = try LintTestSupport.legacyAnalysis()
        var configuration = Configuration()
        for id in Set(analysis.findings.map(\.ruleID)) { configuration.severityOverrides[id] = .warning }
        #expect(!LintOptions(configuration: configuration).fails(analysis))
        #expect(LintOptions(configuration: configuration, strict: true).fails(analysis))
        configuration.severityOverrides["state-object"] = .error
        #expect(LintOptions(configuration: configuration).fails(analysis))
        for id in Set(analysis.findings.map(\.ruleID)) { configuration.severityOverrides[id] = .note }
        #expect(!LintOptions(configuration: configuration, strict: true).fails(analysis))
    }

    @Test func everyFormatRendersAnEmptyAnalysis() throws {
        let analysis = Analyzer.analyze(swift: [SourceInput(path: "Plain.swift", bytes: Array("struct P {}\n".utf8))])
        #expect(analysis.findings.isEmpty)
        #expect(XcodeLintFormatter.render(analysis, LintOptions()).isEmpty)
        #expect(GitHubLintFormatter.render(analysis, LintOptions()).isEmpty)
        #expect(CheckstyleLintFormatter.render(analysis, LintOptions()) == XMLEscape.declaration + "<checkstyle version=\"4.3\">\n</checkstyle>\n")
        #expect(JUnitLintFormatter.render(analysis, LintOptions()).contains("tests=\"0\" failures=\"0\""))
        let sarif = try LintTestSupport.json(SARIFLintFormatter.render(analysis, LintOptions()))
        #expect(((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.isEmpty == true)
        let json = try LintTestSupport.json(JSONLintFormatter.render(analysis, LintOptions()))
        #expect((json["findings"] as? [Any])?.isEmpty == true)
    }
}
