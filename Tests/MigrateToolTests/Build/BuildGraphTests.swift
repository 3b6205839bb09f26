import Foundation
import SourceScan
import Testing
@testable import MigrateTool

/// The build graph on strings: what a manifest declares, what an Xcode project compiles, which
/// module each file belongs to and which modules it sees.
@Suite struct PackageManifestTests {
    static func read(_ text: String) -> PackageManifest { PackageManifest(SourceFile(path: "Package.swift", text: text)) }

    @Test func aManifestCutShortIsReadAsFarAsItGoesAndSaid() {
        let cut = Self.read(#"let package = Package(name: "App", platforms: [.iOS(.v17)], targets: [.target(name: "App")"#)
        #expect(cut.targets.map(\.name) == ["App"])
        #expect(cut.problems.map(\.message) == ["the manifest does not compile as it is (the bracket here is never closed)"])
        #expect(cut.problems.first?.offset == 21)
        let stray = Self.read(#"let package = Package(name: "App", targets: [])]"#)
        #expect(stray.problems.map(\.message) == ["the manifest does not compile as it is (the bracket here closes nothing)"])
        #expect(Self.read(#"let package = Package(name: "App", targets: [])"#).problems.isEmpty)
    }

    @Test func targetsWithTheirFoldersDependenciesAndProducts() {
        let manifest = Self.read("""
            // swift-tools-version:5.9
            import PackageDescription
            let core = "Core"
            let package = Package(
                name: "Shop",
                products: [.library(name: "ShopKit", targets: ["Shop", core])],
                dependencies: [.package(path: "../Payments"), .package(url: "https://example.com/x.git", from: "1.0.0")],
                targets: [
                    .target(name: core, exclude: ["Generated", "README.md"]),
                    .target(name: "Shop", dependencies: [
                        "Core", .target(name: "Legacy"), .product(name: "PaymentsKit", package: "Payments"), .byName(name: "Log"),
                    ], path: "Code/Shop", sources: ["Models", "Views/Root.swift"]),
                    .executableTarget(name: "Tool", dependencies: ["Shop"]),
                    .testTarget(name: "ShopTests", dependencies: [.target(name: "Shop")]),
                    .binaryTarget(name: "Blob", path: "Blob.xcframework"),
                ]
            )
            """)
        #expect(manifest.name == "Shop")
        #expect(manifest.targets.map(\.name) == ["Core", "Shop", "Tool", "ShopTests", "Blob"])
        #expect(manifest.targets.map(\.kind) == [.regular, .regular, .executable, .test, .binary])
        #expect(manifest.targets[0].exclude == ["Generated", "README.md"])
        #expect(manifest.targets[1].path == "Code/Shop")
        #expect(manifest.targets[1].sources == ["Models", "Views/Root.swift"])
        #expect(manifest.targets[1].dependencies == [
            .byName("Core"), .target("Legacy"), .product(name: "PaymentsKit", package: "Payments"), .byName("Log"),
        ])
        #expect(manifest.products == [PackageManifest.Product(name: "ShopKit", targets: ["Shop", "Core"])])
        #expect(manifest.localPackagePaths == ["../Payments"])
        #expect(manifest.problems.isEmpty)
    }

    /// parra: `path: "\\(iosSdkDir)/Sources/Parra"` with `let iosSdkDir = "ios"`. A string that
    /// interpolates constants, or joins literals and constants with `+`, is read; one that
    /// interpolates anything else is still computed at run time.
    @Test func constantsInterpolatedOrJoinedAreRead() {
        let manifest = Self.read("""
            let iosSdkDir = "ios"; let unused = 1
            let modules = iosSdkDir + "/Modules"
            let package = Package(name: "Parra", targets: [
                .target(name: "Parra", path: "\\(iosSdkDir)/Sources/Parra"),
                .target(name: "Core", path: modules + "/Core"),
                .target(name: "Kit", path: "\\(modules)/\\(iosSdkDir)"),
                .target(name: "Odd", path: "\\(Context.packageDirectory)/Odd"),
            ])
            """)
        #expect(manifest.targets.map(\.path) == ["ios/Sources/Parra", "ios/Modules/Core", "ios/Modules/ios", nil])
        #expect(manifest.problems.map(\.message) == ["the path of target 'Odd' is computed at run time"])
    }

