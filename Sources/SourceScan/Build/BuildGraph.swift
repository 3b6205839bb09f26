/// One build description found in the tree: a Swift package or an Xcode project, reduced to
/// what the build graph needs. Paths are absolute and lexically normalized (see `PathName`).
public struct BuildDescription: Sendable, Equatable {
    /// Where the description comes from.
    public enum Kind: String, Sendable, Equatable {
        case package = "package target", xcodeProject = "Xcode target"
    }

    public var kind: Kind
    /// `…/Package.swift` or `…/App.xcodeproj/project.pbxproj`, absolute.
    public var path: String
    /// The folder whose files the description may compile: the package folder, or the folder
    /// holding the `.xcodeproj`. A Swift file under it that no target compiles is outside the build.
    public var root: String
    public var targets: [TargetDescription]
    /// For a package: its products (name → targets).
    public var products: [String: [String]]
    /// For a package: the names of its library products (the others are executables).
    public var libraryProducts: Set<String> = []
    /// For a package: the folders of the packages it depends on by path (`.package(path:)`).
    public var localPackageRoots: Set<String> = []
    /// For a package: its name (`Package(name:)`), else the folder name.
    public var name: String
    /// What the reader found broken in the description and skipped (a target that is no
    /// object, a missing configuration list), one clause each, for the warnings.
    public var problems: [String] = []

    /// Creates a description.
    public init(kind: Kind, path: String, root: String, name: String, targets: [TargetDescription], products: [String: [String]] = [:]) {
        self.kind = kind
        self.path = path
        self.root = root
        self.name = name
        self.targets = targets
        self.products = products
    }
}

/// One target of a build description.
public struct TargetDescription: Sendable, Equatable {
    /// A folder whose Swift files the target compiles, with the exceptions.
    public struct Folder: Sendable, Equatable {
        /// Absolute folder path.
        public var path: String
        /// Absolute paths (files or folders) under it that the target does not compile.
        public var excluded: [String]
        /// When set, only these absolute paths (files or folders) under it are compiled.
        public var only: [String]?

        /// Creates a folder membership.
        public init(path: String, excluded: [String] = [], only: [String]? = nil) {
            self.path = path
            self.excluded = excluded
            self.only = only
        }

        /// Whether the folder compiles `file`.
        public func contains(_ file: String) -> Bool {
            PathName.isInside(file, folder: path) && containsFileBelow(file)
        }

        /// Whether the folder compiles `file`, which lies under it: whether no exception takes it out.
        func containsFileBelow(_ file: String) -> Bool {
            if excluded.contains(where: { PathName.isInside(file, folder: $0) }) { return false }
            if let only { return only.contains { PathName.isInside(file, folder: $0) } }
            return true
        }
    }

    /// A dependency of a target.
    public enum Dependency: Sendable, Equatable, Hashable {
        /// A target of the same description (or, for packages, a product of another package
        /// with the same name, as SwiftPM's by-name dependencies allow).
        case target(String)
        /// A product of a package: by name, and the package's folder when known (local package).
        case product(name: String, packageRoot: String?)
        /// A product of a local package the project names no reference for: Xcode writes no
        /// package for a product of a package added to the workspace (`contents.xcworkspacedata`)
        /// rather than to the project, so it comes from whichever package of the tree declares it.
        case workspaceProduct(name: String)
    }

    /// A deployment target the target is built for.
    public struct Deployment: Sendable, Equatable {
        /// How the build description gives the version.
        public enum Origin: Sendable, Equatable {
            /// Written out: `platforms: [.iOS(.v17)]`, `IPHONEOS_DEPLOYMENT_TARGET = 17.0`.
            case declared
            /// SwiftPM's oldest supported version, for a manifest that passes no `platforms:`.
            case packageDefault
            /// Given by an expression the tool does not evaluate (`platforms: [ios]`): `version`
            /// is `?`, and the platform may be unknown too (`platform` is then empty).
            case unreadable
        }

        /// `iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`, `macCatalyst`.
        public var platform: String
        public var version: String
        /// The file that says so (manifest, project, `.xcconfig`, configuration) and where.
        public var path: String
        public var offset: Int
        public var origin: Origin

