import Testing
@testable import MigrateTool

/// A local bound by a tuple pattern (`let (_, sut) = makeSUT()`, the factory shape of many test
/// suites) has the type of its element in the tuple the initializer's type states, so a model
/// reached through it is typed instead of "cannot tell".
@Suite struct TuplePatternTypingTests {
    /// A model, and a test whose `makeSUT()` returns `result` and whose local is bound by `pattern`.
    static func tree(pattern: String = "let (_, sut)", result: String = "(Spy, CounterModel)",
                     value: String = "(Spy(), CounterModel())") -> String {
        """
        import Combine
        import XCTest

        final class CounterModel: ObservableObject {
            @Published var count = 0
        }

        final class Spy {}

        final class CounterTests: XCTestCase {
            func test_count() {
                \(pattern) = makeSUT()
                let c = sut.$count.sink { _ in }
                _ = c
            }

            private func makeSUT() -> \(result) {
                \(value)
            }
        }

        """
    }

    static func publisherFinding(_ source: String) throws -> Finding {
        try #require(RuleExamples.analyze(files: [("A.swift", source)]).findings.first {
            $0.ruleID == ExternalPublisher.id && $0.message.contains("sut")
        })
    }

    @Test(arguments: [
        tree(),
        tree(pattern: "let (sut, _)", result: "(CounterModel, Spy)", value: "(CounterModel(), Spy())"),
        tree(result: "(spy: Spy, sut: CounterModel)"),
        tree(pattern: "var (spy, sut)"),
        tree(pattern: "let (_, sut)", result: "([String: Int], CounterModel)", value: "([:], CounterModel())"),
    ])
    func theElementIsTyped(source: String) throws {
        let finding = try Self.publisherFinding(source)
        #expect(!finding.message.contains("cannot tell"), "\(finding.message)")
        #expect(finding.message.contains("countPublisher"), "\(finding.message)")
    }

    @Test(arguments: [
        // An optional tuple cannot be destructured as written; the pattern does not match it.
        tree(result: "(Spy, CounterModel)?", value: "nil"),
        // Three elements for a pattern of two.
        tree(result: "(Spy, CounterModel, Spy)", value: "(Spy(), CounterModel(), Spy())"),
        // A function type, not a tuple.
        tree(result: "(Spy) -> (CounterModel)", value: "{ _ in CounterModel() }"),
    ])
    func anythingElseStaysUnknown(source: String) throws {
        #expect(try Self.publisherFinding(source).message.contains("cannot tell the type of 'sut'"))
    }
}
