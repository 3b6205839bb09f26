import SourceScan

/// A deployment target read from `Package.swift`, an Xcode project or an `.xcconfig`.
struct DeploymentTarget: Sendable {
    /// `iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`.
    var platform: String
    /// The version as written, e.g. `16.0`.
    var version: String
    /// The lowest version Observation runs on for this platform.
    var minimum: String
    var location: SourceLocation
    /// Whether `version` is at least `minimum`.
    var allowsObservation: Bool
    /// Written out, SwiftPM's default for a manifest without `platforms:`, or unreadable.
    var origin: TargetDescription.Deployment.Origin = .declared

    /// The target in words: `iOS 16.0`, with what it is when it is not written out.
    var described: String {
        switch origin {
        case .declared: return "\(platform) \(version)"
        case .packageDefault: return "\(platform) \(version) by SwiftPM's default"
        case .unreadable: return platform.isEmpty ? "platforms entry not a literal" : "\(platform) version not a literal"
        }
    }

    /// `targets` by platform (iOS first, as Apple lists them), then version (lowest first), then
    /// where they are written: the order in which the report and `apply` name them, so that both
    /// cite the same setting first.
    static func lowestFirst(_ targets: [DeploymentTarget]) -> [DeploymentTarget] {
        lowestFirstOrder(targets).map { targets[$0] }
    }

    /// The positions of `targets` in `lowestFirst` order.
    static func lowestFirstOrder(_ targets: [DeploymentTarget]) -> [Int] {
        let order = ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "macCatalyst"]
        return targets.indices.sorted { leftPosition, rightPosition in
            let (left, right) = (targets[leftPosition], targets[rightPosition])
            let (l, r) = (order.firstIndex(of: left.platform) ?? order.count, order.firstIndex(of: right.platform) ?? order.count)
            if (l, left.platform) != (r, right.platform) { return (l, left.platform) < (r, right.platform) }
            // Numerically, as the project reader compares them: `9.0` below `16.4`, `17` equal to `17.0`.
            if VersionNumber.precedes(left.version, right.version) { return true }
            if VersionNumber.precedes(right.version, left.version) { return false }
            return (left.location, leftPosition) < (right.location, rightPosition)
        }
    }

    /// Why `apply` refuses the units this target compiles, with what to do about it.
    var refusal: String {
        switch origin {
        case .declared:
            return "deployment target \(described) predates Observation (\(platform) \(minimum)); raise it, or pass "
                + "--ignore-deployment-target"
        case .packageDefault:
            return "deployment target \(described) predates Observation (\(platform) \(minimum)): the package declares no "
                + "platforms; declare them (platforms: [.iOS(.v17), .macOS(.v14)]), or pass --ignore-deployment-target"
        case .unreadable:
            return "the deployment target cannot be told (\(described)); write it out, set \"deploymentTarget\" in "
                + ".observation-migrate.json, or pass --ignore-deployment-target"
        }
    }
}

/// A deployment setting of the build graph: which platform and version, where it is written
/// (a file of the analysis, when it is one), and the modules it applies to.
struct DeploymentFact: Sendable, Equatable {
    var platform: String
    var version: String
    /// The absolute path of the file that sets it.
    var path: String
    /// The index of that file in `Analysis.files`, when the analysis holds it.
    var file: Int?
    var offset: Int
    /// Indices into the build graph's modules.
    var modules: [Int]
    var origin: TargetDescription.Deployment.Origin = .declared
    /// For a Tuist project's setting (`BuildGraph.folderDeployments`), the folders (absolute)
    /// whose files it applies to, in place of modules: a helper's, every project taking it.
    var folders: [String] = []
}

/// The Swift files a run read and checked without structuring them, as totals.
struct UnindexedFiles: Sendable, Equatable {
    var files = 0
    var lines = 0
    var bytes = 0
}

/// What the report says about one unit.
struct UnitSummary: Sendable {
    var id: Int
    /// The root model's (or protocol's) qualified name.
    var name: String
    /// Every model class and protocol in the unit.
    var members: [String]
    var declaredAt: SourceLocation
    /// Sites outside the model declarations: wrappers, modifiers, publisher uses…
    var siteCount: Int
    /// Files the unit touches (declarations and sites).
    var fileCount: Int
    var verdict: Verdict
    /// Indices into `Analysis.findings`, in location order.
    var findings: [Int]
    /// Whether a suppression comment silenced one of the unit's fixes, so it is left alone.
    var suppressed: Bool = false

