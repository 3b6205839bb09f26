import Foundation
import Testing
@testable import MigrateTool

/// The build graph as a user meets it: the built binary on small trees with manifests and Xcode
/// projects (Tests/MigrateToolTests/TestTrees/BuildGraph), copied to a temporary folder.
@Suite struct BuildGraphEndToEndTests {
    static let trees = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestTrees/BuildGraph")

    /// A fresh copy of one of the trees.
    static func copy(_ name: String) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(name)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: trees.appendingPathComponent(name), to: copy)
        return copy
    }

    /// The units of `report --format json` (with `arguments` before the tree), run in `tree`.
    static func reportUnits(_ arguments: [String] = [], in tree: URL) throws -> [[String: Any]] {
        let result = try BinaryRunner.run(["report", "--format", "json"] + arguments, in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(object["units"] as? [[String: Any]])
    }

    /// The TwinApps tree's two `Settings.swift` files as they are now.
    static func twinSettings(in tree: URL) throws -> (phone: String, watch: String) {
        (try String(contentsOf: tree.appendingPathComponent("Sources/Phone/Settings.swift"), encoding: .utf8),
         try String(contentsOf: tree.appendingPathComponent("Sources/Watch/Settings.swift"), encoding: .utf8))
    }

    /// Unit name → verdict, from `report --format json`.
    static func verdicts(_ arguments: [String] = [], in tree: URL) throws -> [String: String] {
        var verdicts: [String: String] = [:]
        for unit in try reportUnits(arguments, in: tree) {
            verdicts["\(unit["path"] as? String ?? "") \(unit["name"] as? String ?? "")"] = unit["verdict"] as? String
        }
        return verdicts
    }

    /// A monorepo's target folder that is a link inside the package (`Sources/App ->
    /// ../Modules/App`): the walk finds the files under the folder the link leads to, and the
    /// target compiles them there.
    @Test func aTargetFolderLinkedInsideThePackageCompilesWhatItLeadsTo() throws {
        let tree = try BinaryRunner.makeTree([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", "
                + "platforms: [.iOS(.v17), .macOS(.v14)], targets: [.target(name: \"App\", path: \"Sources/App\")])\n",
            "Modules/App/Counter.swift": "import Combine\n\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("Sources/App").path, withDestinationPath: "../Modules/App")
        let units = try Self.reportUnits(in: tree)
        #expect(units.map { $0["name"] as? String } == ["Counter"])
        #expect((units.first?["declarations"] as? [[String: Any]])?.first?["modules"] as? [String] == ["App"])
        let apply = try BinaryRunner.run(["apply", "."], in: tree)
        #expect(apply.exitCode == 0, "\(apply.stderr)")
        #expect(try String(contentsOf: tree.appendingPathComponent("Modules/App/Counter.swift"), encoding: .utf8).contains("@Observable"))
    }

    @Test func homonymsInTwoTargetsAreTwoTypesAndTheModelMigratesWithEverySite() throws {
        let tree = try Self.copy("TwoTargetsSameName")
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "--allow-dirty", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let screens = try String(contentsOf: tree.appendingPathComponent("Sources/App/Screens.swift"), encoding: .utf8)
        #expect(screens.contains("@State private var sceneModel = SceneModel()"))
        #expect(screens.contains("@Environment(SceneModel.self) var sceneModel"))
        #expect(screens.contains(".environment(SceneModel())"))
        #expect(!screens.contains("Object"), "a legacy site was left on the migrated model:\n\(screens)")
        let widget = try String(contentsOf: tree.appendingPathComponent("Sources/Widget/SceneModel.swift"), encoding: .utf8)
        #expect(widget == "final class SceneModel {\n    var title = \"Widget\"\n}\n")
        // Re-running changes nothing.
        let again = try BinaryRunner.run(["apply", "--dry-run", "--unsafe-fixes", "--allow-dirty", "."], in: tree)
        #expect(again.exitCode == 0)
        #expect(again.stdout.isEmpty)
    }

    /// White-label flavours: targets EW and NCW compile `Shared/` and their own folder, each
    /// declaring `WalletManager`. The shared views mean each flavour's class in its own target,
    /// so both classes are one unit, and every site is rewritten once for both. Reading
    /// `WalletManager.shared` on every view init is safe: each flavour's shared instance only
    /// stores values.
    @Test func flavoursThatShareFilesMigrateTheirHomonymousModelsTogether() throws {
        let tree = try Self.copy("Flavours")
        defer { try? FileManager.default.removeItem(at: tree) }
        #expect(try Self.verdicts(in: tree) == ["EW/WalletManager.swift WalletManager": "ready"])
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "--allow-dirty", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("migrated  WalletManager"), "\(result.stdout)")
        for flavour in ["EW", "NCW"] {
            let model = try String(contentsOf: tree.appendingPathComponent("\(flavour)/WalletManager.swift"), encoding: .utf8)
            #expect(model == "import Observation\n\n@Observable final class WalletManager {\n    static let shared = WalletManager()\n"
                        + "    var balance = 0\n    let flavour = \"\(flavour)\"\n}\n", "\(model)")
        }
        let views = try String(contentsOf: tree.appendingPathComponent("Shared/WalletView.swift"), encoding: .utf8)
        #expect(views.contains("@State var manager = WalletManager.shared"))
        #expect(views.contains(".environment(manager)"))
        #expect(views.contains("@Environment(WalletManager.self) var manager\n"))
        let banner = try String(contentsOf: tree.appendingPathComponent("EW/Banner.swift"), encoding: .utf8)
        #expect(banner.contains("    var manager = WalletManager.shared\n"))
        let again = try BinaryRunner.run(["apply", "--dry-run", "--unsafe-fixes", "--allow-dirty", "."], in: tree)
        #expect(again.exitCode == 0)
        #expect(again.stdout.isEmpty, "\(again.stdout)")
    }

    /// Two apps each declaring `Settings`: `--type Watch.Settings` writes the watch app's copy
    /// only, `--type Settings` both, and a misspelt module-qualified name is refused with the
    /// closest qualified one.
    @Test func aModuleQualifiedTypePicksOneTargetsCopy() throws {
        let tree = try Self.copy("TwinApps")
        defer { try? FileManager.default.removeItem(at: tree) }
        let watchOnly = try BinaryRunner.run(["apply", "--allow-dirty", "--type", "Watch.Settings", "."], in: tree)
        #expect(watchOnly.exitCode == 0, "\(watchOnly.stderr)")
        let (phone, watch) = try Self.twinSettings(in: tree)
        #expect(watch.contains("@Observable final class Settings {"), "\(watch)")
        #expect(watch.contains("@State private var settings = Settings()"))
        #expect(phone.contains("final class Settings: ObservableObject {"), "\(phone)")
        #expect(phone.contains("@StateObject private var settings = Settings()"))
        let misspelt = try BinaryRunner.run(["apply", "--allow-dirty", "--type", "Phone.Setings", "."], in: tree)
        #expect(misspelt.exitCode == 2)
        #expect(misspelt.stderr == "observation-migrate: error: --type Phone.Setings: no model of that name in the scanned tree; "
                + "did you mean 'Phone.Settings'?\n", "\(misspelt.stderr)")
        let unknownModule = try BinaryRunner.run(["apply", "--allow-dirty", "--type", "Tablet.Settings", "."], in: tree)
        #expect(unknownModule.exitCode == 2, "a module no target has must not fall back to every copy")
        let both = try BinaryRunner.run(["apply", "--allow-dirty", "--type", "Settings", "."], in: tree)
        #expect(both.exitCode == 0, "\(both.stderr)")
        let phoneAfter = try Self.twinSettings(in: tree).phone
        #expect(phoneAfter.contains("@Observable final class Settings {"), "\(phoneAfter)")
    }

    /// `--module Watch` writes the models the watch target declares; a misspelt module is refused
    /// with the modules that declare models and the closest one.
    @Test func aModuleSelectsTheModelsItDeclares() throws {
        let tree = try Self.copy("TwinApps")
        defer { try? FileManager.default.removeItem(at: tree) }
        let misspelt = try BinaryRunner.run(["apply", "--allow-dirty", "--module", "watch", "."], in: tree)
        #expect(misspelt.exitCode == 2)
        #expect(misspelt.stderr == "observation-migrate: error: --module watch: no model is declared in a module of that name "
                + "(modules declaring models: Phone, Watch); did you mean 'Watch'?\n", "\(misspelt.stderr)")
        let watchOnly = try BinaryRunner.run(["apply", "--allow-dirty", "--module", "Watch", "."], in: tree)
        #expect(watchOnly.exitCode == 0, "\(watchOnly.stderr)")
        let (phone, watch) = try Self.twinSettings(in: tree)
        #expect(watch.contains("@Observable final class Settings {"), "\(watch)")
        #expect(phone.contains("final class Settings: ObservableObject {"), "\(phone)")
        #expect(watchOnly.stdout.contains("not selected with --module"), "\(watchOnly.stdout)")
    }

    /// A folder of sources with no manifest or project names no module: `--module` says so.
    @Test func aModuleInATreeWithoutABuildIsRefusedWithTheReason() throws {
        let tree = FileManager.default.temporaryDirectory.appendingPathComponent("graph-plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tree) }
        try "import Combine\nfinal class M: ObservableObject {\n    @Published var x = 0\n}\n"
            .write(to: tree.appendingPathComponent("M.swift"), atomically: true, encoding: .utf8)
        let result = try BinaryRunner.run(["apply", "--allow-dirty", "--module", "App", "."], in: tree)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("observation-migrate: error: --module App: the build names no module"), "\(result.stderr)")
        #expect(try String(contentsOf: tree.appendingPathComponent("M.swift"), encoding: .utf8).contains("ObservableObject"))
    }

    /// The JSON report names each copy's declaration and the modules compiling it, so a script
    /// can pass `--type MODULE.NAME` for the copy it wants.
    @Test func theJSONReportNamesTheModulesCompilingEachDeclaration() throws {
        let tree = try Self.copy("TwinApps")
        defer { try? FileManager.default.removeItem(at: tree) }
        let declarations = try Self.reportUnits(in: tree).compactMap { ($0["declarations"] as? [[String: Any]])?.first }
        let found = declarations.map { "\($0["path"] as? String ?? "?"):\($0["line"] as? Int ?? 0) \($0["name"] as? String ?? "?") "
                                       + "\(($0["modules"] as? [String]) ?? [])" }
        #expect(found.sorted() == ["Sources/Phone/Settings.swift:4 Settings [\"Phone\"]",
                                   "Sources/Watch/Settings.swift:4 Settings [\"Watch\"]"], "\(found)")
        // The text report says how to pick one copy.
        let text = try BinaryRunner.run(["report", "--no-color", "."], in: tree).stdout
        #expect(text.contains("  declared at Sources/Watch/Settings.swift:4:7\n  one of 2 models of this name; compiled by Watch: "
                              + "apply --type Watch.Settings writes this one only\n"), "\(text)")
    }

    @Test func filesNoTargetCompilesAreListedAndNeverBlock() throws {
        let tree = try Self.copy("TemplatesOutsideTheBuild")
        defer { try? FileManager.default.removeItem(at: tree) }
        #expect(try Self.verdicts(in: tree) == ["Sources/App/Counter.swift Counter": "ready"])
        let modules = try BinaryRunner.run(["debug", "modules", "."], in: tree)
        #expect(modules.exitCode == 0)
        #expect(modules.stdout.contains("package target App: 1 Swift file, in Package.swift\n  deployment: iOS 17\n"))
        #expect(modules.stdout.contains("1 Swift file in no target:\n  Templates/Screen.xctemplate/Default/___FILEBASENAME___View.swift\n"))
        let text = try BinaryRunner.run(["report", "--no-color", "."], in: tree).stdout
        #expect(text.contains("  Outside the build   1 Swift file no target compiles (never part of a unit), "
                              + "e.g. Templates/Screen.xctemplate/Default/___FILEBASENAME___View.swift\n"))
        let json = try BinaryRunner.run(["report", "--format", "json", "."], in: tree).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["outsideBuild"] as? [String] == ["Templates/Screen.xctemplate/Default/___FILEBASENAME___View.swift"])
        #expect((object["summary"] as? [String: Any])?["outsideBuildFiles"] as? Int == 1)
        let applied = try BinaryRunner.run(["apply", "--unsafe-fixes", "--allow-dirty", "."], in: tree)
        #expect(applied.exitCode == 0, "\(applied.stderr)")
        let template = try String(contentsOf: tree.appendingPathComponent("Templates/Screen.xctemplate/Default/___FILEBASENAME___View.swift"),
                                  encoding: .utf8)
        #expect(template.contains(".environmentObject(state)"), "a file outside the build was rewritten")
        // A type the user can see, declared only outside the build: the error says where and why.
        let named = try BinaryRunner.run(["apply", "--unsafe-fixes", "--allow-dirty", "--type", "ScreenTemplateState", "."], in: tree)
        #expect(named.exitCode == 2)
        #expect(named.stderr == "observation-migrate: error: --type ScreenTemplateState: declared only in "
                    + "Templates/Screen.xctemplate/Default/___FILEBASENAME___View.swift, which no target of the build compiles; "
                    + "add the file to a target, or leave the type out\n")
        let unknown = try BinaryRunner.run(["apply", "--allow-dirty", "--type", "ScreenTemplate", "."], in: tree)
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderr == "observation-migrate: error: --type ScreenTemplate: no model of that name in the scanned tree\n")
    }

    @Test func synchronizedFoldersExceptionsAndADeploymentTargetPerTarget() throws {
        let tree = try Self.copy("SynchronizedFolders")
        defer { try? FileManager.default.removeItem(at: tree) }
        #expect(try Self.verdicts(in: tree) == [
            "Modern/Models/Inbox.swift Inbox": "ready", "Classic/Preferences.swift Preferences": "ready",
        ])
        let report = try BinaryRunner.run(["report", "--no-color", "."], in: tree).stdout
        #expect(report.contains("Preferences · ready\n  declared at Classic/Preferences.swift:3:7\n  1 file: its declarations and 1 site; "
                                + "3 safe edits\n  apply refuses it unless --ignore-deployment-target: a target compiling its files "
                                + "predates Observation, iOS 16.0 (Mail.xcodeproj/project.pbxproj:126:5)\n"))
        #expect(report.contains("Inbox · ready\n  declared at Modern/Models/Inbox.swift:3:7\n  2 files: its declarations and 1 site; 3 safe edits\n\n"))
        let modules = try BinaryRunner.run(["debug", "modules", "."], in: tree)
        #expect(modules.stdout.contains("Xcode target Classic: 2 Swift files"))
        #expect(modules.stdout.contains("1 Swift file in no target:\n  Modern/Legacy/OldScreen.swift\n"))
        // The iOS 16 target's unit is refused, the iOS 17 target's is written.
        let applied = try BinaryRunner.run(["apply", "--allow-dirty", "."], in: tree)
        #expect(applied.exitCode == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("migrated  Inbox"))
        #expect(applied.stdout.contains("Mail.xcodeproj/project.pbxproj:126:5: deployment target iOS 16.0 predates Observation"))
        #expect(applied.stdout.hasSuffix("\n    Preferences\n"), "\(applied.stdout)")
        let preferences = try String(contentsOf: tree.appendingPathComponent("Classic/Preferences.swift"), encoding: .utf8)
        #expect(preferences.contains("ObservableObject"))
        let forced = try BinaryRunner.run(["apply", "--allow-dirty", "--ignore-deployment-target", "."], in: tree)
        #expect(forced.stdout.contains("migrated  Preferences"))
    }

    @Test func aJointScanOfSeveralAppsGivesEachUnitItsSeparateVerdict() throws {
        let tree = try Self.copy("Monorepo")
        defer { try? FileManager.default.removeItem(at: tree) }
        let joint = try Self.verdicts(in: tree)
        var separate: [String: String] = [:]
        for app in ["Notes", "Photos"] {
            for (key, verdict) in try Self.verdicts(in: tree.appendingPathComponent(app)) { separate["\(app)/\(key)"] = verdict }
        }
        #expect(joint == separate)
        #expect(joint["Notes/Sources/Notes/AppModel.swift AppModel"] == "ready")
        #expect(joint["Photos/Sources/Photos/AppModel.swift AppModel"] == "blocked")
    }

    @Test func aMalformedProjectIsOneLineAndTheTreeFallsBackToFolders() throws {
        let tree = try Self.copy("TemplatesOutsideTheBuild")
        defer { try? FileManager.default.removeItem(at: tree) }
        try FileManager.default.removeItem(at: tree.appendingPathComponent("Package.swift"))
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("Broken.xcodeproj"), withIntermediateDirectories: true)
        try Data("{ objects = { A = { isa = ".utf8).write(to: tree.appendingPathComponent("Broken.xcodeproj/project.pbxproj"))
        let result = try BinaryRunner.run(["report", "--format", "json", "."], in: tree)
        #expect(result.exitCode == 0)
        #expect(result.stderr == "observation-migrate: warning: Broken.xcodeproj/project.pbxproj: cannot read the Xcode project "
                + "(not a property list: line 1: a dictionary opened here is not closed (the file ends at line 1: cut short?)); "
                + "its files count as one folder\n")
        // One folder module: the template is scanned again, as any file of an undescribed tree.
        #expect(result.stdout.contains("___FILEBASENAME___View.swift"))
    }

    @Test func aFileNamedAloneIsJudgedByItsPackagesPlatforms() throws {
        // What the SwiftPM plugin does: it passes the manifest and the target's files.
        let tree = try BinaryRunner.makeTree([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", "
                + "platforms: [.iOS(SupportedPlatform.IOSVersion.v16)], targets: [.target(name: \"P\")])\n",
            "Sources/P/Model.swift": "import Combine\nfinal class Model: ObservableObject { @Published var x = 0 }\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--allow-dirty", "Sources/P/Model.swift"], in: tree)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("Package.swift:3:46: deployment target iOS 16 predates Observation"))
    }

    @Test func aTargetFolderNamedAloneIsJudgedByItsPackageAndATestDataFolderIsNot() throws {
        // `swift package plugin --target P` passes the target's folder only.
        let tree = try BinaryRunner.makeTree([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", "
                + "platforms: [.iOS(.v16)], targets: [.target(name: \"P\"), .testTarget(name: \"PTests\", exclude: [\"Trees\"])])\n",
            "Sources/P/Model.swift": "import Combine\nfinal class Model: ObservableObject { @Published var x = 0 }\n",
            "Tests/PTests/Trees/Sample/Model.swift": "import Combine\nfinal class Sample: ObservableObject { @Published var x = 0 }\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let target = try BinaryRunner.run(["apply", "--allow-dirty", "Sources/P"], in: tree)
        #expect(target.exitCode == 2)
        #expect(target.stderr.contains("deployment target iOS 16 predates Observation"), "\(target.stderr)")
        // Test data no target compiles, scanned on purpose: the package above does not speak for it.
        let data = try BinaryRunner.run(["apply", "--allow-dirty", "Tests/PTests/Trees/Sample"], in: tree)
        #expect(data.exitCode == 0, "\(data.stderr)")
        #expect(data.stdout.contains("migrated  Sample"))
    }

    @Test func aConfiguredDeploymentTargetCountsWhereNoProjectDeclaresOne() throws {
        let tree = try BinaryRunner.makeTree([
            ".observation-migrate.json": "{\n  \"deploymentTarget\": {\"iOS\": \"16\"}\n}\n",
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"P\")])\n",
            "Sources/P/Model.swift": "import Combine\nfinal class Model: ObservableObject { @Published var x = 0 }\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--allow-dirty", "."], in: tree)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains(".observation-migrate.json:2:"), "\(result.stderr)")
        #expect(result.stderr.contains("deployment target iOS 16 predates Observation"))
    }

    /// Without `platforms:` SwiftPM builds for its oldest versions, where `@Observable` does not
    /// compile: apply refuses and says what to declare; a configured target stands in for them.
    @Test func aManifestWithoutPlatformsIsBuiltForSwiftPMsOldestVersions() throws {
        let tree = try BinaryRunner.makeTree([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"P\")])\n",
            "Sources/P/Model.swift": "import Combine\nfinal class Model: ObservableObject { @Published var x = 0 }\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let refused = try BinaryRunner.run(["apply", "--allow-dirty", "."], in: tree)
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("Package.swift:3:15: deployment target iOS 12.0 by SwiftPM's default predates Observation "
                                        + "(iOS 17): the package declares no platforms"), "\(refused.stderr)")
        let report = try BinaryRunner.run(["report", "."], in: tree)
        #expect(report.stdout.contains("macOS 10.13 by SwiftPM's default (Package.swift:3:15): below macOS 14"), "\(report.stdout)")
        try "{\"deploymentTarget\": {\"iOS\": \"17.0\"}}\n".write(to: tree.appendingPathComponent(".observation-migrate.json"),
                                                               atomically: true, encoding: .utf8)
        let configured = try BinaryRunner.run(["apply", "--allow-dirty", "."], in: tree)
        #expect(configured.exitCode == 0, "\(configured.stderr)")
        #expect(configured.stdout.contains("migrated  Model"))
    }

    /// A `platforms:` entry that is not a literal is named, and counts as too low until written out or configured.
    @Test func anUnreadablePlatformsEntryIsNamedAndRefused() throws {
        let tree = try BinaryRunner.makeTree([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet ios: SupportedPlatform = .iOS(.v15)\n"
                + "let package = Package(name: \"P\", platforms: [ios, .macOS(.v14)], targets: [.target(name: \"P\")])\n",
            "Sources/P/Model.swift": "import Combine\nfinal class Model: ObservableObject { @Published var x = 0 }\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let refused = try BinaryRunner.run(["apply", "--allow-dirty", "."], in: tree)
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("warning: Package.swift:4: a platforms entry is not a literal; its deployment target is unknown"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("Package.swift:4:46: the deployment target cannot be told (platforms entry not a literal)"),
                "\(refused.stderr)")
    }

    /// Passepartout's tvOS library: one file of the module says `@_exported import AppLibrary`,
    /// and its other files use AppLibrary's models without importing it (the compiler lets every
    /// file of the module see it). That file mentions no model, yet its re-export counts: the
    /// view's `@StateObject` is a site, so the model migrates with it instead of leaving it behind.
    @Test func aModulesOwnReexportIsSeenByItsOtherFiles() throws {
        let tree = try BinaryRunner.makeTree([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", platforms: [.iOS(.v17)], "
                + "targets: [.target(name: \"AppLibrary\"), .target(name: \"TVLegacy\", dependencies: [\"AppLibrary\"])])\n",
            "Sources/AppLibrary/ErrorHandler.swift": "import SwiftUI\n\npublic final class ErrorHandler: ObservableObject {\n"
                + "    @Published public var message = \"\"\n    public init() {}\n}\n",
            "Sources/TVLegacy/TVLegacy.swift": "@_exported import AppLibrary\n",
            "Sources/TVLegacy/Views/Coordinator.swift": "import SwiftUI\n\nstruct Coordinator: View {\n    @StateObject\n"
                + "    private var errorHandler = ErrorHandler()\n    var body: some View { Text(errorHandler.message) }\n}\n",
        ])
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "--allow-dirty", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let view = try String(contentsOf: tree.appendingPathComponent("Sources/TVLegacy/Views/Coordinator.swift"), encoding: .utf8)
        #expect(view.contains("@State\n    private var errorHandler = ErrorHandler()"), "\(view)")
        let model = try String(contentsOf: tree.appendingPathComponent("Sources/AppLibrary/ErrorHandler.swift"), encoding: .utf8)
        #expect(model.contains("@Observable public final class ErrorHandler {"), "\(model)")
    }

    /// A package `Feed` at `Modules/Feed` declaring the model `FeedModel`.
    static let feedPackage = [
        "Modules/Feed/Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Feed\", "
            + "platforms: [.iOS(.v17)], targets: [.target(name: \"Feed\")])\n",
        "Modules/Feed/Sources/Feed/FeedModel.swift": "import SwiftUI\n\npublic final class FeedModel: ObservableObject {\n"
            + "    @Published public var items: [String] = []\n    public init() {}\n}\n",
    ]

    /// A view holding a `FeedModel` (line 5 once two import lines and a blank line precede it).
    static let feedView = "struct FeedView: View {\n    @StateObject private var model = FeedModel()\n"
        + "    var body: some View { Text(\"\\(model.items.count)\") }\n}\n"

    /// The last safety net does not trust the module graph: an Xcode app importing a package it
    /// names no dependency on (linked some way the project file does not say) sees none of its
    /// types in the graph, so its `@StateObject` of the package's model is no site. Read as one
    /// module, the rewritten tree still names the model there, so the unit is not written.
    @Test func aSiteTheModuleGraphMissesStillBlocksItsUnit() throws {
        let tree = try BinaryRunner.makeTree(Self.feedPackage.merging([
            "App/App.xcodeproj/project.pbxproj": XcodeProjectReaderTests.oneTargetProject(file: "View.swift", target: "App"),
            "App/View.swift": "import SwiftUI\nimport Feed\n\n" + Self.feedView,
        ]) { $1 })
        let before = try String(contentsOf: tree.appendingPathComponent("Modules/Feed/Sources/Feed/FeedModel.swift"), encoding: .utf8)
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "--allow-dirty", "--ignore-deployment-target", "."], in: tree)
        #expect(result.stdout.contains("internal consistency: App/View.swift:5:5: @StateObject would still name 'FeedModel'"),
                "\(result.stdout)\(result.stderr)")
        let after = try String(contentsOf: tree.appendingPathComponent("Modules/Feed/Sources/Feed/FeedModel.swift"), encoding: .utf8)
        #expect(after == before, "the model was migrated without its view")
    }

    /// Pocket: `PocketKit` declares the model `SavedItemViewModel`, `SaveToPocketKit` a plain
    /// class of the same name whose `@Published` publisher its tests read
    /// (`viewModel.$infoViewModel`). The module view types that site as the plain class, so the
    /// tree read as one module, where the name means both, does not hold the model back. A site
    /// the module view cannot type still does (`aSiteTheModuleGraphMissesStillBlocksItsUnit`).
    @Test func aSiteTheModuleViewTypesAsAHomonymDoesNotHoldTheModelBack() throws {
        let tree = try BinaryRunner.makeTree([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", "
                + "platforms: [.iOS(.v17)], targets: [.target(name: \"Kit\"), .target(name: \"Share\"), "
                + ".testTarget(name: \"ShareTests\", dependencies: [\"Share\"])])\n",
            "Sources/Kit/SavedItemViewModel.swift": "import SwiftUI\n\nfinal class SavedItemViewModel: ObservableObject {\n"
                + "    @Published var title = \"\"\n}\n\nstruct SavedView: View {\n    @StateObject private var model = SavedItemViewModel()\n"
                + "    var body: some View { Text(model.title) }\n}\n",
            "Sources/Share/SavedItemViewModel.swift": "import Combine\n\nfinal class SavedItemViewModel {\n    @Published var infoViewModel = 0\n}\n",
            "Tests/ShareTests/SavedItemViewModelTests.swift": "import XCTest\n@testable import Share\n\n"
                + "final class SavedItemViewModelTests: XCTestCase {\n    func testInfo() {\n        let viewModel = SavedItemViewModel()\n"
                + "        _ = viewModel.$infoViewModel.sink { _ in }\n    }\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "--allow-dirty", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("internal consistency"), "\(result.stdout)")
        let model = try String(contentsOf: tree.appendingPathComponent("Sources/Kit/SavedItemViewModel.swift"), encoding: .utf8)
        #expect(model.contains("@Observable final class SavedItemViewModel {"), "\(model)")
        let plain = try String(contentsOf: tree.appendingPathComponent("Sources/Share/SavedItemViewModel.swift"), encoding: .utf8)
        #expect(plain.contains("@Published var infoViewModel = 0"))
    }

    /// A Tuist workspace whose `Feature` project builds for iOS 15 and whose `Home` project for
    /// iOS 17: `apply` refuses the model under `Feature` (the report points at the literal) and
    /// writes the one under `Home`, though Tuist's targets are not read and both stay in one module.
    @Test func aTuistProjectsDeploymentTargetHoldsBackTheModelsUnderItsFolder() throws {
        func project(_ name: String, _ version: String) -> String {
            "import ProjectDescription\n\nlet project = Project(\n    name: \"\(name)\",\n    targets: [.target(name: \"\(name)\", "
                + "destinations: .iOS, product: .framework, bundleId: \"x.\(name)\", deploymentTargets: .iOS(\"\(version)\"))]\n)\n"
        }
        func model(_ name: String) -> String { "import Combine\n\nfinal class \(name): ObservableObject {\n    @Published var count = 0\n}\n" }
        let tree = try BinaryRunner.makeTree([
            "Projects/Feature/Project.swift": project("Feature", "15.0"),
            "Projects/Feature/Sources/FeatureModel.swift": model("FeatureModel"),
            "Projects/Home/Project.swift": project("Home", "17.0"),
            "Projects/Home/Sources/HomeModel.swift": model("HomeModel"),
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let report = try BinaryRunner.run(["report", "."], in: tree)
        #expect(report.stdout.contains("Projects/Feature/Project.swift:5:"), "\(report.stdout)")
        let apply = try BinaryRunner.run(["apply", "--allow-dirty", "."], in: tree)
        #expect(apply.stdout.contains("FeatureModel"), "\(apply.stdout)\(apply.stderr)")
        let feature = try String(contentsOf: tree.appendingPathComponent("Projects/Feature/Sources/FeatureModel.swift"), encoding: .utf8)
        let home = try String(contentsOf: tree.appendingPathComponent("Projects/Home/Sources/HomeModel.swift"), encoding: .utf8)
        #expect(feature == model("FeatureModel"))
        #expect(home.contains("@Observable final class HomeModel {"), "\(home)")
    }

    /// A scratch file beside the packages, which no package or project describes (Epilogue's
    /// `TestWhisperKit.swift` at the repository root), is compiled by nothing: its stale
    /// `@StateObject` of a package's model does not hold the model back.
    @Test func aScratchFileNoDescriptionCoversDoesNotBlockTheModel() throws {
        let tree = try BinaryRunner.makeTree(Self.feedPackage.merging(["TestFeed.swift": "import SwiftUI\n\n" + Self.feedView]) { $1 })
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "--allow-dirty", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("internal consistency"), "\(result.stdout)")
        let model = try String(contentsOf: tree.appendingPathComponent("Modules/Feed/Sources/Feed/FeedModel.swift"), encoding: .utf8)
        #expect(model.contains("@Observable public final class FeedModel {"), "\(model)")
    }

    /// A model declared in a file the project does not compile is no model of the build; the
    /// wrapper holding it is left alone and the report says where the type is, instead of
    /// "not declared in the scanned tree".
    @Test func aWrapperOfATypeDeclaredOutsideTheBuildNamesTheFile() throws {
        let tree = try BinaryRunner.makeTree([
            "App.xcodeproj/project.pbxproj": XcodeProjectReaderTests.oneTargetProject(file: "View.swift", target: "App"),
            "View.swift": "import SwiftUI\n\nstruct RootView: View {\n    @StateObject private var store = Store()\n"
                + "    var body: some View { Text(\"\\(store.count)\") }\n}\n",
            "Stray/Store.swift": "import Combine\n\nfinal class Store: ObservableObject {\n    @Published var count = 0\n}\n",
        ])
        let result = try BinaryRunner.run(["report", "."], in: tree)
        #expect(result.stdout.contains("@StateObject 'store' holds 'Store', declared in Stray/Store.swift, which no target compiles; left as it is"),
                "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("write instead: add that file to its target (or correct the path the project lists for it) and run again"))
    }

    /// A package of two targets: `Kit`, and `App` depending on it.
    static let kitAndAppManifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", "
        + "platforms: [.iOS(.v17)], targets: [.target(name: \"Kit\"), .target(name: \"App\", dependencies: [\"Kit\"])])\n"

    /// Generic code in a module that cannot see the models (`Kit`), subscribing to a parameter's
    /// `objectWillChange`: the models of the modules that use `Kit` may reach it, so they wait for
    /// it. They used to migrate, rewriting the constraint to `AnyObject & Observable` and leaving
    /// `t.objectWillChange` behind (a build error).
    @Test func aGenericSubscriptionInAnotherModuleHoldsTheModelsThatMeetIt() throws {
        let tree = try BinaryRunner.makeTree([
            "Package.swift": Self.kitAndAppManifest,
            "Sources/Kit/Watcher.swift": "import Combine\n\npublic final class Watcher {\n    var bag = Set<AnyCancellable>()\n"
                + "    public init() {}\n    public func watch<T: ObservableObject>(_ t: T) {\n"
                + "        t.objectWillChange.sink { _ in print(\"changed\") }.store(in: &bag)\n    }\n}\n",
            "Sources/App/Model.swift": "import Combine\nimport Kit\n\nfinal class Model: ObservableObject {\n    @Published var value = 0\n}\n\n"
                + "func start() {\n    Watcher().watch(Model())\n}\n",
        ])
        #expect(try Self.verdicts(in: tree) == ["Sources/App/Model.swift Model": "blocked"])
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "--allow-dirty", "."], in: tree)
        // `watch` is public, but keeps its constraint for its `objectWillChange`: its uses are
        // followed, and `Model` is the model that reaches it.
        #expect(result.stdout.contains("Sources/Kit/Watcher.swift:7:11  't.objectWillChange' in generic code is the publisher of "
                                       + "the models that reach it (Model); an @Observable class has none"),
                "\(result.stdout)")
    }

    /// Secretive's `AnySecretStore.init<S: SecretStore>(_ store: S)` subscribes to `store.objectWillChange`:
    /// bounded by a model protocol, only that protocol's unit waits for it, not every model of the
    /// modules using the code.
    @Test func aGenericSubscriptionBoundedByAModelProtocolHoldsOnlyThatUnit() throws {
        let tree = try BinaryRunner.makeTree([
            "Package.swift": Self.kitAndAppManifest,
            "Sources/Kit/Store.swift": "import Combine\n\npublic protocol Store: ObservableObject {}\n\npublic final class AnyStore {\n"
                + "    var sink: AnyCancellable?\n    public init<S: Store>(_ store: S) {\n"
                + "        sink = store.objectWillChange.sink { _ in print(\"changed\") }\n    }\n}\n",
            "Sources/App/Models.swift": "import Combine\nimport Kit\n\nfinal class Keys: Store {\n    @Published var count = 0\n}\n\n"
                + "final class Settings: ObservableObject {\n    @Published var dark = false\n}\n\nlet any = AnyStore(Keys())\n",
        ])
        let verdicts = try Self.verdicts(in: tree)
        #expect(verdicts["Sources/App/Models.swift Settings"] == "ready", "\(verdicts)")
        #expect(verdicts.contains { $0.value == "blocked" }, "\(verdicts)")
    }
}
