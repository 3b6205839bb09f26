import Foundation
import SourceScan
import Testing
@testable import MigrateTool

/// The byte-pattern search the relevance filter and the suppression scan rest on.
@Suite struct BytePatternsTests {
    private func occurs(_ needles: [String], _ context: BytePatterns.Context = .any, in text: String) -> Bool {
        BytePatterns(needles, context: context).occurs(in: Array(text.utf8))
    }

    @Test func findsAPatternAnywhereIncludingTheEdgesOfTheFile() {
        #expect(occurs(["Published"], in: "Published"))
        #expect(occurs(["Published"], in: "@Published var x"))
        #expect(occurs(["Published"], in: "x = y // Published"))
        #expect(!occurs(["Published"], in: "Publishe"))
        #expect(!occurs(["Published"], in: ""))
    }

    @Test func patternsSharingAnAnchorAreEachTried() {
        // `StateObject` and `objectWillChange` both anchor on `j`; the first `j` belongs to neither.
        #expect(occurs(["StateObject", "objectWillChange"], in: "let j = 1; model.objectWillChange.send()"))
        #expect(occurs(["StateObject", "objectWillChange"], in: "@StateObject var m = M()"))
        #expect(!occurs(["StateObject", "objectWillChange"], in: "let object = project"))
    }

    @Test func wholeWordsNeedNonIdentifierBytesAround() {
        #expect(occurs(["Model"], .wholeWord, in: "let m: Model"))
        #expect(occurs(["Model"], .wholeWord, in: "Model()"))
        #expect(occurs(["Model"], .wholeWord, in: "[Model]"))
        #expect(!occurs(["Model"], .wholeWord, in: "let m: ModelView"))
        #expect(!occurs(["Model"], .wholeWord, in: "let m: MyModel"))
        #expect(!occurs(["Model"], .wholeWord, in: "let m: Modél"))
    }

    @Test func declaredNamesNeedATypeKeywordBefore() {
        #expect(occurs(["Info"], .declaredName, in: "struct Info: Hashable {}"))
        #expect(occurs(["Info"], .declaredName, in: "public final class  Info {}"))
        #expect(occurs(["Info"], .declaredName, in: "extension Info: Equatable {}"))
        #expect(occurs(["Info"], .declaredName, in: "typealias Info = [String]"))
        #expect(!occurs(["Info"], .declaredName, in: "let info: Info = Info()"))
        #expect(!occurs(["Info"], .declaredName, in: "func f(x: Info) {}"))
        #expect(!occurs(["Info"], .declaredName, in: "subclass Info"))
        #expect(!occurs(["Info"], .declaredName, in: "Info"))
    }
}

/// Which files the relevance filter sends through the pipeline.
@Suite struct RelevanceFilterTests {
    private func mentionsObservation(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { RelevanceFilter.mentionsObservation($0) }
    }

    @Test(arguments: [
        "final class M: ObservableObject {}",
        "struct V: View { @StateObject var m = M() }",
        "struct V: View { @EnvironmentObject var m: M }",
        "Text(\"\").environmentObject(m)",
        "m.objectWillChange.send()",
        "@Published var x = 1",
        "v.onReceive(p) { _ in }",
        "import Combine",
        "@Observable final class M {}",
        "let p = model.$query",
        "// observation-migrate:disable all",
    ])
    func filesMentioningObservationAreKept(_ text: String) {
        #expect(mentionsObservation(text))
    }

    @Test(arguments: [
        "protocol Delegate: AnyObject {}",
        "final class Box: NSObject {}",
        "let id = ObjectIdentifier(self)",
        "struct Plain { var x = 1 }",
    ])
    func filesWithoutObservationAreSkipped(_ text: String) {
        #expect(!mentionsObservation(text))
    }

