import Foundation
import Testing

/// How `apply` writes, on the built binary: all files of a run or none (a failed write puts back
/// what was replaced and says "cannot write"), symbolic links written through or left alone but
/// never replaced, and the summary a person reads: grouped, wrapped, in the order to act on.
@Suite struct ApplyWriteTests {
    static let model = "import SwiftUI\n\nfinal class Store: ObservableObject {\n    @Published var count = 0\n}\n"
    static let view = "import SwiftUI\n\nstruct Root: View {\n    @StateObject private var store = Store()\n    var body: some View { Text(\"\\(store.count)\") }\n}\n"

    /// A model in one folder and the view that owns it in another: one unit across two files.
    static func twoFileUnit() throws -> URL {
        try BinaryRunner.makeTree(["Models/Store.swift": model, "Views/Root.swift": view])
    }

    static func text(_ tree: URL, _ path: String) throws -> String {
        try String(contentsOf: tree.appendingPathComponent(path), encoding: .utf8)
    }

    /// Files other than the tree's own: leftovers of temporary files or backups.
    static func strayFiles(_ tree: URL) -> [String] {
        let all = FileManager.default.enumerator(atPath: tree.path)?.allObjects as? [String] ?? []
        return all.filter { $0.contains(".observation-migrate-") }
    }

    // MARK: All or nothing

