import SourceScan

/// `protocol P: ObservableObject` becomes `protocol P: AnyObject, Observable`, and every class
/// conforming to it gets `@Observable` in the same unit.
struct ObservableProtocol: Rule {
    static let id = "observable-protocol"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for protocolID in unit.protocols {
                let declaration = context.declaration(protocolID)
                let file = context.files[protocolID.file]
                guard let entry = declaration.inheritance.first(where: { ModelGraph.namesObservableObject($0.typeName) }) else { continue }
                var edits = [FileEdit(file: protocolID.file, edit: EditBuilder(file: file).replace(entry.tokens, with: "AnyObject, Observable"))]
                // Conformers that get observation only through this protocol need the macro.
                for classID in unit.classes {
                    let conformances = context.index.graph.models[classID] ?? []
                    let onlyThroughProtocol = conformances.allSatisfy {
                        if case .viaProtocol = $0 { return true }
                        return false
                    }
                    if onlyThroughProtocol, let insertion = ObservableAttribute.insertion(for: classID, in: context) {
                        edits.append(insertion)
                    }
                }
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .review, file: protocolID.file, offset: Int(file.tokens[entry.tokens.lowerBound].start),
                    message: "protocol '\(declaration.name)' refines ObservableObject; every conforming class must become "
                        + "@Observable in the same run",
                    suggestion: "protocol \(declaration.name): AnyObject, Observable", edits: edits, unit: unit.id))
            }
        }
        return findings
    }
}
