// A send announcing changes made through a held model (object-will-change-send): which go with
// the held model's unit, and which stay because the announcement may cover something untracked.

@testable import MigrateTool
import Testing

@Suite struct HeldModelSendTests {
    /// Two held-model classes and a holder whose method `start()` runs `body`.
    static func tree(_ body: String) -> String {
        """
        import Combine
        import Foundation

        final class Progress: ObservableObject {
            @Published var done = 0
            var cache: [Int] = []
            func bump() { done += 1 }
            func remember() { UserDefaults.standard.set(done, forKey: "done") }
        }

        final class Other: ObservableObject {
            @Published var value = 0
        }

        final class Installer: ObservableObject {
            let progress = Progress()
            let other = Other()
            @Published var title = ""

            func start(flag: Bool) {
                \(body)
            }
        }

        func inspect(_ progress: Progress) {}

        """
    }

    static func sendFinding(_ body: String) -> Finding? {
        // Not the holder's review at its declaration, which only says it goes with the held model's unit.
        RuleExamples.analyze(files: [("A.swift", Self.tree(body))]).findings.first {
            $0.ruleID == ObjectWillChangeSend.id && !($0.fixClass == .review && $0.edits.isEmpty)
        }
    }

    @Test(arguments: [
        "objectWillChange.send()\n        progress.done = 1",
        "objectWillChange.send()\n        self.progress.bump()",
        "objectWillChange.send()\n        if flag { progress.bump() } else { progress.done -= 1 }",
        "objectWillChange.send()\n        switch flag {\n        case true: progress.bump()\n        case false: break\n        }",
        "progress.done += 1\n        objectWillChange.send()",
    ])
    func goesWithTheHeldModel(body: String) throws {
        let finding = try #require(Self.sendFinding(body))
        #expect(!finding.isBlocker && finding.fixClass == .review, "\(finding.message)")
        let analysis = RuleExamples.analyze(files: [("A.swift", Self.tree(body))])
        #expect(finding.unit.map { analysis.units[$0].name } == "Progress")
        #expect(finding.requiredByUnits.map { analysis.units[$0].name } == ["Installer"])
        // Plain `apply` writes neither, so the holder's verdict says it needs --unsafe-fixes too.
        #expect(analysis.units.first { $0.name == "Installer" }?.verdict == .needsUnsafeFixes)
    }

    @Test(arguments: [
        // A method storing outside tracking.
        "objectWillChange.send()\n        progress.remember()",
        // Read into a local first: what the local changes is not followed.
        "objectWillChange.send()\n        let p = progress\n        p.done = 2",
        // Passed along: anything may change.
        "objectWillChange.send()\n        progress.done = 1\n        inspect(progress)",
        // Two held models of two units.
        "objectWillChange.send()\n        progress.done = 1\n        other.value = 2",
        // Nothing changes through a held model.
        "objectWillChange.send()\n        print(progress.done)",
        // A local of that name is not the held model.
        "let progress = Progress()\n        objectWillChange.send()\n        progress.done = 1",
    ])
    func staysWhenTheAnnouncementMayCoverMore(body: String) throws {
        let finding = try #require(Self.sendFinding(body))
        #expect(finding.isBlocker, "\(finding.message)")
    }

    /// A subscriber to the installer's own publisher heard the held model's changes through the send.
    @Test func staysWhileSomethingListensToTheHolder() throws {
        let source = Self.tree("objectWillChange.send()\n        progress.done = 1")
            + "final class Logger {\n    var token: AnyCancellable?\n    func watch(_ installer: Installer) {\n"
            + "        token = installer.objectWillChange.sink { print(\"changed\") }\n    }\n}\n"
        let finding = try #require(RuleExamples.analyze(files: [("A.swift", source)]).findings.first { $0.ruleID == ObjectWillChangeSend.id })
        #expect(finding.isBlocker, "\(finding.message)")
    }
}