    @Test func everyPlatformSpelling() {
        let manifest = Self.read("""
            let package = Package(name: "P", platforms: [
                .iOS(.v17), .macOS("14.0"), .tvOS(SupportedPlatform.TVOSVersion.v16), .watchOS(.v10_2), .visionOS(.v1),
                .macCatalyst(.v17),
            ], targets: [])
            """)
        #expect(manifest.platforms.map { "\($0.name) \($0.version)" } == [
            "iOS 17", "macOS 14.0", "tvOS 16", "watchOS 10.2", "visionOS 1", "macCatalyst 17",
        ])
    }

    @Test func dependencyArraysAreNotTargets() {
        let manifest = Self.read("""
            let shared: [Target.Dependency] = [.target(name: "Core"), .product(name: "Log", package: "log")]
            let package = Package(name: "P", targets: [.target(name: "App", dependencies: shared), .target(name: "Core")])
            """)
        #expect(manifest.targets.map(\.name) == ["App", "Core"])
    }

    @Test func anEmptyTargetListIsNotAnUnreadableOne() {
        let manifest = Self.read("let package = Package(name: \"Examples\", products: [], targets: [])")
        #expect(manifest.targets.isEmpty)
        #expect(manifest.problems.isEmpty)
    }

    @Test func aDynamicManifestSaysWhatItCouldNotRead() {
        let manifest = Self.read("""
            let names = ["A", "B"]
            let package = Package(name: "P", platforms: [.iOS(minimumVersion)], targets: names.map { .target(name: $0) })
            """)
        #expect(manifest.targets.isEmpty)
        #expect(manifest.problems.map(\.message).contains("a target's name is computed at run time"))
        #expect(manifest.problems.map(\.message).contains("the iOS version is not a literal; its deployment target is unknown"))
        #expect(manifest.declaresPlatforms)
        #expect(manifest.unreadablePlatforms.map(\.name) == ["iOS"])
    }

    /// Every entry of `platforms:` is read or named: a variable, a computed list, or none at all.
    @Test func platformsAreReadEntryByEntry() {
        let mixed = Self.read("""
            let ios: SupportedPlatform = .iOS(.v16)
            let package = Package(name: "P", platforms: [ios, .macOS(.v14), .tvOS("17.0")], targets: [.target(name: "A")])
            """)
        #expect(mixed.platforms.map { "\($0.name) \($0.version)" } == ["macOS 14", "tvOS 17.0"])
        #expect(mixed.unreadablePlatforms.count == 1 && mixed.unreadablePlatforms[0].name == nil)
        #expect(mixed.problems.map(\.message) == ["a platforms entry is not a literal; its deployment target is unknown"])
        let computed = Self.read("""
            let package = Package(name: "P", platforms: supported, targets: [.target(name: "A")])
            """)
        #expect(computed.platforms.isEmpty && computed.unreadablePlatforms.count == 1)
        let none = Self.read("""
            let package = Package(name: "P", targets: [.target(name: "A")])
            """)
        #expect(!none.declaresPlatforms && none.unreadablePlatforms.isEmpty && none.packageOffset != nil)
    }

    /// `platforms:` of a condition or of a declaration is not the package's (swift-system and
    /// swift-subprocess drew six identical warnings a line, and counted as declaring platforms).
    @Test func conditionsAndDeclarationsAreNotThePackagesPlatforms() {
        let conditions = Self.read("""
            let settings: [SwiftSetting] = [.define("DARWIN", .when(platforms: [.macOS, .iOS, .custom("freebsd")]))]
            let package = Package(name: "P", targets: [
                .target(name: "A", dependencies: [.product(name: "S", package: "s", condition: .when(platforms: [.linux]))],
                        swiftSettings: settings),
            ])
            """)
        #expect(!conditions.declaresPlatforms && conditions.unreadablePlatforms.isEmpty && conditions.problems.isEmpty)
        #expect(conditions.targets.map(\.name) == ["A"])
        let declared = Self.read("""
            let platforms: [PackageDescription.SupportedPlatform] = [.macOS(.v10_13), .iOS(.v12)]
            let package = Package(name: "P", platforms: [.iOS(.v17), .macOS(.v14)], targets: [.target(name: "A")])
            """)
        #expect(declared.platforms.map { "\($0.name) \($0.version)" } == ["iOS 17", "macOS 14"])
        #expect(declared.problems.isEmpty)
    }

    /// `platforms: platforms` reads the list declared once above (Proton Pass's eight local
    /// packages); a name declared in several `#if` variants, or changed later, stays unknown.
    @Test func aListDeclaredOnceIsReadByName() {
        let byName = Self.read("""
            var platforms: [SupportedPlatform] = [
                .macOS(.v12),
                .iOS(.v16),
            ]
            let package = Package(name: "P", platforms: platforms, targets: [.target(name: "A")])
            """)
        #expect(byName.declaresPlatforms && byName.problems.isEmpty)
        #expect(byName.platforms.map { "\($0.name) \($0.version)" } == ["macOS 12", "iOS 16"])
        let unknown = "the platforms are not a list literal; its deployment target is unknown"
        for manifest in ["""
            #if swift(>=5.9)
            let platforms: [SupportedPlatform] = [.iOS(.v17)]
            #else
            let platforms: [SupportedPlatform] = [.iOS(.v12)]
            #endif
            let package = Package(name: "P", platforms: platforms, targets: [])
            """, """
            var platforms: [SupportedPlatform] = [.iOS(.v17)]
            platforms.append(.macOS(.v14))
            let package = Package(name: "P", platforms: platforms, targets: [])
            """, """
            let supported = [.iOS(.v17)] + extraPlatforms
            let package = Package(name: "P", platforms: supported, targets: [])
            """, """
            let package = Package(name: "P", platforms: platforms, targets: [])
            """] {
            let read = Self.read(manifest)
            #expect(read.platforms.isEmpty && read.problems.map(\.message) == [unknown], "\(manifest)")
        }
    }
}

/// Tuist projects: the deployment targets a `Project.swift` or its helpers write, by folder.
@Suite struct TuistDeploymentTests {
    static func manifest(_ text: String) -> TuistManifest { TuistManifest(SourceFile(path: "Project.swift", text: text)) }

    @Test func bothTuistSpellingsAndMultiplatformAreRead() {
        let three = Self.manifest("""
            import ProjectDescription
            let project = Project(name: "A", targets: [Target(name: "A", platform: .iOS, product: .app,
                deploymentTarget: .iOS(targetVersion: "15.0", devices: [.iphone]), sources: ["Sources/**"])])
            """)
        #expect(three.isTuist)
        #expect(three.deployments.map { "\($0.platform) \($0.version)" } == ["iOS 15.0"])
        let four = Self.manifest("""
            import ProjectDescription
            let targets: DeploymentTargets = .multiplatform(iOS: "17.0", macOS: "14.0", watchOS: nil)
            let other = DeploymentTargets.visionOS("1.0")
            let project = Project(name: "A", targets: [.target(name: "A", destinations: .iOS, product: .app, deploymentTargets: targets)])
            """)
        #expect(four.deployments.map { "\($0.platform) \($0.version)" } == ["iOS 17.0", "macOS 14.0", "visionOS 1.0"])
        // A platform without a version literal (`destinations: .iOS`, SwiftPM's `.iOS(.v17)`) is none.
        let none = Self.manifest("import ProjectDescription\nlet p = Project(name: \"A\", targets: [.target(name: \"A\", destinations: .iOS, deploymentTargets: env.target)])")
        #expect(none.deployments.isEmpty)
        #expect(none.deploymentArgumentOffset != nil)
        #expect(!Self.manifest("let x = Foo.iOS(\"17.0\")").isTuist)
    }

    @Test func aProjectTakesItsOwnLiteralsElseItsHelpersElseCannotTell() {
        let files: [String: String] = [
            "/t/Projects/App/Project.swift": "import ProjectDescription\nlet p = Project(name: \"App\", targets: [.target(name: \"App\", deploymentTargets: .iOS(\"17.0\"))])",
            "/t/Projects/Feature/Project.swift": "import ProjectDescription\nlet p = Project.module(name: \"Feature\")",
            "/t/Tuist/ProjectDescriptionHelpers/Env.swift": "import ProjectDescription\npublic let deploymentTarget: DeploymentTargets = .iOS(\"16.0\")",
            "/u/Project.swift": "import ProjectDescription\nlet p = Project(name: \"U\", targets: [.target(name: \"U\", deploymentTargets: env.target)])",
            "/v/Project.swift": "import ProjectDescription\nlet p = Project(name: \"V\", targets: [.target(name: \"V\")])",
        ]
        let read = { (path: String) in files[path].map { Array($0.utf8) } }
        let withHelpers = BuildGraphLoader.tuistDeployments(swiftFiles: Array(files.keys).filter { !$0.hasPrefix("/u") && !$0.hasPrefix("/v") },
                                                            configuration: Configuration(), readFile: read)
        #expect(withHelpers.map { "\($0.folder): " + $0.deployments.map { "\($0.platform) \($0.version)" }.joined(separator: ", ") } == [
            "/t/Projects/App: iOS 17.0", "/t/Projects/Feature: iOS 16.0",
        ])
        let alone = BuildGraphLoader.tuistDeployments(swiftFiles: ["/u/Project.swift", "/v/Project.swift"], configuration: Configuration(), readFile: read)
        #expect(alone.map(\.folder) == ["/u"])
        #expect(alone.first?.deployments.map(\.origin) == [.unreadable])
        var configured = Configuration()
        configured.deploymentTarget = ["iOS": "17.0"]
        #expect(BuildGraphLoader.tuistDeployments(swiftFiles: ["/u/Project.swift"], configuration: configured, readFile: read).isEmpty)
    }
}

/// XcodeGen specs: the deployment targets a `project.yml` writes, where no generated project is kept.
@Suite struct XcodeGenSpecTests {
    static func versions(_ yaml: String) -> [String] { XcodeGenSpec(Array(yaml.utf8)).deployments.map { "\($0.platform) \($0.version)" } }

