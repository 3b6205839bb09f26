import Testing
@testable import MigrateTool

/// `"unpublishedProperties"`: left tracked by default (safe unless a view reads the property,
/// plumbing ignored), `@ObservationIgnored` everywhere with `"ignore"`, every one tracked as a
/// review reason with `"observe"`.
@Suite struct UnpublishedPropertyPolicyTests {
    static let model = """
        import SwiftUI

        final class Downloads: ObservableObject {
            @Published var items: [String] = []
            private var isLoading = false
            let service = "x"
        }

        """

    static func migrate(_ policy: UnpublishedPropertyPolicy, plumbing: PlumbingPropertyPolicy = .ignore, unsafeFixes: Bool,
                        source: String = model) -> (Analysis, String?) {
        var configuration = Configuration()
        configuration.unpublishedProperties = policy
        configuration.plumbingProperties = plumbing
        configuration.observationImport = .whenNeeded
        let analysis = Analyzer.analyze(swift: [SourceInput(path: "A.swift", bytes: Array(source.utf8))], configuration: configuration)
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: unsafeFixes))
        return (analysis, plan.newContents.first.map { String(decoding: $0.value, as: UTF8.self) })
    }

    static func findings(_ analysis: Analysis) -> [String: Finding] {
        var result: [String: Finding] = [:]
        for finding in analysis.findings where finding.ruleID == UnpublishedStoredProperty.id {
            let name = finding.message.split(separator: "'").first.map(String.init) ?? ""
            result[name] = finding
        }
        return result
    }

    @Test func byDefaultAPropertyNoViewReadsStaysTrackedAndTheUnitIsReady() {
        let (analysis, migrated) = Self.migrate(.track, unsafeFixes: false)
        #expect(analysis.units.map(\.verdict) == [.ready])
        #expect(Self.findings(analysis)["isLoading"]?.fixClass == .safe)
        #expect(Self.findings(analysis)["isLoading"]?.message.contains("no view reads it") == true)
        #expect(migrated?.contains("    private var isLoading = false\n") == true)
        #expect(migrated?.contains("@ObservationIgnored") == false)
    }

    static let readByViews = """
        import SwiftUI

        final class Player: ObservableObject {
            @Published var title = ""
            var position = 0
            var volume = 5
            var buffered = 0
            var unread = 0
            private var cancellables = Set<AnyCancellable>()
            var ticker: Timer?
            var token: Any?
            var tasks: [Task] = []

            var summary: String { "\\(title) at \\(position)" }
            func level() -> Int { volume * 2 }

            func start() {
                token = NotificationCenter.default.addObserver(forName: .init("x"), object: nil, queue: nil) { _ in }
            }
        }

        struct Task {}

        struct PlayerView: View {
            @ObservedObject var player: Player
            var body: some View {
                Text(player.summary)
                Text("\\(player.level())")
                Slider(value: $player.buffered)
            }
        }

        struct Row: View {
            let player: Player
            var body: some View { Text(player.title) }
        }

        final class Logger {
            func log(_ player: Player) { print(player.unread) }
        }

        """

    @Test func aPropertyAViewReadsIsReviewAndNamesTheView() {
        let (analysis, _) = Self.migrate(.track, unsafeFixes: false, source: Self.readByViews)
        let findings = Self.findings(analysis)
        // Through a computed property, a method and a binding.
        for name in ["position", "volume", "buffered"] {
            #expect(findings[name]?.fixClass == .review, "\(name)")
            #expect(findings[name]?.message.contains("PlayerView reads it") == true, "\(name)")
            #expect(findings[name]?.edits.isEmpty == true, "\(name)")
        }
        // Read only outside views; the app's own `Task` type is no plumbing.
        #expect(findings["unread"]?.fixClass == .safe)
        #expect(findings["tasks"]?.fixClass == .safe)
        #expect(findings["tasks"]?.edits.isEmpty == true)
        // Plumbing.
        for name in ["cancellables", "ticker", "token"] {
            #expect(findings[name]?.fixClass == .safe, "\(name)")
            #expect(findings[name]?.edits.count == 1, "\(name)")
        }
        #expect(analysis.units.map(\.verdict) == [.needsUnsafeFixes])
    }

    @Test func plumbingIsIgnoredWhenTheUnitIsWritten() {
        let (_, migrated) = Self.migrate(.track, unsafeFixes: true, source: Self.readByViews)
        #expect(migrated?.contains("    @ObservationIgnored private var cancellables = Set<AnyCancellable>()\n") == true)
        #expect(migrated?.contains("    @ObservationIgnored var ticker: Timer?\n") == true)
        #expect(migrated?.contains("    @ObservationIgnored var token: Any?\n") == true)
        #expect(migrated?.contains("    var position = 0\n") == true)
        #expect(migrated?.contains("    var tasks: [Task] = []\n") == true)
    }

    /// `plumbingProperties` `track` (the default when the tree shows nothing): the plumbing
    /// stays as written, safe, with no edit; a `nonisolated` one is still ignored.
    @Test func trackedPlumbingStaysAsWrittenUnlessNonisolated() {
        let source = Self.readByViews.replacingOccurrences(of: "    var token: Any?\n", with: "    nonisolated(unsafe) var token: Any?\n")
        #expect(source != Self.readByViews)
        let (analysis, migrated) = Self.migrate(.track, plumbing: .track, unsafeFixes: true, source: source)
        let findings = Self.findings(analysis)
        for name in ["cancellables", "ticker"] {
            #expect(findings[name]?.fixClass == .safe, "\(name)")
            #expect(findings[name]?.edits.isEmpty == true, "\(name)")
            #expect(findings[name]?.message.contains("stays as written") == true, "\(name)")
        }
        #expect(findings["token"]?.edits.count == 1)
        #expect(migrated?.contains("    private var cancellables = Set<AnyCancellable>()\n") == true)
        #expect(migrated?.contains("    var ticker: Timer?\n") == true)
        #expect(migrated?.contains("    @ObservationIgnored nonisolated(unsafe) var token: Any?\n") == true)
    }

    @Test func ignoredEveryPropertyIsSilentAndTheUnitIsReady() {
        let (analysis, migrated) = Self.migrate(.ignore, unsafeFixes: false)
        #expect(analysis.units.map(\.verdict) == [.ready])
        #expect(migrated?.contains("    @ObservationIgnored private var isLoading = false\n") == true)
    }

    @Test func observedItIsLeftTrackedAndTheUnitNeedsUnsafeFixes() {
        let (analysis, safeOnly) = Self.migrate(.observe, unsafeFixes: false)
        #expect(analysis.units.map(\.verdict) == [.needsUnsafeFixes])
        let finding = analysis.findings.first { $0.ruleID == UnpublishedStoredProperty.id }
        #expect(finding?.fixClass == .review)
        #expect(finding?.message.contains("'isLoading' is not @Published and will notify") == true)
        #expect(safeOnly == nil)

        let (_, migrated) = Self.migrate(.observe, unsafeFixes: true)
        #expect(migrated == """
            import SwiftUI

            @Observable final class Downloads {
                var items: [String] = []
                private var isLoading = false
                let service = "x"
            }

            """)
    }

    @Test func interpolationsAreReadAsChains() {
        #expect(ViewReads.interpolatedChains(in: #""\(m.title) at \(self.m.position + 1)""#) == [["m", "title"], ["self", "m", "position"], ["1"]])
        #expect(ViewReads.interpolatedChains(in: #""\($m.x) \(f(a.b))""#) == [["$m", "x"], ["f"], ["a", "b"]])
        #expect(ViewReads.interpolatedChains(in: ##"#"\#(m.x) \(n.y)"#"##) == [["m", "x"]])
        #expect(ViewReads.interpolatedChains(in: #""no interpolation, m.x""#).isEmpty)
    }

    @Test func plumbingNamesAreReadFromTypesAndInitialValues() {
        #expect(Plumbing.plumbingName(in: "Set<AnyCancellable>") == "AnyCancellable")
        #expect(Plumbing.plumbingName(in: "[AnyCancellable]") == "AnyCancellable")
        #expect(Plumbing.plumbingName(in: "Task<Void, Never>?") == "Task")
        #expect(Plumbing.plumbingName(in: "Task { await load() }") == "Task")
        #expect(Plumbing.plumbingName(in: "PassthroughSubject<Int, Never>()") == "PassthroughSubject")
        #expect(Plumbing.plumbingName(in: "Timer.publish(every: 1, on: .main, in: .common)") == "Timer")
        #expect(Plumbing.plumbingName(in: "[TaskItem]") == nil)
        #expect(Plumbing.plumbingName(in: "makeTimerLabel()") == nil)
        #expect(Plumbing.plumbingName(in: "Task", where: { _ in false }) == nil)
    }
}

/// `observationImport` and `observablePlacement`: what a migrated model file looks like.
@Suite struct ModelFileStyleTests {
    static func migrate(_ source: String, _ change: (inout Configuration) -> Void) -> String? {
        var configuration = Configuration()
        change(&configuration)
        let analysis = Analyzer.analyze(swift: [SourceInput(path: "A.swift", bytes: Array(source.utf8))], configuration: configuration)
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        return plan.newContents.first.map { String(decoding: $0.value, as: UTF8.self) }
    }

    static let model = """
        import SwiftUI

        @MainActor
        final class A: ObservableObject {
            @Published var x = 0
        }

        @MainActor final class B: ObservableObject {
            @Published var y = 0
        }

        final class C: ObservableObject {
            @Published var z = 0
        }

        """

    /// `model` migrated: the imports, then A's header lines; B and C always read as in Apple's article.
    static func migrated(imports: String, headerOfA: String) -> String {
        """
        \(imports)

        \(headerOfA)
            var x = 0
        }

        @MainActor @Observable final class B {
            var y = 0
        }

        @Observable final class C {
            var z = 0
        }

        """
    }

    @Test func byDefaultTheImportIsAddedBesideSwiftUIAndThePlacementFollowsTheDeclaration() {
        #expect(Self.migrate(Self.model) { _ in }
                == Self.migrated(imports: "import SwiftUI\nimport Observation", headerOfA: "@MainActor\n@Observable\nfinal class A {"))
    }

    @Test func whenNeededLeavesSwiftUIAloneAndClassLinePutsTheMacroOnTheClassLine() {
        let migrated = Self.migrate(Self.model) {
            $0.observationImport = .whenNeeded
            $0.observablePlacement = .classLine
        }
        #expect(migrated == Self.migrated(imports: "import SwiftUI", headerOfA: "@MainActor\n@Observable final class A {"))
    }

    @Test func ownLinePutsTheMacroAboveEveryDeclarationAtItsIndentation() {
        let nested = """
            import Foundation

            enum Feature {
                @MainActor final class Model: ObservableObject {
                    @Published var x = 0
                }
            }

            """
        #expect(Self.migrate(nested) { $0.observablePlacement = .ownLine } == """
            import Foundation
            import Observation

            enum Feature {
                @Observable
                @MainActor final class Model {
                    var x = 0
                }
            }

            """)
    }

    @Test func anExistingObservationImportIsNotRepeated() {
        let source = "import Observation\nimport SwiftUI\n\nfinal class M: ObservableObject {\n    @Published var x = 0\n}\n"
        #expect(Self.migrate(source) { _ in } == "import Observation\nimport SwiftUI\n\n@Observable final class M {\n    var x = 0\n}\n")
    }
}
