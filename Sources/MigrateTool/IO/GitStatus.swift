import Foundation
import SourceScan

/// Asks git which files have uncommitted changes, in the repository each file is in, whatever
/// the working directory (`cd ~ && observation-migrate apply ~/code/App` is guarded too).
enum GitStatus {
    /// The paths among `paths` that git reports as modified, added, renamed or untracked. A path
    /// outside any work tree, or in one git cannot read (git missing, a broken repository), is
    /// not reported: then there is nothing to protect.
    static func dirtyFiles(among paths: [String]) -> [String] {
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
        for (root, files) in pathsByRoot {
            guard let output = porcelainStatus(root: root, paths: files) else { continue }
            dirty.formUnion(changedPaths(inPorcelain: output).map { root + "/" + $0 })
        }
        return paths.filter { canonical[$0].map(dirty.contains) ?? false }
    }

    /// The root of the work tree holding `folder` (an absolute, canonical path): the nearest
    /// folder, this one or above, with a `.git` entry (a folder, or the file a linked work tree
    /// or submodule has). Nil when there is none.
    static func workTreeRoot(of folder: String) -> String? {
        var current = folder
        while true {
            var status = stat()
            if lstat(current == "/" ? "/.git" : current + "/.git", &status) == 0 { return current }
            guard current != "/", !current.isEmpty else { return nil }
            current = PathName.parent(current)
        }
    }

    /// The root-relative paths `git status --porcelain -z` reports: one `XY path` entry per
    /// file, NUL-terminated; a rename or copy is followed by its original path, which is not
    /// the file written.
    static func changedPaths(inPorcelain output: [UInt8]) -> [String] {
        var paths: [String] = []
        var fields = output.split(separator: 0, omittingEmptySubsequences: true).makeIterator()
        while let field = fields.next() {
            guard field.count > 3 else { continue }
            let status = Array(field.prefix(2))
            paths.append(String(decoding: field.dropFirst(3), as: UTF8.self))
            if status.contains(UInt8(ascii: "R")) || status.contains(UInt8(ascii: "C")) { _ = fields.next() }
        }
        return paths
    }

    /// `git -C root status --porcelain -z --untracked-files=all -- paths`; nil when git cannot
    /// be run or fails.
    private static func porcelainStatus(root: String, paths: [String]) -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root, "status", "--porcelain", "-z", "--untracked-files=all", "--"] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? Array(data) : nil
    }
}
