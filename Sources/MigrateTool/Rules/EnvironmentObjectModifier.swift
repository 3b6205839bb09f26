import SourceScan

/// `.environmentObject(m)` where `m`'s type is a migrated model becomes `.environment(m)`.
/// Other `.environmentObject` calls stay; one whose argument's type cannot be known blocks the
/// units that are read from the environment, since it might be any of them.
struct EnvironmentObjectModifier: Rule {
    static let id = "environment-object-modifier"
    static let relevanceKeywords = ["environmentObject"]

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for site in unit.environmentModifiers where !context.isInPreview(file: site.file, token: site.token) {
                findings.append(Self.finding(for: site, ruleID: Self.id, in: context, unit: unit.id))
            }
        }
        let candidates = context.units.units.filter { unit in unit.wrappers.contains { $0.kind == .environmentObject } }.map(\.id)
        for site in context.units.unresolvedEnvironmentModifiers {
            // Several types of the tree share the name (one per app flavour): one of theirs, no other.
            let possible = if case .ambiguous(let homonyms) = site.type {
                context.units(of: homonyms)
            } else {
                candidates
            }
            let candidates = context.unitsVisible(from: site.file, among: possible)
            guard !candidates.isEmpty else { continue }
            let file = context.files[site.file]
            let argument = site.arguments.map { file.compactText($0) } ?? "…"
            findings.append(Finding(
                ruleID: Self.id, fixClass: .manual, isBlocker: true, file: site.file, offset: Int(file.tokens[site.token].start),
                message: "cannot tell the type of '\(argument)' in .environmentObject(\(argument)); it may be a model that is "
                    + "read with @EnvironmentObject",
                suggestion: "if it is a migrated model, write .environment(\(argument)); a type annotation lets the tool decide",
                unit: candidates[0], alsoUnits: Array(candidates.dropFirst())))
        }
        return findings
    }

    /// The rewrite of one modifier, shared with `previews`.
    static func finding(for site: Site, ruleID: String, in context: RuleContext, unit: Int) -> Finding {
        let file = context.files[site.file]
        let argument = site.arguments.map { file.compactText($0) } ?? ""
        return Finding(ruleID: ruleID, fixClass: .safe, file: site.file, offset: Int(file.tokens[site.token].start),
                       message: ".environmentObject(\(argument)) becomes .environment(\(argument))",
                       suggestion: ".environment(\(argument))",
                       edits: [FileEdit(file: site.file, edit: EditBuilder(file: file).replace(site.token..<(site.token + 1), with: "environment"))],
                       unit: unit)
    }
}
