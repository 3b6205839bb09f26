import SourceScan

/// `observation-migrate lint [PATHS…]`: one diagnostic per finding, for CI and editors.
///
/// The run is: read the configuration, check the paths, analyze, optionally record or subtract
/// a baseline, render in the chosen format, and turn the findings' severities into an exit code.
enum LintCommand: Subcommand {
    static let help = """
        OVERVIEW: Reports legacy data flow (ObservableObject, @Published, @StateObject…) as diagnostics.

        USAGE: observation-migrate lint [options] [PATHS...]

        Scans PATHS (default: the working directory) and prints one diagnostic per finding:
        path:line:column: warning|error|note: message (rule-id). Each rule's severity comes from
        its documentation ('observation-migrate rules') or the configuration's "severity" key.
        Silence one finding with a comment: // observation-migrate:disable:next rule-id

        OPTIONS:
          --format FORMAT          xcode (default), json, github, sarif, checkstyle, junit, summary
          -o, --output FILE        write the report to FILE (replaced whole) instead of stdout
          --strict                 report warnings as errors
          --baseline FILE          report only findings that FILE does not record
          --write-baseline FILE    record every current finding in FILE, report nothing, exit 0
          --config FILE            configuration file (default: nearest .observation-migrate.json)
          --exclude GLOB           skip matching paths (repeatable)
          --allow-no-swift-files   exit 0 when PATHS hold no Swift file (default: an error)
          --color WHEN             auto, always or never (default: auto, colour when standard output
                                   is a terminal and NO_COLOR is unset); xcode format only
          --no-color               same as --color never
          -h, --help               show this help

        Files that cannot be scanned (unreadable, invalid UTF-8, binary, symbolic link loops,
        nested past the parser's limit) are named on standard error, one warning line each, and
        do not change the exit code while any Swift file was scanned.

        EXIT CODES:
          0  no finding at error level (notes never fail; with --strict, no warning either)
          1  at least one finding at error level (with --strict, at least one warning)
          2  usage, configuration or I/O error: a missing path, an invalid configuration or
             baseline, no Swift file under PATHS (unless --allow-no-swift-files), or none readable
        """

    static func run(_ arguments: [String], output: inout OutputSink) throws -> Int32 {
        var reader = ArgumentReader(arguments)
        var options = LintOptions()
        options.strict = reader.flag("--strict")
        let formatName = try reader.value("--format")
        let outputPath = try reader.value("--output", "-o")
        let color = try ReportColorMode.read(from: &reader)
        let allowNoSwiftFiles = reader.flag("--allow-no-swift-files")
        let baselinePath = try reader.value("--baseline")
        let writeBaselinePath = try reader.value("--write-baseline")
        let excludes = try reader.values("--exclude")
        let configurationPath = try reader.value("--config")
        let paths = try reader.finish()
        let format = try resolveFormat(formatName, outputPath: outputPath)
        if writeBaselinePath != nil, outputPath != nil || formatName != nil {
            // Recording a baseline writes the baseline and nothing else: a report asked for too
            // would silently not appear.
            throw UsageError("--write-baseline writes only the baseline; drop \(outputPath != nil ? "--output" : "--format"), "
                             + "or run lint again with --baseline to report")
        }

        try TreeLoader.requireExistingPaths(paths)
        options.configuration = try ConfigurationLoader.load(explicitPath: configurationPath, paths: paths)
        options.workingDirectory = FileSystem.currentDirectory()
        // A baseline that cannot be read must fail before a long analysis, not after it.
        let baseline = try baselinePath.map { try readBaseline($0) }
        options.color = format == .xcode && color.resolvedForStandardOutput(writingToFile: outputPath != nil)

        let analysis = TreeLoader.analyze(paths: paths, configuration: options.configuration, extraExcludes: excludes)
        if let code = TreeLoader.reportProblems(analysis) { return code }
        // A CI job pointed at the wrong folder must not pass for having found nothing.
        if analysis.sourceFileCount == 0, !allowNoSwiftFiles {
            let place = paths.isEmpty ? "the working directory" : paths.joined(separator: ", ")
            throw ToolFailure("no Swift file found in \(place) (pass --allow-no-swift-files if that is expected)")
        }

        if let writeBaselinePath {
            let recorded = Baseline(recording: analysis, directory: baselineDirectory(writeBaselinePath),
                                    workingDirectory: options.workingDirectory)
            try OutputFile.write(recorded.encoded(), to: writeBaselinePath)
            StandardError.line("observation-migrate: recorded \(ReportWords.count(recorded.entries.count, "finding")) in \(writeBaselinePath)")
            return 0
        }
        var reported = analysis
        if let baseline, let baselinePath {
            reported = baseline.filter(analysis, directory: baselineDirectory(baselinePath), workingDirectory: options.workingDirectory)
                .analysis
        }
        let text = format.render(reported, options)
        if let outputPath {
            try OutputFile.write(text, to: outputPath)
        } else {
            output.write(text)
        }
        return options.fails(reported) ? 1 : 0
    }

    /// The format named by `--format`, else the one `--output`'s extension implies, else `xcode`.
    static func resolveFormat(_ name: String?, outputPath: String?) throws -> LintFormat {
        if let name {
            if let format = LintFormat(rawValue: name) { return format }
            let names = LintFormat.allCases.map(\.rawValue)
            let guess = ConfigurationLoader.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown format '\(name)'\(guess) (formats: \(names.joined(separator: ", ")))")
        }
        return outputPath.flatMap(LintFormat.inferred(fromFileName:)) ?? .xcode
    }

    /// Reads and parses `--baseline FILE`.
    static func readBaseline(_ path: String) throws -> Baseline {
        switch FileSystem.read(path) {
        case .success(let bytes): return try Baseline.decode(bytes, path: path)
        case .failure(.notFound): throw ToolFailure("\(path): baseline file not found (create it with --write-baseline \(path))")
        case .failure(let problem): throw ToolFailure(problem.description)
        }
    }

    /// The absolute folder a baseline's paths are relative to.
    static func baselineDirectory(_ path: String) -> String {
        PathArithmetic.resolved(PathArithmetic.directory(of: path))
    }
}
