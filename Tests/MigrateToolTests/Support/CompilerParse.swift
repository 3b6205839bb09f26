import Foundation

/// Asks the Swift compiler's parser (`swiftc -frontend -parse`) which files it rejects: the
/// ground truth for "the rewrite did not damage the file".
enum CompilerParse {
    /// The `swiftc` on PATH, if any.
    static let swiftc: URL? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static var isAvailable: Bool { swiftc != nil }

    /// Parses every source (name → text) in one compiler run; returns the names with errors.
    static func rejected(_ sources: [String: String]) throws -> Set<String> {
        guard let swiftc else { return [] }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var fileNames: [String: String] = [:]
        for (index, name) in sources.keys.sorted().enumerated() {
            let fileName = "f\(index).swift"
            fileNames[fileName] = name
            try Data(sources[name]!.utf8).write(to: directory.appendingPathComponent(fileName))
        }
        let process = Process()
        process.executableURL = swiftc
        process.arguments = ["-frontend", "-parse"] + fileNames.keys.sorted().map { directory.appendingPathComponent($0).path }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var rejected = Set<String>()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.contains(": error:") {
            guard let path = line.split(separator: ":").first else { continue }
            let fileName = URL(fileURLWithPath: String(path)).lastPathComponent
            if let name = fileNames[fileName] { rejected.insert(name) }
        }
        return rejected
    }
}
