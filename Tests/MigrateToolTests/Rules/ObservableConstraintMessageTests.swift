import Testing
@testable import MigrateTool

/// The sentences `observable-constraint` prints, asserted at each `↓` marker as swift-format's
/// `Finding.Message` tests do. The index reports why it cannot trace a use as facts
/// (`UntracedReason`); these tests pin the words the rule renders for each of them.
@Suite struct ObservableConstraintMessageTests {
    /// The rule's messages at each marker of `code`, in marker order; every marker must carry one.
    static func messagesAtMarkers(_ code: String) -> [[String]] {
        let (source, markers) = RuleExamples.stripMarkers(code)
        let findings = RuleExamples.analyzeInMemory(source).findings.filter { $0.ruleID == ObservableConstraint.id }
        return markers.map { marker in findings.filter { $0.offset == marker }.map(\.message).sorted() }
    }

    static let everyModel = "generic code constrained to ObservableObject must change with every model of the tree, "
        + "since any of them may reach it: "

    @Test func theDocumentedExample() throws {
        let document = try #require(RuleExamples.documents()[ObservableConstraint.id])
        let example = try #require(RuleExamples.parse(document, rule: ObservableConstraint.id).first { $0.kind == .before })
        let findings = RuleExamples.analyzeInMemory(example.code).findings.filter { $0.ruleID == ObservableConstraint.id }
        let messages = example.markers.map { marker in findings.filter { $0.offset == marker }.map(\.message) }
        #expect(messages == [
            ["'Counter' reaches 'Model' of CounterLabel (Example.swift:7), whose ObservableObject constraint changes with it; "
                + "check those call sites when it migrates"],
            ["generic code constrained to ObservableObject ('Model' of CounterLabel) changes together with the models that "
                + "reach it: 'Counter' reaches it"],
            ["@ObservedObject over a generic parameter changes with its ObservableObject constraint"],
        ])
    }

    /// emitron: `import protocol Combine.ObservableObject` names the protocol to bring it in;
    /// no code is constrained to it, so no model is tied to a blocked one through it (before,
    /// it read as a constraint any model may reach, and one blocked model held all nine).
    @Test func anImportOfTheProtocolIsNoConstraint() {
        let code = """
            import protocol Combine.ObservableObject
            import SwiftUI

            final class Store: ObservableObject { @Published var count = 0 }
            final class Other: ObservableObject {
                @Published var on = false
                func flash() { objectWillChange.send() }
            }
            """
        let analysis = RuleExamples.analyzeInMemory(code)
        #expect(!analysis.findings.contains { $0.ruleID == ObservableConstraint.id })
        #expect(analysis.units.first { $0.name == "Store" }?.verdict == .ready)
        #expect(analysis.units.first { $0.name == "Other" }?.verdict == .blocked)
        // Written as a constraint after the import, it is one.
        let constrained = code + "\nfunc show<M: ObservableObject>(_ model: M) { _ = model }\n"
        #expect(RuleExamples.analyzeInMemory(constrained).findings.contains { $0.ruleID == ObservableConstraint.id })
    }

    /// Two models reach one generic view and one of them is blocked (its `$status` publisher);
    /// `UnitCouplingTests` reads it too, without the markers.
    static let blockedPartnerTree = #"""
        import SwiftUI
        import Combine

        struct PanelView<ViewModel: ↓ObservableObject>: View {
            @ObservedObject var viewModel: ViewModel
            var body: some View { Text("panel") }
        }

        final ↓class NavigatorModel: ObservableObject { @Published var tab = 0 }

        final class TaskModel: ObservableObject {
            @Published var status = ""
            var bag = Set<AnyCancellable>()
            init() { _ = \\TaskModel.$status }
        }

        func navigator(model: NavigatorModel) -> some View { PanelView(viewModel: model) }
        func task(model: TaskModel) -> some View { PanelView(viewModel: model) }
        """#

    @Test func aBlockedModelBlocksTheModelsThatReachTheSameCode() {
        let messages = Self.messagesAtMarkers(Self.blockedPartnerTree)
        #expect(messages == [
            ["generic code constrained to ObservableObject ('ViewModel' of PanelView) changes together with the models that "
                + "reach it: 'NavigatorModel', 'TaskModel' reach it",
             "generic code constrained to ObservableObject must change together with the models that reach it, and "
                + "'TaskModel', which reaches it too, is blocked; 'NavigatorModel' reaches this code"],
            ["'NavigatorModel' reaches 'ViewModel' of PanelView (Example.swift:4), whose ObservableObject constraint changes "
                + "with it and with 'TaskModel', which reach it too; they migrate together or not at all; check those call "
                + "sites when it migrates"],
        ])
    }

    @Test func aTypeThatStaysObservableObjectKeepsTheConstraintAndBlocksTheModels() {
        let messages = Self.messagesAtMarkers("""
            import SwiftUI
            import ThirdParty

            func show<M: ↓ObservableObject>(_ model: M) {}

            final ↓class Counter: ObservableObject { @Published var value = 0 }

            func run(counter: Counter, player: ThirdPartyPlayer) {
                show(counter)
                show(player)
            }
            """)
        #expect(messages == [
            ["'M' of show(…) stays constrained to ObservableObject: 'ThirdPartyPlayer' reaches it and stays ObservableObject; "
                + "'Counter' reaches it too and stays blocked"],
            ["'Counter' reaches 'M' of show(…) (Example.swift:4), which must stay constrained to ObservableObject because "
                + "'ThirdPartyPlayer' reaches it too"],
        ])
    }

    /// `extension ObservableObject { … }`: the models its members are used on reach it, on a
    /// typed receiver or from their own code; it is rewritten as a protocol extension of
    /// `Observable`, since a composition cannot be extended.
    @Test func anExtensionOfObservableObjectIsReachedByTheModelsItsMembersAreUsedOn() {
        let code = """
            import SwiftUI

            extension ↓ObservableObject {
                func onMain(_ change: @escaping () -> Void) async { await MainActor.run { change() } }
            }

            final ↓class Ticker: ObservableObject { @Published var count = 0 }
            final ↓class Clock: ObservableObject {
                @Published var time = 0
                func tick() async { await self.onMain { } }
            }
            final class Idle: ObservableObject { @Published var count = 0 }

            struct TickerView: View {
                let ticker: Ticker
                var body: some View { Button("tick") { Task { await ticker.onMain { } } } }
            }
            """
        #expect(Self.messagesAtMarkers(code) == [
            ["generic code constrained to ObservableObject (extension ObservableObject) changes together with the models "
                + "that reach it: 'Ticker', 'Clock' reach it"],
            ["'Ticker' reaches extension ObservableObject (Example.swift:3), whose ObservableObject constraint changes with "
                + "it and with 'Clock', which reach it too; they migrate together or not at all; check those call sites when "
                + "it migrates"],
            ["'Clock' reaches extension ObservableObject (Example.swift:3), whose ObservableObject constraint changes with "
                + "it and with 'Ticker', which reach it too; they migrate together or not at all; check those call sites when "
                + "it migrates"],
        ])
        let (source, _) = RuleExamples.stripMarkers(code)
        let edits = RuleExamples.analyzeInMemory(source).findings.filter { $0.ruleID == ObservableConstraint.id }.flatMap(\.edits)
        #expect(edits.map(\.edit.replacement) == ["Observable where Self: AnyObject"])
    }

    /// A parameter's attributes (`@ViewBuilder content:`) are not its label: a call naming the
    /// parameter matches the initializer, and the model it passes is the reach.
    @Test func anAttributedParameterMatchesItsLabel() {
        let messages = Self.messagesAtMarkers("""
            import SwiftUI

            struct Panel<M: ↓ObservableObject, C: View>: View {
                @ObservedObject var model: M
                let content: () -> C
                init(model: M, @ViewBuilder content: @escaping () -> C) { self.model = model; self.content = content }
                var body: some View { content() }
            }

            final ↓class Counter: ObservableObject { @Published var value = 0 }

            func show(counter: Counter) -> some View { Panel(model: counter, content: { Text("x") }) }
            """)
        #expect(messages.first == ["generic code constrained to ObservableObject ('M' of Panel) changes together with the "
            + "models that reach it: 'Counter' reaches it"])
    }

    /// amakaflow: `ActualsConnectSourcesView()` calls the `init()` of `extension
    /// ActualsConnectSourcesView where Store == ActualsSourceConnectionStore`, which fixes the
    /// parameter: that model reaches it. Read as a parameter inferred from its context, it left
    /// the view to every model, and one blocked unit held 104 of the app's 106.
    @Test func anExtensionFixingTheParameterBindsItsInitializersCalls() {
        let code = """
            import SwiftUI

            struct SourcesView<Store: ↓ObservableObject>: View {
                @ObservedObject var store: Store
                init(store: Store) { self.store = store }
                var body: some View { Text("x") }
            }
            extension SourcesView where Store == SourceStore {
                init() { self.init(store: SourceStore()) }
            }
            final ↓class SourceStore: ObservableObject { @Published var connected = false }
            final class Other: ObservableObject { @Published var count = 0 }

            struct Hub: View { var body: some View { SourcesView() } }
            """
        #expect(Self.messagesAtMarkers(code).first == ["generic code constrained to ObservableObject ('Store' of SourcesView) "
            + "changes together with the models that reach it: 'SourceStore' reaches it"])
        // Beside another call's model; a model no call passes stays free.
        let both = RuleExamples.stripMarkers(code).0
            .replacingOccurrences(of: "SourcesView() } }", with: "VStack { SourcesView(); SourcesView(store: Other()) } } }")
            + "final class Third: ObservableObject { @Published var n = 0 }\n"
        let analysis = RuleExamples.analyzeInMemory(both)
        #expect(analysis.findings.contains { $0.message == "generic code constrained to ObservableObject ('Store' of SourcesView) "
            + "changes together with the models that reach it: 'SourceStore', 'Other' reach it" })
        #expect(analysis.units.first { $0.name == "Third" }?.verdict == .ready)
    }

    /// winston: a generic argument that is itself generic (`ObservableArray<Entity<A, B>>`) ends
    /// in one `>>` token; its comma is the inner list's, so the use names one model, `Entity`,
    /// and an unrelated model is not held with the generic code (before, the use read as one the
    /// tool could not tell, and a relay over `T` blocked every unit of the tree).
    @Test func aNestedGenericArgumentNamesItsModel() {
        let code = """
            import Combine
            import SwiftUI

            class ObservableArray<T: ↓ObservableObject>: ObservableObject {
                @Published var data: [T] = []
                var cancellables = [AnyCancellable]()
                func observe() { data.forEach { cancellables.append($0.objectWillChange.sink { _ in }) } }
            }
            final class Entity<A, B>: ObservableObject { @Published var text = "" }
            extension Entity {
                func attach(to parent: ObservableArray<Entity<A, B>>? = nil) {}
            }
            final class Other: ObservableObject { @Published var count = 0 }
            """
        #expect(Self.messagesAtMarkers(code).first == ["generic code constrained to ObservableObject ('T' of ObservableArray) "
            + "changes together with the models that reach it: 'Entity' reaches it"])
        let units = RuleExamples.analyzeInMemory(RuleExamples.stripMarkers(code).0).units
        #expect(units.first { $0.name == "Other" }?.verdict == .ready)
        #expect(units.first { $0.name == "Entity" }?.verdict == .blocked)
    }

    /// Members that use `objectWillChange` keep the extension on `ObservableObject`: the models
    /// that use them stay too, and the report says why.
    @Test func anExtensionUsingObjectWillChangeStaysAndBlocksItsModels() {
        let messages = Self.messagesAtMarkers("""
            import SwiftUI

            extension ↓ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
                func refresh() { objectWillChange.send() }
            }

            final ↓class Ticker: ObservableObject {
                @Published var count = 0
                func reload() { refresh() }
            }
            """)
        #expect(messages == [
            ["extension ObservableObject stays constrained to ObservableObject: its members use objectWillChange, which "
                + "Observable has no twin of; 'Ticker' reaches it too and stays blocked"],
            ["'Ticker' reaches extension ObservableObject (Example.swift:3), which must stay constrained to ObservableObject "
                + "because its members use objectWillChange, which Observable has no twin of"],
        ])
    }

    /// A use on a receiver the typer cannot type may be any model's.
    @Test func anUntypedUseOfAnExtensionMemberLeavesItToEveryModel() {
        let messages = Self.messagesAtMarkers("""
            final class Model: ObservableObject { @Published var value = 0 }
            extension ↓ObservableObject { func onMain() {} }
            func run() { makeModel().onMain() }
            """)
        #expect(messages == [[Self.everyModel + "'onMain' is used where the tool cannot tell which model it gets (a metatype, a "
            + "static member, a function reference or a call it cannot read) (Example.swift:3)"]])
    }

    /// One example per reason the index gives for not tracing a use, with the sentence it renders.
    static let untracedCases: [(code: String, reason: String)] = [
        ("func show(_ model: any ↓ObservableObject) {}",
         "it is an existential or opaque type ('any'/'some ObservableObject'), which values of any model can reach (Example.swift:2)"),
        ("extension Array where Element: ↓ObservableObject { func first2() {} }",
         "it constrains no generic parameter of a type or function that the tool follows (Example.swift:2)"),
        ("public func show<M: ↓ObservableObject>(_ model: M) {}",
         "'show' is public, so code outside the tree may pass it any model"),
        ("enum A { struct Panel<M: ↓ObservableObject> { var model: M } }\nenum B { struct Panel<M: ObservableObject> { var model: M } }",
         "several types are named 'Panel'"),
        ("public func show<M: ↓ObservableObject>(_ model: M) { model.objectWillChange.send() }\n"
            + "public func make() -> any ObservableObject { Model() }",
         "'show' is public, and 'make' hands out models as an existential, which code outside the tree may pass it (Example.swift:3)"),
        ("protocol Shower { func show<M: ↓ObservableObject>(_ model: M) }",
         "'show' is a protocol requirement, implemented elsewhere"),
        ("func show<M: ↓ObservableObject>(_ model: M) {}\nfunc show(_ count: Int) {}",
         "several functions are named 'show'"),
        ("struct Table { subscript<M: ↓ObservableObject>(model: M) -> Int { 0 } }",
         "the tool does not follow the uses of a generic subscript"),
        ("func show<M: ↓ObservableObject>(_ model: M) {}\nlet action = show",
         "'show' is used where the tool cannot tell which model it gets (a metatype, a static member, a function reference "
            + "or a call it cannot read) (Example.swift:3)"),
        ("func show<M: ↓ObservableObject>(_ model: M, _ other: Int) {}\nfunc run(model: Model) { show(model, , 2) }",
         "a call of 'show' has an empty argument (Example.swift:3)"),
        ("func show<M: ↓ObservableObject>(_ models: [M]) {}\nfunc run(model: Model) { show([model]) }",
         "a call of 'show' passes the generic parameter inside another type (a closure, a collection, a binding) (Example.swift:3)"),
        ("struct Panel<M: ↓ObservableObject> { init() {} }\nfunc run() { _ = Panel() }",
         "a call of 'Panel' leaves 'M' to be inferred from its context (Example.swift:3)"),
        ("func show<M: ↓ObservableObject>(_ model: M) {}\nfunc run(model: Model) { show(other: model) }",
         "a call of 'show' matches none of its declarations (Example.swift:3)"),
        ("func show<M: ↓ObservableObject>(_ model: M) {}\nfunc run<T>(_ value: T) { show(value) }",
         "a generic parameter 'T' the tool does not follow is passed to it (Example.swift:3)"),
        ("func show<M: ↓ObservableObject>(_ model: M) {}\nfunc run() { show(makeModel()) }",
         "the type of a value passed to it cannot be known (Example.swift:3)"),
        ("extension ObservableObject { func a() { b() } }\nextension ↓ObservableObject { func b() {} }",
         "'b' is used where the tool cannot tell which model it gets (a metatype, a static member, a function reference "
            + "or a call it cannot read) (Example.swift:2)"),
        ("func show<M: ↓ObservableObject>(_ model: M) {}\npublic func run<T: ObservableObject>(_ value: T) { show(value) }",
         "'T' of run(…) is passed to it, and any model may reach that: 'run' is public, so code outside the tree may pass it any model"),
    ]

    @Test(arguments: untracedCases.indices)
    func eachUntracedReasonReadsAsASentence(_ position: Int) {
        let (code, reason) = Self.untracedCases[position]
        let messages = Self.messagesAtMarkers("final class Model: ObservableObject { @Published var value = 0 }\n" + code + "\n")
        #expect(messages == [[Self.everyModel + reason]])
    }

    /// A tree's own `protocol ObservableObject`, a stand-in where Combine cannot be imported, names
    /// itself: its declaration is no constraint, and stays as written while the models migrate.
    @Test func aStandInProtocolsOwnNameStaysAsWritten() {
        let standIn = """
            import Foundation

            #if !canImport(Combine)
            public protocol ObservableObject: AnyObject {}
            #endif

            """
        let model = """
            import SwiftUI

            final class Settings: ObservableObject {
                @Published var name = ""
            }

            """
        let migrated = Migrator.migrate(files: ["Compat.swift": standIn, "Settings.swift": model])
        #expect(migrated["Compat.swift"] == standIn)
        #expect(migrated["Settings.swift"]!.contains("@Observable final class Settings"))
    }
}
