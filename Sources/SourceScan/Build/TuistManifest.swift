/// A deployment target a build description writes as a literal (a Tuist manifest, an XcodeGen
/// spec): the platform, the version as written, and where the version stands.
public struct LiteralDeployment: Sendable, Equatable {
    /// `iOS`, `macOS`, `tvOS`, `watchOS` or `visionOS`.
    public var platform: String
    /// The version as written (`17.0`, `16`).
    public var version: String
    /// Byte offset of the version in the file.
    public var offset: Int
}

/// What the tool reads of a Tuist manifest (`Project.swift`) or of a Tuist helper file
/// (`ProjectDescriptionHelpers/*.swift`): the deployment targets written as literals. Tuist
/// generates the Xcode project these describe, and the repository seldom holds it; the tool
/// does not read Tuist's targets (their folders and dependencies are built at run time, often by
/// helper functions), so the files stay in the folder module, but a deployment target below
/// the one Observation needs must still stop `apply`.
///
/// Both spellings Tuist has had: `deploymentTarget: .iOS(targetVersion: "15.0", devices: …)`
/// (Tuist 3) and `deploymentTargets: .iOS("17.0")` or `.multiplatform(iOS: "17.0", macOS: "14.0")`
/// (Tuist 4), with or without the type's name before the dot.
public struct TuistManifest: Sendable, Equatable {
    /// One deployment target written as a literal.
    public typealias Deployment = LiteralDeployment

    /// Whether the file imports `ProjectDescription`, as every Tuist manifest and helper does.
    public var isTuist = false
    /// The literal deployment targets, in the order written.
    public var deployments: [Deployment] = []
    /// Byte offset of the first `deploymentTarget:` or `deploymentTargets:` argument, whatever
    /// its value: a project that passes one the tool cannot read (`env.deploymentTarget`) has a
    /// deployment target it cannot tell.
    public var deploymentArgumentOffset: Int?

    static let platforms: Set<String> = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]

    /// Reads `source`.
    public init(_ source: SourceFile) {
        let tokens = source.tokens
        func isIdentifier(_ index: Int) -> Bool { index < tokens.count && [.identifier, .keyword].contains(tokens[index].kind) }
        func versionLiteral(_ index: Int) -> Deployment? {
            guard index < tokens.count, tokens[index].kind == .stringLiteral else { return nil }
            let text = source.text(index)
            guard text.count >= 3, text.first == "\"", text.last == "\"" else { return nil }
            let version = String(text.dropFirst().dropLast())
            guard !version.isEmpty, version.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
            return Deployment(platform: "", version: version, offset: Int(tokens[index].start))
        }
        // Bracket partners, found when a `.multiplatform(…)` needs them.
        var brackets: BracketPairs?
        for index in tokens.indices {
            if tokens[index].kind == .keyword, source.tokenText(index, equals: "import"), isIdentifier(index + 1),
               source.tokenText(index + 1, equals: "ProjectDescription") {
                isTuist = true
            }
            if deploymentArgumentOffset == nil, isIdentifier(index), index + 1 < tokens.count, tokens[index + 1].kind == .colon,
               source.tokenText(index, equals: "deploymentTarget") || source.tokenText(index, equals: "deploymentTargets") {
                deploymentArgumentOffset = Int(tokens[index].start)
            }
            // `.iOS(` / `.multiplatform(`, the dot glued to the name.
            guard tokens[index].kind == .period, isIdentifier(index + 1), index + 2 < tokens.count, tokens[index + 2].kind == .leftParen
            else { continue }
            let name = source.text(index + 1)
            let open = index + 2
            if Self.platforms.contains(name) {
                // `("17.0")` or `(targetVersion: "15.0", …)`.
                var first = open + 1
                if isIdentifier(first), source.tokenText(first, equals: "targetVersion"), first + 1 < tokens.count,
                   tokens[first + 1].kind == .colon {
                    first += 2
                }
                if var found = versionLiteral(first) {
                    found.platform = name
                    deployments.append(found)
                }
            } else if name == "multiplatform" {
                // `(iOS: "17.0", macOS: "14.0", watchOS: nil)`: the call's own labels, nested
                // brackets skipped whole.
                let pairs = brackets ?? BracketPairs(tokens)
                brackets = pairs
                let close = pairs[open] >= 0 ? Int(pairs[open]) : tokens.count
                var position = open + 1
                while position < close {
                    if [.leftParen, .leftSquare, .leftBrace].contains(tokens[position].kind), pairs[position] > position {
                        position = Int(pairs[position]) + 1
                        continue
                    }
                    if isIdentifier(position), Self.platforms.contains(source.text(position)), position + 1 < close,
                       tokens[position + 1].kind == .colon, var found = versionLiteral(position + 2) {
                        found.platform = source.text(position)
                        deployments.append(found)
                    }
                    position += 1
                }
            }
        }
    }
}
