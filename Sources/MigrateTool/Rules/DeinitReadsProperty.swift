import SourceScan

/// A stored property read in `deinit` of a `@MainActor` model. `deinit` is nonisolated, and a
/// tracked property is a main-actor-isolated computed property, so the read stops compiling.
/// An unpublished property becomes `@ObservationIgnored` (it never notified); a `@Published` one
/// would stop updating views if ignored, so it blocks the unit.
struct DeinitReadsProperty: Rule {
    static let id = "deinit-reads-property"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for classID in unit.classes {
                let reads = ModelProperties.namesReadInDeinit(of: classID, in: context)
                guard !reads.isEmpty else { continue }
                for variableID in context.variables(ofModel: classID) {
                    let role = ModelProperties.role(of: variableID, in: context, deinitReads: reads)
                    let variable = context.declaration(variableID)
                    guard variable.bindings.contains(where: { $0.name.map(reads.contains) ?? false }) else { continue }
                    switch role {
                    case .readInDeinit:
                        findings.append(ModelProperties.finding(
                            Self.id, .safe, variableID, unit: unit.id,
                            message: "'\(variable.name)' is read in deinit of a @MainActor model; it must stay a stored property",
                            suggestion: "@ObservationIgnored", edits: [ModelProperties.ignoreEdit(variableID, context)], context: context))
                    case .published:
                        var finding = ModelProperties.finding(
                            Self.id, .manual, variableID, unit: unit.id,
                            message: "@Published '\(variable.name)' is read in deinit of a @MainActor model; once tracked it is "
                                + "main-actor isolated and deinit cannot read it",
                            suggestion: "read the macro's storage '_\(variable.name)' in deinit, or move that cleanup out of deinit",
                            edits: [], context: context)
                        finding.isBlocker = true
                        findings.append(finding)
                    default:
                        continue
                    }
                }
            }
        }
        return findings
    }
}
