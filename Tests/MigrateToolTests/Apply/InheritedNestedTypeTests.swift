import Testing
@testable import MigrateTool

/// A type nested in a superclass (or in an extension of it) is named without qualification in a
/// subclass: `Search` inside `Sub: Base` is `Base.Search`. Before, it resolved to an external
/// type of that name, so `search.$needle` was no site of the model: the model migrated and the
/// publisher stopped existing (ghostty's `SurfaceView: OSSurfaceView` and its `SearchState`).
@Suite struct InheritedNestedTypeTests {
    static let base = """
        import SwiftUI
        import Combine

        class Base: NSObject {
            final class Search: ObservableObject {
                @Published var needle = ""
            }
        }

        extension Base {
            final class Store: ObservableObject {
                @Published var count = 0
            }
        }

        struct Row: View {
            @EnvironmentObject var store: Base.Store
            var body: some View { Text("\\(store.count)") }
        }

        """

    @Test func aSubclassesPublisherUseIsTheNestedModels() {
        let source = Self.base + """
            class Sub: Base {
                var cancellable: AnyCancellable?
                var search: Search? {
                    didSet {
                        if let search { cancellable = search.$needle.sink { print($0) } }
                    }
                }
            }
            """
        let analysis = RuleExamples.analyze(source)
        let search = analysis.units.first { $0.name == "Base.Search" }
        #expect(search?.verdict != .ready)
        #expect(analysis.findings.contains { $0.ruleID == ExternalPublisher.id && $0.message.contains("search.$needle") })
    }

    @Test func aSubclassesEnvironmentSiteIsTheNestedModels() {
        let source = Self.base + """
            class Sub: Base {
                func row() -> some View { Row().environmentObject(Store()) }
            }
            """
        let migrated = RuleExamples.migrate(source)
        #expect(migrated.contains("Row().environment(Store())"))
    }

    /// A qualified name goes on from the inherited type: `Search.Needle` inside `Sub`.
    @Test func aQualifiedNameGoesOnFromTheInheritedType() {
        let source = Self.base.replacingOccurrences(of: "final class Search: ObservableObject {\n        @Published var needle = \"\"\n    }",
                                                    with: "final class Search { final class Needle: ObservableObject { @Published var text = \"\" } }")
            + """
            class Sub: Base {
                var cancellable: AnyCancellable?
                let needle = Search.Needle()
                func watch() { cancellable = needle.$text.sink { print($0) } }
            }
            """
        let analysis = RuleExamples.analyze(source)
        #expect(analysis.units.first { $0.name == "Base.Search.Needle" }?.verdict != .ready)
    }
}
