import SourceScan

/// Joins the build graph with the structured files: which modules compile each file and
/// which modules its code sees (its own, the modules its `import`s name, and what those
/// re-export with `@_exported import`).
enum ModuleTable {
    /// The index's view of the graph for `structures`; nil when the graph is one module.
    static func fileModules(for structures: [FileStructure], in graph: BuildGraph) -> FileModules? {
        guard !graph.isTrivial else { return nil }
        var fileIndex: [String: Int] = [:]
        for (position, path) in graph.files.enumerated() { fileIndex[path] = position }
        let directory = FileSystem.currentDirectory()
        let ownModules: [[Int]] = structures.map { structure in
            let path = PathName.absolute(structure.source.path, in: directory)
            return fileIndex[path].map { graph.modulesOfFile[$0] } ?? graph.folderModule.map { [$0] } ?? []
        }
        let imports = structures.map(importedModules)
        // Re-exports per module, from the structured files (a file that re-exports a module
        // mentions nothing else the rules need, but `@_exported` keeps it structured).
        var reexports: [Int: Set<String>] = [:]
        for (position, structure) in structures.enumerated() {
            for declaration in structure.declarations where declaration.kind == .import
            && declaration.attribute(named: "_exported") != nil {
                guard let name = BuildGraph.importedModuleName(declaration.name) else { continue }
                for module in ownModules[position] { reexports[module, default: []].insert(name) }
            }
        }
        var cache: [[Int]: [Int32]] = [:]
        var visible: [[Int32]] = []
        for (position, own) in ownModules.enumerated() {
            var names = imports[position]
            var seen = graph.visibleModules(own: own, imports: names)
            // Follow re-exports to a fixpoint (a module re-exporting another that re-exports…).
            var frontier = Array(seen)
            while let module = frontier.popLast() {
                let more = (reexports[module] ?? []).filter { !names.contains($0) }
                guard !more.isEmpty else { continue }
                names += more
                let grown = graph.visibleModules(own: own, imports: names)
                frontier += grown.subtracting(seen)
                seen = grown
            }
            let key = own + [-1] + seen.sorted()
            if let known = cache[key] {
                visible.append(known)
            } else {
                let value = seen.sorted().map(Int32.init)
                cache[key] = value
                visible.append(value)
            }
        }
        return FileModules(own: ownModules.map { $0.map(Int32.init) }, visible: visible)
    }

    /// The module names a file imports.
    static func importedModules(_ structure: FileStructure) -> [String] {
        structure.declarations.compactMap { $0.kind == .import ? BuildGraph.importedModuleName($0.name) : nil }
    }
}
