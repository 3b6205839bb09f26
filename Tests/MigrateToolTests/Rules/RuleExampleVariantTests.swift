import SourceScan
import Testing
@testable import MigrateTool

/// An example rewritten so it means the same to the rules, or nothing at all (SwiftLint runs its
/// examples so): every line behind a multi-byte comment, or every line commented out.
struct RuleExampleVariant {
    /// A block comment of multi-byte characters: `é` is two bytes and one UTF-16 unit, `🙂` four
    /// bytes and two UTF-16 units, so byte and UTF-16 columns part after it.
    static let multiByteComment = "/* é🙂 */ "

    /// The code with `prefix` before each line, and where each original byte offset moved to.
    /// Lines of a multi-line string literal would change the string, so examples holding one
    /// are left out (nil).
    static func prefixingLines(of code: String, with prefix: String) -> (code: String, moved: (Int) -> Int)? {
        guard !code.contains("\"\"\"") else { return nil }
        var lineStarts: [Int] = [0]
        for (offset, byte) in code.utf8.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let variant = lines.enumerated().map { index, line in
            // The final empty "line" after the last break stays empty, so the file still ends in one.
            index == lines.count - 1 && line.isEmpty ? "" : prefix + line
        }.joined(separator: "\n")
        let width = prefix.utf8.count
        let starts = lineStarts
        return (variant, { offset in
            let line = starts.lastIndex { $0 <= offset } ?? 0
            return offset + width * (line + 1)
        })
    }

    /// The code split into one file per top-level declaration, each with the imports of the
    /// original, and where each original byte offset moved to (file position, offset). A file
    /// then reaches the pipeline only if the relevance filter selects it on its own: by a keyword,
    /// or by naming a model another file declares. Nil for fewer than two declarations or one
    /// inside `#if` (a split would cut the directive).
    static func splittingByDeclaration(_ code: String) -> (files: [(name: String, code: String)], moved: (Int) -> (file: Int, offset: Int))? {
        let bytes = Array(code.utf8)
        let structure = FileStructure(SourceFile(path: "Example.swift", bytes: bytes))
        // A freestanding macro's body (`#Preview { @Previewable @State var x … }`) is one piece of
        // code: the declarations parsed inside it are not the file's to split at.
        let tokens = structure.tokens
        let macroBodies: [ClosedRange<Int>] = tokens.indices.compactMap { index in
            guard tokens[index].kind == .pound, index + 2 < tokens.count, tokens[index + 1].kind == .identifier else { return nil }
            var open = index + 2
            if tokens[open].kind == .leftParen { open = structure.closing(open) + 1 }
            guard open < tokens.count, tokens[open].kind == .leftBrace else { return nil }
            return open...structure.closing(open)
        }
        let topLevel = structure.declarations.filter { declaration in
            declaration.parent == nil && !macroBodies.contains { $0.contains(declaration.tokens.lowerBound) }
        }
        guard !topLevel.contains(where: \.isConditional) else { return nil }
        func end(_ declaration: Declaration) -> Int { Int(structure.tokens[declaration.tokens.upperBound - 1].end) }
        let imports = topLevel.filter { $0.kind == .import }.map { declaration in
            String(decoding: bytes[Int(structure.tokens[declaration.tokens.lowerBound].start)..<end(declaration)], as: UTF8.self) + "\n"
        }.joined()
        let others = topLevel.filter { $0.kind != .import }
        guard others.count >= 2 else { return nil }
        let starts = [0] + others.dropLast().map(end)
        let ends = Array(starts.dropFirst()) + [bytes.count]
        let files = zip(starts, ends).enumerated().map { position, range in
            (name: "Part\(position).swift", code: (position == 0 ? "" : imports) + String(decoding: bytes[range.0..<range.1], as: UTF8.self))
        }
        let header = imports.utf8.count
        return (files, { offset in
            let file = starts.lastIndex { $0 <= offset } ?? 0
            return (file, offset - starts[file] + (file == 0 ? 0 : header))
        })
    }
}

