import SourceScan

/// What `apply` should write.
struct MigrationOptions: Sendable {
    /// Also write units whose edits include `review` ones.
    var unsafeFixes = false
    /// Only these units (matched by model or protocol name, qualified or not); all when empty.
    var types: [String] = []
    /// Only the units whose models these modules compile (with `types`, either selects a unit);
    /// all when both are empty.
    var modules: [String] = []

    /// Whether the run writes only some units (`--type`, `--module`), so findings that belong to
    /// the whole tree rather than to a unit are left for a whole run.
    var isSelective: Bool { !types.isEmpty || !modules.isEmpty }

    /// Whether `--type` or `--module` selects `unit`.
    func selects(_ unit: UnitSummary) -> Bool {
        types.contains(where: unit.matches(typeName:)) || modules.contains(where: unit.isDeclared(inModule:))
    }
    /// Also write units compiled by a target whose deployment target predates Observation.
    var ignoreDeploymentTarget = false
    /// Units not to write, with the reason (set by the consistency check).
    var excludedUnits: [Int: String] = [:]
    /// Files `apply` may not write, by index into `Analysis.files`, with the reason: a unit with
    /// an edit in one is skipped whole, since writing the rest of it would not compile.
    var unwritableFiles: [Int: String] = [:]
}

/// The outcome of planning a migration: new file contents and an account of every unit.
struct MigrationPlan: Sendable {
    /// New bytes for every file whose content changes, by index into `Analysis.files`.
    var newContents: [Int: [UInt8]] = [:]
    /// Units whose edits are included.
    var appliedUnits: [Int] = []
    /// Units left alone, with the reason.
    var skippedUnits: [(unit: Int, reason: String)] = []
    /// How many edits each rule contributed.
    var editsByRule: [String: Int] = [:]
    /// Units left alone only because a target compiling their files predates Observation.
    var refusedForDeployment: [Int] = []

    /// Whether anything would change.
    var hasChanges: Bool { !newContents.isEmpty }
}

/// Turns an analysis into new file contents, unit by unit: all of a unit's edits or none.
enum Migrator {
    /// Plans the rewrite of an analyzed tree; a unit the consistency check finds a legacy
    /// construct left on is not written, and the plan is made again without it.
    static func plan(_ analysis: Analysis, options: MigrationOptions) -> MigrationPlan {
        var analysis = analysis
        return plan(releasing: &analysis, options: options)
    }

    /// Plans as `plan(_:options:)` does, releasing the structures of the files it rewrites
    /// (`Analysis.releaseStructures(of:)`) before it structures their new text: with no other
    /// copy of the analysis alive, a rewritten file is never held structured twice.
    static func plan(releasing analysis: inout Analysis, options: MigrationOptions) -> MigrationPlan {
        var options = options
        while true {
            var (plan, editsByFile) = PhaseTimer.measure("plan") { chooseEdits(analysis, options: options) }
            analysis.releaseStructures(of: editsByFile.keys)
            let rewritten = PhaseTimer.measure("rewrite, tidy") { rewrite(editsByFile, analysis, into: &plan) }
            editsByFile = [:]  // Not needed past the rewrite: freed before the check indexes the tree.
            let violations = PhaseTimer.measure("consistency check") {
                plan.hasChanges ? ConsistencyCheck.violations(analysis, rewritten: rewritten, appliedUnits: plan.appliedUnits) : []
            }
            guard !violations.isEmpty else { return plan }
            for violation in violations where options.excludedUnits[violation.unit] == nil {
                options.excludedUnits[violation.unit] = "internal consistency: \(violation.location.description): \(violation.construct) would still name "
                    + "'\(violation.className)' after the rewrite, which would not compile; please report this as a bug"
            }
        }
    }

