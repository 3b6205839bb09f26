#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SourceScan

/// The edge between the disk and the pipeline: walks the user's paths, reads every file (POSIX,
/// both cores; a file the relevance filter skips is read again by a search round rather than
/// kept), rejects what is not text, and hands the rest to the `Analyzer`.
enum TreeLoader {
    /// Whether to print progress on stderr (long runs on a terminal).
    static var showsProgress: Bool { FileSystem.isTerminal(2) }

    /// Loads and analyzes the tree under `paths`.
    static func analyze(paths: [String], configuration: Configuration, extraExcludes: [String] = []) -> Analysis {
        let scannedPaths = paths.isEmpty ? ["."] : paths
        var walker = TreeWalker()
        walker.excludeGlobs = configuration.exclude + extraExcludes
        walker.includeGlobs = configuration.include
        var walk = PhaseTimer.measure("walk") { walker.walk(paths.isEmpty ? ["."] : paths) }
        // The build decides which module compiles each file; a file no target compiles is
        // outside the build: listed, never read further, never part of a unit.
        let build = PhaseTimer.measure("build graph") {
            BuildGraphLoader.load(swiftFiles: walk.swiftFiles, projectFiles: walk.projectFiles, scannedPaths: paths,
                                  configuration: configuration)
        }
        let manifests = Set(walk.projectFiles.filter { $0.hasSuffix(".swift") })
        var outsideBuild: [String] = []
        // Each file's position in the graph (the walk's order), kept beside it as files are
        // taken out or added, so that nothing looks a path up again.
        var graphPositions: [Int?] = Array(walk.swiftFiles.indices)
        if !build.graph.outsideFiles.isEmpty {
            let outside = Set(build.graph.outsideFiles.filter { !manifests.contains(walk.swiftFiles[$0]) })
            outsideBuild = outside.sorted().map { walk.swiftFiles[$0] }
            let kept = walk.swiftFiles.indices.filter { !outside.contains($0) }
            walk.swiftFiles = kept.map { walk.swiftFiles[$0] }
            graphPositions = kept
        }
        // Descriptions found above a file named alone carry deployment targets too.
        let known = Set(walk.projectFiles.map { PathName.absolute($0, in: FileSystem.currentDirectory()) })
        for description in build.graph.descriptions where !known.contains(description.path) {
            walk.projectFiles.append(Analyzer.displayPath(description.path))
            if description.kind == .package {
                walk.swiftFiles.append(Analyzer.displayPath(description.path))
                graphPositions.append(nil)
            }
        }
        // A configured deployment target is reported where the configuration file says it.
        if !configuration.deploymentTarget.isEmpty, let source = configuration.source,
           !known.contains(PathName.absolute(source, in: FileSystem.currentDirectory())) {
            walk.projectFiles.append(source)
        }
        let progress = showsProgress && walk.swiftFiles.count > 2000
        if progress { StandardError.raw("observation-migrate: reading \(walk.swiftFiles.count) files…\r") }
        let alwaysInclude = Set(walk.projectFiles.filter { $0.hasSuffix(".swift") })
        // In a tree of several modules the relevance scope needs the modules' re-exports: the
        // files that may hold an `@_exported import` are noted while their bytes are at hand.
        let exported = build.graph.isTrivial ? nil : BytePatterns(["@_exported"])
        // The filter must not change what the tool concludes: with this switch every file is
        // structured, so that a run can be compared with a filtered one (`corpus.py filtercheck`).
        // `private` written by `environmentAccess` or `stateAccess` must see every spelling of a
        // property's name, in files that mention no model as much as in those that do.
        let readsAll = getenv("OBSERVATION_MIGRATE_READ_ALL") != nil || !configuration.ruleOptions.narrowedWrappers.isEmpty
        let firstLooks = PhaseTimer.measure("read, filter") {
            BatchReader.map(walk.swiftFiles) { path, result -> FirstLook in
                switch result {
                case .failure(let problem):
                    return .failed(problem)
                case .success(let bytes):
                    let lines: Int
                    switch FileSystem.inspectText(bytes, path: Analyzer.displayPath(path)) {
                    case .failure(let problem): return .failed(problem)
                    case .success(let count): lines = count
                    }
                    let exports = exported?.occurs(in: bytes) ?? false
                    // A file re-exporting a module (`@_exported import AppLibrary` in its own file)
                    // makes it visible to every file of its module: the index reads the re-exports
                    // from structured files, so it is structured whatever it mentions.
                    if readsAll || alwaysInclude.contains(path) || exports || RelevanceFilter.mentionsObservation(bytes) {
                        return .selected(Array(bytes), exports: exports)
                    }
                    // No copy of a skipped file is kept: reading it again in a search round costs
                    // about what copying it costs, and a large tree's copies would double the
                    // memory its structures need.
                    return .skipped(lines: lines, bytes: bytes.count, exports: exports, declares: DeclaredTypeNames.scan(bytes))
                }
            }
        }
        var paths: [String] = []
        var pathPositions: [Int?] = []
        var contents: [[UInt8]?] = []
        var firstSelected: [Bool] = []
        var skippedSizes: [Int: (lines: Int, bytes: Int)] = [:]
        var skippedDeclarations: [Int: DeclaredTypeNames.Found] = [:]
        var exporting: [Int] = []
        var problems = walk.problems
        var failed: [(path: String, problem: FileProblem)] = []
        for (position, look) in firstLooks.enumerated() {
            switch look {
            case .failed(let problem):
                problems.append(problem)
                failed.append((walk.swiftFiles[position], problem))
                continue
            case .selected(let bytes, let exports):
                if exports { exporting.append(paths.count) }
                contents.append(bytes)
                firstSelected.append(true)
            case .skipped(let lines, let size, let exports, let declares):
                if exports { exporting.append(paths.count) }
                skippedSizes[paths.count] = (lines, size)
                if declares != DeclaredTypeNames.Found() { skippedDeclarations[paths.count] = declares }
                contents.append(nil)
                firstSelected.append(false)
            }
            paths.append(walk.swiftFiles[position])
            pathPositions.append(graphPositions[position])
        }
        let filePaths = paths
        // In a tree of several modules, a model name is followed only where its module is seen.
        let scope = RelevanceScope.make(graph: build.graph, paths: filePaths, graphPositions: pathPositions, exporting: exporting) { contents[$0] }
        var declaringFiles: [String: [Int]] = [:]
        var extendingFiles: [String: [Int]] = [:]
        var functionFiles: [String: [Int]] = [:]
        for (index, names) in skippedDeclarations {
            for name in names.declared { declaringFiles[name, default: []].append(index) }
            for name in names.extended { extendingFiles[name, default: []].append(index) }
            for name in names.topLevelFunctions { functionFiles[name, default: []].append(index) }
        }
        let selection = PhaseTimer.measure("select, lex, structure") {
            RelevanceFilter.select(firstSelected: firstSelected, paths: filePaths, scope: scope,
                                   declaringFiles: declaringFiles, extendingFiles: extendingFiles,
                                   functionFiles: functionFiles) { indices in
                let snapshot = contents
                return concurrentMap(indices) { FileStructure(SourceFile(path: filePaths[$0], bytes: snapshot[$0]!)) }
            } mentioningAny: { candidates, names in
                let snapshot = contents
                let inMemory = candidates.filter { snapshot[$0] != nil }
                let memoryHits = concurrentMap(inMemory) { candidate in
                    names.contains { $0.occurs(in: snapshot[candidate]!) } ? candidate : nil
                }.compactMap { $0 }
                // Skipped files are read again (from the page cache); a match is kept to be structured.
                let onDisk = candidates.filter { snapshot[$0] == nil }
                let diskHits = BatchReader.map(onDisk.map { filePaths[$0] }) { _, result -> [UInt8]? in
                    guard case .success(let bytes) = result, names.contains(where: { $0.occurs(in: bytes) }) else { return nil }
                    return Array(bytes)
                }
                var found = memoryHits
                for (candidate, bytes) in zip(onDisk, diskHits) {
                    // The file may have changed since it was validated.
                    guard let bytes, case .success = bytes.withUnsafeBytes({ FileSystem.inspectText($0, path: "") }) else { continue }
                    contents[candidate] = bytes
                    found.append(candidate)
                }
                return found.sorted()
            }
        }
        contents = []
        let structures = selection.structures
        var unindexed = UnindexedFiles()
        let chosen = Set(selection.indices)
        for (index, size) in skippedSizes where !chosen.contains(index) {
            unindexed.files += 1
            unindexed.bytes += size.bytes
            unindexed.lines += size.lines
        }
        // Types declared in files left unstructured: the tree's, though the index cannot see them.
        var declaredOutside = Set<String>()
        for (index, names) in skippedDeclarations where !chosen.contains(index) { declaredOutside.formUnion(names.declared) }
        var extraProjectFiles: [FileStructure] = []
        // Tuist manifests and helpers that set a deployment target (and XcodeGen specs, project
        // files like the others) are read for the report to point at the line, not indexed: Tuist compiles them apart from the app (their types,
        // `enum Module`, `extension Project`, are no app type's homonyms). One the filter chose
        // (it holds a suppression comment, say) is already there.
        var tuistFiles = Set<String>()
        if !build.graph.folderDeployments.isEmpty {
            let directory = FileSystem.currentDirectory()
            let structured = Set(structures.map { PathName.absolute($0.source.path, in: directory) })
            tuistFiles = Set(build.graph.folderDeployments.values.flatMap { $0.map(\.path) }
                .filter { !structured.contains($0) && $0.hasSuffix(".swift") }.map(Analyzer.displayPath))
        }
        for path in walk.projectFiles.filter({ !$0.hasSuffix(".swift") }) + tuistFiles.sorted() {
            if case .success(let bytes) = FileSystem.read(path), FileSystem.firstInvalidUTF8Offset(bytes) == nil {
                extraProjectFiles.append(FileStructure(SourceFile(path: path, bytes: bytes)))
            }
        }
        if progress { StandardError.raw("observation-migrate: analyzing…            \r") }
        // Types declared in files no target compiles: a wrapper holding one is told where it is.
        var declaredOutsideBuild: [String: String] = [:]
        let outsideDeclarations = PhaseTimer.measure("outside-build names") {
            BatchReader.map(outsideBuild) { _, result -> [String] in
                guard case .success(let bytes) = result else { return [] }
                return DeclaredTypeNames.scan(bytes).declared
            }
        }
        for (path, names) in zip(outsideBuild, outsideDeclarations) {
            for name in names where declaredOutsideBuild[name] == nil { declaredOutsideBuild[name] = Analyzer.displayPath(path) }
        }
        // Files compiled with the scanned ones that this run does not read: their units wait.
        let unscanned = PhaseTimer.measure("unscanned files") {
            UnscannedFileFinder.find(failed: failed, walkProblems: walk.problems, graph: build.graph, outside: Set(outsideBuild),
                                     paths: scannedPaths,
                                     filtered: !walker.excludeGlobs.isEmpty || !walker.includeGlobs.isEmpty)
        }
        var analysis = Analyzer.analyze(structures: structures, extraProjectFiles: extraProjectFiles,
                                        problems: problems, configuration: configuration, build: build.graph,
                                        typesDeclaredOutside: declaredOutside, declaredOutsideBuild: declaredOutsideBuild,
                                        unscanned: unscanned)
        analysis.unindexed = unindexed
        analysis.outsideBuild = outsideBuild
        analysis.configurationPath = configuration.sourcePath
        analysis.buildWarnings = build.warnings
        // A typo in `--exclude` would otherwise scan what the user meant to leave out, silently.
        let firstCommandLineGlob = configuration.exclude.count
        let globs = configuration.exclude + extraExcludes
        for (offset, glob) in extraExcludes.enumerated() where !walk.excludeMatters(firstCommandLineGlob + offset, globs: globs) {
            analysis.buildWarnings.append("--exclude '\(glob)' matched nothing under the paths given (globs match paths as given, "
                + "relative to the working directory, and bare file and folder names)")
        }
        if progress { StandardError.raw("                                            \r") }
        return analysis
    }

