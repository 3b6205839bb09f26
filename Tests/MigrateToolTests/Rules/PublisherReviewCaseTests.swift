import SourceScan
import Testing
@testable import MigrateTool

/// The review of the publisher bridge, `.onReceive` rewrites, accessor notifications and
/// subclasses migrating alone (session 32): each case is a tree the reviewer built to make the
/// tool write something that does not compile or shows a stale value (the outputs were
/// typechecked against the fixtures' SwiftUI and Combine stand-ins and run on their render host).
/// The tests check what each fix changed in the output, and that a second run changes nothing.
@Suite struct PublisherReviewCaseTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var why: String
        var source: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "subclass-manual-send-observed", why: "a subclass whose legacy base announces a computed list by hand, read through @StateObject: it stays with the base", source: #"""
            import SwiftUI
            import Combine

            final class ItemStore {
                private(set) var items: [String] = []
                func reload() { items.append("row") }
            }

            class ListViewModel: ObservableObject {
                let store = ItemStore()

                var items: [String] { store.items }

                func reload() {
                    store.reload()
                    objectWillChange.send()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxView: View {
                @StateObject private var model = InboxViewModel()

                var body: some View {
                    VStack {
                        Text("unread \(model.unread)")
                        ForEach(model.items, id: \.self) { Text($0) }
                        Button("Reload") { model.reload() }
                    }
                }
            }
            """#),
        Case(name: "subclass-manual-send-plain", why: "the same read through @ObservedObject, which plain apply wrote as safe", source: #"""
            import SwiftUI
            import Combine

            final class ItemStore {
                private(set) var items: [String] = []
                func reload() { items.append("row") }
            }

            class ListViewModel: ObservableObject {
                let store = ItemStore()

                var items: [String] { store.items }

                func reload() {
                    store.reload()
                    objectWillChange.send()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxView: View {
                @ObservedObject var model: InboxViewModel

                var body: some View {
                    VStack {
                        Text("unread \(model.unread)")
                        ForEach(model.items, id: \.self) { Text($0) }
                        Button("Reload") { model.reload() }
                    }
                }
            }
            """#),
        Case(name: "subclass-subscript", why: "the base publishes pages and a subscript reads them; the view shows model[0]", source: #"""
            import SwiftUI
            import Combine

            final class Backend { func ping() {} }

            class PagedViewModel: ObservableObject {
                let backend = Backend()
                @Published var pages: [String] = ["first"]

                subscript(index: Int) -> String { pages[index] }

                func poke() {
                    backend.ping()
                    objectWillChange.send()
                }

                func add() { pages[0] = "changed" }
            }

            final class ReaderViewModel: PagedViewModel {
                @Published var zoom = 1
            }

            struct ReaderView: View {
                @ObservedObject var model: ReaderViewModel

                var body: some View {
                    VStack {
                        Text("zoom \(model.zoom)")
                        Text(model[0])
                        Button("Change") { model.add() }
                    }
                }
            }
            """#),
        Case(name: "subclass-handed-on", why: "the view hands the model to a helper reading the base's title", source: #"""
            import SwiftUI
            import Combine

            final class Backend { func ping() {} }

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

                var body: some View {
                    VStack {
                        Text("zoom \(model.zoom)")
                        header(for: model)
                        Button("Change") { model.rename() }
                    }
                }

                private func header(for page: PagedViewModel) -> Text {
                    Text(page.title)
                }
            }
            """#),
        Case(name: "subclass-protocol-extension", why: "the view reads a protocol extension's property over the base's title", source: #"""
            import SwiftUI
            import Combine

            final class Backend { func ping() {} }

            protocol Titled {
                var title: String { get }
            }

            extension Titled {
                var headline: String { title.uppercased() }
            }

            class PagedViewModel: ObservableObject, Titled {
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

                var body: some View {
                    VStack {
                        Text("zoom \(model.zoom)")
                        Text(model.headline)
                        Button("Change") { model.rename() }
                    }
                }
            }
            """#),
        Case(name: "subclass-base-plain-var", why: "a send beside a change of the legacy base's plain var announces untracked state", source: #"""
            import SwiftUI
            import Combine

            final class Backend { func ping() {} }

            class ListViewModel: ObservableObject {
                let backend = Backend()
                var cached: [String] = ["a"]

                func poke() {
                    backend.ping()
                    objectWillChange.send()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0

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
                        Text("cached \(model.cached.count)")
                        Button("Reset") { model.reset() }
                    }
                }
            }
            """#),
        Case(name: "on-receive-for-loop", why: "a closure body starting with for … in or let is no signature", source: #"""
            import SwiftUI

            final class Inbox: ObservableObject {
                @Published var counts: [Int] = []
                @Published var unread = 0
            }

            struct InboxView: View {
                @ObservedObject var inbox: Inbox
                @State private var total = 0

                var body: some View {
                    Text("\(total)")
                        .onReceive(inbox.$counts) { for count in $0 { total += count } }
                        .onReceive(inbox.$unread) { let n = $0; for _ in 0..<n { total += 1 } }
                }
            }
            """#),
        Case(name: "getter-do-catch", why: "a getter that is only do/catch gets no return in front", source: #"""
            import Foundation
            import SwiftUI

            final class Prefs: ObservableObject {
                let defaults = UserDefaults.standard

                var a: Int {
                    get {
                        guard defaults.object(forKey: "a") != nil else { return 5 }
                        return defaults.integer(forKey: "a")
                    }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "a") }
                }

                var b: Int {
                    get {
                        // stored as a string
                        let raw = defaults.string(forKey: "b") ?? "0"
                        return Int(raw) ?? 0
                    }
                    set { objectWillChange.send(); defaults.set(String(newValue), forKey: "b") }
                }

                var c: [String] {
                    get {
                        do {
                            return try JSONDecoder().decode([String].self, from: defaults.data(forKey: "c") ?? Data())
                        } catch {
                            return []
                        }
                    }
                    set { objectWillChange.send(); defaults.set(try? JSONEncoder().encode(newValue), forKey: "c") }
                }

                var d: Int {
                    get { defaults.integer(forKey: "d") } // plain
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "d")
                    }
                }

                var e: Bool {
                    get { return defaults.bool(forKey: "e") }
                    set(flag) { objectWillChange.send(); defaults.set(flag, forKey: "e") }
                }
            }
            """#),
        Case(name: "getter-if-directive", why: "a getter that is only #if gets no return in front", source: #"""
            import Foundation
            import SwiftUI

            enum Theme: String { case light, dark }

            final class Prefs: ObservableObject {
                let defaults = UserDefaults.standard

                var theme: Theme {
                    get {
                        if let raw = defaults.string(forKey: "theme") { Theme(rawValue: raw) ?? .light } else { .light }
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue.rawValue, forKey: "theme")
                    }
                }

                var size: Int {
                    get {
                        switch defaults.integer(forKey: "size") {
                        case 0: 12
                        case let n: n
                        }
                    }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "size") }
                }

                var name: String {
                    get { defaults.string(forKey: "name") ?? "none" }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "name") }
                }

                var label: String {
                    get {
                        #if DEBUG
                        return "debug"
                        #else
                        return defaults.string(forKey: "label") ?? ""
                        #endif
                    }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "label") }
                }
            }
            """#),
        Case(name: "override-key-path", why: "an override in an @Observable subclass names its own key path root", source: #"""
            import Foundation
            import SwiftUI

            class Preferences: ObservableObject {
                var fontSize: Double {
                    get { UserDefaults.standard.double(forKey: "fontSize") }
                    set {
                        objectWillChange.send()
                        UserDefaults.standard.set(newValue, forKey: "fontSize")
                    }
                }
            }

            final class ReaderPreferences: Preferences {
                override var fontSize: Double {
                    get { UserDefaults.standard.double(forKey: "readerFontSize") }
                    set {
                        objectWillChange.send()
                        UserDefaults.standard.set(newValue, forKey: "readerFontSize")
                    }
                }
            }

            struct FontView: View {
                @ObservedObject var prefs: ReaderPreferences
                var body: some View {
                    VStack {
                        Text("size \(prefs.fontSize)")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """#),
        Case(name: "shadowed-color", why: "the tree's own Color is not SwiftUI's Equatable one", source: #"""
            import SwiftUI

            struct Color: Codable {
                var red: Double
                var green: Double
                var blue: Double
            }

            final class Canvas: ObservableObject {
                @Published var ink: Color = Color(red: 0, green: 0, blue: 0)
            }

            struct InkWell: View {
                @ObservedObject var canvas: Canvas
                @State private var changes = 0

                var body: some View {
                    Text("\(changes)")
                        .onReceive(canvas.$ink) { _ in changes += 1 }
                }
            }
            """#),
        Case(name: "conditional-equatable", why: "Equatable stated under a where clause is no evidence", source: #"""
            import SwiftUI
            import Combine

            struct Opaque { var id = 0 }
            struct Box<T> { var value: T }
            extension Box: Equatable where T: Equatable {}

            enum Phase { case idle, busy }

            final class Job: ObservableObject {
                enum Phase { case idle, failed(String) }
                @Published var box = Box(value: Opaque())
                @Published var phase: Phase = .idle
                @Published var position = (0, 0)
                @Published var info: [String: Any] = [:]
                @Published var result: Result<Int, Error>? = nil
            }

            struct JobView: View {
                @ObservedObject var job: Job
                @State private var n = 0

                var body: some View {
                    Text("")
                        .onReceive(job.$box) { _ in n += 1 }
                        .onReceive(job.$phase) { _ in n += 1 }
                        .onReceive(job.$position) { _ in n += 1 }
                        .onReceive(job.$info) { _ in n += 1 }
                        .onReceive(job.$result) { _ in n += 1 }
                }
            }
            """#),
        Case(name: "failable-initializers", why: "URL(string:) and Array(repeating:count:) leave the subject's type to the compiler", source: #"""
            import Foundation
            import Combine

            final class Browser: ObservableObject {
                @Published var address = URL(string: "https://example.com")
                @Published var tabs = Array(repeating: "", count: 2)
            }

            final class History {
                var bag = Set<AnyCancellable>()

                func follow(_ browser: Browser) {
                    browser.$address.sink { print($0 as Any) }.store(in: &bag)
                    browser.$tabs.sink { print($0.count) }.store(in: &bag)
                }
            }
            """#),
        Case(name: "failable-initializers-2", why: "Int(\"3\") and Array(\"abc\")", source: #"""
            import Foundation
            import Combine

            enum Mode { case a, b }
            struct Point { var x = 0 }
            func makeLimit() -> Int { 3 }

            final class Bag: ObservableObject {
                @Published var ratio = 1 / 3.0
                @Published var big = 1e3
                @Published var neg = -1
                @Published var hex = 0x10
                @Published var small = UInt8(0)
                @Published var mode = Mode.a
                @Published var modes: [Mode] = [.a]
                @Published var dict = [String: Int]()
                @Published var opt: Int? = nil
                @Published var none = Optional<String>.none
                @Published var date = Date()
                @Published var limit = makeLimit()
                @Published var tuple = (1, "a")
                @Published var point = Point()
                @Published var closure: () -> Void = {}
                @Published var sum = 1 + 2
                @Published var concat = "a" + "b"
                @Published var flag = !true
                @Published var chars = Array("abc")
                @Published var range = 0..<3
                @Published var cast = 1 as Double
                @Published var int64: Int64 = 0
                @Published var nested = [[1]]
                @Published var maybe = Int("3")
                @Published var tern = true ? 1 : 2
                var bag = Set<AnyCancellable>()

                init() {
                    $ratio.sink { _ in }.store(in: &bag)
                    $big.sink { _ in }.store(in: &bag)
                    $neg.sink { _ in }.store(in: &bag)
                    $hex.sink { _ in }.store(in: &bag)
                    $small.sink { _ in }.store(in: &bag)
                    $mode.sink { _ in }.store(in: &bag)
                    $modes.sink { _ in }.store(in: &bag)
                    $dict.sink { _ in }.store(in: &bag)
                    $opt.sink { _ in }.store(in: &bag)
                    $none.sink { _ in }.store(in: &bag)
                    $date.sink { _ in }.store(in: &bag)
                    $limit.sink { _ in }.store(in: &bag)
                    $tuple.sink { _ in }.store(in: &bag)
                    $point.sink { _ in }.store(in: &bag)
                    $closure.sink { _ in }.store(in: &bag)
                    $sum.sink { _ in }.store(in: &bag)
                    $concat.sink { _ in }.store(in: &bag)
                    $flag.sink { _ in }.store(in: &bag)
                    $chars.sink { _ in }.store(in: &bag)
                    $range.sink { _ in }.store(in: &bag)
                    $cast.sink { _ in }.store(in: &bag)
                    $int64.sink { _ in }.store(in: &bag)
                    $nested.sink { _ in }.store(in: &bag)
                    $maybe.sink { _ in }.store(in: &bag)
                    $tern.sink { _ in }.store(in: &bag)
                }
            }
            """#),
        Case(name: "raw-value-initializer", why: "Sort(rawValue:) is optional", source: #"""
            import Foundation
            import Combine

            enum Constants {
                static let pageSize = 20
                static let title = "Inbox"
            }
            struct Theme {
                static let defaultName = "light"
                var name = ""
            }
            enum Sort: String {
                case name, date
                static let all: [Sort] = [.name, .date]
            }

            final class Feed: ObservableObject {
                @Published var pageSize = Constants.pageSize
                @Published var themeName = Theme.defaultName
                @Published var sorts = Sort.all
                @Published var sort = Sort(rawValue: "name")
                @Published var label = Sort.name.rawValue
            }

            final class Watcher {
                var bag = Set<AnyCancellable>()
                func follow(_ feed: Feed) {
                    feed.$pageSize.sink { print($0) }.store(in: &bag)
                    feed.$themeName.sink { print($0) }.store(in: &bag)
                    feed.$sorts.sink { print($0) }.store(in: &bag)
                    feed.$sort.sink { print($0 as Any) }.store(in: &bag)
                    feed.$label.sink { print($0) }.store(in: &bag)
                }
            }
            """#),
        Case(name: "shared-line", why: "two @Published on one line get no bridge", source: #"""
            import Combine

            struct Config { var size = 1 }

            final class Model: ObservableObject {
                static let shared = Model()

                @Published
                var config: Config = {
                    var c = Config()
                    c.size = 2
                    return c
                }()
                @Published var names: [String] = [
                    "a",
                    "b",
                ] // the names
                @Published var count = 0 { didSet { print(count) } }
                @Published var flag = false /* keep */ ; @Published var other = 1
                var bag = Set<AnyCancellable>()
            }

            func watch() -> [AnyCancellable] {
                [
                    Model.shared.$config.sink { print($0.size) },
                    Model.shared.$names.sink { print($0) },
                    Model.shared.$count.sink { print($0) },
                    Model.shared.$flag.sink { print($0) },
                    Model.shared.$other.sink { print($0) },
                ]
            }
            """#),
        Case(name: "shared-defaults-key", why: "another member reads the same defaults key", source: #"""
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
            """#),
        Case(name: "shared-app-storage-key", why: "another @AppStorage property uses the same key", source: #"""
            import Foundation
            import SwiftUI

            final class Appearance: ObservableObject {
                @AppStorage("theme") var theme = "light" {
                    didSet { objectWillChange.send() }
                }
                @AppStorage("theme") var themeLabel = "light"
            }

            struct ThemeView: View {
                @ObservedObject var appearance: Appearance
                var body: some View {
                    VStack {
                        Text("theme \(appearance.themeLabel)")
                        Button("Dark") { appearance.theme = "dark" }
                    }
                }
            }
            """#),
        Case(name: "map-through-class", why: "a mapped path through a class's member changes in place without the publisher announcing it", source: #"""
            import SwiftUI
            import Combine

            struct Opaque { var id = 0 }
            final class Engine { var rpm = 0 }
            struct Car { var engine = Engine(); var tag = Opaque(); var name = "" ; var doors = [Opaque()] }

            final class Garage: ObservableObject {
                @Published var car = Car()
                @Published var cars: [Car] = []
            }

            struct GarageView: View {
                @ObservedObject var garage: Garage
                @State private var n = 0

                var body: some View {
                    Text("")
                        .onReceive(garage.$car.map { $0.engine }) { _ in n += 1 }
                        .onReceive(garage.$car.map(\.tag)) { _ in n += 1 }
                        .onReceive(garage.$car.map { $0.name }) { _ in n += 1 }
                        .onReceive(garage.$car.map(\.doors)) { _ in n += 1 }
                        .onReceive(garage.$cars.map { $0.first }) { _ in n += 1 }
                        .onReceive(garage.$cars.map(\.count)) { _ in n += 1 }
                        .onReceive(garage.$cars.map { $0.isEmpty }) { _ in n += 1 }
                        .onReceive(garage.$car.map { $0.engine.rpm }) { _ in n += 1 }
                }
            }
            """#),
        Case(name: "getter-continued-line", why: "a getter whose expression starts on the brace's line and goes on below (the reviewer's doubt)", source: #"""
            import SwiftUI
            import Combine

            final class Prefs: ObservableObject {
                let defaults = UserDefaults.standard
                var name: String {
                    get { defaults.string(forKey: "name")
                        ?? "none" }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "name") }
                }
                var title: String {
                    get {
                        defaults.string(forKey: "title")
                            ?? "none"
                    }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "title")
                    }
                }
            }

            struct V: View {
                @ObservedObject var p: Prefs
                var body: some View { Text(p.name + p.title) }
            }
            """#),
    ]

    static func output(_ name: String) -> (written: [String], text: String) {
        migrated(cases.first { $0.name == name }!.source)
    }

    /// The units `apply --unsafe-fixes` writes in a one-file tree, and the file it leaves.
    static func migrated(_ source: String) -> (written: [String], text: String) {
        let analysis = InferenceTestTree.analyze([source], Configuration())
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        let written = analysis.units.filter { plan.appliedUnits.contains($0.id) }.map(\.name)
        return (written, plan.newContents[0].map { String(decoding: $0, as: UTF8.self) } ?? source)
    }

    @Test(arguments: cases) func aSecondRunChangesNothing(_ reviewCase: Case) {
        let (_, text) = Self.output(reviewCase.name)
        let again = Migrator.plan(InferenceTestTree.analyze([text], Configuration()), options: MigrationOptions(unsafeFixes: true))
        #expect(again.newContents.isEmpty, "\(reviewCase.why)")
    }

    @Test(arguments: ["subclass-manual-send-observed", "subclass-manual-send-plain", "subclass-subscript", "subclass-handed-on",
                      "subclass-protocol-extension", "subclass-base-plain-var"])
    func aSubclassWhoseViewsMayReadItsLegacyBasesStateStaysWithTheBase(_ name: String) {
        let (written, text) = Self.output(name)
        #expect(written.isEmpty, "\(name): \(written)")
        #expect(!text.contains("@Observable"))
    }

    @Test func anIdentityMemberNoClassDeclaresDoesNotTieTheSubclass() {
        let source = #"""
            import SwiftUI

            class ListModel: ObservableObject, Identifiable {
                var items: [String] = []
                func reload() {
                    items = ["a"]
                    objectWillChange.send()
                }
            }

            final class InboxModel: ListModel {
                @Published var unread = 0
            }

            struct InboxView: View {
                @ObservedObject var model: InboxModel
                var body: some View { Text("\(model.unread)").id(model.id) }
            }

            """#
        let (written, _) = Self.migrated(source)
        #expect(written.contains("InboxModel"))
        // Reading what the base announces by hand ties it again.
        let (tied, _) = Self.migrated(source.replacingOccurrences(of: ".id(model.id)", with: ".id(model.items.count)"))
        #expect(!tied.contains("InboxModel"))
    }

    @Test func aClosureBodyStartingWithAStatementKeepsItsStatement() {
        let text = Self.output("on-receive-for-loop").text
        #expect(text.contains(".onChange(of: inbox.counts, initial: true) { for count in $1 { total += count } }"))
        #expect(text.contains("{ let n = $1; for _ in 0..<n { total += 1 } }"))
        #expect(!text.contains("_, for") && !text.contains("_, let"))
    }

    @Test func aGetterThatIsAStatementGetsNoReturn() {
        for name in ["getter-do-catch", "getter-if-directive"] {
            let text = Self.output(name).text
            #expect(text.contains("access(keyPath:"), "\(name)")
            #expect(!text.contains("return do") && !text.contains("return #if"), "\(name)")
        }
    }

    @Test func aGetterGoingOnBelowItsBracesLineGetsTheCallOnThatLine() {
        let (written, text) = Self.output("getter-continued-line")
        #expect(written == ["Prefs"])
        #expect(text.contains("get { access(keyPath: \\.name); return defaults.string(forKey: \"name\")\n"))
    }

    @Test func anOverrideNamesItsOwnClassInTheKeyPath() {
        let text = Self.output("override-key-path").text
        #expect(text.contains("access(keyPath: \\ReaderPreferences.fontSize)"))
        #expect(text.contains("withMutation(keyPath: \\ReaderPreferences.fontSize)"))
        #expect(text.contains("access(keyPath: \\.fontSize)"))
    }

    @Test func equalityIsNotAssumedForAShadowedNameOrAConditionalConformance() {
        #expect(!Self.output("shadowed-color").text.contains("onChange(of:"))
        #expect(!Self.output("conditional-equatable").text.contains("onChange(of: job.box"))
    }

    @Test func aSubjectOfAValueAFailableOrGenericInitializerMakesLeavesTheTypeToTheCompiler() {
        let text = Self.output("failable-initializers").text + Self.output("failable-initializers-2").text
            + Self.output("raw-value-initializer").text
        #expect(text.contains("CurrentValueSubject<_, Never>(address)"))
        #expect(!text.contains("CurrentValueSubject<URL, Never>"))
        #expect(!text.contains("CurrentValueSubject<Array, Never>"))
        #expect(text.contains("CurrentValueSubject<_, Never>(maybe)"))
        #expect(!text.contains("CurrentValueSubject<Sort, Never>"))
    }

    @Test func aMappedPathThroughAClassKeepsThePublisher() {
        let text = Self.output("map-through-class").text
        #expect(text.contains(".onChange(of: garage.car.name, initial: true)"))
        #expect(text.contains(".onReceive(garage.carPublisher.map { $0.engine.rpm })"))
        #expect(!text.contains("onChange(of: garage.car.engine"))
    }

    @Test func aPropertyDeclaredOnAnothersLineGetsNoBridge() {
        let (written, text) = Self.output("shared-line")
        #expect(written.isEmpty)
        #expect(!text.contains("Subject"))
    }

    @Test func aStoredValueAnotherMemberReadsKeepsItsSend() {
        for name in ["shared-defaults-key", "shared-app-storage-key"] {
            let (written, text) = Self.output(name)
            #expect(written.isEmpty, "\(name)")
            #expect(!text.contains("withMutation"), "\(name)")
        }
    }
}
