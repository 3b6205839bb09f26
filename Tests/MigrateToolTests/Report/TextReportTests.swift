import Foundation
import Testing
@testable import MigrateTool

/// The text report: the facts a reader needs, where they expect them, and a golden of the whole.
@Suite struct TextReportTests {
    static let analysis = ReportTestTree.analysis()
    static let text = TextReport.render(analysis, options: ReportOptions(color: false))

    /// The paragraph of the text report about one unit (the first sits right under its heading).
    static func block(_ heading: String) -> String? {
        Self.text.components(separatedBy: "\n\n").first { $0.hasPrefix(heading) || $0.contains("\n" + heading) }
    }

    @Test func theTreeHasOneUnitOfEachVerdict() {
        // Guards the fixture itself: every assertion below depends on these three verdicts.
        let verdicts = Dictionary(uniqueKeysWithValues: Self.analysis.units.map { ($0.name, $0.verdict) })
        #expect(verdicts == ["Counter": .ready, "Loader": .needsUnsafeFixes, "Search": .blocked])
    }

    @Test func summaryComesFirstWithTheFigures() throws {
        let summary = try #require(Self.text.range(of: "SUMMARY"))
        let units = try #require(Self.text.range(of: "UNITS"))
        #expect(summary.lowerBound < units.lowerBound)
        #expect(Self.text.contains("Files scanned       3 Swift files, 44 lines"))
        #expect(Self.text.contains("Models              3 classes in 3 units"))
        #expect(Self.text.contains("ready                    1"))
        #expect(Self.text.contains("needs --unsafe-fixes     1"))
        #expect(Self.text.contains("blocked                  1"))
    }

    @Test func deploymentTargetsSayWhetherTheyAllowObservation() {
        #expect(Self.text.contains("iOS 16 (Package.swift:3:48): below iOS 17: Observation is not available"))
        #expect(Self.text.contains("macOS 14 (Package.swift:3:60): allows Observation"))
    }

    @Test func manyDeploymentSettingsAreSummarisedByTheLowestPerPlatform() {
        var analysis = Self.analysis
        /// A target at line 1 of `path`.
        func target(_ platform: String, _ version: String, _ path: String, allows: Bool) -> DeploymentTarget {
            DeploymentTarget(platform: platform, version: version, minimum: platform == "iOS" ? "17" : "14",
                             location: SourceLocation(path: path, line: 1, column: 1), allowsObservation: allows)
        }
        analysis.deploymentTargets = [target("macOS", "14.0", "A.xcconfig", allows: true), target("iOS", "17.0", "A.xcconfig", allows: true),
                                      target("iOS", "9.3", "B.xcconfig", allows: false), target("iOS", "10", "C.xcconfig", allows: false)]
        let text = TextReport.render(analysis, options: ReportOptions())
        #expect(text.contains("Deployment target   iOS 9.3 (B.xcconfig:1:1, lowest of 3 settings): below iOS 17: Observation is not available\n"
                              + "                      macOS 14.0 (A.xcconfig:1:1): allows Observation\n"))
        #expect(JSONReport.render(analysis, options: ReportOptions()).components(separatedBy: "\"platform\"").count == 5)
    }

    @Test func findingsByRuleCarryCountAndClass() {
        #expect(Self.text.contains("      4  safe    published-property\n"))
        #expect(Self.text.contains("      1  manual  published-publisher\n"))
    }

    @Test func blockedUnitListsItsBlockerWithLocationAndSuggestion() throws {
        let block = try #require(Self.block("Search · blocked"))
        #expect(block.contains("declared at App/Models.swift:16:7"))
        #expect(block.contains("2 files: its declarations and 2 sites"))
        #expect(block.contains("blocker  App/Models.swift:21:9  '$query' needs a publisher bridge once @Observable removes it, but the model already has a member 'queryPublisher'"))
        #expect(block.contains("write instead: rename 'queryPublisher'"))
    }

    @Test func reviewUnitListsItsReviewReason() throws {
        let block = try #require(Self.block("Loader · needs --unsafe-fixes"))
        #expect(block.contains("review   App/Views.swift:9:5  @StateObject 'loader' becomes @State"))
        #expect(block.contains("[state-object]"))
    }

    @Test func readyUnitHasNoReasons() throws {
        let block = try #require(Self.block("Counter · ready"))
        #expect(!block.contains("blocker") && !block.contains("review"))
        #expect(block.contains("3 safe edits"))
    }

    @Test func findingsOutsideUnitsHaveTheirOwnSection() throws {
        let section = try #require(Self.text.components(separatedBy: "NOT IN ANY UNIT\n").last)
        #expect(section.contains("note     App/Views.swift:15:5  @ObservedObject 'other' holds 'ThirdParty'"))
        #expect(section.contains("manual   Package.swift:3:48"))
    }

    @Test func noColourUnlessAsked() {
        #expect(!Self.text.contains("\u{1B}["))
        let colored = TextReport.render(Self.analysis, options: ReportOptions(color: true))
        #expect(colored.contains("\u{1B}[31mblocked\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[32mready\u{1B}[0m"))
    }

    @Test func aSuppressedUnitSaysWhyItIsBlocked() throws {
        var analysis = Self.analysis
        let position = try #require(analysis.units.firstIndex { $0.name == "Counter" })
        analysis.units[position].suppressed = true
        analysis.units[position].verdict = .blocked
        let text = TextReport.render(analysis, options: ReportOptions())
        #expect(text.contains("Counter · blocked\n  declared at App/Models.swift:4:7\n  2 files: its declarations and 1 site; 3 safe edits\n"
                              + "  blocker  a suppression comment or a disabled rule silenced one of its fixes, so it is left as it is\n"))
    }

    @Test func goldenTextReport() throws {
        try ReportTestTree.expectGolden(Self.text, "text-report.txt")
    }

    @Test func skippedPathsAreListedAtTheEnd() {
        var analysis = Self.analysis
        analysis.problems = [.notFound("Missing.swift"), .binary("App/Blob.swift")]
        let text = TextReport.render(analysis, options: ReportOptions())
        #expect(text.contains("Skipped             2 paths (listed at the end)"))
        #expect(text.hasSuffix("SKIPPED\n  App/Blob.swift: skipped: binary file (contains NUL bytes)\n"
                               + "  Missing.swift: no such file or directory\n"))
    }

    @Test func emptyTreeSaysSo() {
        let text = TextReport.render(Analyzer.analyze(swift: []), options: ReportOptions())
        #expect(text.contains("0 Swift files, 0 lines"))
        #expect(text.contains("no ObservableObject model is declared in the scanned tree"))
        #expect(text.contains("none found in Package.swift or Xcode settings"))
    }

    @Test func terminalEscapesInSourceTextAreShownNotSent() {
        var analysis = Self.analysis
        analysis.findings[analysis.findings.firstIndex { $0.isBlocker }!].message = "evil \u{1B}]0;title\u{07} text"
        let text = TextReport.render(analysis, options: ReportOptions())
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("evil \\u{1B}]0;title\\u{7} text"))
    }
}
