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
        .plugin(name: "ObservationMigratePlugin", targets: ["ObservationMigratePlugin"]),
        .plugin(name: "ObservationMigrateApplyPlugin", targets: ["ObservationMigrateApplyPlugin"]),
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

        // `swift package observation-migrate lint|report` runs the tool on a package's targets;
        // rewriting is a second command because a declared write permission would apply to
        // linting too, and SwiftPM refuses it without a flag when no terminal can ask.
        .plugin(name: "ObservationMigratePlugin",
                capability: .command(intent: .custom(verb: "observation-migrate",
                                                     description: "Lint or report legacy ObservableObject data flow in this package")),
                dependencies: ["MigrateTool"]),
        .plugin(name: "ObservationMigrateApplyPlugin",
                capability: .command(intent: .custom(verb: "observation-migrate-apply",
                                                     description: "Rewrite this package from ObservableObject to Observation"),
                                     permissions: [.writeToPackageDirectory(reason: "observation-migrate apply rewrites the package's Swift sources in place")]),
                dependencies: ["MigrateTool"]),

        // TestTrees holds Swift source trees the tests migrate; they are data, not test code.
        .testTarget(name: "MigrateToolTests", dependencies: ["SourceScan", "MigrateTool", "Fixtures"],
                    exclude: ["TestTrees"]),
    ]
)
