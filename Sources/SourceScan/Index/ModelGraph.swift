/// How a class came to be an `ObservableObject`.
public enum ModelConformance: Equatable, Sendable {
    /// `class M: ObservableObject` (the entry is in the class's own inheritance list).
    case direct(entry: Int)
    /// `extension M: ObservableObject` somewhere in the tree.
    case viaExtension(DeclarationID, entry: Int)
    /// Through a superclass that is a model.
    case viaSuperclass(DeclarationID)
    /// Through a protocol that refines `ObservableObject`, or a type alias of a composition
    /// holding it (`typealias Model = ObservableObject & Identifiable`).
    case viaProtocol(DeclarationID)
}

/// The models of the tree and the groups that must change together whatever the sites say.
///
/// A group holds every class conforming to a protocol that refines `ObservableObject` together
/// with that protocol (and the protocols refining one another). A type alias of a composition
/// that holds `ObservableObject` (`typealias Model = ObservableObject & Identifiable`), or a
/// protocol of the tree that does, counts as such a protocol: classes and protocols naming it
/// conform through it. A model subclass is not grouped with its superclass here: whether it
/// can migrate while the superclass stays an `ObservableObject` depends on what the sites read,
/// so `MigrationUnits` decides, joining groups along the subclass edges it cannot cut. Sites
/// are attached later, by `SiteScanner`.
public struct ModelGraph: Sendable {
    /// Model classes and every way each one conforms.
    public private(set) var models: [DeclarationID: [ModelConformance]] = [:]
    /// Protocols refining `ObservableObject`, directly or through another such protocol, and
    /// type aliases of compositions holding `ObservableObject` or such a protocol (an alias is
    /// rewritten and grouped like a protocol).
    public private(set) var observableProtocols: Set<DeclarationID> = []
    /// Structs, enums and actors that declare `ObservableObject` conformance.
    public private(set) var nonClassConformers: [DeclarationID] = []
    /// The groups, each sorted by declaration order; group 0 is the first model found.
    public private(set) var groups: [[DeclarationID]] = []
    /// The group of each model class and observable protocol.
    public private(set) var groupOf: [DeclarationID: Int] = [:]
    /// The in-tree superclass of every model class that has a model superclass.
    public private(set) var modelSuperclass: [DeclarationID: DeclarationID] = [:]
    /// Classes that are already `@Observable` (or inherit from such a class of the tree) and are
    /// no model, whose every inheritance entry is known not to bring `ObservableObject`: legacy
    /// wrappers holding one are left over from a migration begun by hand (`AlreadyObservable`).
    public private(set) var alreadyObservable: Set<DeclarationID> = []
    /// Classes like those of `alreadyObservable` that are variants of a model (`#if os(iOS)` an
    /// `@Observable Counter`, `#else` a legacy one; an app flavour's copy): their sites go with the
    /// model's unit (`MigrationUnits`), since a reference to the name means whichever compiles.
    public private(set) var observableVariantsOfModels: Set<DeclarationID> = []

    /// Whether an inheritance entry names Combine's `ObservableObject`, however qualified. The
    /// name is matched as written, never resolved: a tree that declares its own protocol of that
    /// name (a test shim) still means Combine's.
    public static func namesObservableObject(_ typeName: String) -> Bool {
        typeName == "ObservableObject" || typeName == "Combine.ObservableObject" || typeName == "SwiftUI.ObservableObject"
    }

    /// Finds the models of the tree.
    public init(types: TypeIndex) {
        let refinements = findObservableProtocols(types)
        findModels(types)
        group(types, refinements)
        (alreadyObservable, observableVariantsOfModels) = findAlreadyObservable(types)
    }

    /// The types of a composition as written, nested compositions flattened: the parts of
    /// `(ObservableObject & Identifiable) & Hashable`, or the entry alone when it is no composition.
    public static func compositionMembers(_ tokens: Range<Int>, in file: FileStructure) -> [Range<Int>] {
        guard let parts = file.compositionParts(tokens) else { return [tokens] }
        return parts.flatMap { compositionMembers($0, in: file) }
    }

