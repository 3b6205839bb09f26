import Testing
import SourceScan
@testable import MigrateTool

/// One class declared once per platform (`#if os(iOS)` … `#else` in one file, or
/// `Scanner+iOS.swift` beside `Scanner+macOS.swift`), and one alias name per build flag, are
/// variants: a reference to the name means whichever compiles. They migrate together, as one unit
/// (LLMFarm's `OrientationInfo`, Pulse's `RichTextViewModel`, UTM's `DataType`, vultisig's
/// `AppLockHost`); homonyms that are no variants stay apart, and a reference that could mean a
/// class or a struct is not read as either.
@Suite struct PlatformVariantTests {
    static func analyze(_ files: [String: String]) -> Analysis {
        Analyzer.analyze(swift: files.keys.sorted().map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) })
    }

    static let view = """
        import SwiftUI
        struct Panel: View {
            @StateObject private var info = OrientationInfo()
            var body: some View { Child().environmentObject(info) }
        }
        struct Child: View {
            @EnvironmentObject var info: OrientationInfo
            var body: some View { Text(info.isLandscape ? "wide" : "tall") }
        }

        """

    /// The first variant's unit holds both classes; the sites rewrite for both.
    static func expectOneUnit(_ analysis: Analysis) {
        let units = analysis.units.filter { $0.name == "OrientationInfo" }
        #expect(units.count == 1)
        #expect(units.first?.members.count == 2)
        #expect(units.first?.verdict == .ready, "\(analysis.findings.filter(\.isBlocker).map(\.message))")
    }

    @Test func variantsUnderIfInOneFileAreOneUnit() {
        let helper = """
            import SwiftUI
            #if os(iOS)
            final class OrientationInfo: ObservableObject {
                @Published var isLandscape = false
            }
            #else
            final class OrientationInfo: ObservableObject {
                @Published var isLandscape = true
            }
            #endif

            """
        let analysis = Self.analyze(["App/Lib/Orientation.swift": helper, "App/Chats/Panel.swift": Self.view])
        Self.expectOneUnit(analysis)
    }

    @Test func variantsInSiblingPlatformFilesAreOneUnit() {
        func variant(_ value: String) -> String {
            "import SwiftUI\nfinal class OrientationInfo: ObservableObject {\n    @Published var isLandscape = \(value)\n}\n"
        }
        let analysis = Self.analyze([
            "App/Lib/Orientation+iOS.swift": variant("false"), "App/Lib/Orientation+macOS.swift": variant("true"),
            "App/Lib/Panel.swift": Self.view,
        ])
        Self.expectOneUnit(analysis)
    }

    /// `#if WITH_REMOTE typealias DataType = RemoteHost #else typealias DataType = LocalHost`:
    /// the two classes the aliases name migrate together, and the view's site is theirs.
    @Test func theClassesOneFilesAliasVariantsNameAreOneUnit() {
        let hosts = """
            import SwiftUI
            final class LocalHost: ObservableObject {
                static let shared = LocalHost()
                @Published var locked = false
            }
            final class RemoteHost: ObservableObject {
                static let shared = RemoteHost()
                @Published var locked = false
            }

            """
        let view = """
            import SwiftUI
            #if WITH_REMOTE
            typealias Host = RemoteHost
            #else
            typealias Host = LocalHost
            #endif
            struct LockView: View {
                @ObservedObject private var host = Host.shared
                var body: some View { Text(host.locked ? "locked" : "open") }
            }

            """
        let analysis = Self.analyze(["App/Hosts.swift": hosts, "App/LockView.swift": view])
        let units = analysis.units.filter { $0.members.contains("LocalHost") || $0.members.contains("RemoteHost") }
        #expect(units.count == 1)
        #expect(Set(units.first?.members ?? []) == ["LocalHost", "RemoteHost"])
        #expect(units.first?.verdict == .ready, "\(analysis.findings.filter(\.isBlocker).map(\.message))")
    }

    /// Each preview file's `private final class ModelForPreviews` is that file's own.
    @Test func privateHomonymsInTwoFilesStayApart() {
        func preview(_ name: String) -> String {
            "import SwiftUI\nprivate final class ModelForPreviews: ObservableObject {\n    @Published var \(name) = 0\n}\n"
        }
        let analysis = Self.analyze(["App/A.swift": preview("a"), "App/B.swift": preview("b")])
        #expect(analysis.units.filter { $0.name == "ModelForPreviews" }.count == 2)
    }

    /// A name declared as a class in one sibling file and a struct in another means one or the
    /// other; neither is taken, and the site waits for the model's unit.
    @Test func aClassAndAStructOfOneNameAreNotVariants() {
        let analysis = Self.analyze([
            "App/Lib/Orientation+iOS.swift": "import SwiftUI\nfinal class OrientationInfo: ObservableObject {\n    @Published var isLandscape = false\n}\n",
            "App/Lib/Orientation+watchOS.swift": "struct OrientationInfo {\n    var isLandscape = false\n}\n",
            "App/Lib/Panel.swift": Self.view,
        ])
        let unit = analysis.units.first { $0.name == "OrientationInfo" }
        #expect(unit?.verdict == .blocked)
        #expect(unit.map { $0.findings.map { analysis.findings[$0].message } }?.contains { $0.contains("cannot tell which of the 2 types named 'OrientationInfo'") } == true)
    }

    /// A type declared in the referencing file is the one it means, and a `fileprivate` one in
    /// another file is not seen there (nos: two sheets each with a `fileprivate` observer of one
    /// name; before, the first declaration was taken everywhere, and now the two files' sites
    /// would otherwise tie).
    @Test func theReferencingFilesOwnOrOnlyVisibleHomonymIsMeant() {
        func sheet(_ name: String) -> String {
            """
            import SwiftUI
            fileprivate final class Observer: ObservableObject {
                @Published var text = ""
            }
            struct \(name): View {
                @StateObject private var observer = Observer()
                var body: some View { TextField("", text: $observer.text) }
            }

            """
        }
        let analysis = Self.analyze(["App/Sheets/First.swift": sheet("First"), "App/Sheets/Second.swift": sheet("Second")])
        let observers = analysis.units.filter { $0.name == "Observer" }
        #expect(observers.count == 2)
        #expect(observers.allSatisfy { $0.verdict != .blocked }, "\(analysis.findings.filter(\.isBlocker).map(\.message))")
    }

    /// The variants' members: typed only when every variant types them alike. `store` holds a
    /// different class on each platform, `info` holds each variant's own class (variants too, so
    /// one type); `name` exists on one only, and an extension's `helper` attaches to the first.
    @Test func aMemberIsTypedOnlyWhenEveryVariantTypesItAlike() throws {
        let source = """
            #if os(iOS)
            final class Screen: ObservableObject {
                var store = PhoneStore()
                var info = Details()
                var name: String = ""
            }
            final class Details {}
            #else
            final class Screen: ObservableObject {
                var store = DeskStore()
                var info = Details()
            }
            final class Details {}
            #endif
            final class PhoneStore {}
            final class DeskStore {}
            extension Screen {
                var helper: PhoneStore { PhoneStore() }
            }

            """
        let types = TypeIndex(files: [FileStructure(text: source, path: "App/Screen.swift")])
        let typer = ExpressionTyper(types: types)
        let screen = try #require(types.types(named: "Screen").first?.id)
        #expect(types.variants(of: screen).count == 1)
        #expect(typer.memberType("store", of: screen, isStatic: false) == .unknown)
        #expect(typer.memberType("name", of: screen, isStatic: false) == .external("String"))
        let phoneStore = try #require(types.types(named: "PhoneStore").first?.id)
        #expect(typer.memberType("helper", of: screen, isStatic: false) == .declared(phoneStore))
        let details = types.types(named: "Details").map(\.id)
        #expect(typer.memberType("info", of: screen, isStatic: false) == .declared(details[0]))
        #expect(types.variants(of: phoneStore).isEmpty)
    }
}
