import SourceScan

/// Decides which files of a tree need the full pipeline, from their bytes alone.
///
/// A file matters when it mentions observation (`ObservableObject`, `@Published`, a wrapper,
/// `objectWillChange`, `onReceive`, Combine, `@Observable`, a suppression comment), or when it
/// mentions by name a model or a protocol refining `ObservableObject` found so far: that is
/// how a subclass, an extension, a type alias or a property holding a model is found; or when it
/// names generic code constrained to `ObservableObject` (every model it is built with must be
/// known); or when it declares a type that a model's received property is declared with (its
/// `Equatable` conformance decides a rewrite). The names grow as files are added, until nothing
/// new turns up. A file that mentions none of these cannot declare or use anything the rules act
/// on; at worst a typed chain through it is not followed, and the tool then says "unknown type",
/// which blocks rather than guesses.
///
/// In a tree of several modules every name is followed only where Swift would let it mean what
/// the filter is after: an inheritance clause or a generic constraint names a model only where
/// a model of that name is visible, a mention counts only in files that can see a module
/// declaring the name, and a declaration only in modules the files needing it can see. A folder
/// holding many apps and packages then structures about what scanning each alone would.
enum RelevanceFilter {
    /// Byte patterns whose absence rules out every construct the rules look for: what the rules
    /// declare (`Rule.relevanceKeywords`), in catalog order. `Observ` covers `ObservableObject`,
    /// `Observable`, `ObservationIgnored`, `ObservedObject` and `withObservationTracking`; the
    /// other wrappers and the modifier are spelled out, because a bare `Object` also matches
    /// `AnyObject`, `NSObject` and `ObjectIdentifier` in a third of all Swift files, which would
    /// then be lexed for nothing.
    static let keywordList: [String] = {
        var seen = Set<String>()
        return RuleCatalog.all.flatMap { $0.relevanceKeywords }.filter { seen.insert($0).inserted }
    }()

    /// `keywordList`, searched for together.
    static let keywords = BytePatterns(keywordList)

    /// Whether the file mentions observation at all.
    static func mentionsObservation(_ bytes: UnsafeRawBufferPointer) -> Bool {
        keywords.occurs(in: bytes)
    }

    /// Every name that may be a model or an observable protocol in `structures` (a type,
    /// extension or alias whose inheritance clause names `ObservableObject` or another such
    /// name, to a fixpoint), with the modules declaring it so (`declaredIn`) and the modules the
    /// files declaring it so can see (`seenFrom`: where the type an extension makes a model can
    /// be declared). `scopes` says, for each structure, where it lives and what it sees: an
    /// inheritance clause counts only where a model of the name it inherits is visible, so that
    /// in a folder of many apps and packages one app's `class Element: ObservableObject` does not
    /// make every `Element` of the others a model, and their `Element`-constrained generic code
    /// with it. In a tree of one module every file sees everything, and this is the plain
    /// by-name fixpoint.
    ///
    /// Found by name, this over-approximates the index's resolved model graph (a homonym or a
    /// generic parameter named like a model counts too), which only makes the filter keep more
    /// files; building the whole `TypeIndex` and `ModelGraph` for each round cost a tenth of a
    /// report's time.
    static func modelNames(in structures: [FileStructure], scopes: [FileScope])
        -> (declaredIn: [String: NameHomes], seenFrom: [String: NameHomes]) {
        var inheritors: [(name: String, inherited: [Substring], file: Int)] = []
        for (file, structure) in structures.enumerated() {
            let declarations = structure.declarations
            for index in declarations.indices where !declarations[index].inheritance.isEmpty {
                let kind = declarations[index].kind
                guard kind.isTypeLike || kind == .typealias else { continue }
                let name = simpleName(declarations[index].name)
                let inherited = declarations[index].inheritance.flatMap { identifiers(in: $0.typeName) }
                inheritors.append((name, inherited, file))
            }
        }
        var declaredIn: [String: NameHomes] = ["ObservableObject": .everywhere]
        var seenFrom: [String: NameHomes] = [:]
        var counted = [Bool](repeating: false, count: inheritors.count)
        var grew = true
        while grew {
            grew = false
            for (position, inheritor) in inheritors.enumerated() where !counted[position] {
                let scope = scopes[inheritor.file]
                guard inheritor.inherited.contains(where: { declaredIn[String($0)]?.isSeen(from: scope.visible) ?? false }) else { continue }
                counted[position] = true
                declaredIn[inheritor.name, default: NameHomes()].formUnion(scope.home)
                seenFrom[inheritor.name, default: NameHomes()].formUnion(scope.seen)
                grew = true
            }
        }
        declaredIn["ObservableObject"] = nil
        seenFrom["ObservableObject"] = nil
        return (declaredIn, seenFrom)
    }

