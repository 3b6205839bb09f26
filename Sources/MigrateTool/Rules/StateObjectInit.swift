import SourceScan

/// `_m = StateObject(wrappedValue: M(id))` in an initializer becomes
/// `_m = State(initialValue: M(id))`. Review, for the same reason as `state-object`.
struct StateObjectInit: Rule {
    static let id = "state-object-init"

    func check(_ context: RuleContext) -> [Finding] {
        context.units.units.flatMap { unit in
            unit.stateObjectInitializers.filter { !context.isInPreview(file: $0.file, token: $0.token) }
                .map { Self.finding(for: $0, ruleID: Self.id, in: context, unit: unit.id) }
        }
    }

    /// The rewrite of one initializer site, shared with `previews`.
    static func finding(for site: Site, ruleID: String, in context: RuleContext, unit: Int) -> Finding {
        let file = context.files[site.file]
        let builder = EditBuilder(file: file)
        // `StateObject(…)` is spelled `State(initialValue:)`; `.init(wrappedValue:)`, the type
        // inferred, builds a `State` as it stands.
        let constructor = site.constructorStart(in: file)
        var edits: [FileEdit] = []
        if constructor == site.token {
            edits.append(FileEdit(file: site.file, edit: builder.replace(constructor..<(site.token + 1), with: "State")))
            if let arguments = site.arguments, arguments.count >= 2, file.source.tokenText(arguments.lowerBound, equals: "wrappedValue"),
               file.tokens[arguments.lowerBound + 1].kind == .colon {
                edits.append(FileEdit(file: site.file, edit: builder.replace(arguments.lowerBound..<(arguments.lowerBound + 1),
                                                                              with: "initialValue")))
            }
        }
        return Finding(ruleID: ruleID, fixClass: .review, file: site.file, offset: Int(file.tokens[constructor].start),
                       message: (edits.isEmpty ? "the storage built with .init(wrappedValue:) becomes a State"
                                    : "StateObject(wrappedValue:) becomes State(initialValue:)")
                           + "; @State evaluates the value on every view init up to Xcode 26",
                       suggestion: edits.isEmpty ? nil : "State(initialValue: …)", edits: edits, unit: unit)
    }
}
