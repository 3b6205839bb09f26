import Testing
@testable import MigrateTool

/// A container whose initializer relays the publisher its callers pass (the MVI container) loses
/// the relay, the parameter and every argument, with the models it is passed, in one run; what
/// the tool cannot follow whole keeps blocking.
@Suite struct InitializerRelayTests {
    static let container = """
        import Combine
        import SwiftUI

        final class Container<Intent, Model>: ObservableObject {
            let intent: Intent
            let model: Model
            private var bag: Set<AnyCancellable> = []

            init(intent: Intent, model: Model, modelChangePublisher: ObjectWillChangePublisher) {
                self.intent = intent
                self.model = model
                modelChangePublisher
                    .receive(on: RunLoop.main)
                    .sink(receiveValue: objectWillChange.send)
                    .store(in: &bag)
            }
        }

        """

    static let models = """
        import SwiftUI

        protocol CounterState { var count: Int { get } }

        final class CounterModel: ObservableObject, CounterState {
            @Published var count = 0
        }

        final class ListModel: ObservableObject {
            @Published var items: [String] = []
        }

        """

    /// A tree with the container, the models and a page building containers with `build`.
    static func tree(_ build: String, container: String = container, extra: String = "") -> [String: String] {
        [
            "Container.swift": container,
            "Models.swift": models + extra,
            "Pages.swift": """
                import SwiftUI

                struct CounterPage: View {
                    @StateObject var container: Container<Void, CounterState>
                    var body: some View { Text("\\(container.model.count)") }
                }

                enum Builder {
                    static func make() {
                        \(build)
                    }
                }

                """,
        ]
    }

