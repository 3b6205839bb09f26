import SourceScan

/// Whether the tree's files that already declare an `@Observable` class import Observation by
/// name: the facts `MissingObservationImport.inferenceRule` decides from when the configuration
/// says `"observationImport": "infer"`. Developers adding `@Observable` to a file follow what the
/// tree's existing files do (34 migrations measured 2026-11-23).
///
/// Counted: each file with a class carrying `@Observable`, once, and whether any of its
/// top-level imports (in an `#if` branch or not) names the module `Observation`. The whole
/// scanned tree counts together: one decision per run.
struct ObservationImportCensus: Sendable, Equatable {
    /// Files declaring at least one `@Observable` class.
    var observableFiles = 0
    /// Of `observableFiles`, those with `import Observation`.
    var importing = 0

    /// Counts the files of the context's tree.
    init(_ context: RuleContext) {
        for file in context.files
        where file.declarations.contains(where: { $0.kind == .class && $0.attribute(named: "Observable") != nil }) {
            observableFiles += 1
            if file.declarations.contains(where: { $0.kind == .import && $0.parent == nil && MissingObservationImport.moduleName($0) == "Observation" }) {
                importing += 1
            }
        }
    }

    /// Builds a census from its figures (tests, and documentation of the thresholds).
    init(observableFiles: Int, importing: Int) {
        (self.observableFiles, self.importing) = (observableFiles, importing)
    }
}
