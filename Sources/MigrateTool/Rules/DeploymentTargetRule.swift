import SourceScan

/// A deployment target below iOS 17, macOS 14, tvOS 17, watchOS 10 or visionOS 1, where
/// Observation does not exist. Reported; `apply` refuses to run unless told to ignore it.
struct DeploymentTargetRule: AnalysisFactRule {
    static let id = "deployment-target"

    /// The first version of each platform that ships Observation.
    static let minimums: [String: [Int]] = [
        "iOS": [17], "macOS": [14], "tvOS": [17], "watchOS": [10], "visionOS": [1], "macCatalyst": [17],
    ]

    /// A target as found in a project file.
    struct Found: Equatable {
        var platform: String
        var version: String
        var file: Int
        var offset: Int

        /// Whether the version reaches the platform's minimum.
        var allowsObservation: Bool {
            guard let minimum = DeploymentTargetRule.minimums[platform] else { return true }
            let parts = version.split(separator: ".").map { Int($0) ?? 0 }
            return parts.lexicographicallyPrecedes(minimum) == false
        }

        var minimum: String { DeploymentTargetRule.minimums[platform].map { $0.map(String.init).joined(separator: ".") } ?? "?" }
    }

    func check(_ context: RuleContext) -> [Finding] {
        Self.effectiveTargets(context)
            .filter { !$0.allowsObservation }
            .map { target in
                Finding(ruleID: Self.id, fixClass: .manual, file: target.file, offset: target.offset,
                        message: "the deployment target \(target.platform) \(target.version) is below \(target.platform) "
                            + "\(target.minimum), the first with Observation",
                        suggestion: "raise it to \(target.platform) \(target.minimum), or keep ObservableObject")
            }
    }

    /// The report lists every target found, whether or not it allows Observation.
    static func recordFacts(in analysis: inout Analysis, context: RuleContext) {
        analysis.deploymentTargets = effectiveTargets(context).map { found in
            DeploymentTarget(platform: found.platform, version: found.version, minimum: found.minimum,
                             location: analysis.location(file: found.file, offset: found.offset),
                             allowsObservation: found.allowsObservation)
        }
    }

    /// The targets the project files declare, a configured target replacing what the project
    /// says for that platform. The one place both the check and the report read targets from.
    static func effectiveTargets(_ context: RuleContext) -> [Found] {
        context.projectFiles.flatMap { targets(in: $0.structure, fileIndex: $0.index) }
            .map { found in
                var found = found
                if let assumed = context.assumedDeploymentTargets[found.platform] { found.version = assumed }
                return found
            }
    }

    /// Deployment targets declared in a project file: `platforms:` in `Package.swift`, or
    /// `*_DEPLOYMENT_TARGET = x;` in an Xcode project or `.xcconfig`.
    static func targets(in file: FileStructure, fileIndex: Int) -> [Found] {
        let path = file.source.path
        if path.hasSuffix(".swift") { return packageTargets(file, fileIndex) }
        return settingTargets(file, fileIndex)
    }

    private static let packagePlatforms: [String: String] = [
        "iOS": "iOS", "macOS": "macOS", "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS", "macCatalyst": "macCatalyst",
    ]

    /// `.iOS(.v16)`, `.macOS(.v13_3)`, `.iOS("16.4")` after `platforms:`.
    private static func packageTargets(_ file: FileStructure, _ fileIndex: Int) -> [Found] {
        let tokens = file.tokens
        guard let platforms = tokens.indices.first(where: { file.source.tokenText($0, equals: "platforms") && tokens[$0 + 1].kind == .colon })
        else { return [] }
        var found: [Found] = []
        var index = platforms + 2
        let end = tokens[index].kind == .leftSquare ? file.closing(index) : min(tokens.count - 1, index + 40)
        while index + 3 < end {
            if tokens[index].kind == .period, let platform = packagePlatforms[file.source.text(index + 1)],
               tokens[index + 2].kind == .leftParen {
                let argument = index + 3
                if tokens[argument].kind == .period, file.source.text(argument + 1).hasPrefix("v") {
                    let version = file.source.text(argument + 1).dropFirst().replacingUnderscores()
                    found.append(Found(platform: platform, version: version, file: fileIndex, offset: Int(tokens[index].start)))
                } else if tokens[argument].kind == .stringLiteral {
                    let version = file.source.text(argument).trimming(charactersIn: "\"")
                    found.append(Found(platform: platform, version: version, file: fileIndex, offset: Int(tokens[index].start)))
                }
            }
            index += 1
        }
        return found
    }

    private static let settingPlatforms: [String: String] = [
        "IPHONEOS_DEPLOYMENT_TARGET": "iOS", "MACOSX_DEPLOYMENT_TARGET": "macOS", "TVOS_DEPLOYMENT_TARGET": "tvOS",
        "WATCHOS_DEPLOYMENT_TARGET": "watchOS", "XROS_DEPLOYMENT_TARGET": "visionOS",
    ]

    /// `IPHONEOS_DEPLOYMENT_TARGET = 16.0;` lines.
    private static func settingTargets(_ file: FileStructure, _ fileIndex: Int) -> [Found] {
        let bytes = file.source.bytes
        var found: [Found] = []
        var seen = Set<String>()
        for lineStart in LineMap(bytes).lineStarts where lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let line = String(decoding: bytes[lineStart..<end], as: UTF8.self)
            let trimmed = line.trimming(charactersIn: " \t")
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = String(trimmed[..<equals]).trimming(charactersIn: " \t\"")
            guard let platform = settingPlatforms[key] else { continue }
            let value = String(trimmed[trimmed.index(after: equals)...]).trimming(charactersIn: " \t;\"")
            guard !value.isEmpty, value.first!.isNumber, seen.insert("\(platform) \(value)").inserted else { continue }
            let column = line.utf8.count - line.drop(while: { $0 == " " || $0 == "\t" }).utf8.count
            found.append(Found(platform: platform, version: value, file: fileIndex, offset: lineStart + column))
        }
        return found
    }
}

extension Substring {
    /// `16_4` → `16.4`, the `Package.swift` version spelling.
    func replacingUnderscores() -> String { String(map { $0 == "_" ? "." : $0 }) }
}
