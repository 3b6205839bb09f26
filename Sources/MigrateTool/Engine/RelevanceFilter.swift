import SourceScan

/// Decides which files of a tree need the full pipeline, from their bytes alone.
///
/// A file matters when it mentions observation (`ObservableObject`, `@Published`, a wrapper,
/// `objectWillChange`, `onReceive`, Combine, `@Observable`, a suppression comment), or when it
/// mentions by name a model or a protocol refining `ObservableObject` found so far: that is
/// how a subclass, an extension, a type alias or a property holding a model is found; or when it
/// names generic code constrained to `ObservableObject` (every model it is built with must be
/// known); or when it declares a type that a model's received property is declared with (its
/// `Equatable` conformance decides a rewrite), or a property of a model whose file sends
/// `objectWillChange` (`items[i].done = true` beside a send changes `items` only if its elements
/// are structs); or when it declares or extends a type holding a
/// legacy wrapper (its extension elsewhere may read `$m`); or when it declares a type that an
/// expression the rules type goes through (`manager.$state`, `let manager = Core.shared.manager`
/// names `Core`). The names grow as files are added, until nothing new turns up. A file that
/// mentions none of these cannot declare or use anything the rules act on; at worst a typed chain
/// through it is not followed, and the tool then says "unknown type", which blocks rather than
/// guesses. For that, the names of the types such files declare are read from their bytes
/// (`DeclaredTypeNames`), so that the typer does not take one of them for a library's type, whose
/// members cannot hold the tree's models; with them the types they extend and the functions they
/// declare at the top level. A file extending a library's type that a typed chain names, with a
/// member of a name a chain goes through, is read (`extension UIApplication { var appDelegate:
/// AppDelegate }`), so that the chain is not taken for a library's value; so is a file declaring
/// a function a chain calls with no receiver (`configure(AppState()) { … }` takes its type from
/// `configure`'s generic signature). Gaps left, each blocking where a whole read would not: a
/// member added to a type the chain does not name (`extension UIResponder { var appDelegate … }`,
/// reached through `UIApplication`), and one a chain starts with, added to a library protocol the
/// enclosing type conforms to (`extension View { var appDelegate … }`, read bare in a view):
/// following every chain's first word read about 250 more files on /opt/swift-packages (0.83 →
/// 1.31 s) to free two units of one app.
/// `corpus.py filtercheck` compares filtered runs with runs that read every file.
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
    /// where it belongs); candidates for which no name counts are dropped. Files that see the
    /// same modules and belong to the same ones count the same names: those are worked out once.
    private static func scoped(_ wanted: Wanted, candidates: [Int], scope: RelevanceScope) -> [(candidates: [Int], wanted: Wanted)] {
        func byHomes(_ names: [String: NameHomes]) -> [(homes: NameHomes, names: [String])] {
            Dictionary(grouping: names.keys, by: { names[$0]! }).map { ($0.key, $0.value) }
        }
        let mentioned = byHomes(wanted.mentioned)
        let declared = byHomes(wanted.declared)
        struct Placement: Hashable {
            var visible: Set<Int>?
            var own: [Int]
        }
        var counted: [Placement: [String]] = [:]
        var groups: [[String]: (candidates: [Int], wanted: Wanted)] = [:]
        for candidate in candidates {
            let placement = Placement(visible: scope.visibleModules(candidate), own: scope.modules(ofFile: candidate))
            if let key = counted[placement] {
                groups[key]?.candidates.append(candidate)
                continue
            }
            var found = Wanted()
            for (homes, names) in mentioned where homes.isSeen(from: placement.visible) {
                for name in names { found.mentioned[name] = homes }
            }
            for (homes, names) in declared where homes.isSeen(from: placement.own.isEmpty ? nil : Set(placement.own)) {
                for name in names { found.declared[name] = homes }
            }
            let key = found.isEmpty ? [] : found.mentioned.keys.sorted() + [""] + found.declared.keys.sorted()
            counted[placement] = key
            guard !found.isEmpty else { continue }
            groups[key, default: ([], found)].candidates.append(candidate)
        }
        return groups.values.sorted { $0.candidates[0] < $1.candidates[0] }
    }

    /// Indices of the files to structure, in path order, with their structures: those marked in
    /// `firstSelected` (mentioning observation, or package manifests), then, to a fixpoint, those
    /// mentioning a model name found so far, generic code constrained to one, or a type a
    /// received model property is declared with, or declaring a type a typed chain goes through
    /// (`declaringFiles`: the files not marked, by the type names their bytes declare), or
    /// extending a library's type such a chain names with a member of a name one goes through
    /// (`extendingFiles`, by the type names their bytes extend: `extension UIApplication { var
    /// appDelegate: AppDelegate }` for `UIApplication.shared.appDelegate.player`; without it the
    /// chain would be taken for a library's value, which holds no model), or declaring a top-level
    /// function such a chain calls with no receiver (`functionFiles`, by the names their bytes
    /// declare at the top level: `configure(AppState()) { … }` is typed from `configure`'s
    /// generic signature).
    /// `structure` builds the structures of the files at some indices; `mentioningAny` returns
    /// which of some files mention any of some names (and makes their bytes available to
    /// `structure`).
    ///
    /// With `scope` (the build graph's modules and each file's imports), every name is followed
    /// only where it can mean what is followed: in a folder of several apps, one app's `AppModel`
    /// or `Settings` does not pull in every file of the others.
    static func select(firstSelected: [Bool], paths: [String],
                       scope: RelevanceScope? = nil,
                       declaringFiles: [String: [Int]] = [:],
                       extendingFiles: [String: [Int]] = [:],
                       functionFiles: [String: [Int]] = [:],
                       structure: ([Int]) -> [FileStructure],
                       mentioningAny: (_ candidates: [Int], _ names: [BytePatterns]) -> [Int]) -> (indices: [Int], structures: [FileStructure]) {
        var selected = firstSelected.indices.filter { firstSelected[$0] }
        PhaseTimer.note("relevance: \(selected.count) of \(firstSelected.count) files mention observation")
        var structures = structure(selected)
        var facts = RelevanceFacts()
        facts.add(structures, scopes: selected.map { FileScope(file: $0, in: scope) })
        var remaining = firstSelected.indices.filter { !firstSelected[$0] }
        var searched = Wanted()
        var followedTypes = Set<String>()
        var followedLibraryTypes = Set<String>()
        var followedMembers = Set<String>()
        var followedFunctions = Set<String>()
        while !remaining.isEmpty {
            let new = facts.wanted(structures: structures).subtracting(searched)
            // The tree's types a typed chain of the files read goes through, declared in files
            // not read yet (`declaringFiles`, from their bytes) and in none read: read those too,
            // so that the chain is followed rather than left unknown. A name a file read declares
            // (each view's nested `Localization` enum) is that file's own.
            let chainTypes = facts.chainTypeNames.subtracting(followedTypes).filter {
                declaringFiles[$0] != nil && !facts.declaredTypeNames.contains($0)
            }
            followedTypes.formUnion(chainTypes)
            // The library's types a typed chain names (declared nowhere in the tree) and the
            // members chains go through: the files extending those types with a member of one of
            // those names are read (`extension UIApplication { var appDelegate: AppDelegate }`
            // for `UIApplication.shared.appDelegate.player`).
            let libraryTypes = facts.chainTypeNames.filter {
                extendingFiles[$0] != nil && declaringFiles[$0] == nil && !facts.declaredTypeNames.contains($0)
            }
            let chainMembers = facts.chainMemberNames
            let followsExtensions = !libraryTypes.isSubset(of: followedLibraryTypes) || !chainMembers.isSubset(of: followedMembers)
            followedLibraryTypes.formUnion(libraryTypes)
            followedMembers.formUnion(chainMembers)
            // The functions a typed chain calls with no receiver that no file read declares: the
            // files declaring one are read (`func configure<Subject>(_: Subject, …) -> Subject`
            // types `configure(AppState()) { … }`; unread, the call's type is unknown).
            let chainFunctions = facts.chainFunctionNames.subtracting(followedFunctions).filter { functionFiles[$0] != nil }
            followedFunctions.formUnion(chainFunctions)
            guard !new.isEmpty || !chainTypes.isEmpty || followsExtensions || !chainFunctions.isEmpty else { break }
            searched.formUnion(new)
            var added = new.isEmpty ? [] : mentioningAny(remaining, new.patterns)
            if let scope, !added.isEmpty {
                // Of the files matching a name, keep those where it counts (searched again with
                // only those names): a cost in the files that matched only.
                var kept: [Int] = []
                for (candidates, names) in scoped(new, candidates: added, scope: scope) {
                    kept += mentioningAny(candidates, names.patterns)
                }
                added = kept
            }
            let byName = added.count
            if !chainTypes.isEmpty {
                let declaring = Set(chainTypes.flatMap { declaringFiles[$0]! }).subtracting(added)
                added += mentioningAny(remaining.filter { declaring.contains($0) }, [BytePatterns(chainTypes.sorted(), context: .declaredName)])
            }
            let byType = added.count
            if followsExtensions, !libraryTypes.isEmpty, !chainMembers.isEmpty {
                let extending = Set(libraryTypes.flatMap { extendingFiles[$0]! }).subtracting(added)
                added += mentioningAny(remaining.filter { extending.contains($0) }, [BytePatterns(chainMembers.sorted(), context: .declaredMember)])
            }
            let byExtension = added.count
            if !chainFunctions.isEmpty {
                let declaring = Set(chainFunctions.flatMap { functionFiles[$0]! }).subtracting(added)
                // Searched again, as the other reads are: that also loads their bytes.
                added += mentioningAny(remaining.filter { declaring.contains($0) }, [BytePatterns(chainFunctions.sorted(), context: .declaredMember)])
            }
            added.sort()
            PhaseTimer.note("relevance: names \(new.mentioned.keys.sorted().prefix(8)) mentioned, \(new.declared.keys.sorted().prefix(8)) declared, "
                            + "\(chainTypes.count) chain types, \(libraryTypes.count) library chain types, \(chainFunctions.sorted().prefix(8)) chain functions: "
                            + "\(added.count) more files (\(byName) by name, \(byType - byName) by chain type, "
                            + "\(byExtension - byType) by a library type's added member, \(added.count - byExtension) by a called function)")
            guard !added.isEmpty else { break }
            selected += added
            let addedStructures = structure(added)
            structures += addedStructures
            facts.add(addedStructures, scopes: added.map { FileScope(file: $0, in: scope) })
            let addedSet = Set(added)
            remaining.removeAll { addedSet.contains($0) }
        }
        // Keep the tree's path order, which every output relies on.
        let order = selected.indices.sorted { paths[selected[$0]] < paths[selected[$1]] }
        return (order.map { selected[$0] }, order.map { structures[$0] })
    }
}
