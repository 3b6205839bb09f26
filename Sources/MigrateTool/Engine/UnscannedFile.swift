import SourceScan

/// A Swift file compiled with the scanned code that the run does not read whole: one it could
/// not read (permissions, invalid UTF-8, NUL bytes: the compiler only warns about the last two), or one of a
/// scanned module that the paths given, the excludes or the includes leave out. A unit with a
/// site there would be written half (`@Observable` class, legacy wrapper left behind), so the
/// `unscanned-file` rule blocks every unit the file may touch.
struct UnscannedFile: Sendable {
    /// The path as the user sees it.
    var path: String
    /// Why the run does not read it, as a phrase: "could not be read (…)", "lies outside the
    /// paths given", "is excluded by 'Views/**'".
    var reason: String
    /// What the file names and whether it mentions the legacy data flow, when its bytes could be
    /// read; nil when they could not (every unit it can see may have a site there).
    var evidence: Evidence?
    /// The build modules whose declarations code in the file can see (its own and their
    /// dependencies); nil when the build graph does not place it (then every unit).
    var visibleModules: Set<Int>?

    /// What the bytes of an unscanned file show.
    struct Evidence: Sendable {
        /// Every identifier-like word in the file.
        var words: Set<String>
        /// Whether it may hold a site whose model it does not name (`.environmentObject(makeStore())`,
        /// `store.$items`, `@StateObject var m = make()`, a generic constraint on
        /// `ObservableObject`); a file that only declares its own models holds none.
        var mentionsObservation: Bool

        /// The words of a file that lexes, and whether it holds a site of no named model: read
        /// from its tokens, so that a model declared there (`class Extra: ObservableObject`) is
        /// not taken for a site.
        init(structure: FileStructure) {
            let tokens = structure.tokens
            var words = Set<String>()
            var typeless = false
            let inheritance = Set(structure.declarations.flatMap { $0.inheritance.flatMap { Array($0.tokens) } })
            for index in tokens.indices {
                switch tokens[index].kind {
                case .identifier:
                    let word = structure.source.text(index)
                    words.insert(word)
                    switch word {
                    case "environmentObject", "objectWillChange", "onReceive": typeless = true
                    case "ObservableObject": typeless = typeless || !inheritance.contains(index)
                    default: break
                    }
                case .dollarIdentifier:
                    // `$store.items`, `store.$items`: a projection or publisher of any model (not `$0`).
                    typeless = typeless || structure.source.text(index).dropFirst().first?.isNumber == false
                default:
                    break
                }
            }
            // A wrapper without a written type holds whatever its initial value is.
            for declaration in structure.declarations where declaration.kind == .variable
                && declaration.attributes.contains(where: { WrapperKind(rawValue: String($0.baseName)) != nil })
                && declaration.bindings.first?.typeAnnotation == nil {
                typeless = true
            }
            self.words = words
            self.mentionsObservation = typeless
        }

        /// Evidence as found.
        init(words: Set<String>, mentionsObservation: Bool) {
            self.words = words
            self.mentionsObservation = mentionsObservation
        }

        /// The evidence of a file's bytes: from its tokens when it is text that lexes, else from the bytes.
        init(readable bytes: [UInt8], path: String) {
            guard FileSystem.firstInvalidUTF8Offset(bytes) == nil, !bytes.contains(0) else {
                self.init(bytes)
                return
            }
            let structure = FileStructure(SourceFile(path: path, bytes: bytes))
            // Nested past the parser's limit, the file compiles nowhere and holds no site.
            if structure.excessiveNesting != nil { self.init(words: [], mentionsObservation: false) } else { self.init(structure: structure) }
        }

        /// The words and keywords of `bytes`, read without lexing (the file is not valid UTF-8).
        init(_ bytes: [UInt8]) {
            mentionsObservation = bytes.withUnsafeBytes { RelevanceFilter.mentionsObservation($0) }
            var words = Set<String>()
            var start: Int?
            for index in 0...bytes.count {
                let isWordByte = index < bytes.count && BytePatterns.isIdentifierByte(bytes[index])
                if isWordByte, start == nil { start = index }
                if !isWordByte, let first = start {
                    words.insert(String(decoding: bytes[first..<index], as: UTF8.self))
                    start = nil
                }
            }
            self.words = words
        }
    }

    /// The modules code in the file at `path` (absolute) can see: those compiling it and their
    /// dependencies; nil when the graph places it nowhere (then it may see every unit).
    static func visibleModules(ofFile path: String, in graph: BuildGraph?) -> Set<Int>? {
        guard let graph, !graph.isTrivial, let position = graph.position(ofFile: path) else { return nil }
        let own = graph.modulesOfFile[position]
        guard !own.isEmpty else { return nil }
        return graph.dependencyClosure(of: own).union(own)
    }

    /// Why the file may hold a site of a model named one of `names`, or nil when it cannot.
    func mayHoldSite(ofModelsNamed names: [String]) -> SiteEvidence? {
        guard let evidence else { return .unknownContents }
        if let named = names.first(where: evidence.words.contains) { return .names(named) }
        return evidence.mentionsObservation ? .mentionsObservation : nil
    }

    /// Why a file may hold a site of a model, strongest first.
    enum SiteEvidence: Comparable, Sendable {
        /// The file names the model.
        case names(String)
        /// Its bytes could not be read.
        case unknownContents
        /// It may hold a site that does not name its model (`.environmentObject(x)`, `$x`).
        case mentionsObservation

        /// The evidence as a phrase.
        var phrase: String {
            switch self {
            case .names(let name): return "it names '\(name)'"
            case .unknownContents: return "its contents are unknown"
            case .mentionsObservation: return "it may hold a site that does not name its model"
            }
        }
    }
}
