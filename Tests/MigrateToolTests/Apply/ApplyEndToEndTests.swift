import Foundation
import Testing
@testable import MigrateTool

/// `apply` run as a user runs it: the built binary on a copy of the example app, checked against
/// a golden tree, plus the guards (dirty files, deployment target) and the promises about bytes
/// (line endings, byte-order mark, permissions, untouched files).
@Suite struct ApplyEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let example = repository.appendingPathComponent("Examples/NotesApp")
    static let golden = repository.appendingPathComponent("Tests/MigrateToolTests/TestTrees/NotesAppMigrated")

    /// Every regular file under `root`, relative path → contents.
    static func contents(of root: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[relative] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    /// A fresh copy of the example app.
    static func copyOfExample() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: example, to: copy)
        return copy
    }

    @Test func applyProducesTheGoldenTreeAndASecondRunChangesNothing() throws {
        let tree = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: tree) }
        let first = try BinaryRunner.run(["apply", "."], in: tree)
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(first.stdout.contains("migrated  Settings"))
        #expect(first.stdout.contains("    SyncService: 2 blockers\n"))
        let actual = try Self.contents(of: tree)
        let expected = try Self.contents(of: Self.golden)
        #expect(Set(actual.keys) == Set(expected.keys))
        for path in expected.keys.sorted() {
            #expect(actual[path] == expected[path], "\(TextDiff.unified(expected[path] ?? "", actual[path] ?? "", path: path))")
        }
        let second = try BinaryRunner.run(["apply", "--dry-run", "."], in: tree)
        #expect(second.exitCode == 0)
        #expect(second.stdout.isEmpty, "a second run would change:\n\(second.stdout)")
    }

    @Test func dryRunPrintsADiffWritesNothingAndExitsOne() throws {
        let tree = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: tree) }
        let before = try Self.contents(of: tree)
        let result = try BinaryRunner.run(["apply", "--dry-run", "."], in: tree)
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("+++ b/Sources/NotesApp/Models/Settings.swift"))
        #expect(result.stdout.contains("+@Observable final class Settings {"))
        #expect(result.stderr.contains("would change"))
        #expect(try Self.contents(of: tree) == before)
    }

    @Test func typeLimitsTheRunToOneUnit() throws {
        let tree = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--type", "Settings", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let files = try Self.contents(of: tree)
        #expect(files["Sources/NotesApp/Models/Settings.swift"]!.contains("@Observable final class Settings"))
        #expect(files["Sources/NotesApp/Models/NoteStore.swift"]!.contains("final class NoteStore: ObservableObject"))
        #expect(files["Sources/NotesApp/Views/NotesApp.swift"]!.contains(".environment(settings)"))
        #expect(files["Sources/NotesApp/Views/NotesApp.swift"]!.contains(".environmentObject(store)"))
        let unknown = try BinaryRunner.run(["apply", "--type", "Nonexistent", "."], in: tree)
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderr.contains("Nonexistent"))
    }

    @Test func refusesADeploymentTargetBelowObservationUnlessTold() throws {
        let tree = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(at: tree) }
        let manifest = tree.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: ".iOS(.v17)", with: ".iOS(.v16)")
        try Data(text.utf8).write(to: manifest)
        let refused = try BinaryRunner.run(["apply", "."], in: tree)
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("Package.swift:8"))
        #expect(refused.stderr.contains("iOS 16"))
        #expect(refused.stderr.split(separator: "\n").count == 1, "one clear line: \(refused.stderr)")
        let forced = try BinaryRunner.run(["apply", "--ignore-deployment-target", "."], in: tree)
        #expect(forced.exitCode == 0)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
    func refusesFilesWithUncommittedChangesUnlessAllowed() throws {
        let tree = try BinaryRunner.makeTree([
            "Counter.swift": "import SwiftUI\n\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments
            process.currentDirectoryURL = tree
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        try git("init", "-q")
        try git("add", ".")
        try git("commit", "-q", "-m", "start")
        try Data("import SwiftUI\n\nfinal class Counter: ObservableObject {\n    @Published var count = 1\n}\n".utf8)
            .write(to: tree.appendingPathComponent("Counter.swift"))
        let refused = try BinaryRunner.run(["apply", "."], in: tree)
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("Counter.swift"))
        #expect(try String(contentsOf: tree.appendingPathComponent("Counter.swift"), encoding: .utf8).contains("ObservableObject"))
        let allowed = try BinaryRunner.run(["apply", "--allow-dirty", "."], in: tree)
        #expect(allowed.exitCode == 0, "\(allowed.stderr)")
        #expect(try String(contentsOf: tree.appendingPathComponent("Counter.swift"), encoding: .utf8).contains("@Observable"))
    }

    /// A file git ignores is untracked and has no copy in git: refused like any untracked file.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
    func refusesAFileGitIgnoresUnlessAllowed() throws {
        let model = "import SwiftUI\n\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n"
        let tree = try BinaryRunner.makeTree(["Counter.swift": model, ".gitignore": "Counter.swift\n"])
        defer { try? FileManager.default.removeItem(at: tree) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", tree.path, "init", "-q"]
        try process.run()
        process.waitUntilExit()
        let refused = try BinaryRunner.run(["apply", "."], in: tree)
        #expect(refused.exitCode == 2)
        #expect(refused.stderr == "observation-migrate: error: refusing to rewrite files with uncommitted changes: files git ignores, "
                                  + "of which it keeps no copy: Counter.swift (commit them, or pass --allow-dirty)\n", "\(refused.stderr)")
        #expect(try String(contentsOf: tree.appendingPathComponent("Counter.swift"), encoding: .utf8) == model)
        let allowed = try BinaryRunner.run(["apply", "--allow-dirty", "."], in: tree)
        #expect(allowed.exitCode == 0, "\(allowed.stderr)")
    }

    /// Git is asked in the repository each file is in: run from outside it (here the folder
    /// above), the guard still holds, also for an untracked file whose path git would quote.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
    func refusesUncommittedChangesWhenRunFromOutsideTheRepository() throws {
        let model = "import SwiftUI\n\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n"
        let tree = try BinaryRunner.makeTree(["Counter.swift": model])
        defer { try? FileManager.default.removeItem(at: tree) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", tree.path, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "init", "-q"]
        try process.run()
        process.waitUntilExit()
        let folder = tree.appendingPathComponent("New Folder/Café")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(model.replacingOccurrences(of: "Counter", with: "Other").utf8).write(to: folder.appendingPathComponent("Other.swift"))
        let refused = try BinaryRunner.run(["apply", tree.path], in: tree.deletingLastPathComponent())
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("Counter.swift"), "\(refused.stderr)")
        #expect(refused.stderr.contains("Café/Other.swift"), "\(refused.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("Other.swift"), encoding: .utf8).contains("ObservableObject"))
        #expect(try String(contentsOf: tree.appendingPathComponent("Counter.swift"), encoding: .utf8).contains("ObservableObject"))
    }

    @Test func keepsLineEndingsByteOrderMarkAndPermissionsAndLeavesOtherFilesAlone() throws {
        let model = "\u{FEFF}import SwiftUI\r\n\r\nfinal class Counter: ObservableObject {\r\n    @Published var count = 0\r\n    var log: [String] = []\r\n}\r\n"
        let untouched = "import Foundation\n\nstruct Plain {\n    var value = 0\n}\n"
        let tree = try BinaryRunner.makeTree(["Counter.swift": model, "Plain.swift": untouched])
        defer { try? FileManager.default.removeItem(at: tree) }
        let counter = tree.appendingPathComponent("Counter.swift")
        let plain = tree.appendingPathComponent("Plain.swift")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: counter.path)
        let plainModified = try FileManager.default.attributesOfItem(atPath: plain.path)[.modificationDate] as? Date
        let result = try BinaryRunner.run(["apply", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let migrated = try Data(contentsOf: counter)
        let expected = "\u{FEFF}import SwiftUI\r\nimport Observation\r\n\r\n@Observable final class Counter {\r\n    var count = 0\r\n    var log: [String] = []\r\n}\r\n"
        #expect(String(decoding: migrated, as: UTF8.self) == expected)
        #expect(Array(migrated.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let permissions = try FileManager.default.attributesOfItem(atPath: counter.path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try String(contentsOf: plain, encoding: .utf8) == untouched)
        #expect(try FileManager.default.attributesOfItem(atPath: plain.path)[.modificationDate] as? Date == plainModified)
        // No temporary files are left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: tree.path)
        #expect(names.sorted() == ["Counter.swift", "Plain.swift"])
    }

    @Test func aTreeWithoutObservableObjectIsLeftByteIdentical() throws {
        let tree = try BinaryRunner.makeTree([
            "A.swift": "import SwiftUI\n\nstruct A: View {\n    @State private var on = false\n    var body: some View { Toggle(\"On\", isOn: $on) }\n}\n",
            "B.swift": "import Combine\n\nfinal class B {\n    var cancellable: AnyCancellable?\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let before = try Self.contents(of: tree)
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(result.exitCode == 0)
        #expect(try Self.contents(of: tree) == before)
    }

    @Test func unreadableInputIsReportedAndTheRestMigrates() throws {
        let tree = try BinaryRunner.makeTree([
            "Counter.swift": "import SwiftUI\n\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n",
            "Unterminated.swift": "let s = \"never closed\nclass X {\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        try Data([0x63, 0x6C, 0x61, 0x73, 0x73, 0x00, 0x01]).write(to: tree.appendingPathComponent("Binary.swift"))
        try Data([0x6C, 0x65, 0x74, 0x20, 0xFF, 0xFE]).write(to: tree.appendingPathComponent("Latin.swift"))
        let result = try BinaryRunner.run(["apply", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Binary.swift: skipped: binary file"))
        #expect(result.stderr.contains("Latin.swift: skipped: invalid UTF-8 at byte 4"))
        #expect(try String(contentsOf: tree.appendingPathComponent("Counter.swift"), encoding: .utf8).contains("@Observable"))
        #expect(try String(contentsOf: tree.appendingPathComponent("Unterminated.swift"), encoding: .utf8)
                    == "let s = \"never closed\nclass X {\n")
    }

    @Test func goldenHelp() throws {
        let result = try BinaryRunner.run(["apply", "--help"])
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        try ReportTestTree.expectGolden(result.stdout, "apply-help.txt",
                                        directory: ReportTestTree.goldenDirectory.deletingLastPathComponent().appendingPathComponent("Apply"))
    }
}
