/// Rewrites a configuration glob, written relative to the configuration file's folder, into the
/// globs the tree walker needs: it matches globs against paths as the user typed them (relative
/// to the working directory, or absolute), and against bare file and folder names.
///
/// Without this, `"exclude": ["Sources/Generated/**"]` would stop working as soon as someone ran
/// `lint` from `Sources/`, where the walker sees `Generated/x.swift`.
enum GlobRebase {
    /// The globs that together match what `pattern` means from `configurationDirectory`, seen
    /// from `workingDirectory` (both absolute and normalized).
    static func rebase(_ pattern: String, configurationDirectory: String, workingDirectory: String) -> [String] {
        var pattern = pattern
        while pattern.hasPrefix("./") { pattern.removeFirst(2) }
        // Absolute globs and `**/…` mean the same from anywhere.
        if pattern.hasPrefix("/") || pattern.hasPrefix("**/") { return [pattern] }
        // A bare name (`*.pb.swift`, `Generated`) matches at any depth. The walker already tries
        // excludes against names, but includes only against paths, so spell the depth out.
        // (`Generated/` is not a bare name: it means the folder at the configuration's root.)
        if !pattern.contains("/") { return ["**/" + pattern] }

        // For paths the user gives as absolute.
        var result = [configurationDirectory == "/" ? "/" + pattern : configurationDirectory + "/" + pattern]
        let fromWorkingDirectory = PathArithmetic.relative(from: configurationDirectory, to: workingDirectory)
        if fromWorkingDirectory == "." {
            result.append(pattern)
        } else if !fromWorkingDirectory.hasPrefix("..") {
            // The working directory is inside the configuration's folder: consume its components.
            if let rest = strip(fromWorkingDirectory.split(separator: "/").map(String.init), from: pattern) { result.append(rest) }
        } else {
            // Anywhere else, the walker sees the configuration's folder through a relative path.
            let prefix = PathArithmetic.relative(from: workingDirectory, to: configurationDirectory)
            result.append(prefix + "/" + pattern)
        }
        return result
    }

    /// What is left of `pattern` once its leading components have matched every component of
    /// `prefix` (the working directory, below the configuration's folder); nil when the pattern
    /// cannot match anything under it.
    static func strip(_ prefix: [String], from pattern: String) -> String? {
        let trailingSlash = pattern.hasSuffix("/")
        var components = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for component in prefix {
            guard let first = components.first else {
                // The pattern names an ancestor of the working directory (or the directory itself)
                // and so covers everything under it.
                return "**"
            }
            // `**` can absorb the rest of the prefix, and still matches zero components after it.
            if first == "**" { return components.joined(separator: "/") + (trailingSlash ? "/" : "") }
            guard Glob.matches(first, path: component) else { return nil }
            components.removeFirst()
        }
        if components.isEmpty { return "**" }
        return components.joined(separator: "/") + (trailingSlash ? "/" : "")
    }
}
