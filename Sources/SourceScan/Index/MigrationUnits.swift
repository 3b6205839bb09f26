/// A wrapper property and the `$name` projections of it in the type that declares it.
public struct WrapperUse: Sendable {
    /// The `.wrapper` site.
    public var site: Site
    /// `$name` uses in the declaring type and its extensions, anywhere in the tree.
    public var projections: [Site]
    /// The kind of wrapper.
    public var kind: WrapperKind {
        if case .wrapper(let kind) = site.kind { return kind }
        return .observedObject
    }
}

/// One migration unit: a model with the model subclasses that cannot migrate without it (or an
/// observable protocol with its conforming classes), its conformance extensions, and every site
/// in the tree that refers to it. The apply step rewrites a unit whole or not at all. A subclass
/// that can migrate while its superclass stays an `ObservableObject` is a unit of its own, which
/// the superclass's unit needs (`ModelGraph.modelSuperclass` across units), not the reverse.
public struct MigrationUnit: Sendable {
    public var id: Int
    /// The unit's name: its root model's (or protocol's) qualified name.
    public var name: String
    /// Model classes, base classes before subclasses.
    public var classes: [DeclarationID]
    /// Protocols refining `ObservableObject` in the unit.
    public var protocols: [DeclarationID]
    /// The class a unit of legacy sites holds when that class is already `@Observable`
    /// (`ModelGraph.alreadyObservable`): its sites are rewritten, its declaration stays as it is.
    /// Such a unit has no `classes` and no `protocols`, so no rule about models reads it.
    public var observableClass: DeclarationID?
    /// The same for a type the tree does not declare that the configuration names as already
    /// `@Observable` (`observableTypes`: a dependency that adopted Observation), by its last name.
    public var observableExternalType: String?
    /// `extension M: ObservableObject` declarations, with the entry's position.
    public var conformanceExtensions: [(extension: DeclarationID, entry: Int)]
    public var wrappers: [WrapperUse] = []
    public var stateObjectInitializers: [Site] = []
    public var environmentModifiers: [Site] = []
    public var objectWillChangeUses: [Site] = []
    /// `$x` inside the unit's classes and `m.$x` anywhere, where `x` is the unit's property.
    public var publisherUses: [Site] = []
    /// Wrappers holding the unit's protocol as an existential (`any P`).
    public var existentialWrappers: [Site] = []
    /// `ObservedObject<M>.Wrapper` and the like, spelled out in a type.
    public var spelledWrapperTypes: [Site] = []
    /// `_m = ObservedObject(wrappedValue: …)` for one of the unit's wrapper properties.
    public var observedObjectInitializers: [Site] = []
    /// `_x = Published(initialValue: …)` in one of the unit's classes.
    public var publishedInitializers: [Site] = []
    /// Properties holding the unit's objects with another library's wrapper that requires an
    /// `ObservableObject` (`@InjectedObject`).
    public var externalObjectWrappers: [Site] = []

    /// Every declaration the unit names: its classes, its protocols and its already `@Observable` class.
    public var declarations: [DeclarationID] { classes + protocols + (observableClass.map { [$0] } ?? []) }

    /// The sites a unit's summary counts ("N sites in M files"): the places the tree uses the
    /// model from outside its declarations. A new site list is added here or to
    /// `siteListsNotCounted`; `SiteListTests` fails while a list is in neither.
    public var usageSites: [Site] {
        wrappers.map(\.site) + stateObjectInitializers + environmentModifiers + objectWillChangeUses + publisherUses + existentialWrappers
    }

    /// The fields `usageSites` reads.
    public static let siteListsCounted: Set<String> = [
        "wrappers", "stateObjectInitializers", "environmentModifiers", "objectWillChangeUses", "publisherUses", "existentialWrappers",
    ]

