import SourceScan
import Testing
@testable import MigrateTool

/// The two reviews of `already-observable` and `observableTypes` (session 31): each case is a tree
/// a reviewer built to make the tool write something wrong (the second typechecked the outputs
/// against the fixtures' SwiftUI stand-in), with the units `apply --unsafe-fixes` must write, if
/// any, under the configuration's `observableTypes`.
@Suite struct AlreadyObservableReviewCaseTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var why: String
        var sources: [String]
        var observableTypes: [String] = []
        var writes: Bool
        var writtenUnits: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "ifdef-homonym-blocked", why: "platform variants whose legacy one bridges $count: the bridge would serve one variant, the @Observable one has none to need", sources: [
            #"""
            import SwiftUI
            import Combine
            import Observation

            #if os(iOS)
            @Observable
            final class Counter {
                var count = 0
            }
            #endif
            """#,
            #"""
            import SwiftUI
            import Combine

            #if os(macOS)
            final class Counter: ObservableObject {
                @Published var count = 0
                let ticks = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                var bag: Set<AnyCancellable> = []
                init() {
                    $count.sink { print($0) }.store(in: &bag)
                }
            }
            #endif
            """#,
            #"""
            import SwiftUI

            struct CounterView: View {
                @StateObject private var counter = Counter()
                var body: some View {
                    Button("\(counter.count)") { counter.count += 1 }
                        .environmentObject(counter)
                }
            }

            struct Child: View {
                @EnvironmentObject var counter: Counter
                var body: some View { Text("\(counter.count)") }
            }
            """#,
        ], writes: true, writtenUnits: ["Counter"]),
        Case(name: "file-variants", why: "variants in Counter+iOS.swift and Counter+macOS.swift", sources: [
            #"""
            import Observation

            @Observable
            final class Counter {
                var count = 0
            }
            """#,
            #"""
            import Combine

            final class Counter: ObservableObject {
                @Published var count = 0
                var bag: Set<AnyCancellable> = []
                init() { $count.sink { print($0) }.store(in: &bag) }
            }
            """#,
            #"""
            import SwiftUI

            struct CounterView: View {
                @StateObject private var counter = Counter()
                var body: some View {
                    Button("\(counter.count)") { counter.count += 1 }
                        .environmentObject(counter)
                }
            }

            struct Child: View {
                @EnvironmentObject var counter: Counter
                var body: some View { Text("\(counter.count)") }
            }
            """#,
        ], writes: true, writtenUnits: ["Counter"]),
        Case(name: "tree-proto-vendor", why: "a protocol of the tree refining a library's protocol", sources: [
            #"""
            import SwiftUI
            import Observation
            import VendorKit

            // VendorStore (from VendorKit) may refine ObservableObject.
            protocol AppStore: VendorStore {}

            @Observable
            final class Store: AppStore {
                var title = ""
            }

            struct RootView: View {
                @StateObject private var store = Store()
                var body: some View { Text(store.title) }
            }
            """#,
        ], writes: false, writtenUnits: []),
        Case(name: "grandparent-vendor", why: "a base class of the tree inheriting a library's class", sources: [
            #"""
            import SwiftUI
            import Observation
            import VendorKit

            // VendorViewModel is another library's base class; it may be an ObservableObject.
            class AppViewModel: VendorViewModel {
                func track(_ event: String) {}
            }

            @Observable
            final class ProfileViewModel: AppViewModel {
                var name = ""
            }

            struct ProfileView: View {
                @StateObject private var model = ProfileViewModel()
                var body: some View { Text(model.name).environmentObject(model) }
            }
            """#,
        ], writes: false, writtenUnits: []),
        Case(name: "excluded-base", why: "an @Observable subclass of an excluded @Observable base", sources: [
            #"""
            import SwiftUI
            import Observation
            import VendorKit

            @Observable
            class Base: VendorStoring {
                var title = ""
            }

            @Observable
            final class Sub: Base {
                var extra = 0
            }

            struct V: View {
                @StateObject private var base = Base()
                @StateObject private var sub = Sub()
                var body: some View { Text(base.title + sub.title) }
            }
            """#,
        ], writes: false, writtenUnits: []),
        Case(name: "where-self-oo", why: "a protocol requiring Self: ObservableObject in a where clause", sources: [
            #"""
            import SwiftUI
            import Combine
            import Observation

            protocol SettingsModel where Self: ObservableObject {}

            @Observable
            final class Settings: SettingsModel {
                var name = ""
                @ObservationIgnored @Published var volume = 0
            }

            struct SettingsView: View {
                @ObservedObject var settings: Settings

                var body: some View {
                    Text("\(settings.volume)")
                    Button("Up") { settings.volume += 1 }
                }
            }
            """#,
        ], writes: false, writtenUnits: []),
        Case(name: "custom-macro", why: "a macro named Observable declared in the tree", sources: [
            #"""
            import SwiftUI

            @Observable
            final class Store {
                var title = ""
            }

            struct RootView: View {
                @StateObject private var store = Store()
                var body: some View { Text(store.title).environmentObject(store) }
            }
            """#,
            #"""
            import Combine

            /// The app's own macro: adds ObservableObject conformance and @Published-like storage.
            @attached(memberAttribute)
            @attached(extension, conformances: ObservableObject)
            public macro Observable() = #externalMacro(module: "AppMacros", type: "ObservableObjectMacro")
            """#,
        ], writes: false, writtenUnits: []),
        Case(name: "generic-view", why: "a generic view bounded by the class", sources: [
            #"""
            import SwiftUI
            import Observation

            protocol Titled: AnyObject {
                var title: String { get set }
            }

            @Observable
            final class Doc: Titled {
                var title = ""
            }

            struct TitleView<M: Titled>: View {
                @ObservedObject var model: M
                var body: some View { Text(model.title) }
            }

            struct DocView<D: Doc>: View {
                @ObservedObject var doc: D
                var body: some View { TextField("t", text: $doc.title) }
            }

            struct Root: View {
                @StateObject private var doc = Doc()
                var body: some View {
                    TitleView(model: doc)
                    DocView(doc: doc)
                }
            }
            """#,
        ], writes: true, writtenUnits: ["Doc"]),
        Case(name: "appstorage-projection", why: "the $x of a property wrapper the class keeps", sources: [
            #"""
            import SwiftUI
            import Observation

            @Observable
            final class Prefs {
                @ObservationIgnored @AppStorage("dark") var dark = false
                var name = ""
            }

            struct V: View {
                @StateObject private var prefs = Prefs()
                var body: some View { Toggle("Dark", isOn: prefs.$dark) }
            }
            """#,
        ], writes: true, writtenUnits: ["Prefs"]),
        Case(name: "ignored-published", why: "the $x of @ObservationIgnored @Published and the class's own objectWillChange", sources: [
            #"""
            import SwiftUI
            import Combine
            import Observation

            @Observable
            final class Player {
                var title = ""
                @ObservationIgnored @Published var progress = 0.0
                let objectWillChange = PassthroughSubject<Void, Never>()
            }

            struct PlayerView: View {
                @ObservedObject var player: Player
                @State private var shown = 0.0

                var body: some View {
                    Text(player.title)
                        .onReceive(player.$progress) { shown = $0 }
                        .onReceive(player.objectWillChange) { _ in }
                }
            }
            """#,
        ], writes: true, writtenUnits: ["Player"]),
        Case(name: "both-direct", why: "a class that is @Observable and an ObservableObject: @ObservationIgnored @Published becomes tracked", sources: [
            #"""
            import SwiftUI
            import Combine
            import Observation

            @Observable
            final class Store: ObservableObject {
                var title = ""
                @ObservationIgnored @Published var badge = 0
            }

            struct Badge: View {
                @EnvironmentObject var store: Store
                var body: some View {
                    Text("\(store.badge)")
                    Button("+") { store.badge += 1 }
                }
            }

            struct Root: View {
                @StateObject private var store = Store()
                var body: some View { Badge().environmentObject(store) }
            }
            """#,
        ], writes: true, writtenUnits: ["Store"]),
        Case(name: "variant-vendor-base", why: "a variant inheriting a library's class, which may be an ObservableObject, blocks the model", sources: [
            #"""
            import Combine
            import VendorKit

            #if FLAVOUR_B
            final class Counter: VendorCounterBase {
                var label: String { "\(count)" }
            }
            #else
            final class Counter: ObservableObject {
                @Published var count = 0
                var label: String { "\(count)" }
            }
            #endif
            """#,
            #"""
            import SwiftUI

            struct RootView: View {
                @StateObject private var counter = Counter()
                var body: some View {
                    VStack {
                        Text(counter.label)
                        ChildView(counter: counter)
                    }
                }
            }

            struct ChildView: View {
                @ObservedObject var counter: Counter
                var body: some View { Text(counter.label) }
            }
            """#,
        ], writes: false, writtenUnits: []),
        Case(name: "variant-alias-oo", why: "a variant conforming through a plain alias of ObservableObject blocks the model", sources: [
            #"""
            import Combine

            typealias ViewModel = ObservableObject

            #if FLAVOUR_B
            final class Counter: ViewModel {
                @Published var count = 0
            }
            #else
            final class Counter: ObservableObject {
                @Published var count = 0
            }
            #endif
            """#,
            #"""
            import SwiftUI

            struct RootView: View {
                @StateObject private var counter = Counter()
                var body: some View { Child(counter: counter) }
            }

            struct Child: View {
                @ObservedObject var counter: Counter
                var body: some View { Button("\(counter.count)") { counter.count += 1 } }
            }
            """#,
        ], writes: false, writtenUnits: []),
        Case(name: "variant-both-legacy", why: "two legacy variants: a $count bridge would be declared in one only", sources: [
            #"""
            import Combine

            #if FLAVOUR_B
            final class Counter: ObservableObject {
                @Published var count = 0
                var bag = Set<AnyCancellable>()
                init() { $count.sink { print("B", $0) }.store(in: &bag) }
            }
            #else
            final class Counter: ObservableObject {
                @Published var count = 0
                var bag = Set<AnyCancellable>()
                init() { $count.sink { print($0) }.store(in: &bag) }
            }
            #endif
            """#,
            #"""
            import SwiftUI
            import Combine

            struct RootView: View {
                @StateObject private var counter = Counter()
                var body: some View {
                    Child(counter: counter)
                }
            }

            struct Child: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\(counter.count)") }
            }

            final class Logger {
                var bag = Set<AnyCancellable>()
                init(counter: Counter) { counter.$count.sink { print($0) }.store(in: &bag) }
            }
            """#,
        ], writes: false, writtenUnits: []),
        Case(name: "variant-files-publisher", why: "two legacy variants in a file each: the same", sources: [
            #"""
            import Combine

            final class Counter: ObservableObject {
                @Published var count = 0
                var bag = Set<AnyCancellable>()
                init() { $count.sink { print("A", $0) }.store(in: &bag) }
            }
            """#,
            #"""
            import Combine

            final class Counter: ObservableObject {
                @Published var count = 0
                var bag = Set<AnyCancellable>()
                init() { $count.sink { print("B", $0) }.store(in: &bag) }
            }
            """#,
            #"""
            import SwiftUI

            struct RootView: View {
                @StateObject private var counter = Counter()
                var body: some View { Text("\(counter.count)") }
            }
            """#,
        ], writes: false, writtenUnits: []),
        Case(name: "variant-both-models", why: "a legacy variant and one that is both: the same", sources: [
            #"""
            import Combine
            import Observation

            #if FLAVOUR_B
            @Observable
            final class Counter: ObservableObject {
                @ObservationIgnored @Published var count = 0
                var bag = Set<AnyCancellable>()
                init() { $count.sink { print($0) }.store(in: &bag) }
            }
            #else
            final class Counter: ObservableObject {
                @Published var count = 0
                var bag = Set<AnyCancellable>()
                init() { $count.sink { print($0) }.store(in: &bag) }
            }
            #endif
            """#,
            #"""
            import SwiftUI
            import Combine

            struct RootView: View {
                @StateObject private var counter = Counter()
                var body: some View {
                    Child(counter: counter)
                }
            }

            struct Child: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\(counter.count)") }
            }

            final class Logger {
                var bag = Set<AnyCancellable>()
                init(counter: Counter) { counter.$count.sink { print($0) }.store(in: &bag) }
            }
            """#,
        ], writes: false, writtenUnits: []),
        Case(name: "shadow-local-other", why: "a local of the property's name: the binding names self.prefs", sources: [
            #"""
            import SwiftUI
            import Combine

            final class Prefs: ObservableObject {
                @Published var on = false
                @Published var child: Prefs?
            }

            struct PrefsView: View {
                @EnvironmentObject var prefs: Prefs
                var body: some View {
                    let prefs = prefs.child ?? prefs
                    VStack {
                        Text(prefs.on ? "child on" : "child off")
                        Toggle("root", isOn: $prefs.on)
                    }
                }
            }

            struct Root: View {
                @StateObject private var prefs = Prefs()
                var body: some View { PrefsView().environmentObject(prefs) }
            }
            """#,
        ], writes: true, writtenUnits: ["Prefs"]),
        Case(name: "shadow-inline-places", why: "locals, if-let and closure parameters of the property's name", sources: [
            #"""
            import SwiftUI
            import Combine

            final class Prefs: ObservableObject, Identifiable {
                @Published var on = false
                @Published var children: [Prefs] = []
                @Published var child: Prefs?
            }

            struct ListView: View {
                @EnvironmentObject var prefs: Prefs
                var body: some View {
                    VStack {
                        ForEach(prefs.children) { prefs in
                            Toggle("root", isOn: $prefs.on)
                        }
                    }
                }
            }

            struct IfLetView: View {
                @EnvironmentObject var prefs: Prefs
                var body: some View {
                    content
                }
                @ViewBuilder var content: some View {
                    if let prefs = prefs.child {
                        Toggle("root", isOn: $prefs.on)
                    }
                }
            }

            struct ForView: View {
                @EnvironmentObject var prefs: Prefs
                func row() -> some View {
                    for prefs in prefs.children { print(prefs.on) }
                    return Toggle("root", isOn: $prefs.on)
                }
                var body: some View { row() }
            }

            struct Root: View {
                @StateObject private var prefs = Prefs()
                var body: some View { VStack { ListView(); IfLetView(); ForView() }.environmentObject(prefs) }
            }
            """#,
        ], writes: true, writtenUnits: ["Prefs"]),
        Case(name: "ext-basic", why: "a configured type reached through KodiConnector.shared blocks its unit", sources: [
            #"""
            import SwiftUI
            import VendorKit

            struct RootView: View {
                @StateObject private var kodi: KodiConnector = .shared

                var body: some View {
                    VStack {
                        HostsView()
                        DetailView(kodi: kodi)
                        EditView(kodi: kodi)
                    }
                    .environmentObject(kodi)
                }
            }

            struct HostsView: View {
                @EnvironmentObject private var kodi: KodiConnector

                var body: some View {
                    VStack {
                        Text(kodi.host.name)
                        TextField("t", text: $kodi.title)
                    }
                }
            }

            struct DetailView: View {
                @ObservedObject var kodi: KodiConnector
                var body: some View { Text(kodi.title) }
            }

            struct EditView: View {
                @ObservedObject var kodi: KodiConnector
                var body: some View { TextField("t", text: $kodi.title) }
            }

            struct OwnedView: View {
                @ObservedObject var kodi = KodiConnector.shared
                var body: some View { Text(kodi.title) }
            }
            """#,
        ], observableTypes: ["KodiConnector"], writes: false, writtenUnits: []),
        Case(name: "ext-shared-modifier", why: ".environmentObject(KodiConnector.shared) blocks the configured unit", sources: [
            #"""
            import SwiftUI
            import VendorKit

            struct RootView: View {
                var body: some View {
                    HostsView()
                        .environmentObject(KodiConnector.shared)
                }
            }

            struct HostsView: View {
                @EnvironmentObject private var kodi: KodiConnector
                var body: some View { Text(kodi.host.name) }
            }
            """#,
        ], observableTypes: ["KodiConnector"], writes: false, writtenUnits: []),
        Case(name: "ext-retroactive-oo", why: "the tree makes the configured type an ObservableObject", sources: [
            #"""
            import Combine
            import VendorKit
            extension KodiConnector: ObservableObject {}
            """#,
            #"""
            import VendorKit

            extension KodiConnector {
                var shout: String { title.uppercased() }
            }
            """#,
            #"""
            import SwiftUI
            import VendorKit

            struct RootView: View {
                @StateObject private var kodi = KodiConnector()
                var body: some View {
                    VStack { Text(kodi.shout); Child() }.environmentObject(kodi)
                }
            }
            struct Child: View {
                @EnvironmentObject var kodi: KodiConnector
                var body: some View { TextField("t", text: $kodi.title) }
            }
            """#,
        ], observableTypes: ["KodiConnector"], writes: false, writtenUnits: []),
        Case(name: "ext-qualified-config", why: "a qualified entry does not match another qualifier", sources: [
            #"""
            import SwiftUI
            import VendorKit

            struct RootView: View {
                @StateObject private var vendor = VendorKit.LegacyVendor()
                var body: some View {
                    VStack {
                        Text("\(vendor.x)")
                        Child(vendor: vendor)
                    }
                }
            }

            struct Child: View {
                @ObservedObject var vendor: VendorKit.LegacyVendor
                var body: some View { Text("\(vendor.x)") }
            }
            """#,
        ], observableTypes: ["NewKit.LegacyVendor"], writes: false, writtenUnits: []),
        Case(name: "ext-generic-bound", why: "a generic view bounded by a configured type goes with its unit", sources: [
            #"""
            import SwiftUI
            import VendorKit

            struct RootView: View {
                @StateObject private var kodi = KodiConnector()
                var body: some View {
                    VStack {
                        Bounded(kodi: kodi)
                    }
                }
            }

            struct Bounded<K: KodiConnector>: View {
                @ObservedObject var kodi: K
                var body: some View { TextField("t", text: $kodi.title) }
            }
            """#,
        ], observableTypes: ["KodiConnector"], writes: true, writtenUnits: ["KodiConnector"]),
        Case(name: "qualified-foreign-flat", why: "VendorKit.LegacyVendor, VendorKit imported and no module of the tree, may be the library's class", sources: [
            #"""
            import SwiftUI
            import Combine
            import VendorKit

            final class LegacyVendor: ObservableObject {
                @Published var count = 0
            }

            struct CoreView: View {
                @ObservedObject var store: LegacyVendor
                var body: some View { Text("\(store.count)") }
            }

            struct FeatureView: View {
                @ObservedObject var vendor: VendorKit.LegacyVendor
                var body: some View { Text("\(vendor.x)") }
            }
            """#,
        ], writes: false, writtenUnits: []),
    ]

    static func configuration(_ reviewCase: Case) -> Configuration {
        var configuration = Configuration()
        configuration.observableTypes = reviewCase.observableTypes
        return configuration
    }

    static func output(_ reviewCase: Case) -> (written: [String], sources: [String]) {
        let analysis = InferenceTestTree.analyze(reviewCase.sources, configuration(reviewCase))
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        let written = analysis.units.filter { plan.appliedUnits.contains($0.id) }.map(\.name)
        return (written, reviewCase.sources.indices.map { plan.newContents[$0].map { String(decoding: $0, as: UTF8.self) } ?? reviewCase.sources[$0] })
    }

    @Test(arguments: cases) func writesOnlyWhatCompilesAndBehavesTheSame(_ reviewCase: Case) {
        let (written, output) = Self.output(reviewCase)
        #expect(written == reviewCase.writtenUnits, "\(reviewCase.why)")
        #expect((output != reviewCase.sources) == reviewCase.writes, "\(reviewCase.why)")
        // A second run over the output changes nothing.
        let again = Migrator.plan(InferenceTestTree.analyze(output, Self.configuration(reviewCase)), options: MigrationOptions(unsafeFixes: true))
        #expect(again.newContents.isEmpty, "\(reviewCase.why)")
    }

    static func text(_ name: String) -> String {
        Self.output(Self.cases.first { $0.name == name }!).sources.joined(separator: "\n")
    }

    @Test func variantsRewriteTheSharedViewsWithTheLegacyModel() {
        let text = Self.text("file-variants")
        #expect(text.contains("@State private var counter = Counter()"))
        #expect(text.contains("@Environment(Counter.self) var counter"))
    }

    @Test func anIgnoredPublishedPropertyOfAClassThatIsBothBecomesTracked() {
        let text = Self.text("both-direct")
        #expect(text.contains("    var badge = 0\n"))
        #expect(!text.contains("@ObservationIgnored"))
    }

    @Test func aBindingNamesTheViewsPropertyWhereALocalOfItsNameMayBindIt() {
        let text = Self.text("shadow-local-other")
        #expect(text.contains("Toggle(\"root\", isOn: Bindable(self.prefs).on)"))
        #expect(!text.contains("$prefs"))
    }

    @Test func aVariantWithoutThePropertyLeavesTheBridgeToTheOther() {
        // Solstice's shape: the watchOS copy of the model has no `queryFragment`, so only the
        // other copy's own `$queryFragment` needs the bridge, declared beside it.
        let model = """
            import Combine

            #if !os(watchOS)
            final class Search: ObservableObject {
                @Published var queryFragment = ""
                var bag: Set<AnyCancellable> = []
                init() { $queryFragment.sink { print($0) }.store(in: &bag) }
            }
            #else
            final class Search: ObservableObject {
                @Published var location = ""
            }
            #endif

            """
        let analysis = InferenceTestTree.analyze([model], Configuration())
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        let text = plan.newContents[0].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(text.contains("queryFragmentPublisher.sink"))
        #expect(text.contains("private var queryFragmentPublisher: AnyPublisher<String, Never>"))
    }
}
