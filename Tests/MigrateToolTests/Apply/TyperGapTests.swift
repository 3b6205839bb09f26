import Foundation
import Testing
@testable import MigrateTool

/// Sites of the real apps (docs/real-apps.md, U1–U9) whose type the tree says but the expression
/// typer did not follow, each reduced to the smallest tree. A unit must become ready only when
/// every site is typed; what cannot be known stays unknown and blocks.
@Suite struct TyperGapTests {
    static func verdict(_ name: String, in files: [String: String]) -> Verdict? {
        RealAppRegressionTests.verdict(name, in: files)
    }

    static func blockers(_ name: String, in files: [String: String]) -> [String] {
        let analysis = RealAppRegressionTests.analyze(files)
        guard let unit = analysis.units.first(where: { $0.name == name }) else { return [] }
        return unit.findings.map { analysis.findings[$0] }.filter(\.isBlocker).map(\.message)
    }

    static let client = """
        import SwiftUI

        final class Client: ObservableObject {
            @Published var x = 0
        }

        final class Manager: ObservableObject {
            static let shared = Manager()
            @Published var currentClient: Client = Client()
        }

        struct ClientView: View {
            @EnvironmentObject var client: Client
            var body: some View { Text("\\(client.x)") }
        }

        """

    /// U3 (Ice Cubes' share extension): a chain of three variables, each initialised from the
    /// previous one, used to run out of the typer's depth budget.
    @Test func aLocalInitialisedFromAnotherLocalIsTyped() {
        let files = ["A.swift": Self.client + """
            final class Host {
                func make() -> some View {
                    let manager = Manager.shared
                    let client = manager.currentClient
                    return ClientView().environmentObject(manager).environmentObject(client)
                }
            }
            """]
        #expect(Self.verdict("Client", in: files) == .ready)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains(".environment(manager).environment(client)"))
    }

    /// Variables whose initializers lead back to themselves are a cycle: unknown, and the unit
    /// they may refer to stays blocked.
    @Test func variablesInitialisedFromEachOtherStayUnknown() {
        let files = ["A.swift": Self.client + """
            final class Loop {
                static var first = Loop.second
                static var second = Loop.first
                var own = Loop().own
            }

            struct Host: View {
                var body: some View {
                    ClientView().environmentObject(Loop.first).environmentObject(Loop().own)
                }
            }
            """]
        #expect(Self.verdict("Client", in: files) == .blocked)
        #expect(Self.blockers("Client", in: files).count == 2)
    }

    /// U6 (LANreader): `AppStore.shared.state.archive` where `typealias AppStore =
    /// Store<AppState, AppAction>` and `Store<State, Action>` declares `var state: State`.
    @Test func aMemberTypedByAGenericParameterTakesTheArgumentOfAnAlias() {
        let files = ["A.swift": """
            import Combine

            struct ArchiveState { var loading = false }
            struct AppState { var archive = ArchiveState() }
            enum AppAction { case load }

            final class Store<State, Action> {
                private(set) var state: State
                init(initialState: State) { state = initialState }
            }
            typealias AppStore = Store<AppState, AppAction>

            extension AppStore {
                static var shared: AppStore { AppStore(initialState: AppState()) }
            }

            final class LibraryListModel: ObservableObject {
                @Published private(set) var loading = false
                private let store = AppStore.shared
                private var bag = Set<AnyCancellable>()
                init() {
                    store.state.archive.$loading.sink { [weak self] in self?.loading = $0 }.store(in: &bag)
                }
            }
            """]
        #expect(Self.blockers("LibraryListModel", in: files).isEmpty)
        #expect(Self.verdict("LibraryListModel", in: files) != .blocked)
    }

