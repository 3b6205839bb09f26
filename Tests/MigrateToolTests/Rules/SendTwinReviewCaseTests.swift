import SourceScan
import Testing
@testable import MigrateTool

/// Inputs a review of the send twins found deleted where the call may announce what no tracking
/// sees (session 30): each file with the lines whose `objectWillChange.send()` goes (`true`) or
/// stays and blocks (`false`). Most must stay; `positive` and `weird` hold the shapes that go.
@Suite struct SendTwinReviewCaseTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var source: String
        /// Line of each send, and whether it is deleted.
        var sends: [Int: Bool]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "privateset", source: #"""
            import SwiftUI

            final class Settings {
                var volume = 0
                func raise() { volume += 1 }
            }

            final class Player: ObservableObject {
                @Published var track = ""
                private(set) var settings = Settings()

                func louder(_ name: String) {
                    track = name
                    settings.raise()
                    objectWillChange.send()
                }
            }

            struct PlayerView: View {
                @ObservedObject var player: Player
                var body: some View {
                    Text("\(player.track) \(player.settings.volume)")
                }
            }
            """#, sends: [15: false]),
        Case(name: "method", source: #"""
            import SwiftUI

            final class Scoreboard {
                static let shared = Scoreboard()
                var marks: [Int] = []
            }

            final class Match: ObservableObject {
                @Published var won = false

                func mark(_ square: Int, winning: Bool) {
                    Scoreboard.shared.marks.append(square)
                    settle(winning)
                    objectWillChange.send()
                }

                func settle(_ winning: Bool) {
                    if !winning { return }
                    won = true
                }
            }

            struct MatchView: View {
                @ObservedObject var match: Match
                var body: some View { Text("\(Scoreboard.shared.marks.count) \(match.won)") }
            }
            """#, sends: [14: false]),
        Case(name: "nestedif_return", source: #"""
            import SwiftUI

            actor Board {
                var marked: Set<Int> = []
                func mark(_ square: Int) { marked.insert(square) }
            }

            final class Match: ObservableObject {
                @Published var won = false
                let board = Board()

                func mark(_ square: Int, winning: Bool) async {
                    await board.mark(square)
                    Task { @MainActor in
                        self.settle(winning)
                        self.objectWillChange.send()
                    }
                }

                func settle(_ winning: Bool) {
                    if !winning { return }
                    won = true
                }
            }

            struct MatchView: View {
                @ObservedObject var match: Match
                var body: some View { Text(match.won ? "won" : "playing") }
            }
            """#, sends: [16: false]),
        Case(name: "local_closure_ud", source: #"""
            import SwiftUI

            final class Counter: ObservableObject {
                @Published var total = 0
                var stored: Int { UserDefaults.standard.integer(forKey: "n") }

                func bump() {
                    let reset = { UserDefaults.standard.set(0, forKey: "n") }
                    reset()
                    objectWillChange.send()
                }

                func reset() {
                    total = 0
                }
            }

            struct CounterView: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\(counter.total) \(counter.stored)") }
            }
            """#, sends: [10: false]),
        Case(name: "param_shadow", source: #"""
            import SwiftUI

            final class Counter: ObservableObject {
                @Published var total = 0
                var stored: Int {
                    get { UserDefaults.standard.integer(forKey: "n") }
                    set { UserDefaults.standard.set(newValue, forKey: "n") }
                }

                func apply(refresh: () -> Void) {
                    refresh()
                    objectWillChange.send()
                }

                func bumpStored() {
                    apply { stored += 1 }
                }

                func refresh() {
                    total = 0
                }
            }

            struct CounterView: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\(counter.total) \(counter.stored)") }
            }
            """#, sends: [12: false]),
        Case(name: "typealias_callback", source: #"""
            import SwiftUI

            final class Cache {
                var names: [String] = []
            }

            typealias NamesHandler = ([String]) -> Void

            final class Directory: ObservableObject {
                @Published var selected = ""
                private let cache = Cache()

                func add(_ name: String) {
                    selected = name
                    cache.names.append(name)
                    objectWillChange.send()
                }

                func names(_ handler: NamesHandler) {
                    handler(cache.names)
                }
            }

            struct DirectoryView: View {
                @ObservedObject var directory: Directory
                var body: some View {
                    var shown: [String] = []
                    directory.names { shown = $0 }
                    return Text("\(directory.selected) \(shown.count)")
                }
            }
            """#, sends: [16: false]),
        Case(name: "closure_stored", source: #"""
            import SwiftUI

            final class Cache {
                var names: [String] = []
            }

            final class Directory: ObservableObject {
                @Published var selected = ""
                private let cache = Cache()
                lazy var count: () -> Int = { [unowned self] in self.cache.names.count }

                func add(_ name: String) {
                    selected = name
                    cache.names.append(name)
                    objectWillChange.send()
                }
            }

            struct DirectoryView: View {
                @ObservedObject var directory: Directory
                var body: some View {
                    Text("\(directory.selected) \(directory.count())")
                }
            }
            """#, sends: [15: false]),
        Case(name: "keypath", source: #"""
            import SwiftUI

            final class Cache {
                var names: [String] = []
            }

            final class Directory: ObservableObject {
                @Published var selected = ""
                private let cache = Cache()
                static let cachePath = \Directory.cache.names

                func add(_ name: String) {
                    selected = name
                    cache.names.append(name)
                    objectWillChange.send()
                }
            }

            struct DirectoryView: View {
                @ObservedObject var directory: Directory
                var body: some View {
                    Text("\(directory.selected) \(directory[keyPath: Directory.cachePath].count)")
                }
            }
            """#, sends: [15: false]),
        Case(name: "nested_view", source: #"""
            import SwiftUI

            final class Cache {
                var names: [String] = []
            }

            final class Directory: ObservableObject {
                @Published var selected = ""
                private let cache = Cache()

                func add(_ name: String) {
                    selected = name
                    cache.names.append(name)
                    objectWillChange.send()
                }

                struct Summary: View {
                    @ObservedObject var directory: Directory
                    var body: some View {
                        Text("\(directory.selected) \(directory.cache.names.count)")
                    }
                }
            }
            """#, sends: [14: false]),
        Case(name: "let_member_assign", source: #"""
            import SwiftUI

            final class Settings {
                var volume = 0
            }

            final class Player: ObservableObject {
                @Published var track = ""
                let settings = Settings()

                func louder(_ name: String) {
                    track = name
                    settings.volume += 1
                    objectWillChange.send()
                }
            }

            struct PlayerView: View {
                @ObservedObject var player: Player
                var body: some View {
                    Text("\(player.track) \(player.settings.volume)")
                }
            }
            """#, sends: [14: false]),
        Case(name: "super_overload", source: #"""
            import SwiftUI

            final class Store {
                var n = 0
                func bump() { n += 1 }
            }

            class Base: ObservableObject {
                @Published var total = 0
                let store = Store()

                func reset() {
                    store.bump()
                }
            }

            final class Sub: Base {
                @Published var label = ""

                func reset(label: String) {
                    self.label = label
                }

                func tap() {
                    reset()
                    objectWillChange.send()
                }
            }

            struct SubView: View {
                @ObservedObject var sub: Sub
                var body: some View { Text("\(sub.label) \(sub.store.n)") }
            }
            """#, sends: [26: false]),
        Case(name: "protocol_ext", source: #"""
            import SwiftUI

            final class Store {
                var n = 0
                func bump() { n += 1 }
            }

            protocol Persisting: AnyObject {
                var store: Store { get }
            }

            extension Persisting {
                func save() { store.bump() }
            }

            final class Notes: ObservableObject, Persisting {
                @Published var count = 0
                let store = Store()

                func save(_ value: Int) {
                    count = value
                }

                func tap() {
                    save()
                    objectWillChange.send()
                }
            }

            struct NotesView: View {
                @ObservedObject var notes: Notes
                var body: some View { Text("\(notes.count) \(notes.store.n)") }
            }
            """#, sends: [26: false]),
        Case(name: "depth", source: #"""
            import SwiftUI

            final class Store {
                var n = 0
                func bump() { n += 1 }
            }

            final class Counter: ObservableObject {
                @Published var total = 0
                let store = Store()

                func tap() {
                    update()
                    objectWillChange.send()
                }

                func update() {
                    let v = a()
                    total = v
                }
                func a() -> Int { b() }
                func b() -> Int { c() }
                func c() -> Int { d() }
                func d() -> Int { e() }
                func e() -> Int { store.bump(); return store.n }
            }

            struct CounterView: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\(counter.total) \(counter.store.n)") }
            }
            """#, sends: [14: false]),
        Case(name: "external_let", source: #"""
            import SwiftUI

            final class Store {
                var n = 0
                func bump() -> Int { n += 1; return n }
            }

            final class Quota: ObservableObject {
                @Published var used = 0
                let store = Store()

                func take() -> Int {
                    store.bump()
                }

                func consume() {
                    let v = take()
                    used = v
                }
            }

            struct QuotaView: View {
                @ObservedObject var quota: Quota
                var body: some View {
                    Button("\(quota.used) \(quota.store.n)") {
                        quota.consume()
                        quota.objectWillChange.send()
                    }
                }
            }
            """#, sends: [27: false]),
        Case(name: "switch_return", source: #"""
            import SwiftUI

            enum Event { case ignore, set(Int) }

            actor Log {
                var entries: [String] = []
                func add(_ s: String) { entries.append(s) }
            }

            final class Meter: ObservableObject {
                @Published var value = 0
                @Published var updates = 0
                let log = Log()

                func handle(_ e: Event) async {
                    await log.add("x")
                    Task { @MainActor in
                        self.apply(e)
                        self.objectWillChange.send()
                    }
                }

                func apply(_ e: Event) {
                    switch e {
                    case .ignore:
                        return
                    case .set(let v):
                        value = v
                    }
                    updates += 1
                }
            }

            struct MeterView: View {
                @ObservedObject var meter: Meter
                var body: some View { Text("\(meter.value)") }
            }
            """#, sends: [19: false]),
        Case(name: "sub_override_untracked", source: #"""
            import SwiftUI

            final class Store {
                var n = 0
                func bump() { n += 1 }
            }

            class Base: ObservableObject {
                @Published var total = 0

                func tap() {
                    total += 1
                    save()
                    objectWillChange.send()
                }

                func save() {}
            }

            final class Sub: Base {
                let store = Store()
                override func save() { store.bump() }
            }

            struct SubView: View {
                @ObservedObject var sub: Sub
                var body: some View { Text("\(sub.total) \(sub.store.n)") }
            }
            """#, sends: [14: false]),
        Case(name: "closure_prop", source: #"""
            import SwiftUI

            final class Counter: ObservableObject {
                @Published var total = 0
                var stored: Int { UserDefaults.standard.integer(forKey: "n") }
                var reset: (Int) -> Void = { UserDefaults.standard.set($0, forKey: "n") }

                func tap() {
                    reset(0)
                    objectWillChange.send()
                }

                func reset(to value: Int) {
                    total = value
                }
            }

            struct CounterView: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\(counter.total) \(counter.stored)") }
            }
            """#, sends: [10: false]),
        Case(name: "held_let", source: #"""
            import SwiftUI

            final class Store {
                var n = 0
                func bump() -> Int { n += 1; return n }
            }

            final class Quota: ObservableObject {
                @Published var used = 0
                let store = Store()

                func take() -> Int {
                    store.bump()
                }

                func consume() {
                    let v = take()
                    used = v
                }
            }

            final class Screen: ObservableObject {
                @Published var title = ""
                let quota = Quota()

                func tap() {
                    quota.consume()
                    objectWillChange.send()
                }
            }

            struct ScreenView: View {
                @ObservedObject var screen: Screen
                var body: some View { Text("\(screen.title) \(screen.quota.store.n)") }
            }
            """#, sends: [28: false]),
        Case(name: "for_return", source: #"""
            import SwiftUI

            actor Log {
                var entries: [String] = []
                func add(_ s: String) { entries.append(s) }
            }

            final class Tasks: ObservableObject {
                @Published var names: [String] = []
                @Published var lastAdded = ""
                let log = Log()

                func add(_ name: String) async {
                    await log.add(name)
                    Task { @MainActor in
                        self.insert(name)
                        self.objectWillChange.send()
                    }
                }

                func insert(_ name: String) {
                    for existing in names {
                        if existing == name { return }
                    }
                    names.append(name)
                }
            }

            struct TasksView: View {
                @ObservedObject var tasks: Tasks
                var body: some View { Text("\(tasks.names.count)") }
            }
            """#, sends: [17: false]),
        Case(name: "projected", source: #"""
            import SwiftUI

            final class Prefs: ObservableObject {
                @Published var count = 0
                @AppStorage("sound") private var sound = false
                var soundBinding: Binding<Bool> { $sound }

                func toggleAll() {
                    count += 1
                    sound.toggle()
                    objectWillChange.send()
                }
            }

            struct PrefsView: View {
                @ObservedObject var prefs: Prefs
                var body: some View {
                    Toggle("Sound \(prefs.count)", isOn: prefs.soundBinding)
                }
            }
            """#, sends: [11: true]),
        Case(name: "shared_defaults", source: #"""
            import SwiftUI

            final class Profile: ObservableObject {
                @Published var edits = 0
                private let defaults = UserDefaults.standard

                func rename(_ name: String) {
                    edits += 1
                    defaults.set(name, forKey: "name")
                    objectWillChange.send()
                }
            }

            struct ProfileView: View {
                @ObservedObject var profile: Profile
                var body: some View {
                    Text("\(UserDefaults.standard.string(forKey: "name") ?? "") (\(profile.edits))")
                }
            }
            """#, sends: [10: false]),
        Case(name: "didset_effect", source: #"""
            import SwiftUI

            final class Store {
                var n = 0
                func bump() { n += 1 }
            }

            final class Counter: ObservableObject {
                @Published var total = 0 {
                    didSet { store.bump() }
                }
                let store = Store()

                func tap() {
                    total += 1
                    objectWillChange.send()
                }
            }

            struct CounterView: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\(counter.store.n)") }
            }
            """#, sends: [16: false]),
        Case(name: "trailing", source: #"""
            import SwiftUI

            final class Store {
                var n = 0
                func bump() { n += 1 }
            }

            final class Counter: ObservableObject {
                @Published var total = 0
                let store = Store()

                func tap() {
                    total += 1
                    persist {
                        print("saved")
                    }
                    objectWillChange.send()
                }

                func persist(_ done: () -> Void) {
                    store.bump()
                    done()
                }
            }

            struct CounterView: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\(counter.store.n)") }
            }
            """#, sends: [17: false]),
        Case(name: "positive", source: #"""
            import SwiftUI

            enum Mode { case a, b }

            final class Model: ObservableObject {
                @Published var items: [String] = []
                @Published var mode = Mode.a
                @Published var count = 0

                func t1() { self.setMode(.b); objectWillChange.send() }
                func t2() { DispatchQueue.main.async { [weak self] in self?.fill(["x"]); self?.objectWillChange.send() } }
                func t3() { outer(); objectWillChange.send() }
                func t4() { withCopy("z"); objectWillChange.send() }
                func t5() { ifElse(true); objectWillChange.send() }

                func setMode(_ m: Mode) {
                    switch m {
                    case .a: mode = .a
                    case .b: mode = .b
                    }
                }
                func fill(_ v: [String]) {
                    guard !v.isEmpty else { items = []; return }
                    let sorted = v.sorted()
                    items = sorted
                }
                func outer() { inner() }
                func inner() { count += 1 }
                func withCopy(_ s: String) {
                    var copy = items
                    copy.append(s)
                    items = copy
                }
                func ifElse(_ b: Bool) {
                    if b { count = 1 } else if count > 3 { count = 2 } else { count = 0 }
                }
            }

            struct V: View {
                @ObservedObject var m: Model
                var body: some View { Text("\(m.items.count) \(m.count)") }
            }
            """#, sends: [10: true, 11: true, 12: true, 13: false, 14: true]),
        Case(name: "weird", source: #"""
            import SwiftUI

            final class Weird: ObservableObject {
                @Published var n = 0
                private let q = DispatchQueue.main

                func a() { self.b(); objectWillChange.send() }
                func b() { guard n > 0 else { n = 1; return }; for _ in 0..<3 { if n > 2 { n -= 1 } }; c() }
                func c() { if n > 1 { n = 2 } else if n > 0 { n = 3 } else { n = 4 } }
                func d() { self?.e(); objectWillChange.send() }
                func e() { switch n { case 0: n = 1; default: n = 2 } }
                func f() { g(); objectWillChange.send() }
                func g() { guard n > 0 else { return } ; }
                func h() { i(); objectWillChange.send() }
                func i() {}
                func j() { k(); objectWillChange.send() }
                func k() { if n > 0 { return } else { n = 1 } }
                func l() { m(); objectWillChange.send() }
                func m() { guard
                    n > 0 else {
                        n = 0
                        return
                    }
                    n += 1 }
                func o() { p(x: 1); p(y: 2); objectWillChange.send() }
                func p(x: Int) { n = x }
                func p(y: Int) { n = y }
                func r() { (s)(); objectWillChange.send() }
                func s() { n = 1 }
                func t() { for i in 0..<n where i > 2 { u(i) }; objectWillChange.send() }
                func u(_ i: Int) { if i > 0 { n = i } }
                func v() { w(); objectWillChange.send() }
                func w() { for _ in 0..<1 { return }; n = 1 }
            }
            """#, sends: [7: true, 10: false, 12: false, 14: false, 16: false, 18: false, 25: true, 28: false, 30: true, 32: false]),
        Case(name: "element_loops", source: #"""
            import SwiftUI

            final class Cache {
                var hits = 0
            }

            final class Item: ObservableObject {
                @Published var done = false
                let cache = Cache()
                func isReady() -> Bool { cache.hits += 1; return true }
            }

            final class Board: ObservableObject {
                @Published var title = ""
                var items: [Item] = []

                func finishReady() {
                    for item in items {
                        if item.isReady() {
                            item.done = true
                        }
                    }
                    objectWillChange.send()
                }

                func alias() {
                    for item in items {
                        let other = item
                        other.done = true
                    }
                    objectWillChange.send()
                }

                func finishAll() {
                    for item in self.items {
                        if item.done { continue }
                        item.done = true
                    }
                    objectWillChange.send()
                }
            }
            """#, sends: [23: false, 31: false, 39: true]),
        Case(name: "nonmodel_in_body_view", source: #"""
            import SwiftUI

            final class Item: ObservableObject {
                @Published var name: String = ""
                @Published var done = false

            }
            final class Thing { var done = false }
            final class Holder: ObservableObject {
                @Published var query = ""
                var items: [Item] = []
                var thing = Thing()
                func f() {
                    for item in items {
                        self.thing.done = true
                        item.done = true
                    }
                    objectWillChange.send()
                }
            }

            struct V: View {
                @StateObject var h = Holder()
                var body: some View { Text(h.query + (h.thing.done ? "a" : "b")) }
            }
            """#, sends: [18: false]),
        Case(name: "iflet_child", source: #"""
            import SwiftUI

            final class Item: ObservableObject {
                @Published var name: String = ""
                @Published var done = false
                @Published var children: [Child] = []
            }
            final class Child { var hits = 0 }
            final class Holder: ObservableObject {
                @Published var query = ""
                var items: [Item] = []
                func f() {
                    for item in items {
                        if let first = item.children.first {
                            first.hits += 1
                            item.done = true
                        }
                    }
                    objectWillChange.send()
                }
            }

            struct V: View {
                @StateObject var h = Holder()
                var body: some View { Text(h.query) }
            }
            """#, sends: [19: false]),
        Case(name: "switch_letbind", source: #"""
            import SwiftUI

            final class Item: ObservableObject {
                @Published var name: String = ""
                @Published var done = false
                @Published var kind: Kind = .plain
            }
            final class Child { var hits = 0 }
            enum Kind { case plain; case linked(Child) }
            final class Holder: ObservableObject {
                @Published var query = ""
                var items: [Item] = []
                func f() {
                    for item in items {
                        switch item.kind {
                        case .linked(let c): c.hits += 1
                        case .plain: item.done = true
                        }
                    }
                    objectWillChange.send()
                }
            }

            struct V: View {
                @StateObject var h = Holder()
                var body: some View { Text(h.query) }
            }
            """#, sends: [20: false]),
        Case(name: "head_arrayclass", source: #"""
            import SwiftUI

            final class Item: ObservableObject {
                @Published var name: String = ""
                @Published var done = false
                @Published var children: [Child] = []
            }
            final class Child { var hits = 0; func touch() -> Bool { hits += 1; return true } }
            final class Holder: ObservableObject {
                @Published var query = ""
                var items: [Item] = []
                func f() {
                    for item in items {
                        if item.children.first?.touch() == true {
                            item.done = true
                        }
                    }
                    objectWillChange.send()
                }
            }

            struct V: View {
                @StateObject var h = Holder()
                var body: some View { Text(h.query) }
            }
            """#, sends: [18: false]),
        Case(name: "shadow_tuple", source: #"""
            import SwiftUI

            final class Item: ObservableObject {
                @Published var name: String = ""
                @Published var done = false

            }
            final class Thing { var done = false; var name = "" }
            final class Holder: ObservableObject {
                @Published var query = ""
                var items: [Item] = []
                var groups: [String: [Thing]] = [:]
                func f() {
                    for (_, items) in groups {
                        for item in items { item.done = true }
                        objectWillChange.send()
                    }
                }
            }

            struct V: View {
                @StateObject var h = Holder()
                var body: some View { Text(h.query) }
            }
            """#, sends: [16: false]),
        Case(name: "shadow_case", source: #"""
            import SwiftUI

            final class Item: ObservableObject {
                @Published var name: String = ""
                @Published var done = false

            }
            final class Thing { var done = false; var name = "" }
            enum Load { case loaded([Thing]) }
            final class Holder: ObservableObject {
                @Published var query = ""
                var items: [Item] = []
                var state: Load = .loaded([])
                func f() {
                    if case let .loaded(items) = state {
                        for item in items { item.done = true }
                        objectWillChange.send()
                    }
                }
            }

            struct V: View {
                @StateObject var h = Holder()
                var body: some View { Text(h.query) }
            }
            """#, sends: [17: false]),
        Case(name: "nonmodel_in_if2", source: #"""
            import SwiftUI

            final class Item: ObservableObject {
                @Published var name: String = ""
                @Published var done = false

            }
            final class Thing { var done = false }
            final class Holder: ObservableObject {
                @Published var query = ""
                var child = Item()
                var thing = Thing()
                func f() {
                    child.done = true
                    if query.isEmpty {
                        thing.done = true
                    }
                    objectWillChange.send()
                }
            }

            struct V: View {
                @StateObject var h = Holder()
                var body: some View { Text(h.query + (h.thing.done ? "a" : "b")) }
            }
            """#, sends: [18: false]),
        Case(name: "elem_method", source: #"""
            import SwiftUI

            final class Item: ObservableObject {
                @Published var name: String = ""
                @Published var done = false
                var untracked = 0
                func reset() { untracked = 0; done = false }
            }

            final class Holder: ObservableObject {
                @Published var query = ""
                var items: [Item] = []
                func f() {
                    for item in items { item.reset() }
                    objectWillChange.send()
                }
            }

            struct V: View {
                @StateObject var h = Holder()
                var body: some View { Text(h.query) }
            }
            """#, sends: [10: true, 15: true]),
    ]

    /// A send alone in a `defer` block is said to announce what the function changed before it
    /// leaves, not to forward a change from elsewhere, as a closure's would.
    @Test func aDeferBlockThatOnlySendsIsNamedAsSuch() {
        let source = """
            import SwiftUI

            final class Feed: ObservableObject {
                @Published var items: [String] = []
                func load() {
                    defer { objectWillChange.send() }
                    print(items.count)
                }
                func later() {
                    DispatchQueue.main.async { self.objectWillChange.send() }
                }
            }

            """
        let messages = InferenceTestTree.analyze([source], Configuration()).findings
            .filter { $0.ruleID == ObjectWillChangeSend.id && $0.isBlocker }.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.contains { $0.contains("in a defer block that only sends announces whatever the function changed") })
        #expect(messages.contains { $0.contains("in a closure that only sends forwards a change made elsewhere") })
    }

    @Test(arguments: cases) func eachSendGoesOrStaysAsReviewed(_ example: Case) {
        let analysis = InferenceTestTree.analyze([example.source + "\n"], Configuration())
        var found: [Int: Bool] = [:]
        for finding in analysis.findings where finding.ruleID == ObjectWillChangeSend.id {
            found[analysis.location(finding).line] = finding.fixClass == .review && !finding.isBlocker
        }
        #expect(found == example.sends)
    }
}