    /// One of the unit's classes or protocols where it is declared.
    struct MemberDeclaration: Sendable {
        /// The file declaring it (index into `Analysis.files`).
        var file: Int
        /// Its qualified name, so homonyms elsewhere are told apart.
        var name: String
        /// Where its declaration keyword is.
        var location: SourceLocation
        /// The modules compiling its file, by the build graph; empty when the graph names none.
        var modules: [String] = []
    }

    /// The unit's classes and protocols, in `members` order.
    var memberDeclarations: [MemberDeclaration] = []
    /// The type the configuration names as already `@Observable` (`observableTypes`) when the
    /// unit is of such a type, which the tree does not declare.
    var observableExternalType: String?
    /// For members that move with the unit rather than alone, why (qualified name → reason), from
    /// the findings' `membershipReasons`.
    var memberReasons: [String: String] = [:]

    /// The members that have a reason, those sharing one together, in `members` order.
    var membersByReason: [(members: [String], reason: String)] {
        var groups: [(members: [String], reason: String)] = []
        for member in members {
            guard let reason = memberReasons[member] else { continue }
            if let position = groups.firstIndex(where: { $0.reason == reason }) {
                groups[position].members.append(member)
            } else {
                groups.append(([member], reason))
            }
        }
        return groups
    }
    /// Deployment targets below Observation's minimum that compile files this unit edits
    /// (indices into `Analysis.deploymentTargets`): `apply` refuses the unit unless told to
    /// ignore them.
    var deploymentBlockers: [Int] = []

    /// Each member's qualified name prefixed with the name of each module compiling its file
    /// (`NotesApp.Settings`); empty when the build graph names no module.
    var moduleQualifiedMembers: [String] {
        memberDeclarations.flatMap { member in member.modules.map { $0 + "." + member.name } }
    }

    /// Whether `--module NAME` selects this unit: a module of that name compiles the file
    /// declaring one of its members.
    func isDeclared(inModule module: String) -> Bool {
        memberDeclarations.contains { $0.modules.contains(module) }
    }

    /// Whether `--type NAME` selects this unit: its name or a member's, qualified or not.
    func matches(typeName wanted: String) -> Bool {
        if name == wanted || members.contains(wanted) || members.contains(where: { $0.split(separator: ".").last.map(String.init) == wanted }) {
            return true
        }
        // Module-qualified, as a compiler diagnostic spells it: `NotesApp.Settings`. Where the
        // build says which module compiles each member, only that module's copy matches.
        if !moduleQualifiedMembers.isEmpty { return moduleQualifiedMembers.contains(wanted) }
        return members.contains { wanted.hasSuffix("." + $0) }
    }
}

/// Everything one scan of a tree found: the input to every output format and to `apply`.
struct Analysis: Sendable {
    /// Scanned files, in path order; indices are the `file` of findings and edits.
    var files: [FileStructure]
    /// The path of each file as shown to the user (relative to the working directory).
    var displayPaths: [String]
    var lineMaps: [LineMap]
    /// Every finding, sorted by location then rule.
    var findings: [Finding]
    var units: [UnitSummary]
    /// Units that migrate together or not at all; the report's verdicts and `apply` both read it.
    var coupling = UnitCoupling()
    var deploymentTargets: [DeploymentTarget]
    /// Paths that could not be scanned, with the reason.
    var problems: [FileProblem]
    /// Findings silenced by suppression comments (kept for the unused-suppression check).
    var suppressedCount: Int = 0
    /// How many of `files` are Swift files the index read (the project files follow them).
    var indexedFileCount = 0
    /// Which module compiles each indexed file and which modules it sees (nil: one module).
    var fileModules: FileModules?
    /// The module of the files no package or project describes, when the tree has one.
    var folderModule: Int?
    /// Names of the types declared in files the relevance filter left unstructured, for indexing
    /// the rewritten tree as the analysis indexed it.
    var typesDeclaredOutside: Set<String> = []
    /// Swift files no target of the tree's packages and projects compiles (display paths):
    /// listed, never part of a unit.
    var outsideBuild: [String] = []
    /// Manifests and projects that could not be read fully, one `path: reason` line each.
    var buildWarnings: [String] = []
    /// Swift files that were read and checked but not structured: they mention neither
    /// observation nor any model (see `RelevanceFilter`). Counted in the summary figures.
    var unindexed = UnindexedFiles()
    /// The configuration file the run read, as displayed; nil when it used the defaults.
    var configurationPath: String?
    /// The configuration's choices of what to write (`unpublishedProperties`, `observationImport`
    /// and `observableAttributeOrder` as the run resolved them), which `apply`'s tidy-up follows too.
    var ruleOptions = RuleOptions()
    /// Where the run's `unpublishedProperties` policy came from, when it was inferred.
    var unpublishedInference: UnpublishedPropertyInference?
    /// Where the run's `plumbingProperties` policy came from, when it was inferred.
    var plumbingInference: PlumbingPropertyInference?
    /// Where the run's `observationImport` policy came from, when it was inferred.
    var observationImportInference: ObservationImportInference?
    /// Where the run's `observableAttributeOrder` came from, when it was inferred.
    var observableOrderInference: ObservableAttributeOrderInference?
    /// Where the run's `environmentTypeAnnotation` came from, when it was inferred.
    var environmentAnnotationInference: EnvironmentAnnotationInference?
    /// Where the run's `stateInitializerLabel` came from, when it was inferred.
    var stateInitializerInference: StateInitializerInference?
    /// The bytes of the files whose structure was released (`releaseStructures(of:)`); their
    /// entry in `files` is then the structure of an empty file of the same path.
    private(set) var releasedBytes: [Int: [UInt8]] = [:]