    /// Site lists the summary does not count: they were added after its counts were defined, and
    /// counting them would change every report's figures. Listed so that is a visible decision.
    public static let siteListsNotCounted: Set<String> = ["spelledWrapperTypes", "observedObjectInitializers", "publishedInitializers",
                                                          "externalObjectWrappers"]
}

/// All units of a tree, plus the sites that belong to no unit and so need a word of their own.
public struct MigrationUnits: Sendable {
    public var units: [MigrationUnit] = []
    /// Wrappers whose type the tree does not declare (third-party, generated): never rewritten.
    public var unknownTypeWrappers: [Site] = []
    /// Wrappers over a generic parameter constrained to `ObservableObject`.
    public var genericWrappers: [Site] = []
    /// `ObservableObject` in generic constraints, `where` clauses, `some`/`any`.
    public var constraints: [Site] = []
    /// Which units reach each constraint, in the order of `constraints`.
    public var constraintCouplings: [GenericCoupling] = []
    /// Which units reach the parameter of each generic wrapper, in the order of `genericWrappers`.
    public var genericWrapperCouplings: [GenericCoupling] = []
    /// `.environmentObject(x)` whose argument's type cannot be known.
    public var unresolvedEnvironmentModifiers: [Site] = []
    /// `x.objectWillChange` whose receiver's type cannot be known.
    public var unresolvedObjectWillChange: [Site] = []
    /// `@InjectedObject` properties whose type cannot be told: any model may be one of them.
    public var unresolvedExternalObjectWrappers: [Site] = []
    /// `x.$name` whose receiver's type cannot be known, though a unit has a property `name`.
    public var unresolvedPublishers: [(site: Site, units: [Int])] = []
    /// The unit of each model class and observable protocol.
    public var unitOf: [DeclarationID: Int] = [:]
    /// The unit of each already `@Observable` class that legacy sites hold (`MigrationUnit.observableClass`).
    public var observableClassUnit: [DeclarationID: Int] = [:]
    /// The unit of each configured external `@Observable` type that legacy sites hold, by its last name.
    public var observableExternalUnit: [String: Int] = [:]
    /// The configured external types (`observableTypes`): by last name, the qualifiers written
    /// before it (empty for an unqualified entry).
    private var configuredQualifiers: [String: Set<String>] = [:]

    /// The last names of the configured external types (`observableTypes`).
    public var configuredExternalNames: [String] { configuredQualifiers.keys.sorted() }
    /// Why each model subclass that stays in its superclass's unit cannot migrate on its own.
    /// A model subclass not listed here (and not tied by a protocol) is a unit of its own.
    public var subclassTies: [DeclarationID: SubclassTie] = [:]

    /// The unit of the first model class or observable protocol among a generic parameter's
    /// constraints as written (`T: SecretStore`, `T: P & Model`), resolved from `scope`: only
    /// that unit's models can be passed for it. Nil when no constraint names one.
    public static func boundingUnit(constraints: [String], from scope: DeclarationID, types: TypeIndex,
                                    unitOf: [DeclarationID: Int]) -> Int? {
        for part in constraints.flatMap({ $0.split(separator: "&") }) {
            if case .declared(let id) = types.resolve(String(part).trimming(charactersIn: " "), from: scope), let unit = unitOf[id] {
                return unit
            }
        }
        return nil
    }

    /// What comes before the last component: `SwiftlyKodiAPI` for `SwiftlyKodiAPI.KodiConnector`, empty for none.
    static func qualifier(_ written: String) -> String {
        guard let dot = written.lastIndex(of: ".") else { return "" }
        return String(written[..<dot])
    }

    /// The configured external type (`observableTypes`) a type written in the tree names, by last
    /// name: `KodiConnector` or `SwiftlyKodiAPI.KodiConnector` for the entry
    /// `SwiftlyKodiAPI.KodiConnector`, not `OtherKit.KodiConnector`, which is another library's.
    func configuredExternal(_ written: String) -> String? {
        let name = ModelGraph.lastComponent(written)
        guard let qualifiers = configuredQualifiers[name] else { return nil }
        let written = Self.qualifier(written)
        return written.isEmpty || qualifiers.contains("") || qualifiers.contains(written) ? name : nil
    }

