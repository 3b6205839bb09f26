import SourceScan

/// `observation-migrate lint [PATHS…]`: one diagnostic per finding, for CI.
enum LintCommand {
    static let help = """
        USAGE: observation-migrate lint [--strict] [--exclude GLOB]... [PATHS...]
        """

    static func run(_ arguments: [String], output: inout OutputSink) throws -> Int32 {
        var reader = ArgumentReader(arguments)
        if reader.flag("--help", "-h") {
            output.write(help + "\n")
            return 0
        }
        let strict = reader.flag("--strict")
        let excludes = try reader.values("--exclude")
        let configuration = try ConfigurationLoader.load(explicitPath: try reader.value("--config"))
        let paths = try reader.finish()
        let analysis = TreeLoader.analyze(paths: paths, configuration: configuration, extraExcludes: excludes)
        if let code = TreeLoader.reportProblems(analysis) { return code }
        var failing = false
        for finding in analysis.findings {
            var severity = configuration.severity(of: finding.ruleID)
            if strict, severity == .warning { severity = .error }
            if severity == .error { failing = true }
            output.write("\(analysis.location(finding).description): \(severity.rawValue): \(finding.message) (\(finding.ruleID))\n")
        }
        return failing || (strict && !analysis.findings.isEmpty) ? 1 : 0
    }
}
