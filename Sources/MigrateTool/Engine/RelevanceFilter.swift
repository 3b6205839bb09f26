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

    /// The simple names of every type that may be a model or an observable protocol in
    /// `structures`, found by name alone: a type, extension or alias whose inheritance clause names
    /// `ObservableObject` or another such name, to a fixpoint.
    ///
    /// This over-approximates the index's resolved model graph (a homonym or a generic parameter
    /// named like a model counts too), which only makes the filter keep more files; building the
    /// whole `TypeIndex` and `ModelGraph` for each round cost a tenth of a report's time.
    static func modelNames(in structures: [FileStructure]) -> Set<String> {
        var inheritors: [(name: String, inherited: [Substring])] = []
        for structure in structures {
            let declarations = structure.declarations
            for index in declarations.indices where !declarations[index].inheritance.isEmpty {
                let kind = declarations[index].kind
                guard kind.isTypeLike || kind == .typealias else { continue }
                let name = simpleName(declarations[index].name)
                let inherited = declarations[index].inheritance.flatMap { identifiers(in: $0.typeName) }
                inheritors.append((name, inherited))
            }
        }
        var names: Set<String> = ["ObservableObject"]
        var grew = true
        while grew {
            grew = false
            for inheritor in inheritors where !names.contains(inheritor.name)
                && inheritor.inherited.contains(where: { names.contains(String($0)) }) {
                names.insert(inheritor.name)
                grew = true
            }
        }
        names.remove("ObservableObject")
        return names
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
    /// file.
    static func modelPropertyTypeNames(in structures: [FileStructure], models: Set<String>) -> Set<String> {
        let received = propertiesReceived(in: structures)
        guard !received.isEmpty else { return [] }
        var names = Set<String>()
        for structure in structures {
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
                            names.insert(text)
                        }
                    }
                }
            }
        }
        return names
    }

    /// The names of types and functions with a generic parameter constrained to
    /// `ObservableObject` or to a model (in `<…>` or a `where` clause). Which models reach such a
    /// parameter is read from every place that constructs or calls the declaration, so every
    /// file naming it must be structured: a use left unseen would let a model escape the
    /// coupling and the rewritten constraint fail to compile.
    static func constrainedGenericNames(in structures: [FileStructure], models: Set<String>) -> Set<String> {
        var names = Set<String>()
        let constraints = models.union(["ObservableObject"])
        for structure in structures {
            let declarations = structure.declarations
            for index in declarations.indices {
                let kind = declarations[index].kind
                guard kind.isTypeLike || kind == .function || kind == .typealias, kind != .extension else { continue }
                let inline = declarations[index].genericParameters.contains { parameter in
                    parameter.constraint.map { identifiers(in: $0).contains { constraints.contains(String($0)) } } ?? false
                }
                let inWhere = declarations[index].whereClause.map { clause in
                    clause.contains { structure.tokens[$0].kind == .identifier && constraints.contains(structure.source.text($0)) }
                } ?? false
                if inline || inWhere { names.insert(simpleName(declarations[index].name)) }
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

    /// The candidates to search, each group with the names it may mention: every candidate with
    /// every name without `scope`; with it, a name only where a module declaring it is visible.
    /// `keepAll` keeps candidates that can see none of the names (declared names are searched
    /// everywhere).
    private static func scoped(_ names: Set<String>, remaining: [Int], selected: [Int], structures: [FileStructure],
                               keepAll: Bool, scope: RelevanceScope?) -> [(candidates: [Int], names: Set<String>)] {
        guard let scope, !names.isEmpty else { return [(remaining, names)] }
        // The modules declaring each name; names grouped by that set.
        var homes: [String: Set<Int>] = [:]
        for (position, structure) in structures.enumerated() {
            for declaration in structure.declarations where declaration.kind.isTypeLike || declaration.kind == .typealias
                || declaration.kind == .function {
                let name = simpleName(declaration.name)
                guard names.contains(name) else { continue }
                homes[name, default: []].formUnion(scope.modules(ofFile: selected[position]))
            }
        }
        var namesByHome: [Set<Int>: Set<String>] = [:]
        for name in names { namesByHome[homes[name] ?? [], default: []].insert(name) }
        var groups: [[String]: (candidates: [Int], names: Set<String>)] = [:]
        for candidate in remaining {
            let visible = scope.visibleModules(candidate)
            var found = Set<String>()
            for (home, group) in namesByHome where home.isEmpty || visible.map({ !$0.isDisjoint(with: home) }) ?? true {
                found.formUnion(group)
            }
            guard !found.isEmpty || keepAll else { continue }
            groups[found.sorted(), default: ([], found)].candidates.append(candidate)
        }
        return groups.values.sorted { $0.candidates[0] < $1.candidates[0] }
    }

    /// Generic containers whose equality the rules decide from their arguments.
    private static let knownContainers: Set<String> = ["Array", "Set", "Dictionary", "Optional", "Any", "AnyObject", "Self"]

    /// Indices of the files to structure, in path order, with their structures: those marked in
    /// `firstSelected` (mentioning observation, or package manifests), then, to a fixpoint, those
    /// mentioning a model name found so far, generic code constrained to one, or a type a
    /// received model property is declared with. `structure` builds the structures of the files at
    /// some indices; `mentioningAny` returns which of some files mention any of some names (and
    /// makes their bytes available to `structure`).
    ///
    /// With `scope` (the build graph's modules and each file's imports), a model name is looked
    /// for only in the files that can see a module declaring it: in a folder of several apps, one
    /// app's `AppModel` or `Settings` does not pull in every file of the others.
    static func select(firstSelected: [Bool], paths: [String],
                       scope: RelevanceScope? = nil,
                       structure: ([Int]) -> [FileStructure],
                       mentioningAny: (_ candidates: [Int], _ names: [BytePatterns]) -> [Int]) -> (indices: [Int], structures: [FileStructure]) {
        var selected = firstSelected.indices.filter { firstSelected[$0] }
        PhaseTimer.note("relevance: \(selected.count) of \(firstSelected.count) files mention observation")
        var structures = structure(selected)
        var remaining = firstSelected.indices.filter { !firstSelected[$0] }
        var knownMentions = Set<String>()
        var knownDeclarations = Set<String>()
        while !remaining.isEmpty {
            // A model declared in the files so far is followed wherever it is mentioned: a
            // subclass, an extension, an alias, a property holding one. A name known only from an
            // extension (`extension JSONEncoder: ObservableObject`) and a model property's type
            // are followed only to where they are declared or extended: most such names are
            // framework types mentioned all over a tree.
            let models = modelNames(in: structures)
            let declared = declaredModelLikeNames(in: structures)
            let mentions = models.intersection(declared)
                .union(constrainedGenericNames(in: structures, models: models))
                .subtracting(knownMentions)
            let declarations = models.subtracting(declared)
                .union(modelPropertyTypeNames(in: structures, models: models))
                .subtracting(knownDeclarations)
            guard !mentions.isEmpty || !declarations.isEmpty else { break }
            knownMentions.formUnion(mentions)
            knownDeclarations.formUnion(declarations)
            let declarationPatterns = BytePatterns(declarations.sorted(), context: .declaredName)
            var added = mentioningAny(remaining, [BytePatterns(mentions.sorted(), context: .wholeWord), declarationPatterns])
            if scope != nil, !added.isEmpty {
                // Of the files mentioning a name, keep those that can see a module declaring it
                // (searched again with only those names): a cost in the files that matched only.
                var kept: [Int] = []
                for (candidates, names) in scoped(mentions, remaining: added, selected: selected, structures: structures,
                                                  keepAll: !declarations.isEmpty, scope: scope) {
                    kept += mentioningAny(candidates, [BytePatterns(names.sorted(), context: .wholeWord), declarationPatterns])
                }
                added = kept
            }
            added.sort()
            PhaseTimer.note("relevance: names \(mentions.sorted().prefix(8)) mentioned, \(declarations.sorted().prefix(8)) declared: \(added.count) more files")
            guard !added.isEmpty else { break }
            selected += added
            structures += structure(added)
            let addedSet = Set(added)
            remaining.removeAll { addedSet.contains($0) }
        }
        // Keep the tree's path order, which every output relies on.
        let order = selected.indices.sorted { paths[selected[$0]] < paths[selected[$1]] }
        return (order.map { selected[$0] }, order.map { structures[$0] })
    }
}
