import Foundation
import Testing
@testable import MigrateTool

/// A tree whose HTML report strains the layout: long nested paths, a long model name, a unit with
/// 24 identical blockers, one unit of each verdict, tab-indented code.
enum WideReportTree {
    // Inside the test package's only target, `App` (a file no target compiles is outside the build).
    static let path = "App/VeryLongFeatureModuleName/Presentation/Screens/Settings/SettingsViewModelWithAVeryLongDescriptiveName.swift"

    static var files: [String: String] {
        var model = "import SwiftUI\n\nfinal class SettingsViewModelWithAVeryLongDescriptiveName: ObservableObject {\n\t@Published var value = 0\n"
        for index in 0..<24 { model += "\tfunc update\(index)() {\n\t\tobjectWillChange.send()\n\t}\n" }
        model += "}\n"
        var tree = ReportTestTree.treeFiles
        tree[path] = model
        return tree
    }

    /// The report of the tree as `report --format html` writes it.
    static func html() throws -> (tree: URL, html: String) {
        let tree = try BinaryRunner.makeTree(files)
        let result = try BinaryRunner.run(["report", "--format", "html", "--output", "report.html", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        return (tree, try String(contentsOf: tree.appendingPathComponent("report.html"), encoding: .utf8))
    }
}

/// What the page says, without a browser.
@Suite struct HTMLReportPageTests {
    @Test func identicalBlockersAreGroupedAndPathsAreLinks() throws {
        let (tree, html) = try WideReportTree.html()
        defer { try? FileManager.default.removeItem(at: tree) }
        let unit = try #require(html.components(separatedBy: "<section class=\"unit\"").first { $0.contains("SettingsViewModelWithAVeryLongDescriptiveName</code> <span") })
        // One message, one suggestion, then the 24 places under their one file.
        #expect(unit.components(separatedBy: "objectWillChange.send() has no Observation twin").count == 2)
        #expect(unit.components(separatedBy: "write instead: <code>make the state that changes a stored property of the model").count == 2)
        #expect(unit.contains("24 places:"))
        #expect(unit.components(separatedBy: "<code class=\"line\">").count == 25)
        #expect(html.contains("<a class=\"path\" href=\"\(WideReportTree.path)\">"))
        #expect(HTMLReport.fileHref("/tmp/a b/C#.swift") == "file:///tmp/a%20b/C%23.swift")
        #expect(HTMLReport.fileHref("App/Models.swift") == "App/Models.swift")
    }
}

/// The page in a real browser: headless Chromium lays it out at 1,400 and 800 pixels and a script
/// measures what the issue complained of. Skipped where `chromium` is not on PATH.
@Suite struct HTMLReportBrowserTests {
    /// The `chromium` (or `chromium-browser`, `google-chrome`) executable on PATH, if any.
    static let browser: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    /// Runs in the page after layout; prints the measurements as JSON in `<pre id="measure">`.
    static let measuringScript = """
        <script>
        (function () {
          function px(value) { return parseFloat(value) || 0; }
          var body = px(getComputedStyle(document.body).fontSize);
          var table = document.getElementById("units").getBoundingClientRect();
          var badges = Array.prototype.slice.call(document.querySelectorAll(".badge"));
          var rules = Array.prototype.slice.call(document.querySelectorAll(".rule, td.rule code"));
          var headings = Array.prototype.slice.call(document.querySelectorAll("h3, h3 code"));
          var result = {
            innerWidth: innerWidth,
            scrollWidth: document.documentElement.scrollWidth,
            tableRight: Math.ceil(table.right),
            badges: badges.length,
            wrappedBadges: badges.filter(function (b) { return b.getBoundingClientRect().height > 1.6 * px(getComputedStyle(b).fontSize) * 1.5; }).length,
            rules: rules.length,
            brokenRules: rules.filter(function (r) { return r.getClientRects().length > 1; }).length,
            smallHeadings: headings.filter(function (h) { return px(getComputedStyle(h).fontSize) < body; }).length,
            tabSize: getComputedStyle(document.querySelector("pre")).tabSize
          };
          var out = document.createElement("pre");
          out.id = "measure";
          out.textContent = JSON.stringify(result);
          document.body.appendChild(out);
        })();
        </script>
        """

    @Test(.enabled(if: browser != nil, "chromium is not on PATH (apt-get install chromium)"), arguments: [1400, 800])
    func pageFitsTheWindow(width: Int) throws {
        let (tree, html) = try WideReportTree.html()
        defer { try? FileManager.default.removeItem(at: tree) }
        let page = tree.appendingPathComponent("measure.html")
        try html.replacingOccurrences(of: "</body>", with: Self.measuringScript + "\n</body>").write(to: page, atomically: true, encoding: .utf8)
        let dom = try Self.dumpDOM(page, width: width)
        let json = try #require(dom.components(separatedBy: "<pre id=\"measure\">").dropFirst().first?.components(separatedBy: "</pre>").first,
                                "no measurement in the page: \(dom.prefix(500))")
        let measured = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let innerWidth = try #require(measured["innerWidth"] as? Int)
        #expect(innerWidth == width, "the browser did not take the window size: \(measured)")
        #expect(try #require(measured["scrollWidth"] as? Int) <= innerWidth, "the page scrolls sideways: \(measured)")
        #expect(try #require(measured["tableRight"] as? Int) <= innerWidth, "the units table is wider than the window: \(measured)")
        #expect(measured["badges"] as? Int ?? 0 >= 3)
        #expect(measured["wrappedBadges"] as? Int == 0, "a verdict badge wraps: \(measured)")
        #expect(measured["rules"] as? Int ?? 0 >= 2)
        #expect(measured["brokenRules"] as? Int == 0, "a rule id breaks across lines: \(measured)")
        #expect(measured["smallHeadings"] as? Int == 0, "a unit heading is smaller than body text: \(measured)")
        #expect(measured["tabSize"] as? String == "4")
    }

    /// The DOM after scripts ran, from headless Chromium at `width` × 900 pixels.
    static func dumpDOM(_ page: URL, width: Int) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser!)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile.path)",
                             "--window-size=\(width),900", "--dump-dom", page.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A browser that hangs must not hang the suite.
        let deadline = DispatchTime.now() + .seconds(120)
        DispatchQueue.global().asyncAfter(deadline: deadline) { if process.isRunning { process.terminate() } }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
