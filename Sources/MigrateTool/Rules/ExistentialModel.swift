import SourceScan

/// `@ObservedObject var vm: any P` over a protocol that refines `ObservableObject`: `@Bindable`
/// cannot wrap an existential, so the view must become generic first.
struct ExistentialModel: Rule {
    static let id = "existential-model"

    func check(_ context: RuleContext) -> [Finding] {
        context.units.units.flatMap { unit in
            unit.existentialWrappers.map { site in
                let file = context.files[site.file]
                let variable = context.declaration(site.ownerID!)
                return Finding(
                    ruleID: Self.id, fixClass: .manual, isBlocker: true, file: site.file, offset: Int(file.tokens[site.token].start),
                    message: "'\(variable.name)' holds the protocol '\(unit.name)' as an existential; @Bindable and "
                        + "@Environment need a concrete type",
                    suggestion: "make the view generic: struct V<Model: \(unit.name)>, with var \(variable.name): Model",
                    unit: unit.id)
            }
        }
    }
}
