// The observer bridge (object-will-change-subscription): which observers of another model's
// objectWillChange get `observationWillChange(of:)`, what it reads, and why the others block.

@testable import MigrateTool
import Testing

@Suite struct ObserverBridgeTests {
    /// A model `Settings` (with `members`) and an observer class `Watcher` whose initializer runs `statement`.
    static func tree(settings members: String, settingsAttributes: String = "", watcherAttributes: String = "",
                     statement: String = "relay = settings.objectWillChange.sink { [weak self] _ in self?.count += 1 }") -> String {
        """
        import Combine
        import Foundation

        \(settingsAttributes)final class Settings: ObservableObject {
        \(members)
        }

        \(watcherAttributes)final class Watcher {
            let settings = Settings()
            var count = 0
            var relay: AnyCancellable?
            var bag = Set<AnyCancellable>()
            init() {
                \(statement)
            }
        }

        """
    }

    /// The subscription findings of a one-file tree.
    static func subscriptionFindings(_ source: String) -> [Finding] {
        RuleExamples.analyze(files: [("A.swift", source)]).findings.filter { $0.ruleID == ObjectWillChangeSubscription.id }
    }

    static func migrated(_ source: String, types: [String] = []) -> String {
        Migrator.migrate(files: ["A.swift": source], unsafeFixes: true, types: types)["A.swift"]!
    }

    @Test func publishedAndAccessorBackedPropertiesAreRead() {
        let source = Self.tree(settings: """
                @Published var name = ""
                @Published private(set) var size = 12
                var theme: String {
                    get { UserDefaults.standard.string(forKey: "theme") ?? "light" }
                    set {
                        UserDefaults.standard.set(newValue, forKey: "theme")
                        objectWillChange.send()
                    }
                }
                var note = ""
            """)
        let findings = Self.subscriptionFindings(source)
        #expect(findings.count == 1 && findings.allSatisfy { !$0.isBlocker && $0.fixClass == .review })
        let output = Self.migrated(source)
        #expect(output.contains("relay = observationWillChange(of: settings) { _ = ($0.name, $0.size, $0.theme) }.sink"), "\(output)")
        #expect(output.contains("fileprivate func observationWillChange<Source: AnyObject>("))
        #expect(output.contains("import Observation"))
        #expect(!output.contains("$0.note"), "an unpublished property never announced is not read")
    }

    @Test func aSendNextToAPublishedChangeNeedsNoExtraRead() {
        let source = Self.tree(settings: """
                @Published var name = ""
                func rename(_ new: String) {
                    objectWillChange.send()
                    name = new
                }
            """)
        #expect(Self.migrated(source).contains("observationWillChange(of: settings) { _ = $0.name }"))
    }

    @Test(arguments: [
        // A send announcing an unpublished property's change only here: other sets went unannounced.
        ("    @Published var name = \"\"\n    var draft = \"\"\n    func edit() { objectWillChange.send(); draft = \"x\" }", "announces changes by hand"),
        // The publisher handed on as a value, not the start of a pipeline.
        ("    @Published var name = \"\"", "not the start of a publisher pipeline"),
        // A private published property the observer cannot read.
        ("    @Published private var secret = 0", "cannot be read from here"),
    ] as [(String, String)])
    func refusalsSayWhy(members: String, reason: String) {
        let statement = reason.contains("pipeline") ? "_ = [settings.objectWillChange]"
            : "relay = settings.objectWillChange.sink { [weak self] _ in self?.count += 1 }"
        let findings = Self.subscriptionFindings(Self.tree(settings: members, statement: statement))
        #expect(findings.count == 1)
        #expect(findings.allSatisfy { $0.isBlocker && $0.message.contains(reason) }, "\(findings.map(\.message))")
    }

    /// The plain `let objectWillChange = ObservableObjectPublisher()` is the publisher the model had
    /// anyway; any other declared publisher may announce anything.
    @Test func aDeclaredPublisherIsBridgedOnlyWhenPlain() {
        let plain = Self.subscriptionFindings(Self.tree(settings: "    let objectWillChange = ObservableObjectPublisher()\n    @Published var name = \"\""))
        #expect(plain.count == 1 && !plain[0].isBlocker, "\(plain.map(\.message))")
        let subject = Self.subscriptionFindings(Self.tree(settings: "    let objectWillChange = PassthroughSubject<Void, Never>()\n    @Published var name = \"\""))
        #expect(subject.count == 1 && subject[0].isBlocker && subject[0].message.contains("declares its own objectWillChange"))
    }

    @Test func aMainActorModelNeedsAMainActorObserver() {
        let members = "    @Published var name = \"\""
        let isolated = Self.subscriptionFindings(Self.tree(settings: members, settingsAttributes: "@MainActor ", watcherAttributes: "@MainActor "))
        #expect(isolated.count == 1 && !isolated[0].isBlocker)
        let mismatched = Self.subscriptionFindings(Self.tree(settings: members, settingsAttributes: "@MainActor "))
        #expect(mismatched.count == 1 && mismatched[0].isBlocker && mismatched[0].message.contains("@MainActor and the observer is not"))
    }

    @Test func anOptionalChainPassesTheOptional() {
        let source = Self.tree(settings: "    @Published var name = \"\"",
                               statement: "let maybe: Settings? = settings\n        maybe?.objectWillChange.sink { print(\"changed\") }.store(in: &bag)")
        #expect(Self.migrated(source).contains("observationWillChange(of: maybe) { _ = $0.name }.sink { print(\"changed\") }.store(in: &bag)"))
    }

    @Test func theHelperIsAddedOnceAcrossRuns() {
        let source = """
            import Combine

            final class A: ObservableObject {
                @Published var x = 0
            }

            final class B: ObservableObject {
                @Published var y = 0
            }

            final class Watcher {
                let a = A()
                let b = B()
                var bag = Set<AnyCancellable>()
                init() {
                    a.objectWillChange.sink { print("a") }.store(in: &bag)
                    b.objectWillChange.sink { print("b") }.store(in: &bag)
                }
            }

            """
        let both = Self.migrated(source)
        let first = Self.migrated(source, types: ["A"])
        let second = Self.migrated(first, types: ["B"])
        for output in [both, second] {
            #expect(output.components(separatedBy: "fileprivate func observationWillChange").count == 2, "\(output)")
            #expect(output.contains("observationWillChange(of: a)") && output.contains("observationWillChange(of: b)"))
        }
        #expect(first.contains("b.objectWillChange.sink"), "B's observer stays until B migrates")
        #expect(Self.migrated(second) == second, "a second run changes nothing")
    }
}
