import Foundation
import Testing

/// A unit is written whole or not at all: a file compiled with the scanned code that the run
/// does not read (unreadable, or left out by the paths given or the excludes) may hold its sites,
/// so its units wait, and the run over the whole module writes them.
@Suite struct UnscannedFileTests {
    static let manifest = "// swift-tools-version:5.9\nimport PackageDescription\n"
        + "let package = Package(name: \"App\", platforms: [.iOS(.v17), .macOS(.v14)], targets: [.target(name: \"App\")])\n"
    static let settings = "import Combine\n\nfinal class Settings: ObservableObject {\n    @Published var dark = false\n}\n"
    static let clock = "import Combine\n\nfinal class Clock: ObservableObject {\n    @Published var now = 0\n}\n"
    static let settingsView = "import SwiftUI\n\nstruct SettingsView: View {\n    @EnvironmentObject var settings: Settings\n"
        + "    var body: some View { Text(settings.dark ? \"dark\" : \"light\") }\n}\n"
    static let helper = "import Foundation\n\nfunc formatted(_ value: Int) -> String { String(value) }\n"

    static func tree(_ extra: [String: String] = [:]) throws -> URL {
        try BinaryRunner.makeTree([
            "Package.swift": manifest,
            "Sources/App/Models/Settings.swift": settings,
            "Sources/App/Models/Clock.swift": clock,
            "Sources/App/Views/SettingsView.swift": settingsView,
            "Sources/App/Support/Format.swift": helper,
        ].merging(extra) { $1 })
    }

    @Test func aSubfolderOfATargetLeavesTheUnitsItsOtherFilesNameAlone() throws {
        let tree = try Self.tree()
        defer { try? FileManager.default.removeItem(at: tree) }
        let partial = try BinaryRunner.run(["apply", "--allow-dirty", "Sources/App/Models"], in: tree)
        #expect(partial.exitCode == 0, "\(partial.stderr)")
        // The view names Settings and uses @EnvironmentObject: every unit may have a site there.
        #expect(partial.stdout.contains("Sources/App/Models/Settings.swift:3:7  'Settings' may have sites in a file compiled "
                                        + "with it that this run does not read: Sources/App/Views/SettingsView.swift (outside the "
                                        + "paths given; it names 'Settings')"), "\(partial.stdout)")
        // The view holds a typed wrapper of Settings only: Clock has no site it cannot see.
        #expect(partial.stdout.contains("migrated  Clock"), "\(partial.stdout)")
        #expect(!partial.stdout.contains("Format.swift"), "a file mentioning neither a model nor the observation APIs holds no site")
        let untouched = try String(contentsOf: tree.appendingPathComponent("Sources/App/Models/Settings.swift"), encoding: .utf8)
        #expect(untouched == Self.settings)
        let whole = try BinaryRunner.run(["apply", "--allow-dirty", "Sources/App"], in: tree)
        #expect(whole.exitCode == 0, "\(whole.stderr)")
        #expect(whole.stdout.contains("migrated  Settings"), "\(whole.stdout)")
        let view = try String(contentsOf: tree.appendingPathComponent("Sources/App/Views/SettingsView.swift"), encoding: .utf8)
        #expect(view.contains("@Environment(Settings.self) var settings"))
    }

    /// `environmentAccess: "private"` needs every file of the module: one left out may read the
    /// property, so nothing narrows, and the finding says which file.
    @Test func aFileOfTheModuleLeftOutKeepsEveryAccessAsWritten() throws {
        let tree = try Self.tree([".observation-migrate.json": "{\"environmentAccess\": \"private\"}"])
        defer { try? FileManager.default.removeItem(at: tree) }
        let partial = try BinaryRunner.run(["apply", "--dry-run", "--exclude", "Support", "."], in: tree)
        #expect(partial.stdout.contains("+    @Environment(Settings.self) var settings\n"), "\(partial.stdout)")
        let whole = try BinaryRunner.run(["apply", "--dry-run", "."], in: tree)
        #expect(whole.stdout.contains("+    @Environment(Settings.self) private var settings\n"), "\(whole.stdout)")
        let report = try BinaryRunner.run(["report", "--format", "json", "--exclude", "Support", "."], in: tree)
        #expect(report.stdout.contains("its access stays as written although environmentAccess is \\\"private\\\": "
                                       + "Sources/App/Support/Format.swift"), "\(report.stdout)")
    }

    @Test func anExcludedFolderOfAScannedTargetBlocksTheUnitsItMayTouch() throws {
        let tree = try Self.tree()
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--dry-run", "--exclude", "Views", "."], in: tree)
        // A dry run prints the diff on standard output and its summary on standard error.
        #expect(result.stderr.contains("Sources/App/Views/SettingsView.swift (left out by the excludes or includes; it names 'Settings')"),
                "\(result.stderr)")
        #expect(result.stderr.contains("would change 1 file, 1 unit"), "\(result.stderr)")
        #expect(result.stderr.contains("would migrate  Clock"), "\(result.stderr)")
    }

    @Test func aSiteThatNeedNotNameItsModelBlocksEveryUnitItCanSee() throws {
        // `.environmentObject(current)` in a file left out: which model it passes cannot be told.
        let tree = try Self.tree([
            "Sources/App/Views/Root.swift": "import SwiftUI\n\nstruct Root: View {\n    let current: AnyObject\n"
                + "    var body: some View { EmptyView().environmentObject(current) }\n}\n",
            "Sources/App/Views/SettingsView.swift": "import SwiftUI\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--dry-run", "--exclude", "Root.swift", "."], in: tree)
        #expect(result.stderr.contains("'Clock' may have sites in a file compiled with it that this run does not read: "
                                       + "Sources/App/Views/Root.swift (left out by the excludes or includes; it may hold a site "
                                       + "that does not name its model)"), "\(result.stderr)")
        #expect(result.stderr.contains("would change 0 files, 0 units"), "\(result.stderr)")
    }

    @Test func aFileThatCannotBeReadBlocksTheUnitsItMayTouch() throws {
        // A Latin-1 comment: the compiler only warns, the tool cannot lex it.
        let tree = try Self.tree()
        defer { try? FileManager.default.removeItem(at: tree) }
        let view = tree.appendingPathComponent("Sources/App/Views/SettingsView.swift")
        try (Data("// Caf".utf8) + Data([0xE9]) + Data("\n".utf8) + Data(Self.settingsView.utf8)).write(to: view)
        let result = try BinaryRunner.run(["apply", "--dry-run", "."], in: tree)
        #expect(result.stderr.contains("warning: Sources/App/Views/SettingsView.swift: skipped: invalid UTF-8 at byte 6"), "\(result.stderr)")
        #expect(result.stderr.contains("Sources/App/Views/SettingsView.swift (could not be read: invalid UTF-8 at byte 6; "
                                       + "it names 'Settings')"), "\(result.stderr)")
        #expect(result.stderr.contains("would change 0 files, 0 units"), "\(result.stderr)")
        let report = try BinaryRunner.run(["report", "--format", "json", "."], in: tree)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let units = try #require(json["units"] as? [[String: Any]])
        #expect(units.allSatisfy { $0["verdict"] as? String == "blocked" }, "\(units)")
    }

    @Test func aFileOutsideEveryTargetBlocksNothing() throws {
        // Not compiled, so not a place a site can break the build.
        let tree = try Self.tree(["Templates/Broken.swift": "// Caf\u{FFFD}\n"])
        defer { try? FileManager.default.removeItem(at: tree) }
        let bytes = Data("// Caf".utf8) + Data([0xE9]) + Data("\n@EnvironmentObject var settings: Settings\n".utf8)
        try bytes.write(to: tree.appendingPathComponent("Templates/Broken.swift"))
        let result = try BinaryRunner.run(["apply", "--dry-run", "."], in: tree)
        #expect(result.stderr.contains("would change 3 files, 2 units"), "\(result.stderr)")
        #expect(!result.stderr.contains("unscanned-file"))
    }
}