    /// The names of the classes, protocols and aliases `structures` declare: the declarations a
    /// model, or a name standing for one, can have (a struct, enum or actor conforming to
    /// `ObservableObject` is reported where it is declared, but nothing refers to it as a model).
    static func declaredModelLikeNames(in structures: [FileStructure]) -> Set<String> {
        var names = Set<String>()
        for structure in structures {
            for declaration in structure.declarations.indices {
                switch structure.declarations[declaration].kind {
                case .class, .protocol, .typealias: names.insert(structure.declarations[declaration].name)
                default: continue
                }
            }
        }
        return names
    }

    /// The words of a type as written: `["Base", "Int"]` for `Base<Int>`. Works on UTF-8 bytes
    /// (a non-ASCII byte counts as a word byte), as `Character` properties are slow at this scale.
    private static func identifiers(in written: String) -> [Substring] {
        written.utf8.split { !BytePatterns.isIdentifierByte($0) }.map { Substring($0) }
    }

    /// `Inner` for `Outer.Inner`.
    private static func simpleName(_ written: String) -> String {
        written.split(separator: ".").last.map(String.init) ?? written
    }

    /// Type names the rules need declared when they appear in a model's stored properties (in
    /// the annotation, or the initializer when there is none): the `Equatable` evidence for
    /// `.onReceive(m.$x)` → `.onChange(of:)` reads the declaration of `x`'s type and its
    /// extensions, which may sit in files that never mention observation.
    /// Only properties some `.onReceive(… $x …)` names are looked at, and standard types, whose
    /// equality the rules know already, are left out: searching for `String` would select every
    /// file. Each name comes with the modules the model's file sees, where its declaration can be.
    static func modelPropertyTypeNames(in structures: [FileStructure], models: Set<String>,
                                       scopes: [FileScope]) -> [String: NameHomes] {
        let received = propertiesReceived(in: structures)
        guard !received.isEmpty else { return [:] }
        var names: [String: NameHomes] = [:]
        for (file, structure) in structures.enumerated() {
            let declarations = structure.declarations
            for index in declarations.indices where declarations[index].kind == .variable {
                guard received.contains(declarations[index].name),
                      let parent = declarations[index].parent, declarations[parent].kind.isTypeLike,
                      models.contains(simpleName(declarations[parent].name)) else { continue }
                for binding in declarations[index].bindings {
                    // The annotation, else the initializer that infers the type (`= Phase.idle`).
                    guard let written = binding.typeAnnotation ?? binding.initializer else { continue }
                    for token in written where structure.tokens[token].kind == .identifier {
                        let text = structure.source.text(token)
                        if let first = text.utf8.first, first >= 0x41, first <= 0x5A, !EquatableEvidence.standard.contains(text),
                           !knownContainers.contains(text) {
                            names[text, default: NameHomes()].formUnion(scopes[file].seen)
                        }
                    }
                }
            }
        }
        return names
    }

    /// The names of types and functions with a generic parameter constrained to
    /// `ObservableObject` or to a model (in `<…>` or a `where` clause), with the modules declaring
    /// them; a model name counts only where a model of that name is visible (`models`, where
    /// each is declared). Which models reach such a parameter is read from every place that
    /// constructs or calls the declaration, so every file naming it must be structured: a use
    /// left unseen would let a model escape the coupling and the rewritten constraint fail to
    /// compile.
    static func constrainedGenericNames(in structures: [FileStructure], models: [String: NameHomes],
                                        scopes: [FileScope]) -> [String: NameHomes] {
        var names: [String: NameHomes] = [:]
        for (file, structure) in structures.enumerated() {
            let visible = scopes[file].visible
            func isConstraint(_ name: some StringProtocol) -> Bool {
                name == "ObservableObject" || (models[String(name)]?.isSeen(from: visible) ?? false)
            }
            let declarations = structure.declarations
            for index in declarations.indices {
                let kind = declarations[index].kind
                guard kind.isTypeLike || kind == .function || kind == .typealias, kind != .extension else { continue }
                let inline = declarations[index].genericParameters.contains { parameter in
                    parameter.constraint.map { identifiers(in: $0).contains(where: isConstraint) } ?? false
                }
                let inWhere = declarations[index].whereClause.map { clause in
                    clause.contains { structure.tokens[$0].kind == .identifier && isConstraint(structure.source.text($0)) }
                } ?? false
                if inline || inWhere {
                    names[simpleName(declarations[index].name), default: NameHomes()].formUnion(scopes[file].home)
                }
            }
        }
        return names
    }

    private static let onReceive = BytePatterns(["onReceive"])

