#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SourceScan

/// Finds, reads and validates `.observation-migrate.json`.
///
/// Every problem is one `ToolFailure` line naming the file, line and column, because a
/// configuration that is quietly half-read (a misspelled `exlude`, a rule id with a typo) lets CI
/// pass for the wrong reason. The keys are documented in `docs/configuration.md`.
enum ConfigurationLoader {
    static let fileName = ".observation-migrate.json"

    /// Every key the file may hold, in the order the documentation lists them.
    static let keys = ["include", "exclude", "disabledRules", "onlyRules", "severity", "deploymentTarget", "unpublishedProperties", "plumbingProperties",
                             "observationImport", "observablePlacement", "observableAttributeOrder",
                             "environmentTypeAnnotation", "stateInitializerLabel", "environmentAccess", "stateAccess",
                             "observedObjectWithoutBindings", "manualSends", "observableTypes"]

    /// Names other linters use for the same settings (SwiftLint's snake case, ESLint's and
    /// swift-format's words). Edit distance would send `enabledRules` to `disabledRules`, the
    /// opposite of what was meant, so these are answered by name.
    static let otherToolsNames: [String: String] = [
        "enabledRules": "onlyRules", "enabled_rules": "onlyRules", "only_rules": "onlyRules", "opt_in_rules": "onlyRules",
        "rules": "onlyRules", "disabled_rules": "disabledRules", "included": "include", "excluded": "exclude",
        "severities": "severity", "deployment_target": "deploymentTarget", "platforms": "deploymentTarget",
    ]

    /// The configuration for a run over `paths`: `explicitPath` when given; else the nearest
    /// `.observation-migrate.json` walking up from the paths (from a file's folder), as ruff and
    /// clippy find theirs, so that `apply path/to/app` from elsewhere reads the app's; else the
    /// nearest walking up from the working directory; else the defaults. Paths whose nearest
    /// files differ are an error: one run follows one configuration.
    static func load(explicitPath: String?, paths: [String] = []) throws -> Configuration {
        if let explicitPath { return try load(file: explicitPath) }
        let directory = FileSystem.currentDirectory()
        var found: [String] = []
        for path in paths {
            let absolute = PathArithmetic.normalize(path.hasPrefix("/") ? path : directory + "/" + path)
            let start = FileSystem.isDirectory(absolute) ? absolute : PathArithmetic.directory(of: absolute)
            if let file = find(from: start), !found.contains(file) { found.append(file) }
        }
        if found.count > 1 {
            let shown = found.map(Analyzer.displayPath)
            throw ToolFailure("the paths given fall under different configurations (\(shown.joined(separator: ", "))): "
                + "run once per configuration, or pass --config")
        }
        guard let file = found.first ?? find(from: directory) else { return Configuration() }
        return try load(file: file)
    }

    /// The nearest configuration file in `directory` or one of its ancestors. Existence of the
    /// name is what counts, whatever it is: a file there that cannot be read (a link to nothing,
    /// a link loop, a folder) is an error for `load`, not a reason to go on up to another one or
    /// to the defaults, which would let CI pass for the wrong reason.
    static func find(from directory: String) -> String? {
        let folder = FileSystem.nearestFolder(from: PathArithmetic.normalize(directory), holding: fileName, followingLinks: false)
        return folder.map { $0 == "/" ? "/" + fileName : $0 + "/" + fileName }
    }

    /// Reads and validates one file.
    static func load(file path: String) throws -> Configuration {
        let shown = Analyzer.displayPath(path)
        let bytes: [UInt8]
        switch FileSystem.read(path) {
        case .success(let read): bytes = read
        case .failure(.notFound) where FileSystem.isSymbolicLink(path):
            throw ToolFailure("\(shown): the configuration file is a symbolic link to a file that does not exist")
        case .failure(.notFound): throw ToolFailure("\(shown): configuration file not found")
        case .failure(.symlinkLoop): throw ToolFailure("\(shown): the configuration file is a symbolic link loop")
        case .failure(.unreadable(_, let reason)): throw ToolFailure("\(shown): cannot read the configuration file: \(reason)")
        case .failure(let problem): throw ToolFailure(problem.description)
        }
        let folder = PathArithmetic.resolved(PathArithmetic.directory(of: path))
        var configuration = try parse(bytes, path: shown, configurationDirectory: folder, workingDirectory: FileSystem.currentDirectory())
        configuration.sourcePath = shown
        return configuration
    }

