import SourceScan

/// The edge between the disk and the pipeline: walks the user's paths, reads every file once
/// (POSIX, both cores), rejects what is not text, and hands the rest to the `Analyzer`.
enum TreeLoader {
    /// Whether to print progress on stderr (long runs on a terminal).
    static var showsProgress: Bool { FileSystem.isTerminal(2) }

    /// Loads and analyzes the tree under `paths`.
    static func analyze(paths: [String], configuration: Configuration, extraExcludes: [String] = []) -> Analysis {
        var walker = TreeWalker()
        walker.excludeGlobs = configuration.exclude + extraExcludes
        walker.includeGlobs = configuration.include
        let walk = PhaseTimer.measure("walk") { walker.walk(paths.isEmpty ? ["."] : paths) }
        let progress = showsProgress && walk.swiftFiles.count > 2000
        if progress { StandardError.raw("observation-migrate: reading \(walk.swiftFiles.count) files…\r") }
        let loaded = PhaseTimer.measure("read") { concurrentMap(walk.swiftFiles) { path -> Result<[UInt8], FileProblem> in
            switch FileSystem.read(path) {
            case .failure(let problem):
                return .failure(problem)
            case .success(let bytes):
                if let problem = FileSystem.validateText(bytes, path: Analyzer.displayPath(path)) { return .failure(problem) }
                return .success(bytes)
            }
        } }
        var contents: [[UInt8]] = []
        var paths: [String] = []
        var problems = walk.problems
        for (path, result) in zip(walk.swiftFiles, loaded) {
            switch result {
            case .success(let bytes):
                contents.append(bytes)
                paths.append(path)
            case .failure(let problem):
                problems.append(problem)
            }
        }
        let (readContents, readPaths) = (contents, paths)
        let selection = PhaseTimer.measure("select, lex, structure") {
            RelevanceFilter.select(readContents, paths: readPaths,
                                   alwaysInclude: Set(walk.projectFiles.filter { $0.hasSuffix(".swift") })) { indices in
                concurrentMap(indices) { FileStructure(SourceFile(path: readPaths[$0], bytes: readContents[$0])) }
            }
        }
        let structures = selection.structures
        var unindexed = UnindexedFiles()
        let chosen = Set(selection.indices)
        for index in contents.indices where !chosen.contains(index) {
            unindexed.files += 1
            unindexed.bytes += contents[index].count
            unindexed.lines += LineCounter.count(contents[index])
        }
        var extraProjectFiles: [FileStructure] = []
        for path in walk.projectFiles where !path.hasSuffix(".swift") {
            if case .success(let bytes) = FileSystem.read(path), FileSystem.firstInvalidUTF8Offset(bytes) == nil {
                extraProjectFiles.append(FileStructure(SourceFile(path: path, bytes: bytes)))
            }
        }
        if progress { StandardError.raw("observation-migrate: analyzing…            \r") }
        var analysis = Analyzer.analyze(structures: structures, extraProjectFiles: extraProjectFiles,
                                        packageManifests: walk.projectFiles.filter { $0.hasSuffix(".swift") },
                                        problems: problems, configuration: configuration)
        analysis.unindexed = unindexed
        if progress { StandardError.raw("                                            \r") }
        return analysis
    }

    /// Prints one line per unreadable path; returns the exit code to use when nothing was scanned.
    static func reportProblems(_ analysis: Analysis) -> Int32? {
        for problem in analysis.problems {
            StandardError.line("observation-migrate: \(problem.description)")
        }
        if analysis.files.isEmpty, !analysis.problems.isEmpty { return 2 }
        return nil
    }
}