        /// Creates a deployment target.
        public init(platform: String, version: String, path: String, offset: Int, origin: Origin = .declared) {
            self.platform = platform
            self.version = version
            self.path = path
            self.offset = offset
            self.origin = origin
        }
    }

    public var name: String
    /// The module name other files import it by.
    public var moduleName: String

    /// Whether the target compiles the folder `path` (it lies in one of the target's folders and
    /// no exception takes it out) or a file listed one by one inside it.
    public func compiles(folder path: String) -> Bool {
        folders.contains { $0.contains(path) } || files.contains { PathName.isInside($0, folder: path) }
    }
    public var isTest: Bool
    /// Files compiled one by one (Xcode's sources build phase), absolute.
    public var files: [String]
    public var folders: [Folder]
    public var dependencies: [Dependency]
    public var deployments: [Deployment]
    /// Whether every declaration of the module is `@MainActor` unless it says otherwise
    /// (Swift 6.2's default isolation: Xcode's `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`,
    /// SwiftPM's `.defaultIsolation(MainActor.self)`).
    public var isMainActorByDefault: Bool

    /// Creates a target.
    public init(name: String, moduleName: String? = nil, isTest: Bool = false, files: [String] = [], folders: [Folder] = [],
                dependencies: [Dependency] = [], deployments: [Deployment] = [], isMainActorByDefault: Bool = false) {
        self.name = name
        self.moduleName = moduleName ?? PathName.moduleName(name)
        self.isTest = isTest
        self.files = files
        self.folders = folders
        self.dependencies = dependencies
        self.deployments = deployments
        self.isMainActorByDefault = isMainActorByDefault
    }
}

/// A module of the build graph: a target, or the folder module of files no description covers.
public struct BuildModule: Sendable, Equatable {
    /// What kind of module, for people: `package target`, `Xcode target`, `folder`.
    public var kind: String
    /// The module name files import it by (the folder module's is empty).
    public var name: String
    /// The target's name, and where it is declared.
    public var targetName: String
    public var descriptionPath: String?
    public var isTest: Bool
    /// Modules this one depends on, resolved (indices into `BuildGraph.modules`).
    public var dependencies: [Int]
    public var deployments: [TargetDescription.Deployment]
    /// Whether the module makes its declarations `@MainActor` by default.
    public var isMainActorByDefault = false
}

/// Which module compiles each Swift file of the tree, and which modules each module can see.
///
/// Built from the tree's `Package.swift` manifests and Xcode projects before any Swift file is
/// structured. A file under a description's root that no target compiles (an Xcode file
/// template, a script, a folder no target lists) is outside the build. A file under no
/// description's root belongs to the folder module, which is what the whole tree is when it has
/// no description at all.
public struct BuildGraph: Sendable {
    public private(set) var modules: [BuildModule] = []
    /// For each file given to `init`, the modules compiling it (empty: outside the build).
    public private(set) var modulesOfFile: [[Int]] = []
    /// The files given to `init`, in order.
    public let files: [String]
    /// Indices (into `files`) of the files outside the build.
    public private(set) var outsideFiles: [Int] = []
    /// Files a target lists under a path that does not exist, taken for the one file of the
    /// same name that no target compiles (a stale project: the file was moved on disk and the
    /// project not updated): the file's index and the path listed.
    public private(set) var relocatedFiles: [(file: Int, listed: String)] = []
    /// Path dependencies (`.package(path: "UI")`, an Xcode project's local package reference)
    /// whose folder holds no package of the tree, taken for the one package of the tree with the
    /// same identity (the folder's name, lowercased): the manifest's or project's path, the
    /// folder written, and the package's folder taken.
    public private(set) var relocatedPackages: [(manifest: String, written: String, taken: String)] = []
    /// The descriptions the graph was built from.
    public let descriptions: [BuildDescription]
    /// Index of the folder module, when some file belongs to it.
    public private(set) var folderModule: Int?
    private var modulesByName: [String: [Int]] = [:]
    /// For each package manifest, the folders of the tree's packages it depends on by path
    /// (after `relocatedPackages`).
    private var pathDependencyRoots: [String: Set<String>] = [:]
    /// Each file's position in `files`, when the tree has several modules (one module needs no lookup).
    private var positionOfFile: [String: Int] = [:]

