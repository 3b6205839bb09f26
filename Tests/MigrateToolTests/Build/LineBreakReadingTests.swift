import SourceScan
import Testing
@testable import MigrateTool

/// The build files and import lines read alike whichever line breaks they use: `\n`, `\r\n`
/// (Windows checkouts) or a lone `\r`. A manifest with `\r` breaks once lost its constants, so
/// every file of its target fell outside the build.
@Suite struct LineBreakReadingTests {
    static let breaks = ["\n", "\r\n", "\r"]

    @Test(arguments: breaks)
    func manifestConstantsEndAtAnyLineBreak(lineBreak: String) {
        let text = ["let iosSdkDir = \"ios\"", "let package = Package(name: \"Parra\", targets: [",
                    "    .target(name: \"Parra\", path: \"\\(iosSdkDir)/Sources/Parra\"),", "])", ""].joined(separator: lineBreak)
        let manifest = PackageManifest(SourceFile(path: "Package.swift", text: text))
        #expect(manifest.targets.map(\.path) == ["ios/Sources/Parra"])
        #expect(manifest.problems.isEmpty)
    }

    @Test(arguments: breaks)
    func xcconfigSettingsAreReadLineByLine(lineBreak: String) {
        let text = ["// Base", "IPHONEOS_DEPLOYMENT_TARGET = 16.4", "SWIFT_VERSION = 5.0", ""].joined(separator: lineBreak)
        let settings = BuildSettings.xcconfig(at: "/p/Base.xcconfig", name: "Debug", readFile: { _ in Array(text.utf8) })
        #expect(settings.values["IPHONEOS_DEPLOYMENT_TARGET"]?.value == "16.4")
        #expect(settings.values["SWIFT_VERSION"]?.value == "5.0")
        #expect(settings.values["IPHONEOS_DEPLOYMENT_TARGET"]?.offset == 7 + lineBreak.utf8.count)
    }

    @Test(arguments: breaks)
    func importLinesEndAtAnyLineBreak(lineBreak: String) {
        let text = ["import SwiftUI", "@_exported import Shared", "let importer = 1", ""].joined(separator: lineBreak)
        #expect(RelevanceScope.importedModuleNames(Array(text.utf8)) == ["SwiftUI", "Shared"])
        #expect(RelevanceScope.importedModuleNames(Array(text.utf8), onlyExported: true) == ["Shared"])
    }

    @Test func linesKeepTheirOffsets() {
        let lines = BuildSettings.lines(of: Array("a\r\nbc\rd\n\ne".utf8))
        #expect(lines.map(\.text) == ["a", "bc", "d", "", "e"])
        #expect(lines.map(\.offset) == [0, 3, 6, 8, 9])
    }
}
