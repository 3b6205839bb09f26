import Foundation
import Testing
@testable import MigrateTool

/// A public model of a library product nothing in the tree uses is API for clients the tool
/// cannot see (`public-library-model`): its unit needs review. A product the tree's own app
/// uses, an internal model and an executable product are not.
@Suite struct PublicLibraryModelTests {
    static let store = "import Combine\npublic final class Store: ObservableObject {\n    @Published public var items: [String] = []\n    public init() {}\n}\n"

    static func manifest(_ products: String, targets: String = ".target(name: \"Kit\")", dependencies: String = "") -> String {
        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", platforms: [.iOS(.v17)], "
            + "products: [\(products)], dependencies: [\(dependencies)], targets: [\(targets)])\n"
    }

    /// Each unit's verdict and its `public-library-model` messages, for the tree of `files`.
    static func verdicts(_ files: [(name: String, code: String)]) throws -> (verdicts: [String: Verdict], messages: [String]) {
        let tree = try BinaryRunner.makeTree(Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.code) }))
        defer { try? FileManager.default.removeItem(at: tree) }
        let analysis = TreeLoader.analyze(paths: [tree.path], configuration: Configuration())
        return (Dictionary(uniqueKeysWithValues: analysis.units.map { ($0.name, $0.verdict) }),
                analysis.findings.filter { $0.ruleID == PublicLibraryModel.id }.map(\.message))
    }

    @Test func aPublicModelOfALibraryNothingUsesNeedsReview() throws {
        let result = try Self.verdicts([("Package.swift", Self.manifest(".library(name: \"Kit\", targets: [\"Kit\"])")),
                                        ("Sources/Kit/Store.swift", Self.store)])
        #expect(result.verdicts == ["Store": .needsUnsafeFixes])
        let manifest = try #require(result.messages.first?.firstMatch(of: /\(([^)]*Package\.swift)\)/)?.1)
        #expect(manifest.hasSuffix("/Package.swift"))
        #expect(result.messages == ["'Store' is public in 'Kit', a library product (\(manifest)) that nothing in the scanned tree "
                                    + "uses: clients outside it that hold it as an ObservableObject (@StateObject, @ObservedObject, "
                                    + ".environmentObject, its $ publishers) stop compiling once it is @Observable"])
    }

    @Test(arguments: [
        // Internal: no other module can name it.
        ("library", Self.store.replacingOccurrences(of: "public final class", with: "final class")),
        // Nested in an internal type.
        ("library", "import Combine\nenum Space {\n    public final class Store: ObservableObject {\n        @Published public var items: [String] = []\n    }\n}\n"),
        // An executable's model is no API.
        ("executable", Self.store),
    ])
    func aModelNoClientOutsideCanNameIsReady(product: String, code: String) throws {
        let result = try Self.verdicts([("Package.swift", Self.manifest(".\(product)(name: \"Kit\", targets: [\"Kit\"])")),
                                        ("Sources/Kit/Store.swift", code)])
        #expect(result.verdicts.values.allSatisfy { $0 == .ready }, "\(result)")
        #expect(result.messages.isEmpty)
    }

    @Test func aLibraryTheTreesAppUsesIsTheAppsOwnCode() throws {
        let app = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v17)], "
            + "dependencies: [.package(path: \"../Kit\")], targets: [.executableTarget(name: \"App\", dependencies: [.product(name: \"Kit\", package: \"Kit\")])])\n"
        let view = "import Kit\nimport SwiftUI\nstruct Root: View {\n    @StateObject var store = Store()\n    var body: some View { Text(\"\\(store.items.count)\") }\n}\n"
        let result = try Self.verdicts([("Kit/Package.swift", Self.manifest(".library(name: \"Kit\", targets: [\"Kit\"])")),
                                        ("Kit/Sources/Kit/Store.swift", Self.store),
                                        ("App/Package.swift", app), ("App/Sources/App/Root.swift", view)])
        #expect(result.verdicts == ["Store": .ready], "\(result)")
        #expect(result.messages.isEmpty)
    }

    /// An app built as a package: its executable target uses one library, which uses another;
    /// the whole package is the app's code. An import from another package counts as well,
    /// where the dependency could not be resolved (the project is not in the tree).
    @Test func aPackageWithAClientInTheTreeIsTheAppsCode() throws {
        let products = ".library(name: \"Kit\", targets: [\"Kit\"]), .library(name: \"Core\", targets: [\"Core\"]), .executable(name: \"App\", targets: [\"App\"])"
        let targets = ".target(name: \"Core\"), .target(name: \"Kit\", dependencies: [\"Core\"]), .executableTarget(name: \"App\", dependencies: [\"Kit\"])"
        let result = try Self.verdicts([("Package.swift", Self.manifest(products, targets: targets)),
                                        ("Sources/Core/Store.swift", Self.store),
                                        ("Sources/Kit/Other.swift", Self.store.replacingOccurrences(of: "Store", with: "Other")),
                                        ("Sources/App/main.swift", "import Kit\nprint(1)\n")])
        #expect(result.verdicts == ["Store": .ready, "Other": .ready], "\(result)")
        let imported = try Self.verdicts([("Kit/Package.swift", Self.manifest(".library(name: \"Kit\", targets: [\"Kit\"])")),
                                          ("Kit/Sources/Kit/Store.swift", Self.store),
                                          ("App/Root.swift", "import Kit\nimport SwiftUI\nstruct Root: View {\n    @StateObject var store = Store()\n    var body: some View { Text(\"\\(store.items.count)\") }\n}\n")])
        #expect(imported.verdicts == ["Store": .ready], "\(imported)")
    }

    @Test func aPackagesOwnTestsAreNoClient() throws {
        let targets = ".target(name: \"Kit\"), .testTarget(name: \"KitTests\", dependencies: [\"Kit\"])"
        let result = try Self.verdicts([("Package.swift", Self.manifest(".library(name: \"Kit\", targets: [\"Kit\"])", targets: targets)),
                                        ("Sources/Kit/Store.swift", Self.store),
                                        ("Tests/KitTests/StoreTests.swift", "import Kit\nfunc check() { _ = Store().items }\n")])
        #expect(result.verdicts == ["Store": .needsUnsafeFixes], "\(result)")
    }
}