    /// Gives the folder module the deployment targets a configuration names: no description
    /// declares any for its files, so what the user configured is all there is to go by.
    public mutating func setFolderDeployments(_ deployments: [TargetDescription.Deployment]) {
        guard let folderModule else { return }
        modules[folderModule].deployments = deployments
    }

    /// Deployment targets that apply to the files under a folder rather than to a module: a
    /// Tuist project's (`Project.swift`) or an XcodeGen spec's (`project.yml`), whose targets
    /// the tool does not read, so their files stay in the folder module. A file takes those of
    /// the innermost such folder above it (`DeploymentTargetRule`).
    public private(set) var folderDeployments: [String: [TargetDescription.Deployment]] = [:]

    /// Records `deployments` for the files under `folder` (absolute, normalized).
    public mutating func setDeployments(_ deployments: [TargetDescription.Deployment], underFolder folder: String) {
        folderDeployments[folder] = deployments
    }

    /// A graph with one folder module holding every file: a tree without descriptions.
    public static func singleModule(files: [String]) -> BuildGraph {
        BuildGraph(descriptions: [], files: files)
    }

    /// Assigns each of `files` (absolute, normalized) to the targets of `descriptions`.
    public init(descriptions: [BuildDescription], files: [String]) {
        self.descriptions = descriptions
        self.files = files
        var moduleOfTarget: [[Int]] = []
        for description in descriptions {
            var ids: [Int] = []
            for target in description.targets {
                ids.append(modules.count)
                modulesByName[target.moduleName, default: []].append(modules.count)
                modules.append(BuildModule(kind: description.kind.rawValue, name: target.moduleName, targetName: target.name,
                                           descriptionPath: description.path, isTest: target.isTest, dependencies: [],
                                           deployments: target.deployments, isMainActorByDefault: target.isMainActorByDefault))
            }
            moduleOfTarget.append(ids)
        }
        resolveDependencies(moduleOfTarget)
        assign(moduleOfTarget)
        if !isTrivial {
            positionOfFile.reserveCapacity(files.count)
            for (position, file) in files.enumerated() { positionOfFile[file] = position }
        }
    }

    /// The position in `files` of `path` (absolute, normalized); nil when the graph does not
    /// hold it or has one module.
    public func position(ofFile path: String) -> Int? { positionOfFile[path] }

    /// The modules compiling `path` (absolute, normalized): its targets for one of the graph's
    /// files (in a trivial graph, one module and no file outside the build, every file is the
    /// one module's); the folder module for a file the graph does not hold.
    public func modules(ofFile path: String) -> [Int] {
        if let position = positionOfFile[path] { return modulesOfFile[position] }
        if isTrivial && !modules.isEmpty { return [0] }
        return folderModule.map { [$0] } ?? []
    }

