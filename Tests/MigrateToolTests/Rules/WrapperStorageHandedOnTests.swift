@testable import MigrateTool
import Testing

/// A view that hands its wrapper's storage on (`Child(model: _model)`) blocks the unit, and the
/// finding names the storage as written: `_model` is the wrapper itself, not `$model`'s
/// `Wrapper` (a fresh app's `ScanKTPView(registerData: _registerData)` was worded as `$registerData`).
@Suite struct WrapperStorageHandedOnTests {
    static func blocker(wrapper: String, handedOn: String) -> Finding? {
        let source = """
            import SwiftUI

            final class Model: ObservableObject {
                @Published var name = ""
            }

            struct Child: View {
                @\(wrapper) var model: Model
                var body: some View { Text(model.name) }
            }

            struct Parent: View {
                @\(wrapper) var model: Model
                var body: some View { Child(model: \(handedOn)) }
            }

            """
        return RuleExamples.analyze(files: [("A.swift", source)]).findings.first { $0.isBlocker }
    }

    @Test func theStorageIsNamedAsWritten() throws {
        let environment = try #require(Self.blocker(wrapper: "EnvironmentObject", handedOn: "_model"))
        #expect(environment.message == "'_model' is the EnvironmentObject wrapper itself, which has no Observation twin")
        #expect(environment.suggestion?.contains("@Environment(Model.self)") == true)
        let observed = try #require(Self.blocker(wrapper: "ObservedObject", handedOn: "_model"))
        #expect(observed.message == "'_model' is the ObservedObject wrapper itself, which has no Observation twin")
    }
}
