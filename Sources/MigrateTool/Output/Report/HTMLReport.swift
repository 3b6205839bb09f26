/// `report --format html`: one self-contained page a lead can open or attach to a ticket. Styles
/// and the table-sorting script are inline and a Content-Security-Policy forbids loading anything
/// else, so the page works offline and cannot phone home, whatever the scanned code contained.
enum HTMLReport {
    /// Lines of context shown above and below the line of a blocker or review reason.
    static let excerptContext = 2

    /// The report as one HTML document.
    static func render(_ analysis: Analysis, options: ReportOptions) -> String {
        let document = ReportDocument(analysis, options: options)
        var body = header(document, options: options)
        body += figures(document)
        body += section("Units by verdict", chart(document.figures))
        body += section("Deployment target", deploymentTargets(document))
        body += section("Configuration", "<p>\(ReportEscape.html(document.configurationLine))</p>\n")
        body += section("Unpublished stored properties", "<p>\(ReportEscape.html(document.unpublishedPolicyLine))</p>\n")
        body += section("Unpublished plumbing", "<p>\(ReportEscape.html(document.plumbingPolicyLine))</p>\n")
        body += section("import Observation", "<p>\(ReportEscape.html(document.observationImportLine))</p>\n")
        body += section("@Observable order", "<p>\(ReportEscape.html(document.observableOrderLine))</p>\n")
        body += section("@Environment type annotation", "<p>\(ReportEscape.html(document.environmentAnnotationLine))</p>\n")
        body += section("State initializer label", "<p>\(ReportEscape.html(document.stateInitializerLine))</p>\n")
        body += section("View properties", "<p>\(ReportEscape.html(document.viewPropertiesLine))</p>\n")
        body += section("Manual sends", "<p>\(ReportEscape.html(document.manualSendsLine))</p>\n")
        body += section("Units", unitsTable(document))
        body += unitSections(document, analysis)
        if !document.treeItems.isEmpty {
            body += section("Not in any unit", "<ul class=\"reasons\">\n"
                + groupedReasons(document.treeItems.map { document.items[$0] }).map { reasons($0, analysis) }.joined() + "</ul>\n")
        }
        if !document.rules.isEmpty { body += section("Findings by rule", rulesTable(document)) }
        if !document.problems.isEmpty { body += section("Skipped paths", problems(document)) }
        if !document.outsideBuild.isEmpty {
            body += section("Outside the build", "<p>\(ReportEscape.html(ReportWords.outsideBuild(document.outsideBuild))).</p>\n<ul class=\"paths\">\n"
                + document.outsideBuild.map { "<li><code>\(ReportEscape.html($0))</code></li>\n" }.joined() + "</ul>\n")
        }
        return page(title: "Observation migration report", body: body)
    }

    /// The document shell: head with policy and styles, body, sorting script.
    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <title>\(ReportEscape.html(title))</title>
        <style>
        \(stylesheet)
        </style>
        </head>
        <body>
        <main>
        \(body)</main>
        <script>
        \(script)
        </script>
        </body>
        </html>