    private mutating func resolveDependencies(_ moduleOfTarget: [[Int]]) {
        // Local packages by folder, and every package product by name, for product dependencies.
        var packageByRoot: [String: Int] = [:]
        var packagesByIdentity: [String: [Int]] = [:]
        for (position, description) in descriptions.enumerated() where description.kind == .package {
            packageByRoot[description.root] = position
            packagesByIdentity[PathName.lastComponent(description.root).lowercased(), default: []].append(position)
        }
        // A path dependency names a package by its folder; where that folder holds no package
        // of the tree, Xcode still builds: it resolves packages by identity, and a local package
        // the project (or workspace) adds stands in for every dependency of that identity
        // (`UI/Package.swift` depending on `.package(path: "ViewModels")` beside the project's
        // own `ViewModels` package). The one package of the tree with that identity is taken;
        // none or several leave the dependency outside the tree, as before.
        var told = Set<[String]>()
        func localPackage(at root: String, from position: Int) -> Int? {
            if let package = packageByRoot[root] { return package }
            guard let candidates = packagesByIdentity[PathName.lastComponent(root).lowercased()], candidates.count == 1,
                  candidates[0] != position else { return nil }
            let taken = candidates[0]
            if told.insert([descriptions[position].path, root]).inserted {
                relocatedPackages.append((descriptions[position].path, root, descriptions[taken].root))
            }
            return taken
        }
        func targets(ofPackage position: Int, product: String) -> [Int] {
            let description = descriptions[position]
            let names = description.products[product] ?? [product]
            return description.targets.indices.filter { names.contains(description.targets[$0].name) }.map { moduleOfTarget[position][$0] }
        }
        // Every package's products (and targets, which by-name dependencies may name) by name,
        // once: a tree of hundreds of packages resolves each dependency by one lookup.
        var byProductName: [String: [(package: Int, modules: [Int])]] = [:]
        for (position, description) in descriptions.enumerated() where description.kind == .package {
            for name in Set(description.products.keys).union(description.targets.map(\.name)) {
                byProductName[name, default: []].append((position, targets(ofPackage: position, product: name)))
            }
        }
        func productOfAnotherPackage(_ name: String, besides position: Int) -> [Int] {
            (byProductName[name] ?? []).filter { $0.package != position }.flatMap(\.modules)
        }
        for (position, description) in descriptions.enumerated() {
            let localRoots = Set(description.localPackageRoots.sorted().compactMap { localPackage(at: $0, from: position).map { descriptions[$0].root } })
            if !localRoots.isEmpty { pathDependencyRoots[description.path] = localRoots }
            for (targetPosition, target) in description.targets.enumerated() {
                var resolved: [Int] = []
                for dependency in target.dependencies {
                    switch dependency {
                    case .target(let name):
                        if let local = description.targets.firstIndex(where: { $0.name == name }) {
                            resolved.append(moduleOfTarget[position][local])
                        } else {
                            // SwiftPM: a by-name dependency may name a product of a package the
                            // manifest depends on by path.
                            resolved += productOfAnotherPackage(name, besides: position).filter { module in
                                modules[module].descriptionPath.map { PathName.parent($0) }.map(localRoots.contains) ?? false
                            }
                        }
                    case .product(let name, let root):
                        // A remote package's product is outside the tree, whatever copies the
                        // tree holds of a package of that name.
                        if let root, let package = localPackage(at: root, from: position) {
                            resolved += targets(ofPackage: package, product: name)
                        }
                    case .workspaceProduct(let name):
                        resolved += (byProductName[name] ?? []).filter { descriptions[$0.package].products[name] != nil }.flatMap(\.modules)
                    }
                }
                modules[moduleOfTarget[position][targetPosition]].dependencies = Array(Set(resolved)).sorted()
            }
        }
    }

