/// Finds and reads `.observation-migrate.json`.
enum ConfigurationLoader {
    static let fileName = ".observation-migrate.json"

    /// The configuration for a run: `explicitPath` when given, else the nearest
    /// `.observation-migrate.json` walking up from the working directory, else the defaults.
    static func load(explicitPath: String?) throws -> Configuration {
        if let explicitPath {
            throw ToolFailure("\(explicitPath): configuration files are not read yet (issue 5)")
        }
        return Configuration()
    }
}