    @Test func optionsTargetsFlowMapsAndSettingsAreRead() {
        let yaml = """
            name: Autumn
            options:
              deploymentTarget:
                iOS: "16.0"   # the oldest we ship
                macOS: 14.6
            settings:
              base:
                WATCHOS_DEPLOYMENT_TARGET: 9.0
            targets:
              App:
                type: application
                deploymentTarget: "16.4"
                platform: iOS
                sources:
                  - path: Sources
              Widget:
                deploymentTarget: {iOS: "17.0", tvOS: 17}
              Tool:
                platform: macOS
            """
        #expect(Self.versions(yaml) == ["iOS 16.0", "macOS 14.6", "watchOS 9.0", "iOS 16.4", "iOS 17.0", "tvOS 17"])
        let spec = XcodeGenSpec(Array(yaml.utf8))
        let first = yaml.utf8.index(yaml.utf8.startIndex, offsetBy: spec.deployments[0].offset)
        #expect(yaml[first...].hasPrefix("16.0\""))
        #expect(Self.versions("name: A\ntargets:\n  A:\n    platform: iOS\n").isEmpty)
        #expect(XcodeGenSpec(Array("include:\n  - base.yml\nname: A\n".utf8)).includesOthers)
    }

    @Test func aSpecBesideItsGeneratedProjectIsLeftToTheProject() {
        let specs = ["/x/project.yml": "name: X\noptions:\n  deploymentTarget:\n    iOS: 15.0\n", "/y/project.yml": "include: [base.yml]\nname: Y\n",
                     "/z/project.yml": "name: Z\noptions:\n  deploymentTarget:\n    iOS: 15.0\n",
                     // Another tool's file of that name is no spec.
                     "/w/project.yml": "include: [ci.yml]\nstages: [build]\n"]
        let read = { (path: String) in specs[path].map { Array($0.utf8) } }
        let found = BuildGraphLoader.xcodeGenDeployments(specs: specs.keys.sorted(), configuration: Configuration(), readFile: read)
        #expect(found.map(\.folder) == ["/x", "/y", "/z"])
        #expect(found.map { $0.deployments.map(\.origin) } == [[.declared], [.unreadable], [.declared]])
        // `/z` keeps its generated project, which says what it builds for: the spec is not read.
        let project = XcodeProjectReaderTests.oneTargetProject(file: "A.swift", target: "Z")
        let graph = BuildGraphLoader.build([.init(path: "/z/Z.xcodeproj/project.pbxproj", bytes: Array(project.utf8))],
                                           swiftFiles: ["/x/A.swift", "/z/A.swift"], configuration: Configuration(),
                                           xcodeGenSpecs: specs.keys.sorted(), readFile: read, folderExists: { _ in true }).graph
        #expect(graph.folderDeployments.keys.sorted() == ["/x", "/y"])
    }
}

@Suite struct BuildGraphMembershipTests {
    static let root = "/repo"

    static func package(_ manifest: String, at folder: String = "/repo", files: [String]) -> BuildGraphLoader.Loaded {
        let path = folder + "/Package.swift"
        return BuildGraphLoader.build([.init(path: path, bytes: Array(manifest.utf8))], swiftFiles: files, configuration: Configuration(),
                                      readFile: { _ in nil }, folderExists: { folder in files.contains { PathName.isInside($0, folder: folder) } })
    }

