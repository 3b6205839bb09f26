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