    /// The units to write and the edits of each file they need, with every file-independent
    /// part of the plan (skipped units and why, edit counts); `rewrite` makes the new contents.
    private static func chooseEdits(_ analysis: Analysis, options: MigrationOptions) -> (MigrationPlan, [Int: AcceptedEdits]) {
        var plan = MigrationPlan()
        var editsByFile: [Int: AcceptedEdits] = [:]
        var selected = analysis.units
        func isWritable(_ unit: UnitSummary) -> Bool {
            options.excludedUnits[unit.id] == nil && (unit.deploymentBlockers.isEmpty || options.ignoreDeploymentTarget)
                && (unit.verdict == .ready || (unit.verdict == .needsUnsafeFixes && options.unsafeFixes))
        }
        if options.isSelective {
            var chosen = Set(analysis.units.filter(options.selects).map(\.id))
            // A superclass's unit takes along the subclasses' units it cannot migrate without,
            // when it can be written with all of them; otherwise it is held back below, alone.
            for named in chosen {
                let needed = analysis.coupling.unitsNeeded(by: [named])
                if ([named] + needed).allSatisfy({ isWritable(analysis.units[$0]) }) { chosen.formUnion(needed) }
            }
            selected = analysis.units.filter { chosen.contains($0.id) }
        }
        let selectedIDs = Set(selected.map(\.id))
        for unit in analysis.units where !selectedIDs.contains(unit.id) {
            plan.skippedUnits.append((unit.id, options.modules.isEmpty ? "not selected with --type"
                                      : options.types.isEmpty ? "not selected with --module" : "not selected with --type or --module"))
        }
        // Coupled units are written together or not at all: a unit whose partner is not
        // written in this run (blocked, not selected, or needing `--unsafe-fixes`) is held back.
        if !analysis.coupling.isEmpty {
            let writable = Set(selected.filter(isWritable).map(\.id))
            let notWritten = Set(analysis.units.map(\.id)).subtracting(writable)
            var heldBack: [Int: String] = [:]
            for step in analysis.coupling.propagation(from: notWritten) {
                let ruleID = analysis.coupling.groups[step.group].ruleID
                let rule = RuleCatalog.rule(withID: ruleID) as? any CouplingRule.Type
                heldBack[step.unit] = rule?.couplingHoldBackReason ?? UnitCoupling.holdBackReason
            }
            for unit in selected { if let reason = heldBack[unit.id] { plan.skippedUnits.append((unit.id, reason)) } }
            selected = selected.filter { heldBack[$0.id] == nil }
        }
        for unit in selected {
            if let reason = options.excludedUnits[unit.id] {
                plan.skippedUnits.append((unit.id, reason))
                continue
            }
            switch unit.verdict {
            case .blocked:
                let blockers = unit.findings.map { analysis.findings[$0] }.filter(\.isBlocker)
                let reason = unit.suppressed ? "a suppression comment or the configuration turns off one of its fixes"
                    : blockers.map { "\(analysis.location($0).description): \($0.message)" }.joined(separator: "; ")
                plan.skippedUnits.append((unit.id, "blocked: \(reason)"))
                continue
            case .needsUnsafeFixes where !options.unsafeFixes:
                plan.skippedUnits.append((unit.id, "needs --unsafe-fixes"))
                continue
            default:
                break
            }
            if !options.ignoreDeploymentTarget, let first = unit.deploymentBlockers.first {
                let target = analysis.deploymentTargets[first]
                plan.skippedUnits.append((unit.id, "\(target.location.description): \(target.refusal)"))
                plan.refusedForDeployment.append(unit.id)
                continue
            }
            var unitEdits: [Int: [Edit]] = [:]
            var counts: [String: Int] = [:]
            for position in unit.findings {
                let finding = analysis.findings[position]
                guard finding.unit == unit.id, !finding.isNote, finding.fixClass != .manual, !finding.requiresEveryUnit else { continue }
                for fileEdit in finding.edits { unitEdits[fileEdit.file, default: []].append(fileEdit.edit) }
                if !finding.edits.isEmpty { counts[finding.ruleID, default: 0] += 1 }
            }
            if let file = unitEdits.keys.sorted().first(where: { options.unwritableFiles[$0] != nil }) {
                plan.skippedUnits.append((unit.id, "\(analysis.displayPaths[file]) \(options.unwritableFiles[file]!)"))
                continue
            }
            // A unit whose edits collide with each other or with an earlier unit's is not written.
            if let conflict = firstConflict(unitEdits, with: editsByFile) {
                plan.skippedUnits.append((unit.id, "its edits overlap at \(analysis.location(file: conflict.file, offset: conflict.offset).description); "
                                          + "please report this as a bug"))
                continue
            }
            for (file, edits) in unitEdits { editsByFile[file, default: AcceptedEdits()].add(edits) }
            for (rule, count) in counts { plan.editsByRule[rule, default: 0] += count }
            plan.appliedUnits.append(unit.id)
        }
        // Fixes outside units (constraint rewrites need every unit; tidy-ups need a whole-tree run).
        let everyUnitApplied = plan.appliedUnits.count == analysis.units.count
        let applied = Set(plan.appliedUnits)
        let fileRuleIDs = Set(RuleCatalog.fileRules.map { $0.id })
        for finding in analysis.findings where finding.unit == nil && !finding.isNote && !finding.edits.isEmpty {
            // Imports change only in files a unit rewrites (`tidy`), never elsewhere: a file may
            // use another module's `@Observable`, or need an import for a configuration.
            guard !fileRuleIDs.contains(finding.ruleID) else { continue }
            guard finding.fixClass == .safe || (finding.fixClass == .review && options.unsafeFixes) else { continue }
            if let after = finding.tidiesUpAfterUnits {
                guard after.allSatisfy(applied.contains) else { continue }
                var single: [Int: [Edit]] = [:]
                for fileEdit in finding.edits { single[fileEdit.file, default: []].append(fileEdit.edit) }
                guard !single.keys.contains(where: { options.unwritableFiles[$0] != nil }),
                      single.allSatisfy({ file, edits in editsByFile[file, default: AcceptedEdits()].canAbsorb(edits) }) else { continue }
                for (file, edits) in single { editsByFile[file, default: AcceptedEdits()].absorb(edits) }
                plan.editsByRule[finding.ruleID, default: 0] += 1
                continue
            }
            if let required = finding.requiresUnits {
                // Written with the units that reach it; when none does, only in a whole-tree run.
                guard required.allSatisfy(applied.contains), !required.isEmpty || !options.isSelective else { continue }
            } else {
                guard !options.isSelective else { continue }
                if finding.requiresEveryUnit && !everyUnitApplied { continue }
            }
            var single: [Int: [Edit]] = [:]
            for fileEdit in finding.edits { single[fileEdit.file, default: []].append(fileEdit.edit) }
            guard firstConflict(single, with: editsByFile) == nil,
                  !single.keys.contains(where: { options.unwritableFiles[$0] != nil }) else { continue }
            for (file, edits) in single { editsByFile[file, default: AcceptedEdits()].add(edits) }
            plan.editsByRule[finding.ruleID, default: 0] += 1
        }
        return (plan, editsByFile)
    }

