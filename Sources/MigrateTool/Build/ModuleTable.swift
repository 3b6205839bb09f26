#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SourceScan

/// Joins the build graph with the structured files: which modules compile each file and
/// which modules its code sees (its own, the modules its `import`s name, and what those
/// re-export with `@_exported import`).
enum ModuleTable {
    /// The index's view of the graph for `structures`; nil when the graph is one module.
    static func fileModules(for structures: [FileStructure], in graph: BuildGraph) -> FileModules? {
        guard !graph.isTrivial else { return nil }
        let directory = FileSystem.currentDirectory()
        let ownModules = structures.map { graph.modules(ofFile: PathName.absolute($0.source.path, in: directory)) }
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
        // Files of one module mostly see the same modules: one array serves them all.
        var interned: [[Int32]: [Int32]] = [:]
        let visible: [[Int32]] = ownModules.indices.map { position in
            let seen = graph.visibleModules(own: ownModules[position], imports: imports[position], reexports: reexports)
            let value = seen.sorted().map(Int32.init)
            if let known = interned[value] { return known }
            interned[value] = value
            return value
        }
        let names = Set(graph.modules.flatMap { [$0.name, $0.targetName, PathName.moduleName($0.targetName)] }.filter { !$0.isEmpty })
        return FileModules(own: ownModules.map { $0.map(Int32.init) }, visible: visible, moduleNames: names)
    }

    /// The module names a file imports.
    static func importedModules(_ structure: FileStructure) -> [String] {
        let declarations = structure.declarations
        return declarations.indices.compactMap { declarations[$0].kind == .import ? BuildGraph.importedModuleName(declarations[$0].name) : nil }
    }
}

/// Which modules each file of a tree can see, before the files are structured: what the
/// relevance filter needs so that a model name is looked for only where it can be used.
/// A file sees its own modules, the modules they depend on, the folder module, and the modules
/// its `import` lines name; a file the graph does not place sees everything.
final class RelevanceScope {
    private let graph: BuildGraph
    private let paths: [String]
    private let exporting: [Int]
    private let bytes: (Int) -> [UInt8]?
    /// Each file's modules (none for a file the graph does not place).
    private let modulesOfPath: [[Int]]
    private var visibleCache: [Int: Set<Int>?] = [:]

    /// The scope for the files at `paths` (as the walk gives them, each at `graphPositions` in
    /// `graph.files`, nil for one the graph does not place); nil when the graph is one module.
    /// `exporting` lists the files that may hold an `@_exported import` (every other file
    /// re-exports nothing); `bytes` gives a file's bytes when they are in memory (the others are
    /// read again). What it needs is read on first use: a tree whose relevance filter never
    /// follows a model name pays nothing for it.
    static func make(graph: BuildGraph, paths: [String], graphPositions: [Int?], exporting: [Int],
                     bytes: @escaping (Int) -> [UInt8]?) -> RelevanceScope? {
        graph.isTrivial ? nil : RelevanceScope(graph: graph, paths: paths, graphPositions: graphPositions, exporting: exporting, bytes: bytes)
    }

    private init(graph: BuildGraph, paths: [String], graphPositions: [Int?], exporting: [Int], bytes: @escaping (Int) -> [UInt8]?) {
        self.graph = graph
        self.paths = paths
        self.exporting = exporting
        self.bytes = bytes
        modulesOfPath = graphPositions.map { $0.map { graph.modulesOfFile[$0] } ?? [] }
    }

    /// The module names each module re-exports (`@_exported import`).
    private lazy var reexports: [Int: Set<String>] = {
        var reexports: [Int: Set<String>] = [:]
        for (index, names) in zip(exporting, importLines(exporting, onlyExported: true)) where !names.isEmpty {
            for module in modulesOfPath[index] { reexports[module, default: []].formUnion(names) }
        }
        return reexports
    }()

    /// The modules compiling file `index` (empty when the graph does not place it).
    func modules(ofFile index: Int) -> [Int] { modulesOfPath[index] }

    /// The module names of the `import` lines (with `onlyExported`, of the `@_exported import`
    /// lines) of the files at `indices`: from their bytes in memory, else read again through
    /// reused buffers without keeping a copy (a file the first read skipped; one that can no
    /// longer be read imports nothing).
    private func importLines(_ indices: some Collection<Int>, onlyExported: Bool) -> [Set<String>] {
        let exported = BytePatterns(["@_exported"])
        @Sendable func names(_ content: UnsafeRawBufferPointer) -> Set<String> {
            if onlyExported, !exported.occurs(in: content) { return [] }
            return Self.importedModuleNames(content, onlyExported: onlyExported)
        }
        let indices = Array(indices)
        let inMemory = indices.map { bytes($0) }
        let missing = indices.indices.filter { inMemory[$0] == nil }
        let read = missing.isEmpty ? [] : BatchReader.map(missing.map { paths[indices[$0]] }) { _, result -> Set<String> in
            guard case .success(let content) = result else { return [] }
            return names(content)
        }
        var result = inMemory.map { $0.map { content in content.withUnsafeBytes(names) } ?? [] }
        for (slot, found) in zip(missing, read) { result[slot] = found }
        return result
    }

