import SourceScan

/// Decides which files of a tree need the full pipeline, from their bytes alone.
///
/// A file matters when it mentions observation (`ObservableObject`, `@Published`, a wrapper,
/// `objectWillChange`, `onReceive`, Combine, `@Observable`, a suppression comment), or when it
/// mentions by name a model or a protocol refining `ObservableObject` found so far: that is
/// how a subclass, an extension, a type alias or a property holding a model is found. The names
/// grow as files are added, until nothing new turns up. A file that mentions neither cannot
/// declare or use anything the rules act on; at worst a typed chain through it is not followed,
/// and the tool then says "unknown type", which blocks rather than guesses.
enum RelevanceFilter {
    /// Byte patterns whose absence rules out every construct the rules look for. Each is a part
    /// of several spellings: `Object` covers the three wrappers and `environmentObject`, `Observ`
    /// covers `ObservableObject`, `Observable`, `ObservationIgnored` and `ObservedObject`.
    static let keywords = [
        "Object", "Observ", "observ", "Published", "onReceive", "Combine", "objectWillChange",
        // A publisher used through a receiver whose type the file never names: `model.$query.sink`.
        ".$", "Cancellable", ".sink",
    ]

    /// Whether the file mentions observation at all.
    static func mentionsObservation(_ bytes: [UInt8]) -> Bool {
        keywords.contains { ByteSearch.contains(bytes, $0) }
    }

    /// Whether the file mentions any of `names` as a whole word.
    static func mentionsAny(_ bytes: [UInt8], of names: [String]) -> Bool {
        names.contains { ByteSearch.containsWord(bytes, $0) }
    }

    /// The simple names of the models and observable protocols among `structures`.
    static func modelNames(in structures: [FileStructure]) -> Set<String> {
        let types = TypeIndex(files: structures)
        let graph = ModelGraph(types: types)
        var names = Set<String>()
        for id in graph.models.keys { names.insert(types.declaration(id).name) }
        for id in graph.observableProtocols { names.insert(types.declaration(id).name) }
        // Aliases of those names carry them too.
        for symbol in types.types where symbol.kind == .typealias {
            let declaration = types.declaration(symbol.id)
            if let target = declaration.inheritance.first?.typeName,
               names.contains(TypeReference(target)?.baseName ?? "") {
                names.insert(declaration.name)
            }
        }
        return names
    }

    /// Indices of the files to structure: `alwaysInclude` (package manifests), those mentioning
    /// observation, then (to a fixpoint) those mentioning a model name found so far. `structure`
    /// builds the structures of the files at some indices.
    static func select(_ contents: [[UInt8]], paths: [String], alwaysInclude: Set<String> = [],
                       structure: ([Int]) -> [FileStructure]) -> (indices: [Int], structures: [FileStructure]) {
        let first = concurrentMap(Array(contents.indices)) { index in
            alwaysInclude.contains(paths[index]) || mentionsObservation(contents[index])
        }
        var selected = contents.indices.filter { first[$0] }
        var structures = structure(selected)
        var remaining = contents.indices.filter { !first[$0] }
        var known = Set<String>()
        while !remaining.isEmpty {
            let names = modelNames(in: structures).subtracting(known)
            guard !names.isEmpty else { break }
            known.formUnion(names)
            let nameList = names.sorted()
            let hits = concurrentMap(remaining) { mentionsAny(contents[$0], of: nameList) }
            let added = zip(remaining, hits).filter(\.1).map(\.0)
            guard !added.isEmpty else { break }
            selected += added
            structures += structure(added)
            remaining = zip(remaining, hits).filter { !$0.1 }.map(\.0)
        }
        // Keep the tree's path order, which every output relies on.
        let order = selected.indices.sorted { paths[selected[$0]] < paths[selected[$1]] }
        return (order.map { selected[$0] }, order.map { structures[$0] })
    }
}
