import SourceScan

/// A model that relies on synthesized `Codable`: the macro renames stored properties to `_name`
/// and adds `_$observationRegistrar`, and synthesis encodes those. A `CodingKeys` enum keeps
/// the encoded form as it was. Review: the keys are written out for a person to check.
struct SynthesizedCodable: Rule {
    static let id = "synthesized-codable"

    static let codableNames: Set<String> = ["Codable", "Decodable", "Encodable", "Swift.Codable", "Swift.Decodable", "Swift.Encodable"]

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for classID in unit.classes {
                let declaration = context.declaration(classID)
                let extensions = context.types.symbol(classID)?.extensions ?? []
                let entries = ([classID] + extensions).flatMap { context.declaration($0).inheritance }
                guard entries.contains(where: { Self.codableNames.contains($0.typeName) }) else { continue }
                let memberIDs = context.modelMembers[classID] ?? []
                let hasKeys = memberIDs.contains { context.declaration($0).name == "CodingKeys" }
                let decodes = memberIDs.contains { firstParameterLabel($0, context) == "from" && context.declaration($0).kind == .initializer }
                let encodes = memberIDs.contains { context.declaration($0).kind == .function && context.declaration($0).name == "encode" }
                guard !hasKeys, !(decodes && encodes), let body = declaration.body else { continue }
                let deinitReads = ModelProperties.namesReadInDeinit(of: classID, in: context)
                var keys: [String] = []
                for variableID in context.variables(ofModel: classID) {
                    let variable = context.declaration(variableID)
                    guard context.isStored(variable) else { continue }
                    let role = ModelProperties.role(of: variableID, in: context, deinitReads: deinitReads)
                    let tracked = [PropertyRole.published, .manuallyPublished].contains(role)
                        || (role == .plainStored && UnpublishedStoredProperty.staysTracked(variableID, in: classID, context))
                    for binding in variable.bindings {
                        guard let name = binding.name else { continue }
                        keys.append(tracked ? "_\(name) = \"\(name)\"" : name)
                    }
                }
                let file = context.files[classID.file]
                let builder = EditBuilder(file: file)
                let closing = body.upperBound - 1
                let memberIndent = builder.indentation(ofLineAt: Int(file.tokens[closing].start)) + builder.indentUnit
                let lineBreak = builder.lineBreak
                let text = "\(lineBreak)\(lineBreak)\(memberIndent)private enum CodingKeys: String, CodingKey {\(lineBreak)"
                    + "\(memberIndent)\(builder.indentUnit)case \(keys.joined(separator: ", "))\(lineBreak)\(memberIndent)}"
                // After the last member, so the enum reads as the class's last declaration.
                let insertAt = Int(file.tokens[closing - 1].end)
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .review, file: classID.file,
                    offset: Int(file.tokens[declaration.nameTokens.lowerBound].start),
                    message: "'\(declaration.name)' relies on synthesized Codable; under @Observable it would encode '_name' keys "
                        + "and the observation registrar",
                    suggestion: "private enum CodingKeys: String, CodingKey { case \(keys.joined(separator: ", ")) }",
                    edits: [FileEdit(file: classID.file, edit: .insert(text, at: insertAt))],
                    unit: unit.id))
            }
        }
        return findings
    }

    /// The first argument label of an initializer or function: `from` in `init(from decoder:)`.
    private func firstParameterLabel(_ id: DeclarationID, _ context: RuleContext) -> String? {
        guard let parameters = context.declaration(id).parameters, parameters.count > 2 else { return nil }
        return context.files[id.file].source.text(parameters.lowerBound + 1)
    }
}