/// `apply` replaces a file by renaming a new one over it: the new file keeps the old one's owner
/// and group where the process may give them, and a file nobody may write is left alone.
@Suite struct ApplyOwnershipTests {
    @Test func aRewrittenFileKeepsItsOwnerAndAReadOnlyOneIsLeftWithItsUnits() throws {
        let tree = try UnscannedFileTests.tree()
        defer { try? FileManager.default.removeItem(at: tree) }
        let settings = tree.appendingPathComponent("Sources/App/Models/Settings.swift").path
        let clock = tree.appendingPathComponent("Sources/App/Models/Clock.swift").path
        let manager = FileManager.default
        // Owned by someone else (the tests run as root in CI; elsewhere the owner cannot change).
        let canChown = chown(clock, 65534, 65534) == 0
        try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: settings)
        // The report says beforehand what `apply` will leave, in the same words.
        let report = try BinaryRunner.run(["report", "."], in: tree)
        #expect(report.exitCode == 0)
        #expect(report.stderr == "observation-migrate: warning: Sources/App/Models/Settings.swift is read-only (mode 444); "
                + "left as it is, with the units it holds\n", "\(report.stderr)")
        let result = try BinaryRunner.run(["apply", "--allow-dirty", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: Sources/App/Models/Settings.swift is read-only (mode 444); left as it is, "
                                       + "with the units it holds"), "\(result.stderr)")
        #expect(try String(contentsOfFile: settings, encoding: .utf8) == UnscannedFileTests.settings)
        #expect(result.stdout.contains("migrated  Clock"), "\(result.stdout)")
        if canChown {
            let attributes = try manager.attributesOfItem(atPath: clock)
            #expect((attributes[.ownerAccountID] as? NSNumber)?.intValue == 65534)
            #expect((attributes[.groupOwnerAccountID] as? NSNumber)?.intValue == 65534)
        }
    }
}
