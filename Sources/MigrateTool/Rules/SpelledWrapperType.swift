import SourceScan

/// `ObservedObject<Settings>.Wrapper`, `StateObject<M>`, `EnvironmentObject<M>.Wrapper` spelled
/// out as a type (a child view taking `$settings` from its parent): the wrapper goes away with
/// the migration and `$settings` becomes a `Bindable` or a `Binding`, so the declared type no
/// longer matches. Blocks the unit.
struct SpelledWrapperType: Rule {
    static let id = "spelled-wrapper-type"

    func check(_ context: RuleContext) -> [Finding] {
        context.units.units.flatMap { unit in
            unit.spelledWrapperTypes.map { site in
                let file = context.files[site.file]
                let kind: String
                if case .spelledWrapperType(let wrapper) = site.kind { kind = wrapper.rawValue } else { kind = "?" }
                return Finding(
                    ruleID: Self.id, fixClass: .manual, isBlocker: true, file: site.file, offset: Int(file.tokens[site.token].start),
                    message: "the type \(kind)<\(unit.name)> is spelled out; "
                        + (unit.observableClass != nil || unit.observableExternalType != nil
                            ? "it does not exist for '\(unit.name)', which is already @Observable"
                            : "it stops existing for '\(unit.name)' once it is @Observable"),
                    suggestion: "take '\(unit.name)' itself (with @Bindable in the receiving view) or a Binding to the property",
                    unit: unit.id)
            }
        }
    }
}