    /// The bytes of file `index`, also once its structure is released.
    func bytes(of index: Int) -> [UInt8] {
        releasedBytes[index] ?? files[index].source.bytes
    }

    /// The structure of file `index`, structured again from its bytes when it was released.
    func structure(of index: Int) -> FileStructure {
        guard let bytes = releasedBytes[index] else { return files[index] }
        return FileStructure(SourceFile(path: files[index].source.path, bytes: bytes))
    }

    /// Drops the tokens, bracket pairs and declarations of `indices`, keeping their bytes:
    /// `apply` releases the files it rewrites before it structures their new text, since a
    /// file's tokens and declarations take four times its bytes (a 50 MB file held both ways
    /// peaked at 650 MB). Read a released file with `bytes(of:)` and `structure(of:)`.
    mutating func releaseStructures(of indices: some Sequence<Int>) {
        for index in indices where releasedBytes[index] == nil {
            let path = files[index].source.path
            releasedBytes[index] = files[index].source.bytes
            files[index] = FileStructure(SourceFile(path: path, bytes: []))
        }
    }

    /// Swift files scanned, structured or not.
    var swiftFileCount: Int { files.filter { $0.source.path.hasSuffix(".swift") }.count + unindexed.files }

    /// Swift files scanned that are code, not a package manifest: what "no Swift file found" counts.
    var sourceFileCount: Int {
        files.filter { file in
            let name = PathName.lastComponent(file.source.path)
            return name.hasSuffix(".swift") && name != "Package.swift" && !name.hasPrefix("Package@swift")
        }.count + unindexed.files
    }

    /// Lines across all files.
    var totalLines: Int {
        lineMaps.indices.reduce(0) { $0 + lineMaps[$1].lineCount(byteCount: bytes(of: $1).count) } + unindexed.lines
    }

    /// Bytes across all files.
    var totalBytes: Int { files.indices.reduce(0) { $0 + bytes(of: $1).count } + unindexed.bytes }

    /// Where a finding is, for people.
    func location(_ finding: Finding) -> SourceLocation {
        location(file: finding.file, offset: finding.offset)
    }

    /// Where a byte offset of a file is.
    func location(file: Int, offset: Int) -> SourceLocation {
        let (line, column) = lineMaps[file].location(of: offset)
        return SourceLocation(path: displayPaths[file], line: line, column: column)
    }

    /// The text of 1-based `line` of `file`, without its line break.
    func lineText(file: Int, line: Int) -> String {
        let bytes = bytes(of: file)
        return String(decoding: bytes[lineMaps[file].lineRange(line, in: bytes)], as: UTF8.self)
    }

    /// Whether every deployment target found allows Observation (true when none was found).
    var deploymentAllowsObservation: Bool { deploymentTargets.allSatisfy(\.allowsObservation) }

    /// Units by verdict.
    func units(_ verdict: Verdict) -> [UnitSummary] { units.filter { $0.verdict == verdict } }

    /// Number of findings per rule id, sorted by id.
    var findingsByRule: [(rule: String, count: Int)] {
        var counts: [String: Int] = [:]
        for finding in findings { counts[finding.ruleID, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
