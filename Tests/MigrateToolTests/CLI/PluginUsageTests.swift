import Foundation
import Testing

/// The command plugin as a package that depends on this one by path uses it. SwiftPM builds the
/// whole tool in the scratch package first (minutes), so this runs only when asked:
/// `OBSERVATION_MIGRATE_PLUGIN_TESTS=1 swift test --filter PluginUsageTests`.
@Suite struct PluginUsageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let enabled = ProcessInfo.processInfo.environment["OBSERVATION_MIGRATE_PLUGIN_TESTS"] == "1"

    /// Runs `swift package --package-path PACKAGE` with `arguments`: exit status and combined output.
    static func swift(_ arguments: [String], in package: URL) throws -> (status: Int32, output: String) {
        try LintTestSupport.run("/usr/bin/env", ["swift", "package", "--package-path", package.path] + arguments)
    }

    @Test(.enabled(if: enabled, "set OBSERVATION_MIGRATE_PLUGIN_TESTS=1: builds the tool in a scratch package"))
    func usageNamesApplyDryRunAndItWritesNothing() throws {
        let model = "final class Store: ObservableObject {\n    @Published var count = 0\n}\n"
        let package = try BinaryRunner.makeTree([
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(
                    name: "Scratch",
                    platforms: [.macOS(.v14)],
                    dependencies: [.package(path: "\(Self.repository.path)")],
                    targets: [.target(name: "Scratch")]
                )

                """,
            "Sources/Scratch/Store.swift": model,
        ])
        defer { try? FileManager.default.removeItem(at: package) }
        let usage = try Self.swift(["observation-migrate", "--help"], in: package)
        #expect(usage.status == 0, "\(usage.output)")
        #expect(usage.output.contains("swift package observation-migrate apply --dry-run"), "\(usage.output)")

        let dryRun = try Self.swift(["observation-migrate", "apply", "--dry-run"], in: package)
        #expect(dryRun.output.contains("+@Observable final class Store {"), "\(dryRun.output)")
        #expect(try String(contentsOf: package.appendingPathComponent("Sources/Scratch/Store.swift"), encoding: .utf8) == model)

        let refused = try Self.swift(["observation-migrate", "apply"], in: package)
        #expect(refused.status != 0)
        #expect(refused.output.contains("or add --dry-run to see the diff"))
    }
}