    @Test func defaultFoldersPathSourcesAndExclude() {
        let files = [
            "/repo/Sources/Core/A.swift", "/repo/Sources/Core/Generated/G.swift", "/repo/Code/Shop/Models/M.swift",
            "/repo/Code/Shop/Views/Root.swift", "/repo/Code/Shop/Views/Other.swift", "/repo/Tests/ShopTests/T.swift",
            "/repo/Scripts/make.swift", "/repo/Package.swift",
        ]
        let graph = Self.package("""
            let package = Package(name: "Shop", targets: [
                .target(name: "Core", exclude: ["Generated"]),
                .target(name: "Shop", dependencies: ["Core"], path: "Code/Shop", sources: ["Models", "Views/Root.swift"]),
                .testTarget(name: "ShopTests", dependencies: ["Shop"]),
            ])
            """, files: files).graph
        let names = graph.modulesOfFile.map { $0.map { graph.modules[$0].name } }
        #expect(names == [["Core"], [], ["Shop"], ["Shop"], [], ["ShopTests"], [], []])
        #expect(graph.outsideFiles.map { files[$0] } == [
            "/repo/Sources/Core/Generated/G.swift", "/repo/Code/Shop/Views/Other.swift", "/repo/Scripts/make.swift", "/repo/Package.swift",
        ])
        #expect(graph.modules[1].dependencies == [0])
        #expect(graph.modules[2].isTest)
    }

    @Test func theOnlyTargetOfItsKindMayUseThePredefinedFolderItself() {
        let files = ["/repo/Sources/Log.swift", "/repo/Tests/LogTests.swift"]
        let graph = Self.package("""
            let package = Package(name: "Log", targets: [.target(name: "Log", path: "Sources"), .testTarget(name: "LogTests")])
            """, files: files).graph
        #expect(graph.modulesOfFile.map { $0.map { graph.modules[$0].name } } == [["Log"], ["LogTests"]])
    }

    @Test func aNestedPackageOwnsItsFolderAndFilesOutsideEveryDescriptionFormTheFolderModule() {
        let files = ["/repo/Sources/App/A.swift", "/repo/Sources/App/Vendor/Sources/Vendor/V.swift", "/elsewhere/Loose.swift"]
        let outer = "let package = Package(name: \"App\", targets: [.target(name: \"App\")])"
        let inner = "let package = Package(name: \"Vendor\", targets: [.target(name: \"Vendor\")])"
        let loaded = BuildGraphLoader.build(
            [.init(path: "/repo/Package.swift", bytes: Array(outer.utf8)),
             .init(path: "/repo/Sources/App/Vendor/Package.swift", bytes: Array(inner.utf8))],
            swiftFiles: files, configuration: Configuration(), readFile: { _ in nil }, folderExists: { _ in true })
        let graph = loaded.graph
        #expect(graph.modulesOfFile.map { $0.map { graph.modules[$0].targetName } } == [
            ["App"], ["Vendor"], ["(files in no package or project)"],
        ])
        #expect(graph.folderModule == 2)
    }

    @Test func aManifestWithoutTargetsLeavesItsFolderToTheFolderModule() {
        // Tuist keeps its dependencies in a root `Package.swift` with no targets and describes
        // the app's targets in `Project.swift` files the tool does not read.
        let files = ["/repo/App/Sources/Model.swift", "/repo/Project.swift", "/repo/Package.swift"]
        let graph = Self.package("""
            let package = Package(name: "App", dependencies: [.package(url: "https://example.com/x.git", from: "1.0.0")])
            """, files: files).graph
        #expect(graph.outsideFiles.isEmpty)
        #expect(graph.modulesOfFile.map { $0.map { graph.modules[$0].targetName } } == Array(repeating: ["(files in no package or project)"], count: 3))
    }

    @Test func visibilityFollowsImportsAndPrefersDependencies() {
        // Two packages each with a module named Core: an import picks the one depended on.
        let files = ["/a/Sources/App/A.swift", "/a/Sources/Core/C.swift", "/b/Sources/Core/C.swift"]
        let loaded = BuildGraphLoader.build(
            [.init(path: "/a/Package.swift", bytes: Array("let package = Package(name: \"A\", targets: [.target(name: \"App\", dependencies: [\"Core\"]), .target(name: \"Core\")])".utf8)),
             .init(path: "/b/Package.swift", bytes: Array("let package = Package(name: \"B\", targets: [.target(name: \"Core\")])".utf8))],
            swiftFiles: files, configuration: Configuration(), readFile: { _ in nil }, folderExists: { _ in true })
        let graph = loaded.graph
        let app = graph.modulesOfFile[0]
        #expect(graph.visibleModules(own: app, imports: ["Core"]) == Set(app + graph.modulesOfFile[1]))
        #expect(graph.visibleModules(own: app, imports: []) == Set(app))
        #expect(graph.visibleModules(own: graph.modulesOfFile[2], imports: ["SwiftUI"]) == Set(graph.modulesOfFile[2]))
    }

    /// MoviesApp: `Features` depends on `../Routing` by path for its `HomeFeature` target, and
    /// `MovieDetailFeature` imports `Routing` without naming it. SwiftPM and Xcode build the
    /// module for the sibling and the import finds it, so the detail view sees `AppRouter`; a
    /// package that does not depend on `Routing` at all still does not.
    @Test func aPackageTargetSeesAModuleItsPackageDependsOnForASibling() {
        let features = """
            let package = Package(name: "Features", dependencies: [.package(path: "../Routing")], targets: [
                .target(name: "HomeFeature", dependencies: [.product(name: "Routing", package: "Routing")]),
                .target(name: "MovieDetailFeature"),
            ])
            """
        let routing = """
            let package = Package(name: "Routing", products: [.library(name: "Routing", targets: ["Routing"])], targets: [.target(name: "Routing")])
            """
        let other = "let package = Package(name: \"Other\", targets: [.target(name: \"Other\")])"
        let files = ["/m/Features/Sources/MovieDetailFeature/V.swift", "/m/Routing/Sources/Routing/R.swift", "/m/Other/Sources/Other/O.swift"]
        let graph = BuildGraphLoader.build(
            [.init(path: "/m/Features/Package.swift", bytes: Array(features.utf8)), .init(path: "/m/Routing/Package.swift", bytes: Array(routing.utf8)),
             .init(path: "/m/Other/Package.swift", bytes: Array(other.utf8))],
            swiftFiles: files, configuration: Configuration(), readFile: { _ in nil }, folderExists: { _ in true }).graph
        let detail = graph.modulesOfFile[0]
        #expect(graph.visibleModules(own: detail, imports: ["Routing"]) == Set(detail + graph.modulesOfFile[1]))
        #expect(graph.visibleModules(own: graph.modulesOfFile[2], imports: ["Routing"]) == Set(graph.modulesOfFile[2]))
    }

    @Test func configuredDeploymentTargetsReplaceAndAddPlatforms() {
        var configuration = Configuration()
        configuration.deploymentTarget = ["iOS": "17.0", "watchOS": "10.0"]
        configuration.source = "/repo/.observation-migrate.json"
        let loaded = BuildGraphLoader.build(
            [.init(path: "/repo/Package.swift", bytes: Array("let package = Package(name: \"A\", platforms: [.iOS(.v16), .macOS(.v14)], targets: [.target(name: \"A\")])".utf8))],
            swiftFiles: ["/repo/Sources/A/A.swift"], configuration: configuration, readFile: { _ in nil }, folderExists: { _ in true })
        let deployments = loaded.graph.modules[0].deployments
        #expect(deployments.map { "\($0.platform) \($0.version)" }.sorted() == ["iOS 17.0", "macOS 14", "watchOS 10.0"])
        #expect(deployments.first { $0.platform == "iOS" }?.path == "/repo/.observation-migrate.json")
        #expect(deployments.first { $0.platform == "macOS" }?.path == "/repo/Package.swift")
    }
}

@Suite struct XcodeProjectReaderTests {
    static let tree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestTrees/BuildGraph/SynchronizedFolders")

    @Test func synchronizedFoldersWithExceptionsBothWaysAndDeploymentPerTarget() throws {
        let path = "/p/Mail.xcodeproj/project.pbxproj"
        let bytes = Array(try Data(contentsOf: Self.tree.appendingPathComponent("Mail.xcodeproj/project.pbxproj")))
        let description = try XcodeProjectReader(path: path, readFile: { _ in nil }).read(bytes).get()
        #expect(description.root == "/p")
        #expect(description.targets.map(\.name) == ["Modern", "Classic"])
        let modern = description.targets[0]
        #expect(modern.folders == [.init(path: "/p/Modern", excluded: ["/p/Modern/Legacy/OldScreen.swift"])])
        #expect(modern.deployments.map { "\($0.platform) \($0.version)" } == ["iOS 17.0"])
        let classic = description.targets[1]
        #expect(classic.folders == [.init(path: "/p/Classic")])
        #expect(classic.files == ["/p/Modern/Shared/Badge.swift"])
        #expect(classic.deployments.map { "\($0.platform) \($0.version)" } == ["iOS 16.0"])
        #expect(classic.deployments[0].offset > 0)
    }