    /// The argument in the parameter's position is the one taken, for properties and method
    /// results; a generic parameter of a superclass (`Sub: Base<Settings>`) is not substituted
    /// and stays unknown.
    @Test func genericArgumentsAreTakenByPositionAndOnlyFromTheReceiversOwnType() {
        let files = ["A.swift": """
            import SwiftUI

            final class Settings: ObservableObject {
                @Published var theme = 0
            }

            final class Store<State, Action> {
                private(set) var state: State
                var lastAction: Action
                init(state: State, action: Action) { self.state = state; lastAction = action }
                func snapshot() -> State { state }
            }

            struct SettingsView: View {
                @EnvironmentObject var settings: Settings
                var body: some View { Text("\\(settings.theme)") }
            }

            struct Root: View {
                let store: Store<Settings, Int>
                let reversed: Store<Int, Settings>
                var body: some View {
                    SettingsView()
                        .environmentObject(store.state)
                        .environmentObject(store.snapshot())
                        .environmentObject(reversed.lastAction)
                }
            }
            """]
        #expect(Self.verdict("Settings", in: files) == .ready)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains(".environment(store.state)"))
        #expect(migrated.contains(".environment(store.snapshot())"))
        #expect(migrated.contains(".environment(reversed.lastAction)"))

        let inherited = ["A.swift": files["A.swift"]!.replacingOccurrences(of: "let reversed: Store<Int, Settings>", with: "let sub: Sub")
            .replacingOccurrences(of: ".environmentObject(reversed.lastAction)", with: ".environmentObject(sub.value)")
            + "\nclass Base<Value> {\n    var value: Value\n    init(value: Value) { self.value = value }\n}\nfinal class Sub: Base<Settings> {}\n"]
        #expect(Self.blockers("Settings", in: inherited).count == 1)
    }

    static let relay = """
        import SwiftUI
        import Dependencies

        final class RelayService: ObservableObject {
            @Published var connected = false
        }

        struct StatusView: View {
            @EnvironmentObject var relayService: RelayService
            var body: some View { Text(relayService.connected ? "on" : "off") }
        }

        """

    static let relayValues = """
        extension DependencyValues {
            var relayService: RelayService {
                get { self[RelayServiceKey.self] }
                set { self[RelayServiceKey.self] = newValue }
            }
        }

        """

    /// U7 (Nos): `@Dependency(\\.x) var y` has the type of `var x` in the tree's extension of
    /// `DependencyValues`; so has `DependencyValues().x`.
    @Test func aDependencyKeyPathTakesTheTypeOfItsValuesProperty() {
        let files = ["A.swift": Self.relay + Self.relayValues + """
            struct Root: View {
                @Dependency(\\.relayService) private var relayService
                static var preview = DependencyValues().relayService
                var body: some View {
                    StatusView().environmentObject(relayService).environmentObject(Root.preview)
                }
            }
            """]
        #expect(Self.verdict("RelayService", in: files) == .ready)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains(".environment(relayService).environment(Root.preview)"))
    }

    /// A key path whose property the tree does not declare, declares twice, or that goes
    /// further than one member stays unknown.
    @Test func aDependencyKeyPathNotDeclaredOnceInTheTreeStaysUnknown() {
        let root = """
            struct Root: View {
                @Dependency(\\.relayService) private var relayService
                @Dependency(\\.services.relay) private var nested
                var body: some View { StatusView().environmentObject(relayService).environmentObject(nested) }
            }
            """
        #expect(Self.blockers("RelayService", in: ["A.swift": Self.relay + root]).count == 2)
        let twice = ["A.swift": Self.relay + Self.relayValues + root,
                     "B.swift": Self.relayValues.replacingOccurrences(of: ": RelayService", with: ": OtherService")]
        #expect(Self.blockers("RelayService", in: twice).count == 2)
        #expect(Self.blockers("RelayService", in: ["A.swift": Self.relay + Self.relayValues + root]).count == 1)
    }

    /// `Self.x` and `Self()` name the enclosing type; `Self()` used to be taken for an external
    /// type called `Self`, that is known not to be a model.
    @Test func selfAsATypeIsTheEnclosingType() {
        let files = ["A.swift": Self.client + """
            extension Client {
                static var preview: Client { Client() }
                static func host() -> some View {
                    ClientView().environmentObject(Self.preview).environmentObject(Self())
                }
            }
            """]
        #expect(Self.verdict("Client", in: files) == .ready)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains(".environment(Self.preview).environment(Self())"))
    }

    static let editor = """
        import SwiftUI

        final class EditorManager: ObservableObject {
            @Published var tabs = 0
        }

        final class Workspace {
            var editorManager: EditorManager? = EditorManager()
        }

        struct EditorView: View {
            @EnvironmentObject var editorManager: EditorManager
            var body: some View { Text("\\(editorManager.tabs)") }
        }

        """

