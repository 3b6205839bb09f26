import Foundation
import PackagePlugin

/// What both command plugins share: which folders to scan, and running the tool on them.
///
/// The tool runs in the package's root folder, on the package's Swift targets given as paths
/// relative to it, so its diagnostics read `Sources/App/Model.swift:3:7: …` and it finds the
/// package's `.observation-migrate.json` the way it does when run by hand.
enum ToolInvocation {
    /// The folders of the Swift targets named with `--target` (every Swift target when none is
    /// named, tests included: a test that subscribes to a model's publisher belongs to the same
    /// migration unit as the model), plus `Package.swift` for the deployment-target check.
    static func paths(in context: PluginContext, targetNames: [String]) throws -> [String] {
        let package = context.package
        let targets = targetNames.isEmpty ? package.targets : try package.targets(named: targetNames)
        let root = package.directoryURL.standardizedFileURL.path
        var paths: [String] = []
        for target in targets {
            guard let module = target as? SwiftSourceModuleTarget else { continue }
            let directory = module.directoryURL.standardizedFileURL.path
            paths.append(directory.hasPrefix(root + "/") ? String(directory.dropFirst(root.count + 1)) : directory)
        }
        if targetNames.isEmpty { paths.append("Package.swift") }
        return paths
    }

    /// Runs `observation-migrate` with `arguments` in the package's folder and ends the plugin
    /// with the tool's exit code, so `swift package` fails when the tool does (1 for findings,
    /// 2 for a usage, configuration or I/O error; SwiftPM reports either as a failure).
    static func run(_ arguments: [String], in context: PluginContext) throws -> Never {
        // A plugin that depends on an executable target sees it by the target's name.
        let tool = try context.tool(named: "MigrateTool")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        exit(process.terminationStatus)
    }

    /// Splits the plugin's arguments into the tool's (command first) and `--target` names.
    static func split(_ arguments: [String]) -> (toolArguments: [String], targetNames: [String]) {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        return (extractor.remainingArguments, targetNames)
    }
}
