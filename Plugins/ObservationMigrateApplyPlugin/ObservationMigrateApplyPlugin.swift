import PackagePlugin

/// `swift package --allow-writing-to-package-directory observation-migrate-apply [options]`:
/// rewrites the package's Swift targets in place with `observation-migrate apply`. It declares
/// the write permission SwiftPM asks the user to grant; the read-only commands live in the
/// `observation-migrate` plugin so linting never needs that grant.
@main
struct ObservationMigrateApplyPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var (toolArguments, targetNames) = ToolInvocation.split(arguments)
        // `swift package observation-migrate-apply apply …` reads naturally too.
        if toolArguments.first == "apply" { toolArguments.removeFirst() }
        let wantsHelp = toolArguments.contains("--help") || toolArguments.contains("-h")
        let paths = wantsHelp ? [] : try ToolInvocation.paths(in: context, targetNames: targetNames)
        try ToolInvocation.run(["apply"] + toolArguments + paths, in: context)
    }
}
