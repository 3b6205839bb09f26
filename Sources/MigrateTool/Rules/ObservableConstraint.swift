import SourceScan

/// `T: ObservableObject` in generic code, `where` clauses, `some`/`any ObservableObject`.
///
/// Generic code can receive any model, and nothing short of type checking says which, so these
/// sites migrate only when every unit of the tree does, and each unit is told about them.
struct ObservableConstraint: Rule {
    static let id = "observable-constraint"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let constraints = context.units.constraints
        guard !constraints.isEmpty else { return [] }
        for site in constraints {
            let file = context.files[site.file]
            let builder = EditBuilder(file: file)
            findings.append(Finding(
                ruleID: Self.id, fixClass: .review, file: site.file, offset: Int(file.tokens[site.token].start),
                message: "generic code constrained to ObservableObject must change with every model that reaches it",
                suggestion: "AnyObject & Observable",
                edits: [FileEdit(file: site.file, edit: builder.replace(site.token..<(site.token + 1), with: "AnyObject & Observable"))],
                requiresEveryUnit: true))
        }
        // Wrappers over a constrained generic parameter change with the constraint.
        for site in context.units.genericWrappers {
            guard let variableID = site.ownerID, case .wrapper(let kind) = site.kind else { continue }
            let variable = context.declaration(variableID)
            let file = context.files[site.file]
            let builder = EditBuilder(file: file)
            guard let attribute = variable.attributes.first(where: { $0.baseName == kind.rawValue }) else { continue }
            let usesBinding = WrapperRewrite.hasMemberProjection(of: variable, in: context)
            let replacement: String
            switch kind {
            case .stateObject: replacement = "@State"
            case .observedObject: replacement = usesBinding ? "@Bindable" : ""
            case .environmentObject: replacement = ""
            }
            guard kind != .environmentObject else { continue }  // Needs the type in the attribute: left to the user.
            let edit = replacement.isEmpty ? builder.remove(attribute.tokens) : builder.replace(attribute.tokens, with: replacement)
            findings.append(Finding(
                ruleID: Self.id, fixClass: .review, file: site.file, offset: Int(file.tokens[site.token].start),
                message: "@\(kind.rawValue) over a generic parameter changes with its ObservableObject constraint",
                suggestion: replacement.isEmpty ? "var \(variable.name)" : "\(replacement) var \(variable.name)",
                edits: [FileEdit(file: site.file, edit: edit)], requiresEveryUnit: true))
        }
        // Every unit learns that generic code may need to change with it.
        let first = constraints[0]
        let where_ = "\(context.files[first.file].source.path)"
        for unit in context.units.units {
            let anchor = unit.classes.first ?? unit.protocols.first
            guard let anchor else { continue }
            let file = context.files[anchor.file]
            findings.append(Finding(
                ruleID: Self.id, fixClass: .review, file: anchor.file,
                offset: Int(file.tokens[context.declaration(anchor).keyword].start),
                message: "\(constraints.count) generic constraint(s) on ObservableObject (first in \(where_)) may receive "
                    + "'\(unit.name)'; check those call sites when it migrates",
                unit: unit.id))
        }
        return findings
    }
}
