import SourceScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The edge that reads a tree's build descriptions from disk: every `Package.swift` and Xcode
/// project the walk found, plus those in the folders above a file named on the command line
/// (so a file given alone, as the SwiftPM plugin gives them, is still judged by its own
/// package's or project's targets), and turns them into a `BuildGraph`.
enum BuildGraphLoader {
    /// What loading found: the graph, and one line per description it could not read fully.
    struct Loaded {
        var graph: BuildGraph
        /// `path: reason` lines, for stderr and `debug modules`.
        var warnings: [String]
    }

    /// Builds the graph for `swiftFiles` (as the walk gives them) from `projectFiles` and the
    /// descriptions above `scannedPaths`.
    static func load(swiftFiles: [String], projectFiles: [String], scannedPaths: [String],
                     configuration: Configuration) -> Loaded {
        let directory = FileSystem.currentDirectory()
        var manifests = Set<String>()
        var projects = Set<String>()
        for path in projectFiles {
            let absolute = PathName.absolute(path, in: directory)
            if path.hasSuffix(".pbxproj") { projects.insert(absolute) }
            let name = PathName.lastComponent(path)
            if name == "Package.swift" { manifests.insert(absolute) }
        }
        // A file named alone is judged by its own package's or project's targets; so is a folder
        // (a target's, as the SwiftPM plugin passes them) when a description above it has a
        // target compiling that folder. A folder no target above compiles (a test-data folder
        // inside a package) keeps only the descriptions found inside it.
        var coverRequired: [String: [String]] = [:]
        for path in scannedPaths {
            let absolute = PathName.absolute(path, in: directory)
            let isFile = FileSystem.isRegularFile(path)
            guard isFile || FileSystem.isDirectory(path) else { continue }
            let found = descriptionsAbove(absolute)
            for description in found.manifests + found.projects where !manifests.contains(description) && !projects.contains(description) {
                if !isFile { coverRequired[description, default: []].append(absolute) }
            }
            for description in found.manifests + found.projects where isFile { coverRequired[description] = nil }
            manifests.formUnion(found.manifests)
            projects.formUnion(found.projects)
        }
        var inputs: [DescriptionInput] = []
        var warnings: [String] = []
        for path in manifests.sorted() + projects.sorted() {
            switch FileSystem.read(path) {
            case .success(let bytes): inputs.append(DescriptionInput(path: path, bytes: bytes))
            case .failure(let problem):
                warnings.append("\(Analyzer.displayPath(path)): cannot read it (\(problem.description)); its files count as one folder")
            }
        }
        let specs = projectFiles.filter { PathName.lastComponent($0) == "project.yml" }.map { PathName.absolute($0, in: directory) }
        var loaded = build(inputs, swiftFiles: swiftFiles.map { PathName.absolute($0, in: directory) }, configuration: configuration,
                           keepOnlyIfCompiling: coverRequired, xcodeGenSpecs: specs,
                           readFile: { path in
                               if case .success(let bytes) = FileSystem.read(path) { return bytes }
                               return nil
                           }, folderExists: FileSystem.isDirectory, linkedFolder: inTreeLinkTarget)
        loaded.warnings = warnings + loaded.warnings
        return loaded
    }

    /// A manifest or project file's path (absolute) and bytes.
    struct DescriptionInput {
        var path: String
        var bytes: [UInt8]
    }