    private mutating func assign(_ moduleOfTarget: [[Int]]) {
        // Lookups by path, so a file costs one probe per folder above it, however many
        // descriptions and targets the tree has (a monorepo has hundreds).
        var explicit: [String: [Int]] = [:]
        var folders: [Substring: [(module: Int, description: Int, folder: TargetDescription.Folder)]] = [:]
        var packageByRoot: [Substring: Int] = [:]
        var roots = Set<Substring>()
        for (position, description) in descriptions.enumerated() {
            // A description without targets (Tuist's or XcodeGen's dependencies-only
            // `Package.swift`, a manifest whose targets could not be read) compiles nothing, so it
            // cannot tell which files are outside the build: its folder stays the folder module's.
            if !description.targets.isEmpty { roots.insert(Substring(description.root)) }
            if description.kind == .package { packageByRoot[Substring(description.root)] = position }
            for (targetPosition, target) in description.targets.enumerated() {
                let module = moduleOfTarget[position][targetPosition]
                for file in target.files { explicit[file, default: []].append(module) }
                for folder in target.folders { folders[Substring(folder.path), default: []].append((module, position, folder)) }
            }
        }
        // What the folders above a file offer depends only on its folder: worked out once per
        // folder from its parent's (a tree has many files per folder, and folders share their
        // ancestors), then each file checks the exceptions.
        typealias Offer = (entries: [(module: Int, description: Int, folder: TargetDescription.Folder)], innermostPackage: Int?, described: Bool)
        var offers: [Substring: Offer] = [:]
        func offer(for directory: Substring) -> Offer {
            if let known = offers[directory] { return known }
            var result: Offer = ([], nil, false)
            if let slash = directory.utf8.lastIndex(of: UInt8(ascii: "/")), slash != directory.startIndex {
                result = offer(for: directory[..<slash])
            }
            if let own = folders[directory] { result.entries = own + result.entries }
            // Packages own the files under their folder; a nested package owns its own folder.
            if let package = packageByRoot[directory] { result.innermostPackage = package }
            if roots.contains(directory) { result.described = true }
            offers[directory] = result
            return result
        }
        // The walk lists a folder's files together: the last folder's offer is usually the next file's.
        var last: (directory: Substring, offer: Offer)?
        for (fileIndex, file) in files.enumerated() {
            var found = explicit.isEmpty ? [] : explicit[file] ?? []
            let directory = file.utf8.lastIndex(of: UInt8(ascii: "/")).map { file[..<$0] } ?? Substring(file)
            let offer = last.flatMap { $0.directory == directory ? $0.offer : nil } ?? offer(for: directory)
            last = (directory, offer)
            // Every offered folder lies above the file: only its exceptions are left to check.
            for entry in offer.entries where entry.folder.containsFileBelow(file) {
                if descriptions[entry.description].kind == .package, entry.description != offer.innermostPackage { continue }
                found.append(entry.module)
            }
            if found.count > 1 { found = Array(Set(found)).sorted() }
            if found.isEmpty {
                if offer.described {
                    outsideFiles.append(fileIndex)
                } else {
                    if folderModule == nil {
                        folderModule = modules.count
                        modules.append(BuildModule(kind: "folder", name: "", targetName: "(files in no package or project)",
                                                   descriptionPath: nil, isTest: false, dependencies: [], deployments: []))
                    }
                    found = [folderModule!]
                }
            }
            modulesOfFile.append(found)
        }
        if !outsideFiles.isEmpty, !explicit.isEmpty { relocateMovedFiles(explicit) }
    }

    /// Gives each file outside the build the modules of a listed file that does not exist, when
    /// the two are the only ones of their name among such files and the listing description's
    /// folder holds it: Xcode would not build the project as it is, and the moved file is what
    /// its target compiled (`Main/DarkMode/Appearance.swift` listed, `Main/Utility/Appearance.swift`
    /// on disk).
    private mutating func relocateMovedFiles(_ explicit: [String: [Int]]) {
        let present = Set(files)
        var missingByName: [String: [String]] = [:]
        for path in explicit.keys where !present.contains(path) {
            missingByName[PathName.lastComponent(path), default: []].append(path)
        }
        guard !missingByName.isEmpty else { return }
        var outsideByName: [String: [Int]] = [:]
        for file in outsideFiles { outsideByName[PathName.lastComponent(files[file]), default: []].append(file) }
        var relocated = Set<Int>()
        for (name, outside) in outsideByName {
            guard outside.count == 1, let missing = missingByName[name], missing.count == 1 else { continue }
            let file = outside[0]
            let listing = explicit[missing[0]]!
            let roots = descriptions.filter { description in listing.contains { modules[$0].descriptionPath == description.path } }.map(\.root)
            guard roots.contains(where: { PathName.isInside(files[file], folder: $0) }) else { continue }
            modulesOfFile[file] = listing
            relocatedFiles.append((file, missing[0]))
            relocated.insert(file)
        }
        outsideFiles.removeAll { relocated.contains($0) }
        relocatedFiles.sort { $0.file < $1.file }
    }

    /// A library product of a package of the tree, and its modules.
    public struct LibraryProduct: Sendable, Equatable {
        public var name: String
        /// The manifest declaring it, absolute.
        public var manifest: String
        /// Indices into `modules` of its targets.
        public var modules: [Int]
    }

