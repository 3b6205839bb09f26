import Testing
@testable import MigrateTool

/// Factory's `@InjectedObject` becomes `@InjectedObservable` only where that compiles and means
/// the same: the tree already writes `@InjectedObservable` in a file importing Factory, the
/// rewritten file imports Factory, and its `$store` projections read members.
@Suite struct ExternalObjectWrapperTests {
    /// A Factory tree: `Session` is already held with `@InjectedObservable` when `evidence` is set;
    /// `Store` is held with `@InjectedObject` in a file importing `module`, using `body`.
    static func tree(evidence: Bool = true, module: String = "FactoryKit",
                     body: String = #"Stepper("\(store.count)", value: $store.count)"#) -> [SourceInput] {
        let models = """
            import FactoryKit
            import SwiftUI

            final class Store: ObservableObject {
                @Published var count = 0
            }

            @Observable final class Session {
                var user = ""
            }

            extension Container {
                var store: Factory<Store> { self { Store() }.singleton }
                var session: Factory<Session> { self { Session() }.singleton }
            }
            """
        let sessionView = """
            import FactoryKit
            import SwiftUI

            struct SessionView: View {
                @InjectedObservable(\\.session) var session
                var body: some View { Text(session.user) }
            }
            """
        let counterView = """
            import \(module)
            import SwiftUI

            struct CounterView: View {
                @InjectedObject(\\.store) var store: Store
                var body: some View { \(body) }
            }
            """
        return [("Models.swift", models), ("SessionView.swift", sessionView), ("CounterView.swift", counterView)]
            .filter { evidence || $0.0 != "SessionView.swift" }
            .map { SourceInput(path: $0.0, bytes: Array($0.1.utf8)) }
    }

    static func storeFindings(_ inputs: [SourceInput]) -> (verdict: Verdict?, messages: [String]) {
        let analysis = Analyzer.analyze(swift: inputs)
        let unit = analysis.units.first { $0.name == "Store" }
        let messages = (unit?.findings ?? []).map { analysis.findings[$0] }.filter { $0.ruleID == ExternalObjectWrapper.id }.map(\.message)
        return (unit?.verdict, messages)
    }

    @Test func becomesInjectedObservableWhereTheTreeAlreadyWritesIt() {
        let (verdict, messages) = Self.storeFindings(Self.tree())
        #expect(verdict == .needsUnsafeFixes)
        #expect(messages == ["@InjectedObject 'store' becomes @InjectedObservable, as the tree already writes for @Observable models; "
            + "it resolves 'Store' on first use rather than when the view is created"])
    }

    @Test func staysBlockedWithoutEvidenceOfTheWrapper() {
        let (verdict, messages) = Self.storeFindings(Self.tree(evidence: false))
        #expect(verdict == .blocked)
        #expect(messages.first?.hasPrefix("@InjectedObject 'store' needs 'Store' to stay an ObservableObject") == true)
    }

    @Test func resolversWrapperHasNoTwin() {
        let (verdict, _) = Self.storeFindings(Self.tree(module: "Resolver"))
        #expect(verdict == .blocked)
    }

    @Test func aBareProjectionKeepsTheWrapper() {
        // `$store` alone is an ObservedObject.Wrapper; @InjectedObservable projects a Binding.
        let (verdict, _) = Self.storeFindings(Self.tree(body: "CounterEditor(model: $store)"))
        #expect(verdict == .blocked)
    }
}
