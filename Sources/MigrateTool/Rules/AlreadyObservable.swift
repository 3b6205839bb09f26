import SourceScan

/// A class that is already `@Observable` but is still held by legacy wrappers (`@StateObject`,
/// `@ObservedObject`, `@EnvironmentObject`, `.environmentObject`): a migration begun by hand,
/// or a library whose class became `@Observable` while its example apps kept the old API. Those
/// sites do not compile, since the class is no `ObservableObject`; the wrapper rules rewrite them as
/// for a migrated model, and the class stays as it is. A note says so at the class. A use that
/// has no Observation form to rewrite to (`m.objectWillChange`, `m.$x`, another library's
/// wrapper) blocks the unit: it is code to delete or rewrite by hand. A type the tree does not
/// declare counts only when the configuration names it (`observableTypes`), and the note is
/// then at its first site.
struct AlreadyObservable: Rule {
    static let id = "already-observable"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        // The sites typed as each such unit's class, gathered in one pass over the tree's sites.
        var sitesOfUnit: [Int: [Site]] = [:]
        if !context.units.observableClassUnit.isEmpty || !context.units.observableExternalUnit.isEmpty {
            for site in context.index.sites {
                switch site.kind {
                case .objectWillChange, .memberPublisher, .externalObjectWrapper:
                    if let unit = context.units.observableUnit(of: site.type) { sitesOfUnit[unit, default: []].append(site) }
                default:
                    continue
                }
            }
        }
        findings += Self.unreadExternalSites(context) + Self.unmigratedVariants(context) + Self.conformedExternalTypes(context)
            + Self.declaredConfiguredTypes(context)
        for unit in context.units.units {
            let name: String
            let observable: String
            if let classID = unit.observableClass {
                let declaration = context.declaration(classID)
                name = declaration.name
                observable = ModelGraph.hasObservableMacro(declaration) ? "is already @Observable"
                    : "is already Observable through an @Observable superclass"
            } else if let external = unit.observableExternalType {
                name = external
                observable = "is already @Observable by the configuration (observableTypes)"
            } else {
                continue
            }
            let anchor = Analyzer.unitAnchor(unit, context.index)
            let holders = Set(unit.wrappers.map { "@" + $0.kind.rawValue } + (unit.environmentModifiers.isEmpty ? [] : [".environmentObject"]))
            let sites = unit.usageSites.count
            var note = Finding(
                ruleID: Self.id, fixClass: .safe, file: anchor.file, offset: Int(context.files[anchor.file].tokens[anchor.token].start),
                message: "'\(name)' \(observable), but \(sites == 1 ? "1 legacy site" : "\(sites) legacy sites") "
                    + "(\(holders.sorted().joined(separator: ", "))) still \(sites == 1 ? "holds" : "hold") it as an ObservableObject, "
                    + "which it is not, so \(sites == 1 ? "it does" : "they do") not compile: the unit rewrites "
                    + "\(sites == 1 ? "it" : "them") as for a migrated model, and the class stays as it is",
                suggestion: nil, unit: unit.id)
            note.isNote = true
            findings.append(note)
            findings += Self.unmigratableUses(sitesOfUnit[unit.id] ?? [], of: unit, name: name, context)
        }
        return findings
    }

    /// Blockers for the uses of the unit's class (`sites`, typed as it) that name the
    /// `ObservableObject` API it does not have: `m.objectWillChange`, `m.$x` (`.onReceive(m.$x)` too) and another library's wrapper.
    /// A class of the tree that declares such a member itself (its own `objectWillChange`, `x`
    /// under `@Published` or another wrapper, whose `$x` is the wrapper's) has it, and the use stays.
    static func unmigratableUses(_ sites: [Site], of unit: MigrationUnit, name: String, _ context: RuleContext) -> [Finding] {
        let lineage = unit.observableClass.map { [$0] + context.index.graph.ancestors(of: $0, context.types) } ?? []
        func declares(_ test: (DeclarationID) -> Bool) -> Bool { lineage.contains(where: test) }
        return sites.compactMap { site -> Finding? in
            let message: String
            let instead: String
            switch site.kind {
            case .objectWillChange:
                guard !declares({ ModelGraph.declaresProperty("objectWillChange", $0, context.types) }) else { return nil }
                message = "'objectWillChange' is the ObservableObject publisher, which '\(name)', already @Observable, does not have"
                instead = "delete it where it only refreshes views (they track the properties of '\(name)'); "
                    + "elsewhere observe with withObservationTracking or Observations"
            case .memberPublisher(let property):
                guard !declares({ ModelGraph.declaresProjectedProperty(property, $0, context.types) }) else { return nil }
                message = "'$\(property)' is a publisher of an ObservableObject's @Published property, which '\(name)', "
                    + "already @Observable, does not have"
                instead = "observe '\(property)' with withObservationTracking or Observations, or keep a subject the property feeds"
            case .externalObjectWrapper(let wrapper):
                message = "@\(wrapper) holds only an ObservableObject, which '\(name)', already @Observable, is not"
                instead = "hold it the way the library provides for @Observable classes, or as a plain property"
            default:
                return nil
            }
            let file = context.files[site.file]
            return Finding(ruleID: id, fixClass: .manual, isBlocker: true, file: site.file, offset: Int(file.tokens[site.token].start),
                           message: message, suggestion: instead, unit: unit.id)
        }
    }

    /// Sites whose type is written through a configured type without being it
    /// (`.environmentObject(KodiConnector.shared)`, `@ObservedObject var k = KodiConnector.shared`):
    /// the tool reads no library's code, so it cannot tell that the member holds one, and the
    /// configured type's unit is blocked until the type is written out.
    static func unreadExternalSites(_ context: RuleContext) -> [Finding] {
        let external = context.units.observableExternalUnit
        guard !external.isEmpty else { return [] }
        return context.index.sites.compactMap { site -> Finding? in
            switch site.kind {
            case .wrapper, .environmentObjectModifier: break
            default: return nil
            }
            guard case .external(let written) = site.type, context.units.observableUnit(of: site.type) == nil else { return nil }
            let parts = written.split(separator: ".").dropLast().map(String.init)
            guard let name = parts.first(where: { external[$0] != nil }), let unit = external[name] else { return nil }
            let file = context.files[site.file]
            return Finding(
                ruleID: id, fixClass: .manual, isBlocker: true, file: site.file, offset: Int(file.tokens[site.token].start),
                message: "cannot tell whether '\(written)' holds a '\(name)': the tool does not read the library's code",
                suggestion: "write the type out: a property annotated ': \(name)' (`let store: \(name) = .shared`), then hold that",
                unit: unit)
        }
    }

    /// `extension KodiConnector: ObservableObject {}` in the tree for a configured type: the tree
    /// makes it an ObservableObject after all, so its wrappers compile and subscribe to its
    /// publisher; the unit is blocked until that conformance goes.
    static func conformedExternalTypes(_ context: RuleContext) -> [Finding] {
        let external = context.units.observableExternalUnit
        guard !external.isEmpty else { return [] }
        return context.files.indices.flatMap { fileIndex -> [Finding] in
            let file = context.files[fileIndex]
            return file.declarations.compactMap { declaration -> Finding? in
                guard declaration.kind == .extension, let unit = external[ModelGraph.lastComponent(declaration.name)],
                      let entry = declaration.inheritance.first(where: { ModelGraph.namesObservableObject($0.typeName) }) else { return nil }
                return Finding(
                    ruleID: id, fixClass: .manual, isBlocker: true, file: fileIndex, offset: Int(file.tokens[entry.tokens.lowerBound].start),
                    message: "the tree makes '\(declaration.name)' an ObservableObject here, so its legacy wrappers compile and "
                        + "follow its objectWillChange, which Observation would not",
                    suggestion: "remove this conformance if the library's class is @Observable, or take the type out of observableTypes",
                    unit: unit)
            }
        }
    }

    /// A note for each `observableTypes` entry naming a class the tree declares: the tree's own
    /// classes are read as they are (a model migrates, an `@Observable` class is found without
    /// the entry), so the entry has no effect there, and a user who wrote it should hear so.
    static func declaredConfiguredTypes(_ context: RuleContext) -> [Finding] {
        let names = Set(context.units.configuredExternalNames)
        guard !names.isEmpty else { return [] }
        var seen = Set<String>()
        return context.types.types.compactMap { symbol -> Finding? in
            let name = context.declaration(symbol.id).name
            guard symbol.kind == .class, names.contains(name), seen.insert(name).inserted else { return nil }
            let file = context.files[symbol.id.file]
            var note = Finding(
                ruleID: id, fixClass: .manual, file: symbol.id.file, offset: Int(file.tokens[context.declaration(symbol.id).keyword].start),
                message: "observableTypes names '\(name)', which the tree declares here: the entry has no effect on the tree's own "
                    + "classes, which are read as they are",
                suggestion: "remove '\(name)' from observableTypes")
            note.isNote = true
            return note
        }
    }

    /// A model with a variant the tool does not migrate (`#if FLAVOUR_B` a class inheriting a
    /// library's type, which may be an `ObservableObject`, or a plain class; `#else` the model):
    /// the sites shared by both mean whichever compiles, and rewriting them for the model's
    /// variant would leave the other holding something else. The model's unit is blocked.
    static func unmigratedVariants(_ context: RuleContext) -> [Finding] {
        let graph = context.index.graph
        return context.units.units.flatMap { unit -> [Finding] in
            unit.classes.flatMap { model -> [Finding] in
                context.types.classVariants(of: model).filter { other in
                    graph.models[other] == nil && !graph.observableVariantsOfModels.contains(other)
                }.map { other in
                    let file = context.files[other.file]
                    let declaration = context.declaration(other)
                    return Finding(
                        ruleID: id, fixClass: .manual, isBlocker: true, file: other.file, offset: Int(file.tokens[declaration.keyword].start),
                        message: "'\(declaration.name)' is declared here too, as a variant of the model (under other build conditions or "
                            + "for another target) that is neither an ObservableObject the tool can see nor @Observable: the sites "
                            + "both share would change for the model only",
                        suggestion: "make this variant an ObservableObject of the tree or @Observable, or migrate the sites by hand",
                        unit: unit.id)
                }
            }
        }
    }
}
