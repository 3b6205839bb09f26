import SourceScan

/// A file that declares an `@Observable` type without importing a module that provides the
/// macro (`SwiftUI`, `SwiftData` and `Observation` do; `Foundation` does not). In the files
/// `apply` puts `@Observable` in, it runs with the configured `observationImport` policy:
/// `always` imports Observation even beside SwiftUI, as Apple's article sample does.
struct MissingObservationImport: FileRule {
    static let id = "missing-observation-import"

    static let providers: Set<String> = ["SwiftUI", "SwiftData", "Observation"]

    /// `lint` reports only files that need the import; `apply` passes the configured policy.
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
        let required: Set<String> = policy == .always ? ["Observation"] : Self.providers
        guard !imports.contains(where: { required.contains(moduleName($0)) }) else { return [] }
        let builder = EditBuilder(file: file)
        let edit: Edit
        // After the last import that applies to every build, never inside an `#if` branch.
        if let last = imports.last(where: { !$0.isConditional }) {
            edit = .insert("\(builder.lineBreak)import Observation", at: Int(file.tokens[last.tokens.upperBound - 1].end))
        } else if let first = imports.first {
            edit = .insert("import Observation\(builder.lineBreak)", at: builder.startOfLine(Int(file.tokens[first.tokens.lowerBound].start)))
        } else {
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
            edit = .insert("import Observation\(builder.lineBreak)\(builder.lineBreak)", at: insertAt)
        }
        let attribute = observable.attribute(named: "Observable")!
        return [Finding(ruleID: Self.id, fixClass: .safe, file: fileIndex, offset: Int(file.tokens[attribute.tokens.lowerBound].start),
                        message: policy == .always && imports.contains(where: { Self.providers.contains(moduleName($0)) })
                            ? "@Observable comes from Observation; import it by name as Apple's sample does (observationImport: always)"
                            : "@Observable needs 'import Observation' (or SwiftUI) in this file",
                        suggestion: "import Observation", edits: [FileEdit(file: fileIndex, edit: edit)])]
    }

    /// The module an import names: `Combine` for `import Combine`, `@preconcurrency import Combine`
    /// and `import class Combine.AnyCancellable` alike.
    private func moduleName(_ declaration: Declaration) -> String {
        let words = declaration.name.split(separator: " ")
        let path = words.last.map(String.init) ?? declaration.name
        return String(path.split(separator: ".").first ?? Substring(path))
    }
}
