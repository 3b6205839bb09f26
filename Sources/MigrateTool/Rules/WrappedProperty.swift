import SourceScan

/// A property with another wrapper (`@AppStorage`, `@Injected`, a custom one) in a migrated
/// model: the macro cannot track wrapped storage (it does not compile), so the property becomes
/// `@ObservationIgnored @Wrapper var`.
struct WrappedProperty: Rule {
    static let id = "wrapped-property"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard case .wrapped(let attribute) = role else { return nil }
            let variable = context.declaration(variableID)
            return ModelProperties.finding(
                Self.id, .safe, variableID, unit: unit,
                message: "'\(variable.name)' uses the property wrapper @\(attribute.name), which needs @ObservationIgnored "
                    + "under @Observable",
                suggestion: "@ObservationIgnored @\(attribute.name) var \(variable.name)",
                edits: [Self.ignoreEdit(variableID, wrapper: attribute, context)], context: context, at: attribute.tokens.lowerBound)
        }
    }

    /// `@ObservationIgnored ` before the variable, or on a line of its own above it when the
    /// variable starts with a SwiftUI observing wrapper alone on its line (`@ObservedObject` over
    /// another unit's model, in a model class): that unit deletes the wrapper's line when it
    /// migrates, and an insertion inside the line would collide with the deletion when both units
    /// migrate in one run (the second run would then migrate the unit the first skipped).
    static func ignoreEdit(_ variableID: DeclarationID, wrapper: Attribute, _ context: RuleContext) -> FileEdit {
        let variable = context.declaration(variableID)
        let file = context.files[variableID.file]
        let builder = EditBuilder(file: file)
        let start = Int(file.tokens[wrapper.tokens.lowerBound].start)
        guard WrapperKind(rawValue: String(wrapper.baseName)) != nil, wrapper.tokens.lowerBound == variable.tokens.lowerBound,
              builder.startsItsLine(start), file.startsLine(wrapper.tokens.upperBound) else {
            return ModelProperties.ignoreEdit(variableID, context)
        }
        let lineStart = builder.startOfLine(start)
        let indentation = String(decoding: file.source.bytes[lineStart..<start], as: UTF8.self)
        return FileEdit(file: variableID.file, edit: .insert(indentation + "@ObservationIgnored" + builder.lineBreak, at: lineStart))
    }
}
