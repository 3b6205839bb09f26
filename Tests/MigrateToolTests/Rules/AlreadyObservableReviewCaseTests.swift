import SourceScan
import Testing
@testable import MigrateTool

/// The review of `already-observable` (session 31): each case is a tree a reviewer built to make
/// the tool write something wrong, with the units it must find and whether `apply --unsafe-fixes`
/// writes. The expected output of the cases that write is checked in `AlreadyObservableTests`
/// and below where it matters.
@Suite struct AlreadyObservableReviewCaseTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var why: String
        var sources: [String]
        var writes: Bool
        var writtenUnits: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "ifdef-homonym-blocked", why: "platform variants: the @Observable one is no unit of its own; the views go with the legacy one", sources: [
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
    ]

    @Test(arguments: cases) func writesOnlyWhatCompilesAndBehavesTheSame(_ reviewCase: Case) {
        let analysis = InferenceTestTree.analyze(reviewCase.sources, Configuration())
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        let written = analysis.units.filter { plan.appliedUnits.contains($0.id) }.map(\.name)
        #expect(written == reviewCase.writtenUnits, "\(reviewCase.why)")
        #expect(!plan.newContents.isEmpty == reviewCase.writes, "\(reviewCase.why)")
        // A second run over the output changes nothing.
        let output = reviewCase.sources.indices.map { plan.newContents[$0].map { String(decoding: $0, as: UTF8.self) } ?? reviewCase.sources[$0] }
        let again = Migrator.plan(InferenceTestTree.analyze(output, Configuration()), options: MigrationOptions(unsafeFixes: true))
        #expect(again.newContents.isEmpty, "\(reviewCase.why)")
    }

    @Test func variantsRewriteTheSharedViewsWithTheLegacyModel() {
        let reviewCase = Self.cases.first { $0.name == "file-variants" }!
        let analysis = InferenceTestTree.analyze(reviewCase.sources, Configuration())
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        let views = reviewCase.sources.firstIndex { $0.contains("struct CounterView") }!
        let text = plan.newContents[views].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(text.contains("@State private var counter = Counter()"))
        #expect(text.contains("@Environment(Counter.self) var counter"))
    }

    @Test func anIgnoredPublishedPropertyOfAClassThatIsBothBecomesTracked() {
        let reviewCase = Self.cases.first { $0.name == "both-direct" }!
        let plan = Migrator.plan(InferenceTestTree.analyze(reviewCase.sources, Configuration()), options: MigrationOptions(unsafeFixes: true))
        let text = plan.newContents[0].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(text.contains("    var badge = 0\n"))
        #expect(!text.contains("@ObservationIgnored"))
    }
}