    /// Groups the index's models into units and attributes every site. `observableTypes` names
    /// types the tree does not declare that are already `@Observable` (matched by last name).
    public init(index: TreeIndex, observableTypes: Set<String> = []) {
        let graph = index.graph
        let groups = Self.groups(index, ties: &subclassTies)
        for (position, group) in groups.enumerated() {
            for id in group { unitOf[id] = position }
        }
        Self.addVariantsOfModels(index, to: &unitOf)
        for (position, group) in groups.enumerated() {
            let classes = group.filter { graph.models[$0] != nil }
            let protocols = group.filter { graph.observableProtocols.contains($0) }
            var extensions: [(DeclarationID, Int)] = []
            for id in classes {
                for conformance in graph.models[id] ?? [] {
                    if case .viaExtension(let extensionID, let entry) = conformance { extensions.append((extensionID, entry)) }
                }
            }
            let root = classes.first { graph.modelSuperclass[$0].map { unitOf[$0] != position } ?? true }
            let nameSource = protocols.first ?? root ?? group[0]
            let name = index.types.symbol(nameSource)?.qualifiedName ?? "?"
            units.append(MigrationUnit(id: position, name: name, classes: Self.baseFirst(classes, graph, index.types),
                                       protocols: protocols, conformanceExtensions: extensions))
        }
        for written in observableTypes {
            configuredQualifiers[ModelGraph.lastComponent(written), default: []].insert(Self.qualifier(written))
        }
        addObservableClassUnits(index)
        attribute(index)
        if !constraints.isEmpty || !genericWrappers.isEmpty {
            let finder = GenericReachFinder(index: index, unitOf: unitOf)
            (constraintCouplings, genericWrapperCouplings) = finder.couplings(constraints: constraints, wrappers: genericWrappers,
                                                                                  objectWillChange: unresolvedObjectWillChange)
        }
    }

    /// A unit for each already `@Observable` class a legacy wrapper, `.environmentObject` or spelled
    /// wrapper type holds, after the model units, in declaration order; then one for each
    /// configured external type (`configuredExternal`) such sites hold, in name order.
    private mutating func addObservableClassUnits(_ index: TreeIndex) {
        var held = Set<DeclarationID>()
        var heldExternal = Set<String>()
        for site in index.sites {
            switch (site.kind, site.type) {
            case (.wrapper, .declared(let id)), (.environmentObjectModifier, .declared(let id)), (.spelledWrapperType, .declared(let id)):
                if index.graph.alreadyObservable.contains(id) { held.insert(id) }
            case (.wrapper, .external(let written)), (.environmentObjectModifier, .external(let written)):
                // A spelled wrapper type alone makes no unit of an external type: it has no site to report it at.
                if let name = configuredExternal(written) { heldExternal.insert(name) }
            default:
                continue
            }
        }
        for id in held.sorted() {
            observableClassUnit[id] = units.count
            units.append(MigrationUnit(id: units.count, name: index.types.symbol(id)?.qualifiedName ?? "?", classes: [], protocols: [],
                                       observableClass: id, conformanceExtensions: []))
        }
        for name in heldExternal.sorted() {
            observableExternalUnit[name] = units.count
            units.append(MigrationUnit(id: units.count, name: name, classes: [], protocols: [], observableExternalType: name,
                                       conformanceExtensions: []))
        }
    }

