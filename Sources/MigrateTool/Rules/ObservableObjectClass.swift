import SourceScan

/// `class M: ObservableObject` becomes `@Observable class M`, other attributes and modifiers
/// kept, the inheritance clause repaired.
struct ObservableObjectClass: Rule {
    static let id = "observable-object-class"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for classID in unit.classes {
                for conformance in context.index.graph.models[classID] ?? [] {
                    guard case .direct(let entry) = conformance else { continue }
                    let declaration = context.declaration(classID)
                    let file = context.files[classID.file]
                    let builder = EditBuilder(file: file)
                    var edits = [FileEdit(file: classID.file, edit: builder.removeInheritanceEntry(entry, of: declaration))]
                    if let insertion = ObservableAttribute.insertion(for: classID, in: context) { edits.append(insertion) }
                    let entryToken = declaration.inheritance[entry].tokens.lowerBound
                    findings.append(Finding(
                        ruleID: Self.id, fixClass: .safe, file: classID.file, offset: Int(file.tokens[entryToken].start),
                        message: "'\(declaration.name)' conforms to ObservableObject; use the @Observable macro",
                        suggestion: "@Observable class \(declaration.name)", edits: edits, unit: unit.id))
                }
            }
        }
        return findings
    }
}

/// Where `@Observable` goes on a class: right before its first modifier or `class`, after any
/// attributes, so `@MainActor final class M` reads `@MainActor @Observable final class M`.
enum ObservableAttribute {
    /// The insertion, or nil when the class already carries `@Observable`.
    static func insertion(for classID: DeclarationID, in context: RuleContext) -> FileEdit? {
        let declaration = context.declaration(classID)
        guard declaration.attribute(named: "Observable") == nil else { return nil }
        let anchor = declaration.modifiers.first?.tokens.lowerBound ?? declaration.keyword
        let builder = EditBuilder(file: context.files[classID.file])
        return FileEdit(file: classID.file, edit: builder.insert("@Observable ", before: anchor))
    }
}
