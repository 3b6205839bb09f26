// The held-model pair (Sources/Fixtures/*/ManualNotifications/Installer.swift): a holder's sends
// that announced changes made through the model it holds are deleted with that model's unit. The
// screens must match, and only the view reading nothing of the held model may stop re-rendering.

import Fixtures
@testable import LegacyFixtures
@testable import MigrateTool
@testable import ModernFixtures
import SwiftUI
import Testing

extension Equivalence {
    @Suite("Oracle over sends announcing a held model's changes")
    @MainActor
    struct HeldModelSendOracleTests {
        @Test("the migrated installer shows what the legacy one did after every step")
        func screensMatch() {
            let report = Oracle.run(app: LegacyFixtures.InstallerScript.name)
            print(report.summary)
            #expect(report.violations.isEmpty)
        }

        @Test("only the title, which reads nothing of the download, stops re-rendering with it")
        func titleRerendersOnlyWhenRenamed() throws {
            // The last two steps are the feed's, which change the download alone.
            let steps = Array(LegacyFixtures.InstallerScript.make().steps.indices)
            let feed = Array(steps.suffix(2))
            let installerSteps = steps.filter { !feed.contains($0) }
            #expect(try stepsRerendering("InstallerTitle", in: LegacyFixtures.InstallerScript.self) == installerSteps)
            #expect(try stepsRerendering("InstallerTitle", in: ModernFixtures.InstallerScript.self) == [3])
            #expect(try stepsRerendering("InstallerProgress", in: LegacyFixtures.InstallerScript.self) == installerSteps)
            #expect(try stepsRerendering("InstallerProgress", in: ModernFixtures.InstallerScript.self) == installerSteps.filter { $0 != 3 })
        }

        @Test("the feed's send after its helper changed the download goes, and the badge re-renders with each report")
        func feedSendGoes() throws {
            let steps = Array(LegacyFixtures.InstallerScript.make().steps.indices)
            let feed = Array(steps.suffix(2))
            let modern = try String(contentsOf: FixtureTrees().modern.appendingPathComponent("ManualNotifications/Installer.swift"),
                                    encoding: .utf8)
            #expect(modern.contains("self.record(progress: progress, name: name)\n    }"))
            #expect(try stepsRerendering("DownloadBadge", in: LegacyFixtures.InstallerScript.self).filter(feed.contains) == feed)
            #expect(try stepsRerendering("DownloadBadge", in: ModernFixtures.InstallerScript.self).filter(feed.contains) == feed)
        }

        @Test("the installer needs the held model: --type Installer takes DownloadProgress along, --type DownloadProgress goes alone")
        func holderNeedsTheHeldModel() throws {
            let path = "ManualNotifications/Installer.swift"
            let legacy = try String(contentsOf: FixtureTrees().legacy.appendingPathComponent(path), encoding: .utf8)
            let holder = Migrator.migrate(files: [path: legacy], unsafeFixes: true, types: ["Installer"])[path] ?? legacy
            #expect(holder.contains("@Observable final class Installer") && holder.contains("@Observable final class DownloadProgress"))
            let onlyHeld = Migrator.migrate(files: [path: legacy], unsafeFixes: true, types: ["DownloadProgress"])[path] ?? legacy
            #expect(onlyHeld.contains("@Observable final class DownloadProgress"))
            #expect(onlyHeld.contains("final class Installer: ObservableObject"))
            // The installer's own sends go with the held model, and so does the feed's; the view's, after a
            // rename, goes with the installer.
            #expect(onlyHeld.components(separatedBy: "objectWillChange.send()").count == 2,
                    "the sends go with the held model, the holder staying legacy: \(onlyHeld)")
            #expect(onlyHeld.contains("installer.title = \"Editor\"\n                installer.objectWillChange.send()"))
        }
    }
}
