// swift-tools-version:5.9
import PackageDescription

let package = Package(name: "Photos", platforms: [.iOS("17.0")], targets: [.target(name: "Photos")])
