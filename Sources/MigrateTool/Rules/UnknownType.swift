import SourceScan

/// A legacy wrapper whose type the tree does not declare (third-party, generated, a system
/// type): reported, never rewritten, since renaming the wrapper of a type the tool did not
/// migrate breaks the build. One whose type cannot be read at all may be any model, so it
/// blocks every unit until it is annotated; one naming several types of the tree blocks the
/// units of those types.
struct UnknownType: Rule {
    static let id = "unknown-type"

    func check(_ context: RuleContext) -> [Finding] {
        let allUnits = context.units.units.map(\.id)
        return context.units.unknownTypeWrappers.compactMap { site in
            guard let variableID = site.ownerID, case .wrapper(let kind) = site.kind else { return nil }
            let variable = context.declaration(variableID)
            let file = context.files[site.file]
            let offset = Int(file.tokens[site.token].start)
            switch site.type {
            case .external(let name):
                let declaredIn = context.declaredOutsideBuild[TypeReference(name)?.baseName ?? name]
                var finding = Finding(
                    ruleID: Self.id, fixClass: .manual, file: site.file, offset: offset,
                    message: declaredIn.map { "@\(kind.rawValue) '\(variable.name)' holds '\(name)', declared in \($0), which no target compiles; left as it is" }
                        ?? "@\(kind.rawValue) '\(variable.name)' holds '\(name)', which is not declared in the scanned tree; left as it is",
                    suggestion: declaredIn == nil ? "scan the code that declares \(name) to migrate it"
                        : "add that file to its target (or correct the path the project lists for it) and run again")
                finding.isNote = true
                return finding
            case .ambiguous(let candidates):
                // One of the types of that name, and no other: only their units wait for it.
                let units = context.unitsVisible(from: site.file, among: context.units(of: candidates))
                guard !units.isEmpty else { return nil }
                let name = context.declaration(candidates[0]).name
                let places = candidates.map { context.pathAndLine(file: $0.file, token: context.declaration($0).keyword) }
                if candidates.count == 1, let annotation = variable.bindings.first?.typeAnnotation {
                    // `VendorKit.LegacyVendor`, `VendorKit` no module of the build: maybe another library's class.
                    let written = file.compactText(annotation)
                    return Finding(
                        ruleID: Self.id, fixClass: .manual, isBlocker: true, file: site.file, offset: offset,
                        message: "cannot tell whether '\(written)' is the tree's '\(name)' (\(places[0])): its qualifier is no module "
                            + "of the build, so it may be another library's class of that name",
                        suggestion: "write the tree's module as the qualifier, or none",
                        unit: units[0], alsoUnits: Array(units.dropFirst()))
                }
                return Finding(
                    ruleID: Self.id, fixClass: .manual, isBlocker: true, file: site.file, offset: offset,
                    message: "cannot tell which of the \(candidates.count) types named '\(name)' (\(places.joined(separator: ", "))) "
                        + "@\(kind.rawValue) '\(variable.name)' holds; their units wait for it, and no other",
                    suggestion: "give the types different names, or leave all but one of them out of the scan (--exclude GLOB)",
                    unit: units[0], alsoUnits: Array(units.dropFirst()))
            default:
                let allUnits = context.unitsVisible(from: site.file, among: allUnits)
                guard !allUnits.isEmpty else { return nil }
                return Finding(
                    ruleID: Self.id, fixClass: .manual, isBlocker: true, file: site.file, offset: offset,
                    message: "cannot tell the type of @\(kind.rawValue) '\(variable.name)'; it may be one of the models",
                    suggestion: "write its type: @\(kind.rawValue) var \(variable.name): ModelType",
                    unit: allUnits[0], alsoUnits: Array(allUnits.dropFirst()))
            }
        }
    }
}