    @Test func groupsBuildPhasesDependenciesModuleNamesAndXcconfigIncludes() throws {
        let project = """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; rootObject = P1; objects = {
              P1 = { isa = PBXProject; mainGroup = G1; targets = (T1, T2); buildConfigurationList = L1; packageReferences = (R1); };
              G1 = { isa = PBXGroup; children = (G2, F3); sourceTree = "<group>"; };
              G2 = { isa = PBXGroup; path = App; children = (F1, F2); sourceTree = "<group>"; };
              F1 = { isa = PBXFileReference; path = Root.swift; sourceTree = "<group>"; };
              F2 = { isa = PBXFileReference; path = Info.plist; sourceTree = "<group>"; };
              F3 = { isa = PBXFileReference; path = Config/Base.xcconfig; sourceTree = SOURCE_ROOT; };
              F4 = { isa = PBXFileReference; path = Generated.swift; sourceTree = BUILT_PRODUCTS_DIR; };
              B1 = { isa = PBXBuildFile; fileRef = F1; };
              B2 = { isa = PBXBuildFile; fileRef = F4; };
              S1 = { isa = PBXSourcesBuildPhase; files = (B1, B2); };
              T1 = { isa = PBXNativeTarget; name = "My App"; buildPhases = (S1); dependencies = (D1); packageProductDependencies = (PP1);
                     buildConfigurationList = L2; productType = "com.apple.product-type.application"; };
              T2 = { isa = PBXNativeTarget; name = Kit; buildPhases = (); buildConfigurationList = L3; productType = "com.apple.product-type.framework"; };
              D1 = { isa = PBXTargetDependency; target = T2; };
              R1 = { isa = XCLocalSwiftPackageReference; relativePath = Packages/Models; };
              PP1 = { isa = XCSwiftPackageProductDependency; package = R1; productName = Models; };
              L1 = { isa = XCConfigurationList; buildConfigurations = (C1, C2); };
              L2 = { isa = XCConfigurationList; buildConfigurations = (C3, C4); };
              L3 = { isa = XCConfigurationList; buildConfigurations = (C5); };
              C1 = { isa = XCBuildConfiguration; name = Debug; baseConfigurationReference = F3; buildSettings = { SDKROOT = iphoneos; }; };
              C2 = { isa = XCBuildConfiguration; name = Release; buildSettings = { SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 17.0; }; };
              C3 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = "$(inherited)"; PRODUCT_MODULE_NAME = MyApp; }; };
              C4 = { isa = XCBuildConfiguration; name = Release; buildSettings = { MACOSX_DEPLOYMENT_TARGET = 10.15; }; };
              C5 = { isa = XCBuildConfiguration; name = Release; buildSettings = { PRODUCT_NAME = "$(TARGET_NAME)"; }; };
            }; }
            """
        let configs: [String: String] = [
            "/p/Config/Base.xcconfig": "#include \"Shared.xcconfig\"\nIPHONEOS_DEPLOYMENT_TARGET = 16.4 // lowest\n",
            "/p/Config/Shared.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 15.0\nSWIFT_VERSION = 5.0\n",
        ]
        let reader = XcodeProjectReader(path: "/p/App.xcodeproj/project.pbxproj", readFile: { configs[$0].map { Array($0.utf8) } })
        let description = try reader.read(Array(project.utf8)).get()
        let app = description.targets[0]
        #expect(app.moduleName == "MyApp")
        #expect(app.files == ["/p/App/Root.swift"])
        #expect(app.dependencies == [.target("Kit"), .product(name: "Models", packageRoot: "/p/Packages/Models")])
        // Debug inherits 16.4 from the project's xcconfig (its include's 15.0 is overridden);
        // Release says 17.0; macOS is not a platform of an iphoneos target.
        #expect(app.deployments.map { "\($0.platform) \($0.version)" } == ["iOS 16.4"])
        #expect(app.deployments[0].path == "/p/Config/Base.xcconfig")
        #expect(description.targets[1].moduleName == "Kit")
    }