    /// Builds the graph from manifests and projects already read; `readFile` reads an
    /// `.xcconfig`, `folderExists` tells which of SwiftPM's default target folders exists.
    static func build(_ inputs: [DescriptionInput], swiftFiles: [String], configuration: Configuration,
                      keepOnlyIfCompiling: [String: [String]] = [:], xcodeGenSpecs: [String] = [],
                      readFile: @escaping (String) -> [UInt8]?, folderExists: (String) -> Bool,
                      linkedFolder: (String, String) -> String? = { _, _ in nil }) -> Loaded {
        var descriptions: [BuildDescription] = []
        var warnings: [String] = []
        let pathCase = ProjectPathCase(swiftFiles: swiftFiles)
        for input in inputs {
            if let folders = keepOnlyIfCompiling[input.path] {
                // Found above a scanned folder: it speaks for the folder only if a target compiles it.
                let read = PathName.lastComponent(input.path) == "Package.swift"
                    ? packageDescription(input.path, bytes: input.bytes, configuration: configuration, folderExists: folderExists,
                                         linkedFolder: linkedFolder).description
                    : (try? XcodeProjectReader(path: input.path, readFile: readFile).read(input.bytes).get()).map(pathCase.matching)
                guard let read, folders.allSatisfy({ folder in read.targets.contains { $0.compiles(folder: folder) } }) else { continue }
            }
            if PathName.lastComponent(input.path) == "Package.swift" {
                let read = packageDescription(input.path, bytes: input.bytes, configuration: configuration, folderExists: folderExists,
                                              linkedFolder: linkedFolder)
                descriptions.append(read.description)
                warnings += read.warnings
                continue
            }
            switch XcodeProjectReader(path: input.path, readFile: readFile).read(input.bytes) {
            case .success(let read):
                warnings += read.problems.map { "\(Analyzer.displayPath(input.path)): \($0)" }
                var description = pathCase.matching(read)
                description.targets = description.targets.map { applyingConfiguration(configuration, to: $0) }
                descriptions.append(description)
            case .failure(let failure):
                warnings.append("\(Analyzer.displayPath(input.path)): cannot read the Xcode project (\(failure.reason)); its files count as one folder")
            }
        }
        var graph = BuildGraph(descriptions: descriptions, files: swiftFiles)
        graph.setFolderDeployments(configuredDeployments(configuration))
        // A generated project kept beside its Tuist or XcodeGen description is read instead.
        let projectFolders = Set(inputs.map(\.path).filter { $0.hasSuffix(".pbxproj") }.map { PathName.parent(PathName.parent($0)) })
        for (folder, deployments) in tuistDeployments(swiftFiles: swiftFiles, configuration: configuration, readFile: readFile)
            + xcodeGenDeployments(specs: xcodeGenSpecs, configuration: configuration, readFile: readFile)
            where !projectFolders.contains(folder) {
            graph.setDeployments(deployments, underFolder: folder)
        }
        for (file, listed) in graph.relocatedFiles {
            warnings.append("\(Analyzer.displayPath(swiftFiles[file])): a target lists \(Analyzer.displayPath(listed)), which does not exist; "
                            + "taken for this file of the same name, which no target lists (the project looks stale)")
        }
        // One line per manifest: a project that keeps its packages side by side often writes
        // every path of a manifest so.
        let relocatedByManifest = Dictionary(grouping: graph.relocatedPackages, by: \.manifest)
        for manifest in relocatedByManifest.keys.sorted() {
            let pairs = relocatedByManifest[manifest]!.sorted { $0.written < $1.written }
            let one = pairs.count == 1
            warnings.append("\(Analyzer.displayPath(manifest)): depends on \(one ? "a package" : "packages") at "
                            + pairs.map { Analyzer.displayPath($0.written) }.joined(separator: ", ")
                            + ", which the tree does not have; taken for the tree's \(one ? "package" : "packages") of that name ("
                            + pairs.map { Analyzer.displayPath($0.taken) }.joined(separator: ", ")
                            + "), as Xcode resolves local packages by name")
        }
        return Loaded(graph: graph, warnings: warnings)
    }

    /// The deployment targets of each Tuist project among `swiftFiles` (a `Project.swift`
    /// importing `ProjectDescription`), by the project's folder: the literals the manifest
    /// writes; else those of the tree's Tuist helpers (`ProjectDescriptionHelpers`), through
    /// which most projects pass them (`env.deploymentTarget`, `Project.module(…)`), the lowest
    /// counting; else, when the manifest passes one the tool cannot read, a version it cannot
    /// tell, which `apply` treats as too low. A project that passes none builds for the SDK's
    /// own, which has Observation. A configured `deploymentTarget` replaces them all.
    static func tuistDeployments(swiftFiles: [String], configuration: Configuration,
                                 readFile: (String) -> [UInt8]?) -> [(folder: String, deployments: [TargetDescription.Deployment])] {
        guard configuration.deploymentTarget.isEmpty else { return [] }
        func read(_ path: String) -> TuistManifest? {
            guard let bytes = readFile(path) else { return nil }
            let manifest = TuistManifest(SourceFile(path: path, bytes: bytes))
            return manifest.isTuist ? manifest : nil
        }
        func deployments(_ manifest: TuistManifest, path: String) -> [TargetDescription.Deployment] {
            manifest.deployments.map { .init(platform: $0.platform, version: $0.version, path: path, offset: $0.offset) }
        }
        let projects = swiftFiles.filter { PathName.lastComponent($0) == "Project.swift" }
        guard !projects.isEmpty else { return [] }
        var helpers: [TargetDescription.Deployment] = []
        for path in swiftFiles where path.contains("/ProjectDescriptionHelpers/") {
            if let helper = read(path) { helpers += deployments(helper, path: path) }
        }
        var found: [(folder: String, deployments: [TargetDescription.Deployment])] = []
        for path in projects.sorted() {
            guard let manifest = read(path) else { continue }
            var written = deployments(manifest, path: path)
            if written.isEmpty { written = helpers }
            if written.isEmpty, let offset = manifest.deploymentArgumentOffset {
                written = [.init(platform: "", version: "?", path: path, offset: offset, origin: .unreadable)]
            }
            if !written.isEmpty { found.append((PathName.parent(path), written)) }
        }
        return found
    }

