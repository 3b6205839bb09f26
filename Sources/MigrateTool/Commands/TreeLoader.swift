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
        let alwaysInclude = Set(walk.projectFiles.filter { $0.hasSuffix(".swift") })
        let firstLooks = PhaseTimer.measure("read, filter") { BatchReader.map(walk.swiftFiles) { path, result -> FirstLook in
            switch result {
            case .failure(let problem):
                return .failed(problem)
            case .success(let bytes):
                if let problem = FileSystem.validateText(bytes, path: Analyzer.displayPath(path)) { return .failed(problem) }
                if alwaysInclude.contains(path) || RelevanceFilter.mentionsObservation(bytes) { return .kept(Array(bytes)) }
                return .skipped(lines: LineCounter.count(bytes), bytes: bytes.count)
            }
        } }
        var paths: [String] = []
        var contents: [[UInt8]?] = []
        var skippedSizes: [Int: (lines: Int, bytes: Int)] = [:]
        var problems = walk.problems
        for (path, look) in zip(walk.swiftFiles, firstLooks) {
            switch look {
            case .failed(let problem):
                problems.append(problem)
                continue
            case .kept(let bytes):
                contents.append(bytes)
            case .skipped(let lines, let bytes):
                skippedSizes[paths.count] = (lines, bytes)
                contents.append(nil)
            }
            paths.append(path)
        }
        let filePaths = paths
        let selection = PhaseTimer.measure("select, lex, structure") {
            RelevanceFilter.select(firstSelected: contents.map { $0 != nil }, paths: filePaths) { indices in
                let snapshot = contents
                return concurrentMap(indices) { FileStructure(SourceFile(path: filePaths[$0], bytes: snapshot[$0]!)) }
            } mentioningAny: { candidates, names in
                // Read again (from the page cache) only the files not kept the first time.
                let hits = BatchReader.map(candidates.map { filePaths[$0] }) { _, result -> [UInt8]? in
                    guard case .success(let bytes) = result, names.contains(where: { $0.occurs(in: bytes) }) else { return nil }
                    return Array(bytes)
                }
                var found: [Int] = []
                for (candidate, bytes) in zip(candidates, hits) {
                    guard let bytes, FileSystem.firstInvalidUTF8Offset(bytes) == nil, !bytes.contains(0) else { continue }
                    contents[candidate] = bytes
                    found.append(candidate)
                }
                return found
            }
        }
        let structures = selection.structures
        var unindexed = UnindexedFiles()
        let chosen = Set(selection.indices)
        for (index, size) in skippedSizes where !chosen.contains(index) {
            unindexed.files += 1
            unindexed.bytes += size.bytes
            unindexed.lines += size.lines
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

    /// What the first read of a file found: its bytes when the pipeline needs them, else only its size.
    private enum FirstLook: Sendable {
        case kept([UInt8])
        case skipped(lines: Int, bytes: Int)
        case failed(FileProblem)
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
