extension ModelGraph {
    /// Inheritance entries of the platform that bring no `ObservableObject` conformance: a class
    /// inheriting only these, and types of the tree that do the same, is `Observable` and nothing
    /// more. Any other external name may be a library protocol refining `ObservableObject` (the
    /// class would then be both, and its legacy wrappers would compile and mean something), so
    /// it excludes the class.
    static let inertExternalEntries: Set<String> = [
        "AnyObject", "Observable", "Sendable", "Identifiable", "Hashable", "Equatable", "Comparable", "Codable", "Encodable",
        "Decodable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError", "NSObject",
        "NSObjectProtocol", "CaseIterable", "RawRepresentable",
    ]

    /// The platform protocols among `inertExternalEntries` (all but `NSObject`): an inheritance
    /// list that starts with one names no superclass.
    public static let platformProtocols: Set<String> = inertExternalEntries.subtracting(["NSObject"])

    /// Whether the declaration carries the Observation macro, `@Observable` or `@Observation.Observable`.
    public static func hasObservableMacro(_ declaration: Declaration) -> Bool {
        declaration.attributes.contains { $0.name == "Observable" || $0.name == "Observation.Observable" }
    }

    /// The classes `alreadyObservable` holds, and those `observableVariantsOfModels` holds: classes
    /// of the tree that carry `@Observable` or inherit from one that does, that are no model, and
    /// whose every inherited type, followed through the tree's own types, is of the tree or one of
    /// `inertExternalEntries`; split by whether they are a variant of a model of the same
    /// qualified name (`TypeIndex.areVariants`). None when the tree declares a macro named
    /// `Observable` of its own.
    func findAlreadyObservable(_ types: TypeIndex) -> (own: Set<DeclarationID>, variantsOfModels: Set<DeclarationID>) {
        if types.files.contains(where: { $0.declarations.contains { $0.kind == .macro && $0.name == "Observable" } }) { return ([], []) }
        var own: Set<DeclarationID> = []
        var variants: Set<DeclarationID> = []
        var subclasses: [DeclarationID: [DeclarationID]] = [:]
        var pending: [DeclarationID] = []
        for symbol in types.types where symbol.kind == .class {
            if let superclass = superclass(of: symbol.id, types) { subclasses[superclass, default: []].append(symbol.id) }
            if Self.hasObservableMacro(types.declaration(symbol.id)) { pending.append(symbol.id) }
        }
        var seen = Set(pending)
        var inert: [DeclarationID: Bool] = [:]
        while let id = pending.popLast() {
            guard models[id] == nil, inheritsOnlyInertTypes(id, types, memo: &inert) else { continue }
            // A homonymous model in a module that never meets this class is another type.
            if types.classVariants(of: id).contains(where: { models[$0] != nil }) {
                variants.insert(id)
            } else {
                own.insert(id)
            }
            for subclass in subclasses[id] ?? [] where seen.insert(subclass).inserted { pending.append(subclass) }
        }
        return (own, variants)
    }

    /// Whether every type the declaration inherits (in its own clause and its extensions'),
    /// followed through the tree's classes and protocols, is of the tree or a platform type known
    /// to bring no `ObservableObject`, and no protocol on the way requires `Self: ObservableObject`
    /// in a `where` clause.
    /// Past `inheritanceDepthLimit` levels the answer is no, the cautious one: a chain that
    /// deep is no real code, and following it would overflow the stack.
    private func inheritsOnlyInertTypes(_ id: DeclarationID, _ types: TypeIndex, memo: inout [DeclarationID: Bool],
                                        depth: Int = 0) -> Bool {
        if let known = memo[id] { return known }
        guard depth < Self.inheritanceDepthLimit else { return false }
        memo[id] = true  // A cycle does not compile; it must not hang the tool either.
        var result = !observableProtocols.contains(id) && models[id] == nil
        for container in [id] + (types.symbol(id)?.extensions ?? []) where result {
            let declaration = types.declaration(container)
            if let clause = declaration.whereClause, Self.namesObservableObject(in: clause, types.files[container.file]) {
                result = false
                break
            }
            for entry in declaration.inheritance {
                var written = entry.typeName
                for prefix in ["@unchecked", "@preconcurrency", "@retroactive"] where written.hasPrefix(prefix) {
                    written = String(written.dropFirst(prefix.count)).trimming(charactersIn: " ")
                }
                if case .declared(let target) = types.resolve(written, from: container) {
                    if !inheritsOnlyInertTypes(target, types, memo: &memo, depth: depth + 1) { result = false; break }
                    continue
                }
                if !Self.inertExternalEntries.contains(Self.lastComponent(written)) { result = false; break }
            }
        }
        memo[id] = result
        return result
    }

    /// How many levels of inheritance `inheritsOnlyInertTypes` follows.
    static let inheritanceDepthLimit = 512

    /// Whether a `where` clause names `ObservableObject` (`where Self: ObservableObject`).
    private static func namesObservableObject(in clause: Range<Int>, _ file: FileStructure) -> Bool {
        clause.contains { file.tokens[$0].kind == .identifier && file.source.tokenText($0, equals: "ObservableObject") }
    }
}
