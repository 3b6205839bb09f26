import Foundation
import Testing
@testable import MigrateTool

/// Bugs found by running the tool on real SwiftUI apps (docs/real-apps.md), each reduced to the
/// smallest tree that showed it. Every one of them broke a build, crashed, or blocked for no reason.
@Suite struct RealAppRegressionTests {
    static func analyze(_ files: [String: String]) -> Analysis {
        Analyzer.analyze(swift: files.keys.sorted().map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) })
    }

    static func verdict(_ name: String, in files: [String: String]) -> Verdict? {
        analyze(files).units.first { $0.name == name }?.verdict
    }

    static let model = "final class Workspace: ObservableObject {\n    @Published var name = \"\"\n}\n"

    @Test func selfNamingInitializersDoNotRecurseAndStillResolve() {
        let files = ["A.swift": """
            import SwiftUI
            \(Self.model)
            extension Workspace {
                static let mock = mock(name: "x")
                static func mock(name: String) -> Workspace { Workspace() }
            }

            struct Panel {
                var title: String?
                var workspace: Workspace?

                func view() -> AnyView? {
                    guard let title = title,
                          let workspace = workspace
                    else { return nil }
                    return AnyView(Text(title).environmentObject(workspace))
                }

                func preview() -> some View { Text("").environmentObject(Workspace.mock) }
            }
            """]
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("Text(title).environment(workspace)"))
        #expect(migrated.contains("Text(\"\").environment(Workspace.mock)"))
    }

    @Test func aGenericParameterBoundedByAModelChangesWithIt() {
        let files = ["A.swift": """
            import SwiftUI

            class FavoritesViewModel: ObservableObject {
                @Published var items: [String] = []
            }

            struct FavoritesView<Model: FavoritesViewModel>: View {
                @ObservedObject var model: Model
                var body: some View { Text("\\(model.items.count)") }
            }
            """]
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("    var model: Model"))
        #expect(!migrated.contains("@ObservedObject"))
    }

    @Test func anUnknownAttachedMacroBlocksAndItsPropertiesAreNotGuessed() {
        let files = ["A.swift": """
            import SwiftUI

            @Stateful
            final class Connection: ObservableObject {
                @Published var isConnected = false
            }

            struct Status: View {
                @ObservedObject var connection: Connection
                @State private var shown = ""
                var body: some View {
                    Text(shown).onReceive(connection.$error) { value in shown = "\\(value)" }
                }
            }
            """]
        #expect(Self.verdict("Connection", in: files) == .blocked)
        #expect(Migrator.migrate(files: files) == files)
    }

    @Test func twoClassesOfOneNameInTwoTargetsAreToldApart() {
        let files = [
            "AppA/PreviewModel.swift": "import SwiftUI\n\nfinal class PreviewModel: ObservableObject {\n    @Published var query = \"\"\n}\n",
            "AppB/PreviewModel.swift": """
                import SwiftUI
                import Combine

                final class PreviewModel: ObservableObject {
                    @Published var query = ""
                    init() { _ = \\PreviewModel.$query }
                }
                """,
            "AppB/SearchView.swift": """
                import SwiftUI

                struct SearchView: View {
                    @ObservedObject var model: PreviewModel
                    var body: some View { TextField("", text: $model.query) }
                }
                """,
        ]
        let migrated = Migrator.migrate(files: files)
        #expect(migrated["AppB/SearchView.swift"] == files["AppB/SearchView.swift"], "AppB's model is blocked; its view stays")
        #expect(migrated["AppA/PreviewModel.swift"]!.contains("@Observable final class PreviewModel"))
    }

    @Test func onReceiveBecomesOnChangeOnlyForEquatableValues() {
        let files = ["A.swift": """
            import SwiftUI

            struct Item { var name: String }

            final class Feed: ObservableObject {
                @Published var items: [Item] = []
            }

            struct FeedView: View {
                @ObservedObject var feed: Feed
                @State private var count = 0
                var body: some View {
                    Text("\\(count)").onReceive(feed.$items) { items in count = items.count }
                }
            }
            """]
        // Not `Equatable`: `.onReceive` stays, over the publisher bridge.
        #expect(Self.verdict("Feed", in: files) == .needsUnsafeFixes)
        #expect(Migrator.migrate(files: files)["A.swift"]!.contains(".onReceive(feed.itemsPublisher) { items in count = items.count }"))
        let equatable = ["A.swift": files["A.swift"]!.replacingOccurrences(of: "struct Item {", with: "struct Item: Equatable {")]
        #expect(Migrator.migrate(files: equatable)["A.swift"]!.contains(".onChange(of: feed.items, initial: true) { _, items in"))
    }

    @Test func genericCodeOnObservableObjectMigratesWithTheModelsThatReachIt() {
        let files = ["A.swift": """
            import SwiftUI
            import Combine

            final class Ready: ObservableObject {
                @Published var value = 0
            }

            final class Stuck: ObservableObject {
                @Published var value = 0
                init() { _ = \\Stuck.$value }
            }

            struct Card<VM: ObservableObject>: View {
                @ObservedObject var vm: VM
                var body: some View { Text("") }
            }
            """]
        // No model reaches `Card`: `Ready` migrates, and `Card` stays as it is (nothing needs it
        // to change, and a library's model may still be passed to it).
        #expect(Self.verdict("Ready", in: files) == .ready)
        #expect(Migrator.migrate(files: files)["A.swift"]!.contains("struct Card<VM: ObservableObject>: View {\n    @ObservedObject var vm: VM"))
        // Both reach it: one blocked, neither migrates, nor does `Card`.
        let both = ["A.swift": files["A.swift"]!.replacingOccurrences(
            of: "var body: some View { Text(\"\") }",
            with: "var body: some View { Text(\"\") }\n    static func make() -> (Card<Ready>, Card<Stuck>)? { nil }")]
        #expect(Self.verdict("Ready", in: both) == .blocked)
        #expect(Migrator.migrate(files: both) == both)
    }

    @Test func aLocalModelClassIsNotGivenTheMacro() {
        let files = ["A.swift": """
            import SwiftUI

            func demo() -> some View {
                final class Local: ObservableObject {
                    @Published var count = 0
                }
                return Text("\\(Local().count)")
            }
            """]
        #expect(Self.verdict("Local", in: files) == .blocked)
        #expect(Migrator.migrate(files: files) == files)
    }

    @Test func wrapperInitializersInInitChangeWithTheirProperties() {
        let files = ["A.swift": """
            import SwiftUI

            final class Counter: ObservableObject {
                @Published var count: Int
                init(count: Int) {
                    _count = Published(initialValue: count)
                }
            }

            struct CounterView: View {
                @ObservedObject var counter: Counter
                init(counter: Counter) {
                    self._counter = ObservedObject(wrappedValue: counter)
                }
                var body: some View { Text("\\(counter.count)") }
            }

            struct CounterEditor: View {
                @ObservedObject var counter: Counter
                init(counter: Counter) {
                    _counter = ObservedObject(wrappedValue: counter)
                }
                var body: some View { Stepper("", value: $counter.count) }
            }
            """]
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("        _count = count\n"))
        #expect(migrated.contains("        self.counter = counter\n"))
        #expect(migrated.contains("        _counter = Bindable(wrappedValue: counter)\n"))
    }

    @Test func importsInsideIfBranchesAreNeitherUsedNorRemoved() {
        let files = ["A.swift": """
            import Foundation
            #if canImport(UIKit)
            import UIKit
            #endif
            #if OPENCOMBINE
            import OpenCombine
            #else
            import Combine
            #endif

            final class Model: ObservableObject {
                @Published var value = 0
            }
            """]
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.hasPrefix("import Foundation\nimport Observation\n#if canImport(UIKit)\nimport UIKit\n#endif\n#if OPENCOMBINE\n"))
        #expect(migrated.contains("#else\nimport Combine\n#endif"))
    }

    /// Sprite Catalog: every import of the file sits in an `#if` (`UIKit` or `AppKit`), so the
    /// import goes above the group, where every build sees it, not into its first branch.
    @Test func anImportWhenEveryImportIsConditionalGoesAboveTheGroup() {
        let files = ["A.swift": """
            //
            //  SpriteCollection.swift
            //

            #if canImport(UIKit)
            import UIKit
            #else
            import AppKit
            #endif

            final class Collection: ObservableObject {
                @Published var names: [String] = []
            }
            """]
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.hasPrefix("//\n//  SpriteCollection.swift\n//\n\nimport Observation\n#if canImport(UIKit)\nimport UIKit\n#else\nimport AppKit\n#endif\n"),
                "\(migrated)")
    }

    @Test func spelledWrapperTypesBlock() {
        let files = ["A.swift": """
            import SwiftUI

            final class Settings: ObservableObject {
                @Published var dark = false
            }

            struct Child: View {
                var settings: ObservedObject<Settings>.Wrapper
                var body: some View { Toggle("", isOn: settings.dark) }
            }
            """]
        #expect(Self.verdict("Settings", in: files) == .blocked)
    }

    @Test func filesNoUnitTouchesKeepTheirImports() {
        let files = [
            "Answer.swift": "import Foundation\nimport Combine\n\nfunc answer() -> Int { 42 }\n",
            "Macro.swift": "import MyMacros\n\n@Observable final class Own {\n    var x = 0\n}\n",
            "Declares.swift": "public macro Observable() = #externalMacro(module: \"M\", type: \"O\")\n",
        ]
        #expect(Migrator.migrate(files: files) == files)
    }

    @Test func captureListsGenericInitializersAndKeyPathsAreNotUnknown() {
        let files = ["A.swift": """
            import SwiftUI

            final class Chat: ObservableObject {
                @Published var messages: [String] = []
            }

            final class Box<Value>: ObservableObject {
                @Published var value: Value
                init(_ make: () -> Value) { value = make() }
            }

            struct ChatView: View {
                @StateObject private var box = Box<String> { "x" }
                let path = \\Intent.$server
                var body: some View { Text(box.value) }
            }

            final class Relay {
                func poke(_ other: Chat) {
                    let chat: Chat? = other
                    DispatchQueue.main.async { [weak chat] in _ = chat?.messages }
                }
            }
            """]
        let analysis = Self.analyze(files)
        #expect(!analysis.findings.contains { $0.ruleID == UnknownType.id || $0.ruleID == ExternalPublisher.id })
        #expect(analysis.units.allSatisfy { $0.verdict != .blocked })
    }

    @Test func aModelNestedInABaseClassIsFoundThroughASubclass() {
        let files = ["A.swift": """
            import SwiftUI

            class Base {
                final class Context: ObservableObject {
                    @Published var value = 0
                }
            }

            final class Sub: Base {}

            struct ContextView: View {
                @ObservedObject var context: Sub.Context
                var body: some View { Text("\\(context.value)") }
            }
            """]
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("    var context: Sub.Context"))
        #expect(!migrated.contains("@ObservedObject"))
    }

    /// SpeziAccount: `ModifiedAccountDetails.Builder()` names the type alias its protocol
    /// declares (`typealias Builder = AccountValuesBuilder<Self>`); "cannot tell" blocked every unit.
    @Test func aTypeAliasOfAConformedProtocolIsFoundThroughTheConformingType() {
        let files = ["A.swift": """
            import SwiftUI

            final class ValuesBuilder<Values: DetailValues>: ObservableObject {
                @Published var isEmpty = true
            }

            protocol DetailValues {
                typealias Builder = ValuesBuilder<Self>
            }
            protocol SignupValues: DetailValues {}

            struct ModifiedDetails: DetailValues {}
            struct SignupDetails {}
            extension SignupDetails: SignupValues {}

            struct EditForm: View {
                @StateObject private var modified = ModifiedDetails.Builder()
                @StateObject private var signup = SignupDetails.Builder()
                var body: some View { Text("\\(modified.isEmpty) \\(signup.isEmpty)") }
            }
            """]
        let analysis = Self.analyze(files)
        #expect(!analysis.findings.contains { $0.ruleID == UnknownType.id })
        #expect(analysis.units.first { $0.name == "ValuesBuilder" }?.verdict != .blocked)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("@State private var modified = ModifiedDetails.Builder()"))
        #expect(migrated.contains("@State private var signup = SignupDetails.Builder()"))
    }

    /// A class naming a member of itself as its own base must not send the lookup round forever.
    @Test func aSelfReferentialInheritanceClauseEndsTheLookup() {
        let files = ["A.swift": """
            import SwiftUI
            final class Loop: Loop.Inner {}
            final class Workspace: ObservableObject { @Published var name = "" }
            struct V: View {
                @StateObject private var odd = Loop.Inner()
                @StateObject private var workspace = Workspace()
                var body: some View { Text(workspace.name) }
            }
            """]
        let analysis = Self.analyze(files)
        #expect(analysis.findings.contains { $0.ruleID == UnknownType.id })
    }

    /// DiaBLE: `@UIApplicationDelegateAdaptor(MainDelegate.self) var main` and then
    /// `.environmentObject(main.settings)`; "cannot tell" blocked every unit. An `@Observable`
    /// environment value (`@Environment(AppModel.self) var app`) is typed the same way.
    @Test func metatypeWrappersHoldTheTypeTheyName() {
        let files = ["A.swift": """
            import SwiftUI

            final class Settings: ObservableObject { @Published var units = "mg/dL" }
            final class Log: ObservableObject { @Published var text = "" }
            @Observable final class AppModel { let log = Log() }

            final class MainDelegate: NSObject, UIApplicationDelegate {
                let settings = Settings()
            }

            @main
            struct DemoApp: App {
                @UIApplicationDelegateAdaptor(MainDelegate.self) var main
                var body: some Scene {
                    WindowGroup { RootView().environmentObject(main.settings) }
                }
            }

            struct RootView: View {
                @Environment(AppModel.self) private var app
                @EnvironmentObject var settings: Settings
                var body: some View { LogView().environmentObject(app.log) }
            }

            struct LogView: View {
                @EnvironmentObject var log: Log
                var body: some View { Text(log.text) }
            }
            """]
        let analysis = Self.analyze(files)
        #expect(!analysis.findings.contains { $0.isBlocker }, "\(analysis.findings.filter(\.isBlocker).map(\.message))")
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("RootView().environment(main.settings)"))
        #expect(migrated.contains("LogView().environment(app.log)"))
    }

    /// wallabag: Factory's `@Injected(\.appState)` reads `var appState: Factory<AppState>` of an
    /// extension of `Container`; `@InjectedObject` needs its model to stay an `ObservableObject`.
    @Test func factoryWrappersAreTypedAndInjectedObjectKeepsItsModelLegacy() {
        let container = """
            import Factory

            extension Container {
                var appState: Factory<AppState> { Factory(self) { AppState() }.scope(.singleton) }
                var store: Factory<Store> { self { Store() } }
            }

            """
        let app = """
            import Factory
            import SwiftUI

            final class AppState: ObservableObject { @Published var registered = false }
            final class Store: ObservableObject { @Published var items: [String] = [] }

            struct MainApp: App {
                @Injected(\\.appState) private var appState
                @InjectedObject(\\.store) private var store
                var body: some Scene {
                    WindowGroup { MainView().environmentObject(appState).environmentObject(store) }
                }
            }

            struct MainView: View {
                @EnvironmentObject var appState: AppState
                @EnvironmentObject var store: Store
                var body: some View { Text("\\(appState.registered) \\(store.items.count)") }
            }
            """
        let files = ["Container.swift": container, "App.swift": app]
        let analysis = Self.analyze(files)
        #expect(analysis.units.first { $0.name == "AppState" }?.verdict == .ready)
        #expect(analysis.units.first { $0.name == "Store" }?.verdict == .blocked)
        let blocker = analysis.findings.first { $0.ruleID == ExternalObjectWrapper.id }
        #expect(blocker?.message == "@InjectedObject 'store' needs 'Store' to stay an ObservableObject; the wrapper does not compile with an @Observable class")
        let migrated = Migrator.migrate(files: files)["App.swift"]!
        #expect(migrated.contains("MainView().environment(appState).environmentObject(store)"))
        #expect(migrated.contains("@ObservedObject") == false && migrated.contains("final class Store: ObservableObject"))

        // Annotated, the wrapper blocks its model too (it was silently left holding an
        // @Observable class before); with no type at all, it blocks every model it can see.
        let annotated = app.replacingOccurrences(of: "@InjectedObject(\\.store) private var store", with: "@InjectedObject(\\.store) private var store: Store")
        #expect(annotated != app)
        let annotatedVerdict = Self.analyze(["App.swift": annotated]).units.first { $0.name == "Store" }?.verdict
        #expect(annotatedVerdict == .blocked)
        let untyped = Self.analyze(["App.swift": app])
        #expect(untyped.units.allSatisfy { $0.verdict == .blocked })
        #expect(untyped.findings.contains { $0.ruleID == ExternalObjectWrapper.id && $0.message.hasPrefix("cannot tell the type of @InjectedObject 'store'") })
    }

    /// Windscribe: a local of a `switch` clause (`case .a:` then `let context = Context()`) is a
    /// local like any other; it was not read as a declaration, so `.environmentObject(context)`
    /// could not be typed and blocked every model read with @EnvironmentObject. A clause's local
    /// is not seen by the clauses after it: there `m` is the property again.
    @Test func aSwitchClausesLocalsAreTypedAndScopedToTheirClause() {
        let code = Self.twoModels + """
            enum Route { case a, b, c }
            final class Router {
                let m = B()
                func make(for route: Route) -> AnyView {
                    switch route {
                    case .a:
                        let m = A()
                        m.on = true
                        return AnyView(AView().environmentObject(m))
                    case .b:
                        return AnyView(BView().environmentObject(m))
                    @unknown default:
                        let context = A(); return AnyView(AView().environmentObject(context))
                    }
                }
            }
            """
        let files = ["A.swift": code]
        let analysis = Self.analyze(files)
        #expect(analysis.units.first { $0.name == "A" }?.verdict == .ready)
        #expect(analysis.units.first { $0.name == "B" }?.verdict == .blocked)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains("return AnyView(AView().environment(m))"))
        #expect(migrated.contains("return AnyView(BView().environmentObject(m))"))
        #expect(migrated.contains("let context = A(); return AnyView(AView().environment(context))"))
    }

    /// Windscribe and amperfy: members the tree adds to a type it does not declare hold what
    /// their declarations say: `extension Assembler { static func resolve<S>(_: S.Type) -> S }`
    /// (Swinject's `Assembler`) gives `Assembler.resolve(Router.self)` a `Router`, and `extension
    /// View { var appDelegate: AppDelegate }` gives a view's `appDelegate` an `AppDelegate`. A
    /// call that does not fit the added function (the library's own overload) stays unknown.
    @Test func membersAddedToExternalTypesAreTyped() {
        let added = """
            import Swinject
            import SwiftUI
            import UIKit

            extension Assembler {
                static let container = Container()
                static func resolve<Service>(_ serviceType: Service.Type) -> Service { container.resolve(serviceType)! }
            }
            extension View {
                var appDelegate: AppDelegate { UIApplication.shared.delegate as! AppDelegate }
            }

            """
        let app = """
            import Swinject
            import SwiftUI
            import UIKit

            final class Router: ObservableObject { @Published var path: [Int] = [] }
            final class Analyzer: ObservableObject { @Published var level = 0.0 }
            final class Other: ObservableObject { @Published var on = false }
            final class AppDelegate: NSObject, UIApplicationDelegate { let analyzer = Analyzer() }

            struct RouterView: View {
                @EnvironmentObject var router: Router
                var body: some View { Text("\\(router.path.count)") }
            }
            struct LevelView: View {
                @EnvironmentObject var analyzer: Analyzer
                var body: some View { Text("\\(analyzer.level)") }
            }
            struct Host: View {
                var body: some View {
                    let router = Assembler.resolve(Router.self)
                    return VStack {
                        RouterView().environmentObject(router)
                        LevelView().environmentObject(appDelegate.analyzer)
                    }
                }
            }
            struct OtherView: View {
                @StateObject var other = Other()
                var body: some View { Text("\\(other.on)") }
            }
            """
        let files = ["Added.swift": added, "App.swift": app]
        let analysis = Self.analyze(files)
        #expect(!analysis.findings.contains { $0.isBlocker }, "\(analysis.findings.filter(\.isBlocker).map(\.message))")
        let migrated = Migrator.migrate(files: files)["App.swift"]!
        #expect(migrated.contains("RouterView().environment(router)"))
        #expect(migrated.contains("LevelView().environment(appDelegate.analyzer)"))

        let overload = app.replacingOccurrences(of: "Assembler.resolve(Router.self)", with: "Assembler.resolve(Router.self, name: \"main\")")
        #expect(overload != app)
        let unknown = Self.analyze(["Added.swift": added, "App.swift": overload])
        // It may be any model read with @EnvironmentObject; `Other` is read so nowhere.
        #expect(unknown.units.first { $0.name == "Router" }?.verdict == .blocked)
        #expect(unknown.units.first { $0.name == "Other" }?.verdict == .ready)
    }

    /// BookPlayer and Cisum: an external generic API handed only a library's value made through
    /// the tree's types (`DirectoryWatcher.watch(Paths.documents())`, a `URL`) returns the
    /// library's type, as does a module's type re-exported under its own name
    /// (`typealias MessageProvider = Kit.MessageProvider`); a metatype or a value of the tree's
    /// type handed to it may come back (`Box.wrap(Router.self)`), so that stays unknown.
    @Test func libraryCallsOnTreeValuesAndReexportedModuleTypesAreTheLibrarys() {
        let files = ["App.swift": """
            import SwiftUI
            import DirectoryWatcher
            import Kit

            typealias MessageProvider = Kit.MessageProvider
            enum Paths { static func documents() -> URL { URL(fileURLWithPath: "/") } }
            final class Router: ObservableObject { @Published var path: [Int] = [] }
            struct LibraryView: View {
                @StateObject private var watcher = DirectoryWatcher.watch(Paths.documents())!
                @StateObject var messages: MessageProvider
                var body: some View { Text("") }
            }
            struct RouterView: View {
                @StateObject var router = Router()
                var body: some View { Text("\\(router.path.count)") }
            }
            """]
        #expect(Self.verdict("Router", in: files) == .ready)
        let wrapped = files["App.swift"]!.replacingOccurrences(of: "DirectoryWatcher.watch(Paths.documents())!", with: "Box.wrap(Router.self)")
        #expect(wrapped != files["App.swift"]!)
        #expect(Self.verdict("Router", in: ["App.swift": wrapped]) == .blocked)
    }

    /// Provenance: `extension UserDefaults { static let shared: UserDefaults }` adds `shared` to a
    /// library's type; `FreemiumKit.shared` of another library may inherit it, but it then holds
    /// a `UserDefaults`, a library's value either way. A member added with the tree's type
    /// (`static let shared: Settings`) leaves it unknown, as before.
    @Test func aMemberAddedToALibrarysTypeWithALibrarysTypeLeavesOthersTheLibrarys() {
        let files = ["App.swift": """
            import SwiftUI
            import FreemiumKit

            extension UserDefaults { static let shared: UserDefaults = .standard }
            final class Settings: ObservableObject { @Published var on = false }
            struct Root: View {
                var body: some View { SettingsView().environmentObject(FreemiumKit.shared) }
            }
            struct SettingsView: View {
                @EnvironmentObject var settings: Settings
                var body: some View { Text("\\(settings.on)") }
            }
            """]
        #expect(Self.verdict("Settings", in: files) == .ready)
        let treeTyped = files["App.swift"]!.replacingOccurrences(of: "static let shared: UserDefaults = .standard",
                                                                  with: "static let shared: Settings = Settings()")
        #expect(treeTyped != files["App.swift"]!)
        #expect(Self.verdict("Settings", in: ["App.swift": treeTyped]) == .blocked)
    }

    /// Galleri: `$store[store.selected]` binds through the wrapper's key-path subscript, which
    /// `Bindable` forwards the same way; it is no bare use of the wrapper.
    @Test func aSubscriptOfTheProjectionIsABinding() {
        let files = ["App.swift": """
            import SwiftUI

            final class Store: ObservableObject {
                @Published var items: [Int: String] = [:]
                @Published var selected = 0
                subscript(id: Int) -> String {
                    get { items[id] ?? "" }
                    set { items[id] = newValue }
                }
            }
            struct Detail: View {
                @Binding var text: String
                var body: some View { TextField("", text: $text) }
            }
            struct Root: View {
                @EnvironmentObject var store: Store
                var body: some View {
                    Detail(text: $store[store.selected])
                }
            }
            """]
        #expect(Self.verdict("Store", in: files) == .ready)
        let migrated = Migrator.migrate(files: files)["App.swift"]!
        #expect(migrated.contains("@Environment(Store.self) var store"))
        #expect(migrated.contains("@Bindable var store = store"))
        #expect(migrated.contains("Detail(text: $store[store.selected])"))
    }

    /// MovieDB: `first(where:)` and `last(where:)` of a collection give one of its elements
    /// (`videos.first(where: \.isTrailer)!` of a `Set<Video>` is a `Video`); of a `[Store]`, the
    /// model itself, whose modifier is rewritten instead of blocking as "cannot tell".
    @Test func firstAndLastWhereGiveAnElement() {
        let files = ["App.swift": """
            import SwiftUI

            final class Store: ObservableObject { @Published var on = false }
            struct Library { static let stores: [Store] = [] }
            struct StoreView: View {
                @EnvironmentObject var store: Store
                var body: some View { Text("\\(store.on)") }
            }
            struct Root: View {
                var body: some View {
                    StoreView().environmentObject(Library.stores.first(where: { $0.on })!)
                }
            }
            """]
        #expect(Self.verdict("Store", in: files) == .ready)
        #expect(Migrator.migrate(files: files)["App.swift"]!.contains("StoreView().environment(Library.stores.first(where: { $0.on })!)"))
    }

    /// `A`, which migrates, and `B`, which stays legacy (its send has no twin), each read by a
    /// view with @EnvironmentObject.
    static let twoModels = """
            import SwiftUI

            final class A: ObservableObject { @Published var on = false }
            final class B: ObservableObject {
                @Published var n = 0
                func flash() { objectWillChange.send() }
            }
            struct AView: View {
                @EnvironmentObject var a: A
                var body: some View { Text("\\(a.on)") }
            }
            struct BView: View {
                @EnvironmentObject var b: B
                var body: some View { Text("\\(b.n)") }
            }
            enum Phase { case ready, idle }

        """

    /// A review of this session's typing changes: each input below was typed wrongly at some
    /// point, and the rewrite then left `.environmentObject(m)` on a migrated model or wrote
    /// `.environment(m)` on a legacy one. `m` is a `B` (blocked, stays legacy) where the code
    /// declares it so and the property, an `A` (migrated), elsewhere.
    @Test(arguments: [
        // A `case` that continues a `guard` condition ends no switch clause: the local is still seen.
        ("guard-case", Self.twoModels + """
            final class Router {
                let m = A()
                func make(phase: Phase, flag: Bool) -> AnyView {
                    let m = B()
                    guard flag,
                          case .ready = phase else { return AnyView(EmptyView()) }
                    return AnyView(BView().environmentObject(m))
                }
                func other() -> AnyView { AnyView(AView().environmentObject(m)) }
            }
            """, ["AnyView(BView().environmentObject(m))", "AnyView(AView().environment(m))"]),
        // A clause on one line (`{ case .ready: let m = B(); … }`) and a closure in a pattern.
        ("one-line-clause", Self.twoModels + """
            final class Router {
                let m = A()
                func make(phase: Phase) -> AnyView {
                    switch phase { case .ready: let m = B(); return AnyView(BView().environmentObject(m))
                    default: return AnyView(AView().environmentObject(m))
                    }
                }
                func make2(phase: Phase, items: [Int]) -> AnyView {
                    switch phase {
                    case .ready where items.contains { $0 > 1 }:
                        let m = B()
                        return AnyView(BView().environmentObject(m))
                    default: return AnyView(AView().environmentObject(m))
                    }
                }
            }
            """, ["case .ready: let m = B(); return AnyView(BView().environmentObject(m))",
                  "let m = B()\n            return AnyView(BView().environmentObject(m))",
                  "default: return AnyView(AView().environment(m))"]),
    ])
    func localsOfClausesAndConditionsAreTypedWhereTheyAreSeen(_ name: String, code: String, expected: [String]) {
        let migrated = Migrator.migrate(files: ["A.swift": code])["A.swift"]!
        for line in expected { #expect(migrated.contains(line), "\(name): \(line)") }
    }

    /// A library's own overload (Swinject's `resolve(_: Service.Type)`) is not the function the
    /// tree adds with the same labels (`resolve(_ route: Route)`), and a member the tree adds to
    /// `UIResponder` may be what `UIApplication.shared.appDelegate` reads: both stay unknown, so
    /// the model they may hand out is blocked instead of migrated under a legacy modifier.
    @Test func membersTheTreeAddsElsewhereLeaveALibraryReceiverUnknown() {
        let overload = """
            import SwiftUI
            import Swinject

            final class Router: ObservableObject {
                @Published var path: [Int] = []
                func flash() { objectWillChange.send() }
            }
            final class Settings: ObservableObject { @Published var on = false }
            enum Route { case home }
            extension Container {
                func resolve(_ route: Route) -> Router { Router() }
            }
            struct SettingsView: View {
                @EnvironmentObject var settings: Settings
                var body: some View { Text("\\(settings.on)") }
            }
            struct RouterView: View {
                @EnvironmentObject var router: Router
                var body: some View { Text("\\(router.path.count)") }
            }
            struct Host: View {
                let container = Container()
                var body: some View {
                    SettingsView().environmentObject(container.resolve(Settings.self))
                }
            }
            """
        let analysis = Self.analyze(["A.swift": overload])
        #expect(analysis.units.first { $0.name == "Settings" }?.verdict == .blocked)
        let inherited = """
            import SwiftUI
            import UIKit

            final class Analyzer: ObservableObject { @Published var level = 0.0 }
            final class AppDelegate: NSObject, UIApplicationDelegate { let analyzer = Analyzer() }
            extension UIResponder {
                var appDelegate: AppDelegate { UIApplication.shared.delegate as! AppDelegate }
            }
            struct LevelView: View {
                @EnvironmentObject var analyzer: Analyzer
                var body: some View { Text("\\(analyzer.level)") }
            }
            final class VC: UIViewController {
                func host() -> UIViewController {
                    UIHostingController(rootView: LevelView().environmentObject(UIApplication.shared.appDelegate.analyzer))
                }
            }
            """
        #expect(Self.analyze(["A.swift": inherited]).units.first { $0.name == "Analyzer" }?.verdict == .blocked)
    }

    /// protonpass: Factory's own containers (`final class RouterContainer: SharedContainer`)
    /// register with `var darkWebRouter: Factory<PathRouter>` in an extension;
    /// `@LazyInjected(\SharedServiceContainer.manager)` and FactoryKit's global
    /// `resolve(\RouterContainer.darkWebRouter)` hold what they register, so a view's
    /// `@StateObject var router = resolve(…)` no longer blocks every model of the tree. A
    /// property not written `Factory<T>`, or a container no class of the tree declares, stays
    /// unknown; a `resolve` the tree declares itself is typed as that function says.
    @Test func factoryContainersOfTheTreeTypeInjectedWrappersAndResolve() {
        let containers = """
            import FactoryKit

            final class RouterContainer: SharedContainer {
                static let shared = RouterContainer()
                let manager = ContainerManager()
            }
            extension RouterContainer {
                var darkWebRouter: Factory<PathRouter> { self { PathRouter() }.unique }
                var untyped: PathRouter { PathRouter() }
            }
            final class SharedServiceContainer: SharedContainer {
                static let shared = SharedServiceContainer()
                let manager = ContainerManager()
                var contentManager: Factory<ContentManager> { self { ContentManager() }.singleton }
            }

            """
        let app = """
            import FactoryKit
            import SwiftUI

            protocol RouterProtocol: AnyObject {}
            final class PathRouter: ObservableObject, RouterProtocol { @Published var path: [Int] = [] }
            final class ContentManager: ObservableObject { @Published var state = 0 }
            final class Other: ObservableObject { @Published var on = false }

            struct DarkWebView: View {
                @StateObject var router = resolve(\\RouterContainer.darkWebRouter)
                var body: some View { Text("\\(router.path.count)").environmentObject(router) }
            }
            final class HomeViewModel {
                @LazyInjected(\\SharedServiceContainer.contentManager) private var contentManager
                var token: Any?
                func start() { token = contentManager.$state.sink { _ in } }
            }
            struct OtherView: View {
                @StateObject var other = Other()
                var body: some View { Text("\\(other.on)") }
            }
            """
        let files = ["Containers.swift": containers, "App.swift": app]
        let analysis = Self.analyze(files)
        #expect(!analysis.findings.contains { $0.isBlocker && $0.message.hasPrefix("cannot tell") },
                "\(analysis.findings.filter(\.isBlocker).map(\.message))")
        #expect(analysis.units.first { $0.name == "Other" }?.verdict == .ready)
        #expect(analysis.units.first { $0.name == "PathRouter" }?.verdict == .needsUnsafeFixes)
        let migrated = Migrator.migrate(files: files)["App.swift"]!
        #expect(migrated.contains("@State var router = resolve(\\RouterContainer.darkWebRouter)"))

        // A property not written `Factory<T>`, or a container of another module, says nothing.
        for unknown in ["resolve(\\RouterContainer.untyped)", "resolve(\\LibraryContainer.darkWebRouter)"] {
            let changed = app.replacingOccurrences(of: "resolve(\\RouterContainer.darkWebRouter)", with: unknown)
            #expect(changed != app)
            let verdicts = Self.analyze(["Containers.swift": containers, "App.swift": changed]).units.map(\.verdict)
            #expect(verdicts.allSatisfy { $0 == .blocked }, "\(unknown)")
        }
    }

    /// Boutique's demos: `$images` of `@Stored(in: .imagesStore) var images` is the wrapper's
    /// projected value, not a publisher of the model; it stays once the property is
    /// `@ObservationIgnored`, so it neither blocks nor gets a publisher bridge.
    @Test func aWrappedPropertysProjectionIsNoPublisher() {
        let files = ["A.swift": """
            import Boutique
            import SwiftUI

            final class ImagesController: ObservableObject {
                @Stored(in: .imagesStore) var images
                @Published var isLoading = false

                func clear() async throws {
                    try await self.$images.removeAll()
                }
            }

            struct CarouselView: View {
                @EnvironmentObject private var controller: ImagesController
                var body: some View {
                    Button("Reset") { Task { try await controller.$images.removeAll() } }
                        .disabled(controller.isLoading)
                }
            }
            """]
        let analysis = Self.analyze(files)
        #expect(analysis.units.first?.verdict != .blocked, "\(analysis.findings.filter(\.isBlocker).map(\.message))")
        #expect(!analysis.findings.contains { $0.ruleID == PublishedPublisher.id || $0.ruleID == ExternalPublisher.id })
        let migrated = Migrator.migrate(files: files, unsafeFixes: true)["A.swift"]!
        #expect(migrated.contains("@ObservationIgnored @Stored(in: .imagesStore) var images"))
        #expect(migrated.contains("try await self.$images.removeAll()"))
        #expect(migrated.contains("try await controller.$images.removeAll()"))
        #expect(!migrated.contains("imagesPublisher"))
    }

    @Test func anOwnedObservedObjectKeepsItsAccessSoCallersStillCompile() {
        let files = ["A.swift": """
            import SwiftUI

            final class Model: ObservableObject {
                @Published var count = 0
            }

            struct DebugView: View {
                @ObservedObject var model = Model()
                var body: some View { Text("\\(model.count)") }
            }
            """]
        #expect(Migrator.migrate(files: files)["A.swift"]!.contains("    @State var model = Model()"))
    }

    @Test func importsChangeOnlyInFilesAUnitRewrites() {
        let files = [
            "Migrated.swift": "import SwiftUI\n\n@Observable final class Done {\n    var x = 0\n}\n",
            "Leftover.swift": "import Combine\nimport SwiftUI\n\n@Observable final class Also {\n    var y = 0\n}\n",
            "Other.swift": "import Foundation\n\n@Observable final class FromMacroPackage {\n    var z = 0\n}\n",
        ]
        #expect(Migrator.migrate(files: files) == files)
    }

    @Test func homonymsNoneOfThemAModelAreNotUnknown() {
        let authenticator = "import Combine\n\nfinal class UserAuthenticator {\n    @Published var state = 0\n}\n"
        let files = [
            "PackageA/Sources/A/UserAuthenticator.swift": authenticator,
            "PackageB/Sources/B/UserAuthenticator.swift": authenticator,
            "App/Login.swift": """
                import Combine

                final class Login {
                    let authenticator: UserAuthenticator
                    var cancellable: AnyCancellable?
                    init(authenticator: UserAuthenticator) {
                        self.authenticator = authenticator
                        cancellable = authenticator.$state.sink { _ in }
                    }
                }
                """,
            "App/Session.swift": "import SwiftUI\n\nfinal class Session: ObservableObject {\n    @Published var state = 0\n}\n",
        ]
        #expect(Self.verdict("Session", in: files) == .ready)
    }

    @Test func anInstancePropertyIsNotTypedByAStaticOneOfTheSameName() {
        let files = ["A.swift": """
            import SwiftUI

            final class Model: ObservableObject {
                @Published var value = 0
            }

            final class Holder {
                static var model = Model()
                var model = VendorSession()
            }

            struct Screen: View {
                let holder: Holder
                var body: some View { Text("").environmentObject(holder.model) }
            }
            """]
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains(".environmentObject(holder.model)"), "holder.model is the VendorSession instance")
        #expect(migrated.contains("@Observable final class Model"))
    }
}
