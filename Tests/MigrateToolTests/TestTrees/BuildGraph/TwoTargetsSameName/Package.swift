// swift-tools-version:5.9
import PackageDescription

// Two targets declare a class named SceneModel: an ObservableObject in App, a plain class in
// Widget. They are different types; only App's migrates, with every one of its sites.
let package = Package(
    name: "Scenes",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        .target(name: "App"),
        .target(name: "Widget"),
    ]
)