        """
    }

    /// A titled section.
    static func section(_ title: String, _ content: String) -> String {
        "<section>\n<h2>\(ReportEscape.html(title))</h2>\n\(content)</section>\n"
    }

    /// The page heading and what was scanned.
    static func header(_ document: ReportDocument, options: ReportOptions) -> String {
        let figures = document.figures
        return "<header>\n<h1>Observation migration report</h1>\n<p class=\"muted\">"
            + "\(ReportWords.count(figures.swiftFiles, "Swift file")), \(ReportWords.count(figures.lines, "line")) · "
            + "observation-migrate \(ReportEscape.html(options.toolVersion))</p>\n</header>\n"
    }

    /// The headline figures as cards.
    static func figures(_ document: ReportDocument) -> String {
        let figures = document.figures
        let cards: [(String, Int, String)] = [
            ("Swift files", figures.swiftFiles, ""),
            ("Lines", figures.lines, ""),
            ("Models", figures.models, ""),
            ("Units", figures.units, ""),
            ("Ready", figures.ready, "ready"),
            ("Needs --unsafe-fixes", figures.needsUnsafeFixes, "review"),
            ("Blocked", figures.blocked, "blocked"),
            ("Findings", figures.findings, ""),
        ] + (figures.refusedForDeployment > 0 ? [("Refused by apply: deployment target", figures.refusedForDeployment, "blocked")] : [])
        var text = "<section class=\"cards\" aria-label=\"Summary\">\n"
        for (label, value, kind) in cards {
            let kindClass = kind.isEmpty ? "" : " \(kind)"
            text += "<div class=\"card\(kindClass)\"><span class=\"figure\">\(value)</span>"
                + "<span class=\"label\">\(ReportEscape.html(label))</span></div>\n"
        }
        return text + "</section>\n"
    }

    /// The CSS class of a verdict, shared by badges, bars and cards.
    static func verdictClass(_ verdict: Verdict) -> String {
        switch verdict {
        case .ready: return "ready"
        case .needsUnsafeFixes: return "review"
        case .blocked: return "blocked"
        }
    }

    /// A verdict badge.
    static func badge(_ verdict: Verdict) -> String {
        "<span class=\"badge \(verdictClass(verdict))\">\(ReportEscape.html(verdict.rawValue))</span>"
    }

    /// A horizontal bar chart of units by verdict, as inline SVG: no script or library needed to draw it.
    static func chart(_ figures: ReportDocument.Figures) -> String {
        let labelWidth = 170
        let barWidth = 360
        let rowHeight = 30
        let largest = max(1, Verdict.allCases.map(figures.count).max() ?? 1)
        let height = rowHeight * Verdict.allCases.count + 4
        let description = Verdict.allCases.map { "\(figures.count($0)) \($0.rawValue)" }.joined(separator: ", ")
        var svg = "<svg class=\"chart\" role=\"img\" viewBox=\"0 0 \(labelWidth + barWidth + 50) \(height)\" "
            + "width=\"\(labelWidth + barWidth + 50)\" height=\"\(height)\" aria-label=\"Units by verdict: \(ReportEscape.html(description))\">\n"
        svg += "<title>Units by verdict: \(ReportEscape.html(description))</title>\n"
        for (row, verdict) in Verdict.allCases.enumerated() {
            let count = figures.count(verdict)
            let y = row * rowHeight + 4
            // A zero still gets a sliver, so the row reads as "none" rather than as missing.
            let width = count == 0 ? 2 : max(2, barWidth * count / largest)
            svg += "<text x=\"0\" y=\(quoted(y + 16)) class=\"axis\">\(ReportEscape.html(verdict.rawValue))</text>\n"
            svg += "<rect x=\(quoted(labelWidth)) y=\(quoted(y)) width=\(quoted(width)) height=\"22\" rx=\"3\" class=\"bar \(verdictClass(verdict))\"/>\n"
            svg += "<text x=\(quoted(labelWidth + width + 6)) y=\(quoted(y + 16)) class=\"axis\">\(count)</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// An integer as a quoted attribute value.
    static func quoted(_ value: Int) -> String { "\"\(value)\"" }

    /// The deployment targets found, or what Observation needs when none was found.
    static func deploymentTargets(_ document: ReportDocument) -> String {
        if document.deploymentTargets.isEmpty {
            return "<p>None found in <code>Package.swift</code> or Xcode settings. Observation needs iOS 17, macOS 14, "
                + "tvOS 17, watchOS 10 or visionOS 1.</p>\n"
        }
        /// One target as a list item.
        func item(_ target: DeploymentTarget, _ extra: String) -> String {
            let kind = target.allowsObservation ? "ready" : "blocked"
            return "<li><span class=\"badge \(kind)\">\(ReportEscape.html(target.described))</span> "
                + "\(ReportEscape.html(ReportWords.deploymentVerdict(target))) "
                + "<code>\(ReportEscape.html(target.location.description))</code>\(extra)</li>\n"
        }
        var text = "<ul class=\"targets\">\n"
        for entry in document.platformTargets {
            text += item(entry.lowest, entry.settings == 1 ? "" : ", lowest of \(entry.settings) settings")
        }
        text += "</ul>\n"
        // Every setting, collapsed: a workspace of many projects can have hundreds.
        if document.deploymentTargets.count > document.platformTargets.count {
            text += "<details><summary>All \(document.deploymentTargets.count) settings</summary>\n<ul class=\"targets\">\n"
                + document.deploymentTargets.map { item($0, "") }.joined() + "</ul>\n</details>\n"
        }
        return text
    }

    /// Sort rank of a verdict, so the verdict column sorts from ready to blocked.
    static func rank(_ verdict: Verdict) -> Int { Verdict.allCases.firstIndex(of: verdict) ?? 0 }

    /// The sortable table of units; each name links to the unit's section.
    static func unitsTable(_ document: ReportDocument) -> String {
        if document.units.isEmpty { return "<p>No <code>ObservableObject</code> model is declared in the scanned tree.</p>\n" }
        var text = "<table class=\"sortable\" id=\"units\">\n<thead><tr>"
        let columns: [(String, String)] = [("Model", "text"), ("Verdict", "number"), ("Declared at", "text"), ("Sites", "number"),
                                           ("Files", "number"), ("Blockers", "number"), ("Review", "number")]
        for (title, type) in columns {
            text += "<th data-type=\"\(type)\"><button type=\"button\">\(ReportEscape.html(title))</button></th>"
        }
        text += "</tr></thead>\n<tbody>\n"
        for (position, entry) in document.units.enumerated() {
            let summary = entry.summary
            text += "<tr><td><a href=\"#unit-\(position)\"><code>\(ReportEscape.html(summary.name))</code></a></td>"
                + "<td class=\"verdict\" data-sort=\"\(rank(summary.verdict))\">\(badge(summary.verdict))</td>"
                + "<td class=\"path\">\(locationLink(summary.declaredAt))</td>"
                + "<td class=\"number\">\(summary.siteCount)</td><td class=\"number\">\(summary.fileCount)</td>"
                + "<td class=\"number\">\(entry.blockers.count)</td><td class=\"number\">\(entry.reviews.count)</td></tr>\n"
        }
        return text + "</tbody>\n</table>\n"
    }

    /// One section per unit, blocked and review units with their reasons and code excerpts.
    static func unitSections(_ document: ReportDocument, _ analysis: Analysis) -> String {
        var text = ""
        for (position, entry) in document.units.enumerated() {
            let summary = entry.summary
            text += "<section class=\"unit\" id=\"unit-\(position)\">\n<h3><code>\(ReportEscape.html(summary.name))</code> \(badge(summary.verdict))</h3>\n"
            text += "<p>Declared at \(locationLink(summary.declaredAt)); "
                + "\(ReportWords.reach(summary)); "
                + "\(ReportWords.count(entry.safeCount, "safe edit")).</p>\n"
            if let refusal = entry.deploymentRefusal { text += "<p class=\"refusal\">\(ReportEscape.html(refusal)).</p>\n" }
            let others = summary.members.filter { $0 != summary.name }
            let plain = others.filter { summary.memberReasons[$0] == nil }
            if !plain.isEmpty {
                text += "<p>With " + plain.map { "<code>\(ReportEscape.html($0))</code>" }.joined(separator: ", ") + ".</p>\n"
            }
            for (members, reason) in summary.membersByReason {
                text += "<p>With " + members.map { "<code>\(ReportEscape.html($0))</code>" }.joined(separator: ", ")
                    + ": \(ReportEscape.html(reason)).</p>\n"
            }
            if summary.suppressed || !entry.reasons.isEmpty {
                text += "<ul class=\"reasons\">\n"
                if summary.suppressed {
                    text += "<li class=\"blocker\"><span class=\"role\">blocker</span> \(ReportEscape.html(ReportWords.suppressedReason))</li>\n"
                }
                for group in groupedReasons(entry.reasons.map { document.items[$0] }) { text += reasons(group, analysis) }
                text += "</ul>\n"
            }
            text += "</section>\n"
        }
        return text
    }

    /// Reasons with the same role, rule, message and suggestion, in order of their first place:
    /// a unit with 24 identical blockers shows the message once and then its 24 places.
    static func groupedReasons(_ items: [ReportDocument.Item]) -> [[ReportDocument.Item]] {
        /// What makes two reasons the same, apart from where they are.
        struct Key: Hashable {
            var label: String, ruleID: String, message: String, suggestion: String?
        }
        var groups: [[ReportDocument.Item]] = []
        var positions: [Key: Int] = [:]
        for item in items {
            let key = Key(label: item.label, ruleID: item.ruleID, message: item.message, suggestion: item.suggestion)
            if let position = positions[key] {
                groups[position].append(item)
            } else {
                positions[key] = groups.count
                groups.append([item])
            }
        }
        return groups
    }

    /// One reason, or a group of identical ones: role, message, rule and suggestion once, then
    /// each place with its code (an excerpt for a single place; the reported line for each of many).
    static func reasons(_ group: [ReportDocument.Item], _ analysis: Analysis) -> String {
        let item = group[0]
        let showsCode = item.label != "note" && item.label != "safe"
        var text = "<li class=\"\(item.label)\"><span class=\"role\">\(item.label)</span> "
        if group.count == 1 { text += locationLink(item.location) + " " }
        text += "\(ReportEscape.html(item.message)) <span class=\"rule\">\(ReportEscape.html(item.ruleID))</span>"
        if let suggestion = item.suggestion {
            text += "<div class=\"suggestion\">write instead: <code>\(ReportEscape.html(suggestion))</code></div>"
        }
        if group.count == 1 {
            if showsCode { text += excerptHTML(excerpt(analysis, file: item.file, line: item.location.line), highlighted: item.location.line) }
        } else {
            // Places by file, the path once: 24 places in one file read as one path and 24 lines.
            text += "<div class=\"places\">\(group.count) places:</div><ul class=\"places\">"
            var paths: [String] = []
            var placesByPath: [String: [ReportDocument.Item]] = [:]
            for place in group {
                if placesByPath[place.location.path] == nil { paths.append(place.location.path) }
                placesByPath[place.location.path, default: []].append(place)
            }
            for path in paths {
                text += "<li>\(fileLink(path, text: path))<ul class=\"lines\">"
                for place in placesByPath[path]! {
                    text += "<li><a class=\"path\" href=\"\(ReportEscape.html(fileHref(path)))\"><code>\(place.location.line):\(place.location.column)</code></a>"
                    if showsCode {
                        text += " <code class=\"line\">\(ReportEscape.html(analysis.lineText(file: place.file, line: place.location.line)))</code>"
                    }
                    text += "</li>"
                }
                text += "</ul></li>"
            }
            text += "</ul>"
        }
        return text + "</li>\n"
    }

    /// A location as a link to its file: a relative `href` for a relative path (the page opens
    /// the file when it is saved in the folder the tool ran in, as `--output report.html` does),
    /// a `file:` URL for an absolute one. The text may break after each `/`.
    static func locationLink(_ location: SourceLocation) -> String {
        fileLink(location.path, text: location.description)
    }

    /// A link to the file at `path`, reading `text`; see `locationLink`.
    static func fileLink(_ path: String, text: String) -> String {
        let breakable = ReportEscape.html(text).replacingOccurrences(of: "/", with: "/<wbr>")
        return "<a class=\"path\" href=\"\(ReportEscape.html(fileHref(path)))\"><code>\(breakable)</code></a>"
    }

    /// The `href` of a file: its path, relative or as a `file:` URL.
    static func fileHref(_ path: String) -> String {
        // The same URI path encoding as SARIF's artifact locations.
        (path.hasPrefix("/") ? "file://" : "") + SARIFLintFormatter.percentEncoded(path)
    }

    /// The lines around `line` of `file`, numbered; clipped to the file.
    static func excerpt(_ analysis: Analysis, file: Int, line: Int) -> [(number: Int, text: String)] {
        let lineMap = analysis.lineMaps[file]
        let lineCount = lineMap.lineCount(byteCount: analysis.files[file].source.bytes.count)
        // Context stops at the last line; the reported line itself is always shown, even the
        // empty one after a final line break, where a finding at the end of a file sits.
        let last = min(max(line, min(line + excerptContext, lineCount)), lineMap.lineStarts.count)
        guard last >= 1 else { return [] }
        let first = max(1, min(line - excerptContext, last))
        return (first...last).map { ($0, analysis.lineText(file: file, line: $0)) }
    }

    /// An excerpt as a `<pre>` block with line numbers, the reported line marked.
    static func excerptHTML(_ lines: [(number: Int, text: String)], highlighted: Int) -> String {
        guard !lines.isEmpty else { return "" }
        let width = String(lines.last!.number).count
        var text = "<pre class=\"excerpt\"><code>"
        for (number, line) in lines {
            let label = String(repeating: " ", count: width - String(number).count) + String(number)
            let hit = number == highlighted
            text += "<span class=\"line\(hit ? " hit" : "")\"><span class=\"ln\">\(label)</span>\(ReportEscape.html(line))</span>"
        }
        return text + "</code></pre>"
    }

    /// Findings by rule, sortable.
    static func rulesTable(_ document: ReportDocument) -> String {
        var text = "<table class=\"sortable\" id=\"rules\">\n<thead><tr><th data-type=\"text\"><button type=\"button\">Rule</button></th>"
            + "<th data-type=\"number\"><button type=\"button\">Count</button></th>"
            + "<th data-type=\"text\"><button type=\"button\">Class</button></th><th>Summary</th></tr></thead>\n<tbody>\n"
        for row in document.rules {
            text += "<tr><td class=\"rule\"><code>\(ReportEscape.html(row.ruleID))</code></td><td class=\"number\">\(row.count)</td>"
                + "<td>\(ReportEscape.html(row.classLabel))</td><td>\(ReportEscape.html(row.summary ?? ""))</td></tr>\n"
        }
        return text + "</tbody>\n</table>\n"
    }

    /// Paths that could not be scanned.
    static func problems(_ document: ReportDocument) -> String {
        "<ul>\n" + document.problems.map {
            "<li>\(fileLink($0.path, text: $0.path)): \(ReportEscape.html($0.reason))</li>\n"
        }.joined() + "</ul>\n"
    }

    /// The page's styles: light and dark, print-friendly, no web fonts.
    static let stylesheet = """
        :root { color-scheme: light dark; --fg: #1d1d1f; --muted: #6e6e73; --bg: #fff; --panel: #f5f5f7; --line: #d2d2d7;
          --ready: #1f883d; --review: #bf8700; --blocked: #cf222e; --hit: #fff3c4; }
        @media (prefers-color-scheme: dark) { :root { --fg: #f5f5f7; --muted: #a1a1a6; --bg: #1c1c1e; --panel: #2c2c2e;
          --line: #3a3a3c; --hit: #4d4220; } }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 -apple-system, system-ui, sans-serif; }
        main { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
        h1 { margin: 0; font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 1px solid var(--line); }
        code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; tab-size: 4; -moz-tab-size: 4; }
        h3 { font-size: 1.2rem; margin-bottom: .4rem; } h3 code { font-size: inherit; }
        a.path { color: inherit; text-decoration-color: var(--muted); } a.path:hover { color: var(--review); }
        .muted { color: var(--muted); }
        .cards { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1rem; }
        .card { background: var(--panel); border-radius: 8px; padding: .75rem 1rem; min-width: 8rem; }
        .card .figure { display: block; font-size: 1.6rem; font-weight: 600; } .card .label { color: var(--muted); }
        .card.ready .figure { color: var(--ready); } .card.review .figure { color: var(--review); }
        .card.blocked .figure { color: var(--blocked); }
        .chart .axis { fill: var(--fg); font-size: 13px; }
        .bar.ready { fill: var(--ready); } .bar.review { fill: var(--review); } .bar.blocked { fill: var(--blocked); }
        .badge { display: inline-block; border-radius: 999px; padding: 0 .6em; color: #fff; font-size: .85em; font-weight: 600; white-space: nowrap; }
        .badge.ready { background: var(--ready); } .badge.review { background: var(--review); } .badge.blocked { background: var(--blocked); }
        table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid var(--line); }
        td { overflow-wrap: anywhere; } th, td.number, td.rule, td.verdict { white-space: nowrap; overflow-wrap: normal; }
        th button { font: inherit; font-weight: 600; background: none; border: 0; color: inherit; cursor: pointer; padding: 0; }
        th[aria-sort="ascending"] button::after { content: " ▲"; } th[aria-sort="descending"] button::after { content: " ▼"; }
        .unit { border-top: 1px solid var(--line); margin-top: 1.5rem; }
        .reasons { padding-left: 1.2rem; } .reasons li { margin: .6rem 0; }
        .role { font-weight: 600; text-transform: uppercase; font-size: .75em; letter-spacing: .04em; }
        li.blocker .role, li.manual .role { color: var(--blocked); } li.review .role { color: var(--review); } li.note .role { color: var(--muted); }
        .rule { color: var(--muted); font-size: .85em; white-space: nowrap; } .suggestion { margin-top: .2rem; }
        div.places { margin-top: .3rem; color: var(--muted); } ul.places { margin: .2rem 0; padding-left: 1.2rem; }
        ul.places li { margin: .15rem 0; } ul.lines { list-style: none; padding-left: .8rem; margin: .1rem 0; }
        ul.places code.line { white-space: pre-wrap; overflow-wrap: anywhere; color: var(--muted); margin-left: .5rem; }
        .excerpt { background: var(--panel); border-radius: 6px; padding: .5rem 0; overflow-x: auto; }
        .excerpt .line { display: block; padding: 0 .75rem; white-space: pre; } .excerpt .hit { background: var(--hit); }
        .excerpt .ln { color: var(--muted); user-select: none; margin-right: 1rem; }
        """

    /// Sorts a table when a header button is clicked: numbers numerically (cells may carry a
    /// `data-sort` key), text with `localeCompare`; clicking again reverses.
    static let script = """
        (function () {
          function key(cell) { return cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent.trim(); }
          document.querySelectorAll("table.sortable").forEach(function (table) {
            var headers = table.querySelectorAll("th");
            headers.forEach(function (header, column) {
              var button = header.querySelector("button");
              if (!button) { return; }
              button.addEventListener("click", function () {
                var ascending = header.getAttribute("aria-sort") !== "ascending";
                headers.forEach(function (other) { other.removeAttribute("aria-sort"); });
                header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
                var numeric = header.getAttribute("data-type") === "number";
                var body = table.tBodies[0];
                var rows = Array.prototype.slice.call(body.rows);
                rows.sort(function (a, b) {
                  var x = key(a.cells[column]), y = key(b.cells[column]);
                  var order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
                  return ascending ? order : -order;
                });
                rows.forEach(function (row) { body.appendChild(row); });
              });
            });
          });
        })();
        """
}