    @Test(arguments: ["prepare:Views/Root.swift", "rename:Views/Root.swift", "prepare:Models/Store.swift", "rename:Models/Store.swift"])
    func aFailedWriteLeavesEveryFileAsItWasAndSaysCannotWrite(failure: String) throws {
        let tree = try Self.twoFileUnit()
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree, environment: ["OBSERVATION_MIGRATE_FAIL_WRITE": failure])
        let path = String(failure.drop { $0 != ":" }.dropFirst())
        #expect(result.exitCode == 2)
        #expect(result.stderr == "observation-migrate: error: ./\(path): cannot write: Input/output error; no file was changed\n"
                    || result.stderr == "observation-migrate: error: \(path): cannot write: Input/output error; no file was changed\n",
                "\(result.stderr)")
        #expect(try Self.text(tree, "Models/Store.swift") == Self.model)
        #expect(try Self.text(tree, "Views/Root.swift") == Self.view)
        #expect(Self.strayFiles(tree).isEmpty, "\(Self.strayFiles(tree))")
    }

    /// A file saved by someone else while the tool ran (an editor, a formatter) keeps that save:
    /// nothing is replaced, and the one line says which file changed and what to do.
    @Test(arguments: ["Models/Store.swift", "Views/Root.swift"])
    func aFileChangedWhileTheToolRanKeepsItsChangeAndNothingIsReplaced(path: String) throws {
        let tree = try Self.twoFileUnit()
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree,
                                          environment: ["OBSERVATION_MIGRATE_FAIL_WRITE": "change:" + path])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasSuffix("\(path): changed on disk while the tool ran (run it again to plan from the new content); "
            + "no file was changed\n"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        let edited = path == "Views/Root.swift" ? Self.view : Self.model
        #expect(try Self.text(tree, path) == edited + "// edited meanwhile\n")
        let other = path == "Views/Root.swift" ? "Models/Store.swift" : "Views/Root.swift"
        #expect(try Self.text(tree, other) == (other == "Views/Root.swift" ? Self.view : Self.model))
        #expect(Self.strayFiles(tree).isEmpty, "\(Self.strayFiles(tree))")
        // Run again, it plans from the new content.
        let again = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(try Self.text(tree, path).contains("// edited meanwhile"))
        #expect(try Self.text(tree, "Models/Store.swift").contains("@Observable"))
    }

    /// A SIGTERM while the transaction has files beside the sources (a CI timeout): it tidies up,
    /// says so, and the process then ends as killed by the signal (QA F17).
    @Test(arguments: ["Models/Store.swift", "Views/Root.swift"])
    func aSignalDuringTheWriteLeavesNothingBehindAndEndsTheRunAsKilled(path: String) throws {
        let tree = try Self.twoFileUnit()
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree, environment: ["OBSERVATION_MIGRATE_FAIL_WRITE": "signal:" + path])
        #expect(result.killedBySignal && result.exitCode == SIGTERM, "\(result)")
        #expect(result.stderr == "observation-migrate: error: interrupted before any file was replaced; no file was changed\n", "\(result.stderr)")
        #expect(try Self.text(tree, "Models/Store.swift") == Self.model)
        #expect(try Self.text(tree, "Views/Root.swift") == Self.view)
        #expect(Self.strayFiles(tree).isEmpty, "\(Self.strayFiles(tree))")
    }

    /// A file the compiler rejects as it is (an unterminated string, an editor placeholder, a
    /// bracket without its partner) is not rewritten, nor are its units: the diff would hide the
    /// problem (QA F25). The report blocks them too (`malformed-file`), so the verdicts agree.
    @Test func aFileTheCompilerRejectsIsLeftWithItsUnits() throws {
        let broken = "import SwiftUI\nfinal class M: ObservableObject {\n    @Published var x = 0\n}\nlet s = \"unterminated\n"
        let placeholder = "import SwiftUI\nfinal class N: ObservableObject {\n    @Published var y = <#value#>\n}\n"
        let tree = try BinaryRunner.makeTree(["A.swift": broken, "B.swift": placeholder, "C.swift": Self.model])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("A.swift:5:9  the compiler rejects this file as it is ('\"unterminated'); "
                                       + "the units with code in it wait until it is fixed [malformed-file]"), "\(result.stdout)")
        #expect(result.stdout.contains("B.swift:3:24  the compiler rejects this file as it is ('<#value#>')"), "\(result.stdout)")
        #expect(try Self.text(tree, "A.swift") == broken)
        #expect(try Self.text(tree, "B.swift") == placeholder)
        #expect(try Self.text(tree, "C.swift").contains("@Observable final class Store"))
        let report = try BinaryRunner.run(["report", "--format", "json", "."], in: tree)
        #expect(report.stdout.contains("\"malformed-file\""))
    }

    /// A bracket without its partner (a brace lost mid-edit), an `#if` block cut short, or what the
    /// compiler's lexer reads past but reports (a conflict marker left by a merge, a comment never
    /// closed, an invalid character, a multi-line string laid out wrong) leaves the structure read
    /// around it a guess: such a file is left with its units, named with the spot the compiler
    /// points at. The tool used to rewrite the lexical cases, which then still failed to compile.
    @Test(arguments: [
        ("import SwiftUI\nfinal class M: ObservableObject {\n    @Published var x = 0\n    func f() {\n        if x > 0 {\n            x = 1\n    }\n}\n",
         "A.swift:2:33  the compiler rejects this file as it is ('{' is never closed)"),
        ("import SwiftUI\nfinal class M: ObservableObject {\n    @Published var x = 0\n}\n}\n", "A.swift:5:1  the compiler rejects this file as it is ('}' closes nothing)"),
        ("import SwiftUI\nfinal class M: ObservableObject {\n    @Published var x = (0\n}\n", "A.swift:3:24  the compiler rejects this file as it is ('(' is never closed)"),
        ("import SwiftUI\nfinal class M: ObservableObject {\n<<<<<<< HEAD\n    @Published var x = 0\n=======\n    @Published var x = 1\n>>>>>>> topic\n}\n",
         "A.swift:3:1  the compiler rejects this file as it is (a source control conflict marker)"),
        ("import SwiftUI\nfinal class M: ObservableObject {\n    @Published var x = 0\n}\n/* cut here\n",
         "A.swift:5:1  the compiler rejects this file as it is ('/*' is never closed)"),
        ("import SwiftUI\nfinal class M: ObservableObject {\n    @Published var x = 0 \u{2014} 1\n}\n",
         "A.swift:3:26  the compiler rejects this file as it is (an invalid character, U+2014)"),
        ("import SwiftUI\nfinal class M: ObservableObject {\n    @Published var x = \"a\\qb\"\n}\n",
         "A.swift:3:26  the compiler rejects this file as it is (an invalid escape sequence in a string literal)"),
        ("import SwiftUI\n#if DEBUG\nfinal class M: ObservableObject {\n    @Published var x = 0\n}\n",
         "A.swift:2:1  the compiler rejects this file as it is ('#if' is never closed)"),
    ])
    func aFileTheCompilerRejectsIsLeftWithItsUnitsAtTheSpot(source: String, place: String) throws {
        let tree = try BinaryRunner.makeTree(["A.swift": source, "C.swift": Self.model])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains(place), "\(result.stdout)")
        #expect(try Self.text(tree, "A.swift") == source)
        #expect(try Self.text(tree, "C.swift").contains("@Observable final class Store"))
    }

    @Test func withoutAFailureBothFilesOfTheUnitAreWrittenAndNothingIsLeftBehind() throws {
        let tree = try Self.twoFileUnit()
        defer { try? FileManager.default.removeItem(at: tree) }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: tree.appendingPathComponent("Views/Root.swift").path)
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try Self.text(tree, "Models/Store.swift").contains("@Observable final class Store"))
        #expect(try Self.text(tree, "Views/Root.swift").contains("@State private var store = Store()"))
        let mode = try FileManager.default.attributesOfItem(atPath: tree.appendingPathComponent("Views/Root.swift").path)[.posixPermissions]
        #expect(mode as? Int == 0o640)
        #expect(Self.strayFiles(tree).isEmpty)
    }

    /// A folder this user may not write into is known before anything is written: `report`
    /// warns about it, and `apply` leaves its files' units alone, as for a read-only file.
    @Test(.enabled(if: getuid() != 0, "root writes into read-only folders"))
    func aReadOnlyFolderLeavesItsUnitsAloneAndIsNamedBeforehand() throws {
        let tree = try Self.twoFileUnit()
        let views = tree.appendingPathComponent("Views")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: views.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: views.path)
            try? FileManager.default.removeItem(at: tree)
        }
        let warning = "Views/Root.swift is in a folder that cannot be written (Permission denied); left as it is, with the units it holds"
        let report = try BinaryRunner.run(["report", "."], in: tree)
        #expect(report.stderr.contains(warning), "\(report.stderr)")
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains(warning), "\(result.stderr)")
        #expect(try Self.text(tree, "Models/Store.swift") == Self.model)
        #expect(try Self.text(tree, "Views/Root.swift") == Self.view)
    }

    /// Runs `chattr` (Linux) on `path`; whether it succeeded.
    @discardableResult
    static func chattr(_ flag: String, _ path: String) -> Bool {
        (try? LintTestSupport.run("/usr/bin/env", ["chattr", flag, path]).status) == 0
    }

    /// Whether this machine can make a folder immutable, which stops even root writing into it.
    static let canMakeImmutable: Bool = {
        guard let probe = try? BinaryRunner.makeTree([:]) else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard chattr("+i", probe.path) else { return false }
        chattr("-i", probe.path)
        return true
    }()

    @Test(.enabled(if: canMakeImmutable, "needs chattr and a file system with the immutable attribute"))
    func anImmutableFolderIsNamedAndItsUnitsLeftEvenForRoot() throws {
        let tree = try Self.twoFileUnit()
        let views = tree.appendingPathComponent("Views").path
        #expect(Self.chattr("+i", views))
        defer {
            Self.chattr("-i", views)
            try? FileManager.default.removeItem(at: tree)
        }
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr == "observation-migrate: warning: Views/Root.swift is in a folder that cannot be written (Operation not "
                                 + "permitted); left as it is, with the units it holds\n", "\(result.stderr)")
        #expect(try Self.text(tree, "Models/Store.swift") == Self.model, "the model of the unit is not migrated alone")
        #expect(try Self.text(tree, "Views/Root.swift") == Self.view)
        #expect(Self.strayFiles(tree).isEmpty)
    }

    /// A folder that only takes appends lets the tool make its temporary files but neither
    /// rename nor remove them: the error names what is left behind.
    @Test(.enabled(if: canMakeImmutable, "needs chattr and a file system with the append-only attribute"))
    func filesThatCannotBeRemovedAreNamed() throws {
        let tree = try Self.twoFileUnit()
        let views = tree.appendingPathComponent("Views").path
        #expect(Self.chattr("+a", views))
        defer {
            Self.chattr("-a", views)
            try? FileManager.default.removeItem(at: tree)
        }
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("Views/Root.swift: cannot write: Operation not permitted; no file was changed; could not remove "),
                "\(result.stderr)")
        #expect(result.stderr.contains("Views/.Root.swift.observation-migrate-new-"), "\(result.stderr)")
        #expect(try Self.text(tree, "Views/Root.swift") == Self.view)
        #expect(try Self.text(tree, "Models/Store.swift") == Self.model)
    }

    // MARK: Symbolic links

    @Test func aLinkIsWrittenThroughToItsTargetOnceAndStaysALink() throws {
        let tree = try BinaryRunner.makeTree(["Shared/Store.swift": Self.model, "App/Root.swift": Self.view])
        defer { try? FileManager.default.removeItem(at: tree) }
        let links = ["App/Store.swift", "App/Again.swift"]
        for link in links {
            try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent(link).path,
                                                       withDestinationPath: "../Shared/Store.swift")
        }
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "App"], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("changed 0 files, 0 units\n"), "\(result.stdout)")
        // The report of the same path warns the same way beforehand; the link's warnings match.
        let before = try BinaryRunner.run(["report", "App"], in: tree)
        let linkWarnings = { (stderr: String) in stderr.split(separator: "\n").filter { $0.contains("symbolic link") } }
        #expect(linkWarnings(before.stderr).count == 1 && linkWarnings(before.stderr) == linkWarnings(result.stderr), "\(before.stderr)")
        for link in links {
            let destination = try FileManager.default.destinationOfSymbolicLink(atPath: tree.appendingPathComponent(link).path)
            #expect(destination == "../Shared/Store.swift")
        }
        // Shared/ is outside the scanned path App/: what the links lead to is left alone.
        #expect(try Self.text(tree, "Shared/Store.swift") == Self.model)
        #expect(result.stderr.contains("App/Again.swift is a symbolic link to "))
        #expect(result.stderr.contains("Shared/Store.swift, outside the scanned paths; left as it is"))
        #expect(try Self.text(tree, "App/Root.swift") == Self.view, "its model was not written, so neither is the view")

        // Two links and the file itself are one file: scanned once, one unit, not three.
        let report = try BinaryRunner.run(["report", "--format", "json", "."], in: tree)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        #expect((object["units"] as? [Any])?.count == 1)
        #expect((object["summary"] as? [String: Any])?["files"] as? Int == 2)

        let whole = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(whole.exitCode == 0, "\(whole.stderr)")
        #expect(whole.stderr.isEmpty, "\(whole.stderr)")
        #expect(whole.stdout.hasPrefix("changed 2 files"), "the shared file counts once:\n\(whole.stdout)")
        #expect(try Self.text(tree, "Shared/Store.swift").contains("@Observable final class Store"))
        #expect(try Self.text(tree, "App/Root.swift").contains("@State private var store"))
        for link in links {
            let attributes = try FileManager.default.attributesOfItem(atPath: tree.appendingPathComponent(link).path)
            #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "\(link) is still a link")
        }
    }

    @Test func aFileInALinkedFolderLeadingOutsideIsLeftAlone() throws {
        let tree = try BinaryRunner.makeTree(["Shared/AppCode/Store.swift": Self.model, "Package/App/Root.swift": Self.view])
        defer { try? FileManager.default.removeItem(at: tree) }
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("Package/Linked").path,
                                                   withDestinationPath: "../Shared/AppCode")
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "Package"], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Package/Linked/Store.swift is reached through a symbolic link (it is "), "\(result.stderr)")
        #expect(result.stderr.contains("Shared/AppCode/Store.swift), outside the scanned paths; left as it is"), "\(result.stderr)")
        #expect(try Self.text(tree, "Shared/AppCode/Store.swift") == Self.model)
        #expect(try Self.text(tree, "Package/App/Root.swift") == Self.view)
        // Named as a whole, the folder the link leads to is inside: written, once.
        let whole = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(whole.exitCode == 0 && whole.stderr.isEmpty, "\(whole.stderr)")
        #expect(try Self.text(tree, "Shared/AppCode/Store.swift").contains("@Observable final class Store"))
    }

    @Test(arguments: [(folder: "Pods/Lib", exclude: [String]()), (folder: "Vendor", exclude: ["--exclude", "Vendor"])])
    func aLinkIntoAFolderTheScanLeavesOutIsLeftAlone(_ setup: (folder: String, exclude: [String])) throws {
        let tree = try BinaryRunner.makeTree(["\(setup.folder)/Store.swift": Self.model, "App/Root.swift": Self.view])
        defer { try? FileManager.default.removeItem(at: tree) }
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("App/Store.swift").path,
                                                   withDestinationPath: "../\(setup.folder)/Store.swift")
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes"] + setup.exclude + ["."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("a folder the scan leaves out; left as it is"), "\(result.stderr)")
        #expect(try Self.text(tree, "\(setup.folder)/Store.swift") == Self.model)
    }

    @Test func aFileNamedByItsLinkIsTheLink() throws {
        let tree = try BinaryRunner.makeTree(["Outside/Store.swift": Self.model])
        defer { try? FileManager.default.removeItem(at: tree) }
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("App/Store.swift").path,
                                                   withDestinationPath: "../Outside/Store.swift")
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "App/Store.swift"], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("App/Store.swift is a symbolic link to "), "\(result.stderr)")
        #expect(try Self.text(tree, "Outside/Store.swift") == Self.model)
    }

    // MARK: The summary

    @Test func aDryRunOfAMigratedTreeMigratesNothing() throws {
        let tree = try Self.twoFileUnit()
        defer { try? FileManager.default.removeItem(at: tree) }
        _ = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        let again = try BinaryRunner.run(["apply", "--dry-run", "--unsafe-fixes", "."], in: tree)
        #expect(again.exitCode == 0)
        #expect(again.stdout.isEmpty)
        #expect(again.stderr == "would change 0 files, 0 units\n")
    }

    @Test func skippedUnitsAreGroupedWrappedAndInTheOrderToActOn() throws {
        // 30 units needing review, 3 blocked ones (2, 1 and 3 identical-rule blockers), 2 ready.
        var files: [String: String] = [:]
        for index in 0..<30 {
            // The initializer calls a function: `@State` evaluating `Loader()` again is a behaviour change.
            files["Review/Loader\(index).swift"] = "import SwiftUI\nfinal class Loader\(index): ObservableObject {\n"
                + "    @Published var x = 0\n    init() { start() }\n    func start() {}\n}\n"
                + "struct LoaderView\(index): View {\n    @StateObject var m = Loader\(index)()\n    var body: some View { Text(\"\") }\n}\n"
        }
        for (name, blockers) in [("Beta", 2), ("Alpha", 1), ("Gamma", 3)] {
            let uses = (0..<blockers).map { "        _ = \\\(name).$q\($0)\n" }.joined()
            let properties = (0..<blockers).map { "    @Published var q\($0) = 0\n" }.joined()
            files["Blocked/\(name).swift"] = "import Combine\nfinal class \(name): ObservableObject {\n\(properties)    func f() {\n\(uses)    }\n}\n"
        }
        files["Ready/Zed.swift"] = "final class Zed: ObservableObject { @Published var x = 0 }\n"
        files["Ready/Ant.swift"] = "final class Ant: ObservableObject { @Published var x = 0 }\n"
        let tree = try BinaryRunner.makeTree(files)
        defer { try? FileManager.default.removeItem(at: tree) }

        let result = try BinaryRunner.run(["apply", "--dry-run", "."], in: tree)
        #expect(result.exitCode == 1)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 100 || $0.hasPrefix("      Blocked/") }, "wrapped:\n\(result.stderr)")
        #expect(lines.prefix(3) == ["would change 2 files, 2 units", "  would migrate  Ant", "  would migrate  Zed"])
        #expect(result.stderr.contains("skipped 33 units:\n  needs --unsafe-fixes (30): 'apply --unsafe-fixes' writes them after review\n"
                                        + "    Loader0, Loader1, Loader10, "))
        let blocked = try #require(result.stderr.range(of: "  blocked (3): never written; fix the blockers first\n"))
        let order = ["    Alpha: 1 blocker", "    Beta: 2 blockers", "    Gamma: 3 blockers"].map { result.stderr.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil && $0! > blocked.lowerBound })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "fewest blockers first")

        // The report lists the units in the same order.
        let report = try BinaryRunner.run(["report", "--format", "json", "."], in: tree)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let names = (object["units"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        let loaders = (0..<30).map { "Loader\($0)" }.sorted()
        #expect(names == ["Ant", "Zed"] + loaders + ["Alpha", "Beta", "Gamma"])
        // Text, Markdown and HTML: each unit's first mention comes in that order too.
        for (format, mention) in [("text", { (name: String) in "\n\(name) · " }), ("markdown", { "`\($0)`" }),
                                  ("html", { "<code>\($0)</code>" })] {
            let output = try BinaryRunner.run(["report", "--format", format, "."], in: tree).stdout
            let positions = names.map { output.range(of: mention($0))?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil }, "\(format)")
            #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(format)")
        }
    }
}
