import SourceScan

/// The last safety net of `apply`: the tree as it would be written is indexed again, and any
/// legacy construct still naming a class the run makes `@Observable` (a wrapper,
/// `.environmentObject`, `objectWillChange`, a `$x` publisher, `StateObject(wrappedValue:)`, a
/// spelled `ObservedObject<M>`, or a `$m` binding of a property that lost its wrapper) means the
/// index missed a site: that code would no longer compile. The unit is then not written.
///
/// It must never fire on real apps; it exists so that the next typing gap costs a blocked unit,
/// not a broken build.
enum ConsistencyCheck {
    /// One legacy construct left on a migrated class.
    struct Violation: Equatable {
        /// The unit whose class it names.
        var unit: Int
        /// Where the construct is in the rewritten file.
        var location: SourceLocation
        var construct: String
        var className: String
    }

    /// The violations in the tree `analysis` describes once `newContents` replace its files,
    /// for the classes of `appliedUnits` (for tests: `apply` hands over the structures it made).
    static func violations(_ analysis: Analysis, newContents: [Int: [UInt8]], appliedUnits: [Int]) -> [Violation] {
        guard !appliedUnits.isEmpty, !newContents.isEmpty else { return [] }
        let rewritten = Dictionary(uniqueKeysWithValues: newContents.map { position, bytes in
            (position, FileStructure(SourceFile(path: analysis.files[position].source.path, bytes: bytes)))
        })
        return violations(analysis, rewritten: rewritten, appliedUnits: appliedUnits)
    }

    /// The violations in the tree `analysis` describes once the structures in `rewritten` (of
    /// the new text, as `apply` tidied it) replace its files, for the classes of `appliedUnits`.
    /// Files released from the analysis and not rewritten are structured again from their bytes.
    static func violations(_ analysis: Analysis, rewritten: [Int: FileStructure], appliedUnits: [Int]) -> [Violation] {
        guard !appliedUnits.isEmpty, !rewritten.isEmpty else { return [] }
        // The migrated classes, by the file that declares them and their qualified name.
        var unitOfClass: [String: Int] = [:]
        for unit in appliedUnits {
            for member in analysis.units[unit].memberDeclarations { unitOfClass["\(member.file) \(member.name)"] = unit }
            // A type the tree does not declare (`observableTypes`) is checked by its name.
            if let external = analysis.units[unit].observableExternalType { unitOfClass["external \(external)"] = unit }
        }
        let structures = concurrentMap(Array(0..<analysis.indexedFileCount)) { position -> FileStructure in
            rewritten[position] ?? analysis.structure(of: position)
        }
        let index = PhaseTimer.measure("consistency index") { TreeIndex(files: structures, modules: analysis.fileModules, typesDeclaredOutside: analysis.typesDeclaredOutside) }
        var found = violations(in: index, structures, analysis, unitOfClass)
        // Which module sees which is itself read from manifests, projects and imports, and a gap
        // there hides a site as a typing gap does (a package added to the workspace, a module's
        // own `@_exported import`). So a tree of several modules is read once more as one, where
        // a name means every class of that name: a site the module view missed still blocks its
        // unit. A site the module view typed as another class of the tree, one the run does not
        // migrate (a homonym in the module the file sees: Pocket's two `SavedItemViewModel`s),
        // was not missed: visibility gaps only hide classes, and had the file seen both, the
        // code would not compile. Files no package or project describes are left to the module
        // view: beside described targets they are mostly scratch files no target compiles
        // (Epilogue's TestWhisperKit.swift).
        if let modules = analysis.fileModules {
            let folder = analysis.folderModule.map(Int32.init)
            let flat = PhaseTimer.measure("consistency index, one module") { TreeIndex(files: structures, modules: nil, typesDeclaredOutside: analysis.typesDeclaredOutside) }
            let described = { (file: Int) in file >= modules.own.count || modules.own[file].contains { $0 != folder } }
            var typedAsAnotherClass = Set<[Int]>()
            for site in index.sites {
                guard case .declared(let id) = site.type, let name = index.types.symbol(id)?.qualifiedName,
                      unitOfClass["\(id.file) \(name)"] == nil else { continue }
                typedAsAnotherClass.insert([site.file, site.token])
            }
            for violation in violations(in: flat, structures, analysis, unitOfClass, in: described,
                                        skipping: typedAsAnotherClass) where !found.contains(violation) {
                found.append(violation)
            }
        }
        return found
    }

