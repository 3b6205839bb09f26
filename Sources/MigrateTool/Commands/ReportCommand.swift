import SourceScan

/// `observation-migrate report [PATHS…]`: what migrating will take, unit by unit.
enum ReportCommand {
    static let help = """
        USAGE: observation-migrate report [--format text|markdown|json|html] [--output FILE] [--exclude GLOB]... [PATHS...]
        """

    static func run(_ arguments: [String], output: inout OutputSink) throws -> Int32 {
        var reader = ArgumentReader(arguments)
        if reader.flag("--help", "-h") {
            output.write(help + "\n")
            return 0
        }
        let excludes = try reader.values("--exclude")
        let configuration = try ConfigurationLoader.load(explicitPath: try reader.value("--config"))
        let paths = try reader.finish()
        let analysis = TreeLoader.analyze(paths: paths, configuration: configuration, extraExcludes: excludes)
        if let code = TreeLoader.reportProblems(analysis) { return code }
        for unit in analysis.units {
            output.write("\(unit.name)  \(unit.declaredAt.description)  \(unit.verdict.rawValue)\n")
            for position in unit.findings {
                let finding = analysis.findings[position]
                output.write("  \(analysis.location(finding).description): [\(finding.ruleID)] \(finding.message)\n")
            }
        }
        return 0
    }
}