    /// Finds the observable protocols and aliases; returns, for each protocol and composition
    /// alias of the tree, the declared types its inheritance (or its value) names.
    private mutating func findObservableProtocols(_ types: TypeIndex) -> [DeclarationID: [DeclarationID]] {
        // Each protocol's and alias's parts are resolved once; observability flows along them.
        // The worklist visits each declaration once, so aliases naming one another cannot loop.
        var refinements: [DeclarationID: [DeclarationID]] = [:]
        var refiners: [DeclarationID: [DeclarationID]] = [:]
        var pending: [DeclarationID] = []
        for symbol in types.types where symbol.kind == .protocol || symbol.kind == .typealias {
            let declaration = types.declaration(symbol.id)
            let file = types.files[symbol.id.file]
            // A plain alias (`typealias Store = AppStore`) is followed by resolution instead.
            if symbol.kind == .typealias, declaration.inheritance.first.flatMap({ file.compositionParts($0.tokens) }) == nil { continue }
            for entry in declaration.inheritance {
                for member in Self.compositionMembers(entry.tokens, in: file) {
                    let written = file.compactText(member)
                    if Self.namesObservableObject(written) {
                        if observableProtocols.insert(symbol.id).inserted { pending.append(symbol.id) }
                    } else if case .declared(let refined) = types.resolve(written, from: symbol.id), refined != symbol.id {
                        refinements[symbol.id, default: []].append(refined)
                        refiners[refined, default: []].append(symbol.id)
                    }
                }
            }
        }
        while let proto = pending.popLast() {
            for refiner in refiners[proto] ?? [] where observableProtocols.insert(refiner).inserted {
                pending.append(refiner)
            }
        }
        return refinements
    }

    private mutating func findModels(_ types: TypeIndex) {
        for symbol in types.types {
            let declaration = types.declaration(symbol.id)
            var conformances: [ModelConformance] = []
            for (position, entry) in declaration.inheritance.enumerated() {
                if Self.namesObservableObject(entry.typeName) {
                    conformances.append(.direct(entry: position))
                } else if case .declared(let target) = types.resolve(entry.typeName, from: symbol.id),
                          observableProtocols.contains(target) {
                    conformances.append(.viaProtocol(target))
                }
            }
            for extensionID in symbol.extensions {
                let extensionDeclaration = types.declaration(extensionID)
                for (position, entry) in extensionDeclaration.inheritance.enumerated() {
                    if Self.namesObservableObject(entry.typeName) {
                        conformances.append(.viaExtension(extensionID, entry: position))
                    } else if case .declared(let target) = types.resolve(entry.typeName, from: extensionID),
                              observableProtocols.contains(target) {
                        conformances.append(.viaProtocol(target))
                    }
                }
            }
            guard !conformances.isEmpty else { continue }
            switch symbol.kind {
            case .class: models[symbol.id] = conformances
            case .struct, .enum, .actor: nonClassConformers.append(symbol.id)
            default: break
            }
        }
        // Subclasses of models are models, to any depth: each superclass is resolved once, then
        // model-ness flows down the inheritance edges.
        var subclasses: [DeclarationID: [DeclarationID]] = [:]
        for symbol in types.types where symbol.kind == .class {
            if let superclass = superclass(of: symbol.id, types) { subclasses[superclass, default: []].append(symbol.id) }
        }
        var pending = Array(models.keys)
        while let base = pending.popLast() {
            for subclass in subclasses[base] ?? [] {
                modelSuperclass[subclass] = base
                guard models[subclass] == nil else { continue }
                models[subclass] = [.viaSuperclass(base)]
                pending.append(subclass)
            }
        }
    }

    /// The model classes `id` inherits from, nearest first (none for a root model).
    public func modelAncestors(of id: DeclarationID) -> [DeclarationID] {
        var result: [DeclarationID] = []
        var seen: Set<DeclarationID> = [id]
        var current = id
        // A cycle (`class A: B`, `class B: A`) does not compile, but must not hang the tool.
        while let next = modelSuperclass[current], seen.insert(next).inserted {
            result.append(next)
            current = next
        }
        return result
    }

    /// The model class, `id` or one it inherits from, that declares an instance property `name`
    /// (in its body or an extension): the class whose unit owns `$name` publishers.
    public func classDeclaring(property name: String, from id: DeclarationID, _ types: TypeIndex) -> DeclarationID? {
        ([id] + modelAncestors(of: id)).first { Self.declaresProperty(name, $0, types) }
    }

