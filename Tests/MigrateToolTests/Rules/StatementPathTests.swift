import SourceScan
import Testing
@testable import MigrateTool

/// Whether a change runs with a statement on every path: what decides that a hand-sent
/// `objectWillChange.send()` only announced a change the macro now announces.
@Suite struct StatementPathTests {
    /// Whether a `change()` call runs with the `send()` call of `body`, a function's body.
    static func accompanied(_ body: String) -> Bool? {
        let file = FileStructure(text: "func host() {\n\(body)\n}\n")
        let tokens = file.tokens
        guard let open = tokens.indices.first(where: { tokens[$0].kind == .leftBrace }),
              let send = tokens.indices.first(where: { file.source.tokenText($0, equals: "send") }),
              let path = StatementPath(to: send, fromBody: open, in: file) else { return nil }
        return path.accompanying(in: file) { file.source.tokenText($0.lowerBound, equals: "change") } != nil
    }

    @Test func aChangeBeforeOrAfterInTheSameStretchAccompaniesTheSend() {
        #expect(Self.accompanied("send()\nchange()") == true)
        #expect(Self.accompanied("change()\nlet x = 1\nsend()") == true)
        // Before it in an enclosing block: it ran whenever the send runs.
        #expect(Self.accompanied("change()\nif flag {\n    send()\n}") == true)
        #expect(Self.accompanied("change()\ndo {\n    try run()\n} catch {\n    send()\n}") == true)
        // After the branch that holds it, when the branch falls through.
        #expect(Self.accompanied("if flag {\n    send()\n}\nchange()") == true)
    }

    @Test func aPathWithoutTheChangeKeepsTheSend() {
        #expect(Self.accompanied("send()\nif flag { change() }") == false)
        #expect(Self.accompanied("send()\nguard flag else { return }\nchange()") == false)
        #expect(Self.accompanied("send()\nif flag { return }\nchange()") == false)
        #expect(Self.accompanied("for x in xs {\n    send()\n}\nchange()") == false)
        #expect(Self.accompanied("guard flag else {\n    send()\n    return\n}\nchange()") == false)
        #expect(Self.accompanied("send()") == false)
    }

    @Test func aSuspensionBetweenSeparatesTheStretches() {
        #expect(Self.accompanied("change()\nawait pause()\nsend()") == false)
        #expect(Self.accompanied("send()\ntry await pause()\nchange()") == false)
        #expect(Self.accompanied("change()\nif await ready() {\n    send()\n}") == false)
        // An `await` inside a closure the body only creates does not suspend the body.
        #expect(Self.accompanied("change()\nTask { await pause() }\nsend()") == true)
    }

    @Test func aClosureIsAStretchOfItsOwn() {
        #expect(Self.accompanied("change()\nDispatchQueue.main.async {\n    send()\n}") == false)
        #expect(Self.accompanied("DispatchQueue.main.async {\n    send()\n    change()\n}") == true)
        #expect(Self.accompanied("items.forEach({ _ in send() })\nchange()") == false)
    }

    @Test func aSwitchCaseIsNotRead() {
        #expect(Self.accompanied("switch x {\ncase 1:\n    send()\n    change()\ndefault: break\n}") == nil)
    }

    /// A `defer` block runs at the scope's exit: a stretch of its own, like a closure's body.
    @Test func aDeferIsAStretchOfItsOwn() {
        #expect(Self.accompanied("defer { send() }\nchange()") == false)
        #expect(Self.accompanied("change()\ndefer {\n    send()\n}") == false)
        #expect(Self.accompanied("defer {\n    send()\n    change()\n}") == true)
    }
}

/// A `break` or `fallthrough` that ends a `switch` of the statement, or a `break` or `continue`
/// of one of its loops, does not leave the stretch: the next statement still runs
/// (ActionStatus: `send(); repo.state = s; switch s { … default: break }; items[id] = repo`).
@Suite struct StatementLeavesTests {
    @Test func jumpsThatEndOnlyAnInnerSwitchOrLoopDoNotLeave() {
        #expect(StatementPathTests.accompanied("send()\nswitch s {\ncase 1: note()\ndefault: break\n}\nchange()") == true)
        #expect(StatementPathTests.accompanied("send()\nfor x in xs {\n    if x { continue }\n    if y { break }\n}\nchange()") == true)
        #expect(StatementPathTests.accompanied("send()\nif flag {\n    switch s {\n    case 1: fallthrough\n    default: break\n    }\n}\nchange()")
            == true)
        #expect(StatementPathTests.accompanied("send()\nwhile more {\n    step()\n    if done { break }\n}\nchange()") == true)
    }

    @Test func jumpsThatEndSomethingFurtherOutLeave() {
        // A `break` of an `if` belongs to a loop or switch around the send's body.
        #expect(StatementPathTests.accompanied("send()\nif flag { break }\nchange()") == false)
        #expect(StatementPathTests.accompanied("send()\nif flag { continue }\nchange()") == false)
        // `continue` inside a switch continues a loop further out; a labelled break names one too.
        #expect(StatementPathTests.accompanied("send()\nswitch s {\ncase 1: continue\ndefault: note()\n}\nchange()") == false)
        #expect(StatementPathTests.accompanied("send()\nfor x in xs {\n    if x { break outer }\n}\nchange()") == false)
        #expect(StatementPathTests.accompanied("send()\nswitch s {\ncase 1: return\ndefault: break\n}\nchange()") == false)
    }
}

/// A send next to a `for … in` loop whose every statement changes tracked state goes: run once
/// or more, the loop changes that state; run no time, it changes nothing the send announced
/// (ActionStatus: `objectWillChange.send(); for id in ids { items.removeValue(forKey: id) }`).
@Suite struct LoopChangeSendTests {
    static func model(_ body: String) -> String {
        """
        import Combine

        final class Repos: ObservableObject {
            @Published var items: [Int: String] = [:]
            var log: [String] = []
            @Published var count = 0

            func remove(_ ids: [Int]) {
                \(body)
            }
        }

        """
    }

    static func sendFinding(_ body: String) -> Finding? {
        RuleExamples.analyze(files: [("A.swift", Self.model(body))]).findings.first { $0.ruleID == ObjectWillChangeSend.id }
    }

    @Test(arguments: [
        "objectWillChange.send()\n        for id in ids {\n            items.removeValue(forKey: id)\n        }",
        "for id in ids {\n            items[id] = nil\n            count -= 1\n        }\n        objectWillChange.send()",
    ])
    func goesNextToALoopOfTrackedChanges(body: String) throws {
        let finding = try #require(Self.sendFinding(body))
        #expect(!finding.isBlocker && finding.fixClass == .review, "\(finding.message)")
    }

    @Test(arguments: [
        // A loop that may end a run early, or that does something else too.
        "objectWillChange.send()\n        for id in ids {\n            if id < 0 { break }\n            items[id] = nil\n        }",
        "objectWillChange.send()\n        for id in ids {\n            items[id] = nil\n            print(id)\n        }",
        // A loop variable named like the property is not the property.
        "objectWillChange.send()\n        for items in [[1: \"a\"]] {\n            items.removeAll()\n        }",
        // A `while` loop: its condition is not read.
        "objectWillChange.send()\n        var i = 0\n        while i < ids.count {\n            items[ids[i]] = nil\n            i += 1\n        }",
    ])
    func staysNextToOtherLoops(body: String) throws {
        let finding = try #require(Self.sendFinding(body))
        #expect(finding.isBlocker, "\(finding.message)")
    }
}
