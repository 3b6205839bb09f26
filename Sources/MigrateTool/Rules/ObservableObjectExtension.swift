import SourceScan

/// `extension M: ObservableObject {}` goes (or loses the entry), and `M`'s own declaration
/// gets `@Observable`. Manual when `M` is not declared in the scanned tree.
struct ObservableObjectExtension: Rule {
    static let id = "observable-object-extension"
    /// `Observ` also covers `Observable`, `ObservationIgnored`, `ObservedObject` and
    /// `withObservationTracking`, which the other model and wrapper rules look for.
    static let relevanceKeywords = ["Observ"]

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for (extensionID, entry) in unit.conformanceExtensions {
                let declaration = context.declaration(extensionID)
                let file = context.files[extensionID.file]
                let builder = EditBuilder(file: file)
                var edits: [FileEdit] = []
                if declaration.inheritance.count == 1, isEmptyBody(declaration, file), declaration.attributes.isEmpty {
                    edits.append(FileEdit(file: extensionID.file, edit: builder.remove(declaration.tokens)))
                } else {
                    edits.append(FileEdit(file: extensionID.file, edit: builder.removeInheritanceEntry(entry, of: declaration)))
                }
                if let classID = context.types.extendedType(extensionID),
                   let insertion = ObservableAttribute.insertion(for: classID, in: context) {
                    edits.append(insertion)
                }
                let entryToken = declaration.inheritance[entry].tokens.lowerBound
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .safe, file: extensionID.file, offset: Int(file.tokens[entryToken].start),
                    message: "ObservableObject conformance of '\(declaration.name)' is declared in an extension; "
                        + "the @Observable macro goes on the class itself",
                    suggestion: "@Observable on the declaration of \(declaration.name)", edits: edits, unit: unit.id))
            }
        }
        // Extensions of types the tree does not declare: nothing to put the macro on.
        for (fileIndex, file) in context.files.enumerated() {
            for (index, declaration) in file.declarations.enumerated() where declaration.kind == .extension {
                guard let entry = declaration.inheritance.first(where: { ModelGraph.namesObservableObject($0.typeName) }),
                      context.types.extendedType(DeclarationID(file: fileIndex, declaration: index)) == nil else { continue }
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .manual, file: fileIndex, offset: Int(file.tokens[entry.tokens.lowerBound].start),
                    message: "'\(declaration.name)' is not declared in the scanned tree, so @Observable cannot be added to it",
                    suggestion: "scan the folder that declares \(declaration.name), or leave it an ObservableObject"))
            }
        }
        return findings
    }

    private func isEmptyBody(_ declaration: Declaration, _ file: FileStructure) -> Bool {
        guard let body = declaration.body else { return false }
        return body.count == 2
    }
}