    /// Whether class `classID` (or an extension of it) declares property `name` with a property
    /// wrapper other than `@Published` (`@AppStorage`, Boutique's `@Stored`): its `$name` is that
    /// wrapper's projected value, which stays once the wrapped property is `@ObservationIgnored`,
    /// not a publisher of the model.
    public static func declaresWrappedProperty(_ name: String, _ classID: DeclarationID, _ types: TypeIndex) -> Bool {
        guard let id = types.variable(named: name, of: classID) else { return false }
        let declaration = types.declaration(id)
        if isPublisherMirror(id, types) { return true }
        return declaration.attribute(named: "Published") == nil
            && declaration.attributes.contains { !PropertyAttributes.nonWrapper.contains(String($0.baseName)) }
    }

    /// Whether the variable is a publisher bridge's mirror: `@ObservationIgnored @Published`, set
    /// to `newValue` in an observer of its class (`var x = 0 { willSet { xPublished = newValue } }`),
    /// whose `$xPublished` stands in for `$x` and stays as it is.
    public static func isPublisherMirror(_ variableID: DeclarationID, _ types: TypeIndex) -> Bool {
        let declaration = types.declaration(variableID)
        guard declaration.kind == .variable, declaration.attribute(named: "Published") != nil,
              declaration.attribute(named: "ObservationIgnored") != nil, let name = declaration.bindings.first?.name,
              let parent = declaration.parent else { return false }
        let file = types.files[variableID.file]
        let tokens = file.tokens
        let body = file.declarations[parent].tokens
        return body.contains { index in
            index + 2 < body.upperBound && tokens[index].kind == .identifier && file.source.tokenText(index, equals: name)
                && tokens[index + 1].kind == .equal && file.source.tokenText(index + 2, equals: "newValue")
        }
    }

    /// Whether the class (or one of its extensions) declares `name` under a property wrapper,
    /// `@Published` included: `m.$name` is that wrapper's projection, which exists whatever the class is.
    public static func declaresProjectedProperty(_ name: String, _ classID: DeclarationID, _ types: TypeIndex) -> Bool {
        guard let declaration = propertyDeclaration(name, classID, types) else { return false }
        return declaration.attributes.contains {
            $0.baseName == "Published" || !PropertyAttributes.nonWrapper.contains(String($0.baseName))
        }
    }

    /// Whether the class (or one of its extensions) declares a variable `name`.
    public static func declaresProperty(_ name: String, _ classID: DeclarationID, _ types: TypeIndex) -> Bool {
        propertyDeclaration(name, classID, types) != nil
    }

    /// The first variable declaration of the class (or one of its extensions) binding `name`.
    private static func propertyDeclaration(_ name: String, _ classID: DeclarationID, _ types: TypeIndex) -> Declaration? {
        types.variable(named: name, of: classID).map(types.declaration)
    }

    /// The tree's classes `id` inherits from, nearest first, models or not (`modelAncestors`
    /// knows only models); a cycle, which does not compile, ends the walk.
    public func ancestors(of id: DeclarationID, _ types: TypeIndex) -> [DeclarationID] {
        var result: [DeclarationID] = []
        var current = id
        while let next = superclass(of: current, types), !result.contains(next), next != id {
            result.append(next)
            current = next
        }
        return result
    }

    /// The in-tree class a class inherits from (its first inheritance entry, when that is a class).
    public func superclass(of id: DeclarationID, _ types: TypeIndex) -> DeclarationID? {
        guard let first = types.declaration(id).inheritance.first,
              case .declared(let target) = types.resolve(first.typeName, from: id),
              types.symbol(target)?.kind == .class, target != id else { return nil }
        return target
    }

    private mutating func group(_ types: TypeIndex, _ refinements: [DeclarationID: [DeclarationID]]) {
        var sets = DeclarationSets(Array(models.keys) + Array(observableProtocols))
        for (id, conformances) in models {
            for case .viaProtocol(let proto) in conformances { sets.union(id, proto) }
        }
        for proto in observableProtocols {
            for target in refinements[proto] ?? [] where observableProtocols.contains(target) {
                sets.union(proto, target)
            }
        }
        for (model, alias) in structuralConformers(types) { sets.union(model, alias) }
        groups = sets.groups()
        for (index, group) in groups.enumerated() {
            for id in group { groupOf[id] = index }
        }
    }
}