    /// Validates a configuration's bytes; pure, for tests. `path` is only used in messages.
    /// Globs are rewritten from the configuration's folder to what the walker sees from the
    /// working directory (both absolute).
    static func parse(_ bytes: [UInt8], path: String, configurationDirectory: String,
                      workingDirectory: String) throws -> Configuration {
        let failure = JSONFileLocator(path: path, lineMap: LineMap(bytes))
        let document = try failure.parse(bytes)
        guard case .object(let members) = document else {
            throw failure(0, "the configuration must be a JSON object ({ \"exclude\": [...], ... }), not \(document.kindDescription)")
        }
        var configuration = Configuration()
        configuration.source = path
        for member in members {
            switch member.key {
            case "include", "exclude":
                let globs = try strings(member, failure).flatMap {
                    GlobRebase.rebase($0, configurationDirectory: configurationDirectory, workingDirectory: workingDirectory)
                }
                if member.key == "include" { configuration.include = globs } else { configuration.exclude = globs }
            case "disabledRules":
                configuration.disabledRules = Set(try ruleIDs(member, failure))
            case "onlyRules":
                let ids = try ruleIDs(member, failure)
                if ids.isEmpty {
                    throw failure(member.offset, "onlyRules is empty, which would turn every rule off; remove the key to run every rule")
                }
                configuration.onlyRules = Set(ids)
            case "severity":
                configuration.severityOverrides = try severities(member, failure)
            case "deploymentTarget":
                configuration.deploymentTarget = try deploymentTargets(member, failure)
            case "unpublishedProperties":
                configuration.unpublishedProperties = try choice(member, failure)
            case "plumbingProperties":
                configuration.plumbingProperties = try choice(member, failure)
            case "observationImport":
                configuration.observationImport = try choice(member, failure)
            case "observablePlacement":
                configuration.observablePlacement = try choice(member, failure)
            case "observableAttributeOrder":
                configuration.observableAttributeOrder = try choice(member, failure)
            case "environmentTypeAnnotation":
                configuration.environmentTypeAnnotation = try choice(member, failure)
            case "stateInitializerLabel":
                configuration.stateInitializerLabel = try choice(member, failure)
            case "environmentAccess":
                configuration.environmentAccess = try choice(member, failure)
            case "stateAccess":
                configuration.stateAccess = try choice(member, failure)
            case "observedObjectWithoutBindings":
                configuration.observedObjectWithoutBindings = try choice(member, failure)
            case "manualSends":
                configuration.manualSends = try choice(member, failure)
            case "observableTypes":
                configuration.observableTypes = try typeNames(member, failure)
            default:
                let guess = otherToolsNames[member.key] ?? closest(to: member.key, among: keys)
                let hint = guess.map { "; did you mean '\($0)'?" } ?? " (known keys: \(keys.joined(separator: ", ")))"
                throw failure(member.offset, "unknown key '\(member.key)'\(hint)")
            }
        }
        return configuration
    }

    /// One of an option's values, with a did-you-mean for a near miss (`"trak"`, `"ownline"`).
    private static func choice<Value: RawRepresentable & CaseIterable>(_ member: ParsedJSON.Member, _ failure: JSONFileLocator) throws -> Value
    where Value.RawValue == String {
        let choices = Value.allCases.map(\.rawValue)
        if case .string(let text) = member.value, let value = Value(rawValue: text) { return value }
        let listed = choices.map { "\"\($0)\"" }.joined(separator: ", ")
        guard case .string(let text) = member.value else {
            throw failure(member.offset, "'\(member.key)' must be one of \(listed), not \(member.value.kindDescription)")
        }
        let guess = choices.first { $0.lowercased() == text.lowercased() } ?? closest(to: text, among: choices)
        let hint = guess.map { "; did you mean '\($0)'?" } ?? ""
        throw failure(member.offset, "'\(member.key)' must be one of \(listed), not '\(text)'\(hint)")
    }

    /// An array of non-empty strings.
    private static func strings(_ member: ParsedJSON.Member, _ failure: JSONFileLocator) throws -> [String] {
        guard case .array(let elements) = member.value else {
            throw failure(member.offset, "'\(member.key)' must be an array of strings, not \(member.value.kindDescription)")
        }
        return try elements.map { element in
            guard case .string(let text) = element else {
                throw failure(member.offset, "'\(member.key)' must be an array of strings; found \(element.kindDescription)")
            }
            if text.isEmpty { throw failure(member.offset, "'\(member.key)' holds an empty string") }
            return text
        }
    }

