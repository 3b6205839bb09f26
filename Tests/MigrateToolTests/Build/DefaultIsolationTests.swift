// Swift 6.2's default isolation, per module: code the tool adds to a module whose declarations
// are `@MainActor` by default would be isolated too, so rules ask before writing such code.

import Foundation
@testable import MigrateTool
import SourceScan
import Testing

@Suite struct DefaultIsolationTests {
    @Test func aPackageTargetSaysItInItsSwiftSettings() {
        let manifest = PackageManifestTests.read("""
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "App", targets: [
                .target(name: "UI", swiftSettings: [.defaultIsolation(MainActor.self), .enableUpcomingFeature("X")]),
                .target(name: "Core", swiftSettings: [SwiftSetting.defaultIsolation(nil)]),
                .target(name: "Spelled", swiftSettings: [SwiftSetting.defaultIsolation(MainActor.self)]),
                .testTarget(name: "UITests", dependencies: ["UI"]),
            ])
            """)
        #expect(manifest.targets.map(\.name) == ["UI", "Core", "Spelled", "UITests"])
        #expect(manifest.targets.map(\.isMainActorByDefault) == [true, false, true, false])
    }

    @Test func anXcodeTargetSaysItInAnyConfiguration() throws {
        func project(_ appSettings: String, project projectSettings: String = "") -> [UInt8] {
            Array("""
                // !$*UTF8*$!
                { archiveVersion = 1; objectVersion = 77; rootObject = P1; objects = {
                  P1 = { isa = PBXProject; mainGroup = G1; targets = (T1, T2); buildConfigurationList = L1; };
                  G1 = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
                  T1 = { isa = PBXNativeTarget; name = App; buildPhases = (); buildConfigurationList = L2; };
                  T2 = { isa = PBXNativeTarget; name = Kit; buildPhases = (); buildConfigurationList = L3; };
                  L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
                  L2 = { isa = XCConfigurationList; buildConfigurations = (C2, C3); };
                  L3 = { isa = XCConfigurationList; buildConfigurations = (C4); };
                  C1 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { \(projectSettings) }; };
                  C2 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { \(appSettings) }; };
                  C3 = { isa = XCBuildConfiguration; name = Release; buildSettings = { \(appSettings) }; };
                  C4 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated; }; };
                }; }
                """.utf8)
        }
        let reader = XcodeProjectReader(path: "/p/App.xcodeproj/project.pbxproj", readFile: { _ in nil })
        let explicit = try reader.read(project("SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;")).get()
        #expect(explicit.targets.map(\.isMainActorByDefault) == [true, false])
        let quoted = try reader.read(project("SWIFT_DEFAULT_ACTOR_ISOLATION = \"MainActor\";")).get()
        #expect(quoted.targets.map(\.isMainActorByDefault) == [true, false])
        let inherited = try reader.read(project("", project: "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;")).get()
        #expect(inherited.targets[0].isMainActorByDefault, "the project-level setting reaches the target's Debug configuration")
        let off = try reader.read(project("SWIFT_VERSION = 6.0;")).get()
        #expect(off.targets.map(\.isMainActorByDefault) == [false, false])
    }

    /// The observer bridge's helper would be isolated there, and its `onChange` could not re-arm:
    /// it says `nonisolated` in such a module, and only there.
    @Test func theObserverBridgeHelperIsNonisolatedInAMainActorByDefaultModule() throws {
        let tree = try BinaryRunner.makeTree([
            "Package.swift": """
                // swift-tools-version: 6.2
                import PackageDescription
                let package = Package(name: "App", platforms: [.macOS(.v26)], targets: [
                    .target(name: "UI", swiftSettings: [.defaultIsolation(MainActor.self)]),
                    .target(name: "Core"),
                ])
                """,
            "Sources/UI/Watch.swift": Self.observer(model: "Settings", watcher: "UIWatcher", imports: ""),
            "Sources/Core/Watch.swift": Self.observer(model: "Clock", watcher: "CoreWatcher", imports: ""),
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try BinaryRunner.run(["apply", "--unsafe-fixes", "."], in: tree)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let ui = try String(contentsOf: tree.appendingPathComponent("Sources/UI/Watch.swift"), encoding: .utf8)
        let core = try String(contentsOf: tree.appendingPathComponent("Sources/Core/Watch.swift"), encoding: .utf8)
        for text in [ui, core] { #expect(text.contains("token = observationWillChange(of: model) { _ = $0.value }.sink")) }
        #expect(ui.contains("nonisolated fileprivate func observationWillChange<Source: AnyObject>("))
        #expect(ui.contains("nonisolated fileprivate final class ObservationWillChangeTracker<Source: AnyObject>"))
        #expect(!core.contains("nonisolated"))
    }

    static func observer(model: String, watcher: String, imports: String) -> String {
        """
        import Combine
        \(imports)
        final class \(model): ObservableObject {
            @Published var value = 0
        }

        final class \(watcher) {
            let model = \(model)()
            var token: AnyCancellable?
            init() {
                token = model.objectWillChange.sink { print("changed") }
            }
        }

        """
    }
}
