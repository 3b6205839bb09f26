import SourceScan

/// What the relevance filter has read of the files structured so far, kept across its search
/// rounds: each round works out the names to follow from these facts, read once per file,
/// instead of walking every declaration of every structured file again.
///
/// Names are followed by name, which over-approximates the index's resolved model graph (a
/// homonym or a generic parameter named like a model counts too): that only makes the filter
/// keep more files. Building the whole `TypeIndex` and `ModelGraph` for each round cost a tenth
/// of a report's time.
struct RelevanceFacts {
    /// Types, extensions and aliases with an inheritance clause: simple name, the words of the clause.
    private var inheritors: [(name: String, inherited: [String], file: Int)] = []
    /// The names of the classes, protocols and aliases declared: the declarations a model, or a
    /// name standing for one, can have (a struct, enum or actor conforming to `ObservableObject`
    /// is reported where it is declared, but nothing refers to it as a model).
    private var declaredModelLike = Set<String>()
    /// Types, functions and aliases with generic parameters: simple name, the words of the
    /// parameters' constraints and of the `where` clause.
    private var generics: [(name: String, constraints: [String], file: Int)] = []
    /// Variables declared in a type, by name: the type's simple name and where the variable is.
    private var properties: [String: [(owner: String, file: Int, declaration: Int)]] = [:]
    /// The `x` of every `$x` inside the parentheses of an `onReceive(…)` call.
    private var received = Set<String>()
    /// The types declared or extended in files that call `objectWillChange.send()`: whether such a
    /// send goes depends on whether a change beside it reaches a stored property
    /// (`items[i].done = true` changes `items` when its elements are structs).
    private var sendingOwners = Set<String>()
    /// Types declaring a property with a legacy wrapper (`@ObservedObject`, `@StateObject`,
    /// `@EnvironmentObject`), by simple name, with the file: their extensions elsewhere may use
    /// the wrapper's `$m` and `_m`, which change with it, in files mentioning nothing else.
    private var wrapperHolders: [(owner: String, file: Int)] = []
    /// The words of the expressions the rules type (`.environmentObject(…)`'s argument, what
    /// comes before `.$x` or `.objectWillChange`, a legacy wrapper's initial value), and of the
    /// annotations and initializers of the variables they name, in their own file or in a file
    /// read for one of the types they name (`passcodeLock` in `passcodeLock.$state`, declared
    /// `= Core.shared.passcodeLock`, names `Core`; `Core`'s file, once read, declares
    /// `passcodeLock: PasscodeLockManager`).
    private var chainWords = Set<String>()
    /// The words of `chainWords` that follow a `.` (`shared`, `passcodeLock`): members, looked up
    /// in the files read later; a chain's first word is looked up in its own file only.
    private var memberWords = Set<String>()
    /// The words of `chainWords` called as functions with no receiver (`configure` in
    /// `configure(AppState()) { … }`): a generic function of the tree may give the call its
    /// type, from its arguments, where a file never mentioning observation declares it.
    private var calledWords = Set<String>()
    /// The simple names of the types, nested or not, and aliases the files read declare.
    private(set) var declaredTypeNames = Set<String>()
    /// The names of the functions the files read declare, at any level.
    private var declaredFunctionNames = Set<String>()
    /// Where each structured file lives and what it sees.
    private var scopes: [FileScope] = []

    private static let onReceive = BytePatterns(["onReceive"])
    private static let objectWillChange = BytePatterns(["objectWillChange"])

    /// Generic containers whose equality the rules decide from their arguments.
    private static let knownContainers: Set<String> = ["Array", "Set", "Dictionary", "Optional", "Any", "AnyObject", "Self"]

