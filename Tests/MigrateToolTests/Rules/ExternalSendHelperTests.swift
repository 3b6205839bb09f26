// A send from outside the model after a call that gives the model to a helper of the sender's own
// type (object-will-change-send): it goes when the helper changes tracked state through its
// parameter on every path and does nothing else with it, and stays otherwise.

@testable import MigrateTool
import Testing

@Suite struct ExternalSendHelperTests {
    /// A model, and a coordinator whose `finished` calls `call` then sends; `helpers` are its methods.
    static func tree(call: String = "self.record(state: input.state, done: n)", helpers: String) -> String {
        """
        import Foundation

        final class InstallState: ObservableObject {
            @Published var done = 0
            var task: Task<Void, Never>?
            func bump() { done += 1 }
            func remember() { UserDefaults.standard.set(done, forKey: "done") }
        }

        struct Input {
            let state: InstallState
        }

        final class Coordinator {
            var kept: [InstallState] = []

            func finished(input: Input, n: Int) {
                \(call)
                input.state.objectWillChange.send()
            }

        \(helpers)
        }

        """
    }

    static func sendFinding(_ source: String) -> Finding? {
        RuleExamples.analyze(files: [("A.swift", source)]).findings.first {
            $0.ruleID == ObjectWillChangeSend.id && $0.message.hasPrefix("input.state")
        }
    }

    @Test(arguments: [
        "    private func record(state: InstallState, done: Int) {\n        state.done = done\n    }",
        "    func record(state s: InstallState, done: Int) {\n        s.bump()\n    }",
        "    func record(state: InstallState, done: Int) {\n        if done > 0 { state.done = done } else { state.bump() }\n    }",
        "    func record(state: InstallState, done: Int) {\n        switch done {\n        case 0: state.bump()\n"
            + "        default: state.done = done\n        }\n    }",
        "    func record(state: InstallState, done: Int) {\n        print(done)\n        state.done = done\n    }",
    ])
    func goesWhenTheHelperChangesTrackedStateOnEveryPath(helpers: String) throws {
        let finding = try #require(Self.sendFinding(Self.tree(helpers: helpers)))
        #expect(!finding.isBlocker && finding.fixClass == .review, "\(finding.message)")
        #expect(finding.message.contains("by record(…)"), "\(finding.message)")
        #expect(RuleExamples.migrate(Self.tree(helpers: helpers)).contains("input.state.objectWillChange") == false)
    }

    @Test(arguments: [
        // Stored away: changed later, untracked by this call.
        "    func record(state: InstallState, done: Int) {\n        state.done = done\n        kept.append(state)\n    }",
        // A method storing outside tracking.
        "    func record(state: InstallState, done: Int) {\n        state.remember()\n    }",
        // A property kept out of tracking (plumbing gets @ObservationIgnored).
        "    func record(state: InstallState, done: Int) {\n        state.task = nil\n    }",
        // Not on every path: an `if` without `else`, or a `guard` before the change.
        "    func record(state: InstallState, done: Int) {\n        if done > 0 { state.done = done }\n    }",
        "    func record(state: InstallState, done: Int) {\n        guard done > 0 else { return }\n        state.done = done\n    }",
        // Two methods of that name and labels (in the type and an overload would be ambiguous).
        "    func record(state: InstallState, done: Int) { state.done = done }\n"
            + "    func record(state: InstallState, done: String) { state.bump() }",
        // Nothing changes.
        "    func record(state: InstallState, done: Int) {\n        print(state.done)\n    }",
    ])
    func staysWhenTheHelperMayDoMore(helpers: String) throws {
        let finding = try #require(Self.sendFinding(Self.tree(helpers: helpers)))
        #expect(finding.isBlocker, "\(finding.message)")
    }

    @Test(arguments: [
        // The receiver given twice, or to a function that is not the sender's own.
        "self.record(state: input.state, other: input.state)",
        "record(input.state)",
    ])
    func staysForOtherCalls(call: String) throws {
        let helpers = "    func record(state: InstallState, other: InstallState) { state.bump() }\n"
        let finding = try #require(Self.sendFinding(Self.tree(call: call, helpers: helpers)))
        #expect(finding.isBlocker, "\(finding.message)")
    }
}
