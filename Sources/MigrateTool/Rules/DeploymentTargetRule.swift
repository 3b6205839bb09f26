import SourceScan

/// A deployment target below iOS 17, macOS 14, tvOS 17, watchOS 10 or visionOS 1, where
/// Observation does not exist. Reported; `apply` refuses the units whose files a target below
/// the minimum compiles, unless told to ignore it.
struct DeploymentTargetRule: AnalysisFactRule {
    static let id = "deployment-target"

    /// The first version of each platform that ships Observation.
    static let minimums: [String: [Int]] = [
        "iOS": [17], "macOS": [14], "tvOS": [17], "watchOS": [10], "visionOS": [1], "macCatalyst": [17],
    ]

    /// Whether `version` of `platform` reaches the platform's minimum (true for platforms
    /// Observation does not name).
    static func allowsObservation(platform: String, version: String, origin: TargetDescription.Deployment.Origin = .declared) -> Bool {
        // A version the tool could not read may be below: it counts as one until configured.
        if origin == .unreadable { return false }
        guard minimums[platform] != nil else { return true }
        return !VersionNumber.precedes(version, minimum(of: platform))
    }

    /// The first version of `platform` with Observation, dotted (`?` for an unknown platform).
    static func minimum(of platform: String) -> String {
        minimums[platform].map { $0.map(String.init).joined(separator: ".") } ?? "?"
    }

    /// One finding per deployment setting below Observation's minimum, where the manifest,
    /// project, `.xcconfig` or configuration file says it; the build graph says which targets
    /// it applies to, and `apply` refuses only the units editing files of those targets.
    func check(_ context: RuleContext) -> [Finding] {
        let below = context.deployments.filter { !Self.allowsObservation(platform: $0.platform, version: $0.version, origin: $0.origin) }
        var findings = below.filter { $0.origin == .declared }.compactMap { target -> Finding? in
            guard let file = target.file else { return nil }
            return Finding(ruleID: Self.id, fixClass: .manual, file: file, offset: target.offset,
                           message: "the deployment target \(target.platform) \(target.version) is below \(target.platform) "
                               + "\(Self.minimum(of: target.platform)), the first with Observation",
                           suggestion: "raise it to \(target.platform) \(Self.minimum(of: target.platform)), or keep ObservableObject")
        }
        for target in below where target.origin == .unreadable {
            guard let file = target.file else { continue }
            let what = !target.folders.isEmpty ? "this deployment target" : target.platform.isEmpty ? "this platforms entry"
                : "this \(target.platform) version"
            findings.append(Finding(
                ruleID: Self.id, fixClass: .manual, file: file, offset: target.offset,
                message: "\(what) is not a literal, so the tool cannot tell whether it allows Observation; apply treats it as too low",
                suggestion: (target.folders.isEmpty ? "write the version out (.iOS(.v17))" : "write the version out (.iOS(\"17.0\"))")
                    + ", or set \"deploymentTarget\" in .observation-migrate.json"))
        }
        // SwiftPM's defaults for a manifest without `platforms:`: one finding for the manifest.
        var seen = Set<Int>()
        for target in below where target.origin == .packageDefault {
            guard let file = target.file, seen.insert(file).inserted else { continue }
            let defaults = below.filter { $0.origin == .packageDefault && $0.file == file }.map { "\($0.platform) \($0.version)" }
            findings.append(Finding(
                ruleID: Self.id, fixClass: .manual, file: file, offset: target.offset,
                message: "the package declares no platforms, so SwiftPM builds it for its oldest supported versions ("
                    + defaults.joined(separator: ", ") + "), where Observation does not exist",
                suggestion: "add platforms: [.iOS(.v17), .macOS(.v14)] (the ones the package ships on), or keep ObservableObject"))
        }
        return findings
    }

    /// The report lists every target found, whether or not it allows Observation; each unit is
    /// told which targets below the minimum compile the files it edits (`apply` refuses it).
    static func recordFacts(in analysis: inout Analysis, context: RuleContext) {
        let deployments = context.deployments
        analysis.deploymentTargets = deployments.map { fact in
            DeploymentTarget(platform: fact.platform, version: fact.version, minimum: minimum(of: fact.platform),
                             location: fact.file.map { analysis.location(file: $0, offset: fact.offset) }
                                 ?? SourceLocation(path: Analyzer.displayPath(fact.path), line: 1, column: 1),
                             allowsObservation: allowsObservation(platform: fact.platform, version: fact.version, origin: fact.origin),
                             origin: fact.origin)
        }
        // Lowest first, so that `apply` names the same setting first as the report does.
        let targets = analysis.deploymentTargets
        let below = DeploymentTarget.lowestFirstOrder(targets).filter { !targets[$0].allowsObservation }
        guard !below.isEmpty else { return }
        // A Tuist or XcodeGen project's setting applies to the files under its folder (the
        // innermost project's, for a file under several).
        let projectFolders = Set(deployments.flatMap(\.folders))
        let directory = FileSystem.currentDirectory()
        func folders(ofUnit position: Int) -> Set<String> {
            guard !projectFolders.isEmpty else { return [] }
            return Set(Analyzer.unitFiles(context.units.units[position]).compactMap { file -> String? in
                let path = PathName.absolute(context.files[file].source.path, in: directory)
                return projectFolders.filter { PathName.isInside(path, folder: $0) }.max { $0.count < $1.count }
            })
        }
        let modules = context.index.types.modules
        for position in analysis.units.indices {
            let unitFolders = folders(ofUnit: position)
            // One module: every other target applies to every unit.
            let unitModules = modules.map { modules in
                Set(Analyzer.unitFiles(context.units.units[position]).flatMap { modules.own[$0].map(Int.init) })
            }
            analysis.units[position].deploymentBlockers = below.filter { fact in
                if !deployments[fact].folders.isEmpty { return !unitFolders.isDisjoint(with: deployments[fact].folders) }
                return unitModules.map { !$0.isDisjoint(with: deployments[fact].modules) } ?? true
            }
        }
    }
}
