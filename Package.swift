// swift-tools-version:6.0
// observation-migrate: moves SwiftUI code from ObservableObject to Observation.
// No package dependencies, by design: only what the toolchain ships.
import PackageDescription

let package = Package(
    name: "observation-migrate",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "observation-migrate", targets: ["MigrateTool"]),
        .library(name: "SourceScan", targets: ["SourceScan"]),
    ],
    targets: [
        // Lexer, structure, whole-tree index, edits: pure values, no file system.
        .target(name: "SourceScan"),
        // The command-line tool: rules, report, apply, lint, file I/O at the edge.
        .executableTarget(name: "MigrateTool", dependencies: ["SourceScan"]),

        // The runtime shim. Linux has Observation but neither Combine nor SwiftUI; these two
        // modules carry Apple's spelling so fixture apps compile unchanged in both styles.
        .target(name: "Combine", path: "Sources/Fixtures/Combine"),
        .target(name: "SwiftUI", dependencies: ["Combine"], path: "Sources/Fixtures/SwiftUI"),
        // The same fixture apps, legacy and migrated; Modern is the tool's own output for Legacy.
        .target(name: "LegacyFixtures", dependencies: ["SwiftUI", "Combine"], path: "Sources/Fixtures/Legacy"),
        .target(name: "ModernFixtures", dependencies: ["SwiftUI", "Combine"], path: "Sources/Fixtures/Modern"),
        // Scripts both styles through the same interactions and compares what a user would see.
        .target(name: "Fixtures", dependencies: ["LegacyFixtures", "ModernFixtures", "SwiftUI"], path: "Sources/Fixtures/Oracle"),

        // TestTrees holds Swift source trees the tests migrate; they are data, not test code.
        .testTarget(name: "MigrateToolTests", dependencies: ["SourceScan", "MigrateTool", "Fixtures"],
                    exclude: ["TestTrees"]),
    ]
)
