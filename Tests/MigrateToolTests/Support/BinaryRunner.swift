import Foundation

/// Runs the built `observation-migrate` binary, as swift-argument-parser's end-to-end tests do:
/// what a user sees is stdout, stderr and the exit code.
struct BinaryRunner {
    struct Result {
        var stdout: String
        var stderr: String
        /// The exit status, or the signal's number when `killedBySignal`.
        var exitCode: Int32
        var killedBySignal = false
    }

    /// The binary next to the test bundle (`.build/<config>/observation-migrate`).
    static var binary: URL {
        var directory = Bundle.main.bundleURL
        // The test runner lives in the same products folder; walk up until the binary is found.
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("observation-migrate")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/observation-migrate")
    }

    /// Runs the binary with `arguments` in `directory`; stdin is empty.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var processEnvironment = ProcessInfo.processInfo.environment
        for (key, value) in environment { processEnvironment[key] = value }
        process.environment = processEnvironment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting, so a large output cannot fill a pipe and stall the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(stdout: String(decoding: outputData, as: UTF8.self), stderr: String(decoding: errorData, as: UTF8.self),
                      exitCode: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal)
    }

    /// The folder every tree of this test process goes into, removed when the process exits: the end-to-end
    /// tests make hundreds of trees, which used to stay in the temporary directory after every run.
    private static let treesFolder: URL = {
        let temporary = FileManager.default.temporaryDirectory
        // A run that was killed never reached its exit handler: its folder goes now.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix("observation-migrate-tests-") {
            let fields = name.split(separator: "-")
            guard fields.count > 3, let pid = Int32(fields[3]), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
        let folder = temporary.appendingPathComponent("observation-migrate-tests-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        removeAtExit = folder.path
        atexit { if let path = BinaryRunner.removeAtExit { try? FileManager.default.removeItem(atPath: path) } }
        return folder
    }()

    /// The path `atexit` removes; a C function pointer cannot capture, so it reads it from here.
    nonisolated(unsafe) private static var removeAtExit: String?

    /// A fresh temporary directory holding `files` (relative path → contents).
    static func makeTree(_ files: [String: String]) throws -> URL {
        let root = treesFolder.appendingPathComponent(UUID().uuidString)
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }
}
