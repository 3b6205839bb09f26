import Foundation
import Testing

/// The configuration is found from the paths given, then from the working directory; two
/// paths under different files are an error; the report names the file it read (QA F14).
@Suite struct ConfigurationDiscoveryTests {
    static let model = "import Combine\nfinal class Store: ObservableObject {\n    @Published var count = 0\n}\n"

    static func tree() throws -> URL {
        try BinaryRunner.makeTree([
            "App/.observation-migrate.json": "{\"disabledRules\": [\"published-property\"]}\n",
            "App/Store.swift": model,
            "Other/.observation-migrate.json": "{}\n",
            "Other/Store.swift": model,
            "Plain/Store.swift": model,
        ])
    }

    @Test func thePathsGivenFindTheirConfigurationFromAnywhere() throws {
        let tree = try Self.tree()
        defer { try? FileManager.default.removeItem(at: tree) }
        for (path, directory) in [("App", tree), ("App/Store.swift", tree), (tree.appendingPathComponent("App").path, tree.appendingPathComponent("Plain"))] {
            let lint = try BinaryRunner.run(["lint", path], in: directory)
            #expect(!lint.stdout.contains("published-property"), "\(path): \(lint.stdout)")
            #expect(lint.stdout.contains("observable-object-class"), "\(path): \(lint.stdout)")
        }
        let text = try BinaryRunner.run(["report", "--no-color", "App"], in: tree).stdout
        #expect(text.contains("  Configuration       App/.observation-migrate.json\n"), "\(text)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(BinaryRunner.run(["report", "--format", "json", "App"], in: tree).stdout.utf8)) as? [String: Any])
        #expect((json["summary"] as? [String: Any])?["configuration"] as? String == "App/.observation-migrate.json")
    }

    @Test func withoutOneAboveThePathsTheWorkingDirectorysCountsThenTheDefaults() throws {
        let tree = try Self.tree()
        defer { try? FileManager.default.removeItem(at: tree) }
        let inApp = try BinaryRunner.run(["lint", "../Plain"], in: tree.appendingPathComponent("App"))
        #expect(!inApp.stdout.contains("published-property"), "the working directory's file: \(inApp.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(BinaryRunner.run(["report", "--format", "json", "Plain"], in: tree).stdout.utf8)) as? [String: Any])
        #expect((json["summary"] as? [String: Any])?["configuration"] is NSNull)
    }

    @Test func pathsUnderDifferentConfigurationsAreAnError() throws {
        let tree = try Self.tree()
        defer { try? FileManager.default.removeItem(at: tree) }
        for command in ["lint", "report", "apply"] {
            let result = try BinaryRunner.run([command, "App", "Other"], in: tree)
            #expect(result.exitCode == 2)
            #expect(result.stderr == "observation-migrate: error: the paths given fall under different configurations "
                    + "(App/.observation-migrate.json, Other/.observation-migrate.json): run once per configuration, or pass --config\n",
                    "\(result.stderr)")
        }
        // One explicit file settles it; a path without one of its own goes with the other's.
        #expect(try BinaryRunner.run(["lint", "--config", "App/.observation-migrate.json", "App", "Other"], in: tree).exitCode == 1)
        #expect(try BinaryRunner.run(["lint", "App", "Plain"], in: tree).exitCode == 1)
    }
}
