/// How a class came to be an `ObservableObject`.
public enum ModelConformance: Equatable, Sendable {
    /// `class M: ObservableObject` (the entry is in the class's own inheritance list).
    case direct(entry: Int)
    /// `extension M: ObservableObject` somewhere in the tree.
    case viaExtension(DeclarationID, entry: Int)
    /// Through a superclass that is a model.
    case viaSuperclass(DeclarationID)
    /// Through a protocol that refines `ObservableObject`.
    case viaProtocol(DeclarationID)
}

/// The models of the tree and how they group into migration units.
///
/// A unit holds the classes and protocols that must change together: a model with its model
/// subclasses, and every class conforming to a protocol that refines `ObservableObject` together
/// with that protocol. Sites are attached later, by `SiteScanner`.
public struct ModelGraph: Sendable {
    /// Model classes and every way each one conforms.
    public private(set) var models: [DeclarationID: [ModelConformance]] = [:]
    /// Protocols refining `ObservableObject`, directly or through another such protocol.
    public private(set) var observableProtocols: Set<DeclarationID> = []
    /// Structs, enums and actors that declare `ObservableObject` conformance.
    public private(set) var nonClassConformers: [DeclarationID] = []
    /// The groups, each sorted by declaration order; group 0 is the first model found.
    public private(set) var groups: [[DeclarationID]] = []
    /// The group of each model class and observable protocol.
    public private(set) var groupOf: [DeclarationID: Int] = [:]

    /// Whether an inheritance entry names Combine's `ObservableObject`, however qualified. The
    /// name is matched as written, never resolved: a tree that declares its own protocol of that
    /// name (a test shim) still means Combine's.
    public static func namesObservableObject(_ typeName: String) -> Bool {
        typeName == "ObservableObject" || typeName == "Combine.ObservableObject" || typeName == "SwiftUI.ObservableObject"
    }

    /// Finds the models of the tree.
    public init(types: TypeIndex) {
        findObservableProtocols(types)
        findModels(types)
        group(types)
    }

    private mutating func findObservableProtocols(_ types: TypeIndex) {
        // Each protocol's refinements are resolved once; observability flows along them.
        var refiners: [DeclarationID: [DeclarationID]] = [:]
        var pending: [DeclarationID] = []
        for symbol in types.types where symbol.kind == .protocol {
            for entry in types.declaration(symbol.id).inheritance {
                if Self.namesObservableObject(entry.typeName) {
                    if observableProtocols.insert(symbol.id).inserted { pending.append(symbol.id) }
                } else if case .declared(let refined) = types.resolve(entry.typeName, from: symbol.id) {
                    refiners[refined, default: []].append(symbol.id)
                }
            }
        }
        while let proto = pending.popLast() {
            for refiner in refiners[proto] ?? [] where observableProtocols.insert(refiner).inserted {
                pending.append(refiner)
            }
        }
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
            for subclass in subclasses[base] ?? [] where models[subclass] == nil {
                models[subclass] = [.viaSuperclass(base)]
                pending.append(subclass)
            }
        }
    }

    /// The in-tree class a class inherits from (its first inheritance entry, when that is a class).
    public func superclass(of id: DeclarationID, _ types: TypeIndex) -> DeclarationID? {
        guard let first = types.declaration(id).inheritance.first,
              case .declared(let target) = types.resolve(first.typeName, from: id),
              types.symbol(target)?.kind == .class, target != id else { return nil }
        return target
    }

    private mutating func group(_ types: TypeIndex) {
        var parent: [DeclarationID: DeclarationID] = [:]
        func find(_ id: DeclarationID) -> DeclarationID {
            var root = id
            while let next = parent[root], next != root { root = next }
            parent[id] = root
            return root
        }
        func union(_ left: DeclarationID, _ right: DeclarationID) {
            let (a, b) = (find(left), find(right))
            if a != b { parent[max(a, b)] = min(a, b) }
        }
        for id in models.keys { parent[id] = id }
        for id in observableProtocols { parent[id] = id }
        for (id, conformances) in models {
            for conformance in conformances {
                switch conformance {
                case .viaSuperclass(let base): union(id, base)
                case .viaProtocol(let proto): union(id, proto)
                default: break
                }
            }
        }
        for proto in observableProtocols {
            for entry in types.declaration(proto).inheritance {
                if case .declared(let target) = types.resolve(entry.typeName, from: proto), observableProtocols.contains(target) {
                    union(proto, target)
                }
            }
        }
        var members: [DeclarationID: [DeclarationID]] = [:]
        for id in parent.keys { members[find(id), default: []].append(id) }
        groups = members.values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
        for (index, group) in groups.enumerated() {
            for id in group { groupOf[id] = index }
        }
    }
}