    /// Runs `select` over in-memory files, as the tree loader does over a disk tree.
    private func select(_ files: [String]) -> [Int] {
        let structures = files.enumerated().map { FileStructure(text: $0.element, path: "\($0.offset).swift") }
        let first = files.map(mentionsObservation)
        return RelevanceFilter.select(firstSelected: first, paths: files.indices.map { "\($0).swift" }) { indices in
            indices.map { structures[$0] }
        } mentioningAny: { candidates, patterns in
            candidates.filter { candidate in patterns.contains { $0.occurs(in: Array(files[candidate].utf8)) } }
        }.indices
    }

    @Test func followsModelsToSubclassesAliasesAndHoldersToAFixpoint() {
        let files = [
            "class Base: ObservableObject { @Published var x = 1 }",
            "class Middle: Base {}",                       // mentions Base only
            "final class Leaf: Middle {}",                 // reached through Middle
            "typealias Current = Leaf",                   // an alias of a model
            "struct Holder { let current: Current }",      // holds one through the alias
            "struct Unrelated { let x: Int }",
        ]
        #expect(select(files) == [0, 1, 2, 3, 4])
    }

    @Test func everyUseOfGenericCodeConstrainedToObservableObjectIsKept() {
        let files = [
            "final class Model: ObservableObject {}",
            "struct Panel<VM: ObservableObject>: View { var body: some View { EmptyView() } }",
            "func show<M>(_ m: M) where M: Model {}",
            "struct Screen { let host: Host; var body: some View { Panel(vm: host.current) } }",  // no keyword, no model name
            "func call(_ h: Host) { show(h.current) }",
            "struct Unrelated { let panelCount = 1 }",
        ]
        #expect(select(files) == [0, 1, 2, 3, 4])
    }

    @Test func aModelKnownOnlyFromAnExtensionIsFollowedToItsDeclarationNotToEveryMention() {
        let files = [
            "extension Settings: ObservableObject {}",
            "final class Settings { var theme = 0 }",
            "struct UsesSettingsByName { let s = Settings() }",   // found once Settings is declared
            "extension JSONEncoder: ObservableObject {}",
            "func encode() { _ = JSONEncoder() }",                 // a framework type's user
        ]
        #expect(select(files) == [0, 1, 2, 3])
    }

    @Test func declarationsOfAReceivedModelPropertysTypeAreKeptForItsEquality() {
        let files = [
            "final class Store: ObservableObject { @Published var items: [Item] = []; @Published var tag: Tag? }",
            "struct V: View { @ObservedObject var store: Store; var body: some View { Text(\"\").onReceive(store.$items) { _ in } } }",
            "struct Item: Identifiable { let id: Int }",
            "extension Item: Hashable {}",
            "func show(_ item: Item) {}",                         // mentions Item, declares nothing
            "struct Tag: Hashable {}",                            // a property no onReceive names
            "struct Other { var name: String }",
        ]
        #expect(select(files) == [0, 1, 2, 3])
    }
}

