import SourceScan
import Testing
@testable import MigrateTool

/// `untracked-state-shown`: a member a view shows over state `@Observable` does not track, which
/// the model changes beside tracked state, makes its unit a review; the cases where the legacy
/// view did not refresh either, or nothing shows the member, stay ready.
@Suite struct UntrackedStateShownTests {
    /// The rule's findings' messages and the unit's verdict, for a model and a view.
    static func check(_ model: String, view: String) -> (messages: [String], verdict: Verdict?) {
        let analysis = InferenceTestTree.analyze([model, view], Configuration())
        let messages = analysis.findings.filter { $0.ruleID == UntrackedStateShown.id }.map(\.message)
        return (messages, analysis.units.first?.verdict)
    }

    /// A settings model with the published `step` and `hasFinished` over the "onboarded" key,
    /// and the members given (indented as the class's body).
    static func onboarding(_ members: String) -> String {
        """
        import Foundation
        import Combine

        final class Settings: ObservableObject {
            @Published var step = 2
            var hasFinished: Bool { UserDefaults.standard.bool(forKey: "onboarded") }
        \(members)
        }

        """
    }

    static func view(showing expression: String, model: String = "Settings") -> String {
        """
        import SwiftUI

        struct Badge: View {
            @ObservedObject var model: \(model)
            var body: some View { Text(\(expression)) }
        }

        """
    }

    @Test func aKeyWrittenBesideAPublishedChangeIsNamed() {
        let model = Self.onboarding("""

                func finish() {
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    step = 0
                }
            """)
        let result = Self.check(model, view: Self.view(showing: "model.hasFinished ? \"yes\" : \"no\""))
        #expect(result.verdict == .needsUnsafeFixes)
        #expect(result.messages.count == 1)
        #expect(result.messages.first?.contains("'hasFinished' reads the value stored under \"onboarded\"") == true)
        #expect(result.messages.first?.contains("Badge reads it as it renders, and finish() changes it beside 'step'") == true)
    }

    @Test func aChangeOfTheStateAloneIsNoChangeOfBehaviour() {
        // The legacy view did not refresh on `finish()` either: nothing published changed.
        let model = Self.onboarding("""

                func finish() {
                    UserDefaults.standard.set(true, forKey: "onboarded")
                }

                func next() { step += 1 }
            """)
        let result = Self.check(model, view: Self.view(showing: "model.hasFinished ? \"yes\" : \"no\""))
        #expect(result.messages.isEmpty)
        #expect(result.verdict == .ready)
    }

    @Test func aMemberNoViewShowsOrAnotherKeyGivesNoFinding() {
        let model = Self.onboarding("""
                var launches: Int { UserDefaults.standard.integer(forKey: "launches") }
                private var secret: Bool { UserDefaults.standard.bool(forKey: "onboarded") }

                func finish() {
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    step = 0
                }
            """)
        let result = Self.check(model, view: Self.view(showing: "\"\\(model.launches) \\(model.step)\""))
        #expect(result.messages.isEmpty)
        #expect(result.verdict == .ready)
    }

    @Test func aSendBesideTheChangeIsTheSendRulesToName() {
        let model = Self.onboarding("""

                func finish() {
                    objectWillChange.send()
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    step = 0
                }
            """)
        let result = Self.check(model, view: Self.view(showing: "model.hasFinished ? \"yes\" : \"no\""))
        #expect(result.messages.isEmpty)
    }

    @Test func aTrackedChangeThroughTheModelsOwnMethodCounts() {
        let model = Self.onboarding("""

                func finish() {
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    reset()
                }

                private func reset() { step = 0 }
            """)
        let result = Self.check(model, view: Self.view(showing: "model.hasFinished ? \"yes\" : \"no\""))
        #expect(result.messages.first?.contains("finish() changes it beside 'step'") == true)
        #expect(result.verdict == .needsUnsafeFixes)
    }

