import SourceScan
import Testing
@testable import MigrateTool

/// Whether a change of untracked state and a published change may run in one go: what decides
/// that a legacy view's redraw showed the first (`untracked-state-shown`).
@Suite struct RunTogetherTests {
    /// Whether `change()` and `publish()` in `body`, a function's body, may run in one go.
    static func together(_ body: String) -> Bool? {
        let file = FileStructure(text: "func host() {\n\(body)\n}\n")
        let tokens = file.tokens
        guard let open = tokens.indices.first(where: { tokens[$0].kind == .leftBrace }),
              let change = tokens.indices.first(where: { file.source.tokenText($0, equals: "change") }),
              let publish = tokens.indices.first(where: { file.source.tokenText($0, equals: "publish") }),
              let changePlace = RunTogether.place(of: change, inBody: open, file),
              let publishPlace = RunTogether.place(of: publish, inBody: open, file) else { return nil }
        return RunTogether.mayRunTogether(change: changePlace, published: publishPlace, file)
    }

    @Test func oneRunOnSomePathIsTogether() {
        #expect(Self.together("change()\npublish()") == true)
        #expect(Self.together("publish()\nchange()") == true)
        #expect(Self.together("if flag {\n    change()\n}\npublish()") == true)
        #expect(Self.together("publish()\nif flag { change() } else { other() }") == true)
        // A change before a suspension still ran before the publish that follows it.
        #expect(Self.together("change()\nawait pause()\npublish()") == true)
        // Loops and closures run in place fall through to what follows.
        #expect(Self.together("for x in xs {\n    change()\n    break\n}\npublish()") == true)
        #expect(Self.together("items.forEach { item in\n    change()\n    return\n}\npublish()") == true)
        #expect(Self.together("withAnimation(.default) {\n    publish()\n}\nchange()") == true)
        #expect(Self.together("let sorted = items.sorted(by: { change(); return $0 < $1 })\npublish()") == true)
        #expect(Self.together("Task {\n    await load()\n    change()\n    publish()\n}") == true)
        #expect(Self.together("do {\n    try publish()\n} catch {\n    change()\n}") == true)
        // A `defer` runs at the scope's exit, in the same run (the third review's p07).
        #expect(Self.together("defer { publish() }\nchange()") == true)
        // In a loop, one iteration's branch and the next one's run in one go (p08).
        #expect(Self.together("for x in xs {\n    guard x else {\n        change()\n        continue\n    }\n    publish()\n}") == true)
        #expect(Self.together("for x in xs {\n    if x {\n        change()\n    } else {\n        publish()\n    }\n}") == true)
    }

    @Test func twoBranchesOrABlockThatLeavesAreApart() {
        #expect(Self.together("if flag {\n    change()\n} else {\n    publish()\n}") == false)
        #expect(Self.together("if a {\n    change()\n} else if b {\n    publish()\n}") == false)
        #expect(Self.together("guard flag else {\n    publish()\n    return\n}\nchange()") == false)
        #expect(Self.together("if flag {\n    publish()\n    return\n}\nchange()") == false)
        #expect(Self.together("if flag {\n    change()\n    throw Failure()\n}\npublish()") == false)
        #expect(Self.together("for x in xs {\n    if x {\n        change()\n        return\n    }\n}\npublish()") == false)
    }

    @Test func aLaterRunIsApart() {
        // The legacy view redrew at the suspension or before the closure ran, and then went stale too.
        #expect(Self.together("publish()\nawait pause()\nchange()") == false)
        #expect(Self.together("publish()\nDispatchQueue.main.asyncAfter(deadline: .now() + 1) {\n    change()\n}") == false)
        #expect(Self.together("publish()\nTask { change() }") == false)
        #expect(Self.together("change()\nloader.fetch(completion: { publish() })") == false)
        #expect(Self.together("publish()\nitems.forEach { _ in Task { change() } }") == false)
    }

    @Test func theCallAClosureIsGivenToIsNamed() {
        let file = FileStructure(text: """
            withAnimation { a() }
            withAnimation(.spring) { b() }
            items.sorted(by: { $0 < $1 })
            run(x, then: { c() })
            Task { d() }
            """)
        let braces = file.tokens.indices.filter { file.tokens[$0].kind == .leftBrace }
        #expect(braces.map { RunTogether.callee(ofClosure: $0, file) } == ["withAnimation", "withAnimation", "sorted", "run", "Task"])
    }
}