    /// What the first read of a file found: its bytes when the pipeline needs them, else its size,
    /// whether it may re-export a module and the names of the types it declares and extends.
    private enum FirstLook: Sendable {
        case selected([UInt8], exports: Bool)
        case skipped(lines: Int, bytes: Int, exports: Bool, declares: DeclaredTypeNames.Found)
        case failed(FileProblem)
    }

    /// Fails when a path named on the command line does not exist: a typo in a CI script or a
    /// command must not quietly scan less. Every command checks this before reading anything.
    static func requireExistingPaths(_ paths: [String]) throws {
        for path in paths {
            var status = stat()
            if stat(path, &status) != 0 { throw ToolFailure(FileSystem.problem(path, errno).description) }
        }
    }

    /// Prints one warning line per path that could not be scanned; returns exit code 2 when
    /// nothing could be scanned (every Swift file failed), nil when the run goes on.
    static func reportProblems(_ analysis: Analysis) -> Int32? {
        for problem in analysis.problems {
            StandardError.line("observation-migrate: warning: \(problem.description)")
        }
        if analysis.swiftFileCount == 0, !analysis.problems.isEmpty {
            StandardError.line("observation-migrate: error: no Swift file could be scanned")
            return 2
        }
        for warning in analysis.buildWarnings {
            StandardError.line("observation-migrate: warning: \(warning)")
        }
        return nil
    }
}