    /// Reads the facts of `structures`, the next files structured (their positions continue
    /// the ones added before), placed by `scopes`.
    mutating func add(_ structures: [FileStructure], scopes: [FileScope]) {
        for (structure, scope) in zip(structures, scopes) {
            let file = self.scopes.count
            self.scopes.append(scope)
            let declarations = structure.declarations
            for index in declarations.indices {
                let declaration = declarations[index]
                let kind = declaration.kind
                if kind == .class || kind == .protocol || kind == .typealias { declaredModelLike.insert(declaration.name) }
                if (kind.isTypeLike && kind != .extension) || kind == .typealias { declaredTypeNames.insert(declaration.name) }
                if kind == .function { declaredFunctionNames.insert(declaration.name) }
                if (kind.isTypeLike || kind == .typealias), !declaration.inheritance.isEmpty {
                    inheritors.append((Self.simpleName(declaration.name), declaration.inheritance.flatMap { Self.identifiers(in: $0.typeName) }, file))
                }
                if kind.isTypeLike || kind == .function || kind == .typealias, kind != .extension {
                    var constraints = declaration.genericParameters.flatMap { $0.constraint.map(Self.identifiers) ?? [] }
                    if let clause = declaration.whereClause {
                        constraints += clause.filter { structure.tokens[$0].kind == .identifier }.map { structure.source.text($0) }
                    }
                    if !constraints.isEmpty { generics.append((Self.simpleName(declaration.name), constraints, file)) }
                }
                if kind == .variable, let parent = declaration.parent, declarations[parent].kind.isTypeLike {
                    let owner = Self.simpleName(declarations[parent].name)
                    properties[declaration.name, default: []].append((owner, file, index))
                    if declaration.attributes.contains(where: { WrapperKind(rawValue: $0.name) != nil }) {
                        wrapperHolders.append((owner, file))
                    }
                }
            }
            received.formUnion(Self.propertiesReceived(in: structure))
            if Self.objectWillChange.occurs(in: structure.source.bytes) {
                for declaration in declarations where declaration.kind.isTypeLike {
                    sendingOwners.insert(Self.simpleName(declaration.name))
                }
            }
            // The file's own sites, and the words earlier files' chains go through: each leads on
            // through the variables of this file it names, to a fixpoint.
            var variableWords: [String: [ChainWord]] = [:]
            for declaration in declarations where declaration.kind == .variable {
                for binding in declaration.bindings {
                    guard let name = binding.name else { continue }
                    for range in [binding.typeAnnotation, binding.initializer].compactMap({ $0 }) {
                        variableWords[name, default: []] += Self.chainIdentifiers(range, in: structure)
                    }
                }
            }
            var frontier: [String] = []
            for word in Self.siteWords(in: structure) {
                if word.isMember { memberWords.insert(word.text) }
                if word.isCall, !word.isMember { calledWords.insert(word.text) }
                if chainWords.insert(word.text).inserted || !word.isMember { frontier.append(word.text) }
            }
            frontier += memberWords
            // Each word leads through this file's variables once: a name every view repeats
            // (`m` in `m.$x`) would otherwise walk all its declarations once per mention.
            var followed = Set<String>()
            while let text = frontier.popLast() {
                guard followed.insert(text).inserted else { continue }
                for next in variableWords[text] ?? [] {
                    if next.isMember { memberWords.insert(next.text) }
                    if next.isCall, !next.isMember { calledWords.insert(next.text) }
                    if chainWords.insert(next.text).inserted { frontier.append(next.text) }
                }
            }
        }
    }

    /// The words of the chains the rules type that follow a `.`: the members they go through,
    /// which a library's type may gain in the tree's extensions.
    var chainMemberNames: Set<String> { memberWords }

    /// The functions the chains the rules type call with no receiver and no file read declares:
    /// a tree's generic function (`configure(AppState()) { … }`) types the call from its
    /// arguments only once its file is read.
    var chainFunctionNames: Set<String> {
        calledWords.filter { word in
            guard let first = word.utf8.first, !(first >= 0x41 && first <= 0x5A) else { return false }
            return !declaredFunctionNames.contains(word)
        }
    }

    /// The capitalized words of the chains the rules type (`chainWords`): the types, the tree's
    /// or a library's, they may go through.
    var chainTypeNames: Set<String> {
        chainWords.filter { word in word.utf8.first.map { $0 >= 0x41 && $0 <= 0x5A } ?? false }
    }

    /// The identifiers of the expressions in `structure` that the rules type: the argument of
    /// `environmentObject(…)`, the chain before `.$x` and `.objectWillChange`, and the initial
    /// value and type of a property with a legacy wrapper; each says whether it follows a `.`.
    private static func siteWords(in structure: FileStructure) -> [ChainWord] {
        let tokens = structure.tokens
        var words: [ChainWord] = []
        for index in tokens.indices.dropLast() {
            let token = tokens[index]
            if token.kind == .identifier, tokens[index + 1].kind == .leftParen, structure.source.tokenText(index, equals: "environmentObject") {
                words += chainIdentifiers((index + 2)..<structure.closing(index + 1), in: structure, withArguments: true)
            } else if token.kind == .period, index > 0,
                      tokens[index + 1].kind == .dollarIdentifier || structure.source.tokenText(index + 1, equals: "objectWillChange") {
                // The receiver chain, back over names, dots and `?`/`!` (a call's parentheses end it).
                var start = index
                while start > 0 {
                    let previous = tokens[start - 1]
                    guard previous.kind == .identifier || previous.kind == .period || previous.kind == .postfixQuestionMark
                            || previous.kind == .exclamationMark || previous.word == .self else { break }
                    start -= 1
                }
                words += chainIdentifiers(start..<index, in: structure, withArguments: true)
            }
        }
        for declaration in structure.declarations where declaration.kind == .variable
            && declaration.attributes.contains(where: { WrapperKind(rawValue: $0.name) != nil }) {
            for binding in declaration.bindings {
                for range in [binding.typeAnnotation, binding.initializer].compactMap({ $0 }) {
                    words += chainIdentifiers(range, in: structure, withArguments: true)
                }
            }
        }
        return words
    }