    /// The `x` of every `$x` inside the parentheses of an `onReceive(…)` call.
    static func propertiesReceived(in structures: [FileStructure]) -> Set<String> {
        var names = Set<String>()
        for structure in structures where onReceive.occurs(in: structure.source.bytes) {
            let tokens = structure.tokens
            for index in tokens.indices.dropLast() where tokens[index].kind == .identifier
                && tokens[index + 1].kind == .leftParen && structure.source.tokenText(index, equals: "onReceive") {
                for argument in (index + 2)..<structure.closing(index + 1) where tokens[argument].kind == .dollarIdentifier {
                    names.insert(String(structure.source.text(argument).dropFirst()))
                }
            }
        }
        return names
    }

    /// The names one search round looks for: mentioned names (`wholeWord`) and declared ones
    /// (`declaredName`), each with where it counts.
    struct Wanted {
        /// Names a file must mention, with the modules declaring them: a file counts when it sees one.
        var mentioned: [String: NameHomes] = [:]
        /// Types a file must declare or extend, with the modules the files needing them see: a
        /// file counts when it belongs to one.
        var declared: [String: NameHomes] = [:]

        var isEmpty: Bool { mentioned.isEmpty && declared.isEmpty }

        /// What `self` asks beyond `searched` (a name again only where it became visible since).
        func subtracting(_ searched: Wanted) -> Wanted {
            Wanted(mentioned: Self.subtract(mentioned, searched.mentioned), declared: Self.subtract(declared, searched.declared))
        }

        mutating func formUnion(_ other: Wanted) {
            mentioned.merge(other.mentioned) { $0.union($1) }
            declared.merge(other.declared) { $0.union($1) }
        }

        /// The byte patterns for `mentioned` and `declared` (both, for one search).
        var patterns: [BytePatterns] {
            [BytePatterns(mentioned.keys.sorted(), context: .wholeWord), BytePatterns(declared.keys.sorted(), context: .declaredName)]
        }

        private static func subtract(_ names: [String: NameHomes], _ searched: [String: NameHomes]) -> [String: NameHomes] {
            var result: [String: NameHomes] = [:]
            for (name, homes) in names {
                if let new = homes.subtracting(searched[name]) { result[name] = new }
            }
            return result
        }
    }

    /// The candidates to search again, in groups, each group with the names its files may
    /// mention or declare where they count (`wanted`'s homes against what each file sees and
    /// where it belongs); candidates for which no name counts are dropped.
    private static func scoped(_ wanted: Wanted, candidates: [Int], scope: RelevanceScope) -> [(candidates: [Int], wanted: Wanted)] {
        func byHomes(_ names: [String: NameHomes]) -> [(homes: NameHomes, names: [String])] {
            Dictionary(grouping: names.keys, by: { names[$0]! }).map { ($0.key, $0.value) }
        }
        let mentioned = byHomes(wanted.mentioned)
        let declared = byHomes(wanted.declared)
        var groups: [[String]: (candidates: [Int], wanted: Wanted)] = [:]
        for candidate in candidates {
            let visible = scope.visibleModules(candidate)
            let own = scope.modules(ofFile: candidate)
            var found = Wanted()
            for (homes, names) in mentioned where homes.isSeen(from: visible) {
                for name in names { found.mentioned[name] = homes }
            }
            for (homes, names) in declared where homes.isSeen(from: own.isEmpty ? nil : Set(own)) {
                for name in names { found.declared[name] = homes }
            }
            guard !found.isEmpty else { continue }
            let key = found.mentioned.keys.sorted() + [""] + found.declared.keys.sorted()
            groups[key, default: ([], found)].candidates.append(candidate)
        }
        return groups.values.sorted { $0.candidates[0] < $1.candidates[0] }
    }

    /// Generic containers whose equality the rules decide from their arguments.
    private static let knownContainers: Set<String> = ["Array", "Set", "Dictionary", "Optional", "Any", "AnyObject", "Self"]

    /// What the files structured so far ask to be followed: the models they declare and the
    /// generic code constrained to them wherever they are mentioned (where visible); a name known
    /// only from an extension (`extension JSONEncoder: ObservableObject`) and a model property's
    /// type only to where they are declared or extended, since most such names are framework
    /// types mentioned all over a tree.
    private static func wanted(by structures: [FileStructure], scopes: [FileScope]) -> Wanted {
        let models = modelNames(in: structures, scopes: scopes)
        let declared = declaredModelLikeNames(in: structures)
        var wanted = Wanted()
        wanted.mentioned = models.declaredIn.filter { declared.contains($0.key) }
        wanted.mentioned.merge(constrainedGenericNames(in: structures, models: models.declaredIn, scopes: scopes)) { $0.union($1) }
        wanted.declared = models.seenFrom.filter { !declared.contains($0.key) }
        wanted.declared.merge(modelPropertyTypeNames(in: structures, models: Set(models.declaredIn.keys), scopes: scopes)) { $0.union($1) }
        return wanted
    }

