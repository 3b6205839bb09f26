import PackagePlugin

/// `swift package observation-migrate lint|report|rules|apply --dry-run [options] [--target NAME]...`: runs the
/// tool on the package's Swift targets without write access, so CI needs no extra flag.
/// Rewriting is the separate `observation-migrate-apply` command, which declares the write
/// permission; one plugin declaring it would make every `lint` ask for that permission too.
@main
struct ObservationMigratePlugin: CommandPlugin {
    static let usage = """
        USAGE: swift package observation-migrate <lint|report|rules> [options] [--target NAME]...
               swift package observation-migrate apply --dry-run [options] [--target NAME]...

        Runs observation-migrate on the package's Swift targets (or those named with --target).
        Options are the tool's own: see 'swift package observation-migrate lint --help'.
        'apply --dry-run' prints the diff apply would write, and writes nothing.
        To rewrite the package: swift package --allow-writing-to-package-directory observation-migrate-apply
        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (toolArguments, targetNames) = ToolInvocation.split(arguments)
        guard let command = toolArguments.first, !["-h", "--help", "help"].contains(command) else {
            print(Self.usage)
            return
        }
        switch command {
        case "lint", "report":
            // `--help` prints the tool's help; scanning paths would be wasted work.
            let wantsHelp = toolArguments.contains("--help") || toolArguments.contains("-h")
            let paths = wantsHelp ? [] : try ToolInvocation.paths(in: context, targetNames: targetNames)
            try ToolInvocation.run(toolArguments + paths, in: context)
        case "apply" where toolArguments.contains("--dry-run") || toolArguments.contains("--diff"):
            // A dry run writes nothing, so it needs no permission.
            try ToolInvocation.run(toolArguments + ToolInvocation.paths(in: context, targetNames: targetNames), in: context)
        case "apply":
            Diagnostics.error("apply rewrites files; run it as "
                              + "'swift package --allow-writing-to-package-directory observation-migrate-apply', "
                              + "or add --dry-run to see the diff")
            throw PluginUsageError()
        case "rules", "--version":
            try ToolInvocation.run(toolArguments, in: context)
        default:
            Diagnostics.error("unknown command '\(command)'\n\(Self.usage)")
            throw PluginUsageError()
        }
    }
}

/// Ends the plugin after a usage error it has already reported as a diagnostic.
struct PluginUsageError: Error, CustomStringConvertible {
    var description: String { "see 'swift package observation-migrate --help'" }
}