    /// U2 (CodeEdit, Swiftfin, bitchat): `guard let x = a.b`, shorthand `guard let a`, `if let`
    /// and `while let` bindings have the initializer's type without `Optional`.
    @Test func optionalBindingsHaveTheirInitializersType() {
        let files = ["A.swift": Self.editor + """
            final class Controller {
                var workspace: Workspace?
                func make() -> AnyView? {
                    guard let workspace, let manager = workspace.editorManager else { return nil }
                    return AnyView(EditorView().environmentObject(manager))
                }
                func other() -> AnyView? {
                    if let current = workspace?.editorManager, current.tabs > 0 {
                        return AnyView(EditorView().environmentObject(current))
                    }
                    while let next: EditorManager = workspace?.editorManager {
                        return AnyView(EditorView().environmentObject(next))
                    }
                    return nil
                }
            }
            """]
        #expect(Self.verdict("EditorManager", in: files) == .ready)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("EditorView().environment(manager)"))
        #expect(migrated.contains("EditorView().environment(current)"))
        #expect(migrated.contains("EditorView().environment(next)"))
    }

    /// A binding is visible only where Swift sees it: an `if let` ends with its body (the
    /// property of the same name is read after it), and a `for` loop's element shadows a
    /// property of the same name without a known type.
    @Test func optionalBindingsAndLoopVariablesKeepSwiftsScopes() {
        let outside = ["A.swift": Self.editor + """
            struct Host: View {
                let workspace: Workspace
                let manager: VendorManager
                var body: some View {
                    if let manager = workspace.editorManager { Text("").onAppear { _ = manager } }
                    EditorView().environmentObject(manager)
                }
            }
            """]
        #expect(Self.verdict("EditorManager", in: outside) == .ready)
        #expect(Migrator.migrate(files: outside)["A.swift"]!.contains("EditorView().environmentObject(manager)"))

        let loop = ["A.swift": Self.editor + """
            struct Host: View {
                let manager: EditorManager
                let all: [AnyObject]
                var body: some View {
                    ForEach(0..<1) { _ in
                        EditorView().environmentObject(manager)
                    }
                }
                func views() -> [AnyView] {
                    var views: [AnyView] = []
                    for manager in all { views.append(AnyView(EditorView().environmentObject(manager))) }
                    return views
                }
            }
            """]
        #expect(Self.blockers("EditorManager", in: loop).count == 1)
    }

    static let channels = """
        import SwiftUI

        final class ChannelsModel: ObservableObject {
            @Published var channels: [String] = []
            init(names: [String] = []) { channels = names }
        }

        struct ChannelList: View {
            @EnvironmentObject var model: ChannelsModel
            var body: some View { Text("\\(model.channels.count)") }
        }

        """

    /// U4 (bitchat): locals of a `#Preview { … }` body, which the parser leaves at file scope,
    /// annotated or initialised over several lines, used in nested blocks.
    @Test func localsOfAPreviewBodyAreTyped() {
        let files = ["A.swift": Self.channels + """
            #Preview {
                let annotated: ChannelsModel = ChannelsModel()
                ChannelList().environmentObject(annotated)
            }

            #Preview("several lines") {
                @Previewable @State var text = ""
                let model = ChannelsModel(
                    names: ["a", "b"]
                )
                let same = model
                List {
                    ChannelList()
                }
                .environmentObject(same)
            }
            """]
        #expect(Self.verdict("ChannelsModel", in: files) == .ready)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("ChannelList().environment(annotated)"))
        #expect(migrated.contains(".environment(same)"))
    }

    /// A local of an earlier block is not visible after it, and a local whose value the tool
    /// cannot type stays unknown.
    @Test func previewLocalsKeepTheirBlocksAndUnknownsBlock() {
        let hidden = ["A.swift": Self.channels + """
            #Preview {
                VStack {
                    let model = ChannelsModel()
                    ChannelList().environmentObject(model)
                }
                .environmentObject(model)
            }

            let model = VendorModel()
            """]
        #expect(Self.verdict("ChannelsModel", in: hidden) == .ready)
        let migrated = Migrator.migrate(files: hidden)["A.swift"]!
        #expect(migrated.contains("ChannelList().environment(model)"))
        #expect(migrated.contains("}\n    .environmentObject(model)"))

        let unknown = ["A.swift": Self.channels + """
            #Preview {
                let model = makeModel()
                ChannelList().environmentObject(model)
            }
            """]
        #expect(Self.blockers("ChannelsModel", in: unknown).count == 1)
    }