    /// The legacy constructs `index` finds, in the files `considered` accepts and not at the
    /// `skipped` sites (file and token), still naming a class of `unitOfClass` (by declaring
    /// file and qualified name).
    private static func violations(in index: TreeIndex, _ structures: [FileStructure], _ analysis: Analysis,
                                   _ unitOfClass: [String: Int], in considered: (Int) -> Bool = { _ in true },
                                   skipping skipped: Set<[Int]> = []) -> [Violation] {
        func migratedUnit(_ type: ResolvedType) -> (unit: Int, name: String)? {
            let candidates: [DeclarationID]
            switch type {
            case .declared(let id): candidates = [id]
            case .ambiguous(let ids): candidates = ids
            case .external(let written):
                // Any component: `KodiConnector.shared` is read as a type name it may stand for.
                for part in written.split(separator: ".") {
                    if let unit = unitOfClass["external \(part)"] { return (unit, String(part)) }
                }
                return nil
            default: return nil
            }
            for id in candidates {
                guard let name = index.types.symbol(id)?.qualifiedName, let unit = unitOfClass["\(id.file) \(name)"] else { continue }
                return (unit, name)
            }
            return nil
        }
        var found: [Violation] = []
        for site in index.sites where considered(site.file) && !skipped.contains([site.file, site.token]) {
            let construct: String
            var type = site.type
            switch site.kind {
            case .wrapper(let kind): construct = "@\(kind.rawValue)"
            case .environmentObjectModifier: construct = ".environmentObject"
            case .objectWillChange:
                construct = "objectWillChange"
                // A class that declares its own `objectWillChange` (one already `@Observable`, whose
                // unit only rewrites its holders) still has it.
                if case .declared(let id) = type, ModelGraph.declaresProperty("objectWillChange", id, index.types) { continue }
            case .memberPublisher(let name):
                construct = "$\(name)"
                if let receiver = site.receiver, receiver.count == 1, structures[site.file].source.tokenText(receiver.lowerBound, equals: "self") {
                    // `self.$m.x` in a view: a binding of the view's own property `m`.
                    guard let propertyType = unwrappedPropertyType(name, at: site, index) else { continue }
                    type = propertyType
                } else if case .declared(let id) = type, let owner = index.graph.classDeclaring(property: name, from: id, index.types) {
                    // `sub.$x` of an `x` the subclass inherits: the publisher is the superclass's.
                    type = .declared(owner)
                }
                // `m.$x` of `@AppStorage var x`: the wrapper's projection stays with the wrapper; so
                // does an `@ObservationIgnored @Published var x` the rewritten tree still declares.
                if case .declared(let owner) = type, ModelGraph.declaresProjectedProperty(name, owner, index.types) { continue }
            case .projectedValue(let name):
                construct = "$\(name)"
                guard let propertyType = unwrappedPropertyType(name, at: site, index) else { continue }
                type = propertyType
            case .stateObjectInitializer: construct = "StateObject(wrappedValue:)"
            case .observedObjectInitializer: construct = "ObservedObject(wrappedValue:)"
            case .spelledWrapperType(let kind): construct = kind.rawValue
            case .externalObjectWrapper(let name): construct = "@\(name)"
            // `_m` sites exist only beside a legacy wrapper, which the check already reports.
            case .observableConstraint, .publishedInitializer, .backingStorage: continue
            }
            guard let (unit, name) = migratedUnit(type) else { continue }
            let (line, column) = LineMap(structures[site.file].source.bytes).location(of: Int(structures[site.file].tokens[site.token].start))
            found.append(Violation(unit: unit, location: SourceLocation(path: analysis.displayPaths[site.file], line: line, column: column),
                                   construct: construct, className: name))
        }
        return found
    }

    /// The type of the enclosing type's property `name` when it carries no attribute at all (a
    /// wrapper was removed from it) and is annotated: `$name` of such a property does not compile.
    private static func unwrappedPropertyType(_ name: String, at site: Site, _ index: TreeIndex) -> ResolvedType? {
        guard let owner = site.ownerID, let enclosing = index.types.enclosingTypeLike(owner),
              let typeID = index.types.extendedType(enclosing), let symbol = index.types.symbol(typeID) else { return nil }
        for container in [typeID] + symbol.extensions {
            let file = index.files[container.file]
            for member in file.members(of: container.declaration) {
                let declaration = file.declarations[member]
                guard declaration.kind == .variable, declaration.attributes.isEmpty,
                      let binding = declaration.bindings.first(where: { $0.name == name }), let annotation = binding.typeAnnotation
                else { continue }
                return index.types.resolve(file.compactText(annotation), from: DeclarationID(file: container.file, declaration: member))
            }
        }
        return nil
    }
}