    /// A product dependency without `package` (a local package Xcode found by its folder) comes
    /// from the project's local packages; with none, from a package of the workspace, whichever
    /// package of the tree declares it.
    @Test func aLocalProductWithoutItsPackageComesFromTheProjectsLocalPackages() throws {
        func project(_ references: String, local: Bool = true) -> [UInt8] {
            let packages = local ? """
                  R1 = { isa = XCLocalSwiftPackageReference; relativePath = ../..; };
                  R2 = { isa = XCLocalSwiftPackageReference; relativePath = ../Shared; };
                """ : ""
            return Array("""
                // !$*UTF8*$!
                { archiveVersion = 1; objectVersion = 56; rootObject = P1; objects = {
                  P1 = { isa = PBXProject; mainGroup = G1; targets = (T1); packageReferences = (\(references)); };
                  G1 = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
                  T1 = { isa = PBXNativeTarget; name = Demo; buildPhases = (); packageProductDependencies = (PP1); };
                \(packages)
                  PP1 = { isa = XCSwiftPackageProductDependency; productName = Kit; };
                }; }
                """.utf8)
        }
        let reader = XcodeProjectReader(path: "/repo/Examples/Demo/Demo.xcodeproj/project.pbxproj", readFile: { _ in nil })
        #expect(try reader.read(project("R1, R2")).get().targets[0].dependencies == [
            .product(name: "Kit", packageRoot: "/repo"), .product(name: "Kit", packageRoot: "/repo/Examples/Shared"),
        ])
        #expect(try reader.read(project("", local: false)).get().targets[0].dependencies == [.workspaceProduct(name: "Kit")])
    }

    /// A project of one native target compiling `file` (beside the project's folder), and
    /// depending on `product` without naming its package, when given.
    static func oneTargetProject(file: String, target: String, product: String? = nil) -> String {
        let dependency = product.map { "packageProductDependencies = (PP1); };\n  PP1 = { isa = XCSwiftPackageProductDependency; productName = \($0); };" }
            ?? "};"
        return """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; rootObject = P1; objects = {
              P1 = { isa = PBXProject; mainGroup = G1; targets = (T1); };
              G1 = { isa = PBXGroup; children = (F1); sourceTree = "<group>"; };
              F1 = { isa = PBXFileReference; path = \(file); sourceTree = "<group>"; };
              B1 = { isa = PBXBuildFile; fileRef = F1; };
              S1 = { isa = PBXSourcesBuildPhase; files = (B1); };
              T1 = { isa = PBXNativeTarget; name = \(target); buildPhases = (S1); \(dependency)
            }; }

            """
    }

    /// A project listing a file that does not exist, beside a file of that name no target
    /// compiles, is stale (bufetec: the file was moved on disk, the project not updated, so Xcode
    /// would not build it as it is): the moved file takes the listed one's modules, with a
    /// warning naming both. Two files of that name stay outside the build: which one moved is a
    /// guess.
    @Test func aListedFileThatDoesNotExistIsTakenForTheOneMovedFileOfItsName() throws {
        func loaded(_ files: [String]) -> BuildGraphLoader.Loaded {
            let project = Self.oneTargetProject(file: "DarkMode/Appearance.swift", target: "App")
            return BuildGraphLoader.build([.init(path: "/repo/App.xcodeproj/project.pbxproj", bytes: Array(project.utf8))], swiftFiles: files,
                                          configuration: Configuration(), readFile: { _ in nil }, folderExists: { _ in true })
        }
        let moved = loaded(["/repo/Utility/Appearance.swift", "/repo/Other.swift"])
        #expect(moved.graph.modulesOfFile.map { $0.map { moved.graph.modules[$0].targetName } } == [["App"], []])
        #expect(moved.graph.outsideFiles == [1])
        #expect(moved.warnings == [
            "/repo/Utility/Appearance.swift: a target lists /repo/DarkMode/Appearance.swift, which does not exist; "
                + "taken for this file of the same name, which no target lists (the project looks stale)",
        ])
        let twice = loaded(["/repo/A/Appearance.swift", "/repo/B/Appearance.swift"])
        #expect(twice.graph.outsideFiles == [0, 1])
        #expect(twice.warnings.isEmpty)
    }

    /// vault-ios: the app's project names the product `FeedUI` of a package its workspace holds
    /// (`Modules/Feed`, beside the project's folder); the app's files see that package's modules,
    /// the ones the product depends on included, so its views are sites of their models. A name
    /// no package declares as a product (only as a target) is not one.
    @Test func aWorkspacePackagesProductIsFoundAnywhereInTheTree() throws {
        func graph(product: String) -> BuildGraph {
            let project = Self.oneTargetProject(file: "App.swift", target: "Demo", product: product)
            let manifest = """
                let package = Package(name: "Feed", products: [.library(name: "FeedUI", targets: ["FeedUI"])],
                    targets: [.target(name: "FeedUI", dependencies: ["Feed"]), .target(name: "Feed")])
                """
            return BuildGraphLoader.build(
                [.init(path: "/w/App/Demo.xcodeproj/project.pbxproj", bytes: Array(project.utf8)),
                 .init(path: "/w/Modules/Feed/Package.swift", bytes: Array(manifest.utf8))],
                swiftFiles: ["/w/App/App.swift", "/w/Modules/Feed/Sources/FeedUI/V.swift", "/w/Modules/Feed/Sources/Feed/M.swift"],
                configuration: Configuration(), readFile: { _ in nil }, folderExists: { _ in true }).graph
        }
        let found = graph(product: "FeedUI")
        let app = found.modulesOfFile[0]
        #expect(found.visibleModules(own: app, imports: ["Feed"]).isSuperset(of: found.modulesOfFile[2]))
        let targetOnly = graph(product: "Feed")
        #expect(targetOnly.visibleModules(own: targetOnly.modulesOfFile[0], imports: ["Feed"]).isDisjoint(with: targetOnly.modulesOfFile[2]))
    }

    /// Midori keeps its packages side by side (`UI/`, `ViewModels/`) and `UI/Package.swift`
    /// depends on `.package(path: "ViewModels")`, a folder `UI/` does not have: Xcode builds it
    /// against the project's local package of that identity. The views of `UI` then see the
    /// models of `ViewModels`, by product and by name, and the report says what was taken. Two
    /// packages of that identity, or none, leave the dependency outside the tree.
    @Test func aPathDependencyThatMissesIsTakenForTheTreesOnePackageOfItsIdentity() throws {
        let ui = """
            let package = Package(name: "UI", dependencies: [.package(path: "ViewModels"), .package(path: "Storage")],
                targets: [.target(name: "MidoriUI", dependencies: [.product(name: "MidoriViewModels", package: "ViewModels"), "Storage"])])
            """
        let viewModels = """
            let package = Package(name: "ViewModels", products: [.library(name: "MidoriViewModels", targets: ["MidoriViewModels"])],
                targets: [.target(name: "MidoriViewModels")])
            """
        let storage = "let package = Package(name: \"Storage\", targets: [.target(name: \"Storage\")])"
        let files = ["/m/UI/Sources/MidoriUI/V.swift", "/m/ViewModels/Sources/MidoriViewModels/M.swift", "/m/Storage/Sources/Storage/S.swift",
                     "/m/Copy/ViewModels/Sources/MidoriViewModels/M.swift"]
        func loaded(copies: Bool) -> BuildGraphLoader.Loaded {
            var manifests: [BuildGraphLoader.DescriptionInput] = [
                .init(path: "/m/UI/Package.swift", bytes: Array(ui.utf8)),
                .init(path: "/m/ViewModels/Package.swift", bytes: Array(viewModels.utf8)),
                .init(path: "/m/Storage/Package.swift", bytes: Array(storage.utf8)),
            ]
            if copies { manifests.append(.init(path: "/m/Copy/ViewModels/Package.swift", bytes: Array(viewModels.utf8))) }
            return BuildGraphLoader.build(manifests, swiftFiles: copies ? files : Array(files.prefix(3)), configuration: Configuration(),
                                          readFile: { _ in nil }, folderExists: { _ in true })
        }
        let taken = loaded(copies: false)
        let view = taken.graph.modulesOfFile[0]
        #expect(taken.graph.modules[view[0]].dependencies == (taken.graph.modulesOfFile[1] + taken.graph.modulesOfFile[2]).sorted())
        #expect(taken.warnings == [
            "/m/UI/Package.swift: depends on packages at /m/UI/Storage, /m/UI/ViewModels, which the tree does not have; "
                + "taken for the tree's packages of that name (/m/Storage, /m/ViewModels), as Xcode resolves local packages by name",
        ])
        let ambiguous = loaded(copies: true)
        #expect(ambiguous.graph.modules[ambiguous.graph.modulesOfFile[0][0]].dependencies == ambiguous.graph.modulesOfFile[2])
        #expect(ambiguous.warnings == [
            "/m/UI/Package.swift: depends on a package at /m/UI/Storage, which the tree does not have; "
                + "taken for the tree's package of that name (/m/Storage), as Xcode resolves local packages by name",
        ])
    }

    /// SpeziOnboarding's UI-test app: before Xcode 15 a local package dragged into the project
    /// is a folder reference (`lastKnownFileType = wrapper; path = ../..`), and its products are
    /// dependencies without `package`. A folder reference without a `Package.swift` is no package.
    @Test func aDraggedInPackageFolderIsALocalPackage() throws {
        let project = Array("""
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 54; rootObject = P1; objects = {
              P1 = { isa = PBXProject; mainGroup = G1; targets = (T1); };
              G1 = { isa = PBXGroup; children = (F1, F2, F3); sourceTree = "<group>"; };
              F1 = { isa = PBXFileReference; lastKnownFileType = wrapper; name = Kit; path = ../..; sourceTree = "<group>"; };
              F2 = { isa = PBXFileReference; lastKnownFileType = folder; path = Resources; sourceTree = "<group>"; };
              F3 = { isa = PBXFileReference; lastKnownFileType = wrapper.framework; path = Other.framework; sourceTree = "<group>"; };
              T1 = { isa = PBXNativeTarget; name = TestApp; buildPhases = (); packageProductDependencies = (PP1); };
              PP1 = { isa = XCSwiftPackageProductDependency; productName = Kit; };
            }; }
            """.utf8)
        let manifests: Set<String> = ["/repo/Package.swift", "/repo/Tests/UITests/Other.framework/Package.swift"]
        let reader = XcodeProjectReader(path: "/repo/Tests/UITests/UITests.xcodeproj/project.pbxproj",
                                        readFile: { manifests.contains($0) ? Array("// swift-tools-version:5.9".utf8) : nil })
        #expect(try reader.read(project).get().targets[0].dependencies == [.product(name: "Kit", packageRoot: "/repo")])
    }

    @Test func brokenPartsOfAReadableProjectAreSkippedAndSaid() throws {
        let reader = XcodeProjectReader(path: "/p/Broken.xcodeproj/project.pbxproj", readFile: { _ in nil })
        let project = { (targets: String, objects: String) in
            Array("{ rootObject = P; objects = { P = { isa = PBXProject; mainGroup = G; targets = \(targets); buildConfigurationList = L; }; "
                .utf8) + Array("G = { isa = PBXGroup; children = (); sourceTree = \"<group>\"; }; L = { isa = XCConfigurationList; buildConfigurations = (); }; \(objects) }; }".utf8)
        }
        #expect(try reader.read(project("\"x\"", "")).get().problems == ["the project's 'targets' is not a list of object ids"])
        #expect(try reader.read(project("(T)", "T = { isa = 5; name = App; };")).get().problems
                    == ["target App is of an unknown kind ('5'); skipped"])
        #expect(try reader.read(project("(T)", "")).get().problems == ["target T is not an object of the project"])
        #expect(try reader.read(project("(T)", "T = { isa = PBXNativeTarget; name = App; buildConfigurationList = M; };")).get().problems
                    == ["target 'App' has no build configuration list; its deployment target is unknown"])
        #expect(try reader.read(project("(T)", "T = { isa = PBXAggregateTarget; name = Docs; };")).get().problems.isEmpty)
    }

    @Test func aMalformedProjectIsOneClearFailure() {
        let reader = XcodeProjectReader(path: "/p/Broken.xcodeproj/project.pbxproj", readFile: { _ in nil })
        #expect(throws: XcodeProjectReader.Failure.self) { try reader.read(Array("{ objects = { ".utf8)).get() }
        #expect(throws: XcodeProjectReader.Failure.self) { try reader.read([0xFF, 0x00, 0x13]).get() }
        #expect(throws: XcodeProjectReader.Failure.self) { try reader.read(Array("{ rootObject = X; objects = {}; }".utf8)).get() }
    }
}

