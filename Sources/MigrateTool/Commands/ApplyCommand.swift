import Foundation
import SourceScan

/// `observation-migrate apply [PATHS…]`: rewrites the tree in place, unit by unit.
enum ApplyCommand {
    static let help = """
        OVERVIEW: Rewrites legacy data flow to Observation, a whole migration unit at a time.

        USAGE: observation-migrate apply [options] [PATHS...]

        Writes only units whose edits are all safe; --unsafe-fixes also writes units that need
        review. Units with a manual blocker are never written. A file is either left untouched or
        replaced whole (written to a temporary file beside it, then renamed over it), keeping its
        permissions, line endings and byte-order mark.

        OPTIONS:
          --unsafe-fixes               also write units whose edits may change behaviour
          --dry-run, --diff            write nothing; print a unified diff (exit 1 if changes are pending)
          --type NAME                  only the unit of this model (repeatable)
          --allow-dirty                write files that have uncommitted git changes
          --ignore-deployment-target   write even if the deployment target predates Observation
          --exclude GLOB               skip matching paths (repeatable)
          --config FILE                configuration file (default: nearest .observation-migrate.json)
          -h, --help                   show this help

        EXIT CODES:
          0  written (or nothing to do)
          1  --dry-run: changes are pending
          2  usage, configuration or I/O error; refused (dirty files, deployment target)
        """

    static func run(_ arguments: [String], output: inout OutputSink) throws -> Int32 {
        var reader = ArgumentReader(arguments)
        if reader.flag("--help", "-h") {
            output.write(help + "\n")
            return 0
        }
        var options = MigrationOptions()
        options.unsafeFixes = reader.flag("--unsafe-fixes")
        let dryRun = reader.flag("--dry-run", "--diff")
        let allowDirty = reader.flag("--allow-dirty")
        let ignoreTarget = reader.flag("--ignore-deployment-target")
        options.types = try reader.values("--type")
        let excludes = try reader.values("--exclude")
        let configuration = try ConfigurationLoader.load(explicitPath: try reader.value("--config"))
        let paths = try reader.finish()

        let analysis = TreeLoader.analyze(paths: paths, configuration: configuration, extraExcludes: excludes)
        if let code = TreeLoader.reportProblems(analysis) { return code }
        for wanted in options.types where !analysis.units.contains(where: { $0.matches(typeName: wanted) }) {
            throw ToolFailure("--type \(wanted): no model of that name in the scanned tree")
        }
        if !ignoreTarget, let target = analysis.deploymentTargets.first(where: { !$0.allowsObservation }) {
            throw ToolFailure("\(target.location.description): deployment target \(target.platform) \(target.version) predates "
                              + "Observation (\(target.platform) \(target.minimum)); raise it, or pass --ignore-deployment-target")
        }
        let plan = Migrator.plan(analysis, options: options)

        if dryRun {
            for fileIndex in plan.newContents.keys.sorted() {
                // `a/` and `b/` prefixes as git writes them, also for absolute paths.
                let path = analysis.displayPaths[fileIndex]
                output.write(TextDiff.unified(analysis.files[fileIndex].source.bytes, plan.newContents[fileIndex]!, path: path.hasPrefix("/") ? String(path.dropFirst()) : path))
            }
            output.flush()
            StandardError.line(summary(plan, analysis, verb: "would change"))
            return plan.hasChanges ? 1 : 0
        }
        guard plan.hasChanges else {
            output.write(summary(plan, analysis, verb: "changed"))
            return 0
        }
        if !allowDirty {
            let targets = plan.newContents.keys.sorted().map { analysis.files[$0].source.path }
            let dirty = GitStatus.dirtyFiles(among: targets)
            if !dirty.isEmpty {
                throw ToolFailure("refusing to rewrite files with uncommitted changes: "
                                  + dirty.map(Analyzer.displayPath).joined(separator: ", ") + " (commit them, or pass --allow-dirty)")
            }
        }
        var written: [String] = []
        for fileIndex in plan.newContents.keys.sorted() {
            let path = analysis.files[fileIndex].source.path
            if let problem = FileSystem.replaceAtomically(path, with: plan.newContents[fileIndex]!) {
                let done = written.isEmpty ? "no file was written" : "written before the failure: " + written.joined(separator: ", ")
                throw ToolFailure("\(problem.description); \(done)")
            }
            written.append(analysis.displayPaths[fileIndex])
        }
        output.write(summary(plan, analysis, verb: "changed"))
        return 0
    }

    /// What was (or would be) changed and what was skipped, for people.
    static func summary(_ plan: MigrationPlan, _ analysis: Analysis, verb: String) -> String {
        var text = ""
        let files = plan.newContents.keys.sorted().map { analysis.displayPaths[$0] }
        text += "\(verb) \(files.count) file\(files.count == 1 ? "" : "s"), "
        text += "\(plan.appliedUnits.count) unit\(plan.appliedUnits.count == 1 ? "" : "s")\n"
        for unitID in plan.appliedUnits {
            text += "  migrated  \(analysis.units[unitID].name)\n"
        }
        if !plan.editsByRule.isEmpty {
            text += "edits by rule:\n"
            for (rule, count) in plan.editsByRule.sorted(by: { $0.key < $1.key }) { text += "  \(rule): \(count)\n" }
        }
        if !plan.skippedUnits.isEmpty {
            text += "skipped \(plan.skippedUnits.count) unit\(plan.skippedUnits.count == 1 ? "" : "s"):\n"
            for (unitID, reason) in plan.skippedUnits { text += "  \(analysis.units[unitID].name): \(reason)\n" }
        }
        return text
    }
}

/// Asks git which files have uncommitted changes.
enum GitStatus {
    /// The paths among `paths` that git reports as modified, added or untracked. Empty when git
    /// is missing or the files are not in a repository: then there is nothing to protect.
    static func dirtyFiles(among paths: [String]) -> [String] {
        guard !paths.isEmpty else { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "status", "--porcelain", "--untracked-files=all", "--"] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return []
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard !lines.isEmpty else { return [] }
        // Porcelain paths are relative to the repository root; match by suffix.
        let reported = lines.map { String($0.dropFirst(3)) }
        return paths.filter { path in
            let display = Analyzer.displayPath(path)
            return reported.contains { $0 == display || path.hasSuffix("/" + $0) || $0.hasSuffix("/" + display) || $0 == path }
        }
    }
}