extension ModelGraph {
    /// Models that satisfy an observable alias without naming it: a composition holds for any
    /// class having every part, so a model whose inheritance (its own, its extensions', its
    /// model ancestors') names each other part of `typealias D = ObservableObject & P & Q` can be
    /// passed to code constrained to `D`, which stops accepting it once `D` is rewritten unless
    /// it migrates too. Only an alias written somewhere else than in inheritance clauses (a
    /// constraint, an existential, a parameter type) has such code. Parts are compared by name:
    /// a conformance the tree does not spell out (`Hashable` from `NSObject`) is not seen.
    fileprivate func structuralConformers(_ types: TypeIndex) -> [(model: DeclarationID, alias: DeclarationID)] {
        var pairs: [(model: DeclarationID, alias: DeclarationID)] = []
        for alias in observableProtocols.sorted() where types.symbol(alias)?.kind == .typealias {
            guard let value = types.declaration(alias).inheritance.first, Self.isWrittenOutsideInheritance(alias, types) else { continue }
            let file = types.files[alias.file]
            let parts = Self.compositionMembers(value.tokens, in: file).map { Self.lastComponent(file.compactText($0)) }
            // An alias over an observable protocol is satisfied only by that protocol's conformers.
            guard parts.contains(where: { Self.namesObservableObject($0) }) else { continue }
            let others = Set(parts.filter { !Self.namesObservableObject($0) && $0 != "AnyObject" })
            for (model, conformances) in models where !conformances.contains(.viaProtocol(alias)) {
                var named = Set<String>()
                for id in [model] + modelAncestors(of: model) {
                    for container in [id] + (types.symbol(id)?.extensions ?? []) {
                        named.formUnion(types.declaration(container).inheritance.map { Self.lastComponent($0.typeName) })
                    }
                }
                if others.isSubset(of: named) { pairs.append((model, alias)) }
            }
        }
        return pairs
    }

    /// Whether the alias's name occurs outside every inheritance clause and alias value of the tree.
    private static func isWrittenOutsideInheritance(_ alias: DeclarationID, _ types: TypeIndex) -> Bool {
        let name = types.declaration(alias).name
        for file in types.files {
            let uses = file.tokens.indices.filter {
                file.tokens[$0].kind == .identifier && Int(file.tokens[$0].end - file.tokens[$0].start) == name.utf8.count
                    && file.source.tokenText($0, equals: name)
            }
            guard !uses.isEmpty else { continue }
            var read = Set<Int>()
            for declaration in file.declarations where declaration.kind.isTypeLike || declaration.kind == .typealias {
                for entry in declaration.inheritance { read.formUnion(entry.tokens) }
                if declaration.kind == .typealias { read.formUnion(declaration.nameTokens) }
            }
            if uses.contains(where: { !read.contains($0) }) { return true }
        }
        return false
    }

    /// `Identifiable` for `Swift.Identifiable`: the last component of a type name as written.
    public static func lastComponent(_ written: String) -> String {
        written.split(separator: ".").last.map(String.init) ?? written
    }
}

/// Disjoint sets of declarations (union–find), each named by its smallest member.
struct DeclarationSets {
    private var parent: [DeclarationID: DeclarationID] = [:]

    /// Every member in a set of its own.
    init(_ members: [DeclarationID]) {
        for id in members { parent[id] = id }
    }

    /// The smallest member of the set holding `id`.
    mutating func find(_ id: DeclarationID) -> DeclarationID {
        var root = id
        while let next = parent[root], next != root { root = next }
        var current = id
        while let next = parent[current], next != root {
            parent[current] = root
            current = next
        }
        return root
    }

    /// Joins the sets of two members.
    mutating func union(_ left: DeclarationID, _ right: DeclarationID) {
        let (a, b) = (find(left), find(right))
        if a != b { parent[max(a, b)] = min(a, b) }
    }

    /// The sets, each sorted by declaration order, in the order of their first member.
    mutating func groups() -> [[DeclarationID]] {
        var members: [DeclarationID: [DeclarationID]] = [:]
        for id in Array(parent.keys) { members[find(id), default: []].append(id) }
        return members.values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }
}

/// What the attributes of a variable say about it.
public enum PropertyAttributes {
    /// Attributes that are not property wrappers (so a property carrying only these needs no
    /// `@ObservationIgnored` and has no wrapper's `$name`).
    public static let nonWrapper: Set<String> = [
        "objc", "nonobjc", "MainActor", "available", "IBOutlet", "IBInspectable", "NSManaged", "GKInspectable",
        "inlinable", "usableFromInline", "discardableResult", "preconcurrency", "Sendable", "_spi", "exclusivity",
        "ObservationIgnored", "ObservationTracked", "Published", "NSCopying", "warn_unqualified_access", "backDeployed",
        "_disfavoredOverload", "unchecked", "testable", "frozen",
    ]
}