    /// Indices of the files to structure, in path order, with their structures: those marked in
    /// `firstSelected` (mentioning observation, or package manifests), then, to a fixpoint, those
    /// mentioning a model name found so far, generic code constrained to one, or a type a
    /// received model property is declared with. `structure` builds the structures of the files at
    /// some indices; `mentioningAny` returns which of some files mention any of some names (and
    /// makes their bytes available to `structure`).
    ///
    /// With `scope` (the build graph's modules and each file's imports), every name is followed
    /// only where it can mean what is followed: in a folder of several apps, one app's `AppModel`
    /// or `Settings` does not pull in every file of the others.
    static func select(firstSelected: [Bool], paths: [String],
                       scope: RelevanceScope? = nil,
                       structure: ([Int]) -> [FileStructure],
                       mentioningAny: (_ candidates: [Int], _ names: [BytePatterns]) -> [Int]) -> (indices: [Int], structures: [FileStructure]) {
        var selected = firstSelected.indices.filter { firstSelected[$0] }
        PhaseTimer.note("relevance: \(selected.count) of \(firstSelected.count) files mention observation")
        var structures = structure(selected)
        var scopes = selected.map { FileScope(file: $0, in: scope) }
        var remaining = firstSelected.indices.filter { !firstSelected[$0] }
        var searched = Wanted()
        while !remaining.isEmpty {
            let new = wanted(by: structures, scopes: scopes).subtracting(searched)
            guard !new.isEmpty else { break }
            searched.formUnion(new)
            var added = mentioningAny(remaining, new.patterns)
            if let scope, !added.isEmpty {
                // Of the files matching a name, keep those where it counts (searched again with
                // only those names): a cost in the files that matched only.
                var kept: [Int] = []
                for (candidates, names) in scoped(new, candidates: added, scope: scope) {
                    kept += mentioningAny(candidates, names.patterns)
                }
                added = kept
            }
            added.sort()
            PhaseTimer.note("relevance: names \(new.mentioned.keys.sorted().prefix(8)) mentioned, \(new.declared.keys.sorted().prefix(8)) declared: \(added.count) more files")
            guard !added.isEmpty else { break }
            selected += added
            structures += structure(added)
            scopes += added.map { FileScope(file: $0, in: scope) }
            let addedSet = Set(added)
            remaining.removeAll { addedSet.contains($0) }
        }
        // Keep the tree's path order, which every output relies on.
        let order = selected.indices.sorted { paths[selected[$0]] < paths[selected[$1]] }
        return (order.map { selected[$0] }, order.map { structures[$0] })
    }
}

/// Where a name counts: a set of modules, or everywhere (a tree of one module, a file the build
/// graph does not place).
struct NameHomes: Hashable {
    var modules: Set<Int> = []
    var everywhere = false

    /// Everywhere: what every name is in a tree of one module.
    static let everywhere = NameHomes(everywhere: true)

    /// Whether `modules` (nil: every module, or a file the graph does not place) meets these homes.
    func isSeen(from modules: Set<Int>?) -> Bool {
        everywhere || (modules.map { !$0.isDisjoint(with: self.modules) } ?? !self.modules.isEmpty)
    }

    func union(_ other: NameHomes) -> NameHomes {
        var result = self
        result.formUnion(other)
        return result
    }

    mutating func formUnion(_ other: NameHomes) {
        everywhere = everywhere || other.everywhere
        modules.formUnion(other.modules)
    }

    /// The homes not yet in `searched`, nil when there are none.
    func subtracting(_ searched: NameHomes?) -> NameHomes? {
        guard let searched else { return self }
        if searched.everywhere { return nil }
        if everywhere { return self }
        let new = modules.subtracting(searched.modules)
        return new.isEmpty ? nil : NameHomes(modules: new)
    }
}

/// One structured file as the filter sees it: where its declarations live and what its code sees.
struct FileScope {
    /// The file's modules (everywhere for a file the build graph does not place).
    var home: NameHomes
    /// The modules its code sees; nil for every module.
    var visible: Set<Int>?

    /// `visible` as homes: where a declaration this file needs can be.
    var seen: NameHomes { visible.map { NameHomes(modules: $0) } ?? .everywhere }

    /// File `file` (an index into the scope's paths) as `scope` places it; everywhere without one.
    init(file: Int, in scope: RelevanceScope?) {
        let modules = scope?.modules(ofFile: file) ?? []
        home = modules.isEmpty ? .everywhere : NameHomes(modules: Set(modules))
        visible = scope?.visibleModules(file)
    }
}