    /// The library products of the tree's packages that nothing in the tree uses: what the tree
    /// publishes for code outside it. A package one of whose libraries has a client in the tree
    /// (a module of another description, or a target of its own that no library product holds,
    /// such as the app's executable) is the app's own code, all its products with it; its tests
    /// are no client.
    public func librariesWithoutClients() -> [LibraryProduct] {
        var result: [LibraryProduct] = []
        for description in descriptions where description.kind == .package && !description.libraryProducts.isEmpty {
            let own = modules.indices.filter { modules[$0].descriptionPath == description.path }
            let inLibraries = Set(description.libraryProducts.flatMap { description.products[$0] ?? [$0] })
            let libraryModules = Set(own.filter { inLibraries.contains(modules[$0].targetName) })
            let used = modules.indices.contains { client in
                let module = modules[client]
                guard !module.isTest, !libraryModules.contains(client), module.dependencies.contains(where: libraryModules.contains) else { return false }
                return module.descriptionPath != description.path || !inLibraries.contains(module.targetName)
            }
            guard !used else { continue }
            for product in description.libraryProducts.sorted() {
                let names = description.products[product] ?? [product]
                let members = own.filter { names.contains(modules[$0].targetName) }
                if !members.isEmpty { result.append(LibraryProduct(name: product, manifest: description.path, modules: members)) }
            }
        }
        return result
    }

    /// Whether the tree has more than one module (resolution must then follow imports).
    public var isTrivial: Bool { modules.count <= 1 && outsideFiles.isEmpty }

    /// The modules a file in `own` modules sees when it imports `imports` (module names):
    /// its own, the imported ones (preferring, among modules of one name, those its modules
    /// depend on, then those declared beside it), and, for the folder module, every module
    /// its imports name.
    public func visibleModules(own: [Int], imports: [String]) -> Set<Int> {
        visibleModules(own: own, imports: imports, reexports: [:])
    }

    /// The modules a file in `own` modules sees when it imports `imports`, also following what
    /// the seen modules (and `seeds`) re-export with `@_exported import` (`reexports`: module →
    /// names), to a fixpoint. The index and the relevance filter both ask this; the filter adds
    /// seeds so that it keeps at least every file the index can resolve.
    public func visibleModules(own: [Int], imports: [String], reexports: [Int: Set<String>], seeds: [Int] = []) -> Set<Int> {
        let closure = dependencyClosure(of: own)
        var names = Set(imports)
        var visible = Set(own)
        var pending = own + seeds + names.flatMap { modulesImported(named: $0, own: own, closure: closure) }
        var visited = Set<Int>()
        while let module = pending.popLast() {
            guard visited.insert(module).inserted else { continue }
            visible.insert(module)
            for name in reexports[module] ?? [] where names.insert(name).inserted {
                pending += modulesImported(named: name, own: own, closure: closure)
            }
        }
        return visible
    }

    /// The modules an `import name` in a file of modules `own` (whose dependencies, transitively,
    /// are `closure`) can mean: those it depends on, else those declared beside it, else those of
    /// a package its package depends on by path; else, for an Xcode target, Xcode targets of
    /// other projects (frameworks a workspace links without a dependency the project file names)
    /// and packages inside its project's folder; for the folder module, any. A package target
    /// reaches another package only through a dependency (its own, or its package's), and a
    /// remote package product is not the copy of a same-named package elsewhere in the tree:
    /// neither is imported by name alone.
    public func modulesImported(named name: String, own: [Int], closure: Set<Int>) -> [Int] {
        guard let candidates = modulesByName[name], !candidates.isEmpty else { return [] }
        let dependedOn = candidates.filter(closure.contains)
        if !dependedOn.isEmpty { return dependedOn }
        let ownDescriptions = Set(own.compactMap { modules[$0].descriptionPath })
        let beside = candidates.filter { modules[$0].descriptionPath.map(ownDescriptions.contains) ?? false }
        if !beside.isEmpty { return beside }
        // A package target importing a module of a package its package depends on by path, for
        // a sibling target and not for this one: SwiftPM and Xcode build that module for the
        // sibling, and the import finds it (only an opt-in check refuses it).
        let packagesDependedOn = ownDescriptions.reduce(into: Set<String>()) { $0.formUnion(pathDependencyRoots[$1] ?? []) }
        let ofPackagesDependedOn = candidates.filter { candidate in
            modules[candidate].descriptionPath.map { packagesDependedOn.contains(PathName.parent($0)) } ?? false
        }
        if !ofPackagesDependedOn.isEmpty { return ofPackagesDependedOn }
        if own.isEmpty || own.contains(where: { $0 == folderModule }) { return candidates }
        let projects = own.compactMap { module -> String? in
            guard modules[module].kind == BuildDescription.Kind.xcodeProject.rawValue, let path = modules[module].descriptionPath else { return nil }
            return descriptions.first { $0.path == path }?.root
        }
        guard !projects.isEmpty else { return [] }
        // Frameworks of other projects, and packages inside the project's folder (an older
        // project names a local package's product without saying where the package is).
        return candidates.filter { candidate in
            if modules[candidate].kind == BuildDescription.Kind.xcodeProject.rawValue { return true }
            guard let path = modules[candidate].descriptionPath else { return false }
            return projects.contains { PathName.isInside(path, folder: $0) }
        }
    }

