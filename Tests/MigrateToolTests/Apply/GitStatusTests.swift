import Foundation
import Testing
@testable import MigrateTool

/// Reading `git status --porcelain -z` and finding a file's work tree, without running git.
@Suite struct GitStatusTests {
    @Test func porcelainEntriesGiveTheirPathsUnquotedAndRenamesTheirNewPath() {
        let output = Array(" M Sources/A.swift\0?? New Folder/Café.swift\0R  B2.swift\0B.swift\0A  C.swift\0".utf8)
        #expect(GitStatus.changedPaths(inPorcelain: output) == ["Sources/A.swift", "New Folder/Café.swift", "B2.swift", "C.swift"])
        #expect(GitStatus.changedPaths(inPorcelain: []) == [])
    }

    @Test func theWorkTreeIsTheNearestFolderWithAGitEntryAFileCounts() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gitroot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let nested = root.appendingPathComponent("App/Sources")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let canonicalRoot = try #require(FileSystem.canonicalPath(root.path))
        #expect(GitStatus.workTreeRoot(of: canonicalRoot + "/App/Sources") != canonicalRoot)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        #expect(GitStatus.workTreeRoot(of: canonicalRoot + "/App/Sources") == canonicalRoot)
        // A submodule's or linked work tree's `.git` is a file.
        try Data("gitdir: ../.git/modules/App\n".utf8).write(to: root.appendingPathComponent("App/.git"))
        #expect(GitStatus.workTreeRoot(of: canonicalRoot + "/App/Sources") == canonicalRoot + "/App")
    }

    /// A work tree git refuses to read is named with git's own first line, not taken for clean
    /// in silence: `apply` warns that its files are written unguarded.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
    func aWorkTreeGitCannotReadIsReportedWithGitsReason() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gitbroken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("gitdir: /nonexistent/repository\n".utf8).write(to: root.appendingPathComponent(".git"))
        try Data("let x = 1\n".utf8).write(to: root.appendingPathComponent("A.swift"))
        let report = GitStatus.report(among: [root.appendingPathComponent("A.swift").path])
        #expect(report.dirty.isEmpty)
        #expect(report.unanswered.map(\.root) == [try #require(FileSystem.canonicalPath(root.path))])
        #expect(report.unanswered.first?.reason.hasPrefix("fatal: not a git repository") == true, "\(report.unanswered)")
    }
}
