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

    @Test func theTypesAFileDeclaresAreReadFromItsBytes() {
        let text = """
            import UIKit
            @main
            class AppDelegate: UIResponder { lazy var player: Player = { Player() }() }
            public final class  Spaced {}
            struct Point { enum Axis { case x } }
            protocol Playing: AnyObject {}
            typealias Handler = () -> Void
            actor Worker {}
            extension View { var subclass: Int { 1 } }   // `View` is extended, `subclass` declares no type
            class func make() {}
            let classes = [structure, enumeration]
            public func configure<T>(_ value: T) -> T { value }
            @inlinable func clamp(_ x: Int) -> Int { x }
            struct Box {
                func configure(_ x: Int) {}
            }
            let f = { func inner() {} }
            """
        let names = Array(text.utf8).withUnsafeBytes { DeclaredTypeNames.scan($0) }
        #expect(names.declared == ["AppDelegate", "Spaced", "Point", "Axis", "Playing", "Handler", "Worker", "Box"])
        #expect(names.extended == ["View"])
        // Only `func` opening an unindented line, after modifiers and attributes, is top-level.
        #expect(names.topLevelFunctions == ["configure", "clamp"])
    }

    /// The scan reads sixteen bytes at a time and the last bytes one by one: a declaration is
    /// found wherever it falls, across a block's edge, in the tail or at the file's very start.
    @Test func declaredTypeNamesAreFoundAtEveryOffset() {
        let cases: [(text: String, names: DeclaredTypeNames.Found)] = [
            ("class Alpha", .init(declared: ["Alpha"])), ("typealias\tBeta = Int", .init(declared: ["Beta"])),
            ("enum Gamma {}", .init(declared: ["Gamma"])), ("extension Delta {}", .init(extended: ["Delta"])),
            ("xstruct No", .init()), ("protocol", .init()), ("actor ", .init()),
        ]
        for padding in 0..<40 {
            for (declaration, expected) in cases {
                let text = String(repeating: " ", count: padding) + declaration + (padding.isMultiple(of: 2) ? "" : "\n")
                let names = Array(text.utf8).withUnsafeBytes { DeclaredTypeNames.scan($0) }
                #expect(names == expected, "padding \(padding): \(declaration)")
            }
        }
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
        #expect(occurs(["appDelegate"], .declaredMember, in: "extension UIApplication { var appDelegate: AppDelegate { delegate } }"))
        #expect(occurs(["shared"], .declaredMember, in: "static let  shared = Store()"))
        #expect(occurs(["model"], .declaredMember, in: "func model() -> Model"))
        #expect(!occurs(["appDelegate"], .declaredMember, in: "let x = UIApplication.shared.appDelegate"))
        #expect(!occurs(["shared"], .declaredMember, in: "class shared {}"))
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

    /// `extension SettingsView { … $preferences.on … }` in a file of its own mentions no model and
    /// no keyword, yet `$preferences` changes with the view's `@EnvironmentObject`.
    @Test func extensionsOfATypeHoldingALegacyWrapperAreKept() {
        let files = [
            "final class Preferences: ObservableObject { @Published var on = false }",
            "struct SettingsView: View { @EnvironmentObject var preferences: Preferences; var body: some View { row } }",
            "extension SettingsView { var row: some View { Toggle(\"On\", isOn: $preferences.on) } }",
            "extension OtherView { var row: some View { Text(\"\") } }",
            "struct OtherView: View { var body: some View { row } }",
        ]
        #expect(select(files) == [0, 1, 2])
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

/// In a tree of several modules the filter follows a name only where Swift lets it mean what is
/// followed, so that a folder of many apps and packages structures what each alone would.
@Suite struct ModuleAwareRelevanceTests {
    /// Package `/app` (targets `App`, and `Feature` depending on it) and package `/lib` (target
    /// `Lib`, which sees neither).
    private static let manifests = [
        "/app/Package.swift": "let package = Package(name: \"App\", targets: [.target(name: \"App\", dependencies: [\"Base\"]), .target(name: \"Feature\", dependencies: [\"App\"]), .target(name: \"Base\")])",
        "/lib/Package.swift": "let package = Package(name: \"Lib\", targets: [.target(name: \"Lib\")])",
    ]

    /// The paths `select` keeps, with the scope the tree loader would give it.
    private func select(_ files: [String: String]) -> [String] {
        let paths = files.keys.sorted()
        let contents = paths.map { Array(files[$0]!.utf8) }
        let loaded = BuildGraphLoader.build(Self.manifests.map { .init(path: $0.key, bytes: Array($0.value.utf8)) },
                                            swiftFiles: paths, configuration: Configuration(),
                                            readFile: { _ in nil }, folderExists: { _ in true })
        let scope = RelevanceScope.make(graph: loaded.graph, paths: paths, graphPositions: Array(paths.indices), exporting: []) { contents[$0] }
        let structures = paths.map { FileStructure(text: files[$0]!, path: $0) }
        let first = contents.map { bytes in bytes.withUnsafeBytes { RelevanceFilter.mentionsObservation($0) } }
        return RelevanceFilter.select(firstSelected: first, paths: paths, scope: scope) { indices in
            indices.map { structures[$0] }
        } mentioningAny: { candidates, patterns in
            candidates.filter { candidate in patterns.contains { $0.occurs(in: contents[candidate]) } }
        }.indices.map { paths[$0] }
    }

    @Test func aModelNameCountsOnlyWhereTheModelIsVisible() {
        let kept = select([
            "/app/Sources/App/Element.swift": "final class Element: ObservableObject {}",
            "/app/Sources/App/Holder.swift": "struct Holder { let element: Element }",             // sees App
            "/app/Sources/Feature/Sub.swift": "import App\nfinal class Special: Element {}",       // sees App
            "/app/Sources/Feature/Uses.swift": "import App\nlet s = Special()",                   // found through Special
            "/lib/Sources/Lib/Element.swift": "struct Element: Hashable {}",                       // its own Element
            "/lib/Sources/Lib/Box.swift": "import Combine\nstruct Box<T: Element> {}",            // not a model constraint here
            "/lib/Sources/Lib/UsesBox.swift": "let box = Box<Int>()",
        ])
        #expect(kept == ["/app/Sources/App/Element.swift", "/app/Sources/App/Holder.swift",
                         "/app/Sources/Feature/Sub.swift", "/app/Sources/Feature/Uses.swift", "/lib/Sources/Lib/Box.swift"])
    }

    @Test func anInheritanceClauseNamesAModelOnlyWhereOneIsVisible() {
        // `Lib` inherits from a class named like the app's model; it is not one there, so neither
        // it nor the generic code constrained to it is followed into `Lib`'s other files.
        let kept = select([
            "/app/Sources/App/Store.swift": "class Store: ObservableObject {}",
            "/lib/Sources/Lib/Store.swift": "import Combine\nclass Store {}\nclass Cache: Store {}\nfunc fill<C: Cache>(_ c: C) {}",
            "/lib/Sources/Lib/Calls.swift": "func go() { fill(Cache()) }",
        ])
        #expect(kept == ["/app/Sources/App/Store.swift", "/lib/Sources/Lib/Store.swift"])
    }

    @Test func aTypeAModelNeedsDeclaredIsLookedForWhereTheModelsFileCanSeeIt() {
        let kept = select([
            "/app/Sources/App/Encoder.swift": "extension JSONEncoder: ObservableObject {}",
            "/app/Sources/Base/Encoder.swift": "final class JSONEncoder {}",   // a dependency of App
            "/lib/Sources/Lib/Encoder.swift": "final class JSONEncoder {}",   // App does not see Lib
        ])
        #expect(kept == ["/app/Sources/App/Encoder.swift", "/app/Sources/Base/Encoder.swift"])
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

    /// The tree loader's analysis of `files` written to disk (the relevance filter decides what
    /// it reads), and the analysis of every one of them read whole.
    static func filteredAndWhole(_ files: [String: String]) throws -> (filtered: Analysis, whole: Analysis) {
        let root = try BinaryRunner.makeTree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let filtered = TreeLoader.analyze(paths: [root.path], configuration: Configuration())
        let whole = Analyzer.analyze(swift: files.keys.sorted().map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) })
        return (filtered, whole)
    }

    /// Files that mention no model but declare a type a typed chain goes through are read:
    /// `manager.$state`, with `let manager = Core.shared.manager` in the model's file, has
    /// `Core`'s file read, and then, through `Core`'s `manager: LockManager`, `LockManager`'s
    /// (no model: the subscription is no model's, nothing blocks). `currentHub().player.analyzer`
    /// reaches `Hub` through a function's result, which the filter does not follow, so `Hub`'s
    /// file stays unread; `Hub` is the tree's type all the same, not a library's: what its
    /// `player` holds cannot be known, so the modifier blocks instead of staying
    /// `.environmentObject` beside a migrated `Analyzer`, which would not compile.
    @Test func aChainThroughATypeDeclaredInASkippedFileIsFollowedOrUnknown() throws {
        let analyzer = """
            import SwiftUI
            import Combine
            final class Analyzer: ObservableObject {
                @Published var level = 0.0
                private let manager = Core.shared.manager
                private var bag: Set<AnyCancellable> = []
                func start() { manager.$state.sink { [weak self] _ in self?.level = 0 }.store(in: &bag) }
            }
            protocol Player { var analyzer: Analyzer { get } }
            func currentHub() -> Hub { Hub() }
            struct LevelView: View {
                @EnvironmentObject var analyzer: Analyzer
                var body: some View { Text("\\(analyzer.level)") }
            }
            struct Host: View {
                var body: some View { LevelView().environmentObject(currentHub().player.analyzer) }
            }

            """
        let files = [
            "Analyzer.swift": analyzer,
            "Core.swift": "final class Core {\n    static let shared = Core()\n    let manager: LockManager = makeManager()\n}\n",
            "LockManager.swift": "final class LockManager {\n    @Cached var state = 0\n}\n",
            "Hub.swift": "final class Hub {\n    lazy var player: Player = makePlayer()\n}\n",
        ]
        let (read, whole) = try Self.filteredAndWhole(files)
        #expect(read.files.map { FileSystem.baseName(of: $0.source.path) } == ["Analyzer.swift", "Core.swift", "LockManager.swift"])
        #expect(read.units.first { $0.name == "Analyzer" }?.verdict == .blocked)
        #expect(read.findings.filter(\.isBlocker).map(\.message) == [
            "cannot tell the type of 'currentHub().player.analyzer' in .environmentObject(currentHub().player.analyzer); "
                + "it may be a model that is read with @EnvironmentObject"])

        // Read whole, `Hub`'s chain reaches the model as well.
        #expect(whole.findings.filter(\.isBlocker).isEmpty, "\(whole.findings.filter(\.isBlocker).map(\.message))")
    }

    /// A `Player` model handed to `.environmentObject(chain)`, the app delegate holding it, a file
    /// adding `appDelegate` to the library's type `extended`, and an extension of `Color` that
    /// adds no member a chain names.
    static func playerTree(chain: String, extending extended: String, named name: String, body: String) -> [String: String] {
        let app = """
            import SwiftUI
            final class Player: ObservableObject {
                @Published var title = ""
            }
            struct RootView: View {
                var body: some View { Child().environmentObject(\(chain)) }
            }
            struct Child: View {
                @EnvironmentObject var player: Player
                var body: some View { Text(player.title) }
            }

            """
        return [
            "App.swift": app,
            "AppDelegate.swift": "import UIKit\nclass AppDelegate: NSObject, UIApplicationDelegate {\n    let player = Player()\n}\n",
            name: "import UIKit\nextension \(extended) {\n    var appDelegate: AppDelegate { \(body) }\n}\n",
            "Color+App.swift": "import SwiftUI\nextension Color {\n    static let accent = Color.blue\n}\n",
        ]
    }

    /// A member the tree adds to a library's type in a file that mentions no model
    /// (`extension UIApplication { var appDelegate: AppDelegate }`) is read when a typed chain
    /// goes through a member of that name: left unread, `UIApplication.shared.appDelegate.player`
    /// was taken for a library's value, and `.environmentObject(…)` stayed beside a migrated
    /// `Player`, which does not compile. An extension of a library's type that declares no member
    /// a chain names (`extension Color`) stays unread.
    @Test func aMemberALibraryTypeGainsInAnUnreadFileIsFollowed() throws {
        let files = Self.playerTree(chain: "UIApplication.shared.appDelegate.player", extending: "UIApplication",
                                    named: "UIApplication+App.swift", body: "delegate as! AppDelegate")
        let (read, whole) = try Self.filteredAndWhole(files)
        #expect(read.files.map { FileSystem.baseName(of: $0.source.path) } == ["App.swift", "AppDelegate.swift", "UIApplication+App.swift"])
        #expect(read.findings.filter(\.isBlocker).map(\.message) == whole.findings.filter(\.isBlocker).map(\.message))
        #expect(read.units.first { $0.name == "Player" }?.verdict == .blocked)
    }

    /// A top-level generic function declared in a file that mentions no model is read when a
    /// typed chain calls it with no receiver: `configure(Settings()) { … }` is a `Settings` by
    /// `configure`'s signature; left unread, the call's type was unknown and the modifier blocked
    /// the unit, which a whole read migrates. A method of that name (indented, in a type) is not
    /// a top-level function, and its file stays unread.
    @Test func aTopLevelFunctionAChainCallsIsReadFromAnUnreadFile() throws {
        let app = """
            import SwiftUI
            final class Settings: ObservableObject {
                @Published var dark = false
            }
            struct Panel: View {
                @EnvironmentObject var settings: Settings
                var body: some View { Text(settings.dark ? "dark" : "light") }
            }
            #Preview {
                Panel().environmentObject(configure(Settings()) { $0.dark = true })
            }

            """
        let files = [
            "App.swift": app,
            "Configure.swift": "public func configure<Subject>(_ subject: Subject, configuration: (inout Subject) -> Void) -> Subject {\n"
                + "    var copy = subject\n    configuration(&copy)\n    return copy\n}\n",
            "Builder.swift": "struct Builder {\n    func configure(_ value: Int) -> Int { value }\n}\n",
        ]
        let (read, whole) = try Self.filteredAndWhole(files)
        #expect(read.files.map { FileSystem.baseName(of: $0.source.path) } == ["App.swift", "Configure.swift"])
        #expect(read.findings.filter(\.isBlocker).isEmpty, "\(read.findings.filter(\.isBlocker).map(\.message))")
        #expect(whole.findings.filter(\.isBlocker).isEmpty)
        #expect(read.units.first { $0.name == "Settings" }?.verdict == .ready)
    }

    /// retteark: `oppgaver[i].maksPoeng = v` beside `objectWillChange.send()` changes `oppgaver`
    /// only if `Oppgave` is a struct, which its own file, mentioning nothing observation-related,
    /// declares. The file of a type a sending model's property is declared with is read, so the
    /// filtered run deletes the send as a whole read does; a file declaring a type no such
    /// property names stays unread.
    @Test func theElementTypeOfASendingModelsPropertyIsReadFromAnUnreadFile() throws {
        let model = """
            import SwiftUI
            final class Exam: ObservableObject {
                @Published var tasks: [Task] = []

                func rescale(_ points: Int) {
                    for i in tasks.indices {
                        tasks[i].points = points
                    }
                    objectWillChange.send()
                }
            }

            """
        let files = [
            "Exam.swift": model,
            "Task.swift": "struct Task: Identifiable {\n    var id = \"\"\n    var points = 0\n}\n",
            "Other.swift": "struct Other {\n    var name = \"\"\n}\n",
        ]
        let (read, whole) = try Self.filteredAndWhole(files)
        #expect(read.files.map { FileSystem.baseName(of: $0.source.path) } == ["Exam.swift", "Task.swift"])
        for analysis in [read, whole] {
            #expect(analysis.findings.filter(\.isBlocker).isEmpty, "\(analysis.findings.filter(\.isBlocker).map(\.message))")
            #expect(analysis.units.first { $0.name == "Exam" }?.verdict == .needsUnsafeFixes)
        }
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