    /// The model graph's groups, joined along the subclass edges that cannot be cut: a subclass
    /// tied to an ancestor (`SubclassTie`) migrates with it and with every class between them.
    private static func groups(_ index: TreeIndex, ties kept: inout [DeclarationID: SubclassTie]) -> [[DeclarationID]] {
        let graph = index.graph
        var sets = DeclarationSets(graph.groups.flatMap { $0 })
        for group in graph.groups {
            for id in group.dropFirst() { sets.union(group[0], id) }
        }
        // Homonymous model classes one module sees are platform variants (`#if os(iOS)` and
        // `#else`, `Scanner+iOS.swift` and `Scanner+macOS.swift`, not each preview file's `private`
        // class of one name) and an app's flavours that a shared file sees one per target
        // (`TypeIndex.areVariants`), as are the classes one file's aliases of one name stand for
        // (`TypeIndex.variantGroups()`): a reference to the name means whichever compiles, so
        // they migrate together.
        let models = Set(graph.groups.joined())
        var byName: [String: [DeclarationID]] = [:]
        for id in graph.groups.joined() {
            if let symbol = index.types.symbol(id), symbol.kind == .class { byName[symbol.qualifiedName, default: []].append(id) }
        }
        for variants in index.types.variantGroups() {
            let modelVariants = variants.filter { models.contains($0) }
            for id in modelVariants.dropFirst() { sets.union(modelVariants[0], id) }
        }
        for variants in byName.values where variants.count > 1 {
            for (position, id) in variants.enumerated() {
                for other in variants[..<position] where index.types.areVariants([other, id], seenFrom: nil) {
                    sets.union(other, id)
                }
            }
        }
        let ties = SubclassTieFinder(index: index).ties { wrappedClass($0, index) }
        for subclass in ties.keys.sorted() {
            guard let tie = ties[subclass] else { continue }
            var current = subclass
            for ancestor in graph.modelAncestors(of: subclass) {
                sets.union(current, ancestor)
                if kept[current] == nil { kept[current] = tie }
                current = ancestor
                if ancestor == tie.ancestor { break }
            }
        }
        return sets.groups()
    }

