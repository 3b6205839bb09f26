// `{ $model in … }`: a closure parameter that is a binding (swiftui-navigation's
// `sheet(unwrapping:case:)`) declares its own `$model`; it is not the view's projected value.

@testable import MigrateTool
import Testing

@Suite struct BindingParameterClosureTests {
    static func files(_ content: String) -> [String: String] {
        ["A.swift": """
            import SwiftUI

            final class Model: ObservableObject {
                @Published var name = ""
                @Published var child: Model?
            }

            struct ChildView: View {
                @ObservedObject var model: Model
                var body: some View { Text(model.name) }
            }

            struct Screen: View {
                @ObservedObject var model: Model
                var body: some View {
                    \(content)
                }
            }

            """]
    }

    @Test(arguments: [
        "Text(\"\").sheet(unwrapping: $model.child) { $model in ChildView(model: model) }",
        "Text(\"\").sheet(unwrapping: $model.child) { ($model) in ChildView(model: model) }",
        "Text(\"\").sheet(unwrapping: $model.child) { $model, extra in ChildView(model: model) }",
    ])
    func theParameterIsNoUseOfTheViewsWrapper(content: String) {
        let blockers = TyperGapTests.blockers("Model", in: Self.files(content))
        #expect(!blockers.contains { $0.contains("ObservedObject.Wrapper") }, "\(blockers)")
    }

    @Test func theViewsOwnWrapperOutsideTheClosureStillCounts() {
        let blockers = TyperGapTests.blockers("Model", in: Self.files("Text(\"\").sheet(unwrapping: $model.child) { $model in ChildView(model: model) }\n        let _ = $model"))
        #expect(blockers.contains { $0.contains("ObservedObject.Wrapper") }, "\(blockers)")
    }
}
