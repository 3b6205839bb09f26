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
        return findings + localWrapperBlockers(context)
    }

    /// A legacy wrapper on a local variable of a freestanding macro's body (`@StateObject var
    /// store = Store()` in a `#Preview`), which the declaration parser leaves unparsed: no
    /// declaration the tool rewrites, so the model's unit would leave it on an `@Observable`
    /// class, which does not compile. It blocks the unit of the type the typer gives the local
    /// (every unit the file can see when the type cannot be told).
    private func localWrapperBlockers(_ context: RuleContext) -> [Finding] {
        let everyUnit = context.units.units.map(\.id)
        var findings: [Finding] = []
        for (fileIndex, file) in context.files.enumerated() {
            let tokens = file.tokens
            var declared: Set<Int>?
            var braces: [Int32]?
            for index in tokens.indices where tokens[index].kind == .atSign && index + 1 < tokens.count
                && tokens[index + 1].kind == .identifier && WrapperKind(rawValue: file.source.text(index + 1)) != nil {
                if declared == nil {
                    declared = Set(file.declarations.flatMap { $0.attributes.map(\.tokens.lowerBound) })
                }
                guard declared?.contains(index) == false else { continue }
                let wrapper = file.source.text(index + 1)
                // `@StateObject private var name …`: the declaration's keyword follows the modifiers.
                var keyword = index + 2
                while keyword < tokens.count, tokens[keyword].word != .var, tokens[keyword].word != .let, keyword < index + 12 {
                    keyword += 1
                }
                guard keyword + 1 < tokens.count, tokens[keyword + 1].kind == .identifier else { continue }
                let name = file.source.text(keyword + 1)
                let units: [Int]
                switch context.index.typer.macroBodyLocalType(declaredAt: keyword, file: fileIndex) {
                case .declared(let typeID):
                    guard let unit = context.units.unitOf[typeID] else { continue }  // Not a model: nothing changes.
                    units = [unit]
                case .external:
                    continue  // A library's type stays as it is.
                case .ambiguous(let candidates):
                    units = candidates.compactMap { context.units.unitOf[$0] }
                case .genericParameter, .unknown:
                    units = context.unitsVisible(from: fileIndex, among: everyUnit)
                }
                guard let first = units.first else { continue }
                if units.count == 1, wrapper == WrapperKind.stateObject.rawValue, context.isInPreview(file: fileIndex, token: index),
                   let rewrite = localStateObjectRewrite(at: index, keyword: keyword, file: fileIndex, braces: &braces, context: context,
                                                         unit: first) {
                    findings.append(rewrite)
                    continue
                }
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .manual, isBlocker: true, file: fileIndex, offset: Int(tokens[index].start),
                    message: "@\(wrapper) on the local variable '\(name)' is no declaration the tool rewrites; once its model is "
                        + "@Observable it no longer compiles",
                    suggestion: "hold the model in a @State property (in a #Preview, @Previewable @State var \(name)), then run again",
                    unit: first, alsoUnits: Array(units.dropFirst())))
            }
        }
        return findings
    }

    /// `@StateObject var store = Store()` in preview code becomes `@State var store = Store()`,
    /// as the catalog's previews row asks and as preview bodies already hold their other state
    /// (`@State var isOn = true`). Nil, so that the local keeps blocking, when it has no
    /// initializer or when its preview uses `$store` other than as `$store.member` (a binding
    /// to a property, which `@State`'s binding gives too): the bare projection changes type.
    /// Review: outside a view, `@StateObject` made a new model on every read of the local,
    /// and `@State` keeps the one it was given.
    private func localStateObjectRewrite(at attribute: Int, keyword: Int, file fileIndex: Int, braces: inout [Int32]?,
                                         context: RuleContext, unit: Int) -> Finding? {
        let file = context.files[fileIndex]
        let tokens = file.tokens
        let nameToken = keyword + 1
        guard nameToken + 1 < tokens.count else { return nil }
        var equal = nameToken + 1
        if tokens[equal].kind == .colon {
            // `: Store = Store()`: the annotation ends where the typer's reading of the local ends it.
            equal = ExpressionTyper.localStatementEnd(from: nameToken + 2, before: tokens.count, in: file, annotation: true)
        }
        guard equal < tokens.count, tokens[equal].kind == .equal else { return nil }
        if braces == nil { braces = file.enclosingBraces() }
        let open = Int(braces![attribute])
        guard open >= 0 else { return nil }
        let close = Int(file.matchingBracket[open])
        guard close > attribute, close <= tokens.count else { return nil }
        let body = (open + 1)..<close
        let name = file.source.text(nameToken)
        let projection = "$" + name
        for position in nameToken..<body.upperBound where file.source.tokenText(position, equals: projection) {
            guard position + 2 < body.upperBound, tokens[position + 1].kind == .period,
                  tokens[position + 2].kind == .identifier else { return nil }
        }
        let edit = EditBuilder(file: file).replace((attribute + 1)..<(attribute + 2), with: "State")
        return Finding(
            ruleID: Self.id, fixClass: .review, file: fileIndex, offset: Int(tokens[attribute].start),
            message: "@StateObject on the preview's local variable '\(name)' becomes @State; outside a view @StateObject made a "
                + "new model on every read of '\(name)', and @State keeps the one it was given",
            suggestion: "@State var \(name)", edits: [FileEdit(file: fileIndex, edit: edit)], unit: unit)
    }
}