    /// The deployment targets of each XcodeGen spec (`project.yml` with a `name` and targets,
    /// options or includes), by the spec's folder. A
    /// spec that writes none, yet includes other files, has a deployment target the tool cannot
    /// tell; one that includes nothing builds for the SDK's own. A configured `deploymentTarget`
    /// replaces them.
    static func xcodeGenDeployments(specs: [String], configuration: Configuration,
                                    readFile: (String) -> [UInt8]?) -> [(folder: String, deployments: [TargetDescription.Deployment])] {
        guard configuration.deploymentTarget.isEmpty else { return [] }
        var found: [(folder: String, deployments: [TargetDescription.Deployment])] = []
        for path in specs.sorted() {
            guard let bytes = readFile(path) else { continue }
            let spec = XcodeGenSpec(bytes)
            guard spec.isSpec else { continue }
            var deployments = spec.deployments.map {
                TargetDescription.Deployment(platform: $0.platform, version: $0.version, path: path, offset: $0.offset)
            }
            if deployments.isEmpty, spec.includesOthers {
                deployments = [.init(platform: "", version: "?", path: path, offset: 0, origin: .unreadable)]
            }
            if !deployments.isEmpty { found.append((PathName.parent(path), deployments)) }
        }
        return found
    }

    /// The nearest `Package.swift` above `path` (a package's folder compiles everything under
    /// it) and every Xcode project in the folders above it, up to the repository root.
    static func descriptionsAbove(_ path: String) -> (manifests: [String], projects: [String]) {
        var manifests: [String] = []
        var projects: [String] = []
        var folder = PathName.parent(path)
        var depth = 0
        while depth < 32 {
            if manifests.isEmpty, exists(folder + "/Package.swift") { manifests.append(PathName.normalize(folder + "/Package.swift")) }
            for name in entries(of: folder) where name.hasSuffix(".xcodeproj") {
                let project = PathName.normalize(folder + "/" + name + "/project.pbxproj")
                if exists(project) { projects.append(project) }
            }
            if exists(folder + "/.git") || folder == "/" { break }
            folder = PathName.parent(folder)
            depth += 1
        }
        return (manifests, projects)
    }

    /// A package's targets with their folders, dependencies and platforms.
    /// `linkedFolder(folder, root)` gives the folder a target's folder links to inside the
    /// package (`Sources/App -> ../Modules/App`), where the walk finds its files.
    static func packageDescription(_ path: String, bytes: [UInt8], configuration: Configuration, folderExists: (String) -> Bool,
                                   linkedFolder: (String, String) -> String? = { _, _ in nil })
        -> (description: BuildDescription, warnings: [String]) {
        let source = SourceFile(path: path, bytes: bytes)
        let manifest = PackageManifest(source)
        let root = PathName.parent(path)
        let lines = LineMap(bytes)
        let warnings = manifest.problems.map { problem in
            "\(Analyzer.displayPath(path)):\(lines.location(of: problem.offset).line): \(problem.message); read what could be read"
        }
        // Package identities of local dependencies: the last path component, lowercased.
        var localRoots: [String: String] = [:]
        for local in manifest.localPackagePaths {
            let absolute = PathName.absolute(local, in: root)
            localRoots[PathName.lastComponent(absolute).lowercased()] = absolute
        }
        var deployments = manifest.platforms.map {
            TargetDescription.Deployment(platform: $0.name, version: $0.version, path: path, offset: $0.offset)
        }
        deployments += manifest.unreadablePlatforms.map {
            TargetDescription.Deployment(platform: $0.name ?? "", version: "?", path: path, offset: $0.offset, origin: .unreadable)
        }
        if !manifest.declaresPlatforms {
            // SwiftPM then builds for the oldest versions it supports, where Observation does not exist.
            deployments = swiftPMDefaultDeployments.map { platform, version in
                TargetDescription.Deployment(platform: platform, version: version, path: path,
                                             offset: manifest.packageOffset ?? 0, origin: .packageDefault)
            }
        }
        var targets: [TargetDescription] = []
        for target in manifest.targets where target.kind.hasSources {
            let folder: String
            if let written = target.path {
                folder = PathName.absolute(written, in: root)
            } else {
                let candidates = target.kind.defaultFolders.map { PathName.normalize("\(root)/\($0)/\(target.name)") }
                if let existing = candidates.first(where: folderExists) {
                    folder = existing
                } else if let predefined = target.kind.defaultFolders.map({ PathName.normalize("\(root)/\($0)") }).first(where: folderExists),
                          manifest.targets.filter({ $0.kind.defaultFolders == target.kind.defaultFolders && $0.path == nil }).count == 1 {
                    // The only target of its kind may keep its files in `Sources`/`Tests` itself.
                    folder = predefined
                } else {
                    folder = candidates[0]
                }
            }
            /// The target's folder as the walk meets it at `base`: itself, or where its link leads.
            func membership(at base: String) -> TargetDescription.Folder {
                TargetDescription.Folder(path: base, excluded: target.exclude.map { PathName.absolute($0, in: base) },
                                         only: target.sources.map { $0.map { PathName.absolute($0, in: base) } })
            }
            let folders = [membership(at: folder)] + (linkedFolder(folder, root).map { [membership(at: $0)] } ?? [])
            let dependencies: [TargetDescription.Dependency] = target.dependencies.map { dependency in
                switch dependency {
                case .byName(let name), .target(let name): return .target(name)
                case .product(let name, let package): return .product(name: name, packageRoot: package.flatMap { localRoots[$0.lowercased()] })
                }
            }
            let described = TargetDescription(name: target.name, isTest: target.kind == .test, folders: folders,
                                              dependencies: dependencies, deployments: deployments,
                                              isMainActorByDefault: target.isMainActorByDefault)
            targets.append(applyingConfiguration(configuration, to: described))
        }
        let name = manifest.name ?? PathName.lastComponent(root)
        var products: [String: [String]] = [:]
        for product in manifest.products { products[product.name] = product.targets }
        var description = BuildDescription(kind: .package, path: path, root: root, name: name, targets: targets, products: products)
        description.localPackageRoots = Set(localRoots.values)
        description.libraryProducts = Set(manifest.products.filter(\.isLibrary).map(\.name))
        return (description, warnings)
    }