    /// One identifier of a chain the rules type.
    struct ChainWord {
        /// The identifier.
        var text: String
        /// Whether a `.` comes before it (a member, not the chain's start).
        var isMember: Bool
        /// Whether a `(` follows it (a call).
        var isCall: Bool
    }

    /// The identifiers of `range`; outside parentheses, brackets and braces only unless
    /// `withArguments` (a call's arguments do not make its result's type, except a generic
    /// function's, which the typer reads for the expressions the rules type:
    /// `Watcher.watch(Paths.documents())`, `configure(AppState()) { … }`).
    private static func chainIdentifiers(_ range: Range<Int>, in structure: FileStructure,
                                         withArguments: Bool = false) -> [ChainWord] {
        let tokens = structure.tokens
        var words: [ChainWord] = []
        var index = range.lowerBound
        while index < range.upperBound {
            switch tokens[index].kind {
            case .leftParen, .leftSquare:
                if withArguments { break }
                index = structure.closing(index) + 1
                continue
            case .leftBrace:
                index = structure.closing(index) + 1
                continue
            case .identifier:
                words.append(ChainWord(text: structure.source.text(index), isMember: index > range.lowerBound && tokens[index - 1].kind == .period,
                                       isCall: index + 1 < range.upperBound && tokens[index + 1].kind == .leftParen))
            default:
                break
            }
            index += 1
        }
        return words
    }

    /// What the files read so far ask to be followed: the models they declare and the generic
    /// code constrained to them wherever they are mentioned (where visible); a name known only
    /// from an extension (`extension JSONEncoder: ObservableObject`) and a model property's type
    /// only to where they are declared or extended, since most such names are framework types
    /// mentioned all over a tree. `structures` are the files read, in the order they were added.
    func wanted(structures: [FileStructure]) -> RelevanceFilter.Wanted {
        let models = modelNames()
        var wanted = RelevanceFilter.Wanted()
        wanted.mentioned = models.declaredIn.filter { declaredModelLike.contains($0.key) }
        wanted.mentioned.merge(constrainedGenericNames(models: models.declaredIn)) { $0.union($1) }
        wanted.declared = models.seenFrom.filter { !declaredModelLike.contains($0.key) }
        wanted.declared.merge(modelPropertyTypeNames(models: models.declaredIn, structures: structures)) { $0.union($1) }
        // A view's extension in a file of its own (`extension SettingsView { … $preferences.on … }`).
        for holder in wrapperHolders { wanted.declared[holder.owner, default: NameHomes()].formUnion(scopes[holder.file].home) }
        return wanted
    }