/// The tree loader reads each file once, keeps only what the pipeline needs, and says what it skipped.
@Suite struct TreeLoaderSelectionTests {
    @Test func unindexedFilesAreCountedAndTheirModelsStillFound() throws {
        let root = try BinaryRunner.makeTree([
            "Base.swift": "class Base: ObservableObject {\n    @Published var x = 1\n}\n",
            "Sub.swift": "final class Sub: Base {\n}\n",
            "Plain.swift": "protocol Delegate: AnyObject {}\nstruct Plain {\n    var y = 2\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let analysis = TreeLoader.analyze(paths: [root.path], configuration: Configuration())
        #expect(analysis.files.map { FileSystem.baseName(of: $0.source.path) } == ["Base.swift", "Sub.swift"])
        #expect(analysis.unindexed == UnindexedFiles(files: 1, lines: 4, bytes: 63))
        #expect(analysis.units.map(\.members) == [["Base", "Sub"]])
    }

    @Test(.timeLimit(.minutes(1))) func aNamedPipeIsReportedNotWaitedOn() throws {
        let root = try BinaryRunner.makeTree(["Good.swift": "class M: ObservableObject {}\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let pipe = root.appendingPathComponent("Pipe.swift").path
        try #require(mkfifo(pipe, 0o644) == 0)
        let analysis = TreeLoader.analyze(paths: [root.path], configuration: Configuration())
        #expect(analysis.problems.map(\.description) == ["\(pipe): cannot read: not a regular file"])
        #expect(analysis.files.count == 1)
    }

    @Test func aBinaryOrInvalidFileIsAProblemWhetherOrNotItMentionsObservation() throws {
        let root = try BinaryRunner.makeTree(["Good.swift": "class M: ObservableObject {}\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        try Data([0x63, 0x00, 0x64]).write(to: root.appendingPathComponent("Binary.swift"))
        try Data([0x2F, 0x2F, 0xFF, 0x0A]).write(to: root.appendingPathComponent("Latin.swift"))
        let analysis = TreeLoader.analyze(paths: [root.path], configuration: Configuration())
        let problems = analysis.problems.map(\.description)
        #expect(problems.count == 2)
        #expect(problems.contains { $0.hasSuffix("Binary.swift: skipped: binary file (contains NUL bytes)") })
        #expect(problems.contains { $0.hasSuffix("Latin.swift: skipped: invalid UTF-8 at byte 2") })
        #expect(analysis.files.count == 1)
    }
}

/// One pass tells whether a file is text and how many lines it has; both must agree with the
/// slower, separate checks.
@Suite struct TextInspectionTests {
    @Test(arguments: [
        "", "a", "\n", "a\n", "a\nb", "12345678\n", "1234567\n", "\n\n\n\n\n\n\n\n\n", "é\nü\n中\n🙂",
        "line one\nline two\nline three without break", "crlf\r\nlines\r\n", "old mac\rbreaks\r", String(repeating: "ab\n", count: 37),
        "ascii for a while, then: \u{00E9}\n and more ascii text after it\n",
    ])
    func countsLinesAsTheLineMapDoes(_ text: String) {
        let bytes = Array(text.utf8)
        let inspected = bytes.withUnsafeBytes { FileSystem.inspectText($0, path: "f.swift") }
        #expect(inspected == .success(bytes.isEmpty ? 0 : LineMap(bytes).lineCount(byteCount: bytes.count)))
    }

    @Test(arguments: [
        ([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x00, 0x0A], FileProblem.binary("f.swift")),
        ([0x61, 0x00], .binary("f.swift")),
        ([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0xFF], .invalidUTF8("f.swift", offset: 9)),
        ([0xC3, 0xA9, 0x20, 0xE2, 0x82], .invalidUTF8("f.swift", offset: 3)),
        ([0x2F, 0x2F, 0x20, 0xC0, 0xAF, 0x0A, 0x61, 0x62, 0x63], .invalidUTF8("f.swift", offset: 3)),
    ] as [([UInt8], FileProblem)])
    func rejectsBinaryAndInvalidText(_ bytes: [UInt8], _ problem: FileProblem) {
        #expect(bytes.withUnsafeBytes { FileSystem.inspectText($0, path: "f.swift") } == .failure(problem))
    }
}

/// The walk runs each top-level folder on its own core; links must still never repeat a file.
@Suite struct ParallelWalkTests {
    @Test(.timeLimit(.minutes(1))) func linkedFoldersAreWalkedOnceUnderTheirRealPath() throws {
        let root = try BinaryRunner.makeTree([
            "A/Model.swift": "class M: ObservableObject {}\n",
            "A/Deep/View.swift": "struct V {}\n",
            "B/Other.swift": "struct O {}\n",
            "C/notes.md": "not swift\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("B/ToA").path, withDestinationPath: "../A")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("LinkToA").path, withDestinationPath: "A")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("A/Deep/Up").path, withDestinationPath: "../..")
        let walk = TreeWalker().walk([root.path])
        let relative = walk.swiftFiles.map { String($0.dropFirst(root.path.count + 1)) }
        #expect(relative == ["A/Deep/View.swift", "A/Model.swift", "B/Other.swift"])
        #expect(walk.problems.isEmpty)
    }
}