    /// The model class or observable protocol a wrapper holds: its declared type, or the model
    /// bounding its generic parameter (`struct V<M: FavoritesViewModel>`).
    static func wrappedClass(_ site: Site, _ index: TreeIndex) -> DeclarationID? {
        switch site.type {
        case .declared(let id):
            return index.graph.models[id] != nil || index.graph.observableProtocols.contains(id) ? id : nil
        case .genericParameter(_, let constraints):
            guard let variableID = site.ownerID else { return nil }
            let scope = DeclarationID(file: variableID.file, declaration: index.types.declaration(variableID).parent ?? -1)
            for bound in bounds(constraints, from: scope, index) where !ModelGraph.namesObservableObject(bound.written) {
                if case .declared(let id) = bound.type, index.graph.models[id] != nil || index.graph.observableProtocols.contains(id) {
                    return id
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// Classes that are already `@Observable` and a variant of a model (`#if os(iOS)` an
    /// `@Observable Counter`, `#else` a legacy one; an app flavour's copy;
    /// `ModelGraph.observableVariantsOfModels`): a reference to the name means whichever compiles,
    /// and the first variant stands for them in lookups, so sites typed as such a class hold the
    /// model's objects too and go with its unit. The class itself is not rewritten. A variant
    /// that is neither (a plain class, or one inheriting a library's type, which may be an
    /// `ObservableObject`) keeps no unit, and the consistency check refuses a unit that would
    /// leave its sites behind.
    private static func addVariantsOfModels(_ index: TreeIndex, to unitOf: inout [DeclarationID: Int]) {
        for variant in index.graph.observableVariantsOfModels.sorted() where unitOf[variant] == nil {
            let model = index.types.classVariants(of: variant).first { index.graph.models[$0] != nil && unitOf[$0] != nil }
            if let model { unitOf[variant] = unitOf[model] }
        }
    }

    /// The class of the tree bounding the generic parameter a site's receiver is typed as
    /// (`setup(with viewModel: VM)` in `class Cell<VM: SwitchViewModel>`), seen from the
    /// declaration holding the site: what the receiver is, or a subclass of it; nil for any
    /// other type, or a protocol bound.
    static func boundingClass(of site: Site, _ index: TreeIndex) -> DeclarationID? {
        guard case .genericParameter(_, let constraints) = site.type, let owner = site.ownerID else { return nil }
        for bound in bounds(constraints, from: owner, index) {
            if case .declared(let id) = bound.type, index.types.declaration(id).kind == .class { return id }
        }
        return nil
    }

    /// Each type a generic parameter's constraints name (`A & B` gives both), as written and as
    /// resolved from `scope`.
    private static func bounds(_ constraints: [String], from scope: DeclarationID, _ index: TreeIndex)
        -> [(written: String, type: ResolvedType)] {
        constraints.flatMap { $0.split(separator: "&") }.map { part in
            let written = String(part).trimming(charactersIn: " ")
            return (written, index.types.resolve(written, from: scope))
        }
    }

    /// Whether some model of the tree is the class or inherits from it.
    static func isInheritedByModel(_ id: DeclarationID, _ index: TreeIndex) -> Bool {
        index.graph.models.keys.contains { model in model == id || index.graph.ancestors(of: model, index.types).contains(id) }
    }

    /// The types a wrapper's generic parameter is constrained to, as written and resolved
    /// (`struct V<D: Doc>` gives `Doc`); none for a wrapper of another type.
    static func constraintTypes(_ site: Site, _ index: TreeIndex) -> [ResolvedType] {
        guard case .genericParameter(_, let constraints) = site.type, let variableID = site.ownerID else { return [] }
        let scope = DeclarationID(file: variableID.file, declaration: index.types.declaration(variableID).parent ?? -1)
        return bounds(constraints, from: scope, index).map(\.type)
    }

    private static func baseFirst(_ classes: [DeclarationID], _ graph: ModelGraph, _ types: TypeIndex) -> [DeclarationID] {
        func depth(_ id: DeclarationID) -> Int {
            var depth = 0
            var current = id
            while let superclass = graph.superclass(of: current, types), depth < 32 {
                depth += 1
                current = superclass
            }
            return depth
        }
        return classes.sorted { (depth($0), $0) < (depth($1), $1) }
    }

    /// Whether the type is known not to be a model: declared in the tree or external (sites of
    /// units are matched before this is asked), or one of several homonyms none of which is a
    /// model. Unreadable types are not known.
    private func isKnownNonModel(_ type: ResolvedType) -> Bool {
        switch type {
        case .declared, .external: return true
        case .ambiguous(let candidates): return !candidates.contains { unitOf[$0] != nil }
        case .genericParameter, .unknown: return false
        }
    }

    private func unit(of type: ResolvedType) -> Int? {
        guard case .declared(let id) = type else { return nil }
        return unitOf[id]
    }

    /// The unit of the already `@Observable` class (of the tree, or external and configured) a
    /// resolved type names, if legacy sites hold it.
    public func observableUnit(of type: ResolvedType) -> Int? {
        switch type {
        case .declared(let id): return observableClassUnit[id]
        case .external(let written): return configuredExternal(written).flatMap { observableExternalUnit[$0] }
        default: return nil
        }
    }

    /// The unit of the model class that declares property `name`: `type` itself or the class it
    /// inherits `name` from, which may be another unit's.
    private func unitDeclaring(_ name: String, on type: ResolvedType, _ index: TreeIndex) -> Int? {
        guard case .declared(let id) = type, index.graph.models[id] != nil,
              let owner = index.graph.classDeclaring(property: name, from: id, index.types) else { return nil }
        return unitOf[owner]
    }

    private mutating func attribute(_ index: TreeIndex) {
        // Projections (`$name`) are grouped per declaring type first, so wrappers can claim them.
        var projectionsByType: [DeclarationID: [Site]] = [:]
        for site in index.sites where site.projectedName(in: index.files[site.file]) != nil {
            if case .declared(let type) = site.type, unitOf[type] == nil {
                projectionsByType[type, default: []].append(site)
            }
        }
        for site in index.sites {
            switch site.kind {
            case .wrapper:
                attributeWrapper(site, index: index, projectionsByType: projectionsByType)
            case .stateObjectInitializer(let property):
                // The unit of the `@StateObject` property this initializer assigns.
                guard let owner = site.ownerID, let enclosing = index.types.enclosingTypeLike(owner),
                      let typeID = index.types.extendedType(enclosing) else { continue }
                for (position, unit) in units.enumerated() where unit.wrappers.contains(where: {
                    $0.kind == .stateObject && wrapperIsProperty($0.site, of: typeID, named: property, index)
                }) {
                    units[position].stateObjectInitializers.append(site)
                    break
                }
            case .environmentObjectModifier:
                if let unit = unit(of: site.type) ?? observableUnit(of: site.type) {
                    units[unit].environmentModifiers.append(site)
                } else if case .genericParameter(_, let constraints) = site.type,
                          let unit = Self.boundingUnit(constraints: constraints, from: site.ownerID ?? DeclarationID(file: site.file, declaration: -1),
                                                       types: index.types, unitOf: unitOf) {
                    // `.environmentObject(viewModel)` in `struct HomeView<ViewModel: HomeViewModelRepresentable>`:
                    // the parameter holds that unit's objects, as its `@EnvironmentObject` readers do.
                    units[unit].environmentModifiers.append(site)
                } else if isKnownNonModel(site.type) {
                    continue  // A type the tree declares that is not a model: nothing to migrate.
                } else {
                    unresolvedEnvironmentModifiers.append(site)
                }
            case .objectWillChange:
                if let unit = unit(of: site.type) {
                    units[unit].objectWillChangeUses.append(site)
                } else if isKnownNonModel(site.type) {
                    continue
                } else {
                    unresolvedObjectWillChange.append(site)
                }
            case .projectedValue(let name):
                // Inside a model: a publisher use, if the unit has a property of that name (a
                // subclass's `$x` of an inherited `x` belongs to the unit of the class declaring it).
                if let unit = unitDeclaring(name, on: site.type, index) ?? unit(of: site.type),
                   unitHasProperty(units[unit], named: name, index), !unitWrapsProperty(units[unit], named: name, index) {
                    units[unit].publisherUses.append(site)
                }
            case .memberPublisher(let name):
                // `viewModel.$title` on `viewModel: VM` with `VM: SwitchViewModel`: the class's
                // publisher (or its subclass's, which inherits it), a model's or another class's.
                let type = Self.boundingClass(of: site, index).map { ResolvedType.declared($0) } ?? site.type
                if let unit = unitDeclaring(name, on: type, index) ?? unit(of: type) {
                    // `store.$images` of `@Stored var images`: the wrapper's projection, which stays.
                    if unitWrapsProperty(units[unit], named: name, index) { continue }
                    units[unit].publisherUses.append(site)
                } else if isKnownNonModel(site.type) {
                    continue
                } else if case .declared(let bound) = type, !Self.isInheritedByModel(bound, index) {
                    continue  // A class that is no model and no model's superclass: its `$x` stays.
                } else {
                    let candidates = units.indices.filter {
                        unitHasProperty(units[$0], named: name, index) && !unitWrapsProperty(units[$0], named: name, index)
                    }
                    if !candidates.isEmpty { unresolvedPublishers.append((site, candidates)) }
                }
            case .observableConstraint:
                constraints.append(site)
            case .spelledWrapperType:
                if let unit = unit(of: site.type) ?? observableUnit(of: site.type) { units[unit].spelledWrapperTypes.append(site) }
            case .externalObjectWrapper:
                if let unit = unit(of: site.type) {
                    units[unit].externalObjectWrappers.append(site)
                } else if case .external = site.type {
                    continue  // Another library's type: it stays as it is.
                } else if !isKnownNonModel(site.type) {
                    unresolvedExternalObjectWrappers.append(site)
                }
            case .observedObjectInitializer(let property):
                // The unit of the wrapper property this initializer assigns.
                guard let owner = site.ownerID, let enclosing = index.types.enclosingTypeLike(owner),
                      let typeID = index.types.extendedType(enclosing) else { continue }
                for (position, unit) in units.enumerated()
                where unit.wrappers.contains(where: { wrapperIsProperty($0.site, of: typeID, named: property, index) }) {
                    units[position].observedObjectInitializers.append(site)
                    break
                }
            case .backingStorage:
                continue  // Claimed with the wrapper's projections.
            case .publishedInitializer:
                guard let owner = site.ownerID, let enclosing = index.types.enclosingTypeLike(owner),
                      let typeID = index.types.extendedType(enclosing), let unit = unitOf[typeID] else { continue }
                units[unit].publishedInitializers.append(site)
            }
        }
    }

    private mutating func attributeWrapper(_ site: Site, index: TreeIndex, projectionsByType: [DeclarationID: [Site]]) {
        guard let variableID = site.ownerID else { return }
        let variable = index.types.declaration(variableID)
        var projections: [Site] = []
        if let name = variable.bindings.first?.name,
           let enclosing = index.types.enclosingTypeLike(variableID), let typeID = index.types.extendedType(enclosing) {
            projections = (projectionsByType[typeID] ?? []).filter { $0.projectedName(in: index.files[$0.file]) == name }
        }
        switch site.type {
        case .declared(let id):
            if let unit = unitOf[id] {
                if index.graph.observableProtocols.contains(id) {
                    units[unit].existentialWrappers.append(site)
                } else {
                    units[unit].wrappers.append(WrapperUse(site: site, projections: projections))
                }
            } else if let unit = observableClassUnit[id] {
                units[unit].wrappers.append(WrapperUse(site: site, projections: projections))
            }
        case .genericParameter:
            // `struct V<Model: FavoritesViewModel>`: a parameter bounded by a model class (or an
            // observable protocol) holds that unit's objects, and changes with it.
            if let bound = Self.wrappedClass(site, index), let unit = unitOf[bound] {
                units[unit].wrappers.append(WrapperUse(site: site, projections: projections))
            } else if let unit = Self.constraintTypes(site, index).compactMap({ observableUnit(of: $0) }).first {
                // Bounded by an already `@Observable` class (of the tree, or configured): it holds that class's objects.
                units[unit].wrappers.append(WrapperUse(site: site, projections: projections))
            } else {
                genericWrappers.append(site)
            }
        case .ambiguous(let candidates) where !candidates.contains(where: { unitOf[$0] != nil }):
            break  // Homonyms, none of them a model: nothing to migrate.
        case .external where observableUnit(of: site.type) != nil:
            units[observableUnit(of: site.type)!].wrappers.append(WrapperUse(site: site, projections: projections))
        case .external, .unknown, .ambiguous:
            unknownTypeWrappers.append(site)
        }
    }

    private func wrapperIsProperty(_ site: Site, of typeID: DeclarationID, named name: String, _ index: TreeIndex) -> Bool {
        guard let variableID = site.ownerID, index.types.declaration(variableID).bindings.first?.name == name,
              let enclosing = index.types.enclosingTypeLike(variableID) else { return false }
        return index.types.extendedType(enclosing) == typeID
    }

    /// Whether one of the unit's classes (or their extensions) declares an instance property `name`.
    public func unitHasProperty(_ unit: MigrationUnit, named name: String, _ index: TreeIndex) -> Bool {
        unit.classes.contains { ModelGraph.declaresProperty(name, $0, index.types) }
    }

    /// Whether one of the unit's classes declares `name` under a property wrapper other than
    /// `@Published`: its `$name` is the wrapper's own projection, no publisher of the model.
    public func unitWrapsProperty(_ unit: MigrationUnit, named name: String, _ index: TreeIndex) -> Bool {
        unit.classes.contains { ModelGraph.declaresWrappedProperty(name, $0, index.types) }
    }
}
