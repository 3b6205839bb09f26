import SourceScan

/// A subclass of a migrated model is a model too: it gets `@Observable` in the same unit, so
/// its own stored properties are tracked as the base's are.
struct ObservableSubclass: Rule {
    static let id = "observable-subclass"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for classID in unit.classes {
                guard let conformances = context.index.graph.models[classID],
                      case .viaSuperclass(let base)? = conformances.first,
                      let insertion = ObservableAttribute.insertion(for: classID, in: context) else { continue }
                let declaration = context.declaration(classID)
                let file = context.files[classID.file]
                let baseName = context.declaration(base).name
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .safe, file: classID.file,
                    offset: Int(file.tokens[declaration.nameTokens.lowerBound].start),
                    message: "'\(declaration.name)' inherits ObservableObject from '\(baseName)'; it needs @Observable too",
                    suggestion: "@Observable class \(declaration.name): \(baseName)", edits: [insertion], unit: unit.id))
            }
        }
        return findings
    }
}
