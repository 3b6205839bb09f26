import Testing
@testable import MigrateTool

/// `_x` read as the `@Published` wrapper blocks its unit; a local of that name, another value's
/// `_x`, and an assignment to `_x` do not. One read of each body serves every property.
@Suite struct PublishedStorageTests {
    @Test func readsOfTheWrapperAreFoundInTheClassAndItsExtensionsAndNothingElse() {
        let source = """
            import Combine
            final class Search: ObservableObject {
                @Published var query = ""
                @Published var page = 0
                init(query: String) { _query = Published(initialValue: query) }
                func queries() -> AnyPublisher<String, Never> { _query.projectedValue.eraseToAnyPublisher() }
                func copy(of other: Search) -> Int { other._page.hashValue }
                func local() -> Int { let _page = 3; return _page }
            }
            extension Search {
                func pages() -> Published<Int>.Publisher { _page.projectedValue }
            }

            """
        let analysis = RuleExamples.analyze(files: [("Search.swift", source)])
        let storage = analysis.findings.filter { $0.ruleID == PublishedProperty.id && $0.isBlocker }
        #expect(storage.map(\.message) == [
            "'_query' is used as the @Published wrapper of 'query'; under @Observable '_query' is the macro's plain storage of the value",
            "'_page' is used as the @Published wrapper of 'page'; under @Observable '_page' is the macro's plain storage of the value",
        ])
        #expect(storage.map { RuleExamples.position($0.offset, in: source) } == ["6:53", "11:48"])
        #expect(analysis.units.map(\.verdict) == [.blocked])
    }
}
