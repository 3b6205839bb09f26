/// `observation-migrate report [PATHS…]`: what migrating will take, unit by unit. Changes nothing.
enum ReportCommand: Subcommand {
    static let help = """
        OVERVIEW: What migrating to Observation will take, unit by unit. Changes nothing.

        USAGE: observation-migrate report [options] [PATHS...]

        Scans every .swift file under PATHS (default: the working directory), skipping .build,
        .swiftpm, Pods, Carthage, DerivedData and hidden folders, and reads the deployment target
        from Package.swift and Xcode settings. A migration unit is a model class with its
        subclasses, conformance extensions and every site that refers to it; each gets a verdict:
          ready                 every edit is safe; 'apply' writes it
          needs --unsafe-fixes  an edit may change behaviour; written only with 'apply --unsafe-fixes'
          blocked               a manual blocker; never written (each one listed as path:line:column)

        OPTIONS:
          --format FORMAT     text (default), markdown (a pull-request comment, kept under GitHub's
                              size limit), json (schema version 1, see docs/report-json.md) or
                              html (one self-contained page)
          -o, --output FILE   write the report to FILE (created or replaced atomically) instead of
                              standard output; without --format, a name ending in .json, .md or
                              .html picks the format
          --exclude GLOB      skip matching paths (repeatable)
          --config FILE       configuration file (default: nearest .observation-migrate.json)
          --color WHEN        auto, always or never (default: auto, colour when standard output is a
                              terminal and NO_COLOR is unset); text format only
          --no-color          same as --color never
          -h, --help          show this help

        A path named on the command line that does not exist is an error (exit 2). Files that
        cannot be scanned (unreadable, invalid UTF-8, binary, symbolic link loops, nested past the
        parser's limit) are named on standard error, one warning line each, and listed in the
        report; the rest of the tree is still reported.

        EXIT CODES:
          0  the report was produced
          2  usage, configuration or I/O error, a missing path, or no Swift file could be scanned
        """

    /// The parsed command line.
    struct Invocation: Equatable {
        var format: ReportFormat = .text
        var outputPath: String?
        var color: ReportColorMode = .auto
        var excludes: [String] = []
        var configPath: String?
        var paths: [String] = []
    }

    /// Runs the command; the exit code (0, or 2 when nothing could be scanned). Usage and I/O
    /// errors are thrown, and `CommandLineTool` turns them into one line on stderr and exit 2.
    static func run(_ arguments: [String], output: inout OutputSink) throws -> Int32 {
        var reader = ArgumentReader(arguments)
        let invocation = try parse(&reader)
        // Fail before a long scan, not after it, when the report could not be written anyway.
        if let path = invocation.outputPath, let failure = ReportFile.checkWritable(path) { throw ToolFailure(failure) }
        try TreeLoader.requireExistingPaths(invocation.paths)
        let configuration = try ConfigurationLoader.load(explicitPath: invocation.configPath, paths: invocation.paths)
        let analysis = TreeLoader.analyze(paths: invocation.paths, configuration: configuration, extraExcludes: invocation.excludes)
        if let code = TreeLoader.reportProblems(analysis) { return code }
        // What `apply` will not write (a read-only file, a link leading outside the paths) is a
        // fact of the file system, not of the code: the verdicts stay, and the warnings `apply`
        // gives are given here first.
        _ = WriteTargets(paths: analysis.files.map(\.source.path), roots: invocation.paths,
                         excludeGlobs: configuration.exclude + invocation.excludes, indices: WriteTargets.editedFiles(analysis))
            .warnAboutUnwritable(analysis)

        let options = ReportOptions(color: invocation.format == .text
                                        && invocation.color.resolvedForStandardOutput(writingToFile: invocation.outputPath != nil),
                                    severityOverrides: configuration.severityOverrides)
        let report = PhaseTimer.measure("render") { ReportRenderer.render(analysis, format: invocation.format, options: options) }
        if let path = invocation.outputPath {
            if let failure = ReportFile.write(Array(report.utf8), to: path) { throw ToolFailure(failure) }
        } else {
            output.write(report)
        }
        return 0
    }

    /// Reads the options; a wrong value is a usage error naming the choices.
    static func parse(_ reader: inout ArgumentReader) throws -> Invocation {
        var invocation = Invocation()
        let formatText = try reader.value("--format")
        invocation.outputPath = try reader.value("--output", "-o")
        invocation.color = try ReportColorMode.read(from: &reader)
        invocation.excludes = try reader.values("--exclude")
        invocation.configPath = try reader.value("--config")
        invocation.paths = try reader.finish()

        let names = ReportFormat.allCases.map(\.rawValue)
        if let formatText {
            guard let format = ReportFormat(rawValue: formatText) else {
                if let lint = LintFormat(rawValue: formatText) {
                    throw UsageError("'\(formatText)' is a lint format: observation-migrate lint --format \(lint.rawValue) (report formats: \(names.joined(separator: ", ")))")
                }
                let guess = ConfigurationLoader.closest(to: formatText, among: names).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown format '\(formatText)'\(guess) (formats: \(names.joined(separator: ", ")))")
            }
            invocation.format = format
        } else if let path = invocation.outputPath {
            if let format = ReportFormat.inferred(fromFileName: path) {
                invocation.format = format
            } else if let lint = LintFormat.inferred(fromFileName: path), lint != .json {
                // Text in a file named for another format would break whatever reads it.
                throw UsageError("\(path): a \(lint.rawValue) file is written by observation-migrate lint --format \(lint.rawValue); "
                                 + "report writes \(names.joined(separator: ", ")) (pass --format to choose one)")
            }
        }
        if invocation.outputPath?.isEmpty == true { throw UsageError("--output needs a file name") }
        return invocation
    }
}
