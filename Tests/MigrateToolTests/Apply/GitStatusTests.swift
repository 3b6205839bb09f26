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
}
