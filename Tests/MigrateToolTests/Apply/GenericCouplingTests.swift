import Testing
@testable import MigrateTool

/// Generic code constrained to `ObservableObject` couples only the models that reach it (U1 of
/// docs/real-apps.md): the types bound to its parameter at its constructions and calls, through
/// other constrained parameters passed to it, and every model when a use cannot be followed.
@Suite struct GenericCouplingTests {
    static func analyze(_ files: [String: String]) -> Analysis {
        Analyzer.analyze(swift: files.keys.sorted().map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) })
    }

    static func verdicts(_ source: String) -> [String: Verdict] {
        Dictionary(uniqueKeysWithValues: analyze(["A.swift": source]).units.map { ($0.name, $0.verdict) })
    }

    static func messages(_ source: String, unit name: String) -> [String] {
        let analysis = analyze(["A.swift": source])
        guard let unit = analysis.units.first(where: { $0.name == name }) else { return [] }
        return unit.findings.map { analysis.findings[$0].message }
    }

    /// A generic panel, a model passed to it, a model that reaches no generic code, and a model
    /// blocked by a key path to its `$status` publisher, which no publisher bridge can take; `extra` is appended.
    static func tree(_ extra: String, panelUse: String = "PanelView(viewModel: model)") -> String {
        """
        import SwiftUI
        import Combine

        struct PanelView<ViewModel: ObservableObject>: View {
            @ObservedObject var viewModel: ViewModel
            var body: some View { Text("panel") }
        }

        final class NavigatorModel: ObservableObject { @Published var tab = 0 }

        struct NavigatorView: View {
            @StateObject private var model = NavigatorModel()
            var body: some View { \(panelUse) }
        }

        final class ThemeModel: ObservableObject { @Published var theme = "light" }

        final class TaskModel: ObservableObject {
            @Published var status = ""
            var bag = Set<AnyCancellable>()
            init() { _ = \\TaskModel.$status }
        }
        \(extra)
        """
    }

    @Test func aModelThatReachesNoGenericCodeIsNotBlockedByAnotherUnit() {
        let source = Self.tree("")
        let verdicts = Self.verdicts(source)
        #expect(verdicts["ThemeModel"] == .ready)
        #expect(verdicts["NavigatorModel"] == .needsUnsafeFixes)
        #expect(verdicts["TaskModel"] == .blocked)
        #expect(Self.messages(source, unit: "NavigatorModel").contains { $0.contains("'NavigatorModel' reaches 'ViewModel' of PanelView") })
        let migrated = Migrator.migrate(files: ["A.swift": source])["A.swift"]!
        #expect(migrated.contains("struct PanelView<ViewModel: AnyObject & Observable>: View {\n    var viewModel: ViewModel"))
        #expect(migrated.contains("@Observable final class NavigatorModel"))
        #expect(migrated.contains("@Observable final class ThemeModel"))
        #expect(migrated.contains("final class TaskModel: ObservableObject"))
    }

    @Test func aReadyModelPassedWithABlockedOneStaysBlocked() {
        let source = Self.tree("""
            struct TaskView: View {
                @StateObject private var task = TaskModel()
                var body: some View { PanelView(viewModel: task) }
            }
            """)
        let verdicts = Self.verdicts(source)
        #expect(verdicts["NavigatorModel"] == .blocked)
        #expect(verdicts["ThemeModel"] == .ready)
        #expect(Self.messages(source, unit: "NavigatorModel").contains {
            $0.contains("'TaskModel', which reaches it too, is blocked; 'NavigatorModel' reaches this code")
        })
        let migrated = Migrator.migrate(files: ["A.swift": source])["A.swift"]!
        #expect(migrated.contains("struct PanelView<ViewModel: ObservableObject>: View {\n    @ObservedObject var viewModel"))
        #expect(migrated.contains("final class NavigatorModel: ObservableObject"))
        #expect(migrated.contains("@Observable final class ThemeModel"))
    }

    @Test func anUntypedUseKeepsEveryModelCoupled() {
        let source = Self.tree("", panelUse: "PanelView(viewModel: makeModel())")
        let verdicts = Self.verdicts(source)
        #expect(verdicts["ThemeModel"] == .blocked)
        #expect(verdicts["NavigatorModel"] == .blocked)
        #expect(Self.messages(source, unit: "ThemeModel").contains {
            $0.contains("every model, and 'TaskModel' is blocked; 'ThemeModel' may reach this code")
        })
        let migrated = Migrator.migrate(files: ["A.swift": source])["A.swift"]!
        #expect(migrated.contains("PanelView<ViewModel: ObservableObject>"))
        #expect(migrated.contains("final class ThemeModel: ObservableObject"))
    }

    @Test func anExplicitGenericArgumentIsTyped() {
        let source = Self.tree("""
            struct Holder {
                var panel: PanelView<TaskModel>?
            }
            """, panelUse: "Text(\"\")")
        let verdicts = Self.verdicts(source)
        #expect(verdicts["ThemeModel"] == .ready)
        #expect(verdicts["NavigatorModel"] == .ready)
        #expect(Self.messages(source, unit: "TaskModel").contains { $0.contains("'TaskModel' reaches 'ViewModel' of PanelView") })
    }

    @Test func aGenericPassingItsParameterOnCarriesItsModels() {
        // TaskModel reaches PanelView only through Wrapper's parameter.
        let source = Self.tree("""
            struct Wrapper<Model: ObservableObject>: View {
                @ObservedObject var model: Model
                var body: some View { PanelView(viewModel: model) }
            }

            struct TaskView: View {
                @StateObject private var task = TaskModel()
                var body: some View { Wrapper(model: task) }
            }
            """)
        let verdicts = Self.verdicts(source)
        #expect(verdicts["NavigatorModel"] == .blocked)
        #expect(verdicts["ThemeModel"] == .ready)
        #expect(Self.messages(source, unit: "NavigatorModel").contains { $0.contains("'TaskModel', which reaches it too, is blocked") })
    }

    @Test func anExistentialCouplesEveryModel() {
        let source = Self.tree("""
            struct Registry {
                var models: [any ObservableObject] = []
            }
            """)
        let verdicts = Self.verdicts(source)
        #expect(verdicts["ThemeModel"] == .blocked)
        #expect(Self.messages(source, unit: "ThemeModel").contains { $0.contains("'ThemeModel' may reach this code") })
    }

    @Test func aPublicGenericCouplesEveryModel() {
        let source = Self.tree("").replacingOccurrences(of: "struct PanelView<", with: "public struct PanelView<")
        #expect(Self.verdicts(source)["ThemeModel"] == .blocked)
        #expect(Self.analyze(["A.swift": source]).findings.contains {
            $0.message.contains("'PanelView' is public, so code outside the tree may pass it any model")
        })
    }

    @Test func aMetatypeUseCouplesEveryModel() {
        let source = Self.tree("let panelType: Any.Type = PanelView.self")
        #expect(Self.verdicts(source)["ThemeModel"] == .blocked)
    }

    @Test func aTypeThatStaysObservableObjectBlocksTheModelsThatShareTheGeneric() {
        // `ThirdPartyStore` comes from a library: the constraint must stay, so NavigatorModel
        // cannot stop being an ObservableObject.
        let source = Self.tree("""
            struct StoreView: View {
                var body: some View { PanelView(viewModel: ThirdPartyStore()) }
            }
            """)
        let verdicts = Self.verdicts(source)
        #expect(verdicts["NavigatorModel"] == .blocked)
        #expect(verdicts["ThemeModel"] == .ready)
        #expect(Self.messages(source, unit: "NavigatorModel").contains {
            $0.contains("must stay constrained to ObservableObject because 'ThirdPartyStore' reaches it too")
        })
        let migrated = Migrator.migrate(files: ["A.swift": source])["A.swift"]!
        #expect(migrated.contains("PanelView<ViewModel: ObservableObject>"))
        #expect(migrated.contains("@ObservedObject var viewModel: ViewModel"))
    }

    @Test func aGenericFunctionCouplesTheModelsItIsCalledWith() {
        let source = Self.tree("""
            func track<M: ObservableObject>(_ model: M, label: String) {}

            struct TaskView: View {
                @StateObject private var task = TaskModel()
                var body: some View { Text("").onAppear { track(task, label: "x") } }
            }
            """)
        let verdicts = Self.verdicts(source)
        #expect(verdicts["ThemeModel"] == .ready)
        #expect(verdicts["NavigatorModel"] == .needsUnsafeFixes)
        #expect(Self.messages(source, unit: "TaskModel").contains { $0.contains("'TaskModel' reaches 'M' of track(…)") })
    }

    @Test func aWrapperOverAParameterBoundByAnOutsideProtocolIsLeftAlone() {
        // `ManagerProtocol` refines ObservableObject in a library: nothing here rewrites it.
        let source = """
            import SwiftUI

            final class Settings: ObservableObject { @Published var on = false }

            struct DiscoverView<Manager>: View where Manager: ManagerProtocol {
                @StateObject private var manager: Manager
                var body: some View { Text("") }
            }
            """
        #expect(Self.verdicts(source)["Settings"] == .ready)
        let migrated = Migrator.migrate(files: ["A.swift": source])["A.swift"]!
        #expect(migrated.contains("@StateObject private var manager: Manager"))
        #expect(migrated.contains("@Observable final class Settings"))
    }
}
