import Foundation
import Testing

/// The command plugins as a user meets them: a scratch package depending on this repository by
/// path lists both plugins, lints through one and rewrites through the other, and compiling them
/// prints no warning. SwiftPM builds the whole tool again in the scratch package (a minute or
/// two), so the suite runs only with `OBSERVATION_MIGRATE_PLUGIN_TESTS=1`; SwiftPM cannot run
/// these plugins inside this package itself (docs/ci.md says why).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["OBSERVATION_MIGRATE_PLUGIN_TESTS"] == "1",
                "slow (builds the tool in a scratch package): set OBSERVATION_MIGRATE_PLUGIN_TESTS=1"),
       .serialized)
struct PluginScratchPackageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `swift package` on the package at `directory` with `arguments`.
    static func swiftPackage(_ arguments: [String], in directory: URL) throws -> (output: String, exitCode: Int32) {
        let result = try LintTestSupport.run("/usr/bin/env", ["swift", "package", "--package-path", directory.path] + arguments)
        return (result.output, result.status)
    }

    @Test func lintAndApplyThroughThePlugins() throws {
        let package = try BinaryRunner.makeTree([
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "App", platforms: [.macOS(.v14)],
                                      dependencies: [.package(path: "\(Self.repository.path)")],
                                      targets: [.target(name: "App")])

                """,
            "Sources/App/Store.swift": """
                import SwiftUI

                final class Store: ObservableObject {
                    @Published var count = 0
                }

                struct CounterView: View {
                    @StateObject private var store = Store()
                    var body: some View { Text("\\(store.count)") }
                }

                """,
        ])
        defer { try? FileManager.default.removeItem(at: package) }

        let list = try Self.swiftPackage(["plugin", "--list"], in: package)
        #expect(list.exitCode == 0, "\(list.output)")
        #expect(list.output.contains("‘observation-migrate’") || list.output.contains("'observation-migrate'"), "\(list.output)")
        #expect(list.output.contains("observation-migrate-apply"), "\(list.output)")
        let lint = try Self.swiftPackage(["observation-migrate", "lint"], in: package)
        #expect(lint.exitCode != 0)
        #expect(lint.output.contains("Sources/App/Store.swift:3:20: error: 'Store' conforms to ObservableObject"), "\(lint.output)")

        let apply = try Self.swiftPackage(["--allow-writing-to-package-directory", "observation-migrate-apply", "--allow-dirty"], in: package)
        #expect(apply.exitCode == 0, "\(apply.output)")
        let rewritten = try String(contentsOf: package.appendingPathComponent("Sources/App/Store.swift"), encoding: .utf8)
        #expect(rewritten.contains("@Observable final class Store {"))
        #expect(rewritten.contains("@State private var store = Store()"))

        // Whichever step compiled the plugins, it printed no warning about them.
        let pluginWarnings = (list.output + lint.output + apply.output).split(separator: "\n")
            .filter { $0.contains("warning:") && $0.contains("/Plugins/") }
        #expect(pluginWarnings.isEmpty, "compiling the plugins warns:\n\(pluginWarnings.joined(separator: "\n"))")
    }
}