    @Test func anObjectsPropertyAssignedInAMethodWithAResultReaderCounts() {
        let model = """
            import Foundation
            import Combine

            final class Store {
                var favorites: Set<Int> = []
            }

            final class Settings: ObservableObject {
                private let store = Store()
                @Published var count = 0

                func isFavorite(_ id: Int) -> Bool { store.favorites.contains(id) }

                func toggle(_ id: Int) {
                    store.favorites = store.favorites.symmetricDifference([id])
                    count += 1
                }
            }

            """
        let result = Self.check(model, view: Self.view(showing: "model.isFavorite(1) ? \"yes\" : \"no\""))
        #expect(result.messages.first?.contains("'isFavorite(_:)' reads 'store.favorites'") == true)
        #expect(result.messages.first?.contains("toggle(_:) changes it beside 'count'") == true)
    }

    @Test func anInitializersStoredClosureCountsButItsOwnStatementsDoNot() {
        func model(_ initBody: String) -> String {
            """
            import Foundation
            import Combine

            final class Settings: ObservableObject {
                @Published var step = 2
                var hasFinished: Bool { UserDefaults.standard.bool(forKey: "onboarded") }

                init() {
            \(initBody)
                }
            }

            """
        }
        let direct = model("""
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    step = 0
            """)
        #expect(Self.check(direct, view: Self.view(showing: "model.hasFinished ? \"yes\" : \"no\"")).messages.isEmpty)
        let observer = model("""
                    NotificationCenter.default.addObserver(forName: .init("done"), object: nil, queue: .main) { [weak self] _ in
                        UserDefaults.standard.set(true, forKey: "onboarded")
                        self?.step = 0
                    }
            """)
        let result = Self.check(observer, view: Self.view(showing: "model.hasFinished ? \"yes\" : \"no\""))
        #expect(result.messages.first?.contains("a closure of init changes it beside 'step'") == true)
    }

    @Test func aLocalsAssignmentOrADeclarationIsNoChange() {
        let model = Self.onboarding("""

                func finish() {
                    var done: Bool = UserDefaults.standard.bool(forKey: "onboarded")
                    done = true
                    if let value = UserDefaults.standard.object(forKey: "onboarded") as? Bool { print(value, done) }
                    step = 0
                }
            """)
        #expect(Self.check(model, view: Self.view(showing: "model.hasFinished ? \"yes\" : \"no\"")).messages.isEmpty)
    }

    @Test func assignmentTargetsAreTheChainBeforeTheOperator() {
        func target(_ code: String) -> String? {
            let file = FileStructure(text: code)
            guard let index = file.tokens.indices.first(where: { file.tokens[$0].kind == .equal || file.source.text($0) == "+=" }),
                  let range = UntrackedReads.assignmentTarget(before: index, from: 0, file) else { return nil }
            return file.compactText(range)
        }
        #expect(target("engine.volume = v") == "engine.volume")
        #expect(target("self.cache[key]?.count += 1") == "self.cache[key]?.count")
        #expect(target("Settings.shared.theme = t") == "Settings.shared.theme")
        #expect(target("let x = v") == nil)
        #expect(target("var y: Int = 0") == nil)
        #expect(target("if let z = w {}") == nil)
    }

