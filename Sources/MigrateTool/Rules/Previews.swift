import SourceScan

/// Preview code (`#Preview { … }`, `PreviewProvider` types) gets the same rewrites as app code:
/// `.environmentObject(Model.preview)` → `.environment(Model.preview)`, `@StateObject` in preview
/// helpers → `@State`. Reported under this id so a team can tell preview churn from app changes.
struct Previews: Rule {
    static let id = "previews"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for use in unit.wrappers where WrapperRewrite.isInPreview(use.site, context) {
                findings += WrapperRewrite.finding(for: use, ruleID: Self.id, in: context, unit: unit.id)
            }
            for site in unit.environmentModifiers where context.isInPreview(file: site.file, token: site.token) {
                findings.append(EnvironmentObjectModifier.finding(for: site, ruleID: Self.id, in: context, unit: unit.id))
            }
            for site in unit.stateObjectInitializers where context.isInPreview(file: site.file, token: site.token) {
                findings.append(StateObjectInit.finding(for: site, ruleID: Self.id, in: context, unit: unit.id))
            }
        }
        return findings
    }
}
