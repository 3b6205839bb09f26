import Dispatch

/// The whole-tree view the rules read: types, models, migration groups, and every site.
public struct TreeIndex: Sendable {
    public let types: TypeIndex
    public let graph: ModelGraph
    public let typer: ExpressionTyper
    /// Every site, in file and token order.
    public let sites: [Site]

    /// Indexes `files` (already lexed and structured, in a stable order); `modules` says which
    /// file sees which (nil: the tree is one module); `typesDeclaredOutside` names the types the
    /// tree declares in files not among `files` (left out as irrelevant).
    public init(files: [FileStructure], modules: FileModules? = nil, typesDeclaredOutside: Set<String> = []) {
        let types = TypeIndex(files: files, modules: modules, typesDeclaredOutside: typesDeclaredOutside)
        let graph = ModelGraph(types: types)
        // Owner maps and site scans are per file: both cores share them.
        let typer = ExpressionTyper(types: types)
        let scanner = SiteScanner(types: types, graph: graph, typer: typer)
        let sites = concurrentMap(Array(files.indices)) { scanner.scan(file: $0) }.flatMap { $0 }
        self.types = types
        self.graph = graph
        self.typer = typer
        self.sites = sites
    }

    /// The files of the tree.
    public var files: [FileStructure] { types.files }

    /// The model class a resolved type names, if it is one.
    public func model(_ type: ResolvedType) -> DeclarationID? {
        guard case .declared(let id) = type, graph.models[id] != nil else { return nil }
        return id
    }

    /// The class a legacy wrapper of `type` holds and its unit rewrites: a model class, or a class
    /// that is already `@Observable` (`ModelGraph.alreadyObservable`).
    public func heldClass(_ type: ResolvedType) -> DeclarationID? {
        guard case .declared(let id) = type, graph.models[id] != nil || graph.alreadyObservable.contains(id) else { return nil }
        return id
    }

    /// The migration group of a resolved type (a model class or an observable protocol).
    public func group(of type: ResolvedType) -> Int? {
        guard case .declared(let id) = type else { return nil }
        return graph.groupOf[id]
    }
}

/// Maps `items` on every core, keeping their order.
public func concurrentMap<Input: Sendable, Output: Sendable>(_ items: [Input], _ transform: @Sendable (Input) -> Output) -> [Output] {
    guard items.count > 1 else { return items.map(transform) }
    let results = UnsafeMutableBufferPointer<Output?>.allocate(capacity: items.count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    let slots = SendableSlots(buffer: results)
    DispatchQueue.concurrentPerform(iterations: items.count) { position in
        slots.buffer[position] = transform(items[position])
    }
    // Moved out, not copied: a copy would leave each result retained by the buffer, which is
    // deallocated without deinitializing, so every result (a file's bytes, its structure) leaked.
    return results.indices.map { results.moveElement(from: $0)! }
}

/// Lets `concurrentPerform` write disjoint slots of one buffer: each iteration owns its index.
private struct SendableSlots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}
