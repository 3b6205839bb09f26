extension ModelGraph {
    /// Inheritance entries of the platform that bring no `ObservableObject` conformance: a class
    /// inheriting only these, and types of the tree, is `Observable` and nothing more. Any other
    /// external name may be a library protocol refining `ObservableObject` (the class would then
    /// be both, and its legacy wrappers would compile and mean something), so it excludes the class.
    static let inertExternalEntries: Set<String> = [
        "AnyObject", "Observable", "Sendable", "Identifiable", "Hashable", "Equatable", "Comparable", "Codable", "Encodable",
        "Decodable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError", "NSObject",
        "NSObjectProtocol", "CaseIterable", "RawRepresentable",
    ]

    /// Whether the declaration carries the Observation macro, `@Observable` or `@Observation.Observable`.
    public static func hasObservableMacro(_ declaration: Declaration) -> Bool {
        declaration.attributes.contains { $0.name == "Observable" || $0.name == "Observation.Observable" }
    }

    /// The classes `alreadyObservable` holds: classes of the tree that carry `@Observable` or inherit
    /// from one that does, that are no model, and whose every inheritance entry (their own and their
    /// extensions') is a type of the tree or one of `inertExternalEntries`.
    func findAlreadyObservable(_ types: TypeIndex) -> Set<DeclarationID> {
        var result: Set<DeclarationID> = []
        var subclasses: [DeclarationID: [DeclarationID]] = [:]
        var pending: [DeclarationID] = []
        for symbol in types.types where symbol.kind == .class {
            if let superclass = superclass(of: symbol.id, types) { subclasses[superclass, default: []].append(symbol.id) }
            if Self.hasObservableMacro(types.declaration(symbol.id)) { pending.append(symbol.id) }
        }
        var seen = Set(pending)
        while let id = pending.popLast() {
            guard models[id] == nil, inheritsOnlyInertEntries(id, types) else { continue }
            result.insert(id)
            for subclass in subclasses[id] ?? [] where seen.insert(subclass).inserted { pending.append(subclass) }
        }
        return result
    }

    /// Whether every inheritance entry of the class and of its extensions is a type of the tree
    /// or a platform type known to bring no `ObservableObject`.
    private func inheritsOnlyInertEntries(_ id: DeclarationID, _ types: TypeIndex) -> Bool {
        for container in [id] + (types.symbol(id)?.extensions ?? []) {
            for entry in types.declaration(container).inheritance {
                var written = entry.typeName
                for prefix in ["@unchecked", "@preconcurrency", "@retroactive"] where written.hasPrefix(prefix) {
                    written = String(written.dropFirst(prefix.count)).trimming(charactersIn: " ")
                }
                if case .declared(let target) = types.resolve(written, from: container) {
                    if observableProtocols.contains(target) { return false }
                    continue
                }
                let bare = written.split(separator: ".").last.map(String.init) ?? written
                guard Self.inertExternalEntries.contains(bare) else { return false }
            }
        }
        return true
    }
}