    /// An array of type names, each an identifier or a dotted path of them (`KodiConnector`,
    /// `SwiftlyKodiAPI.KodiConnector`).
    private static func typeNames(_ member: ParsedJSON.Member, _ failure: JSONFileLocator) throws -> [String] {
        let names = try strings(member, failure)
        for name in names where !name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier) {
            throw failure(member.offset, "\(member.key): '\(name)' is not a type name (an identifier, or identifiers joined by dots)")
        }
        return names
    }

    /// Whether `text` can be a Swift identifier: letters, digits, underscores and non-ASCII
    /// characters (`Prøve`), not starting with a digit.
    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x5F || $0 >= 0x80 }
    }

    /// An array of known rule ids.
    private static func ruleIDs(_ member: ParsedJSON.Member, _ failure: JSONFileLocator) throws -> [String] {
        let ids = try strings(member, failure)
        for id in ids { try checkRuleID(id, at: member.offset, in: member.key, failure) }
        return ids
    }

    private static func checkRuleID(_ id: String, at offset: Int, in key: String, _ failure: JSONFileLocator) throws {
        guard !RuleCatalog.ids.contains(id) else { return }
        let guess = RuleCatalog.closestID(to: id).map { "did you mean '\($0)'?" } ?? "'observation-migrate rules' lists them"
        throw failure(offset, "\(key): '\(id)' is not a rule; \(guess)")
    }

    /// `{ "rule-id": "error" | "warning" | "note" }`.
    private static func severities(_ member: ParsedJSON.Member, _ failure: JSONFileLocator) throws -> [String: Severity] {
        guard case .object(let entries) = member.value else {
            throw failure(member.offset, "'severity' must be an object such as { \"state-object\": \"error\" }, not \(member.value.kindDescription)")
        }
        var result: [String: Severity] = [:]
        let names = Severity.allCases.map(\.rawValue)
        for entry in entries {
            try checkRuleID(entry.key, at: entry.offset, in: "severity", failure)
            guard case .string(let text) = entry.value, let severity = Severity(rawValue: text) else {
                let shown: String
                if case .string(let text) = entry.value { shown = "'\(text)'" } else { shown = entry.value.kindDescription }
                var hint = ""
                if case .string(let text) = entry.value, let guess = closest(to: text.lowercased(), among: names) {
                    hint = "; did you mean '\(guess)'?"
                }
                throw failure(entry.offset, "severity of '\(entry.key)' must be \"error\", \"warning\" or \"note\", not \(shown)\(hint) "
                                         + "(to turn a rule off, list it in disabledRules)")
            }
            result[entry.key] = severity
        }
        return result
    }

    /// `{ "iOS": "17.0", … }`.
    private static func deploymentTargets(_ member: ParsedJSON.Member, _ failure: JSONFileLocator) throws -> [String: String] {
        guard case .object(let entries) = member.value else {
            throw failure(member.offset, "'deploymentTarget' must be an object such as { \"iOS\": \"17.0\" }, not \(member.value.kindDescription)")
        }
        let platforms = DeploymentTargetRule.minimums.keys.sorted()
        var result: [String: String] = [:]
        for entry in entries {
            guard platforms.contains(entry.key) else {
                let guess = platforms.first { $0.lowercased() == entry.key.lowercased() } ?? closest(to: entry.key, among: platforms)
                let hint = guess.map { "did you mean '\($0)'?" } ?? "known platforms: \(platforms.joined(separator: ", "))"
                throw failure(entry.offset, "deploymentTarget: unknown platform '\(entry.key)'; \(hint)")
            }
            guard case .string(let version) = entry.value else {
                throw failure(entry.offset, "deploymentTarget: the \(entry.key) version must be a string such as \"17.0\", "
                                         + "not \(entry.value.kindDescription)")
            }
            let parts = version.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else {
                throw failure(entry.offset, "deploymentTarget: '\(version)' is not a version such as \"17.0\"")
            }
            result[entry.key] = version
        }
        return result
    }

    /// The candidate within a small edit distance of `text`, for "did you mean".
    static func closest(to text: String, among candidates: [String]) -> String? {
        // An abbreviation (`warn`, `err`) is far from the word by edit distance but plainly meant.
        if text.count >= 3, let expanded = candidates.first(where: { $0.lowercased().hasPrefix(text.lowercased()) }) { return expanded }
        let scored = candidates.map { ($0, RuleCatalog.editDistance($0.lowercased(), text.lowercased())) }.min { $0.1 < $1.1 }
        guard let (candidate, distance) = scored, distance <= max(2, text.count / 3) else { return nil }
        return candidate
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
