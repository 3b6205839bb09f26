import Foundation
import Testing
@testable import MigrateTool

/// One fenced example of a `rules/<id>.md` file.
struct RuleExample: CustomTestStringConvertible, Sendable {
    enum Kind: String, Sendable {
        case before, after, unchanged
    }

    var rule: String
    var kind: Kind
    /// The code with the `↓` markers removed.
    var code: String
    /// Byte offsets where the markers stood: where findings of `rule` must be reported.
    var markers: [Int]
    /// For a `before`, the `after` that follows it.
    var expected: String?
    /// 1-based line of the fence in the Markdown file, for messages.
    var line: Int
    /// The `.observation-migrate.json` the example runs under, from a ```` ```json configuration ````
    /// fence right before it (an `after` runs under its `before`'s); nil for the defaults.
    var configuration: String? = nil

    var testDescription: String { "\(rule) \(kind.rawValue) (rules/\(rule).md:\(line))" }
}

/// Reads the examples of the rule documents, SwiftLint's examples-as-data.
enum RuleExamples {
    static let marker = "↓"

    static let rulesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("rules")

    /// Every rule document's text, by id.
    static func documents() -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path)) ?? []
        var result: [String: String] = [:]
        for name in names where name.hasSuffix(".md") {
            result[String(name.dropLast(3))] = try? String(contentsOf: rulesDirectory.appendingPathComponent(name), encoding: .utf8)
        }
        return result
    }

    /// Every example of every document, `before` blocks carrying the `after` that follows them.
    static func all() -> [RuleExample] {
        documents().sorted { $0.key < $1.key }.flatMap { parse($0.value, rule: $0.key) }
    }

    static func parse(_ markdown: String, rule: String) -> [RuleExample] {
        var examples: [RuleExample] = []
        var lines = markdown.components(separatedBy: "\n")[...]
        var lineNumber = 0
        var configuration: String?
        while let line = lines.popFirst() {
            lineNumber += 1
            let info = line.trimmingCharacters(in: .whitespaces)
            let isConfiguration = info == "```json configuration"
            let kind = info.hasPrefix("```swift ") ? RuleExample.Kind(rawValue: String(info.dropFirst(9))) : nil
            guard isConfiguration || kind != nil else { continue }
            let fenceLine = lineNumber
            var body: [String] = []
            while let next = lines.popFirst() {
                lineNumber += 1
                if next.trimmingCharacters(in: .whitespaces) == "```" { break }
                body.append(next)
            }
            let raw = body.joined(separator: "\n") + "\n"
            guard let kind else {
                configuration = raw
                continue
            }
            let (code, markers) = stripMarkers(raw)
            var example = RuleExample(rule: rule, kind: kind, code: code, markers: markers, line: fenceLine)
            if kind == .after, let index = examples.lastIndex(where: { $0.kind == .before }), examples[index].expected == nil {
                examples[index].expected = code
                example.configuration = examples[index].configuration
            } else {
                example.configuration = configuration
            }
            configuration = nil
            examples.append(example)
        }
        return examples
    }

    /// Removes the `↓` markers; returns the code and the byte offsets they marked.
    static func stripMarkers(_ text: String) -> (String, [Int]) {
        var bytes: [UInt8] = []
        var markers: [Int] = []
        let markerBytes = Array(marker.utf8)
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            if index + markerBytes.count <= source.count, Array(source[index..<(index + markerBytes.count)]) == markerBytes {
                markers.append(bytes.count)
                index += markerBytes.count
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return (String(decoding: bytes, as: UTF8.self), markers)
    }

    /// The analysis of one example through the pipeline the commands run: the example is written
    /// as a file (a package manifest example as `Package.swift`, a Tuist one as `Project.swift`) to a fresh folder, which
    /// `TreeLoader` walks, reads and sends through the relevance filter. A construct the filter's
    /// keywords miss is then not found, and its examples fail.
    static func analyze(_ code: String, configuration: String? = nil) -> Analysis {
        let name = code.contains("import PackageDescription") ? "Package.swift"
            : code.contains("import ProjectDescription") ? "Project.swift" : "Example.swift"
        return analyze(files: [(name, code)], configuration: configuration)
    }

    /// The analysis of a tree of files (name and text), written to a fresh folder, through
    /// `TreeLoader`, under `configuration` (the text of an `.observation-migrate.json`) when given.
    static func analyze(files: [(name: String, code: String)], configuration: String? = nil) -> Analysis {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rule-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in files { try Data(file.code.utf8).write(to: folder.appendingPathComponent(file.name)) }
        } catch {
            Issue.record("cannot write the example to \(folder.path): \(error)")
        }
        guard let configuration else { return TreeLoader.analyze(paths: [folder.path], configuration: Configuration()) }
        let path = folder.appendingPathComponent(ConfigurationLoader.fileName).path
        do {
            try Data(configuration.utf8).write(to: URL(fileURLWithPath: path))
            return TreeLoader.analyze(paths: [folder.path], configuration: try ConfigurationLoader.load(file: path))
        } catch {
            Issue.record("the example's configuration is not valid: \(error)")
            return TreeLoader.analyze(paths: [folder.path], configuration: Configuration())
        }
    }

    /// The analysis of one example held in memory as `Example.swift`, without the disk and the
    /// relevance filter: for tests of the words of a message, which name the file.
    static func analyzeInMemory(_ code: String) -> Analysis {
        Analyzer.analyze(swift: [SourceInput(path: "Example.swift", bytes: Array(code.utf8))])
    }

    /// Findings of `rule` in one file of code, as byte offsets.
    static func findingOffsets(_ code: String, rule: String, configuration: String? = nil) -> [Int] {
        analyze(code, configuration: configuration).findings.filter { $0.ruleID == rule }.map(\.offset).sorted()
    }

    /// The example as `apply --unsafe-fixes` rewrites it, through the same pipeline as `analyze`.
    static func migrate(_ code: String, configuration: String? = nil) -> String {
        let analysis = analyze(code, configuration: configuration)
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        return plan.newContents[0].map { String(decoding: $0, as: UTF8.self) } ?? code
    }

    /// Where a byte offset is, as `line:column`, for readable failures.
    static func position(_ offset: Int, in code: String) -> String {
        let prefix = Array(code.utf8).prefix(offset)
        let line = prefix.filter { $0 == 0x0A }.count + 1
        let column = offset - (prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return "\(line):\(column)"
    }
}