    /// The modules `modules` depend on, transitively.
    public func dependencyClosure(of own: [Int]) -> Set<Int> {
        var closure = Set<Int>()
        var pending = own
        while let module = pending.popLast() {
            for dependency in modules[module].dependencies where closure.insert(dependency).inserted { pending.append(dependency) }
        }
        return closure
    }

    /// The module names imported by a file, from its import declarations' names
    /// (`SwiftUI`, `struct Foo.Bar`, `Foo.Sub`).
    public static func importedModuleName(_ declarationName: String) -> String? {
        var words = declarationName.split(separator: " ")
        if words.count > 1 { words.removeFirst() }
        guard let path = words.first, let first = path.split(separator: ".").first else { return nil }
        return String(first)
    }
}

/// Lexical path arithmetic for the build graph: no file system, so it is testable on strings.
public enum PathName {
    /// `path` made absolute against `directory` and normalized (`.`, `..`, doubled slashes).
    public static func absolute(_ path: String, in directory: String) -> String {
        normalize(path.hasPrefix("/") ? path : directory + "/" + path)
    }

    /// Removes `.` and empty components and resolves `..` lexically.
    public static func normalize(_ path: String) -> String {
        // The common case, an absolute path with nothing to remove, is returned as it is.
        if isNormalized(path) { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `path` is absolute with no empty, `.` or `..` component and no trailing slash.
    /// Runs for every file of a tree, several times: over the contiguous UTF-8 bytes, as
    /// iterating the `UTF8View` cost forty instructions a byte.
    private static func isNormalized(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return false }
            if bytes.count == 1 { return true }
            guard bytes.last != UInt8(ascii: "/") else { return false }
            var length = 0
            var dots = 0
            for byte in bytes[1...] {
                if byte == UInt8(ascii: "/") {
                    if length == 0 || (dots == length && length <= 2) { return false }
                    length = 0
                    dots = 0
                } else {
                    length += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            return !(dots == length && length <= 2)
        }
    }

    /// The folder holding `path`: `.` for a bare name, `/` for a name at the root.
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    public static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Whether `path` is `folder` or lies under it. Compares contiguous UTF-8 bytes: it runs for
    /// every file against the target folders above it.
    public static func isInside(_ path: String, folder: String) -> Bool {
        var path = path
        var folder = folder
        return path.withUTF8 { pathBytes in
            folder.withUTF8 { folderBytes in
                guard pathBytes.count >= folderBytes.count, pathBytes[..<folderBytes.count].elementsEqual(folderBytes) else { return false }
                if pathBytes.count == folderBytes.count || (folderBytes.count == 1 && folderBytes[0] == UInt8(ascii: "/")) { return true }
                return pathBytes[folderBytes.count] == UInt8(ascii: "/")
            }
        }
    }

    /// A target name as a module name: what is not a letter, digit or `_` becomes `_`, and a
    /// leading digit gets a `_` before it (SwiftPM's and Xcode's c99 identifier rule).
    public static func moduleName(_ targetName: String) -> String {
        var result = String(targetName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }
}
