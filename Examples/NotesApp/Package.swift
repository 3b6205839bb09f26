// swift-tools-version:5.9
// An example app for observation-migrate: legacy SwiftUI data flow, to report on and migrate.
// It is never built here (SwiftUI exists on Apple platforms only).
import PackageDescription

let package = Package(
    name: "NotesApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [.executableTarget(name: "NotesApp")]
)
