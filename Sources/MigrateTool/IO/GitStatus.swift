import Foundation
import SourceScan

/// Asks git which files have uncommitted changes, in the repository each file is in, whatever
/// the working directory (`cd ~ && observation-migrate apply ~/code/App` is guarded too).
enum GitStatus {
    /// What git said about a run's files.
    struct Report {
        /// The files git reports as modified, added, renamed or untracked.
        var dirty: [String] = []
        /// The files git ignores: untracked too, and the least recoverable, git keeping no copy.
        var ignored: [String] = []
        /// Work trees git could not answer for (git missing, a repository it refuses to read),
        /// each with the first line git wrote: their files are written unguarded, and the run says so.
        var unanswered: [(root: String, reason: String)] = []
    }

    /// The paths among `paths` that git reports as modified, added, renamed or untracked, and
    /// the work trees git could not answer for. A path outside any work tree is in neither: there
    /// is nothing to protect.
    static func report(among paths: [String]) -> Report {
        var canonical: [String: String] = [:]
        var pathsByRoot: [String: [String]] = [:]
        var rootByFolder: [String: String?] = [:]
        for path in paths {
            guard let resolved = FileSystem.canonicalPath(path) else { continue }
            canonical[path] = resolved
            let folder = PathName.parent(resolved)
            if rootByFolder[folder] == nil { rootByFolder[folder] = workTreeRoot(of: folder) }
            guard let root = rootByFolder[folder] ?? nil else { continue }
            pathsByRoot[root, default: []].append(resolved)
        }
        var dirty = Set<String>()
        var ignored = Set<String>()
        var unanswered: [(root: String, reason: String)] = []
        for (root, files) in pathsByRoot.sorted(by: { $0.key < $1.key }) {
            switch porcelainStatus(root: root, paths: files) {
            case .success(let output):
                dirty.formUnion(changedPaths(inPorcelain: output).map { root + "/" + $0 })
                ignored.formUnion(changedPaths(inPorcelain: output, ignored: true).map { root + "/" + $0 })
            case .failure(let failure): unanswered.append((root, failure.description))
            }
        }
        return Report(dirty: paths.filter { canonical[$0].map(dirty.contains) ?? false },
                      ignored: paths.filter { canonical[$0].map(ignored.contains) ?? false }, unanswered: unanswered)
    }

    /// The root of the work tree holding `folder` (an absolute, canonical path): the nearest
    /// folder, this one or above, with a `.git` entry (a folder, or the file a linked work tree
    /// or submodule has). Nil when there is none.
    static func workTreeRoot(of folder: String) -> String? {
        FileSystem.nearestFolder(from: folder, holding: ".git", followingLinks: false)
    }

    /// The root-relative paths `git status --porcelain -z` reports: one `XY path` entry per
    /// file, NUL-terminated; a rename or copy is followed by its original path, which is not
    /// the file written. The changed ones, or with `ignored`, those git ignores (`!!`).
    static func changedPaths(inPorcelain output: [UInt8], ignored: Bool = false) -> [String] {
        var paths: [String] = []
        var fields = output.split(separator: 0, omittingEmptySubsequences: true).makeIterator()
        while let field = fields.next() {
            guard field.count > 3 else { continue }
            let status = Array(field.prefix(2))
            let isIgnored = status == [UInt8(ascii: "!"), UInt8(ascii: "!")]
            if isIgnored == ignored { paths.append(String(decoding: field.dropFirst(3), as: UTF8.self)) }
            if status.contains(UInt8(ascii: "R")) || status.contains(UInt8(ascii: "C")) { _ = fields.next() }
        }
        return paths
    }

    /// `git -C root status --porcelain -z --untracked-files=all --ignored -- paths`, or the first
    /// line of what git said when it cannot be run or fails. The paths are the files to write
    /// only, so listing ignored ones costs nothing for ignored build folders.
    private static func porcelainStatus(root: String, paths: [String]) -> Result<[UInt8], GitFailure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root, "status", "--porcelain", "-z", "--untracked-files=all", "--ignored", "--"] + paths
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(GitFailure(description: "git could not be run"))
        }
        // Output first, then the few lines git writes when it fails, then the exit status.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let line = String(decoding: said, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
            // env's own message when git is not installed.
            return .failure(GitFailure(description: process.terminationStatus == 127 ? "git is not installed"
                                                        : line ?? "git status exited with \(process.terminationStatus)"))
        }
        return .success(Array(data))
    }

    /// Why git gave no answer, as git put it.
    struct GitFailure: Error {
        var description: String
    }
}
