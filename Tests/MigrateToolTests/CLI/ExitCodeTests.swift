import Foundation
import Testing

/// The exit-code contract a CI job relies on, run on the built binary: a tree that was scanned
/// reports what it found even when some files could not be read (2 only when nothing could be
/// scanned), a folder without Swift files fails `lint` unless allowed, a missing path fails
/// every command in the same words.
@Suite struct ExitCodeTests {
    static let legacyModel = "import Combine\n\nfinal class Store: ObservableObject {\n    @Published var count = 0\n}\n"

    /// A tree with one readable model and one unreadable `.swift` file of the given kind.
    static func treeWithOneUnreadableFile(_ kind: String) throws -> URL {
        let tree = try BinaryRunner.makeTree(["Sources/Store.swift": legacyModel, "Sources/Plain.swift": "struct Plain {}\n"])
        let bad = tree.appendingPathComponent("Sources/Bad.swift")
        switch kind {
        case "invalid UTF-8": try Data([0x6C, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0x0A]).write(to: bad)
        case "binary": try Data([0x63, 0x00, 0x01, 0x02]).write(to: bad)
        case "dangling link": try FileManager.default.createSymbolicLink(atPath: bad.path, withDestinationPath: "Gone.swift")
        default:
            try FileManager.default.createSymbolicLink(atPath: bad.path, withDestinationPath: "Other.swift")
            try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("Sources/Other.swift").path,
                                                       withDestinationPath: "Bad.swift")
        }
        return tree
    }

    @Test(arguments: ["invalid UTF-8", "binary", "symbolic link loop", "dangling link"])
    func oneUnreadableFileAmongGoodOnesIsNamedOnStderrAndTheRestIsReported(kind: String) throws {
        let tree = try Self.treeWithOneUnreadableFile(kind)
        defer { try? FileManager.default.removeItem(at: tree) }
        let cause = ["invalid UTF-8": "skipped: invalid UTF-8 at byte 4", "binary": "skipped: binary file (contains NUL bytes)",
                     "symbolic link loop": "skipped: symbolic link loop",
                     "dangling link": "skipped: a symbolic link to a file that does not exist"][kind]!

        let report = try BinaryRunner.run(["report", "Sources"], in: tree)
        #expect(report.exitCode == 0, "\(report.stderr)")
        #expect(report.stdout.contains("Observation migration report: 2 Swift files, 1 unit"), "\(report.stdout)")
        #expect(report.stdout.contains("Store · ready"))
        let problemLines = report.stderr.split(separator: "\n").map(String.init)
        #expect(problemLines.contains("observation-migrate: warning: Sources/Bad.swift: \(cause)"), "\(report.stderr)")
        // A loop reaches Bad.swift through Other.swift too; every other kind is one line.
        #expect(problemLines.allSatisfy { $0.hasPrefix("observation-migrate: warning: Sources/") })

        let lint = try BinaryRunner.run(["lint", "Sources"], in: tree)
        #expect(lint.exitCode == 1, "observable-object-class is an error:\n\(lint.stderr)")
        #expect(lint.stdout.contains("Sources/Store.swift:3:"))
        #expect(lint.stderr.contains("observation-migrate: warning: Sources/Bad.swift: \(cause)"))

        let summary = try BinaryRunner.run(["lint", "--format", "summary", "Sources"], in: tree)
        #expect(summary.stdout.contains("in 1 file"))
    }

    /// A file whose name is not UTF-8 cannot be opened by a name read back as a string: it is
    /// named with that cause (not "no such file"), and may hold any site, so the units stay.
    @Test func aFileNameThatIsNotUTF8IsNamedWithItsCause() throws {
        let tree = try BinaryRunner.makeTree(["Sources/Store.swift": Self.legacyModel])
        defer { try? FileManager.default.removeItem(at: tree) }
        let path = Array(tree.path.utf8) + Array("/Sources/View".utf8) + [0xFF] + Array(".swift".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(descriptor >= 0)
        close(descriptor)
        let report = try BinaryRunner.run(["report", "Sources"], in: tree)
        #expect(report.exitCode == 0, "\(report.stderr)")
        #expect(report.stderr.contains(".swift: cannot read: its name is not valid UTF-8, which the tool cannot open"), "\(report.stderr)")
        #expect(!report.stderr.contains("no such file"))
        #expect(report.stdout.contains("Store · blocked"), "\(report.stdout)")
    }

    @Test func nothingScannableExitsTwoAndSaysSo() throws {
        let tree = try BinaryRunner.makeTree([:])
        defer { try? FileManager.default.removeItem(at: tree) }
        try Data([0x00, 0x01]).write(to: tree.appendingPathComponent("Blob.swift"))
        for command in ["report", "lint", "apply"] {
            let result = try BinaryRunner.run([command, "."], in: tree)
            #expect(result.exitCode == 2, "\(command)")
            #expect(result.stdout.isEmpty, "\(command)")
            #expect(result.stderr == "observation-migrate: warning: Blob.swift: skipped: binary file (contains NUL bytes)\n"
                        + "observation-migrate: error: no Swift file could be scanned\n", "\(command)")
        }
    }

    /// A package's manifest is Swift, but no code to lint: a CI job pointed at the package root
    /// with every source excluded must not pass for having found nothing.
    @Test func aManifestAloneIsNoSwiftFileToLint() throws {
        let tree = try BinaryRunner.makeTree([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", "
                + "platforms: [.iOS(.v17)], targets: [.target(name: \"P\")])\n",
            "Sources/P/Model.swift": "import Combine\nfinal class Model: ObservableObject { @Published var x = 0 }\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["lint", "--strict", "--exclude", "Sources", "."], in: tree)
        #expect(result.exitCode == 2, "\(result.stdout)")
        #expect(result.stderr.contains("no Swift file found in ."), "\(result.stderr)")
    }

    /// A report that could not be written (a full disk under `report > file`, a descriptor not
    /// open for writing) must not pass for one: exit 2, and one line saying why.
    @Test func aStandardOutputThatCannotBeWrittenIsAnError() throws {
        let tree = try BinaryRunner.makeTree(["Store.swift": "final class Store: ObservableObject {\n    @Published var count = 0\n}\n"])
        defer { try? FileManager.default.removeItem(at: tree) }
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = ["report", "."]
        process.currentDirectoryURL = tree
        // Standard output open for reading only: every write fails with EBADF.
        process.standardOutput = try FileHandle(forReadingFrom: tree.appendingPathComponent("Store.swift"))
        let stderr = Pipe()
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.hasPrefix("observation-migrate: error: cannot write to standard output: "), "\(message)")
    }

    @Test func lintOnAFolderWithoutSwiftFilesFailsUnlessAllowed() throws {
        let tree = try BinaryRunner.makeTree(["docs/README.md": "# Nothing to lint\n"])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["lint", "docs"], in: tree)
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "observation-migrate: error: no Swift file found in docs (pass --allow-no-swift-files if that is expected)\n")
        let allowed = try BinaryRunner.run(["lint", "--allow-no-swift-files", "docs"], in: tree)
        #expect(allowed.exitCode == 0)
        #expect(allowed.stderr.isEmpty)
        let summary = try BinaryRunner.run(["lint", "--allow-no-swift-files", "--format", "summary", "docs"], in: tree)
        #expect(summary.stdout == "No findings (0 files scanned).\n")
    }

    @Test(arguments: ["report", "apply", "lint"])
    func aMissingPathIsTheSameErrorInEveryCommand(command: String) throws {
        let tree = try BinaryRunner.makeTree(["App/Store.swift": Self.legacyModel])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run([command, "App", "Nowhere"], in: tree)
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "observation-migrate: error: Nowhere: no such file or directory\n")
        // The scanner's own commands say it the same way.
        for debug in [["debug", "decls", "Nowhere"], ["debug", "bench", "--runs", "1", "Nowhere"]] where command == "report" {
            let result = try BinaryRunner.run(debug, in: tree)
            #expect(result.exitCode == 2)
            #expect(result.stderr == "observation-migrate: error: Nowhere: no such file or directory\n", "\(debug)")
        }
        // Nothing was written by `apply` either.
        #expect(try String(contentsOf: tree.appendingPathComponent("App/Store.swift"), encoding: .utf8) == Self.legacyModel)
    }
}
