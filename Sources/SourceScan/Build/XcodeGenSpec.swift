/// What the tool reads of an XcodeGen spec (`project.yml`): the deployment targets it writes.
/// XcodeGen generates the Xcode project, which the repository often leaves out; where the
/// project is there, it is read instead. Like a Tuist project's, the spec's targets are not
/// read (their files stay in the folder module); its deployment targets stop `apply` for the
/// files under its folder.
///
/// The spellings XcodeGen documents: `options: deploymentTarget: {iOS: "16.0"}`, a target's
/// `deploymentTarget: "16.0"` with its `platform: iOS` (or a map by platform), and the
/// `*_DEPLOYMENT_TARGET` build settings anywhere in `settings:`. YAML is read line by line, by
/// indentation: block maps and scalars, which is what specs hold; flow maps (`{iOS: 16.0}`) on one
/// line are read too.
public struct XcodeGenSpec: Sendable, Equatable {
    /// One deployment target the spec writes.
    public typealias Deployment = LiteralDeployment

    /// The deployment targets the spec writes, in the order written.
    public var deployments: [Deployment] = []
    /// Whether the spec includes other files (`include:`), which may set what it does not.
    public var includesOthers = false
    /// Whether the file is an XcodeGen spec at all: XcodeGen requires a top-level `name`, and a
    /// spec has `targets`, `options` or `include` beside it. Another tool's `project.yml` is none.
    public var isSpec: Bool { topLevelKeys.contains("name") && !topLevelKeys.isDisjoint(with: ["targets", "options", "include"]) }
    private var topLevelKeys = Set<String>()

    static let platforms: Set<String> = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]
    static let settingPlatforms: [String: String] = [
        "IPHONEOS_DEPLOYMENT_TARGET": "iOS", "MACOSX_DEPLOYMENT_TARGET": "macOS", "TVOS_DEPLOYMENT_TARGET": "tvOS",
        "WATCHOS_DEPLOYMENT_TARGET": "watchOS", "XROS_DEPLOYMENT_TARGET": "visionOS",
    ]

    /// Reads the spec's bytes.
    public init(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        // (indent, key) of the maps the current line is inside.
        var stack: [(indent: Int, key: String)] = []
        // A target's scalar `deploymentTarget`, waiting for its `platform`.
        var pendingByTarget: [String: Deployment] = [:]
        var platformByTarget: [String: String] = [:]
        var offset = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let lineStart = offset
            offset += rawLine.utf8.count + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let indent = line.prefix { $0 == " " }.count
            var content = line.dropFirst(indent)
            if content.hasPrefix("- ") { continue }
            guard !content.isEmpty, !content.hasPrefix("#"), let colon = content.firstIndex(of: ":") else { continue }
            let key = Self.unquoted(content[..<colon])
            content = content[content.index(after: colon)...]
            let valueText = Self.scalar(content)
            // Where the value starts in the file, past an opening quote: the report points there.
            let value = content.drop { $0 == " " }
            let valueOffset = lineStart + line.utf8.distance(from: line.startIndex, to: value.startIndex)
                + (value.first == "\"" || value.first == "'" ? 1 : 0)
            while let last = stack.last, last.indent >= indent { stack.removeLast() }
            let path = stack.map(\.key) + [key]
            if indent == 0 {
                topLevelKeys.insert(key)
                if key == "include" { includesOthers = true }
            }
            if let platform = Self.settingPlatforms[key], let version = Self.version(valueText) {
                deployments.append(Deployment(platform: platform, version: version, offset: valueOffset))
            } else if path.count == 3, path[0] == "options", path[1] == "deploymentTarget", Self.platforms.contains(key),
                      let version = Self.version(valueText) {
                deployments.append(Deployment(platform: key, version: version, offset: valueOffset))
            } else if path.count == 4, path[0] == "targets", path[2] == "deploymentTarget", Self.platforms.contains(key),
                      let version = Self.version(valueText) {
                deployments.append(Deployment(platform: key, version: version, offset: valueOffset))
            } else if path.count == 3, path[0] == "targets", key == "platform", let platform = valueText, Self.platforms.contains(platform) {
                platformByTarget[path[1]] = platform
            } else if (path.count == 3 && path[0] == "targets" || path.count == 2 && path[0] == "options") && key == "deploymentTarget",
                      let value = valueText {
                if let version = Self.version(value), path[0] == "targets" {
                    pendingByTarget[path[1]] = Deployment(platform: "", version: version, offset: valueOffset)
                } else {
                    // `{iOS: "16.0", macOS: 14.0}` on one line.
                    for entry in Self.flowMap(value) where Self.platforms.contains(entry.key) {
                        if let version = Self.version(entry.value) {
                            deployments.append(Deployment(platform: entry.key, version: version, offset: valueOffset))
                        }
                    }
                }
            }
            if valueText == nil { stack.append((indent, key)) }
        }
        for (target, pending) in pendingByTarget.sorted(by: { $0.value.offset < $1.value.offset }) {
            guard let platform = platformByTarget[target] else { continue }
            deployments.append(Deployment(platform: platform, version: pending.version, offset: pending.offset))
        }
        // In the order written; a flow map's entries share their offset and keep their order.
        deployments = deployments.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }

    /// The scalar after a key's colon, without quotes or a trailing comment; nil when the key
    /// opens a block (nothing follows but a comment).
    static func scalar(_ rest: Substring) -> String? {
        var value = rest.drop { $0 == " " }
        // A comment starts at ` #` (YAML's rule) outside quotes; specs put none inside versions.
        var previous: Character = " "
        for index in value.indices {
            if value[index] == "#", previous == " " || previous == "\t" {
                value = value[..<index]
                break
            }
            previous = value[index]
        }
        let trimmed = String(value).trimmingTrailingSpaces()
        return trimmed.isEmpty ? nil : unquoted(Substring(trimmed))
    }

    static func unquoted(_ text: Substring) -> String {
        var value = text
        while value.first == " " { value = value.dropFirst() }
        while value.last == " " { value = value.dropLast() }
        if value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" {
            value = value.dropFirst().dropLast()
        }
        return String(value)
    }

    /// A version of digits and dots, as YAML may give it (`17`, `16.4`, `"17.0"`).
    static func version(_ text: String?) -> String? {
        guard let text, !text.isEmpty, text.first?.isNumber == true, text.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        return text
    }

    /// The entries of a one-line flow map (`{iOS: "16.0", macOS: 14.0}`).
    static func flowMap(_ text: String) -> [(key: String, value: String)] {
        guard text.hasPrefix("{"), text.hasSuffix("}") else { return [] }
        return text.dropFirst().dropLast().split(separator: ",").compactMap { entry in
            guard let colon = entry.firstIndex(of: ":") else { return nil }
            return (unquoted(entry[..<colon]), unquoted(entry[entry.index(after: colon)...]))
        }
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var value = Substring(self)
        while value.last == " " || value.last == "\t" { value = value.dropLast() }
        return String(value)
    }
}