    /// Applies each file's edits and tidies its imports, filling `plan.newContents`; returns the
    /// structure of every rewritten file's new text, which the consistency check indexes.
    private static func rewrite(_ editsByFile: [Int: AcceptedEdits], _ analysis: Analysis,
                                into plan: inout MigrationPlan) -> [Int: FileStructure] {
        // Files are rewritten on both cores; each returns its own counts, added in file order.
        let files = editsByFile.keys.sorted()
        let results = concurrentMap(files) { fileIndex -> (structure: FileStructure, counts: [String: Int])? in
            let original = analysis.bytes(of: fileIndex)
            let edits = EditApplier.joiningLineDeletions(editsByFile[fileIndex]!.edits, in: original)
            guard let rewritten = try? EditApplier.apply(edits, to: original) else { return nil }
            let addsObservable = edits.contains { $0.replacement.contains("@Observable") }
            var counts: [String: Int] = [:]
            let structure = tidy(consume rewritten, path: analysis.files[fileIndex].source.path, addsObservable: addsObservable,
                                 observationImport: analysis.ruleOptions.observationImport, counts: &counts)
            return (structure, counts)
        }
        var structures: [Int: FileStructure] = [:]
        for (fileIndex, result) in zip(files, results) {
            guard let (structure, counts) = result else { continue }
            for (rule, count) in counts { plan.editsByRule[rule, default: 0] += count }
            guard structure.source.bytes != analysis.bytes(of: fileIndex) else { continue }
            plan.newContents[fileIndex] = structure.source.bytes
            structures[fileIndex] = structure
        }
        return structures
    }

    /// Runs the file rules over a rewritten file, one after the other, so each sees the last's
    /// result: `import Observation` where this run put `@Observable` (a file may use a macro of
    /// that name from elsewhere), then `import Combine` out where nothing uses it any more.
    /// Returns the structure of the final text; the text is structured again only after a rule
    /// changed it, and never while an older structure of it is held.
    static func tidy(_ bytes: consuming [UInt8], path: String, addsObservable: Bool, observationImport: ObservationImportPolicy,
                     counts: inout [String: Int]) -> FileStructure {
        var rules: [any FileRule] = addsObservable ? [MissingObservationImport(policy: observationImport)] : []
        rules.append(UnusedCombineImport(afterRewrite: true))
        var file: FileStructure? = FileStructure(SourceFile(path: path, bytes: consume bytes))
        for rule in rules {
            let findings = rule.check(file: file!, fileIndex: 0)
            let edits = findings.flatMap { $0.edits.map(\.edit) }
            guard !edits.isEmpty else { continue }
            var current = file!.source.bytes
            file = nil
            if let next = try? EditApplier.apply(edits, to: current) {
                counts[type(of: rule).id, default: 0] += findings.count
                current = next
            }
            file = FileStructure(SourceFile(path: path, bytes: consume current))
        }
        return file!
    }

