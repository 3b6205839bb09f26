import SourceScan

/// An actor, struct or enum conforming to `ObservableObject`: `@Observable` supports classes
/// only, so the type stays as it is and the report says why.
struct NonClassObservable: Rule {
    static let id = "non-class-observable"

    func check(_ context: RuleContext) -> [Finding] {
        context.index.graph.nonClassConformers.map { id in
            let declaration = context.declaration(id)
            let file = context.files[id.file]
            return Finding(
                ruleID: Self.id, fixClass: .manual, file: id.file, offset: Int(file.tokens[declaration.keyword].start),
                message: "\(declaration.kind.rawValue) '\(declaration.name)' conforms to ObservableObject, but @Observable "
                    + "supports classes only",
                suggestion: "make '\(declaration.name)' a final class, or keep it an ObservableObject")
        }
    }
}
