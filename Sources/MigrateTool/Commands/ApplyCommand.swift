import Foundation
import SourceScan

/// `observation-migrate apply [PATHS…]`: rewrites the tree in place, unit by unit.
enum ApplyCommand: Subcommand {
    static let help = """
        OVERVIEW: Rewrites legacy data flow to Observation, a whole migration unit at a time.

        USAGE: observation-migrate apply [options] [PATHS...]

        Writes only units whose edits are all safe; --unsafe-fixes also writes units that need
        review. Units with a manual blocker are never written. The run is all or nothing: every
        new file is first written to a temporary file beside its target, and only when all are
        ready are they renamed over the targets (a failed rename puts the replaced files back).
        Files keep their permissions, line endings and byte-order mark. A symbolic link is never
        replaced: a file reached through one (a folder on the way too) is written when it lies
        within PATHS in a folder the scan enters, otherwise it and its unit are left as they are.

        OPTIONS:
          --unsafe-fixes               also write units whose edits may change behaviour
          --dry-run, --diff            write nothing; print a unified diff (exit 1 if changes are pending)
          --type NAME                  only the unit of this model (repeatable); MODULE.NAME picks the
                                       copy one target compiles (`debug modules` lists the modules)
          --module NAME                only the units whose models this module (target) declares, with
                                       their sites in every module (repeatable; adds to --type)
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

    /// The first file outside the build whose text declares `class Name` (the last component of
    /// a dotted name): files no target compiles are never structured, so a plain text search
    /// tells the user why a type they can see is not a model of the run.
    static func outsideBuildFile(declaring name: String, among paths: [String]) -> String? {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        return paths.first { path in
            guard case .success(let bytes) = FileSystem.read(path) else { return false }
            let text = String(decoding: bytes, as: UTF8.self)
            var searchFrom = text.startIndex
            while let found = text.range(of: "class " + simple, range: searchFrom..<text.endIndex) {
                let next = text[found.upperBound...].first
                if next.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
                searchFrom = found.upperBound
            }
            return false
        }
    }

    /// `; did you mean 'X'?` for the name among `names` that differs from `wanted` only in case,
    /// else the closest one; empty when none is close.
    static func suggestion(for wanted: String, among names: [String]) -> String {
        let guess = names.first { $0.lowercased() == wanted.lowercased() } ?? ConfigurationLoader.closest(to: wanted, among: names)
        return guess.map { "; did you mean '\($0)'?" } ?? ""
    }

    static func run(_ arguments: [String], output: inout OutputSink) throws -> Int32 {
        var reader = ArgumentReader(arguments)
        var options = MigrationOptions()
        options.unsafeFixes = reader.flag("--unsafe-fixes")
        let dryRun = reader.flag("--dry-run", "--diff")
        let allowDirty = reader.flag("--allow-dirty")
        let ignoreTarget = reader.flag("--ignore-deployment-target")
        options.types = try reader.values("--type")
        options.modules = try reader.values("--module")
        let excludes = try reader.values("--exclude")
        let configurationPath = try reader.value("--config")
        let paths = try reader.finish()
        try TreeLoader.requireExistingPaths(paths)
        let configuration = try ConfigurationLoader.load(explicitPath: configurationPath, paths: paths)

        var analysis = TreeLoader.analyze(paths: paths, configuration: configuration, extraExcludes: excludes)
        if let code = TreeLoader.reportProblems(analysis) { return code }
        for wanted in options.types where !analysis.units.contains(where: { $0.matches(typeName: wanted) }) {
            if let file = Self.outsideBuildFile(declaring: wanted, among: analysis.outsideBuild) {
                throw ToolFailure("--type \(wanted): declared only in \(file), which no target of the build compiles; "
                                  + "add the file to a target, or leave the type out")
            }
            let names = Array(Set(analysis.units.flatMap { [$0.name] + $0.members + $0.moduleQualifiedMembers })).sorted()
            throw ToolFailure("--type \(wanted): no model of that name in the scanned tree" + Self.suggestion(for: wanted, among: names))
        }
        for wanted in options.modules where !analysis.units.contains(where: { $0.isDeclared(inModule: wanted) }) {
            let names = Array(Set(analysis.units.flatMap { $0.memberDeclarations.flatMap(\.modules) })).sorted()
            let external = analysis.units.compactMap(\.observableExternalType)
            if names.isEmpty, !external.isEmpty {
                throw ToolFailure("--module \(wanted): no model is declared in a module of that name; the units of types named in "
                                  + "observableTypes (\(external.sorted().joined(separator: ", "))) have no declaring module: select them "
                                  + "with --type")
            }
            guard !names.isEmpty else {
                throw ToolFailure("--module \(wanted): the build names no module (no package manifest or Xcode project was read); "
                                  + "use --type, or run on the folder holding Package.swift or the .xcodeproj")
            }
            let listed = names.count > 8 ? names.prefix(8).joined(separator: ", ") + " and \(names.count - 8) more" : names.joined(separator: ", ")
            throw ToolFailure("--module \(wanted): no model is declared in a module of that name (modules declaring models: "
                              + listed + ")" + Self.suggestion(for: wanted, among: names))
        }
        options.ignoreDeploymentTarget = ignoreTarget
        let filePaths = analysis.files.map(\.source.path)
        let writeTargets = WriteTargets(paths: filePaths, roots: paths, excludeGlobs: configuration.exclude + excludes,
                                        indices: WriteTargets.editedFiles(analysis))
        options.unwritableFiles = writeTargets.warnAboutUnwritable(analysis)
        // The analysis is not copied anywhere: the plan releases the structures of the files it
        // rewrites, so that a large file is not held structured twice.
        let plan = Migrator.plan(releasing: &analysis, options: options)
        // Refused whole when the deployment target is the only reason nothing would be written.
        if !plan.hasChanges, let refused = plan.refusedForDeployment.first,
           let target = analysis.units[refused].deploymentBlockers.first.map({ analysis.deploymentTargets[$0] }) {
            throw ToolFailure("\(target.location.description): \(target.refusal)")
        }

        // One entry per file on disk, however many scanned paths (links) lead to it.
        let written = writeTargets.chosenIndices(plan.newContents, paths: filePaths)
        if dryRun {
            for fileIndex in written {
                // `a/` and `b/` prefixes as git writes them, also for absolute paths.
                let path = analysis.displayPaths[fileIndex]
                output.write(TextDiff.unified(analysis.bytes(of: fileIndex), plan.newContents[fileIndex]!, path: path.hasPrefix("/") ? String(path.dropFirst()) : path))
            }
            output.flush()
            StandardError.raw(ApplySummary.render(plan, analysis, files: written, dryRun: true))
            return plan.hasChanges ? 1 : 0
        }
        guard plan.hasChanges else {
            output.write(ApplySummary.render(plan, analysis, files: written, dryRun: false))
            return 0
        }
        if !allowDirty {
            let targets = written.map { writeTargets.targets[$0]! }
            let git = GitStatus.report(among: targets)
            let dirty = git.dirty
            for (root, reason) in git.unanswered {
                StandardError.line("observation-migrate: warning: \(Analyzer.displayPath(root)): git could not tell which files have "
                                   + "uncommitted changes (\(reason)); its files are written unguarded")
            }
            if !dirty.isEmpty || !git.ignored.isEmpty {
                var listed: [String] = []
                if !dirty.isEmpty { listed.append(dirty.map(Analyzer.displayPath).joined(separator: ", ")) }
                if !git.ignored.isEmpty {
                    listed.append("files git ignores, of which it keeps no copy: " + git.ignored.map(Analyzer.displayPath).joined(separator: ", "))
                }
                throw ToolFailure("refusing to rewrite files with uncommitted changes: " + listed.joined(separator: "; ")
                                  + " (commit them, or pass --allow-dirty)")
            }
        }
        // Every file of the run, or none: a unit half written would not compile.
        let replacements = written.map {
            FileTransaction.Replacement(path: writeTargets.targets[$0]!, bytes: plan.newContents[$0]!, original: analysis.bytes(of: $0))
        }
        // A SIGTERM or Ctrl-C meanwhile waits for the transaction to tidy up after itself.
        let (outcome, signal) = InterruptDeferral.run { arrived in FileTransaction.commit(replacements, interrupted: arrived) }
        if case .failure(let failure) = outcome {
            guard let signal else { throw ToolFailure(failure.description) }
            StandardError.line("observation-migrate: error: \(failure.description)")
            InterruptDeferral.redeliver(signal)
            return 2  // Reached only when the signal's previous action let the process go on.
        }
        output.write(ApplySummary.render(plan, analysis, files: written, dryRun: false))
        if let signal {
            output.flush()
            InterruptDeferral.redeliver(signal)
        }
        return 0
    }
}