/// Runs every example of every rule document, with SwiftFormat's invariants.
@Suite struct RuleExampleTests {
    static let examples = RuleExamples.all()
    static let beforeExamples = examples.filter { $0.kind == .before }
    static let unchangedExamples = examples.filter { $0.kind == .unchanged }
    static let afterExamples = examples.filter { $0.kind == .after }

    @Test("findings land exactly at the ↓ markers", arguments: beforeExamples)
    func findingsAtMarkers(_ example: RuleExample) {
        let found = RuleExamples.findingOffsets(example.code, rule: example.rule, configuration: example.configuration)
        #expect(!example.markers.isEmpty, "a before example needs at least one ↓")
        #expect(found == example.markers.sorted(),
                "expected at \(example.markers.map { RuleExamples.position($0, in: example.code) }), found at \(found.map { RuleExamples.position($0, in: example.code) })")
    }

    @Test("before becomes after (or stays when there is no after)", arguments: beforeExamples)
    func beforeBecomesAfter(_ example: RuleExample) {
        let migrated = RuleExamples.migrate(example.code, configuration: example.configuration)
        let expected = example.expected ?? example.code
        #expect(migrated == expected, "\(TextDiff.unified(expected, migrated, path: "Example.swift"))")
    }

    @Test("applying twice changes nothing, and nothing fixable is left", arguments: afterExamples + unchangedExamples)
    func idempotentAndLintClean(_ example: RuleExample) {
        let migrated = RuleExamples.migrate(example.code, configuration: example.configuration)
        #expect(migrated == example.code, "\(TextDiff.unified(example.code, migrated, path: "Example.swift"))")
        let analysis = RuleExamples.analyze(example.code, configuration: example.configuration)
        let fixable = analysis.findings.filter { finding in
            finding.isFixable && finding.unit.map { analysis.units[$0].verdict != .blocked } ?? true
        }
        #expect(fixable.isEmpty, "fixable findings left: \(fixable.map { "\($0.ruleID) at \(RuleExamples.position($0.offset, in: example.code))" })")
    }

    @Test("unchanged examples yield no finding of their rule", arguments: unchangedExamples)
    func unchangedHasNoFinding(_ example: RuleExample) {
        let found = RuleExamples.findingOffsets(example.code, rule: example.rule, configuration: example.configuration)
        #expect(found.isEmpty, "found at \(found.map { RuleExamples.position($0, in: example.code) })")
    }

    @Test("a suppression comment silences the rule", arguments: beforeExamples)
    func suppressionSilences(_ example: RuleExample) {
        let suppressed = "// observation-migrate:disable \(example.rule)\n" + example.code
        let analysis = RuleExamples.analyze(suppressed, configuration: example.configuration)
        #expect(analysis.findings.filter { $0.ruleID == example.rule }.isEmpty)
        #expect(analysis.findings.filter { $0.ruleID == UnusedSuppression.id }.isEmpty, "the suppression should be counted as used")
    }
}