    /// The modules whose declarations code in file `candidate` can see, or nil for every module
    /// (a file the graph does not place, or one of the folder module).
    func visibleModules(_ candidate: Int) -> Set<Int>? {
        if let known = visibleCache[candidate] { return known }
        let visible = computeVisibleModules(candidate)
        visibleCache[candidate] = .some(visible)
        return visible
    }

    private func computeVisibleModules(_ candidate: Int) -> Set<Int>? {
        let own = modulesOfPath[candidate]
        guard !own.isEmpty else { return nil }
        if let folder = graph.folderModule, own.contains(folder) { return nil }
        // What the index sees, plus the modules depended on and the folder module (and what
        // those re-export): the filter keeps a superset of what resolution can reach.
        let seeds = Array(graph.dependencyClosure(of: own)) + (graph.folderModule.map { [$0] } ?? [])
        return graph.visibleModules(own: own, imports: Array(importedNames(candidate)), reexports: reexports, seeds: seeds)
    }

    private func importedNames(_ candidate: Int) -> Set<String> {
        importLines(CollectionOfOne(candidate), onlyExported: false)[0]
    }

    /// The module names of a file's `import` lines (`import A`, `@testable import A`,
    /// `import struct A.B`), read line by line without lexing; with `onlyExported`, those of
    /// `@_exported import` lines.
    static func importedModuleNames(_ bytes: [UInt8], onlyExported: Bool = false) -> Set<String> {
        bytes.withUnsafeBytes { importedModuleNames($0, onlyExported: onlyExported) }
    }

    /// `importedModuleNames` over bytes in place. Only the lines holding `import` are split into
    /// words, found from the rare `p` of the word: splitting every line of every file a search
    /// round matched cost a tenth of a report on `/opt/swift-packages`.
    static func importedModuleNames(_ bytes: UnsafeRawBufferPointer, onlyExported: Bool = false) -> Set<String> {
        var names = Set<String>()
        guard let base = bytes.baseAddress else { return names }
        let word = Array("import".utf8)
        var searchFrom = 0
        while searchFrom < bytes.count, let found = memchr(base + searchFrom, Int32(UInt8(ascii: "p")), bytes.count - searchFrom) {
            let start = base.distance(to: UnsafeRawPointer(found)) - 2
            searchFrom = start + 3
            guard start >= 0, start + word.count <= bytes.count, bytes[start..<(start + word.count)].elementsEqual(word) else { continue }
            // The line holding it, whichever line breaks the file uses (`\n`, `\r\n`, a lone `\r`).
            var lineStart = start
            while lineStart > 0, !Byte.isLineBreak(bytes[lineStart - 1]) { lineStart -= 1 }
            var lineEnd = start
            while lineEnd < bytes.count, !Byte.isLineBreak(bytes[lineEnd]) { lineEnd += 1 }
            searchFrom = lineEnd + 1
            if let name = importedModuleName(onLine: bytes[lineStart..<lineEnd], onlyExported: onlyExported) { names.insert(name) }
        }
        return names
    }

    /// What separates the words of an import line.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The module an import line names (`import A`, `@testable import A`, `import struct A.B`);
    /// with `onlyExported`, only an `@_exported import` line's.
    private static func importedModuleName(onLine line: Slice<UnsafeRawBufferPointer>, onlyExported: Bool) -> String? {
        var words = line.split(whereSeparator: isBlank)[...]
        var exported = false
        while let first = words.first, first.first == UInt8(ascii: "@") {
            exported = exported || first.elementsEqual("@_exported".utf8)
            words = words.dropFirst()
        }
        if onlyExported, !exported { return nil }
        guard let keyword = words.first, keyword.elementsEqual("import".utf8) else { return nil }
        words = words.dropFirst()
        if let kind = words.first, ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(where: { kind.elementsEqual($0.utf8) }) {
            words = words.dropFirst()
        }
        guard let path = words.first else { return nil }
        let module = path.prefix { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: ";") }
        return String(decoding: module, as: UTF8.self)
    }
}
