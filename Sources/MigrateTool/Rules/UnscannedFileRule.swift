import SourceScan

/// A file compiled with the scanned code that the run does not read whole (`UnscannedFile`):
/// one it could not read, or one of a scanned module that the paths given or the excludes leave
/// out. A unit with a site there would be written half, an `@Observable` class beside an
/// `@EnvironmentObject` that no longer compiles, so each unit the file may touch is blocked:
/// one that it names, every one it can see when it mentions the observation APIs (a site need
/// not name its model), or every one it can see when its bytes could not be read at all.
struct UnscannedFileRule: Rule {
    static let id = "unscanned-file"

    /// How many files one blocker names before it counts the rest.
    static let namedFiles = 3

    func check(_ context: RuleContext) -> [Finding] {
        guard !context.unscanned.isEmpty else { return [] }
        let modules = context.types.modules
        return context.units.units.compactMap { unit -> Finding? in
            let members = unit.declarations
            let names = members.map { context.declaration($0).name } + (unit.observableExternalType.map { [$0] } ?? [])
            let homes = Set(members.flatMap { modules?.own[$0.file].map(Int.init) ?? [] })
            let reasons = context.unscanned.compactMap { file -> (UnscannedFile.SiteEvidence, String)? in
                // A file whose modules cannot see the model's cannot hold a site of it; a library's
                // type (`observableTypes`) may be seen from any module.
                if let visible = file.visibleModules, modules != nil, unit.observableExternalType == nil, visible.isDisjoint(with: homes) {
                    return nil
                }
                return file.mayHoldSite(ofModelsNamed: names).map { ($0, "\(file.path) (\(file.reason); \($0.phrase))") }
            }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1)
            guard !reasons.isEmpty else { return nil }
            let anchor = Analyzer.unitAnchor(unit, context.index)
            let shown = reasons.prefix(Self.namedFiles).joined(separator: ", ")
            let more = reasons.count > Self.namedFiles ? ", and \(reasons.count - Self.namedFiles) more" : ""
            return Finding(
                ruleID: Self.id, fixClass: .manual, isBlocker: true, file: anchor.file,
                offset: Int(context.files[anchor.file].tokens[anchor.token].start),
                message: "'\(unit.name)' may have sites in \(reasons.count == 1 ? "a file" : "\(reasons.count) files") compiled with it that this "
                    + "run does not read: \(shown)\(more); sites left there on the legacy API would break the build",
                suggestion: "scan them too (name the whole module's folder, drop the exclude, make the file readable), "
                    + "or leave the unit for a run that reads them",
                unit: unit.id)
        }
    }
}