/// The rule documents and the rule types stay one to one, and the binary carries current text.
@Suite struct RuleDocumentTests {
    @Test func everyRuleHasADocumentAndEveryDocumentARule() {
        let documents = Set(RuleExamples.documents().keys)
        let rules = Set(RuleCatalog.ids)
        #expect(documents.subtracting(rules).isEmpty, "documents without a rule type: \(documents.subtracting(rules).sorted())")
        #expect(rules.subtracting(documents).isEmpty, "rule types without a document: \(rules.subtracting(documents).sorted())")
        #expect(RuleCatalog.ids.count == rules.count, "two rule types share an id")
    }

    /// The generated `RuleDocuments.swift` is what the rule documents generate; with
    /// `UPDATE_GOLDENS=1` it is rewritten instead (then rebuild, and review the change with git diff).
    @Test func generatedDocumentsFileIsCurrent() throws {
        let generated = RuleDocumentsSource.generate(documents: RuleDocumentsSource.repositoryDocuments(in: RuleExamples.rulesDirectory))
        let url = ReportTestTree.repositoryRoot.appendingPathComponent(RuleDocumentsSource.path)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            if (try? String(contentsOf: url, encoding: .utf8)) != generated { try Data(generated.utf8).write(to: url, options: .atomic) }
            return
        }
        let current = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        #expect(current == generated, "\(RuleDocumentsSource.path) is stale: run UPDATE_GOLDENS=1 swift test --filter RuleDocumentTests\n\(TextDiff.unified(current, generated, path: RuleDocumentsSource.path))")
    }

    /// The binary under test was built from current documents.
    @Test func embeddedDocumentsAreCurrent() {
        let documents = RuleExamples.documents()
        for (id, text) in documents {
            #expect(RuleDocuments.all[id] == text.replacingOccurrences(of: "\r\n", with: "\n").trimmingTrailingNewline(),
                    "rules/\(id).md changed: run UPDATE_GOLDENS=1 swift test --filter RuleDocumentTests, then rebuild")
        }
        #expect(Set(RuleDocuments.all.keys) == Set(documents.keys), "run UPDATE_GOLDENS=1 swift test --filter RuleDocumentTests, then rebuild")
    }

    /// The generator escapes a document that contains `"#`, and writes `[:]` for no documents.
    @Test func generatorPicksEnoughPoundsAndHandlesNoDocuments() {
        let source = RuleDocumentsSource.generate(documents: [("b.md", "x = \"#\"\n\ny\n"), ("a-b.md", "z")], header: "//")
        #expect(source == ####"""
            //

            /// The text of every `rules/<id>.md`, compiled in so `observation-migrate rules ID` works anywhere.
            enum RuleDocuments {
                /// Markdown by rule id.
                static let all: [String: String] = [
                    "a-b": #"""
                    z
                    """#,
                    "b": ##"""
                    x = "#"

                    y
                    """##,
                ]
            }

            """####)
        #expect(RuleDocumentsSource.generate(documents: [], header: "//").contains("static let all: [String: String] = [:\n    ]\n}"))
    }

    /// A ```` ```json configuration ```` fence applies to the `before` or `unchanged` example right
    /// after it (an `after` runs under its `before`'s): anywhere else it would be dropped silently.
    @Test(arguments: RuleCatalog.ids)
    func configurationFencesComeRightBeforeAnExample(_ id: String) {
        guard let text = RuleExamples.documents()[id] else { return }
        let fences = text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("```") && $0 != "```" }
        for (position, fence) in fences.enumerated() where fence == "```json configuration" {
            let next = position + 1 < fences.count ? fences[position + 1] : "the end of the document"
            #expect(next == "```swift before" || next == "```swift unchanged", "rules/\(id).md: a configuration fence before \(next)")
        }
    }

    @Test(arguments: RuleCatalog.ids)
    func documentHasTheRequiredHeader(_ id: String) {
        guard let text = RuleExamples.documents()[id] else { return }
        let lines = text.components(separatedBy: "\n")
        #expect(lines.first == "# \(id)")
        #expect(lines.contains { $0.hasPrefix("summary: ") })
        #expect(lines.contains { ["class: safe", "class: review", "class: manual"].contains($0) })
        #expect(lines.contains { $0.hasPrefix("severity: ") })
        #expect(text.contains("```swift before") || text.contains("```swift unchanged"), "no examples")
    }
}

extension String {
    /// The string without its final line breaks (a Swift multi-line literal drops the last one).
    func trimmingTrailingNewline() -> String {
        var result = self
        while result.hasSuffix("\n") { result.removeLast() }
        return result
    }
}
