// The lexer and the structure layer on real code no one here wrote: every `.swift` file at HEAD of
// every bare repository under /opt/swift-packages (about 12,600 files, 136 MB once repositories
// that appear twice with different letter case are counted once). Each must round-trip exactly,
// and its declarations must be sane. Skipped where the folder or git is missing.
//
// Measured in a debug build on 2 cores: about 30 s in all, of which extraction is about 6 s.

import Foundation
import Testing
@testable import SourceScan

extension Lexing {
    @Suite struct Corpus {
        static let root = "/opt/swift-packages"

        /// The bare repositories, one per owner/name compared without letter case (the first in
        /// sorted order wins), so a repository present twice is read once.
        static func repositories() -> [(key: String, path: String)] {
            let manager = FileManager.default
            var chosen: [String: String] = [:]
            let owners = ((try? manager.contentsOfDirectory(atPath: root)) ?? []).sorted()
            for owner in owners {
                let ownerPath = root + "/" + owner
                let names = ((try? manager.contentsOfDirectory(atPath: ownerPath)) ?? []).sorted()
                for name in names where name.hasSuffix(".git") {
                    let key = (owner + "/" + name).lowercased()
                    if chosen[key] == nil { chosen[key] = ownerPath + "/" + name }
                }
            }
            return chosen.keys.sorted().map { ($0, chosen[$0]!) }
        }

        static var gitPath: String? {
            let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            return directories.map { "\($0)/git" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }

        static var isAvailable: Bool {
            gitPath != nil && !repositories().isEmpty
        }

        /// Extracts the `.swift` files at HEAD of each repository into `destination`, one folder per
        /// repository; returns the repositories whose extraction failed.
        static func extract(into destination: URL) throws -> [String] {
            var failures: [String] = []
            for (key, repository) in repositories() {
                let folder = destination.appendingPathComponent(key.replacingOccurrences(of: "/", with: "+"))
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                // A repository without Swift files makes `git archive` report an unmatched
                // pathspec; that is not a failure, so only tar's status counts.
                process.arguments = ["-c", "'\(gitPath!)' --git-dir='\(repository)' archive HEAD -- '*.swift' 2>/dev/null | tar -x -C '\(folder.path)'"]
                try process.run()
                process.waitUntilExit()
                if process.terminationStatus != 0 { failures.append(repository) }
            }
            return failures
        }

        static func swiftFiles(under directory: URL) -> [String] {
            guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
            var files: [String] = []
            while let relative = enumerator.nextObject() as? String {
                if relative.hasSuffix(".swift") { files.append(directory.path + "/" + relative) }
            }
            return files.sorted()
        }

        /// Every problem found in one file, as messages naming the file.
        static func problems(in path: String, shownAs name: String) -> [String] {
            guard let data = FileManager.default.contents(atPath: path) else { return ["\(name): unreadable"] }
            let bytes = [UInt8](data)
            let file = SourceFile(path: path, bytes: bytes)
            let tokens = file.tokens
            var problems: [String] = []
            if !TokenTiling.isExact(tokens, byteCount: bytes.count) {
                problems.append("\(name): tokens do not tile the file")
            } else if TokenTiling.reassemble(tokens, from: bytes) != bytes {
                problems.append("\(name): reassembled bytes differ")
            }
            let structure = FileStructure(file)
            let lines = LineMap(bytes)
            for (index, declaration) in structure.declarations.enumerated() {
                let (line, column) = lines.location(of: Int(tokens[min(declaration.keyword, tokens.count - 1)].start))
                let place = "\(name):\(line):\(column)"
                let range = declaration.tokens
                if range.lowerBound < 0 || range.upperBound > tokens.count || range.lowerBound > range.upperBound {
                    problems.append("\(place): \(declaration.kind) token range \(range) outside 0..<\(tokens.count)")
                }
                if let parent = declaration.parent {
                    let outer = parent < index ? structure.declarations[parent].tokens : nil
                    if outer == nil || range.lowerBound < outer!.lowerBound || range.upperBound > outer!.upperBound {
                        problems.append("\(place): \(declaration.kind) \(declaration.name) \(range) not inside its parent \(outer.map { "\($0)" } ?? "(invalid \(parent))")")
                    }
                }
                if declaration.kind == .class, declaration.name.isEmpty {
                    problems.append("\(place): class without a name")
                }
            }
            return problems
        }

        @Test("every corpus file round-trips and has sane structure",
              .enabled(if: Corpus.isAvailable, "needs /opt/swift-packages and git"), .timeLimit(.minutes(5)))
        func corpus() async throws {
            let destination = FileManager.default.temporaryDirectory
                .appendingPathComponent("observation-migrate-corpus-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: destination) }
            let failedExtractions = try Self.extract(into: destination)
            #expect(failedExtractions.isEmpty, "git archive failed for \(failedExtractions)")
            let files = Self.swiftFiles(under: destination)
            #expect(files.count > 10_000, "expected the whole corpus, found \(files.count) files")

            let prefix = destination.path.count + 1
            // Both cores: the files are split into interleaved shares, one task each.
            let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
            let problems = await withTaskGroup(of: [String].self) { group in
                for worker in 0..<workers {
                    group.addTask {
                        var found: [String] = []
                        for index in stride(from: worker, to: files.count, by: workers) {
                            found += Self.problems(in: files[index], shownAs: String(files[index].dropFirst(prefix)))
                        }
                        return found
                    }
                }
                var all: [String] = []
                for await found in group { all += found }
                return all.sorted()
            }
            #expect(problems.isEmpty, "\(problems.count) problems in \(files.count) files, first: \(problems.prefix(20).joined(separator: "\n"))")
        }
    }
}
