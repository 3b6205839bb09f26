// swift-tools-version:6.0
// The compiler's own parser as a yardstick for observation-migrate's lexer: token boundaries to
// compare against, and parse speed to measure against. A separate package on purpose: the tool
// itself has no package dependencies, and nothing in the root package refers to this one.
import PackageDescription

let package = Package(
    name: "SwiftSyntaxBaseline",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        .executableTarget(
            name: "swift-syntax-baseline",
            dependencies: [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            path: "Sources/SwiftSyntaxBaseline"
        ),
    ]
)
