import Testing
@testable import MigrateTool

/// A wrapper whose type names two classes of the tree (one per app flavour, `EW/` and `NCW/`
/// in fireblocks' demo) may hold either: their units wait for it, and the other models do not.
@Suite struct UnknownTypeAmbiguityTests {
    static let flavours = [
        SourceInput(path: "EW/FireblocksManager.swift", bytes: Array("""
            import SwiftUI
            class FireblocksManager: ObservableObject { @Published var wallets = 0 }
            """.utf8)),
        SourceInput(path: "NCW/FireblocksManager.swift", bytes: Array("""
            import SwiftUI
            class FireblocksManager: ObservableObject { @Published var devices = 0 }
            """.utf8)),
    ]

    static let view = SourceInput(path: "LoadingView.swift", bytes: Array("""
        import SwiftUI
        final class LoadingManager: ObservableObject { @Published var isLoading = false }
        struct LoadingView: View {
            @EnvironmentObject var loadingManager: LoadingManager
            @EnvironmentObject var fireblocksManager: FireblocksManager
            var body: some View { Text("\\(loadingManager.isLoading)") }
        }
        """.utf8))

    @Test func onlyTheHomonymsUnitsWait() {
        let analysis = Analyzer.analyze(swift: Self.flavours + [Self.view])
        #expect(analysis.units.first { $0.name == "LoadingManager" }?.verdict == .ready)
        let homonyms = analysis.units.filter { $0.name == "FireblocksManager" }
        #expect(homonyms.count == 2)
        #expect(homonyms.allSatisfy { $0.verdict == .blocked })
        let messages = Set(homonyms.flatMap { unit in unit.findings.map { analysis.findings[$0] }.filter(\.isBlocker).map(\.message) })
        #expect(messages == ["cannot tell which of the 2 types named 'FireblocksManager' (EW/FireblocksManager.swift:2, "
            + "NCW/FireblocksManager.swift:2) @EnvironmentObject 'fireblocksManager' holds; their units wait for it, and no other"])
    }

    /// A shared instance of such a type (`FireblocksManager.shared`, declared by each) is one of
    /// theirs too, held by a wrapper or handed to `.environmentObject`.
    @Test func aSharedInstanceOfTheHomonymsIsOneOfTheirs() {
        let flavours = Self.flavours.map { input in
            SourceInput(path: input.path, bytes: Array(String(decoding: input.bytes, as: UTF8.self)
                .replacingOccurrences(of: "{ @Published", with: "{ static let shared = FireblocksManager(); @Published").utf8))
        }
        let root = SourceInput(path: "RootView.swift", bytes: Array("""
            import SwiftUI
            struct RootView: View {
                @StateObject var loadingManager = LoadingManager()
                @StateObject var fireblocksManager = FireblocksManager.shared
                var body: some View {
                    LoadingView()
                        .environmentObject(loadingManager)
                        .environmentObject(FireblocksManager.shared)
                }
            }
            """.utf8))
        let analysis = Analyzer.analyze(swift: flavours + [Self.view, root])
        #expect(analysis.units.first { $0.name == "LoadingManager" }?.verdict != .blocked)
        #expect(analysis.units.filter { $0.name == "FireblocksManager" }.map(\.verdict) == [.blocked, .blocked])
        let rules = Set(analysis.units.filter { $0.name == "FireblocksManager" }
            .flatMap { unit in unit.findings.map { analysis.findings[$0] }.filter(\.isBlocker).map(\.ruleID) })
        #expect(rules == ["unknown-type", "environment-object-modifier"])
    }

    /// A type the typer cannot read at all may still be any model: every unit waits.
    @Test func anUnreadableTypeStillBlocksEveryUnit() {
        let view = SourceInput(path: "LoadingView.swift", bytes: Array("""
            import SwiftUI
            final class LoadingManager: ObservableObject { @Published var isLoading = false }
            struct LoadingView: View {
                @StateObject var manager = makeManager()
                var body: some View { Text("") }
            }
            """.utf8))
        let analysis = Analyzer.analyze(swift: [view])
        #expect(analysis.units.first { $0.name == "LoadingManager" }?.verdict == .blocked)
    }

    /// Of two modules' types of one name, both imported, one without the member a chain reads
    /// (`Peripheral.Dependencies` has no `shared`) cannot be the one meant: the chain goes on
    /// through the other (Flipper: read whole, the tie had blocked every unit).
    @Test func aHomonymWithoutTheMemberIsNotTheOneMeant() {
        let files = [
            SourceInput(path: "Core/Dependencies.swift", bytes: Array("""
                import SwiftUI
                public final class FileStore: ObservableObject { @Published public var files = 0 }
                public final class Dependencies {
                    public static let shared = Dependencies()
                    public let fileStore = FileStore()
                }
                """.utf8)),
            SourceInput(path: "Peripheral/Dependencies.swift", bytes: Array("""
                public class Dependencies {
                    public static var central = 0
                }
                """.utf8)),
            SourceInput(path: "UI/FilesView.swift", bytes: Array("""
                import SwiftUI
                struct FilesView: View {
                    @StateObject var fileStore = Dependencies.shared.fileStore
                    var body: some View { Text("\\(fileStore.files)") }
                }
                """.utf8)),
        ]
        let analysis = Analyzer.analyze(swift: files)
        #expect(analysis.findings.filter(\.isBlocker).isEmpty, "\(analysis.findings.filter(\.isBlocker).map(\.message))")
        #expect(analysis.units.first { $0.name == "FileStore" }?.verdict != .blocked)
    }
}
