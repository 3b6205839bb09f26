/// The whole-tree view the rules read: types, models, migration groups, and every site.
public struct TreeIndex: Sendable {
    public let types: TypeIndex
    public let graph: ModelGraph
    public let typer: ExpressionTyper
    /// Every site, in file and token order.
    public let sites: [Site]

    /// Indexes `files` (already lexed and structured, in a stable order).
    public init(files: [FileStructure]) {
        let types = TypeIndex(files: files)
        let graph = ModelGraph(types: types)
        let typer = ExpressionTyper(types: types, owners: files.map(ExpressionTyper.owners(of:)))
        let scanner = SiteScanner(types: types, graph: graph, typer: typer)
        var sites: [Site] = []
        for index in files.indices { sites += scanner.scan(file: index) }
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

    /// The migration group of a resolved type (a model class or an observable protocol).
    public func group(of type: ResolvedType) -> Int? {
        guard case .declared(let id) = type else { return nil }
        return graph.groupOf[id]
    }
}
