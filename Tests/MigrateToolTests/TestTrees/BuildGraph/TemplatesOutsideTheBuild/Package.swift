// swift-tools-version:5.9
import PackageDescription

// An Xcode file template lives beside the package; no target compiles it.
let package = Package(
    name: "Templated",
    platforms: [.iOS(.v17)],
    targets: [.target(name: "App")]
)
