import SourceScan

/// A model held by another library's wrapper that requires an `ObservableObject`
/// (`@InjectedObject(\.store) var store` of Factory or Resolver): the wrapper's generic
/// constraint fails once the model is `@Observable`, so the model's unit is blocked, with the
/// wrapper to write instead. One whose type cannot be told may hold any model, so it blocks
/// every unit it can see.
struct ExternalObjectWrapper: Rule {
    static let id = "external-object-wrapper"
    /// A view file holding a model only through `@InjectedObject(\.store)` names no model and
    /// no observation keyword; it must still be structured for the wrapper to be seen.
    static let relevanceKeywords = Array(ExternalObjectWrappers.names)

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for site in unit.externalObjectWrappers {
                guard case .externalObjectWrapper(let wrapper) = site.kind, let variableID = site.ownerID else { continue }
                let name = context.declaration(variableID).name
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
}
