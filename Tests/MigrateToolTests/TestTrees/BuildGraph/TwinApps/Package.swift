// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Twins",
    platforms: [.iOS(.v17), .watchOS(.v10)],
    targets: [
        .executableTarget(name: "Phone"),
        .executableTarget(name: "Watch"),
    ]
)
