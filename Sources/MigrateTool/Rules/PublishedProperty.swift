import SourceScan

/// `@Published var x = v` in a migrated model becomes `var x = v`: the macro tracks it.
/// `private(set)`, observers and everything else on the declaration stay.
struct PublishedProperty: Rule {
    static let id = "published-property"
    static let relevanceKeywords = ["Published"]

    func check(_ context: RuleContext) -> [Finding] {
        propertyFindings(context) + initializerFindings(context)
    }

    /// `_count = Published(initialValue: count)` in an initializer: `_count` is the macro's own
    /// storage afterwards, so the value is assigned to it directly.
    private func initializerFindings(_ context: RuleContext) -> [Finding] {
        context.units.units.flatMap { unit in
            unit.publishedInitializers.compactMap { site -> Finding? in
                guard let arguments = site.arguments else { return nil }
                let file = context.files[site.file]
                var valueStart = arguments.lowerBound
                if arguments.count > 2, file.tokens[valueStart].kind == .identifier, file.tokens[valueStart + 1].kind == .colon {
                    valueStart += 2
                }
                guard valueStart < arguments.upperBound else { return nil }
                let close = arguments.upperBound
                // `Published(…)`, or `.init(…)` with the type inferred.
                let constructor = site.constructorStart(in: file)
                let edits = [
                    Edit.delete(Int(file.tokens[constructor].start)..<Int(file.tokens[valueStart].start)),
                    Edit.delete(Int(file.tokens[close - 1].end)..<Int(file.tokens[close].end)),
                ]
                return Finding(ruleID: Self.id, fixClass: .safe, file: site.file, offset: Int(file.tokens[constructor].start),
                               message: "Published(initialValue:) has no place once @Observable owns the storage",
                               suggestion: "\(file.source.text(constructor - 2)) = \(file.sourceText(valueStart..<close))",
                               edits: edits.map { FileEdit(file: site.file, edit: $0) }, unit: unit.id)
            }
        }
    }

    private func propertyFindings(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard role == .published else { return nil }
            let variable = context.declaration(variableID)
            guard let attribute = variable.attribute(named: "Published") else { return nil }
            let file = context.files[variableID.file]
            return ModelProperties.finding(
                Self.id, .safe, variableID, unit: unit, message: "@Published is not needed: @Observable tracks '\(variable.name)'",
                suggestion: nil, edits: [FileEdit(file: variableID.file, edit: EditBuilder(file: file).remove(attribute.tokens))],
                context: context, at: attribute.tokens.lowerBound)
        }
    }
}
