import SourceScan

/// `_m = StateObject(wrappedValue: M(id))` in an initializer becomes
/// `_m = State(wrappedValue: M(id))`, or `State(initialValue:)` where the tree writes that label
/// (`stateInitializerLabel`). Review, for the same reason as `state-object`.
struct StateObjectInit: Rule {
    static let id = "state-object-init"

    /// How the tree's own `State` initializations decide: with at least one counted,
    /// `wrappedValue` when at least half of them use it, else `initialValue`; with none,
    /// `wrappedValue`, the label `StateObject(wrappedValue:)` already has (12 of the 14 developer
    /// migrations measured 2026-11-28 on trees with none kept it).
    static let inferenceRule = InferenceRule<StateInitializerLabel>(
        minimumCounted: 1, share: (numerator: 1, denominator: 2), shown: .wrappedValue, otherwise: .initialValue,
        byDefault: .wrappedValue)

    /// The label the tree shows, with the facts behind it.
    static func inference(from census: StateInitializerCensus) -> StateInitializerInference {
        StateInitializerInference(census: census, counted: census.initialValue + census.wrappedValue, showing: census.wrappedValue,
                                  rule: inferenceRule)
    }

    /// The run's label and why, for the report's summary: `initialValue, inferred from 12 State
    /// initializations (3 with wrappedValue)`.
    static func policyLine(_ label: StateInitializerLabel, inference: StateInitializerInference?) -> String {
        StateInitializerInference.line(label, inference, evidence: { census in
            let counted = census.initialValue + census.wrappedValue
            return "\(counted) State initialization\(counted == 1 ? "" : "s") (\(census.wrappedValue) with wrappedValue)"
        }, shortfall: { _ in "no labelled State initialization" })
    }

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
        let label = context.options.stateInitializerLabel
        // `StateObject(…)` is spelled `State(…)`; `.init(…)`, the type inferred, builds a `State`
        // as it stands. Either takes the run's label.
        let constructor = site.constructorStart(in: file)
        let spelledOut = constructor == site.token
        var edits: [FileEdit] = []
        if spelledOut {
            edits.append(FileEdit(file: site.file, edit: builder.replace(constructor..<(site.token + 1), with: "State")))
        }
        if let arguments = site.arguments, arguments.count >= 2, file.source.tokenText(arguments.lowerBound, equals: "wrappedValue"),
           file.tokens[arguments.lowerBound + 1].kind == .colon, label != .wrappedValue {
            edits.append(FileEdit(file: site.file, edit: builder.replace(arguments.lowerBound..<(arguments.lowerBound + 1),
                                                                          with: label.rawValue)))
        }
        let written = "\(spelledOut ? "State" : ".init")(\(label.rawValue):)"
        let effect = effectOfCreatingItsModel(site, in: context)
        return Finding(ruleID: ruleID, fixClass: effect == nil ? .safe : .review, file: site.file,
                       offset: Int(file.tokens[constructor].start),
                       message: (spelledOut ? "StateObject(wrappedValue:) becomes \(written)"
                                    : "the storage built with .init(wrappedValue:) becomes a State"
                                        + (edits.isEmpty ? "" : ", written \(written)"))
                           + (effect.map { "; @State evaluates the value on every view init up to Xcode 26, and \($0.description)" }
                              ?? "; creating the model only stores values, which @State may do on every view init"),
                       suggestion: edits.isEmpty ? nil : "\(written.dropLast(2)): …)", edits: edits, unit: unit)
    }

    /// What the site's `wrappedValue:` argument may do besides creating a model of the tree that
    /// only stores values (`SideEffects.effectOfCreation`), nil when it does nothing else:
    /// `@State`'s evaluation of it on every view init (up to Xcode 26) then changes nothing the
    /// app can see.
    static func effectOfCreatingItsModel(_ site: Site, in context: RuleContext) -> SideEffect? {
        let file = context.files[site.file]
        let place = context.place(file: site.file, token: site.token)
        guard let arguments = site.arguments, arguments.count >= 3, file.source.tokenText(arguments.lowerBound, equals: "wrappedValue"),
              file.tokens[arguments.lowerBound + 1].kind == .colon
        else { return SideEffect(what: "its argument is not 'wrappedValue:' and a value", place: place) }
        let value = (arguments.lowerBound + 2)..<arguments.upperBound
        // `_model = StateObject(wrappedValue: model)`: the caller created the parameter, or the
        // initializer a local, before the site, as often under `State` as under `StateObject`;
        // reading the name does nothing more.
        if value.count == 1, file.tokens[value.lowerBound].kind == .identifier, let owner = site.ownerID,
           isParameterOrLocal(file.source.text(value.lowerBound), of: owner, before: value.lowerBound, in: context) {
            return nil
        }
        guard let model = context.index.heldClass(context.index.typer.typeOf(value, file: site.file)) else {
            return SideEffect(what: "the value '\(SideEffects.excerpt(value, in: file))' is of a type the tool cannot tell", place: place)
        }
        return SideEffects.effectOfCreation(value, in: site.file, model: model, context: context)
    }

    /// Whether `name` is a parameter of the initializer `owner`, or a constant or variable it
    /// declares in its body before token `site`.
    static func isParameterOrLocal(_ name: String, of owner: DeclarationID, before site: Int, in context: RuleContext) -> Bool {
        let initializer = context.declaration(owner)
        let file = context.files[owner.file]
        guard initializer.kind == .initializer else { return false }
        if let clause = initializer.parameters, ArgumentList.parameterNames(clause, file).contains(name) { return true }
        return file.members(of: owner.declaration).contains { local in
            let declaration = file.declarations[local]
            return declaration.kind == .variable && declaration.tokens.upperBound <= site
                && declaration.bindings.contains { $0.name == name }
        }
    }
}

/// The `stateInitializerLabel` a run inferred from the tree's own `State` initializations, with
/// the figures it came from (shown in the report's summary).
typealias StateInitializerInference = PolicyInference<StateInitializerLabel, StateInitializerCensus>