    /// Where `edits` overlap each other or the edits already accepted, if they do. Each unit's
    /// few edits are checked against the accepted ones by binary search, so a tree of one huge
    /// file with thousands of units plans in linear time, not quadratic.
    private static func firstConflict(_ edits: [Int: [Edit]], with existing: [Int: AcceptedEdits]) -> (file: Int, offset: Int)? {
        for (file, fileEdits) in edits {
            let ordered = EditApplier.normalize(fileEdits)
            for (left, right) in zip(ordered, ordered.dropFirst()) where left.range.upperBound > right.range.lowerBound {
                return (file, right.range.lowerBound)
            }
            if let accepted = existing[file], let offset = ordered.lazy.compactMap(accepted.conflict(with:)).first {
                return (file, offset)
            }
        }
        return nil
    }

    /// Migrates sources held in memory, as one tree: `[path: text]` in, the same keys out with
    /// rewritten text (unchanged files come back as they were). For tests and the fixture loop.
    static func migrate(files: [String: String], unsafeFixes: Bool = true, types: [String] = []) -> [String: String] {
        let paths = files.keys.sorted()
        let analysis = Analyzer.analyze(swift: paths.map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) })
        let plan = plan(analysis, options: MigrationOptions(unsafeFixes: unsafeFixes, types: types))
        var result = files
        for (index, bytes) in plan.newContents { result[analysis.files[index].source.path] = String(decoding: bytes, as: UTF8.self) }
        return result
    }
}

/// The edits accepted for one file, kept in `EditApplier.normalize` order (by start offset, an
/// insertion before a replacement at the same offset), without duplicates.
struct AcceptedEdits {
    private(set) var edits: [Edit] = []
    private var known = Set<Edit>()

    /// The position where `edit` goes in `edits`.
    private func position(of edit: Edit) -> Int {
        var low = 0
        var high = edits.count
        while low < high {
            let middle = (low + high) / 2
            let other = edits[middle]
            let before = other.range.lowerBound != edit.range.lowerBound ? other.range.lowerBound < edit.range.lowerBound
                : (other.range.isEmpty || !edit.range.isEmpty)
            if before { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The offset where `edit` would overlap an accepted edit, or nil (an identical edit is no overlap).
    func conflict(with edit: Edit) -> Int? {
        guard !known.contains(edit) else { return nil }
        let at = position(of: edit)
        if at > 0, edits[at - 1].range.upperBound > edit.range.lowerBound { return edit.range.lowerBound }
        if at < edits.count, edit.range.upperBound > edits[at].range.lowerBound { return edits[at].range.lowerBound }
        return nil
    }

    /// Whether `new` (edits that do not overlap each other) can be taken with `absorb`: each
    /// overlaps only accepted edits that lie wholly inside a deletion of `new`.
    func canAbsorb(_ new: [Edit]) -> Bool {
        let ordered = EditApplier.normalize(new)
        guard zip(ordered, ordered.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) else { return false }
        return ordered.allSatisfy { edit in
            conflict(with: edit) == nil || (edit.replacement.isEmpty && overlapping(edit).allSatisfy { inside($0, edit) })
        }
    }

    /// Accepts `new` (checked with `canAbsorb`), dropping the accepted edits its deletions contain:
    /// the text they changed goes whole.
    mutating func absorb(_ new: [Edit]) {
        for edit in new where edit.replacement.isEmpty {
            for contained in overlapping(edit) {
                known.remove(contained)
                edits.removeAll { $0 == contained }
            }
        }
        add(new)
    }

    /// The accepted edits that touch `edit`'s bytes (an insertion strictly inside it, too).
    private func overlapping(_ edit: Edit) -> [Edit] {
        edits.filter { other in
            other.range.isEmpty ? edit.range.contains(other.range.lowerBound) && other.range.lowerBound > edit.range.lowerBound
                : other.range.overlaps(edit.range)
        }
    }

    /// Whether `inner` lies wholly inside `outer`'s range.
    private func inside(_ inner: Edit, _ outer: Edit) -> Bool {
        inner.range.lowerBound >= outer.range.lowerBound && inner.range.upperBound <= outer.range.upperBound
    }

    /// Accepts `new` (already checked with `conflict(with:)`).
    mutating func add(_ new: [Edit]) {
        for edit in new where known.insert(edit).inserted { edits.insert(edit, at: position(of: edit)) }
    }
}
