import SourceScan
import Testing
@testable import MigrateTool

/// The second, third and fourth reviews of session 32, each of the fixes before it:
/// each case is a tree the
/// reviewer built where the fixed tool still wrote something that did not compile, showed a stale
/// value (run on the fixtures' render host), or tied a subclass to its base where the tool
/// before the fixes wrote it correctly alone. The units `apply --unsafe-fixes` must write, and
/// a second run changes nothing.
@Suite struct PublisherSecondReviewCaseTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var why: String
        var source: String
        var writtenUnits: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "environment-object-hand-on", why: ".environmentObject(model) hands the model to @EnvironmentObject wrappers of its own", source: #"""
            import SwiftUI
            import Combine

            final class Backend {
                var items: [String] = []
                func load() { items.append("row") }
            }

            class ListViewModel: ObservableObject {
                let backend = Backend()
                @Published var title = "first"

                func reload() {
                    backend.load()
                    objectWillChange.send()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxScreen: View {
                @StateObject private var model = InboxViewModel()

                var body: some View {
                    BadgeView()
                        .environmentObject(model)
                }
            }

            struct BadgeView: View {
                @EnvironmentObject var model: InboxViewModel

                var body: some View {
                    VStack {
                        Text("unread \(model.unread)")
                        Button("Bump") { model.unread += 1 }
                    }
                }
            }
            """#, writtenUnits: ["InboxViewModel"]),
        Case(name: "self-member-label", why: "BadgeView(model: self.model) into the child's @ObservedObject", source: #"""
            import SwiftUI
            import Combine

            final class Backend {
                var items: [String] = []
                func load() { items.append("row") }
            }

            class ListViewModel: ObservableObject {
                let backend = Backend()
                @Published var title = "first"

                func reload() {
                    backend.load()
                    objectWillChange.send()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxScreen: View {
                @StateObject private var model = InboxViewModel()
                @State private var showing = false

                var body: some View {
                    Button("Open") { showing = true }
                        .sheet(isPresented: $showing) {
                            BadgeView(model: self.model)
                        }
                }
            }

            struct BadgeView: View {
                @ObservedObject var model: InboxViewModel

                var body: some View {
                    Text("unread \(model.unread)")
                }
            }
            """#, writtenUnits: ["InboxViewModel"]),
        Case(name: "unlabelled-init", why: "BadgeView(model) through init(_ model:) into the child's @ObservedObject", source: #"""
            import SwiftUI
            import Combine

            final class Backend {
                var items: [String] = []
                func load() { items.append("row") }
            }

            class ListViewModel: ObservableObject {
                let backend = Backend()
                @Published var title = "first"

                func reload() {
                    backend.load()
                    objectWillChange.send()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxScreen: View {
                @StateObject private var model = InboxViewModel()

                var body: some View {
                    BadgeView(model)
                }
            }

            struct BadgeView: View {
                @ObservedObject var model: InboxViewModel

                init(_ model: InboxViewModel) {
                    self.model = model
                }

                var body: some View {
                    Text("unread \(model.unread)")
                }
            }
            """#, writtenUnits: ["InboxViewModel"]),
        Case(name: "closure-parameter", why: "a closure parameter named like the wrapper is another value", source: #"""
            import SwiftUI
            import Combine

            final class Backend {
                var items: [String] = []
                func load() { items.append("row") }
            }

            class ListViewModel: ObservableObject {
                let backend = Backend()
                @Published var title = "first"

                func reload() {
                    backend.load()
                    objectWillChange.send()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct Row: Identifiable {
                let id: Int
                let name: String
            }

            struct InboxView: View {
                @ObservedObject var model: InboxViewModel
                let rows: [Row]

                var body: some View {
                    VStack {
                        Text("unread \(model.unread)")
                        ForEach(rows) { model in
                            label(model)
                        }
                    }
                }

                private func label(_ row: Row) -> Text {
                    Text(row.name)
                }
            }
            """#, writtenUnits: ["InboxViewModel"]),
        Case(name: "key-path-subscript", why: "model[keyPath: field] reads whatever the path names", source: #"""
            import SwiftUI
            import Combine

            final class Backend {
                func ping() {}
            }

            class PagedViewModel: ObservableObject {
                let backend = Backend()
                @Published var title = "first"

                func poke() {
                    backend.ping()
                    objectWillChange.send()
                }

                func rename() { title = "changed" }
            }

            final class ReaderViewModel: PagedViewModel {
                @Published var zoom = 1
            }

            struct ReaderView: View {
                @ObservedObject var model: ReaderViewModel
                let field: KeyPath<ReaderViewModel, String> = \.title

                var body: some View {
                    VStack {
                        Text("zoom \(model.zoom)")
                        Text(model[keyPath: field])
                        Button("Change") { model.rename() }
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "super-member", why: "a subclass property reading super.title", source: #"""
            import SwiftUI
            import Combine

            final class Backend {
                func ping() {}
            }

            class PagedViewModel: ObservableObject {
                let backend = Backend()
                @Published var title = "first"

                func poke() {
                    backend.ping()
                    objectWillChange.send()
                }

                func rename() { title = "changed" }
            }

            final class ReaderViewModel: PagedViewModel {
                @Published var zoom = 1
                var heading: String { super.title.uppercased() }
            }

            struct ReaderView: View {
                @ObservedObject var model: ReaderViewModel

                var body: some View {
                    VStack {
                        Text("zoom \(model.zoom)")
                        Text(model.heading)
                        Button("Change") { model.rename() }
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "self-handed-on", why: "a subclass property handing self to a helper", source: #"""
            import SwiftUI
            import Combine

            final class Backend {
                func ping() {}
            }

            class PagedViewModel: ObservableObject {
                let backend = Backend()
                @Published var title = "first"

                func poke() {
                    backend.ping()
                    objectWillChange.send()
                }

                func rename() { title = "changed" }
            }

            final class ReaderViewModel: PagedViewModel {
                @Published var zoom = 1
                var heading: String { Headline.text(for: self) }
            }

            struct ReaderView: View {
                @ObservedObject var model: ReaderViewModel

                var body: some View {
                    VStack {
                        Text("zoom \(model.zoom)")
                        Text(model.heading)
                        Button("Change") { model.rename() }
                    }
                }
            }

            enum Headline {
                static func text(for page: PagedViewModel) -> String { page.title.uppercased() }
            }
            """#, writtenUnits: []),
        Case(name: "base-computed-setter", why: "a send beside a change of the base's computed property with a setter", source: #"""
            import SwiftUI
            import Combine

            final class Backend {
                var items: [String] = ["a"]
                func ping() {}
            }

            class ListViewModel: ObservableObject {
                let backend = Backend()

                var cached: [String] {
                    get { backend.items }
                    set { backend.items = newValue }
                }

                func poke() {
                    backend.ping()
                    objectWillChange.send()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 3

                func reset() {
                    objectWillChange.send()
                    unread = 0
                    cached = []
                }
            }

            struct InboxView: View {
                @ObservedObject var model: InboxViewModel

                var body: some View {
                    VStack {
                        Text("unread \(model.unread)")
                        Button("Reset") { model.reset() }
                    }
                }
            }

            struct CacheView: View {
                @ObservedObject var list: ListViewModel

                var body: some View {
                    Text("cached \(list.cached.count)")
                }
            }

            struct Screen: View {
                let model: InboxViewModel

                var body: some View {
                    VStack {
                        InboxView(model: model)
                        CacheView(list: model)
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "labelled-loop", why: "a labelled loop is the loop, not a closure", source: #"""
            import SwiftUI
            import Combine

            final class Counter: ObservableObject {
                @Published var count = 0
                @Published var values: [Int] = []
            }

            enum Check: Error { case bad }
            func check(_ v: Int) throws { if v < 0 { throw Check.bad } }

            struct VA: View {
                @ObservedObject var c: Counter
                @State private var total = 0
                var body: some View {
                    Text("a").onReceive(c.$values) {
                        outer: for i in 0..<3 {
                            if $0.count <= i { break outer }
                            total += $0[i]
                        }
                    }
                }
            }

            struct VB: View {
                @ObservedObject var c: Counter
                @State private var log: [String] = []
                var body: some View {
                    Text("b").onReceive(c.$count) { log.append("count \($0)") }
                }
            }

            struct VC: View {
                @ObservedObject var c: Counter
                @State private var total = 0
                var body: some View {
                    Text("c").onReceive(c.$count) { (v: Int) -> Void in total = v }
                }
            }

            struct VD: View {
                @ObservedObject var c: Counter
                @State private var label = ""
                var body: some View {
                    Text("d").onReceive(c.$count) {
                        switch $0 {
                        case 0: label = "zero"
                        default: label = "n \($0)"
                        }
                    }
                }
            }

            struct VE: View {
                @ObservedObject var c: Counter
                @State private var total = 0
                var body: some View {
                    Text("e").onReceive(c.$count) {
                        guard $0 > 0 else { return }
                        total = $0
                    }
                }
            }

            struct VF: View {
                @ObservedObject var c: Counter
                @State private var total = 0
                var body: some View {
                    Text("f").onReceive(c.$count) {
                        do { try check($0) } catch { total = -$0 }
                    }
                }
            }

            struct VG: View {
                @ObservedObject var c: Counter
                @State private var n = 0
                var body: some View {
                    Text("g").onReceive(c.$count) {
                        repeat { n += 1 } while n < $0
                    }
                }
            }

            struct VH: View {
                @ObservedObject var c: Counter
                @State private var total = 0
                var body: some View {
                    Text("h").onReceive(c.$count) {
                        value
                        in
                        total = value
                    }
                }
            }

            struct VI: View {
                @ObservedObject var c: Counter
                @State private var items: [Int] = []
                var body: some View {
                    Text("i").onReceive(c.$values) { items = $0.map { $0 * 2 } }
                }
            }

            struct VJ: View {
                @ObservedObject var c: Counter
                @State private var total = 0
                var body: some View {
                    Text("j").onReceive(c.$count) {
                        #if DEBUG
                        total = $0
                        #endif
                    }
                }
            }

            struct VK: View {
                @ObservedObject var c: Counter
                @State private var total = 0
                var body: some View {
                    Text("k").onReceive(c.$count, perform: { total = $0 })
                }
            }

            struct VL: View {
                @ObservedObject var c: Counter
                @State private var total = 0
                var body: some View {
                    Text("l").onReceive(c.$values) {
                        for (i, x) in $0.enumerated() where x > $0.count { total += i }
                    }
                }
            }

            struct VM: View {
                @ObservedObject var c: Counter
                @State private var total = 0
                var body: some View {
                    Text("m").onReceive(c.$count) {
                        if case 1...5 = $0 { total = $0 } else if $0 > 5 { total = 5 }
                    }
                }
            }

            struct VN: View {
                @ObservedObject var c: Counter
                @State private var total = 0
                var body: some View {
                    Text("n").onReceive(c.$count) { (v) in total = v }
                }
            }
            """#, writtenUnits: ["Counter"]),
        Case(name: "interpolated-argument", why: "$0 inside a string interpolation keeps .onReceive", source: #"""
            import SwiftUI
            import Combine

            final class Counter: ObservableObject {
                @Published var count = 0
            }

            struct CounterLog: View {
                @ObservedObject var counter: Counter
                @State private var latest = 0
                @State private var log: [String] = []

                var body: some View {
                    Text("latest \(latest)")
                        .onReceive(counter.$count) {
                            latest = $0
                            log.append("count is now \($0)")
                        }
                }
            }
            """#, writtenUnits: ["Counter"]),
        Case(name: "interpolated-only-argument", why: "the only $0 inside an interpolation", source: #"""
            import SwiftUI
            import Combine

            final class Counter: ObservableObject {
                @Published var count = 0
            }

            struct CounterLog: View {
                @ObservedObject var counter: Counter
                @State private var log: [String] = []

                var body: some View {
                    Text("log \(log.count)")
                        .onReceive(counter.$count) { log.append("count \($0)") }
                }
            }
            """#, writtenUnits: ["Counter"]),
        Case(name: "if-expression-closure-return", why: "an if expression whose branch holds a closure returning", source: #"""
            import SwiftUI
            import Combine

            final class Prefs: ObservableObject {
                let defaults = UserDefaults.standard
                var useLimit = true

                var tags: [String] {
                    get {
                        if useLimit { (defaults.stringArray(forKey: "tags") ?? []).filter { tag in return !tag.isEmpty } } else { defaults.stringArray(forKey: "tags") ?? [] }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "tags")
                    }
                }


                var level: Int {
                    get {
                        switch defaults.integer(forKey: "level") {
                        case 0: 1
                        default: [1, 2, 3].first { value in return value > 1 } ?? 2
                        }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "level")
                    }
                }
            }

            struct PrefsView: View {
                @ObservedObject var prefs: Prefs
                var body: some View {
                    Text("\(prefs.tags.count) \(prefs.level)")
                }
            }
            """#, writtenUnits: ["Prefs"]),
        Case(name: "fatal-error-getter", why: "a getter that is fatalError(…)", source: #"""
            import SwiftUI
            import Combine

            final class Prefs: ObservableObject {
                let defaults = UserDefaults.standard
                var useLimit = true

                var mode: Int {
                    get { fatalError("subclasses provide mode") }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "mode") }
                }

            }

            struct PrefsView: View {
                @ObservedObject var prefs: Prefs
                var body: some View {
                    Text("\(prefs.mode)")
                }
            }
            """#, writtenUnits: ["Prefs"]),
        Case(name: "optional-static-members", why: "static members and calls typed optional leave the subject to the compiler", source: #"""
            import Foundation
            import Combine

            struct Item: Equatable {
                var name: String
                static let samples: [Item] = [Item(name: "a")]
                static var current: Item? { samples.first }
                static func load(_ name: String) -> Item? { samples.first { $0.name == name } }
                static func make() -> Item { Item(name: "m") }
            }

            enum Sort: String { case name, date
                static let stored = Sort(rawValue: UserDefaults.standard.string(forKey: "sort") ?? "")
            }

            final class Version {
                let major: Int
                init?(_ text: String) { guard let m = Int(text) else { return nil }; major = m }
            }

            protocol Parsed { init?(parsing: String) }
            struct Token: Parsed {
                var text: String
                init(text: String) { self.text = text }
            }
            extension Parsed { init?(parsing: String) { return nil } }

            final class Store: ObservableObject {
                @Published var items = Item.samples
                @Published var current = Item.current
                @Published var loaded = Item.load("a")
                @Published var made = Item.make()
                @Published var sort = Sort.stored
                @Published var version = Version("3")
                @Published var token = Token(parsing: "x")
                @Published var firstItem = Item.samples.first
                @Published var names = Item.samples.map(\.name)
                @Published var lookup = [String: Item]()
                @Published var pair = (1, "a")
                @Published var limit = Int.max
                @Published var sorter = Sort.name.rawValue
            }

            final class Watcher {
                var bag = Set<AnyCancellable>()
                func watch(_ s: Store) {
                    s.$items.sink { print($0) }.store(in: &bag)
                    s.$current.sink { print($0 as Any) }.store(in: &bag)
                    s.$loaded.sink { print($0 as Any) }.store(in: &bag)
                    s.$made.sink { print($0) }.store(in: &bag)
                    s.$sort.sink { print($0 as Any) }.store(in: &bag)
                    s.$version.sink { print($0 as Any) }.store(in: &bag)
                    s.$token.sink { print($0 as Any) }.store(in: &bag)
                    s.$firstItem.sink { print($0 as Any) }.store(in: &bag)
                    s.$names.sink { print($0) }.store(in: &bag)
                    s.$lookup.sink { print($0) }.store(in: &bag)
                    s.$pair.sink { print($0) }.store(in: &bag)
                    s.$limit.sink { print($0) }.store(in: &bag)
                    s.$sorter.sink { print($0) }.store(in: &bag)
                }
            }
            """#, writtenUnits: ["Store"]),
        Case(name: "protocol-extension-init", why: "an init? a protocol extension adds", source: #"""
            import SwiftUI
            import Combine

            final class Handle { var id = 0 }

            struct Theme: Equatable {
                var name = "light"
                static let all: [Theme] = [Theme()]
                static func handles() -> [Handle] { [Handle()] }
                static var info: [String: Any] { ["a": 1] }
            }

            final class Store: ObservableObject {
                @Published var handles = Theme.handles()
                @Published var info = Theme.info
                @Published var firstHandle = Theme.handles().first
            }

            struct StoreView: View {
                @ObservedObject var store: Store
                @State private var n = 0
                var body: some View {
                    Text("n \(n)")
                        .onReceive(store.$handles) { n = $0.count }
                        .onReceive(store.$info) { n = $0.count }
                        .onReceive(store.$firstHandle) { n = $0?.id ?? 0 }
                }
            }
            """#, writtenUnits: ["Store"]),
        Case(name: "constant-key", why: "a defaults key in a constant shared by another member", source: #"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard
                private enum Keys { static let fontSize = "fontSize" }

                var fontSize: Double {
                    get { defaults.double(forKey: Keys.fontSize) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Keys.fontSize)
                    }
                }

                var isLarge: Bool { defaults.double(forKey: Keys.fontSize) > 14 }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "registered-defaults", why: "register(defaults:) reads no key", source: #"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(forKey: "fontSize") }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "fontSize")
                    }
                }

                func registerDefaults() {
                    defaults.register(defaults: ["fontSize": 14.0])
                }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text("size \(prefs.fontSize)")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """#, writtenUnits: ["Preferences"]),
        Case(name: "send-from-outside", why: "the base's state announced by a service's m.objectWillChange.send()", source: #"""
            import SwiftUI
            import Combine

            class ListViewModel: ObservableObject {
                var cached: [String] = ["a"]
            }

            enum CacheService {
                static func clear(_ model: ListViewModel) {
                    model.cached = []
                    model.objectWillChange.send()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxView: View {
                @ObservedObject var model: InboxViewModel

                var body: some View {
                    VStack {
                        Text("cached \(model.cached.count)")
                        Button("Clear") { CacheService.clear(model) }
                    }
                }
            }
            """#, writtenUnits: ["ListViewModel"]),
        Case(name: "one-line-class", why: "a one-line class gets no bridge", source: #"""
            import Foundation
            import Combine

            final class Flag: ObservableObject { @Published var on = false }

            final class Counter: ObservableObject {
                @Published var count = 0 // how many
                @Published var saved = 0 { didSet { print("saved") } }
            }

            final class Watcher {
                var bag = Set<AnyCancellable>()
                func watch(_ f: Flag, _ c: Counter) {
                    f.$on.sink { print($0) }.store(in: &bag)
                    c.$count.sink { print($0) }.store(in: &bag)
                    c.$saved.sink { print($0) }.store(in: &bag)
                }
            }
            """#, writtenUnits: ["Counter"]),
        Case(name: "super-assignment", why: "super.cached = [] beside a send", source: #"""
            import SwiftUI
            import Combine

            final class Backend {
                func ping() {}
            }

            class ListViewModel: ObservableObject {
                let backend = Backend()
                var cached: [String] = ["a"]

                func poke() {
                    backend.ping()
                    objectWillChange.send()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 3

                func reset() {
                    objectWillChange.send()
                    unread = 0
                    super.cached = []
                }
            }
            struct InboxView: View {
                @ObservedObject var model: InboxViewModel

                var body: some View {
                    VStack {
                        Text("unread \(model.unread)")
                        Button("Reset") { model.reset() }
                    }
                }
            }

            struct CacheView: View {
                @ObservedObject var list: ListViewModel

                var body: some View {
                    Text("cached \(list.cached.count)")
                }
            }

            struct Screen: View {
                let model: InboxViewModel

                var body: some View {
                    VStack {
                        InboxView(model: model)
                        CacheView(list: model)
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "statement-if-getter", why: "an if or switch statement getter whose blocks start with let and return below (third review)", source: #"""
            import SwiftUI
            import Combine

            enum Units { case metric, imperial }

            final class Prefs: ObservableObject {
                let defaults = UserDefaults.standard
                var units = Units.metric

                var name: String {
                    get {
                        if let stored = defaults.string(forKey: "name") {
                            let trimmed = stored.trimmingCharacters(in: .whitespaces)
                            return trimmed
                        } else {
                            let fallback = "none"
                            return fallback
                        }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "name")
                    }
                }

                var height: Double {
                    get {
                        switch units {
                        case .metric:
                            let value = defaults.double(forKey: "height")
                            return value
                        case .imperial:
                            let value = defaults.double(forKey: "height") * 3.28
                            return value
                        }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "height")
                    }
                }
            }

            struct PrefsView: View {
                @ObservedObject var prefs: Prefs
                var body: some View {
                    Text("\(prefs.name) \(prefs.height)")
                }
            }
            """#, writtenUnits: ["Prefs"]),
        Case(name: "capture-list", why: "a capture list naming the wrapper captures the property, a helper reads the base (third review)", source: #"""
            import SwiftUI
            import Combine

            final class Backend {
                func ping() {}
            }

            class PagedViewModel: ObservableObject {
                let backend = Backend()
                @Published var title = "first"

                func poke() {
                    backend.ping()
                    objectWillChange.send()
                }

                func rename() { title = "changed" }
            }

            final class ReaderViewModel: PagedViewModel {
                @Published var zoom = 1
            }

            struct Row: Identifiable {
                let id: Int
                let name: String
            }

            struct ReaderView: View {
                @ObservedObject var model: ReaderViewModel
                let rows = [Row(id: 1, name: "a")]

                var body: some View {
                    VStack {
                        Text("zoom \(model.zoom)")
                        ForEach(rows) { [model] row in
                            Text(Headline.text(for: model) + " " + row.name)
                        }
                        Button("Change") { model.rename() }
                    }
                }
            }

            enum Headline {
                static func text(for page: PagedViewModel) -> String { page.title.uppercased() }
            }
            """#, writtenUnits: []),
        Case(name: "self-identity-and-capture", why: "self in an identity test or a capture list is not handed on (third review)", source: #"""
            import SwiftUI
            import Combine

            final class Backend {
                func ping() {}
            }

            class PagedViewModel: ObservableObject {
                let backend = Backend()
                @Published var title = "first"

                func poke() {
                    backend.ping()
                    objectWillChange.send()
                }
            }

            enum Session {
                static var current: AnyObject?
            }

            final class ReaderViewModel: PagedViewModel {
                @Published var zoom = 1
                var isCurrent: Bool { Session.current === self }
            }

            final class EditorViewModel: PagedViewModel {
                @Published var lines = 0
                func addAction() -> () -> Void {
                    { [weak self] in self?.lines += 1 }
                }
            }

            struct ReaderView: View {
                @ObservedObject var model: ReaderViewModel
                var body: some View {
                    Text("zoom \(model.zoom) \(model.isCurrent)")
                }
            }

            struct EditorView: View {
                @ObservedObject var editor: EditorViewModel
                var body: some View {
                    VStack {
                        Text("lines \(editor.lines)")
                        Button("Add", action: editor.addAction())
                    }
                }
            }
            """#, writtenUnits: ["EditorViewModel", "ReaderViewModel"]),
        Case(name: "key-through-helper", why: "a key handed to a helper by both properties (third review)", source: #"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { value(for: "fontSize") }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "fontSize")
                    }
                }

                var isLarge: Bool { value(for: "fontSize") > 14 }

                private func value(for key: String) -> Double {
                    defaults.double(forKey: key)
                }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "enum-key-through-helper", why: "an enum case handed to a helper by both properties (fourth review)", source: #"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                enum Key: String { case fontSize, theme }
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { value(for: .fontSize) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Key.fontSize.rawValue)
                    }
                }

                var isLarge: Bool { value(for: .fontSize) > 14 }

                private func value(for key: Key) -> Double {
                    defaults.double(forKey: key.rawValue)
                }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "enum-keys-differ", why: "another enum case through the same helper reads another value", source: #"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                enum Key: String { case fontSize, theme }
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { value(for: .fontSize) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Key.fontSize.rawValue)
                    }
                }

                var themeLevel: Double { value(for: Key.theme) }

                private func value(for key: Key) -> Double {
                    defaults.double(forKey: key.rawValue)
                }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text("\(prefs.fontSize) \(prefs.themeLevel)")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """#, writtenUnits: ["Preferences"]),
        Case(name: "switch-subject-closure", why: "a switch expression whose subject holds a closure (third review)", source: #"""
            import SwiftUI
            import Combine

            final class Prefs: ObservableObject {
                let defaults = UserDefaults.standard

                var level: Int {
                    get {
                        switch (defaults.array(forKey: "levels") as? [Int] ?? []).contains(where: { $0 > 3 }) {
                        case true: 2
                        case false: defaults.integer(forKey: "level")
                        }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "level")
                    }
                }
            }

            struct PrefsView: View {
                @ObservedObject var prefs: Prefs
                var body: some View {
                    Text("\(prefs.level)")
                }
            }
            """#, writtenUnits: ["Prefs"]),
        Case(name: "key-constant-and-literal", why: "the same key as a constant in one property and a literal in another (third review)", source: #"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard
                private enum Keys { static let fontSize = "fontSize" }

                var fontSize: Double {
                    get { defaults.double(forKey: Keys.fontSize) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Keys.fontSize)
                    }
                }

                var isLarge: Bool { defaults.double(forKey: "fontSize") > 14 }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "protocol-extension-send", why: "the base announces through a protocol extension (third review)", source: #"""
            import SwiftUI
            import Combine

            protocol Refreshable: ObservableObject {}
            extension Refreshable {
                func refresh() { objectWillChange.send() }
            }

            class ListViewModel: ObservableObject, Refreshable {
                var cached: [String] = ["a"]
            }

            enum CacheService {
                static func clear(_ model: ListViewModel) {
                    model.cached = []
                    model.refresh()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxView: View {
                @ObservedObject var model: InboxViewModel

                var body: some View {
                    VStack {
                        Text("cached \(model.cached.count)")
                        Button("Clear") { CacheService.clear(model) }
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "failable-no-arguments", why: "Seeded() through init?(seed: Int = 1), and other constructions (third review)", source: #"""
            import Foundation
            import Combine

            enum Load: Equatable {
                case idle
                case loaded(Int)
            }

            struct Name: Equatable {
                var text = "n"
                init() {}
            }

            enum Outer {
                struct Inner: Equatable {
                    var x: Int
                    init(x: Int) { self.x = x }
                }
            }

            struct Point: Equatable {
                var x: Int
                var y: Int
            }
            extension Point {
                init(pair: (Int, Int)) { self.init(x: pair.0, y: pair.1) }
            }

            struct Seeded: Equatable {
                var seed: Int
                init?(seed: Int = 1) { guard seed > 0 else { return nil }; self.seed = seed }
            }

            struct Defaulted: Equatable {
                var n: Int
                init(n: Int = 3) { self.n = n }
            }

            final class Store: ObservableObject {
                @Published var state = Load.loaded(1)
                @Published var idle = Load.idle
                @Published var name = Name.init()
                @Published var inner = Outer.Inner(x: 1)
                @Published var point = Point(x: 1, y: 2)
                @Published var paired = Point(pair: (1, 2))
                @Published var seeded = Seeded()
                @Published var defaulted = Defaulted()
            }

            final class Watcher {
                var bag = Set<AnyCancellable>()
                func watch(_ s: Store) {
                    s.$state.sink { print($0) }.store(in: &bag)
                    s.$idle.sink { print($0) }.store(in: &bag)
                    s.$name.sink { print($0) }.store(in: &bag)
                    s.$inner.sink { print($0) }.store(in: &bag)
                    s.$point.sink { print($0) }.store(in: &bag)
                    s.$paired.sink { print($0) }.store(in: &bag)
                    s.$seeded.sink { print($0 as Any) }.store(in: &bag)
                    s.$defaulted.sink { print($0) }.store(in: &bag)
                }
            }
            """#, writtenUnits: ["Store"]),
        Case(name: "semicolon-one-line-class", why: "a one-line class with a semicolon before its brace (third review)", source: #"""
            import Combine

            final class Flag: ObservableObject { @Published var on = false; }

            final class Panel: ObservableObject {
                @Published var title = "a"
                @Published var open = false // still open
            }

            final class Watcher {
                var bag = Set<AnyCancellable>()
                func watch(_ f: Flag, _ p: Panel) {
                    f.$on.sink { print($0) }.store(in: &bag)
                    p.$open.sink { print($0) }.store(in: &bag)
                }
            }
            """#, writtenUnits: ["Panel"]),
        Case(name: "raw-string-argument", why: "$0 inside a raw string interpolation (third review)", source: ##"""
            import SwiftUI
            import Combine

            final class Counter: ObservableObject {
                @Published var count = 0
                @Published var price = 0
                @Published var step = 0
                @Published var total = 0
            }

            struct CounterLog: View {
                @ObservedObject var counter: Counter
                @State private var log: [String] = []
                @State private var last = 0

                var body: some View {
                    Text("log \(log.count)")
                        .onReceive(counter.$count) { log.append(#"count \#($0)"#) }
                        .onReceive(counter.$price) { last = $0; log.append("$0 dollars") }
                        .onReceive(counter.$step) {
                            last = $0
                            log.append("""
                                step \($0)
                                """)
                        }
                        .onReceive(counter.$total) {
                            outer: do {
                                if $0 < 0 { break outer }
                                last = $0
                            }
                        }
                }
            }
            """##, writtenUnits: ["Counter"]),
        Case(name: "qualified-fatal-error", why: "Swift.fatalError and if expression forms (third review)", source: #"""
            import SwiftUI
            import Combine

            enum Units { case metric, imperial, nautical }

            final class Prefs: ObservableObject {
                let defaults = UserDefaults.standard
                let units = Units.metric

                var a: Double {
                    get {
                        if units == .metric { defaults.double(forKey: "a") } else if units == .imperial { defaults.double(forKey: "a") * 3 } else { 0 }
                    }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "a") }
                }

                var b: Double {
                    get {
                        if case .metric = units { defaults.double(forKey: "b") } else { [1.0, 2.0].first { v in return v > 1 } ?? 0 }
                    }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "b") }
                }

                var c: Double {
                    get {
                        switch units {
                        case .metric: defaults.double(forKey: "c")
                        case .imperial: { () -> Double in return 1 }()
                        case .nautical: 2
                        }
                    }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "c") }
                }

                var d: Double {
                    get {
                        switch units {
                        case .metric: return defaults.double(forKey: "d")
                        case .imperial, .nautical: fatalError("no")
                        }
                    }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "d") }
                }

                var e: Int {
                    get { Swift.fatalError("unused") }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "e") }
                }
            }

            struct PrefsView: View {
                @ObservedObject var prefs: Prefs
                var body: some View {
                    Text("\(prefs.a) \(prefs.b) \(prefs.c) \(prefs.d) \(prefs.e)")
                }
            }
            """#, writtenUnits: ["Prefs"]),
        Case(name: "nested-returns", why: "if and switch getters whose returns sit a level down (fourth review)", source: #"""
            import SwiftUI
            import Combine

            enum Units { case metric, imperial, nautical }

            final class PrefsA: ObservableObject {
                let defaults = UserDefaults.standard
                var name: String {
                    get {
                        if let s = defaults.string(forKey: "a.name") {
                            s
                                .trimmingCharacters(in: .whitespaces)
                        } else {
                            "none"
                        }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "a.name")
                    }
                }
            }

            final class PrefsB: ObservableObject {
                let defaults = UserDefaults.standard
                var units = Units.metric
                var precise = false
                var height: Double {
                    get {
                        switch units {
                        case .metric where precise: defaults.double(forKey: "b.height")
                        case .metric: defaults.double(forKey: "b.height").rounded()
                        case .imperial: defaults.double(forKey: "b.height") * 3.28
                        default: fatalError("unsupported units")
                        }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "b.height")
                    }
                }
            }

            final class PrefsC: ObservableObject {
                let defaults = UserDefaults.standard
                var a = true
                var b = false
                var level: Int {
                    get {
                        if a {
                            if b { defaults.integer(forKey: "c.level") } else { 2 }
                        } else {
                            3
                        }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "c.level")
                    }
                }
            }

            final class PrefsD: ObservableObject {
                let defaults = UserDefaults.standard
                var a = true
                var b = false
                var level: Int {
                    get {
                        if a {
                            if b { return defaults.integer(forKey: "d.level") } else { return 2 }
                        } else {
                            if b { return 3 } else { return 4 }
                        }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "d.level")
                    }
                }
            }

            final class PrefsE: ObservableObject {
                let defaults = UserDefaults.standard
                var units = Units.metric
                var precise = false
                var depth: Double {
                    get {
                        switch units {
                        case .metric:
                            if precise { return defaults.double(forKey: "e.depth") } else { return 1 }
                        case .imperial, .nautical:
                            if precise { return 2 } else { return 3 }
                        }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "e.depth")
                    }
                }
            }

            final class PrefsF: ObservableObject {
                let defaults = UserDefaults.standard
                var doubled = true
                var total: Int {
                    get {
                        if doubled {
                            [1, 2, defaults.integer(forKey: "f.total")].map { v in return v * 2 }.reduce(0, +)
                        } else {
                            defaults.integer(forKey: "f.total")
                        }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "f.total")
                    }
                }
            }

            final class PrefsG: ObservableObject {
                let defaults = UserDefaults.standard
                var a = true
                var sum: Int {
                    get {
                        if a {
                            defaults.integer(forKey: "g.sum")
                                + 1
                        } else { 0 }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "g.sum")
                    }
                }
            }

            final class PrefsH: ObservableObject {
                let defaults = UserDefaults.standard
                var units = Units.metric
                var label: String {
                    get {
                        switch units {
                        case .metric:
                            defaults.string(forKey: "h.label")?
                                .uppercased() ?? "M"
                        case .imperial, .nautical: "I"
                        }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "h.label")
                    }
                }
            }

            struct AllView: View {
                @ObservedObject var a: PrefsA
                @ObservedObject var b: PrefsB
                @ObservedObject var c: PrefsC
                @ObservedObject var d: PrefsD
                @ObservedObject var e: PrefsE
                @ObservedObject var f: PrefsF
                @ObservedObject var g: PrefsG
                @ObservedObject var h: PrefsH
                var body: some View {
                    Text("\(a.name) \(b.height) \(c.level) \(d.level) \(e.depth) \(f.total) \(g.sum) \(h.label)")
                }
            }
            """#, writtenUnits: ["PrefsA", "PrefsB", "PrefsC", "PrefsD", "PrefsE", "PrefsF", "PrefsG", "PrefsH"]),
        Case(name: "unrelated-literals", why: "properties sharing only a literal that is no key (a notification name, a log message, a suite) (fourth review)", source: #"""
            import SwiftUI
            import Combine

            func log(_ message: String) { print(message) }

            final class NotifySettings: ObservableObject {
                private let defaults = UserDefaults.standard
                var username: String {
                    get { defaults.string(forKey: "username") ?? "" }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "username")
                        NotificationCenter.default.post(name: Notification.Name("SettingsChanged"), object: nil)
                    }
                }
                var volume: Double {
                    get { defaults.double(forKey: "volume") }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "volume")
                        NotificationCenter.default.post(name: Notification.Name("SettingsChanged"), object: nil)
                    }
                }
            }

            final class LogSettings: ObservableObject {
                private let defaults = UserDefaults.standard
                var city: String {
                    get { defaults.string(forKey: "city") ?? "" }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "city")
                        log("changed")
                    }
                }
                var zip: String {
                    get { defaults.string(forKey: "zip") ?? "" }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "zip")
                        log("changed")
                    }
                }
            }

            final class GroupSettings: ObservableObject {
                var token: String {
                    get { UserDefaults(suiteName: "group.app")?.string(forKey: "token") ?? "" }
                    set {
                        objectWillChange.send()
                        UserDefaults(suiteName: "group.app")?.set(newValue, forKey: "token")
                    }
                }
                var server: String {
                    get { UserDefaults(suiteName: "group.app")?.string(forKey: "server") ?? "" }
                    set {
                        objectWillChange.send()
                        UserDefaults(suiteName: "group.app")?.set(newValue, forKey: "server")
                    }
                }
            }

            struct SettingsView: View {
                @ObservedObject var n: NotifySettings
                @ObservedObject var l: LogSettings
                @ObservedObject var g: GroupSettings
                var body: some View {
                    VStack {
                        Text("\(n.username) \(n.volume)")
                        Text("\(l.city) \(l.zip)")
                        Text("\(g.token) \(g.server)")
                        Button("Set") { n.username = "bob"; l.city = "Oslo"; g.token = "t" }
                    }
                }
            }
            """#, writtenUnits: ["GroupSettings", "LogSettings", "NotifySettings"]),
        Case(name: "homonymous-constants", why: "two constants of the key's name in different types (fourth review)", source: #"""
            import Foundation
            import SwiftUI

            enum Keys {
                static let fontSize = "fontSize"
            }

            enum LegacyKeys {
                static let fontSize = "legacyFontSize"
            }

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(forKey: Keys.fontSize) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Keys.fontSize)
                    }
                }

                var isLarge: Bool { defaults.double(forKey: "fontSize") > 14 }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "self-in-array-literal", why: "[self] as an array literal hands self on (fourth review)", source: #"""
            import SwiftUI
            import Combine

            class PagedViewModel: ObservableObject {
                @Published var title = "first"
                func rename() { title = "changed" }
            }

            final class ReaderViewModel: PagedViewModel {
                @Published var zoom = 1
                var headline: String { Headline.joined([self]) }
            }

            struct ReaderView: View {
                @ObservedObject var model: ReaderViewModel

                var body: some View {
                    VStack {
                        Text("zoom \(model.zoom)")
                        Text(model.headline)
                        Button("Change") { model.rename() }
                    }
                }
            }

            enum Headline {
                static func joined(_ pages: [PagedViewModel]) -> String { pages.map(\.title).joined(separator: ", ") }
            }
            """#, writtenUnits: ["PagedViewModel"]),
        Case(name: "inherited-protocol-send", why: "a send in an extension of a protocol the adopted one inherits (fourth review)", source: #"""
            import SwiftUI
            import Combine

            protocol Refreshable: ObservableObject {}
            extension Refreshable {
                func refresh() { objectWillChange.send() }
            }
            protocol ListModel: Refreshable {}

            class ListViewModel: ObservableObject, ListModel {
                var cached: [String] = ["a"]
            }

            enum CacheService {
                static func clear(_ model: ListViewModel) {
                    model.cached = []
                    model.refresh()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxView: View {
                @ObservedObject var model: InboxViewModel

                var body: some View {
                    VStack {
                        Text("cached \(model.cached.count)")
                        Button("Clear") { CacheService.clear(model) }
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "helper-default-argument", why: "a helper taking the key and a shared default value (fourth review)", source: #"""
            import SwiftUI
            import Combine

            enum Keychain {
                static var items: [String: String] = [:]
                static func get(service: String, account: String) -> String? { items[service + account] }
                static func set(_ value: String, service: String, account: String) { items[service + account] = value }
            }

            final class Credentials: ObservableObject {
                var token: String {
                    get { Keychain.get(service: "com.app.auth", account: "token") ?? "" }
                    set {
                        objectWillChange.send()
                        Keychain.set(newValue, service: "com.app.auth", account: "token")
                    }
                }
                var refresh: String {
                    get { Keychain.get(service: "com.app.auth", account: "refresh") ?? "" }
                    set {
                        objectWillChange.send()
                        Keychain.set(newValue, service: "com.app.auth", account: "refresh")
                    }
                }
            }

            final class Profile: ObservableObject {
                private let defaults = UserDefaults.standard
                private func string(_ key: String, default value: String) -> String { defaults.string(forKey: key) ?? value }
                var nickname: String {
                    get { string("nickname", default: "none") }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "nickname") }
                }
                var city: String {
                    get { string("city", default: "none") }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "city") }
                }
            }

            struct CredView: View {
                @ObservedObject var c: Credentials
                @ObservedObject var p: Profile
                var body: some View {
                    Text("\(c.token) \(c.refresh) \(p.nickname) \(p.city)")
                }
            }
            """#, writtenUnits: ["Credentials", "Profile"]),
        Case(name: "unrelated-let-of-the-name", why: "a view's let of the constant's name (fourth review)", source: #"""
            import Foundation
            import SwiftUI

            enum Keys {
                static let title = "title"
            }

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard

                var title: String {
                    get { defaults.string(forKey: Keys.title) ?? "" }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Keys.title)
                    }
                }

                var hasTitle: Bool { !(defaults.string(forKey: "title") ?? "").isEmpty }
            }

            struct TitleBadge: View {
                let title = "Preferences"
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(title)
                        Text(prefs.hasTitle ? "titled" : "untitled")
                        Button("Grow") { prefs.title = "x" }
                    }
                }
            }
            """#, writtenUnits: []),
        Case(name: "custom-equality", why: "self == template through a custom == reads state (fourth review)", source: #"""
            import SwiftUI
            import Combine

            class Doc: ObservableObject, Equatable {
                @Published var title = "Untitled"
                static func == (lhs: Doc, rhs: Doc) -> Bool { lhs.title == rhs.title }
                func rename() { title = "changed" }
            }

            let template = Doc()

            final class Draft: Doc {
                @Published var zoom = 1
                var isPristine: Bool { self == template }
            }

            struct DraftView: View {
                @ObservedObject var model: Draft

                var body: some View {
                    VStack {
                        Text("zoom \(model.zoom)")
                        Text(model.isPristine ? "pristine" : "edited")
                        Button("Change") { model.rename() }
                    }
                }
            }
            """#, writtenUnits: ["Doc"]),
    ]

    static func output(_ reviewCase: Case) -> (written: [String], text: String) {
        PublisherReviewCaseTests.migrated(reviewCase.source)
    }

    static func text(_ name: String) -> String { output(cases.first { $0.name == name }!).text }

    @Test(arguments: cases) func writesOnlyWhatCompilesAndBehavesTheSame(_ reviewCase: Case) {
        let (written, text) = Self.output(reviewCase)
        #expect(written.sorted() == reviewCase.writtenUnits.sorted(), "\(reviewCase.why)")
        let again = Migrator.plan(InferenceTestTree.analyze([text], Configuration()), options: MigrationOptions(unsafeFixes: true))
        #expect(again.newContents.isEmpty, "\(reviewCase.why)")
    }

    @Test func anInterpolatedArgumentKeepsTheReceive() {
        #expect(Self.text("interpolated-argument").contains(".onReceive(counter.countPublisher)"))
        #expect(!Self.text("interpolated-only-argument").contains("onChange"))
    }

    @Test func aLabelledLoopsArgumentsBecomeTheNewValue() {
        #expect(Self.text("labelled-loop").contains("if $1.count <= i { break outer }"))
    }

    @Test func anIfExpressionGetterGetsItsReturnAndFatalErrorNone() {
        #expect(Self.text("if-expression-closure-return").contains("return if useLimit"))
        #expect(Self.text("fatal-error-getter").contains("get { access(keyPath: \\.mode); fatalError("))
    }

    @Test func optionalValuesLeaveTheSubjectToTheCompiler() {
        let text = Self.text("optional-static-members") + Self.text("protocol-extension-init")
        #expect(text.contains("CurrentValueSubject<_, Never>(current)"))
        #expect(!text.contains("CurrentValueSubject<Item, Never>"))
    }
}
