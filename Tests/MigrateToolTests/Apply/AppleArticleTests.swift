import Foundation
import Testing
@testable import MigrateTool

/// Apple's "Migrating from the Observable Object protocol to the Observable macro": the book
/// reader must come out as the article's migrated code, line for line, except the two style
/// choices the article makes beyond the migration (`final` on the classes, `private` on the
/// environment property).
@Suite struct AppleArticleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestTrees/AppleArticle")

    static func tree(_ folder: String) throws -> [String: String] {
        let directory = root.appendingPathComponent(folder)
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") {
            files[name] = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    @Test func bookReaderMigratesAsTheArticleShows() throws {
        let before = try Self.tree("Before")
        let expected = try Self.tree("After")
        // The App's @StateObject is safe (an App evaluates it once), so no --unsafe-fixes needed.
        let migrated = Migrator.migrate(files: before, unsafeFixes: false)
        for name in expected.keys.sorted() {
            #expect(migrated[name] == expected[name], "\(name):\n\(TextDiff.unified(expected[name] ?? "", migrated[name] ?? "", path: name))")
        }
    }

    @Test func migratingTwiceChangesNothing() throws {
        let once = Migrator.migrate(files: try Self.tree("Before"), unsafeFixes: true)
        #expect(Migrator.migrate(files: once, unsafeFixes: true) == once)
    }
}