    /// Every name that may be a model or an observable protocol (a type, extension or alias
    /// whose inheritance clause names `ObservableObject` or another such name, to a fixpoint),
    /// with the modules declaring it so (`declaredIn`) and the modules the files declaring it so
    /// can see (`seenFrom`: where the type an extension makes a model can be declared). An
    /// inheritance clause counts only where a model of the name it inherits is visible, so that
    /// in a folder of many apps and packages one app's `class Element: ObservableObject` does not
    /// make every `Element` of the others a model, and their `Element`-constrained generic code
    /// with it. In a tree of one module every file sees everything: the plain by-name fixpoint.
    func modelNames() -> (declaredIn: [String: NameHomes], seenFrom: [String: NameHomes]) {
        var declaredIn: [String: NameHomes] = ["ObservableObject": .everywhere]
        var seenFrom: [String: NameHomes] = [:]
        var counted = [Bool](repeating: false, count: inheritors.count)
        var grew = true
        while grew {
            grew = false
            for (position, inheritor) in inheritors.enumerated() where !counted[position] {
                let scope = scopes[inheritor.file]
                guard inheritor.inherited.contains(where: { declaredIn[$0]?.isSeen(from: scope.visible) ?? false }) else { continue }
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

    /// The names of types and functions with a generic parameter constrained to
    /// `ObservableObject` or to a model (in `<…>` or a `where` clause), with the modules declaring
    /// them; a model name counts only where a model of that name is visible (`models`, where each
    /// is declared). Which models reach such a parameter is read from every place that constructs
    /// or calls the declaration, so every file naming it must be structured: a use left unseen
    /// would let a model escape the coupling and the rewritten constraint fail to compile.
    func constrainedGenericNames(models: [String: NameHomes]) -> [String: NameHomes] {
        var names: [String: NameHomes] = [:]
        for generic in generics {
            let scope = scopes[generic.file]
            let constrained = generic.constraints.contains { name in
                name == "ObservableObject" || (models[name]?.isSeen(from: scope.visible) ?? false)
            }
            if constrained { names[generic.name, default: NameHomes()].formUnion(scope.home) }
        }
        return names
    }

    /// Type names the rules need declared when they appear in a model's stored properties (in
    /// the annotation, or the initializer when there is none): the `Equatable` evidence for
    /// `.onReceive(m.$x)` → `.onChange(of:)` reads the declaration of `x`'s type and its
    /// extensions, which may sit in files that never mention observation.
    /// Only properties some `.onReceive(… $x …)` names are looked at, and those of models whose
    /// files send `objectWillChange` (a change of `x[i].member` beside a send is a change of `x`
    /// when `x`'s elements are structs, and the send then goes); standard types, whose equality
    /// the rules know already, are left out: searching for `String` would select every file.
    /// Each name comes with the modules the model's file sees, where its declaration can be.
    func modelPropertyTypeNames(models: [String: NameHomes], structures: [FileStructure]) -> [String: NameHomes] {
        var names: [String: NameHomes] = [:]
        let sendingModels = sendingOwners.filter { models[$0] != nil }
        for (property, places) in properties where !sendingModels.isEmpty || received.contains(property) {
            let isReceived = received.contains(property)
            for (owner, file, index) in places where models[owner] != nil && (isReceived || sendingModels.contains(owner)) {
                let structure = structures[file]
                for binding in structure.declarations[index].bindings {
                    // The annotation, else the initializer that infers the type (`= Phase.idle`).
                    guard let written = binding.typeAnnotation ?? binding.initializer else { continue }
                    for token in written where structure.tokens[token].kind == .identifier {
                        let text = structure.source.text(token)
                        if let first = text.utf8.first, first >= 0x41, first <= 0x5A, !EquatableEvidence.standard.contains(text),
                           !Self.knownContainers.contains(text) {
                            names[text, default: NameHomes()].formUnion(scopes[file].seen)
                        }
                    }
                }
            }
        }
        return names
    }

    /// The `x` of every `$x` inside the parentheses of an `onReceive(…)` call.
    private static func propertiesReceived(in structure: FileStructure) -> Set<String> {
        var names = Set<String>()
        guard onReceive.occurs(in: structure.source.bytes) else { return names }
        let tokens = structure.tokens
        for index in tokens.indices.dropLast() where tokens[index].kind == .identifier
            && tokens[index + 1].kind == .leftParen && structure.source.tokenText(index, equals: "onReceive") {
            for argument in (index + 2)..<structure.closing(index + 1) where tokens[argument].kind == .dollarIdentifier {
                names.insert(String(structure.source.text(argument).dropFirst()))
            }
        }
        return names
    }

    /// The words of a type as written: `["Base", "Int"]` for `Base<Int>`. Works on UTF-8 bytes
    /// (a non-ASCII byte counts as a word byte), as `Character` properties are slow at this scale.
    private static func identifiers(in written: String) -> [String] {
        written.utf8.split { !BytePatterns.isIdentifierByte($0) }.map { String(Substring($0)) }
    }

    /// `Inner` for `Outer.Inner`.
    private static func simpleName(_ written: String) -> String {
        guard written.utf8.contains(UInt8(ascii: ".")) else { return written }
        return written.split(separator: ".").last.map(String.init) ?? written
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

/// One structured file as the filter sees it: where its declarations live and what its code
/// sees (worked out on first use, by the scope, which keeps it).
struct FileScope {
    /// The file's modules (everywhere for a file the build graph does not place).
    let home: NameHomes
    private let file: Int
    private let scope: RelevanceScope?

    /// The modules its code sees; nil for every module.
    var visible: Set<Int>? { scope?.visibleModules(file) }

    /// `visible` as homes: where a declaration this file needs can be.
    var seen: NameHomes { visible.map { NameHomes(modules: $0) } ?? .everywhere }

    /// File `file` (an index into the scope's paths) as `scope` places it; everywhere without one.
    init(file: Int, in scope: RelevanceScope?) {
        let modules = scope?.modules(ofFile: file) ?? []
        home = modules.isEmpty ? .everywhere : NameHomes(modules: Set(modules))
        self.file = file
        self.scope = scope
    }
}