/// Every rule example again, in the variants of `RuleExampleVariant`, through the real pipeline.
@Suite struct RuleExampleVariantTests {
    /// A conflict marker is one only at the start of a line: behind a comment it is an operator.
    static let prefixable = RuleExampleTests.beforeExamples.filter {
        RuleExampleVariant.prefixingLines(of: $0.code, with: RuleExampleVariant.multiByteComment) != nil && !$0.code.contains("\n<<<<<<< ")
    }

    @Test("behind a multi-byte comment on every line, findings move with their code, and SARIF counts UTF-16 columns",
          arguments: prefixable)
    func multiByteCommentBeforeEveryLine(_ example: RuleExample) throws {
        let prefix = RuleExampleVariant.multiByteComment
        let variant = try #require(RuleExampleVariant.prefixingLines(of: example.code, with: prefix))
        let analysis = RuleExamples.analyze(variant.code, configuration: example.configuration)
        let findings = analysis.findings.filter { $0.ruleID == example.rule }.sorted { $0.offset < $1.offset }
        let expected = example.markers.sorted().map(variant.moved)
        #expect(findings.map(\.offset) == expected,
                "expected at \(expected.map { RuleExamples.position($0, in: variant.code) }), found at \(findings.map { RuleExamples.position($0.offset, in: variant.code) })\n\(variant.code)")
        guard findings.map(\.offset) == expected else { return }
        let original = Array(example.code.utf8)
        for (finding, marker) in zip(findings, example.markers.sorted()) {
            // The marker's column in the original line, as text: what precedes it on its line.
            let lineStart = original[..<marker].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let before = String(decoding: original[lineStart..<marker], as: UTF8.self)
            let location = analysis.location(finding)
            #expect(location.column == prefix.utf8.count + before.utf8.count + 1, "byte column (xcode, json, checkstyle)")
            let sarif = SARIFLintFormatter.position(file: finding.file, offset: finding.offset, analysis)
            #expect(sarif.line == location.line)
            #expect(sarif.column == prefix.utf16.count + before.utf16.count + 1, "SARIF's UTF-16 column")
        }
    }

    @Test("with \\r\\n or lone \\r line breaks, before becomes after with the same line breaks, none of another kind",
          arguments: RuleExampleTests.beforeExamples)
    func otherLineBreaks(_ example: RuleExample) {
        let expected = example.expected ?? example.code
        for lineBreak in ["\r\n", "\r"] {
            let converted = example.code.replacingOccurrences(of: "\n", with: lineBreak)
            let migrated = RuleExamples.migrate(converted, configuration: example.configuration)
            let wanted = expected.replacingOccurrences(of: "\n", with: lineBreak)
            #expect(migrated == wanted, "\(lineBreak.debugDescription): \(TextDiff.unified(wanted, migrated, path: "Example.swift").debugDescription)")
        }
    }

    @Test("after a byte-order mark, before becomes after with the mark kept and nothing else moved",
          arguments: RuleExampleTests.beforeExamples)
    func byteOrderMark(_ example: RuleExample) {
        let mark = "\u{FEFF}"
        let migrated = RuleExamples.migrate(mark + example.code, configuration: example.configuration)
        let wanted = mark + (example.expected ?? example.code)
        #expect(migrated == wanted, "\(TextDiff.unified(wanted, migrated, path: "Example.swift"))")
    }

    @Test("commented out line by line, an example yields no finding at all", arguments: RuleExampleTests.examples)
    func commentedOut(_ example: RuleExample) throws {
        let variant = try #require(RuleExampleVariant.prefixingLines(of: example.code, with: "// ")
                                   ?? RuleExampleVariant.prefixingLines(of: example.code.replacingOccurrences(of: "\"\"\"", with: "'''"), with: "// "))
        // A directive stays one behind more slashes (`/// observation-migrate:disable` counts), so a
        // commented-out directive that silences nothing is still reported as such, and only that.
        let findings = RuleExamples.analyze(variant.code, configuration: example.configuration).findings.filter { finding in
            !(finding.ruleID == UnusedSuppression.id && example.code.contains(Suppressions.prefix))
        }
        #expect(findings.isEmpty, "\(findings.map { "\($0.ruleID) at \(RuleExamples.position($0.offset, in: variant.code))" })")
    }

    static let splittable = RuleExampleTests.beforeExamples.filter { example in
        // Import rules judge each file's imports, which the split copies into every file.
        !(RuleCatalog.rule(withID: example.rule) is any FileRule.Type)
            && RuleExampleVariant.splittingByDeclaration(example.code) != nil && !example.code.contains("import PackageDescription")
    }

    @Test("split into one file per declaration, findings stay with their code: the relevance filter keeps every file they are in",
          arguments: splittable)
    func oneFilePerDeclaration(_ example: RuleExample) throws {
        let variant = try #require(RuleExampleVariant.splittingByDeclaration(example.code))
        let analysis = RuleExamples.analyze(files: variant.files, configuration: example.configuration)
        let found = analysis.findings.filter { $0.ruleID == example.rule }.map { finding in
            "\(analysis.files[finding.file].source.path.split(separator: "/").last!)@\(finding.offset)"
        }.sorted()
        let expected = example.markers.map(variant.moved).map { "\(variant.files[$0.file].name)@\($0.offset)" }.sorted()
        #expect(found == expected, "files analyzed: \(analysis.files.map { $0.source.path.split(separator: "/").last! })")
    }

    /// A file caught mid-edit ends just after a bracket, or has its rest swallowed by a `/*`: the
    /// bracket is then the last token, which ranges `(open + 1)..<closing(open)` once read
    /// backwards (a crash in six places). Every example, cut after each of its brackets, and
    /// with a `/*` there, goes through the analysis and the rewrite; `malformed-file` blocks it.
    @Test("cut just after each bracket, or commented out from there, an example is blocked and nothing crashes",
          arguments: RuleExampleTests.beforeExamples)
    func cutAfterEachBracket(_ example: RuleExample) {
        let bytes = Array(example.code.utf8)
        for (offset, byte) in bytes.enumerated() where byte == Byte.leftBrace || byte == Byte.leftParen || byte == Byte.leftSquare {
            for variant in [bytes[...offset], bytes[...offset] + Array(" /* ".utf8) + bytes[(offset + 1)...]] {
                let code = String(decoding: variant, as: UTF8.self)
                let analysis = RuleExamples.analyzeInMemory(code)
                let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
                let blocked = analysis.findings.contains { $0.ruleID == MalformedFile.id }
                #expect(blocked || analysis.units.isEmpty, "not blocked:\n\(code)")
                #expect(plan.newContents.isEmpty || !blocked, "rewritten though blocked:\n\(code)")
            }
        }
    }

    @Test func theSplitGivesEachDeclarationAFileWithTheImports() throws {
        let variant = try #require(RuleExampleVariant.splittingByDeclaration("import A\nstruct S {}\n\nclass C {}\n"))
        #expect(variant.files.map(\.name) == ["Part0.swift", "Part1.swift"])
        #expect(variant.files.map(\.code) == ["import A\nstruct S {}", "import A\n\n\nclass C {}\n"])
        #expect(variant.moved(7).file == 0 && variant.moved(7).offset == 7)
        #expect(variant.moved(27).file == 1 && variant.moved(27).offset == 27 - 20 + 9)
        #expect(RuleExampleVariant.splittingByDeclaration("struct S {}\n") == nil)
    }

    @Test func theVariantShiftsEachLineByThePrefix() throws {
        let variant = try #require(RuleExampleVariant.prefixingLines(of: "a\nbc\n", with: "// "))
        #expect(variant.code == "// a\n// bc\n")
        #expect([0, 1, 2, 3].map(variant.moved) == [3, 4, 8, 9])
        #expect(RuleExampleVariant.prefixingLines(of: "let s = \"\"\"\n\"\"\"\n", with: "// ") == nil)
    }
}