    static func verdicts(_ files: [String: String]) -> [String: Verdict] {
        let analysis = RuleExamples.analyze(files: files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        return Dictionary(uniqueKeysWithValues: analysis.units.map { ($0.name, $0.verdict) })
    }

    @Test(arguments: [
        "let model = CounterModel(); _ = Container(intent: (), model: model as CounterState, modelChangePublisher: model.objectWillChange)",
        "let model = CounterModel(); _ = Container<Void, CounterState>(intent: (), model: model, modelChangePublisher: model.objectWillChange)",
        "let model = CounterModel(); let c: Container<Void, CounterState> = .init(intent: (), model: model, modelChangePublisher: model.objectWillChange); _ = c",
        "let model = CounterModel(); _ = Container<Void, CounterState>.init(intent: (), model: model as! CounterState, modelChangePublisher: model.objectWillChange)",
        // Two calls, one of them passing another model.
        """
        let model = CounterModel(); _ = Container(intent: (), model: model as CounterState, modelChangePublisher: model.objectWillChange)
                let list = ListModel(); _ = Container(
                    intent: (),
                    model: list,
                    modelChangePublisher: list.objectWillChange
                )
        """,
    ])
    func theRelayTheParameterAndTheArgumentsGo(build: String) {
        let migrated = Migrator.migrate(files: Self.tree(build))
        for (name, text) in migrated { #expect(!text.contains("objectWillChange") && !text.contains("modelChangePublisher"), "\(name): \(text)") }
        #expect(migrated["Container.swift"]!.contains("@Observable final class Container<Intent, Model>"))
        #expect(migrated["Container.swift"]!.contains("init(intent: Intent, model: Model) {"))
        #expect(migrated["Models.swift"]!.contains("@Observable final class CounterModel"))
        #expect(migrated["Pages.swift"]!.contains("@State var container"))
        // Applying twice changes nothing.
        #expect(Migrator.migrate(files: migrated) == migrated)
    }

    @Test func aMultiLineCallKeepsItsLayout() {
        let build = """
            let model = CounterModel()
                    let container = Container(
                        intent: (),
                        model: model as CounterState,
                        modelChangePublisher: model.objectWillChange
                    )
                    _ = container
            """
        let migrated = Migrator.migrate(files: Self.tree(build))["Pages.swift"]!
        #expect(migrated.contains("""
                    let container = Container(
                        intent: (),
                        model: model as CounterState
                    )
            """), "\(migrated)")
        let container = Migrator.migrate(files: Self.tree(build))["Container.swift"]!
        #expect(container.contains("""
                    self.model = model
                }
            """), "the relay leaves no blank line before the brace: \(container)")
    }

    @Test func aPublisherTypedAsTheClassAndAClosureSinkAreTheSameRelay() {
        let container = Self.container
            .replacingOccurrences(of: "modelChangePublisher: ObjectWillChangePublisher", with: "modelChangePublisher: ObservableObjectPublisher")
            .replacingOccurrences(of: ".sink(receiveValue: objectWillChange.send)", with: ".sink { [weak self] _ in self?.objectWillChange.send() }")
        let build = "let model = CounterModel(); _ = Container(intent: (), model: model as CounterState, modelChangePublisher: model.objectWillChange)"
        let migrated = Migrator.migrate(files: Self.tree(build, container: container))
        #expect(!migrated["Container.swift"]!.contains("objectWillChange"), "\(migrated["Container.swift"]!)")
        #expect(!migrated["Pages.swift"]!.contains("objectWillChange"))
    }

    @Test(arguments: [
        // The publisher is not the kept model's.
        "let a = CounterModel(); let b = ListModel(); _ = Container(intent: (), model: a as CounterState, modelChangePublisher: b.objectWillChange)",
        // Not a model's publisher at all.
        "let a = CounterModel(); _ = Container(intent: (), model: a as CounterState, modelChangePublisher: ObservableObjectPublisher())",
        // Each read of a call is another object.
        "_ = Container(intent: (), model: CounterModel() as CounterState, modelChangePublisher: CounterModel().objectWillChange)",
        // A conditional cast may keep nothing.
        "let a = CounterModel(); _ = Container(intent: (), model: (a as? CounterState)!, modelChangePublisher: a.objectWillChange)",
        // The container's own publisher is listened to: the relay feeds that listener.
        """
        let a = CounterModel(); let c = Container(intent: (), model: a as CounterState, modelChangePublisher: a.objectWillChange)
                _ = c.objectWillChange.sink { _ in print("changed") }
        """,
    ])
    func whatTheToolCannotFollowKeepsBlocking(build: String) {
        let verdicts = Self.verdicts(Self.tree(build))
        #expect(verdicts["Container"] == .blocked, "\(verdicts)")
        let migrated = Migrator.migrate(files: Self.tree(build))
        #expect(migrated["Container.swift"] == Self.container)
    }

    @Test func aParameterReadBesideTheRelayKeepsIt() {
        let container = Self.container
            .replacingOccurrences(of: "        self.model = model\n", with: "        self.model = model\n        publisher = modelChangePublisher\n")
            .replacingOccurrences(of: "    private var bag", with: "    var publisher: ObservableObjectPublisher?\n    private var bag")
        let build = "let model = CounterModel(); _ = Container(intent: (), model: model as CounterState, modelChangePublisher: model.objectWillChange)"
        #expect(Self.verdicts(Self.tree(build, container: container))["Container"] == .blocked)
    }

    @Test func anInitializerPassingItsOwnPublisherOnKeepsTheRelay() {
        let container = Self.container + """
            extension Container where Intent == Void {
                convenience init(model: Model, publisher: ObservableObjectPublisher) {
                    self.init(intent: (), model: model, modelChangePublisher: publisher)
                }
            }

            """
        let build = "let model = CounterModel(); _ = Container(intent: (), model: model as CounterState, modelChangePublisher: model.objectWillChange)"
        #expect(Self.verdicts(Self.tree(build, container: container))["Container"] == .blocked)
    }

    @Test func twoHoldersSharingTheLabelLeaveAnImplicitInitializerAlone() {
        let other = Self.container.replacingOccurrences(of: "Container<", with: "OtherContainer<")
            .replacingOccurrences(of: "import Combine\nimport SwiftUI\n", with: "")
        let build = "let model = CounterModel(); let c: Container<Void, CounterState> = .init(intent: (), model: model, modelChangePublisher: model.objectWillChange); _ = c"
        let verdicts = Self.verdicts(Self.tree(build, container: Self.container + other))
        #expect(verdicts["Container"] == .blocked, "\(verdicts)")
        #expect(verdicts["CounterModel"] == .blocked, "\(verdicts)")
    }

    @Test func aSubclassKeepsTheRelay() {
        let container = Self.container.replacingOccurrences(of: "final class Container", with: "class Container")
            + "final class SpecialContainer: Container<Void, CounterState> {}\n"
        let build = "let model = CounterModel(); _ = Container(intent: (), model: model as CounterState, modelChangePublisher: model.objectWillChange)"
        #expect(Self.verdicts(Self.tree(build, container: container))["Container"] == .blocked)
    }

    @Test func aBlockedModelBlocksTheContainerAndTheOtherModelsSaying() throws {
        // Cache keeps a property KVO observes: blocked (kvo-dynamic-property).
        let extra = """
            final class Cache: NSObject, ObservableObject {
                @objc dynamic var size = 0
                @Published var entries: [String: Int] = [:]
            }

            """
        let build = """
            let model = CounterModel(); _ = Container(intent: (), model: model as CounterState, modelChangePublisher: model.objectWillChange)
                    let cache = Cache(); _ = Container<Void, Cache>(intent: (), model: cache, modelChangePublisher: cache.objectWillChange)
            """
        let files = Self.tree(build, extra: extra)
        let analysis = RuleExamples.analyze(files: files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        let verdicts = Dictionary(uniqueKeysWithValues: analysis.units.map { ($0.name, $0.verdict) })
        try #require(verdicts["Cache"] == .blocked, "the premise: \(verdicts)")
        #expect(verdicts["Container"] == .blocked)
        #expect(verdicts["CounterModel"] == .blocked)
        let counter = try #require(analysis.units.first { $0.name == "CounterModel" })
        #expect(analysis.findings.contains { $0.unit == counter.id && $0.isBlocker && $0.message.contains("an initializer relays the objectWillChange") },
                "\(analysis.findings.filter { $0.unit == counter.id }.map(\.message))")
        let migrated = Migrator.migrate(files: files)
        #expect(migrated["Container.swift"] == files["Container.swift"])
        #expect(migrated["Pages.swift"] == files["Pages.swift"])
        #expect(migrated["Models.swift"]!.contains("final class CounterModel: ObservableObject, CounterState"))
    }
}
