import SourceScan

/// A model held by another library's wrapper that requires an `ObservableObject`
/// (`@InjectedObject(\.store) var store` of Factory or Resolver): the wrapper's generic
/// constraint fails once the model is `@Observable`. Where the tree already holds models with
/// Factory's `@InjectedObservable` (so its Factory has it), Factory's `@InjectedObject` becomes
/// that wrapper (review: it resolves the model on first use, not when the view is created);
/// otherwise the model's unit is blocked, with the wrapper to write instead. One whose type
/// cannot be told may hold any model, so it blocks every unit it can see.
struct ExternalObjectWrapper: Rule {
    static let id = "external-object-wrapper"
    /// A view file holding a model only through `@InjectedObject(\.store)` names no model and
    /// no observation keyword; it must still be structured for the wrapper to be seen.
    static let relevanceKeywords = Array(ExternalObjectWrappers.names)

    /// The modules that declare Factory's wrappers (`FactoryKit` since Factory 2.5).
    static let factoryModules: Set<String> = ["Factory", "FactoryKit"]

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let hasInjectedObservable = Self.treeUsesInjectedObservable(context)
        for unit in context.units.units {
            for site in unit.externalObjectWrappers {
                guard case .externalObjectWrapper(let wrapper) = site.kind, let variableID = site.ownerID else { continue }
                let name = context.declaration(variableID).name
                if hasInjectedObservable, wrapper == "InjectedObject", let rewrite = Self.injectedObservable(site, name: name, unit: unit, context) {
                    findings.append(rewrite)
                    continue
                }
                findings.append(ObservationUse.blocker(
                    Self.id, site, unit: unit.id,
                    message: "@\(wrapper) '\(name)' needs '\(unit.name)' to stay an ObservableObject; the wrapper does not compile "
                        + "with an @Observable class",
                    suggestion: "hold it with Factory's @InjectedObservable (Factory 2.4 and later) or @Injected; views reading it then "
                        + "track it through Observation", context))
            }
        }
        let allUnits = context.units.units.map(\.id)
        for site in context.units.unresolvedExternalObjectWrappers {
            guard case .externalObjectWrapper(let wrapper) = site.kind, let variableID = site.ownerID else { continue }
            let visible = context.unitsVisible(from: site.file, among: allUnits)
            guard !visible.isEmpty else { continue }
            let name = context.declaration(variableID).name
            findings.append(ObservationUse.blocker(
                Self.id, site, unit: visible[0],
                message: "cannot tell the type of @\(wrapper) '\(name)'; it may hold one of the models, which would then have to stay an ObservableObject",
                suggestion: "write its type: @\(wrapper)(…) var \(name): ModelType", context, alsoUnits: Array(visible.dropFirst())))
        }
        return findings
    }

    /// Whether a file of the tree that imports Factory holds something with `@InjectedObservable`:
    /// the tree's Factory has that wrapper (2.4 and later), so writing it compiles.
    static func treeUsesInjectedObservable(_ context: RuleContext) -> Bool {
        context.files.contains { file in
            importsFactory(file) && file.declarations.contains { $0.kind == .variable && $0.attribute(named: "InjectedObservable") != nil }
        }
    }

    private static func importsFactory(_ file: FileStructure) -> Bool {
        file.declarations.contains { $0.kind == .import && factoryModules.contains(MissingObservationImport.moduleName($0)) }
    }

    /// `@InjectedObject(\.store) var store` rewritten to `@InjectedObservable(\.store) var store`, in
    /// a file that imports Factory (Resolver's wrapper of that name has no such twin), when every
    /// `$store` of the file reads a member (`$store.name`): `@InjectedObservable` projects a
    /// `Binding`, not an `ObservedObject.Wrapper`. Nil when the wrapper must stay.
    private static func injectedObservable(_ site: Site, name: String, unit: MigrationUnit, _ context: RuleContext) -> Finding? {
        let file = context.files[site.file]
        guard importsFactory(file), let variableID = site.ownerID,
              let attribute = context.declaration(variableID).attributes.first(where: { $0.baseName == "InjectedObject" }) else { return nil }
        let tokens = file.tokens
        let projection = "$" + name
        for index in tokens.indices where tokens[index].kind == .dollarIdentifier && file.source.tokenText(index, equals: projection) {
            guard index + 2 < tokens.count, tokens[index + 1].kind == .period, tokens[index + 2].kind == .identifier else { return nil }
        }
        let edit = EditBuilder(file: file).replace(WrapperRewrite.attributeNameRange(attribute), with: "InjectedObservable")
        return Finding(ruleID: id, fixClass: .review, file: site.file, offset: Int(tokens[attribute.tokens.lowerBound].start),
                       message: "@InjectedObject '\(name)' becomes @InjectedObservable, as the tree already writes for @Observable "
                           + "models; it resolves '\(unit.name)' on first use rather than when the view is created",
                       suggestion: nil, edits: [FileEdit(file: site.file, edit: edit)], unit: unit.id)
    }
}
