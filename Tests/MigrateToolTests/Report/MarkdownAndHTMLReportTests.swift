import Foundation
import Testing
@testable import MigrateTool

/// The Markdown report: tables and collapsible reasons a pull-request comment can hold.
@Suite struct MarkdownReportTests {
    static let analysis = ReportTestTree.analysis()
    static let markdown = MarkdownReport.render(analysis, options: ReportOptions())

    @Test func summaryAndUnitsTables() {
        #expect(Self.markdown.hasPrefix("## Observation migration report\n"))
        #expect(Self.markdown.contains("| Swift files scanned | 3 |"))
        #expect(Self.markdown.contains("| Model | Verdict | Declared at | Sites | Files | Blockers | Review |"))
        #expect(Self.markdown.contains("| `Search` | ⛔ blocked | `App/Models.swift:16:7` | 2 | 2 | 1 | 1 |"))
        #expect(Self.markdown.contains("| `Counter` | ✅ ready |"))
        #expect(Self.markdown.contains("| `Loader` | ⚠️ needs `--unsafe-fixes` |"))
    }

    @Test func blockedAndReviewUnitsGetCollapsibleReasons() throws {
        let blocks = Self.markdown.components(separatedBy: "<details>\n").dropFirst()
        let search = try #require(blocks.first { $0.hasPrefix("<summary><b>Search</b>: blocked, 1 blocker") })
        #expect(search.contains("- ⛔ **blocker** `App/Models.swift:21:9`: '$query' needs a publisher bridge once @Observable removes it, but the model already has a member 'queryPublisher'"))
        #expect(search.contains("  write instead: `rename 'queryPublisher'"))
        #expect(blocks.contains { $0.hasPrefix("<summary><b>Loader</b>: needs --unsafe-fixes, 1 review reason") })
        // A ready unit without notes has nothing to expand.
        #expect(!blocks.contains { $0.hasPrefix("<summary><b>Counter</b>") })
        #expect(Self.markdown.components(separatedBy: "<details>").count == Self.markdown.components(separatedBy: "</details>").count)
    }

    @Test func fitsTheCommentLimitAndSaysWhatItLeftOut() {
        #expect(!Self.markdown.contains("Left out"))
        let short = MarkdownReport.render(Self.analysis, options: ReportOptions(), limit: 2_200)
        #expect(short.utf8.count <= 2_200)
        #expect(short.contains("| Swift files scanned | 3 |"))  // the summary is always there
        #expect(short.contains("> Left out to fit a pull-request comment: "))
        #expect(short.contains("`observation-migrate report --format html` shows everything."))
        // Whatever was cut, the <details> blocks that made it in are closed.
        #expect(short.components(separatedBy: "<details>").count == short.components(separatedBy: "</details>").count)
    }

    @Test func aLargeTreeStaysUnderGitHubsLimit() {
        // 150 copies of the tree's models: 450 units, 150 of them blocked, far past the limit.
        let models = ReportTestTree.files[0].1
        let sources = (0..<150).map { copy in
            SourceInput(path: "App\(copy)/Models.swift", bytes: Array(models.replacing("class ", with: "class M\(copy)").utf8))
        }
        let markdown = MarkdownReport.render(Analyzer.analyze(swift: sources), options: ReportOptions())
        #expect(markdown.count <= 65_536)
        #expect(markdown.contains("Left out to fit a pull-request comment"))
    }

    @Test func userTextCannotBreakTablesOrInjectHTML() {
        var analysis = Self.analysis
        let search = analysis.findings.firstIndex { $0.isBlocker }!
        analysis.findings[search].message = "a | b <script>alert(1)</script> *c*"
        analysis.findings[search].suggestion = "x ` y"
        let markdown = MarkdownReport.render(analysis, options: ReportOptions())
        #expect(markdown.contains("a \\| b &lt;script&gt;alert(1)&lt;/script&gt; \\*c\\*"))
        #expect(!markdown.contains("<script>"))
        #expect(markdown.contains("write instead: ``x ` y``"))
    }
}

/// The HTML report: one self-contained page with figures, chart, sortable table and excerpts.
@Suite struct HTMLReportTests {
    static let analysis = ReportTestTree.analysis()
    static let html = HTMLReport.render(analysis, options: ReportOptions())

    @Test func isOneSelfContainedPage() throws {
        #expect(Self.html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(Self.html.hasSuffix("</html>\n"))
        // Nothing is loaded from anywhere: no remote or protocol-relative src/href, no <link>.
        let external = try Regex(#"(?i)(src|href)\s*=\s*["']?\s*(https?:|//)"#)
        #expect(Self.html.firstMatch(of: external) == nil)
        #expect(!Self.html.contains("<link"))
        #expect(!Self.html.contains("<script src"))
        #expect(Self.html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
    }

    @Test func hasFiguresChartAndSortableTable() {
        #expect(Self.html.contains("<span class=\"figure\">3</span><span class=\"label\">Models</span>"))
        #expect(Self.html.contains("<svg class=\"chart\" role=\"img\""))
        #expect(Self.html.contains("class=\"bar blocked\""))
        #expect(Self.html.contains("<table class=\"sortable\" id=\"units\">"))
        #expect(Self.html.contains("<th data-type=\"number\"><button type=\"button\">Sites</button></th>"))
        #expect(Self.html.contains("table.sortable"))  // the script that sorts it
        #expect(Self.html.contains("<a href=\"#unit-2\"><code>Search</code></a>"))
        #expect(Self.html.contains("<section class=\"unit\" id=\"unit-2\">"))
    }

    @Test func blockerExcerptIsEscapedAndHighlighted() throws {
        let section = try #require(Self.html.components(separatedBy: "<section class=\"unit\" id=\"unit-2\">").last)
        let hit = "<span class=\"line hit\"><span class=\"ln\">21</span>        $query.filter { $0.count &lt; 40 &amp;&amp; !$0.isEmpty }"
        #expect(section.contains(hit))
        #expect(section.contains("<span class=\"ln\">19</span>    private var cancellables = Set&lt;AnyCancellable&gt;()"))
        #expect(section.contains("<span class=\"ln\">23</span>    var queryPublisher: String { query }; var queryValuesPublisher: String { query }"))
        #expect(!Self.html.contains("count < 40"))
    }

    @Test func sectionsAreBalanced() {
        for tag in ["section", "table", "ul", "li", "pre", "details", "svg"] {
            #expect(Self.html.components(separatedBy: "<\(tag)").count == Self.html.components(separatedBy: "</\(tag)>").count, "\(tag)")
        }
    }

    @Test func messagesAreEscaped() {
        var analysis = Self.analysis
        analysis.findings[analysis.findings.firstIndex { $0.isBlocker }!].message = "<img src=x onerror=alert(1)> \"quoted\""
        let html = HTMLReport.render(analysis, options: ReportOptions())
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot;"))
    }

    @Test func excerptIsClippedToTheFile() {
        let analysis = Analyzer.analyze(swift: [SourceInput(path: "A.swift", bytes: Array("let a = 1\nlet b = 2\n".utf8))])
        #expect(HTMLReport.excerpt(analysis, file: 0, line: 1).map(\.number) == [1, 2])
        #expect(HTMLReport.excerpt(analysis, file: 0, line: 2).map(\.number) == [1, 2])
        // The empty line after the final break is shown only when a finding is on it.
        #expect(HTMLReport.excerpt(analysis, file: 0, line: 3).map(\.number) == [1, 2, 3])
    }
}