    /// The versions SwiftPM builds a package for when its manifest passes no `platforms:` (the
    /// oldest Swift 5.9 and later support; visionOS, whose first version has Observation, left out).
    static let swiftPMDefaultDeployments: [(String, String)] = [("iOS", "12.0"), ("macOS", "10.13"), ("tvOS", "12.0"), ("watchOS", "4.0")]

    /// A configured `deploymentTarget` replaces what the target declares for that platform,
    /// and is credited to the configuration file; a platform the target does not declare is
    /// added. It also replaces what the tool could not read or had to assume: an entry of no
    /// known platform, and SwiftPM's defaults for a manifest without `platforms:`.
    static func applyingConfiguration(_ configuration: Configuration, to target: TargetDescription) -> TargetDescription {
        guard !configuration.deploymentTarget.isEmpty else { return target }
        var target = target
        target.deployments.removeAll {
            configuration.deploymentTarget[$0.platform] != nil || $0.origin == .packageDefault
                || ($0.origin == .unreadable && $0.platform.isEmpty)
        }
        target.deployments += configuredDeployments(configuration)
        return target
    }

    /// The configured `deploymentTarget` entries, credited to the configuration file.
    static func configuredDeployments(_ configuration: Configuration) -> [TargetDescription.Deployment] {
        let source = configuration.source ?? ".observation-migrate.json"
        return configuration.deploymentTarget.sorted(by: { $0.key < $1.key }).map { platform, version in
            .init(platform: platform, version: version, path: PathName.absolute(source, in: FileSystem.currentDirectory()),
                  offset: configurationOffset(source, platform: platform))
        }
    }

    /// Where the configuration file names `platform`, so the report points at the right line.
    private static func configurationOffset(_ path: String, platform: String) -> Int {
        guard case .success(let bytes) = FileSystem.read(path) else { return 0 }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let range = text.range(of: "\"\(platform)\"") else { return 0 }
        return text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound)
    }

    /// Where `folder`, a symbolic link, leads inside `root`, spelled under `root` as the walk
    /// spells the files it finds there; nil for a folder that is no link or leads outside.
    static func inTreeLinkTarget(_ folder: String, _ root: String) -> String? {
        guard FileSystem.isSymbolicLink(folder), let real = FileSystem.canonicalPath(folder),
              let realRoot = FileSystem.canonicalPath(root), real != realRoot, PathName.isInside(real, folder: realRoot) else { return nil }
        return PathName.normalize(root + "/" + real.dropFirst(realRoot.count + (realRoot == "/" ? 0 : 1)))
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The names in a folder (empty when it cannot be read).
    private static func entries(of folder: String) -> [String] {
        guard let handle = opendir(folder) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = FileSystem.entryName(entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
