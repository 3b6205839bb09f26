import Foundation
@testable import MigrateTool

/// The lint tests' data (`TestTrees/Lint`) and the helpers they share.
enum LintTestSupport {
    /// `Tests/MigrateToolTests/TestTrees/Lint`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestTrees/Lint")

    /// The files of a tree under `TestTrees/Lint/<name>`, by path relative to it.
    static func tree(_ name: String) throws -> [String: String] {
        let directory = root.appendingPathComponent(name)
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let url = directory.appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[relative] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    /// A fresh copy of a test tree in a temporary folder, plus `extra` files.
    static func copy(_ name: String, adding extra: [String: String] = [:]) throws -> URL {
        try BinaryRunner.makeTree(try tree(name).merging(extra) { $1 })
    }

    /// The legacy tree in memory, analyzed, for formatter tests that need no binary.
    static func legacyAnalysis() throws -> Analysis {
        let files = try tree("Legacy")
        return Analyzer.analyze(swift: files.keys.sorted().map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) })
    }

    /// Whether Python's `jsonschema` can validate SARIF here; the schema test is skipped when not.
    static let hasJSONSchema: Bool = (try? run("/usr/bin/env", ["python3", "-c", "import jsonschema"]).status) == 0

    /// The SARIF 2.1.0 JSON schema the SARIF output must satisfy: `shared/schemas/` beside the
    /// repository (where CI checks out the shared specs), or nil when it is not there.
    static let schemaPath: String? = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let beside = repository.deletingLastPathComponent().appendingPathComponent("shared/schemas/sarif-2.1.0.json").path
        return FileManager.default.fileExists(atPath: beside) ? beside : nil
    }()

    /// Runs a program; its exit status and combined output.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The non-empty lines of a text.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Parses JSON text with Foundation (an independent reader of what the tool writes).
    static func json(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        guard let dictionary = object as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
        return dictionary
    }
}
