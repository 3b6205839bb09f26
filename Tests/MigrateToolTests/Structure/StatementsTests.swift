import Testing
@testable import SourceScan

/// The statements of a block, as the send rules read them: split at line breaks that start a new
/// statement and at `;`, never inside an expression that continues on the next line.
@Suite struct StatementsTests {
    /// The statements of the first block opened after `marker` (a word of the text), as text.
    static func statements(_ text: String, after marker: String) -> [String]? {
        let file = FileStructure(text: text)
        guard let word = file.tokens.indices.first(where: { file.source.tokenText($0, equals: marker) }),
              let open = file.tokens.indices.first(where: { $0 > word && file.tokens[$0].kind == .leftBrace }) else { return nil }
        return file.statements(inBlock: open)?.map { file.compactText($0) }
    }

    @Test func linesSemicolonsAndContinuedExpressionsSplitAsTheCompilerSplitsThem() {
        let found = Self.statements("""
            func f() {
                let total = items
                    .filter { $0 > 1 }
                    .count
                count += 1; objectWillChange.send()
                if total > 2 {
                    flag = true
                }
                else {
                    flag = false
                }
                do {
                    try run()
                } catch {
                    print(error)
                }
                repeat { step() }
                while more
            }
            """, after: "f")
        #expect(found == [
            "let total = items .filter { $0 > 1 } .count",
            "count += 1",
            "objectWillChange.send()",
            "if total > 2 { flag = true } else { flag = false }",
            "do { try run() } catch { print(error) }",
            "repeat { step() } while more",
        ])
    }

    @Test func aClosureSignatureIsNotAStatement() {
        #expect(Self.statements("run { [weak self] value in\n    self?.use(value)\n    done()\n}", after: "run")
            == ["self?.use(value)", "done()"])
        #expect(Self.statements("Task { @MainActor in send(); count = 1 }", after: "Task") == ["send()", "count = 1"])
        // A `for … in` on the brace's line is a statement, not a signature.
        #expect(Self.statements("if c { for x in xs { use(x) } }", after: "if") == ["for x in xs { use(x) }"])
    }

    /// A `#if` group on lines of its own is one statement, nested groups and `#else` included; a
    /// postfix `#if` continuing a modifier chain (SE-0308) is part of the statement it continues;
    /// a `#if` inside an expression, or a group without its `#endif`, makes the block unreadable.
    @Test func aDirectiveGroupIsOneStatement() {
        #expect(Self.statements("func f() {\n#if DEBUG\n    log()\n#endif\n    run()\n}", after: "f") == ["#if DEBUG log() #endif", "run()"])
        #expect(Self.statements("func f() {\n    a()\n    #if os(iOS)\n    #if DEBUG\n    b()\n    #endif\n    #else\n    c()\n    #endif\n}", after: "f")
                == ["a()", "#if os(iOS) #if DEBUG b() #endif #else c() #endif"])
        #expect(Self.statements("var body: some View {\n    Text(\"a\")\n    #if os(iOS)\n    .padding()\n    #endif\n}", after: "View")
                == ["Text(\"a\") #if os(iOS) .padding() #endif"])
        #expect(Self.statements("var body: some View {\n    List { row() }\n    #if os(iOS)\n    .listStyle(.plain)\n    #else\n    .listStyle(.sidebar)\n    #endif\n"
                                + "    .padding()\n    Text(\"b\")\n}", after: "View")
                == ["List { row() } #if os(iOS) .listStyle(.plain) #else .listStyle(.sidebar) #endif .padding()", "Text(\"b\")"])
        #expect(Self.statements("func f() {\n    let x = a +\n    #if DEBUG\n    b\n    #else\n    c\n    #endif\n}", after: "f") == nil, "mid-expression")
        #expect(Self.statements("func f() {\n#if DEBUG\n    log()\n}", after: "f") == nil, "no #endif")
    }

    @Test func anEmptyBlockHasNoStatements() {
        #expect(Self.statements("func f() {}", after: "f") == [])
    }
}

/// A `switch`'s clauses: each label up to its `:`, and the statements after it.
@Suite struct SwitchClauseTests {
    @Test func labelsAndBodiesAreSplit() throws {
        let source = """
            switch value {
            case .a(let x) where x > 0:
                f(x)
                if case .b = y { g() }
            case .b, .c:
                break
            @unknown default:
                h()
            }
            """
        let file = FileStructure(SourceFile(path: "A.swift", bytes: Array(source.utf8)))
        let open = try #require(file.tokens.indices.first { file.tokens[$0].kind == .leftBrace })
        let clauses = try #require(file.switchClauses(inBlock: open))
        #expect(clauses.map { file.compactText($0.label) } == ["case .a(let x) where x > 0:", "case .b, .c:", "@unknown default:"])
        #expect(clauses.map { (file.statements(in: $0.body) ?? []).map(file.compactText) }
                == [["f(x)", "if case .b = y { g() }"], ["break"], ["h()"]])
        let notASwitch = "{ f() }"
        let plain = FileStructure(SourceFile(path: "B.swift", bytes: Array(notASwitch.utf8)))
        #expect(plain.switchClauses(inBlock: 0) == nil)
    }
}
