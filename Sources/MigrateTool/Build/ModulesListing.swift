import SourceScan

/// `observation-migrate debug modules`: the build graph as the tool reads it, so a user can see
/// why a file is outside the build or why two homonyms are different types.
enum ModulesListing {
    /// Walks `paths`, reads their build descriptions and prints the graph.
    static func run(paths: [String], output: inout OutputSink) throws -> Int32 {
        let configuration = try ConfigurationLoader.load(explicitPath: nil, paths: paths)
        var walker = TreeWalker()
        walker.excludeGlobs = configuration.exclude
        walker.includeGlobs = configuration.include
        let walk = walker.walk(paths)
        for problem in walk.problems { StandardError.line("observation-migrate: warning: \(problem.description)") }
        let loaded = BuildGraphLoader.load(swiftFiles: walk.swiftFiles, projectFiles: walk.projectFiles, scannedPaths: paths,
                                           configuration: configuration)
        // What `report` and `apply` would say about the manifests and projects, said here too.
        for warning in loaded.warnings { StandardError.line("observation-migrate: warning: \(warning)") }
        output.write(render(loaded, swiftFiles: walk.swiftFiles))
        return walk.swiftFiles.isEmpty && !walk.problems.isEmpty ? 2 : 0
    }

    /// The listing's text.
    static func render(_ loaded: BuildGraphLoader.Loaded, swiftFiles: [String]) -> String {
        let graph = loaded.graph
        var fileCounts = [Int](repeating: 0, count: graph.modules.count)
        for modules in graph.modulesOfFile { for module in modules { fileCounts[module] += 1 } }
        let manifests = graph.descriptions.filter { $0.kind == .package }.count
        let projects = graph.descriptions.count - manifests
        var text = "\(ReportWords.count(graph.modules.count, "module")) from \(ReportWords.count(manifests, "package manifest")) and "
            + "\(ReportWords.count(projects, "Xcode project"))\n"
        for (index, module) in graph.modules.enumerated() {
            var line = "\(module.kind) \(module.targetName)"
            if !module.name.isEmpty, module.name != module.targetName { line += " (module \(module.name))" }
            if module.isTest { line += " [test]" }
            line += ": \(ReportWords.count(fileCounts[index], "Swift file"))"
            if let path = module.descriptionPath { line += ", in \(Analyzer.displayPath(path))" }
            text += line + "\n"
            if !module.dependencies.isEmpty {
                text += "  depends on: " + module.dependencies.map { graph.modules[$0].targetName }.joined(separator: ", ") + "\n"
            }
            if !module.deployments.isEmpty {
                text += "  deployment: " + module.deployments.map { "\($0.platform) \($0.version)" }.joined(separator: ", ") + "\n"
            }
        }
        let outside = graph.outsideFiles.map { swiftFiles[$0] }.filter { PathName.lastComponent($0) != "Package.swift" }
        text += "\(ReportWords.count(outside.count, "Swift file")) in no target\(outside.isEmpty ? "" : ":")\n"
        for path in outside { text += "  \(path)\n" }
        for warning in loaded.warnings { text += "warning: \(warning)\n" }
        return text
    }
}