    /// The legacy refreshes that did not happen, and the views that redraw anyway.
    @Test func noRefreshToLoseGivesNoFinding() {
        func model(_ body: String, extra: String = "") -> String {
            """
            import Foundation
            import Combine

            final class Settings: ObservableObject {
                @Published var step = 2
                var counter = 0
                var hasFinished: Bool { UserDefaults.standard.bool(forKey: "onboarded") }
                var isDone: Bool { step == 0 && UserDefaults.standard.bool(forKey: "onboarded") }
            \(extra)
                func finish() {
            \(body)
                }
            }

            """
        }
        let shown = Self.view(showing: "model.hasFinished ? \"yes\" : \"no\"")
        // A plain `var` never told views to redraw.
        #expect(Self.check(model("""
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    counter += 1
            """), view: shown).messages.isEmpty)
        // The view shows the published property too: it redraws with it.
        #expect(Self.check(model("""
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    step = 0
            """), view: Self.view(showing: "\"\\(model.step) \\(model.hasFinished)\"")).messages.isEmpty)
        // The member reads the published property itself: tracked through it.
        #expect(Self.check(model("""
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    step = 0
            """), view: Self.view(showing: "model.isDone ? \"yes\" : \"no\"")).messages.isEmpty)
        // The view reads the member only in an action.
        let action = """
            import SwiftUI

            struct Badge: View {
                @ObservedObject var model: Settings
                var body: some View {
                    Button("Go") { print(model.hasFinished) }
                        .onAppear { print(model.hasFinished) }
                }
            }

            """
        #expect(Self.check(model("""
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    step = 0
            """), view: action).messages.isEmpty)
    }

    @Test func aTrackedValueChangedThroughIsATrackedChange() {
        let model = """
            import Foundation
            import Combine

            struct Config { var volume = 1.0 }

            final class Settings: ObservableObject {
                @Published var config = Config()
                @Published var step = 2
                var loud: Bool { config.volume > 0.5 }

                func mute() {
                    config.volume = 0
                    step = 0
                }
            }

            """
        #expect(Self.check(model, view: Self.view(showing: "model.loud ? \"yes\" : \"no\"")).messages.isEmpty)
    }

    @Test func actionClosuresAreToldApart() {
        let file = FileStructure(text: """
            Button("A") { a() }
            Button { b() } label: { Text(c) }
            Text(d).onChange(of: e) { f() }.task { g() }
            Row(onSelect: { h() }, content: { i })
            func sync() { j() }
            """)
        let inAction = ViewReads.actionTokens(in: file)
        func flagged(_ name: String) -> Bool {
            file.tokens.indices.first { file.tokens[$0].kind == .identifier && file.source.text($0) == name }.map { inAction[$0] } ?? false
        }
        #expect(["a", "b", "f", "g", "h", "j"].allSatisfy(flagged))
        #expect(!["c", "d", "e", "i"].contains(where: flagged))
    }

    @Test func onlyStateSurelyTheSameCounts() {
        func read(_ path: [String], _ key: String? = nil, unknownKey: Bool = false) -> UntrackedRead {
            UntrackedRead(path: path, key: key.map { StorageKey(form: .literal($0)) })
        }
        let store = UntrackedRead.keyedStore
        #expect(UntrackedStateShown.surelyOverlap(read([store], "a"), read([store], "a")))
        #expect(!UntrackedStateShown.surelyOverlap(read([store], "a"), read([store], "b")))
        // A key the tree does not tell may be any: no finding on a guess.
        #expect(!UntrackedStateShown.surelyOverlap(read([store]), read([store], "a")))
        #expect(UntrackedStateShown.surelyOverlap(read(["engine", "volume"]), read(["engine", "volume"])))
        #expect(UntrackedStateShown.surelyOverlap(read(["engine", "volume"]), read(["engine"])))
        // Two branches of one root (`Current.health…` and `Current.settings…`), and a member
        // handing on the whole object.
        #expect(!UntrackedStateShown.surelyOverlap(read(["Current", "health"]), read(["Current", "settings", "interval"])))
        #expect(!UntrackedStateShown.surelyOverlap(read(["engine"]), read(["engine", "volume"])))
    }

    @Test func aPublishedPropertyReadThroughAHelperIsTracked() {
        let model = """
            import Foundation
            import Combine

            final class Settings: ObservableObject {
                @Published var step = 2
                var hasFinished: Bool { UserDefaults.standard.bool(forKey: "onboarded") && isFirst() }

                func isFirst() -> Bool { step == 0 }

                func finish() {
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    step = 0
                }
            }

            """
        #expect(Self.check(model, view: Self.view(showing: "model.hasFinished ? \"yes\" : \"no\"")).messages.isEmpty)
    }

    @Test func theViewNamedIsOneThatRendersTheMember() {
        let model = """
            import Foundation
            import Combine
            import SwiftUI

            final class Settings: ObservableObject {
                @Published var seed = 0
                @AppStorage("Steps") var steps = 12.0

                func copy(_ other: Double) {
                    steps = other
                    seed += 1
                }
            }

            """
        let views = """
            import SwiftUI

            struct Popover: View {
                @EnvironmentObject var model: Settings
                var body: some View { Row(callback: { model.steps = 3 }) }
            }

            struct StepsView: View {
                @EnvironmentObject var model: Settings
                var body: some View { Text("\\(model.steps)") }
            }

            """
        let result = Self.check(model, view: views)
        #expect(result.messages.count == 1)
        #expect(result.messages.first?.contains("StepsView reads it as it renders, and copy(_:) changes it beside 'seed'") == true)
    }

    /// The second review's cases (`/tmp/s34/review`): a change made in a helper the method
    /// calls, a setter that publishes a partner, an observer named by its property.
    @Test func changesThroughHelpersSettersAndObserversAreFound() {
        let helper = Self.onboarding("""

                func finish() {
                    markDone()
                    step = 0
                }

                private func markDone() { UserDefaults.standard.set(true, forKey: "onboarded") }
            """)
        let shown = Self.view(showing: "model.hasFinished ? \"yes\" : \"no\"")
        #expect(Self.check(helper, view: shown).messages.first?.contains("finish() changes it beside 'step'") == true)
        let setter = """
            import Foundation
            import Combine

            final class Settings: ObservableObject {
                @Published var version = 0
                var theme: String {
                    get { UserDefaults.standard.string(forKey: "theme") ?? "light" }
                    set {
                        UserDefaults.standard.set(newValue, forKey: "theme")
                        version += 1
                    }
                }
            }

            """
        #expect(Self.check(setter, view: Self.view(showing: "model.theme")).messages.first?
            .contains("the setter of 'theme' changes it beside 'version'") == true)
        let observer = """
            import Foundation
            import Combine

            final class Engine { var volume = 1.0 }

            final class Settings: ObservableObject {
                let engine = Engine()
                @Published var level = 1.0 {
                    didSet { engine.volume = level }
                }
                var isMuted: Bool { engine.volume == 0 }
            }

            """
        #expect(Self.check(observer, view: Self.view(showing: "model.isMuted ? \"muted\" : \"on\"")).messages.first?
            .contains("didSet of 'level' changes it when 'level' changes") == true)
    }

    @Test func aChangeAndAPublishOnTwoPathsOrInTwoRunsGiveNoFinding() {
        // The legacy view did not refresh when the key changed on these paths either (review 1's f64,
        // review 2's n09).
        let shown = Self.view(showing: "model.hasFinished ? \"yes\" : \"no\"")
        let apart = [
            """
                func advance() {
                    if step >= 5 {
                        UserDefaults.standard.set(true, forKey: "onboarded")
                    } else {
                        step += 1
                    }
                }
            """,
            """
                func skip(_ really: Bool) {
                    guard really else {
                        step = 0
                        return
                    }
                    UserDefaults.standard.set(true, forKey: "onboarded")
                }
            """,
            """
                func finish() {
                    step = 0
                    DispatchQueue.main.asyncAfter(deadline: .now() + 5) { self.markDone() }
                }

                private func markDone() { UserDefaults.standard.set(true, forKey: "onboarded") }
            """,
            // A local function of that name is what the bare call runs (review 2's n10).
            """
                func markDone() { UserDefaults.standard.set(true, forKey: "onboarded") }

                func finish() {
                    func markDone() { print("local") }
                    markDone()
                    step = 0
                }
            """,
            // A helper whose change and publish are apart is apart for its callers too.
            """
                func next() { advance() }

                private func advance() {
                    if step >= 5 {
                        UserDefaults.standard.set(true, forKey: "onboarded")
                        return
                    }
                    step += 1
                }
            """,
        ]
        for members in apart {
            let result = Self.check(Self.onboarding(members), view: shown)
            #expect(result.messages.isEmpty, "\(members)")
            #expect(result.verdict == .ready)
        }
        let together = [
            ("""
                func advance() {
                    if step >= 5 {
                        UserDefaults.standard.set(true, forKey: "onboarded")
                    }
                    withAnimation { step += 1 }
                }
            """, "advance()"),
            ("""
                func finish() {
                    Task {
                        await upload()
                        UserDefaults.standard.set(true, forKey: "onboarded")
                        step = 0
                    }
                }

                private func upload() async {}
            """, "finish()"),
            ("""
                func next() { advance() }

                private func advance() {
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    step += 1
                }
            """, "next()"),
        ]
        for (members, body) in together {
            let result = Self.check(Self.onboarding(members), view: shown)
            #expect(result.messages.first?.contains("\(body) changes it beside 'step'") == true, "\(members)")
        }
    }

    @Test func aSwiftDataModelHeldByTheModelIsTracked() {
        // `@Model` makes `Vault` observable: a view reading `vault.name` through the model tracks it
        // (a held-out app's finding, masked there).
        func model(_ attribute: String) -> String {
            """
            import Foundation
            import Combine
            import SwiftData

            \(attribute)final class Vault {
                var name = ""
                init() {}
            }

            final class Settings: ObservableObject {
                @Published var step = 2
                let vault = Vault()
                var title: String { vault.name }

                func rename(_ name: String) {
                    vault.name = name
                    step += 1
                }
            }

            """
        }
        let shown = Self.view(showing: "model.title")
        #expect(Self.check(model("@Model "), view: shown).messages.isEmpty)
        #expect(Self.check(model(""), view: shown).messages.count == 1)
    }

    @Test func theMessageNamesThePublishThatRunsWithTheChange() {
        let model = """
            import Foundation
            import Combine

            final class Settings: ObservableObject {
                @Published var step = 2
                @Published var level = 0
                var hasFinished: Bool { UserDefaults.standard.bool(forKey: "onboarded") }

                func finish(_ done: Bool) {
                    if done {
                        step = 0
                    } else {
                        UserDefaults.standard.set(true, forKey: "onboarded")
                        level += 1
                    }
                }
            }

            """
        let messages = Self.check(model, view: Self.view(showing: "model.hasFinished ? \"yes\" : \"no\"")).messages
        #expect(messages.count == 1)
        #expect(messages.first?.contains("finish(_:) changes it beside 'level'") == true)
    }

    @Test func viewsThatRedrawAnywayOrNeverObservedGiveNoFinding() {
        let model = """
            import Foundation
            import Combine

            final class Settings: ObservableObject {
                @Published var step = 2
                var hasFinished: Bool { UserDefaults.standard.bool(forKey: "onboarded") }
                var stepText: String { "Step \\(step)" }
                var status: String { hasFinished ? "done" : "step \\(step)" }

                func finish() {
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    step = 0
                }
            }

            final class App: ObservableObject {
                let settings = Settings()
                @Published var title = ""
            }

            """
        // The view shows the partner through another computed member.
        #expect(Self.check(model, view: Self.view(showing: "\"\\(model.stepText) \\(model.hasFinished)\"")).messages.isEmpty)
        // The member the view shows reads the partner itself (in an interpolation).
        #expect(Self.check(model, view: Self.view(showing: "model.status")).messages.isEmpty)
        // Read through another object the view holds: the legacy view never redrew for it.
        #expect(Self.check(model, view: Self.view(showing: "model.settings.hasFinished ? \"yes\" : \"no\"", model: "App"))
            .messages.isEmpty)
        // `Button(action:) { label }` renders its label; a `let` in `body` is rendered too.
        let labelled = """
            import SwiftUI

            struct Badge: View {
                @ObservedObject var model: Settings
                var body: some View {
                    let done = model.hasFinished
                    return Button(action: { model.finish() }) { Text(done ? "yes" : "no") }
                }
            }

            """
        #expect(Self.check(model, view: labelled).messages.count == 1)
        // A representable reads it once, in makeNSView; updateNSView runs on every redraw.
        func representable(reading method: String) -> String {
            """
            import SwiftUI
            import AppKit

            struct Badge: NSViewRepresentable {
                @ObservedObject var model: Settings
                func makeNSView(context: Context) -> NSTextField {
                    NSTextField(labelWithString: \(method == "makeNSView" ? "model.hasFinished ? \"yes\" : \"no\"" : "\"\""))
                }
                func updateNSView(_ field: NSTextField, context: Context) {
                    \(method == "updateNSView" ? "field.stringValue = model.hasFinished ? \"yes\" : \"no\"" : "")
                }
            }

            """
        }
        #expect(Self.check(model, view: representable(reading: "makeNSView")).messages.isEmpty)
        #expect(Self.check(model, view: representable(reading: "updateNSView")).messages.count == 1)
    }

    /// The second review's cases (`/tmp/s34/review2`): an action handed by reference, methods
    /// told apart by their labels, a send two calls deep, and a reader reaching a sending
    /// property only through `self[…]` (the send rule's accessor rewrite must not change).
    @Test func actionsByReferenceOverloadsDeepSendsAndSubscripts() {
        let model = Self.onboarding("""

                func finish() {
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    step = 0
                }
            """)
        let byReference = """
            import SwiftUI

            struct Badge: View {
                @ObservedObject var model: Settings
                var body: some View {
                    VStack {
                        Text(model.hasFinished ? "yes" : "no")
                        Button("Finish", action: model.finish)
                    }
                }
            }

            """
        #expect(Self.check(model, view: byReference).messages.count == 1)
        let overloads = Self.onboarding("""

                func finish() {
                    save()
                    step = 0
                }

                func save() {}
                func save(_ done: Bool) { UserDefaults.standard.set(done, forKey: "onboarded") }
            """)
        let shown = Self.view(showing: "model.hasFinished ? \"yes\" : \"no\"")
        #expect(Self.check(overloads, view: shown).messages.isEmpty)
        let deepSend = Self.onboarding("""

                func finish() {
                    UserDefaults.standard.set(true, forKey: "onboarded")
                    refresh()
                    step = 0
                }

                private func refresh() { announce() }
                private func announce() { objectWillChange.send() }
            """)
        #expect(Self.check(deepSend, view: shown).messages.isEmpty)
        let subscripted = """
            import Foundation
            import Combine

            final class Preferences: ObservableObject {
                var compact: Bool {
                    get { UserDefaults.standard.bool(forKey: "compact") }
                    set {
                        objectWillChange.send()
                        UserDefaults.standard.set(newValue, forKey: "compact")
                    }
                }

                var fontSize: Double {
                    get { UserDefaults.standard.double(forKey: "fontSize") }
                    set {
                        objectWillChange.send()
                        UserDefaults.standard.set(newValue, forKey: "fontSize")
                    }
                }

                subscript(scale: String) -> Double { fontSize * 2 }

                var bigFont: Double { self["x"] }
            }

            """
        let prefsView = """
            import SwiftUI

            struct PrefsView: View {
                @ObservedObject var prefs: Preferences
                var body: some View { Text("\\(prefs.bigFont) \\(prefs.compact ? "c" : "w")") }
            }

            """
        let plan = Migrator.plan(InferenceTestTree.analyze([subscripted, prefsView], Configuration()), options: MigrationOptions(unsafeFixes: true))
        let migrated = plan.newContents[0].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(migrated.contains("withMutation(keyPath: \\.compact)"))
        #expect(migrated.contains("withMutation(keyPath: \\.fontSize)"))
    }
}
