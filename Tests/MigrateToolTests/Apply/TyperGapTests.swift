import Foundation
import Testing
@testable import MigrateTool

/// Sites of the real apps (docs/real-apps.md, U1–U9) whose type the tree says but the expression
/// typer did not follow, each reduced to the smallest tree. A unit must become ready only when
/// every site is typed; what cannot be known stays unknown and blocks.
@Suite struct TyperGapTests {
    static func verdict(_ name: String, in files: [String: String]) -> Verdict? {
        RealAppRegressionTests.verdict(name, in: files)
    }

    static func blockers(_ name: String, in files: [String: String]) -> [String] {
        let analysis = RealAppRegressionTests.analyze(files)
        guard let unit = analysis.units.first(where: { $0.name == name }) else { return [] }
        return unit.findings.map { analysis.findings[$0] }.filter(\.isBlocker).map(\.message)
    }

    static let client = """
        import SwiftUI

        final class Client: ObservableObject {
            @Published var x = 0
        }

        final class Manager: ObservableObject {
            static let shared = Manager()
            @Published var currentClient: Client = Client()
        }

        struct ClientView: View {
            @EnvironmentObject var client: Client
            var body: some View { Text("\\(client.x)") }
        }

        """

    /// U3 (Ice Cubes' share extension): a chain of three variables, each initialised from the
    /// previous one, used to run out of the typer's depth budget.
    @Test func aLocalInitialisedFromAnotherLocalIsTyped() {
        let files = ["A.swift": Self.client + """
            final class Host {
                func make() -> some View {
                    let manager = Manager.shared
                    let client = manager.currentClient
                    return ClientView().environmentObject(manager).environmentObject(client)
                }
            }
            """]
        #expect(Self.verdict("Client", in: files) == .ready)
        let migrated = Migrator.migrate(files: files)["A.swift"]!
        #expect(migrated.contains(".environment(manager).environment(client)"))
    }

    /// Variables whose initializers lead back to themselves are a cycle: unknown, and the unit
    /// they may refer to stays blocked.
    @Test func variablesInitialisedFromEachOtherStayUnknown() {
        let files = ["A.swift": Self.client + """
            final class Loop {
                static var first = Loop.second
                static var second = Loop.first
                var own = Loop().own
            }

            struct Host: View {
                var body: some View {
                    ClientView().environmentObject(Loop.first).environmentObject(Loop().own)
                }
            }
            """]
        #expect(Self.verdict("Client", in: files) == .blocked)
        #expect(Self.blockers("Client", in: files).count == 2)
    }
}