    /// The same in a function body: a local declared in an inner block (a closure) was taken
    /// for the property of that name read after the block.
    @Test func aLocalOfAClosedBlockIsNotSeenAfterIt() {
        let files = ["A.swift": Self.channels + """
            struct Host: View {
                let model: VendorModel
                var body: some View {
                    VStack {
                        let model = ChannelsModel()
                        ChannelList().environmentObject(model)
                    }
                    .environmentObject(model)
                }
            }
            """]
        #expect(Self.verdict("ChannelsModel", in: files) == .ready)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("ChannelList().environment(model)"))
        #expect(migrated.contains("}\n        .environmentObject(model)"))
    }

    /// U8 (Swiftfin): `\\StoredUser.$server` is a key path whose root is a type; a plain class
    /// is not a model, so no unit waits for it; a model's `\\Model.$x` still blocks (the
    /// projected value goes away with `@Published`).
    @Test func anExplicitKeyPathRootIsTheTypeItNames() {
        let files = ["A.swift": """
            import SwiftUI

            final class Account: ObservableObject {
                @Published var server = ""
            }

            @propertyWrapper struct Field<T> {
                var wrappedValue: T
                var projectedValue: Field<T> { self }
            }

            final class StoredUser {
                @Field var server = ""
            }

            struct Relationship<Root, Value> {
                init(inverse: KeyPath<Root, Value>) {}
            }

            let serverRelation = Relationship(inverse: \\StoredUser.$server)
            """]
        #expect(Self.verdict("Account", in: files) == .ready)
        let onModel = ["A.swift": files["A.swift"]! + "\nlet accountRelation = Relationship(inverse: \\Account.$server)\n"]
        #expect(Self.verdict("Account", in: onModel) == .blocked)
    }

    /// KillerGram: `@AppState var appState`, a property wrapper of the tree whose `wrappedValue`
    /// is the model, reads an `@EnvironmentObject` for its views; the variable has the type of
    /// that `wrappedValue`, so `.environmentObject(appState)` is a site of the model. A generic
    /// wrapper (`@Box var item`, whose value comes from arguments the variable does not spell)
    /// still cannot tell, and blocks.
    @Test func aVariableOfATreeWrapperHasTheTypeOfItsWrappedValue() {
        let provider = """
            import SwiftUI

            @propertyWrapper
            public struct AppState: DynamicProperty {
                @EnvironmentObject private var object: AppStateProvider
                public var wrappedValue: AppStateProvider { object }
                public init() { }
            }

            public final class AppStateProvider: ObservableObject {
                @Published public var step = 0
                public init() { }
            }

            @propertyWrapper
            struct Box<Value> {
                var wrappedValue: Value { fatalError() }
            }

            """
        let root = """
            struct Root: View {
                @AppState var appState
                var body: some View { Text("\\(appState.step)").environmentObject(appState) }
            }
            """
        let files = ["A.swift": provider + root]
        #expect(Self.verdict("AppStateProvider", in: files) == .ready)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("Text(\"\\(appState.step)\").environment(appState)"))
        #expect(migrated.contains("@Environment(AppStateProvider.self) private var object"))
        let generic = ["A.swift": provider + root.replacingOccurrences(of: "@AppState var appState", with: "@Box var appState")]
        #expect(Self.blockers("AppStateProvider", in: generic).count == 1)
    }

    /// babya: `@Flow var flow`, FlowKit's wrapper (outside the tree) written without a type, is
    /// passed to `.environmentObject(flow)`. A library's wrapper cannot hold the app's model, so
    /// the modifier is no site of it and the model is not held back on "cannot tell".
    @Test func aVariableOfAWrapperFromOutsideTheTreeIsExternal() {
        let files = ["A.swift": """
            import SwiftUI
            import FlowKit

            final class Session: ObservableObject {
                @Published var name = ""
            }

            struct RootView: View {
                @Flow var flow
                @StateObject private var session = Session()
                var body: some View { NameView().environmentObject(flow).environmentObject(session) }
            }

            struct NameView: View {
                @EnvironmentObject var session: Session
                var body: some View { Text(session.name) }
            }
            """]
        #expect(Self.verdict("Session", in: files) == .ready)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("NameView().environmentObject(flow).environment(session)"), "\(migrated)")
    }
}