@Suite struct ModuleResolutionTests {
    /// Analyzes a tree held in memory with its `Package.swift`.
    static func analyze(_ files: [String: String], manifest: String) -> Analysis {
        Analyzer.analyze(swift: files.keys.sorted().map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) },
                         projectFiles: [SourceInput(path: "Package.swift", bytes: Array(manifest.utf8))])
    }

    /// Windscribe: the iOS app and its TV twin each add `static func resolve<S>(_: S.Type) -> S`
    /// to the DI library's `Assembler`. Code in one target calls its own, so
    /// `Assembler.resolve(Router.self)` is a `Router` there; read as one module, two members of
    /// that name leave it unknown.
    @Test func aMemberAddedToALibraryTypeCountsOnlyWhereItIsVisible() {
        let resolver = "import Swinject\nextension Assembler {\n    static func resolve<S>(_ type: S.Type) -> S { fatalError() }\n}\n"
        let files = [
            "Sources/App/Assembler.swift": resolver,
            "Sources/TV/Assembler.swift": resolver,
            "Sources/App/Router.swift": "import SwiftUI\nfinal class Router: ObservableObject { @Published var path: [Int] = [] }\n",
            "Sources/App/Home.swift": "import SwiftUI\nimport Swinject\nstruct Home: View {\n"
                + "    var body: some View { Child().environmentObject(Assembler.resolve(Router.self)) }\n}\n"
                + "struct Child: View {\n    @EnvironmentObject var router: Router\n    var body: some View { Text(\"\\(router.path.count)\") }\n}\n",
        ]
        let twoTargets = Self.analyze(files, manifest: "let package = Package(name: \"P\", targets: [.target(name: \"App\"), .target(name: \"TV\")])")
        #expect(twoTargets.findings.filter(\.isBlocker).isEmpty, "\(twoTargets.findings.filter(\.isBlocker).map(\.message))")
        #expect(twoTargets.units.map(\.verdict) == [.ready])
        let oneModule = Analyzer.analyze(swift: files.keys.sorted().map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) })
        #expect(oneModule.units.map(\.verdict) == [.blocked])
    }

    /// The same for a property the tree adds to a protocol the view adopts: the app and its TV
    /// twin each add `extension View { var appDelegate: AppDelegate }` with their own
    /// `AppDelegate`. A view of the app reads the app's, so `appDelegate.analyzer` is the app's
    /// `Analyzer`; read as one module, two such properties leave it unknown.
    @Test func aPropertyAddedToALibraryProtocolCountsOnlyWhereItIsVisible() {
        func delegate(_ model: String) -> String {
            "import SwiftUI\nimport UIKit\nfinal class AppDelegate: NSObject, UIApplicationDelegate { let analyzer = \(model)() }\n"
                + "extension View {\n    var appDelegate: AppDelegate { UIApplication.shared.delegate as! AppDelegate }\n}\n"
        }
        let files = [
            "Sources/App/Delegate.swift": delegate("Analyzer"),
            "Sources/TV/Delegate.swift": delegate("TVAnalyzer"),
            "Sources/App/Analyzer.swift": "import SwiftUI\nfinal class Analyzer: ObservableObject { @Published var level = 0.0 }\n",
            "Sources/TV/Analyzer.swift": "import SwiftUI\nfinal class TVAnalyzer: ObservableObject { @Published var level = 0.0 }\n",
            "Sources/App/Level.swift": "import SwiftUI\nstruct Host: View {\n"
                + "    var body: some View { Level().environmentObject(appDelegate.analyzer) }\n}\n"
                + "struct Level: View {\n    @EnvironmentObject var analyzer: Analyzer\n    var body: some View { Text(\"\\(analyzer.level)\") }\n}\n",
        ]
        let twoTargets = Self.analyze(files, manifest: "let package = Package(name: \"P\", targets: [.target(name: \"App\"), .target(name: \"TV\")])")
        #expect(twoTargets.findings.filter(\.isBlocker).isEmpty, "\(twoTargets.findings.filter(\.isBlocker).map(\.message))")
        #expect(twoTargets.units.first { $0.name == "Analyzer" }?.verdict == .ready)
        let oneModule = Analyzer.analyze(swift: files.keys.sorted().map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) })
        #expect(oneModule.units.first { $0.name == "Analyzer" }?.verdict == .blocked)
    }

    @Test func aHomonymInAModuleTheSiteDoesNotImportIsAnotherType() {
        let analysis = Self.analyze([
            "Sources/App/Model.swift": "import SwiftUI\nfinal class Session: ObservableObject { @Published var user = \"\" }\n",
            "Sources/App/View.swift": "import SwiftUI\nstruct V: View {\n    @EnvironmentObject var session: Session\n    var body: some View { Text(session.user) }\n}\n",
            "Sources/Kit/Session.swift": "final class Session { var user = \"\" }\n",
            "Sources/Kit/Use.swift": "import SwiftUI\nstruct W: View {\n    @ObservedObject var store: Store\n    let session = Session()\n    var body: some View { Text(session.user) }\n}\nfinal class Store: ObservableObject {}\n",
        ], manifest: "let package = Package(name: \"P\", targets: [.target(name: \"App\"), .target(name: \"Kit\")])")
        let session = analysis.units.first { $0.name == "Session" }
        #expect(session?.verdict == .ready)
        #expect(session?.siteCount == 1)
    }

    @Test func aSiteSeesAnImportedModulesModel() {
        let analysis = Self.analyze([
            "Sources/Core/Cart.swift": "import Combine\npublic final class Cart: ObservableObject { @Published public var count = 0 }\n",
            "Sources/App/View.swift": "import SwiftUI\nimport Core\nstruct V: View {\n    @ObservedObject var cart: Cart\n    var body: some View { Text(\"\\(cart.count)\") }\n}\n",
        ], manifest: "let package = Package(name: \"P\", targets: [.target(name: \"App\", dependencies: [\"Core\"]), .target(name: \"Core\")])")
        #expect(analysis.units.map(\.siteCount) == [1])
    }

    @Test func membersOfExternalTypesAreExternalNotUnknown() {
        let analysis = Self.analyze([
            "Sources/App/View.swift": """
                import SwiftUI
                import Inject
                final class Model: ObservableObject { @Published var x = 0 }
                struct V: View {
                    @ObservedObject private var iO = Inject.observer
                    @ObservedObject var other = Ext.shared.thing
                    @ObservedObject var m: Model
                    var body: some View { Text("\\(m.x)") }
                }
                """,
        ], manifest: "let package = Package(name: \"P\", targets: [.target(name: \"App\")])")
        #expect(analysis.units.map(\.verdict) == [.ready])
        #expect(analysis.findings.filter { $0.ruleID == UnknownType.id }.allSatisfy { $0.isNote })
    }

    /// A library's generic API handed a model may return it: unknown. A member the tree adds to
    /// a library's type is what its declaration says (`Container.model` is a `Model`).
    @Test func anExternalGenericAPIHandedAModelStaysUnknownAndAMemberTheTreeAddsIsTyped() {
        let analysis = Self.analyze([
            "Sources/App/View.swift": """
                import SwiftUI
                final class Model: ObservableObject { @Published var x = 0 }
                extension Container { static var model: Model { Model() } }
                struct V: View {
                    @ObservedObject var a = Resolver.resolve(Model.self)
                    @ObservedObject var b = Container.model
                    var body: some View { Text("\\(a.x)\\(b.x)") }
                }
                """,
        ], manifest: "let package = Package(name: \"P\", targets: [.target(name: \"App\")])")
        #expect(analysis.units.map(\.verdict) == [.blocked])
        let unknown = analysis.findings.filter { $0.ruleID == UnknownType.id && $0.isBlocker }
        #expect(unknown.count == 1)
        #expect(unknown.first?.message.contains("'a'") == true)
    }

    @Test func genericCodeAnyModelMayReachCouplesOnlyTheModelsThatCanMeetIt() {
        // A package of the tree re-declares ObservableObject (OpenCombine does) with public
        // generic code over it; the app's module never imports it.
        let analysis = Self.analyze([
            "Sources/OpenCombine/ObservableObject.swift": "public protocol ObservableObject: AnyObject {}\n"
                + "public func observe<T: ObservableObject>(_ object: T) {}\n",
            "Sources/App/Model.swift": "import Combine\nfinal class Counter: ObservableObject { @Published var count = 0 }\n"
                + "final class Clock: ObservableObject {\n    func tick() { objectWillChange.send() }\n}\n",
        ], manifest: "let package = Package(name: \"P\", targets: [.target(name: \"App\"), .target(name: \"OpenCombine\")])")
        #expect(analysis.units.map { "\($0.name) \($0.verdict)" } == ["Counter ready", "Clock blocked"])
        #expect(!analysis.findings.contains { $0.ruleID == ObservableConstraint.id && !$0.edits.isEmpty })
    }

    @Test func anUnknownSiteBlocksOnlyTheUnitsItsModuleSees() {
        let analysis = Self.analyze([
            "Sources/A/A.swift": "import SwiftUI\nfinal class AModel: ObservableObject {}\nstruct AV: View {\n    @EnvironmentObject var m: AModel\n    var body: some View { Text(\"a\").environmentObject(make()) }\n}\n",
            "Sources/B/B.swift": "import SwiftUI\nfinal class BModel: ObservableObject {}\nstruct BV: View {\n    @EnvironmentObject var m: BModel\n    var body: some View { Text(\"b\") }\n}\n",
        ], manifest: "let package = Package(name: \"P\", targets: [.target(name: \"A\"), .target(name: \"B\")])")
        #expect(analysis.units.map { "\($0.name) \($0.verdict)" } == ["AModel blocked", "BModel ready"])
    }
}

