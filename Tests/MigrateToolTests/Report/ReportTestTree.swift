import Foundation
import Testing
@testable import MigrateTool

/// The small tree every report test renders: one unit of each verdict, a site whose type the
/// tree does not declare, and a deployment target below Observation's.
enum ReportTestTree {
    /// `Counter` is ready; `Loader` needs --unsafe-fixes (its init calls a function, so `@State`
    /// re-evaluating `Loader()` on every view init is a behaviour change); `Search` is blocked by a
    /// `$query` pipeline, on a line holding `<` and `&&` so escaping shows.
    static let files: [(String, String)] = [
        ("App/Models.swift", """
            import Combine
            import SwiftUI

            final class Counter: ObservableObject {
                @Published var count = 0
            }

            final class Loader: ObservableObject {
                @Published var items: [String] = []
                init() {
                    start()
                }
                func start() {}
            }

            final class Search: ObservableObject {
                @Published var query = ""
                @Published var results: [String] = []
                private var cancellables = Set<AnyCancellable>()
                init() {
                    $query.filter { $0.count < 40 && !$0.isEmpty }.sink { [weak self] q in self?.results = [q] }.store(in: &cancellables)
                }
                var queryPublisher: String { query }; var queryValuesPublisher: String { query }
            }

            """),
        ("App/Views.swift", """
            import SwiftUI

            struct CounterView: View {
                @ObservedObject var counter: Counter
                var body: some View { Text("\\(counter.count)") }
            }

            struct LoaderView: View {
                @StateObject private var loader = Loader()
                var body: some View { Text("\\(loader.items.count)") }
            }

            struct SearchView: View {
                @StateObject private var search = Search()
                @ObservedObject var other: ThirdParty
                var body: some View { TextField("q", text: $search.query) }
            }

            """),
    ]

    static let packageManifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", platforms: [.iOS(.v16), .macOS(.v14)], targets: [.target(name: "App", path: "App")])

        """

    /// The analysis of the tree, the manifest included as the project file it is.
    static func analysis() -> Analysis {
        let swift = files.map { SourceInput(path: $0.0, bytes: Array($0.1.utf8)) }
            + [SourceInput(path: "Package.swift", bytes: Array(packageManifest.utf8))]
        return Analyzer.analyze(swift: swift, projectFiles: [SourceInput(path: "Package.swift", bytes: Array(packageManifest.utf8))])
    }

    /// The tree as a dictionary for `BinaryRunner.makeTree`.
    static var treeFiles: [String: String] {
        var tree = Dictionary(uniqueKeysWithValues: files)
        tree["Package.swift"] = packageManifest
        return tree
    }

    /// Tests/MigrateToolTests/TestTrees/Report, where the goldens live.
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestTrees/Report")

    /// The repository root, for docs/.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Compares `actual` with the golden file `name`, recording a unified diff on mismatch.
    /// With `UPDATE_GOLDENS=1` in the environment the golden is rewritten instead (then review
    /// the change with git diff before committing it).
    /// `directory` is a folder under TestTrees (Report by default).
    static func expectGolden(_ actual: String, _ name: String, directory: URL = goldenDirectory,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let diff = TextDiff.unified(expected, actual, path: name)
        #expect(actual == expected, "golden \(name) differs (UPDATE_GOLDENS=1 rewrites it):\n\(diff)", sourceLocation: sourceLocation)
    }
}
