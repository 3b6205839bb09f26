import SourceScan

/// Finds the Swift files compiled with the scanned code that a run does not read whole
/// (`UnscannedFile`), at the disk's edge: files it could not read, and the files of a scanned
/// module that the paths given, the excludes or the includes leave out. Nothing is listed when
/// the run reads whole modules, which is the usual case: a module is walked again only when a
/// folder of its target lies outside every path given, or globs filter the walk.
enum UnscannedFileFinder {
    /// The unscanned files of a run.
    /// - Parameters:
    ///   - failed: the Swift files the first read rejected, with the problem.
    ///   - walkProblems: what the walk could not enter (an unreadable folder hides its files).
    ///   - graph: the build graph over the walked Swift files (absolute paths, walk order).
    ///   - outside: the walked files no target compiles (never part of a unit).
    ///   - paths: the paths given on the command line; `filtered`: whether globs filtered the walk.
    static func find(failed: [(path: String, problem: FileProblem)], walkProblems: [FileProblem], graph: BuildGraph,
                     outside: Set<String>, paths: [String], filtered: Bool) -> [UnscannedFile] {
        let directory = FileSystem.currentDirectory()
        var found: [UnscannedFile] = []
        for (path, problem) in failed where !outside.contains(path) {
            let absolute = PathName.absolute(path, in: directory)
            found.append(UnscannedFile(path: Analyzer.displayPath(path), reason: Self.reason(problem),
                                       evidence: Self.evidence(path, problem), visibleModules: UnscannedFile.visibleModules(ofFile: absolute, in: graph)))
        }
        for problem in walkProblems {
            // A folder the walk could not enter may hold any file; a link loop or a path named
            // on the command line that is no Swift file holds none.
            guard case .unreadable(let path, _) = problem else { continue }
            found.append(UnscannedFile(path: Analyzer.displayPath(path), reason: Self.reason(problem), evidence: nil, visibleModules: nil))
        }
        let left = leftOut(graph: graph, paths: paths.map { PathName.absolute($0, in: directory) }, filtered: filtered)
        let evidence = BatchReader.map(left.map(\.path)) { path, result -> UnscannedFile.Evidence? in
            guard case .success(let bytes) = result else { return nil }
            return UnscannedFile.Evidence(readable: Array(bytes), path: path)
        }
        for ((path, insidePaths), evidence) in zip(left, evidence) {
            found.append(UnscannedFile(
                path: Analyzer.displayPath(path),
                reason: insidePaths ? "left out by the excludes or includes" : "outside the paths given",
                evidence: evidence, visibleModules: UnscannedFile.visibleModules(ofFile: path, in: graph)))
        }
        return found
    }

    /// The files that the walk did not reach of the modules compiling a walked file and of the
    /// modules depending on those (an app target using a scanned package's models), absolute,
    /// each with whether it lies inside a path given (then a glob left it out).
    static func leftOut(graph: BuildGraph, paths: [String], filtered: Bool) -> [(path: String, insidePaths: Bool)] {
        guard !graph.descriptions.isEmpty else { return [] }
        let walked = Set(graph.files)
        var scanned = Set<Int>()
        for modules in graph.modulesOfFile { scanned.formUnion(modules) }
        // The modules depending on a scanned one, transitively: one walk over the reversed edges.
        var dependents: [[Int]] = Array(repeating: [], count: graph.modules.count)
        for (module, description) in graph.modules.enumerated() {
            for dependency in description.dependencies { dependents[dependency].append(module) }
        }
        var touched = scanned
        var pending = Array(scanned)
        while let module = pending.popLast() {
            for dependent in dependents[module] where touched.insert(dependent).inserted { pending.append(dependent) }
        }
        func inside(_ path: String) -> Bool { paths.contains { $0 == path || PathName.isInside(path, folder: $0) } }
        var result: [(path: String, insidePaths: Bool)] = []
        var seen = Set<String>()
        func consider(_ file: String) {
            guard file.hasSuffix(".swift"), !walked.contains(file), seen.insert(file).inserted else { return }
            result.append((file, inside(file)))
        }
        var module = 0
        for description in graph.descriptions {
            for target in description.targets {
                defer { module += 1 }
                guard touched.contains(module) else { continue }
                for file in target.files where !walked.contains(file) && FileSystem.isRegularFile(file) { consider(file) }
                for folder in target.folders where filtered || !inside(folder.path) {
                    for file in TreeWalker().walk([folder.path]).swiftFiles where folder.contains(file) { consider(file) }
                }
            }
        }
        return result.sorted { $0.path < $1.path }
    }

    /// The problem as a phrase that follows the file's path.
    static func reason(_ problem: FileProblem) -> String {
        var cause = Substring(problem.description)
        for prefix in [problem.path + ": ", "cannot read: ", "skipped: "] where cause.hasPrefix(prefix) { cause = cause.dropFirst(prefix.count) }
        return "could not be read: \(cause)"
    }

    /// What the bytes of a file the first read rejected show, when they could be read: a file of
    /// invalid UTF-8 or with NUL bytes still names what it uses.
    static func evidence(_ path: String, _ problem: FileProblem) -> UnscannedFile.Evidence? {
        switch problem {
        case .invalidUTF8, .binary:
            guard case .success(let bytes) = FileSystem.read(path) else { return nil }
            return UnscannedFile.Evidence(bytes)
        default:
            return nil
        }
    }
}