@Suite struct RelevanceScopeTests {
    @Test func importLinesAreReadWithoutLexing() {
        let text = "import SwiftUI\n@testable import App\n  import struct Core.Model\n@_exported import Shared\n// import Nothing\nlet importer = 1\n"
        #expect(RelevanceScope.importedModuleNames(Array(text.utf8)) == ["SwiftUI", "App", "Core", "Shared"])
        #expect(RelevanceScope.importedModuleNames(Array(text.utf8), onlyExported: true) == ["Shared"])
    }

    @Test func aFileSeesItsModulesDependenciesImportsAndReexports() {
        // App imports Kit, which re-exports Core; Other is another app's module.
        let files = ["/r/Sources/App/A.swift", "/r/Sources/Kit/K.swift", "/r/Sources/Core/C.swift", "/o/Sources/Other/O.swift"]
        let contents = ["import Kit\n", "@_exported import Core\n", "", ""].map { Array($0.utf8) }
        let loaded = BuildGraphLoader.build(
            [.init(path: "/r/Package.swift", bytes: Array("let package = Package(name: \"R\", targets: [.target(name: \"App\"), .target(name: \"Kit\"), .target(name: \"Core\")])".utf8)),
             .init(path: "/o/Package.swift", bytes: Array("let package = Package(name: \"O\", targets: [.target(name: \"Other\")])".utf8))],
            swiftFiles: files, configuration: Configuration(), readFile: { _ in nil }, folderExists: { _ in true })
        let scope = RelevanceScope.make(graph: loaded.graph, paths: files, graphPositions: Array(files.indices), exporting: [1]) { contents[$0] }
        #expect(scope != nil, "a tree of several modules has a scope")
        let names = { (modules: Set<Int>?) in Set((modules ?? []).map { loaded.graph.modules[$0].name }) }
        #expect(names(scope?.visibleModules(0)) == ["App", "Kit", "Core"])
        #expect(names(scope?.visibleModules(3)) == ["Other"])
    }
}

/// Xcode builds on a case-insensitive file system: a project naming its folder `Modern` compiles
/// `MODERN` (MiMiNavigator names `Gui` for its `GUI`). Read on Linux, the project's paths match
/// the scanned files ignoring case when nothing matches exactly and one path does.
@Suite struct ProjectPathCaseTests {
    static func graph(files: [String]) throws -> BuildGraph {
        let bytes = Array(try Data(contentsOf: XcodeProjectReaderTests.tree.appendingPathComponent("Mail.xcodeproj/project.pbxproj")))
        return BuildGraphLoader.build([.init(path: "/p/Mail.xcodeproj/project.pbxproj", bytes: bytes)], swiftFiles: files,
                                      configuration: Configuration(), readFile: { _ in nil }, folderExists: { _ in true }).graph
    }

    @Test func aFolderSpelledInAnotherCaseIsStillCompiledWithItsExceptions() throws {
        let files = ["/p/MODERN/Views/Inbox.swift", "/p/MODERN/Legacy/OldScreen.swift", "/p/classic/Preferences.swift",
                     "/p/MODERN/Shared/badge.swift"]
        let graph = try Self.graph(files: files)
        let names = { (file: Int) in graph.modulesOfFile[file].map { graph.modules[$0].targetName } }
        #expect(names(0) == ["Modern"])
        #expect(graph.outsideFiles == [1], "the exception, spelled in the project's case, still takes OldScreen out")
        #expect(names(2) == ["Classic"])
        // A file a target lists by name, in another case: in both targets.
        #expect(Set(names(3)) == ["Modern", "Classic"])
    }

    @Test func anExactMatchWinsAndTwoSpellingsOnDiskAreNotGuessed() throws {
        let pathCase = ProjectPathCase(swiftFiles: ["/p/Modern/A.swift", "/p/MODERN/B.swift", "/p/Other/C.swift"])
        #expect(pathCase.onDisk("/p/Modern") == "/p/Modern")
        #expect(pathCase.onDisk("/p/modern") == "/p/modern", "two folders match ignoring case: neither is chosen")
        #expect(pathCase.onDisk("/p/OTHER/C.swift") == "/p/Other/C.swift")
        #expect(pathCase.onDisk("/p/Missing") == "/p/Missing")
    }
}
