import SourceScan

/// The key a keyed store is read by (`forKey: "fontSize"`, `Keys.fontSize`, `.fontSize`), as far
/// as the tree tells: the string it resolves to, or an enum case's name with the members written
/// after it (`Setting.fontSize.key`).
struct StorageKey: Hashable {
    enum Form: Hashable {
        case literal(String)
        /// An enum case, with the members written after it and the raw values the tree gives
        /// cases of that name (`case fontSize = "font_size"`).
        case enumCase(String, suffix: [String], rawValues: [String])
        /// A helper's parameter, read through its calls: each call names its own key.
        case parameter
    }

    var form: Form

    /// Whether the two keys may name one stored value. Loose where the tree does not tell: a case
    /// whose raw value is unknown may be any string that holds its name.
    func mayEqual(_ other: StorageKey) -> Bool {
        switch (form, other.form) {
        case (.parameter, _), (_, .parameter):
            return false
        case (.literal(let a), .literal(let b)):
            return a == b
        case (.enumCase(let a, let first, let firstRaw), .enumCase(let b, let second, let secondRaw)):
            return (a == b || !Set(firstRaw).isDisjoint(with: secondRaw)) && (first.starts(with: second) || second.starts(with: first))
        case (.enumCase(let name, _, let raw), .literal(let text)), (.literal(let text), .enumCase(let name, _, let raw)):
            return raw.contains(text) || text.lowercased().contains(name.lowercased())
        }
    }
}

/// One read of state `@Observable` does not track: a path from a root (an untracked stored
/// property, a type's shared instance, a global) through property names, and the key a keyed
/// store is read by. Keyed stores (`UserDefaults` and `@AppStorage`, `NSUbiquitousKeyValueStore`,
/// a property wrapper given a key) share one root, `keyedStore`, since one suite may hide
/// behind several names. No key: any of the state at the path.
struct UntrackedRead: Hashable {
    static let keyedStore = "<keyed store>"

    var path: [String]
    var key: StorageKey?
    /// How many names after the root are stored properties of classes of the tree, each of the
    /// one before: two paths that part there name two values (`settings.theme` and
    /// `settings.provider`); elsewhere one may be computed over the other (`engine.isSilent`
    /// over `engine.volume`), or of a type the tree does not show.
    var storedDepth = 0

    /// Whether the two reads may see one value: a keyed store's by key; an object's unless the
    /// paths part at two stored properties of a class of the tree.
    func mayOverlap(_ other: UntrackedRead) -> Bool {
        guard path.first == other.path.first else { return false }
        if path.first == Self.keyedStore {
            guard let key, let otherKey = other.key else { return true }
            return key.mayEqual(otherKey)
        }
        // Two calls on one object by two keys (`Keychain.get(account: "token")`, `account: "refresh"`).
        if path == other.path, let key, let otherKey = other.key { return key.mayEqual(otherKey) }
        let common = min(path.count, other.path.count)
        guard let parting = (0..<common).first(where: { path[$0] != other.path[$0] }) else { return true }
        return !(parting <= storedDepth && parting <= other.storedDepth)
    }

    /// What is read, for a message: `engine.volume`, `the value stored under "fontSize"`.
    var description: String {
        let keyText: String? = key.map {
            switch $0.form {
            case .literal(let text): return "\"\(text)\""
            case .enumCase(let name, let suffix, _): return "." + ([name] + suffix).joined(separator: ".")
            case .parameter: return "its parameter"
            }
        }
        if path == [Self.keyedStore] { return keyText.map { "the value stored under \($0)" } ?? "the stored values" }
        return "'" + path.joined(separator: ".") + "'" + (keyText.map { " by the key \($0)" } ?? "")
    }
}

/// What the members of a model read outside tracking (`UntrackedRead`), through its own
/// computed properties, methods and subscripts, with the arguments a helper is given standing for
/// its parameters (`value(for: .fontSize)` over `defaults.double(forKey: key.rawValue)`).
///
/// A computed property that announces its own changes by hand becomes `access(keyPath:)` and
/// `withMutation(keyPath:)` (`AccessorNotification`): only its own key path is tracked. Another
/// member a view can read that reads the same untracked state (`isMuted` over `engine.volume`
/// beside `volume`) would stop refreshing when the property changes; `otherReader` finds it.
struct UntrackedReads {
    let context: RuleContext
    /// The model class and the types extending it: whose members are its own.
    let owner: DeclarationID
    /// The model's stored properties as the macro will treat them.
    let properties: [String: ModelStateChanges.Property]
    /// The property whose reads are tracked by its accessors: reading it is no untracked read.
    let excluded: DeclarationID?
    /// The model's members by name (its body and extensions).
    private let membersByName: [String: [DeclarationID]]
    /// What was worked out once (names bound, raw values, types, reads): one box per model
    /// class when the caller has one (`ModelStateChanges.effectMemo`), so the properties of a
    /// model do not each work it out again.
    private let memo: Memo
    /// Whether changes count (`defaults.set(v, forKey: k)`, `engine.volume = v`): yes for what a
    /// send may announce, no for what a member a view reads shows.
    private var countsChanges = true
    /// Whether a static method of a type of the tree is followed into its body (what a send
    /// beside `Onboarding.markDone()` may announce), besides counting as a read of the type.
    private var followsStaticMethods = false

    /// What `UntrackedReads` works out once for a model class, whatever property it is asked about.
    final class Memo {
        /// The names each scope binds (`ModelStateChanges.boundNames`), by file and scope.
        var byScope: [ModelStateChanges.ScopeKey: Set<String>] = [:]
        /// `caseRawValues(named:)`, by case name.
        var rawValues: [String: [String]] = [:]
        /// What a member reads given no arguments, by member and mode: computed once, so a web of
        /// computed properties reading each other costs its size, not its paths.
        var readsOfMember: [ReadsKey: [UntrackedRead]] = [:]
        /// `readers()` before the excluded property is taken out, once.
        var readers: [DeclarationID]?
        /// `isReadThroughOutside(_:calling:)`, by name.
        var usedOutside: [String: Bool] = [:]
        /// `rootType(ofProperty:typeName:)`, by property or type name: the typer's answer costs a
        /// walk of the type's members, asked at every read through the property.
        var rootTypes: [String: DeclarationID?] = [:]
        /// `extensionPropertyKey(_:)`, by property name.
        var extensionKeys: [String: StorageKey?] = [:]
        /// `localAliases(in:_:scope:parameters:)`, by where it looked.
        var aliases: [AliasKey: (paths: [String: Alias], starts: Set<Int>, ends: [Int: Int])] = [:]
        /// `reachedNames(from:)`, by member.
        var reachedNames: [DeclarationID: Set<String>] = [:]
        /// Where each name is used after a `.` in the tree: built once, or handed in by a caller
        /// asking about many models.
        var memberUses: MemberUses?
    }

    /// Each name used as a member (`x.name.`, `x.name?`, `x.name(`) anywhere in the tree, with
    /// where: one pass over the tokens, for `isReadThroughOutside(_:calling:)` of every member of
    /// every model.
    final class MemberUses {
        /// A use: the file, the token, and whether the member is called.
        struct Use {
            var file: Int
            var token: Int
            var isCall: Bool
        }
        let uses: [String: [Use]]

        init(_ files: [FileStructure]) {
            var uses: [String: [Use]] = [:]
            for (fileIndex, file) in files.enumerated() {
                let tokens = file.tokens
                var index = 1
                while index + 1 < tokens.count {
                    if tokens[index].kind == .identifier, tokens[index - 1].kind == .period {
                        let after = tokens[index + 1].kind
                        if after == .leftParen || after == .period || after == .postfixQuestionMark {
                            uses[file.source.text(index), default: []].append(Use(file: fileIndex, token: index, isCall: after == .leftParen))
                        }
                    }
                    index += 1
                }
            }
            self.uses = uses
        }
    }

    /// A member read in one mode (`countsChanges`, `followsStaticMethods`).
    struct ReadsKey: Hashable {
        var member: DeclarationID
        var countsChanges: Bool
        var followsStaticMethods: Bool
        var excluded: DeclarationID?
    }

    /// How deep helpers are followed (`a()` calling `b()` calling `c()`); past it, a call reads anything.
    static let depthLimit = 4

    /// The reads of the model declaring `variableID` (in its body or an extension), that property's
    /// own reads being tracked.
    init?(excluding variableID: DeclarationID, _ context: RuleContext, model: ModelStateChanges? = nil) {
        guard let enclosing = context.types.enclosingTypeLike(variableID), let owner = context.types.extendedType(enclosing),
              let unitID = context.units.unitOf[owner] else { return nil }
        if let model, model.classID == owner {
            self.init(owner: owner, properties: model.properties, excluding: variableID, context, memo: model.effectMemo.untrackedReads)
        } else {
            self.init(owner: owner, properties: ModelStateChanges(classID: owner, unit: context.units.units[unitID], context).properties,
                      excluding: variableID, context)
        }
    }

    /// The reads of the model class `owner`, whose stored properties are `properties`.
    init(owner: DeclarationID, properties: [String: ModelStateChanges.Property], excluding excluded: DeclarationID?,
         _ context: RuleContext, memo: Memo = Memo()) {
        self.memo = memo
        self.context = context
        self.owner = owner
        self.excluded = excluded
        self.properties = properties
        var byName: [String: [DeclarationID]] = [:]
        /// Each member under its names (a variable's bindings, or the declaration's name).
        func names(_ member: DeclarationID) -> [String] {
            let declaration = context.declaration(member)
            return declaration.kind == .variable ? declaration.bindings.compactMap(\.name) : [declaration.name]
        }
        for member in context.types.memberDeclarations(of: owner) {
            for name in names(member) { byName[name, default: []].append(member) }
        }
        // Members the protocols of the tree it adopts give it in their extensions (a
        // `DefaultsBacked` protocol's `double(_:)`), where it declares none of that name.
        var inherited: [String: [DeclarationID]] = [:]
        for declarationID in [owner] + (context.types.symbol(owner)?.extensions ?? []) {
            for entry in context.declaration(declarationID).inheritance {
                for symbol in context.types.types(named: entry.typeName) where symbol.kind == .protocol {
                    for member in context.types.memberDeclarations(of: symbol.id) {
                        for name in names(member) where byName[name] == nil { inherited[name, default: []].append(member) }
                    }
                }
            }
        }
        membersByName = byName.merging(inherited) { own, _ in own }
    }

    /// Whether `name` is bound in `scope` other than as the model's member.
    private func isShadowed(_ name: String, in scope: Range<Int>, parameters: Range<Int>?, _ file: FileStructure) -> Bool {
        let key = ModelStateChanges.ScopeKey(path: file.source.path, scope: scope, parameters: parameters)
        if let names = memo.byScope[key] { return names.contains(name) }
        let names = ModelStateChanges.boundNames(in: scope, parameters: parameters, file)
        memo.byScope[key] = names
        return names.contains(name)
    }

    /// What the members a view can read (`readers()`) read outside tracking (`readerReads(of:)`).
    func readerReads() -> [UntrackedRead] {
        readers().flatMap { readerReads(of: $0) }
    }

    /// What one reader shows: its reads, not its changes; a method's reads by a key its
    /// parameter gives are read through its calls (each call names its key), not here. A
    /// stored property holding an object (not a keyed store) shows all of it: code outside
    /// the model reads through it (`player.engine.volume`).
    private func readerReads(of member: DeclarationID) -> [UntrackedRead] {
        var reading = self
        reading.countsChanges = false
        let declaration = context.declaration(member)
        if declaration.kind == .variable, context.isStored(declaration), reading.wrapperReads(declaration, context.files[member.file]).isEmpty {
            guard let name = declaration.bindings.first?.name, let property = properties[name], storePath(ofProperty: member) == nil,
                  property.tracking != .plumbing, property.isClass || !isKnownValue(declaration, context.files[member.file]),
                  isReadThroughOutside(name) else { return [] }
            return [UntrackedRead(path: [name], key: nil)]
        }
        // Called from outside the model (`settings.isEnabled(.showBadges)` in a view), a helper may
        // read by any key it is given; called only by the model's members, by the keys they give.
        var parameters: [String: StorageKey?] = [:]
        if let clause = declaration.parameters {
            let outside = declaration.kind == .subscript || isReadThroughOutside(declaration.name, calling: true)
            for name in ArgumentList.parameterNames(clause, context.files[member.file]) {
                parameters[name] = outside ? .some(nil) : StorageKey(form: .parameter)
            }
        }
        return reading.reads(of: member, substitutions: parameters, depth: 0, visiting: [])
    }

    /// The members a view can read, other than the excluded property: the model's (its body,
    /// extensions and the protocol extensions it adopts) and those of its subclasses in its unit.
    private func readers() -> [DeclarationID] {
        if let known = memo.readers { return known.filter { $0 != excluded } }
        var candidates = context.types.memberDeclarations(of: owner)
        var seen = Set(candidates)
        // In a fixed order: the first reader found is the one a finding names.
        for name in membersByName.keys.sorted() {
            for member in membersByName[name] ?? [] where seen.insert(member).inserted { candidates.append(member) }
        }
        if let unit = context.units.unitOf[owner] {
            for classID in context.units.units[unit].classes where classID != owner
                && context.index.graph.ancestors(of: classID, context.types).contains(owner) {
                candidates += context.types.memberDeclarations(of: classID)
            }
        }
        let found = candidates.filter { member in
            let declaration = context.declaration(member)
            guard !declaration.modifiers.contains(where: { $0.word == .private && $0.detail == nil }),
                  !declaration.hasModifier(.static), !declaration.hasModifier(.class) else { return false }
            switch declaration.kind {
            case .variable, .subscript: return true
            case .function: return declaration.returnType != nil
            default: return false
            }
        }
        memo.readers = found
        return found.filter { $0 != excluded }
    }

    /// Whether code outside the model's own declarations reads through a member of this name
    /// (`player.engine.volume` in a view): `.name.` anywhere else in the tree.
    private func isReadThroughOutside(_ name: String, calling: Bool = false) -> Bool {
        let memoKey = (calling ? "(" : ".") + name
        if let known = memo.usedOutside[memoKey] { return known }
        let own = ([owner] + (context.types.symbol(owner)?.extensions ?? [])).map { ($0.file, context.declaration($0).tokens) }
        let index: MemberUses
        if let known = memo.memberUses {
            index = known
        } else {
            index = MemberUses(context.files)
            memo.memberUses = index
        }
        let used = (index.uses[name] ?? []).contains { use in
            use.isCall == calling && !own.contains { $0.0 == use.file && $0.1.contains(use.token) }
        }
        memo.usedOutside[memoKey] = used
        return used
    }

    /// Whether a stored property holds a value, not an object: a literal or collection value, an
    /// enum case, or a type of the standard library and Foundation that is one.
    func isKnownValue(_ declaration: Declaration, _ file: FileStructure) -> Bool {
        guard let binding = declaration.bindings.first else { return false }
        if let name = binding.name, properties[name]?.isValueType == true { return true }
        if let initializer = binding.initializer, let first = initializer.first {
            let token = file.tokens[first]
            if [.stringLiteral, .integerLiteral, .floatLiteral, .leftSquare, .period].contains(token.kind) || [.true, .false].contains(token.word) {
                return true
            }
            if Self.valueTypes.contains(file.source.text(first)) { return true }
        }
        if let annotation = binding.typeAnnotation, let first = annotation.first {
            return file.tokens[first].kind == .leftSquare || Self.valueTypes.contains(file.source.text(first))
        }
        return false
    }

    /// Types of the standard library and Foundation that are values.
    static let valueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat",
        "Bool", "String", "Substring", "Character", "Date", "URL", "UUID", "Data", "Decimal", "TimeInterval", "Array",
        "Dictionary", "Set", "Optional", "Result", "ClosedRange", "Range", "CGPoint", "CGSize", "CGRect", "Color",
        "DateComponents", "Locale", "TimeZone", "Calendar", "IndexSet", "Measurement",
    ]

    /// What `statement` reads or changes outside tracking, by the same paths as reads: the state
    /// a send beside it may announce. Locals bound in `scope` before it (`let defaults =
    /// UserDefaults.standard`) name what they hold.
    func touched(in statement: Range<Int>, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?) -> [UntrackedRead] {
        var touching = self
        touching.followsStaticMethods = true
        return touching.reads(in: statement, file, scope: scope, parameters: parameters, substitutions: [:], depth: 0, visiting: [],
                              aliasRange: scope)
    }

    /// The members a view can read (`readers()`) that `include` accepts, each with what it shows
    /// outside tracking.
    func shownReads(where include: (DeclarationID) -> Bool = { _ in true }) -> [(member: DeclarationID, reads: [UntrackedRead])] {
        readers().filter(include).map { ($0, readerReads(of: $0)) }
    }

    /// What the code in `range` changes outside tracking, by the same paths as reads: a keyed
    /// store's value by key (`defaults.set(v, forKey: k)`, `removeObject(forKey: k)`), and the
    /// target of an assignment (`engine.volume = v`, `Settings.shared.theme = t`, `isOn = v` of an
    /// `@AppStorage` property). A call through an object (`engine.stop()`) is no change here:
    /// what it changes is not seen.
    func changes(in range: Range<Int>, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?) -> [UntrackedRead] {
        let tokens = file.tokens
        var found: [UntrackedRead] = []
        for index in range {
            let token = tokens[index]
            if token.kind == .leftParen, index >= 2, tokens[index - 1].kind == .identifier, tokens[index - 2].kind == .period,
               Self.keyedStoreChanges.contains(file.source.text(index - 1)), !Self.dictionaryMethods.contains(file.source.text(index - 1)) {
                let list = ArgumentList(open: index, file)
                if let position = list.labels.firstIndex(where: { $0 == "forKey" }) {
                    found.append(UntrackedRead(path: [UntrackedRead.keyedStore],
                                               key: key(list.values[position], file, scope: scope, substitutions: [:])))
                }
            } else if token.kind == .equal || (token.kind == .binaryOperator && ModelStateChanges.isCompoundAssignment(file.source.text(index))),
                      let target = Self.assignmentTarget(before: index, from: range.lowerBound, file) {
                // A tracked property given a new value (`entity = e`, `self.tab = t`) is a tracked
                // change, whatever it holds; a change through it (`tab.title = s`) is not.
                let names = target.filter { tokens[$0].kind == .identifier }
                let throughSelfOnly = target.allSatisfy { tokens[$0].kind == .identifier || tokens[$0].word == .self
                    || tokens[$0].kind == .period || tokens[$0].kind == .postfixQuestionMark }
                if names.count == 1, throughSelfOnly, properties[file.source.text(names[0])]?.tracking == .tracked { continue }
                // A local given a new value (`text += suffix`) changes the local only.
                if target.count == 1, isShadowed(file.source.text(target.lowerBound), in: scope, parameters: parameters, file) { continue }
                found += reads(in: target, file, scope: scope, parameters: parameters, substitutions: [:], depth: 0, visiting: [],
                               aliasRange: scope)
            }
        }
        return found
    }

    /// The expression an assignment operator at `operatorIndex` assigns to (`engine.volume`,
    /// `self.cache[key]`, `Settings.shared?.theme`): the member chain before it, when it starts an
    /// expression; nil for a declaration's value (`let x = v`, `var y: Int = 0`, `if let z = w`).
    static func assignmentTarget(before operatorIndex: Int, from lowerBound: Int, _ file: FileStructure) -> Range<Int>? {
        let tokens = file.tokens
        var head = operatorIndex
        var index = operatorIndex - 1
        // Each token joins the chain only where it can stand before the one joined last: two
        // names in a row are two statements (`matchResult = m` on the line above `selected = …`).
        while index >= lowerBound {
            let next = head == operatorIndex ? nil : tokens[head].kind
            switch tokens[index].kind {
            case .identifier where next == nil || [.period, .leftSquare, .leftParen, .postfixQuestionMark, .exclamationMark].contains(next!),
                 .keyword where (tokens[index].word == .self || tokens[index].word == .Self) && (next == nil || next == .period):
                head = index
                index -= 1
            case .period where next == .identifier:
                head = index
                index -= 1
            case .postfixQuestionMark where next == nil || next == .period || next == .leftSquare,
                 .exclamationMark where next == nil || next == .period || next == .leftSquare:
                head = index
                index -= 1
            case .rightSquare where next == nil || [.period, .leftSquare, .postfixQuestionMark, .exclamationMark].contains(next!),
                 .rightParen where next == nil || [.period, .leftSquare, .postfixQuestionMark, .exclamationMark].contains(next!):
                let open = file.closing(index)
                guard open < index, open >= lowerBound else { return nil }
                head = open
                index = open - 1
            default:
                index = lowerBound - 1
            }
        }
        guard head < operatorIndex, tokens[head].kind == .identifier || tokens[head].word == .self || tokens[head].word == .Self else {
            return nil
        }
        if head > lowerBound {
            let before = tokens[head - 1]
            if [.colon, .comma, .arrow].contains(before.kind)
                || [.let, .var, .case, .guard, .if, .while, .for].contains(before.word) { return nil }
        }
        return head..<operatorIndex
    }

    /// The first member other than the property that a view can read (not `private`: a computed
    /// property, a method with a result, a subscript, a wrapped property given a key) and that
    /// reads untracked state the property reads, with what they share; nil when there is none.
    static func otherReader(of variableID: DeclarationID, _ context: RuleContext,
                            model: ModelStateChanges? = nil) -> (member: String, shared: UntrackedRead)? {
        guard let reads = UntrackedReads(excluding: variableID, context, model: model) else { return nil }
        // What the setter changes, where it tells (all of it: a second key it stamps too); else
        // what the getter reads. A getter's fallback (`?? Bundle.main…`) is read, never changed,
        // so no other member goes stale over it.
        let changes = reads.setterChanges(of: variableID)
        let own = changes.isEmpty ? reads.reads(of: variableID) : changes
        guard !own.isEmpty else { return nil }
        for member in reads.readers() {
            for read in reads.readerReads(of: member) {
                if let shared = own.first(where: { $0.mayOverlap(read) }) { return (context.declaration(member).name, shared) }
            }
        }
        return nil
    }

    /// What a computed property's setter changes outside tracking (empty for a wrapped property,
    /// whose store is what its key says).
    func setterChanges(of variableID: DeclarationID) -> [UntrackedRead] {
        let declaration = context.declaration(variableID)
        let file = context.files[variableID.file]
        guard declaration.kind == .variable, !context.isStored(declaration), let block = declaration.bindings.first?.accessorBlock,
              let setter = file.accessors(inBlock: block).first(where: { $0.word == .set }) else { return [] }
        return reads(in: (setter.open + 1)..<file.closing(setter.open), file, scope: block, parameters: nil, substitutions: [:], depth: 0,
                     visiting: [variableID])
    }

    /// Whether `target` may be read while reading `member`: its name is among the names the
    /// member's code spells, or those of the model's members they name, transitively (a
    /// superset of what the reads follow, by name alone).
    private func reachesMember(_ target: DeclarationID, from member: DeclarationID) -> Bool {
        let targetNames = Set(names(of: target))
        return !reachedNames(from: member).isDisjoint(with: targetNames)
    }

    /// The names `member`'s code spells, and those of the members of the model they name, in turn.
    private func reachedNames(from member: DeclarationID) -> Set<String> {
        if let known = memo.reachedNames[member] { return known }
        var names = Set<String>()
        var visited: Set<DeclarationID> = [member]
        var pending = [member]
        func reach(_ name: String) {
            guard names.insert(name).inserted else { return }
            for next in membersByName[name] ?? [] where visited.insert(next).inserted { pending.append(next) }
        }
        while let current = pending.popLast() {
            let file = context.files[current.file]
            for index in context.declaration(current).tokens {
                switch file.tokens[index].kind {
                case .identifier: reach(file.source.text(index))
                // Interpolations name members too (`"\(volume)"`).
                case .stringLiteral: StringInterpolation.chains(in: file.source.text(index)).joined().forEach(reach)
                // `self[key]` runs the model's subscripts, which no name spells.
                case .leftSquare where index > 0 && file.tokens[index - 1].word == .self:
                    for subscriptID in context.types.memberDeclarations(of: owner) where context.declaration(subscriptID).kind == .subscript
                        && visited.insert(subscriptID).inserted {
                        pending.append(subscriptID)
                    }
                default: break
                }
            }
        }
        memo.reachedNames[member] = names
        return names
    }

    /// A declaration's names: a variable's bindings, or its own name.
    private func names(of member: DeclarationID) -> [String] {
        let declaration = context.declaration(member)
        return declaration.kind == .variable ? declaration.bindings.compactMap(\.name) : [declaration.name]
    }

    /// What a member reads outside tracking: a computed property's getter, a wrapped stored
    /// property's keyed store, a method's or subscript's body.
    func reads(of member: DeclarationID) -> [UntrackedRead] {
        reads(of: member, substitutions: [:], depth: 0, visiting: [])
    }

    private func reads(of member: DeclarationID, substitutions: [String: StorageKey?], depth: Int,
                       visiting: Set<DeclarationID>) -> [UntrackedRead] {
        guard !visiting.contains(member) else { return [] }
        // Without arguments a member reads the same wherever it is reached: memoised, and not
        // cut at the depth limit (a chain of computed properties is followed to its end).
        if substitutions.isEmpty {
            // The excluded property changes a member's reads only where the member reaches it:
            // elsewhere the reads are shared by every property asked about (500 sending
            // properties of a settings store no longer read 500 readers each).
            // (Static methods of other types, which `touched` follows, are not among those names.)
            let excludedHere = excluded.flatMap { followsStaticMethods || reachesMember($0, from: member) ? $0 : nil }
            let key = ReadsKey(member: member, countsChanges: countsChanges, followsStaticMethods: followsStaticMethods, excluded: excludedHere)
            if let known = memo.readsOfMember[key] { return known }
            let found = uncachedReads(of: member, substitutions: [:], depth: 0, visiting: visiting)
            memo.readsOfMember[key] = found
            return found
        }
        guard depth <= Self.depthLimit else { return [UntrackedRead(path: [UntrackedRead.keyedStore], key: nil)] }
        return uncachedReads(of: member, substitutions: substitutions, depth: depth, visiting: visiting)
    }

    private func uncachedReads(of member: DeclarationID, substitutions: [String: StorageKey?], depth: Int,
                               visiting: Set<DeclarationID>) -> [UntrackedRead] {
        let declaration = context.declaration(member)
        let file = context.files[member.file]
        let visiting = visiting.union([member])
        switch declaration.kind {
        case .variable:
            guard let binding = declaration.bindings.first else { return [] }
            if context.isStored(declaration) { return wrapperReads(declaration, file) }
            guard let block = binding.accessorBlock else { return [] }
            // The getter: `get { … }`, or the block itself when it has no accessors.
            let getter = file.accessors(inBlock: block).first { $0.word == .get }
            let body = getter.map { ($0.open + 1)..<file.closing($0.open) } ?? (block.lowerBound + 1)..<(block.upperBound - 1)
            return reads(in: body, file, scope: block, parameters: nil, substitutions: [:], depth: depth, visiting: visiting)
        case .function, .subscript:
            guard let body = declaration.body else { return [] }
            return reads(in: body, file, scope: body, parameters: declaration.parameters, substitutions: substitutions,
                         depth: depth, visiting: visiting)
        default:
            return []
        }
    }

    /// The keyed store a wrapped stored property keeps its value in: `@AppStorage("theme")`, or
    /// any wrapper whose first argument is a key (`@UserDefaultsBacked("Connections")`).
    private func wrapperReads(_ declaration: Declaration, _ file: FileStructure) -> [UntrackedRead] {
        for attribute in declaration.attributes {
            guard let arguments = attribute.arguments, arguments.count > 2 else { continue }
            let list = ArgumentList(open: arguments.lowerBound, file)
            guard let first = list.values.first, let key = key(first, file, scope: nil, substitutions: [:]) else { continue }
            return [UntrackedRead(path: [UntrackedRead.keyedStore], key: key)]
        }
        return []
    }

    /// What the expressions in `range` read outside tracking. `scope` and `parameters` tell the
    /// locals and parameters apart from the model's members; `substitutions` holds the keys a
    /// helper's parameters stand for (nil: not known).
    private func reads(in range: Range<Int>, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?,
                       substitutions: [String: StorageKey?], depth: Int, visiting: Set<DeclarationID>,
                       aliasRange: Range<Int>? = nil) -> [UntrackedRead] {
        let tokens = file.tokens
        var found: [UntrackedRead] = []
        let aliases = localAliases(in: aliasRange ?? range, file, scope: scope, parameters: parameters)
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            defer { index += 1 }
            // A call by key on any receiver, a local holding the store too (`udef.string(forKey: "k")`);
            // not a dictionary's own methods (`removeValue(forKey:)`).
            if token.kind == .leftParen, index >= 2, tokens[index - 1].kind == .identifier, tokens[index - 2].kind == .period,
               !Self.dictionaryMethods.contains(file.source.text(index - 1)) {
                let list = ArgumentList(open: index, file)
                if let position = list.labels.firstIndex(where: { $0 == "forKey" }),
                   countsChanges || !Self.keyedStoreChanges.contains(file.source.text(index - 1)) {
                    found.append(UntrackedRead(path: [UntrackedRead.keyedStore],
                                               key: key(list.values[position], file, scope: scope, substitutions: substitutions)))
                }
                continue
            }
            if token.kind == .stringLiteral {
                found += interpolationReads(file.source.text(index), file, scope: scope, parameters: parameters, aliases: aliases.paths,
                                            depth: depth, visiting: visiting)
                continue
            }
            guard token.kind == .identifier || token.word == .self || token.word == .Self else { continue }
            // `await engine.volume`: the word marks the expression after it, and names nothing.
            if token.word == .await { continue }
            // Only at the head of an expression: not the `x` of `other.x`, nor an argument's label.
            if index > range.lowerBound, tokens[index - 1].kind == .period { continue }
            if Self.isArgumentLabel(index, file) { continue }
            var name = index
            var throughSelf = false
            // `ScoreModel.scores` inside `ScoreModel` is `Self.scores`.
            let namesOwner = token.kind == .identifier && file.source.tokenText(index, equals: context.declaration(owner).name)
                && index + 2 < range.upperBound && tokens[index + 1].kind == .period && tokens[index + 2].kind == .identifier
                && membersByName[file.source.text(index + 2)] != nil
            if namesOwner {
                name = index + 2
                throughSelf = true
            } else if token.word == .self || token.word == .Self {
                // `self[…]`: the model's own subscripts.
                if token.word == .self, index + 1 < range.upperBound, tokens[index + 1].kind == .leftSquare {
                    found += ownCalls(named: "subscript", open: index + 1, file, scope: scope, parameters: parameters,
                                      substitutions: substitutions, depth: depth, visiting: visiting)
                    continue
                }
                var next = index + 1
                if next < range.upperBound, tokens[next].kind == .postfixQuestionMark { next += 1 }
                guard next + 1 < range.upperBound, tokens[next].kind == .period, tokens[next + 1].kind == .identifier else { continue }
                name = next + 1
                throughSelf = true
            }
            let text = file.source.text(name)
            let isCall = name + 1 < range.upperBound && tokens[name + 1].kind == .leftParen
            // `let settings = AppSettings.shared` names state, reading none of it; `settings.x` reads.
            if aliases.starts.contains(index) { index = aliases.ends[index] ?? index; continue }
            if !throughSelf, let alias = aliases.paths[text] {
                if var read = chain(from: name, rootPath: alias.path, rootType: alias.type, file, range: range, scope: scope,
                                    substitutions: substitutions) {
                    read.storedDepth = alias.isWhollyStored ? alias.depth + read.storedDepth : alias.depth
                    found.append(read)
                }
                continue
            }
            if let members = membersByName[text], throughSelf || !isShadowed(text, in: scope, parameters: parameters, file) {
                if let excluded, members.contains(excluded) { continue }
                if isCall {
                    found += ownCalls(named: text, open: name + 1, file, scope: scope, parameters: parameters,
                                      substitutions: substitutions, depth: depth, visiting: visiting)
                    continue
                }
                let declaration = context.declaration(members[0])
                guard declaration.kind == .variable else { continue }
                if declaration.hasModifier(.static) || declaration.hasModifier(.class) {
                    // Static state: a root of its own.
                } else if !context.isStored(declaration) {
                    // A computed property reads what its getter reads.
                    for member in members { found += reads(of: member, substitutions: [:], depth: depth + 1, visiting: visiting) }
                    continue
                } else {
                    let wrapped = wrapperReads(declaration, context.files[members[0].file])
                    if !wrapped.isEmpty {
                        found += wrapped
                        continue
                    }
                    // A tracked value is read through tracking; an object a tracked property holds is
                    // not. A constant holding a value (`let units = Units.metric`, `let limit = 10`) never changes.
                    // A property of a type the tree does not declare may hold an object (a player).
                    let isValue = isKnownValue(declaration, context.files[members[0].file])
                    if let property = properties[text], property.tracking == .plumbing
                        || (property.tracking == .tracked && !property.isClass && isValue)
                        || (declaration.isLet && (property.isValueType || Self.hasLiteralValue(declaration, context.files[members[0].file]))) {
                        continue
                    }
                }
                found += [chain(from: name, rootPath: storePath(ofProperty: members[0]) ?? [text],
                                rootType: rootType(ofProperty: members[0], typeName: nil), file, range: range,
                                scope: scope, substitutions: substitutions)].compactMap { $0 }
                continue
            }
            if throughSelf || isCall || token.word == .Self { continue }
            if isShadowed(text, in: scope, parameters: parameters, file) || substitutions.keys.contains(text) { continue }
            if text.first?.isUppercase == true {
                // A static method of a type of the tree (`Onboarding.markDone()`): what its body reads.
                if followsStaticMethods, name + 3 < range.upperBound, tokens[name + 1].kind == .period, tokens[name + 2].kind == .identifier,
                   tokens[name + 3].kind == .leftParen, !staticMethods(of: text, named: file.source.text(name + 2)).isEmpty {
                    found.append(UntrackedRead(path: [text], key: nil))
                    for method in staticMethods(of: text, named: file.source.text(name + 2)) where !visiting.contains(method) && depth < Self.depthLimit {
                        let declaration = context.declaration(method)
                        guard let body = declaration.body else { continue }
                        found += reads(in: body, context.files[method.file], scope: body, parameters: declaration.parameters, substitutions: [:],
                                       depth: depth + 1, visiting: visiting.union([method]))
                    }
                    continue
                }
                // A type: its shared state (`UserDefaults.standard`, `Keychain`, `AppSettings.shared`),
                // not a namespace of constants of the tree (an enum of keys).
                guard name + 1 < range.upperBound, tokens[name + 1].kind == .period, !isConstantNamespace(text) else { continue }
                // `Key.self`, `Model.Type`: the type itself, a value, not its shared state.
                if name + 2 < range.upperBound, tokens[name + 2].word == .self || file.source.tokenText(name + 2, equals: "Type") { continue }
            }
            found += [chain(from: name, rootPath: Self.keyedStoreTypes.contains(text) ? [UntrackedRead.keyedStore] : [text],
                            rootType: rootType(ofProperty: nil, typeName: text), file,
                            range: range, scope: scope, substitutions: substitutions)].compactMap { $0 }
        }
        return found
    }

    /// Whether the name at `index` labels an argument (`forKey:` in `f(forKey: k)`): a `:` after it,
    /// `(` or `,` before it, inside parentheses (in brackets it is a dictionary's key).
    static func isArgumentLabel(_ index: Int, _ file: FileStructure) -> Bool {
        let tokens = file.tokens
        guard index >= 1, index + 1 < tokens.count, tokens[index + 1].kind == .colon else { return false }
        if tokens[index - 1].kind == .leftParen { return true }
        guard tokens[index - 1].kind == .comma else { return false }
        var depth = 0
        var back = index - 1
        while back >= 0 {
            switch tokens[back].kind {
            case .rightParen, .rightSquare, .rightBrace: depth += 1
            case .leftParen: if depth == 0 { return true } else { depth -= 1 }
            case .leftSquare, .leftBrace: if depth == 0 { return false } else { depth -= 1 }
            default: break
            }
            back -= 1
        }
        return false
    }

    /// What the interpolations of a string literal read (`"Volume \(Int(engine.volume * 100))%"`),
    /// from the chains of names in them: as the same names would read in code, a method's call
    /// reading by any key (its arguments are not seen).
    private func interpolationReads(_ literal: String, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?,
                                    aliases: [String: Alias], depth: Int, visiting: Set<DeclarationID>) -> [UntrackedRead] {
        guard literal.contains("(") else { return [] }
        var found: [UntrackedRead] = []
        for chain in StringInterpolation.chains(in: literal) {
            var names = chain[...]
            let throughSelf = names.first == "self"
            if throughSelf { names = names.dropFirst() }
            guard let root = names.first else { continue }
            let rest = names.dropFirst()
            if !throughSelf, let alias = aliases[root] {
                found.append(UntrackedRead(path: alias.path == [UntrackedRead.keyedStore] ? alias.path : alias.path + rest, key: nil,
                                           storedDepth: alias.isWhollyStored ? alias.depth + storedDepth(from: alias.type, rest) : alias.depth))
                continue
            }
            if let members = membersByName[root], throughSelf || !isShadowed(root, in: scope, parameters: parameters, file) {
                if let excluded, members.contains(excluded) { continue }
                let declaration = context.declaration(members[0])
                if declaration.kind == .function || declaration.kind == .subscript || (declaration.kind == .variable && !context.isStored(declaration)) {
                    for member in members { found += reads(of: member, substitutions: [:], depth: depth + 1, visiting: visiting) }
                    continue
                }
                guard declaration.kind == .variable else { continue }
                let wrapped = wrapperReads(declaration, context.files[members[0].file])
                if !wrapped.isEmpty {
                    found += wrapped
                    continue
                }
                if let property = properties[root], property.tracking == .plumbing
                    || (property.tracking == .tracked && !property.isClass && isKnownValue(declaration, context.files[members[0].file]))
                    || (declaration.isLet && property.isValueType) { continue }
                let path = storePath(ofProperty: members[0]) ?? [root]
                found.append(UntrackedRead(path: path == [UntrackedRead.keyedStore] ? path : path + rest, key: nil,
                                           storedDepth: storedDepth(from: rootType(ofProperty: members[0], typeName: nil), rest)))
                continue
            }
            guard !throughSelf, root.first?.isUppercase == true, !rest.isEmpty, !isConstantNamespace(root),
                  !isShadowed(root, in: scope, parameters: parameters, file) else { continue }
            let path = Self.keyedStoreTypes.contains(root) ? [UntrackedRead.keyedStore] : [root] + rest
            found.append(UntrackedRead(path: path, key: nil, storedDepth: storedDepth(from: rootType(ofProperty: nil, typeName: root), rest)))
        }
        // A keyed store's calls in the literal read by the keys they name, when every one tells.
        if found.contains(where: { $0.path == [UntrackedRead.keyedStore] && $0.key == nil }),
           let keyed = keyedReads(inInterpolationsOf: literal) {
            found = found.filter { !($0.path == [UntrackedRead.keyedStore] && $0.key == nil) } + keyed
        }
        return found
    }

    /// The one key the tree's extension property of a keyed store type names (`extension
    /// UserDefaults { var fontSize: Double { double(forKey: "fontSize") } }`); nil when there is
    /// no such property, or it names none or several.
    private func extensionPropertyKey(_ name: String) -> StorageKey? {
        if let known = memo.extensionKeys[name] { return known }
        let found = uncachedExtensionPropertyKey(name)
        memo.extensionKeys[name] = .some(found)
        return found
    }

    private func uncachedExtensionPropertyKey(_ name: String) -> StorageKey? {
        var keys: [StorageKey] = []
        let properties = Self.keyedStoreTypes.sorted().flatMap { context.types.membersAdded(toExternal: $0, named: name) }
            .filter { context.declaration($0).kind == .variable }
        for property in properties {
            let declaration = context.declaration(property)
            let file = context.files[property.file]
            // Every call's `forKey:` argument, the receiver unwritten (`double(forKey: "fontSize")`).
            for open in declaration.tokens where file.tokens[open].kind == .leftParen {
                let list = ArgumentList(open: open, file)
                guard let position = list.labels.firstIndex(where: { $0 == "forKey" }) else { continue }
                guard let key = key(list.values[position], file, scope: nil, substitutions: [:]) else { return nil }
                if !keys.contains(key) { keys.append(key) }
            }
        }
        return keys.count == 1 ? keys[0] : nil
    }

    /// The keys the `forKey:` arguments of a literal's interpolations name
    /// (`"\(defaults.integer(forKey: "launchCount")) launches"`), each lexed and resolved as code;
    /// nil when one of them does not resolve.
    private func keyedReads(inInterpolationsOf literal: String) -> [UntrackedRead]? {
        var reads: [UntrackedRead] = []
        var rest = Substring(literal)
        while let label = rest.range(of: "forKey:") {
            // The argument: up to the `,` or `)` that ends it, outside brackets and strings.
            var depth = 0
            var inString = false
            var end = label.upperBound
            while end < rest.endIndex {
                let character = rest[end]
                if character == "\"" {
                    inString.toggle()
                } else if !inString, character == "(" || character == "[" {
                    depth += 1
                } else if !inString, character == ")" || character == "]" {
                    if depth == 0 { break }
                    depth -= 1
                } else if !inString, depth == 0, character == "," {
                    break
                }
                end = rest.index(after: end)
            }
            let argument = String(rest[label.upperBound..<end]).trimming(charactersIn: " ")
            let structure = FileStructure(text: argument)
            let tokens = structure.tokens.indices.filter { structure.tokens[$0].kind != .endOfFile }
            guard let first = tokens.first, let last = tokens.last,
                  let key = key(first..<(last + 1), structure, scope: nil, substitutions: [:]) else { return nil }
            reads.append(UntrackedRead(path: [UntrackedRead.keyedStore], key: key))
            rest = rest[end...]
        }
        return reads.isEmpty ? nil : reads
    }

    /// The calls of the model's own methods (or subscripts) named `name` at `open`: what each
    /// body of that name reads, its parameters standing for the keys the arguments give.
    private func ownCalls(named name: String, open: Int, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?,
                          substitutions: [String: StorageKey?], depth: Int, visiting: Set<DeclarationID>) -> [UntrackedRead] {
        let arguments = ArgumentList(open: open, file)
        var found: [UntrackedRead] = []
        // The arguments are read too (`value(for: prefix(engine.name))`).
        for value in arguments.values {
            found += reads(in: value, file, scope: scope, parameters: parameters, substitutions: substitutions, depth: depth,
                           visiting: visiting)
        }
        let candidates = name == "subscript"
            ? context.types.memberDeclarations(of: owner).filter { context.declaration($0).kind == .subscript }
            : (membersByName[name] ?? []).filter { context.declaration($0).kind == .function }
        guard depth < Self.depthLimit else {
            // Too deep to follow: the call may read anything.
            return candidates.isEmpty ? found : found + [UntrackedRead(path: [UntrackedRead.keyedStore], key: nil)]
        }
        for method in candidates {
            let declaration = context.declaration(method)
            let methodFile = context.files[method.file]
            guard let clause = declaration.parameters else { continue }
            let names = ArgumentList.parameterNames(clause, methodFile)
            let labels = ArgumentList.parameterLabels(clause, methodFile)
            var given: [String: StorageKey?] = [:]
            for (position, parameter) in names.enumerated() {
                // By label when the labels line up, else by position.
                let argument = arguments.labels == Array(labels.prefix(arguments.labels.count)) && position < arguments.values.count
                    ? arguments.values[position] : nil
                given[parameter] = argument.flatMap { key($0, file, scope: scope, substitutions: substitutions) }
            }
            found += reads(of: method, substitutions: given, depth: depth + 1, visiting: visiting)
        }
        return found
    }

    /// The read along the member chain after the root at `name`: property names up to a call
    /// (whose key, if any, it reads by) or a subscript, or the chain's end, with its
    /// `storedDepth`. Nil for a call by key (the scan of the call records it) and, when only
    /// reads count, for an assignment through the chain.
    private func chain(from name: Int, rootPath: [String], rootType: DeclarationID? = nil, _ file: FileStructure, range: Range<Int>,
                       scope: Range<Int>, substitutions: [String: StorageKey?]) -> UntrackedRead? {
        guard var read = chainRead(from: name, rootPath: rootPath, file, range: range, scope: scope, substitutions: substitutions) else {
            return nil
        }
        read.storedDepth = storedDepth(from: rootType, read.path.dropFirst(rootPath.count))
        return read
    }

    /// How many of `names`, from the start, are stored properties of classes of the tree, each of
    /// the type of the one before, starting in `type` (`UntrackedRead.storedDepth`).
    private func storedDepth(from type: DeclarationID?, _ names: ArraySlice<String>) -> Int {
        storedWalk(from: type, names).depth
    }

    /// `storedDepth(from:_:)`, and the type the last name holds when every name is stored (nil
    /// otherwise, or when the tree does not declare it).
    private func storedWalk(from type: DeclarationID?, _ names: ArraySlice<String>) -> (depth: Int, type: DeclarationID?) {
        var current = type
        var depth = 0
        for name in names {
            guard let owner = current, context.declaration(owner).kind == .class,
                  let member = context.types.variable(named: name, of: owner) else { break }
            let declaration = context.declaration(member)
            let isStatic = declaration.hasModifier(.static) || declaration.hasModifier(.class)
            guard context.isStored(declaration) || (isStatic && declaration.bindings.allSatisfy { $0.accessorBlock == nil }),
                  let binding = declaration.bindings.first(where: { $0.name == name }) else { break }
            depth += 1
            if case .declared(let next) = context.index.typer.variableType(binding, declarationID: member) { current = next } else { current = nil }
        }
        return (depth, depth == names.count ? current : nil)
    }

    /// The type of a root: a stored property's declared class, or the class a type name names.
    private func rootType(ofProperty member: DeclarationID?, typeName: String?) -> DeclarationID? {
        let memoKey = member.map { "\($0.file):\($0.declaration)" } ?? "type " + (typeName ?? "")
        if let known = memo.rootTypes[memoKey] { return known }
        let found = uncachedRootType(ofProperty: member, typeName: typeName)
        memo.rootTypes[memoKey] = .some(found)
        return found
    }

    private func uncachedRootType(ofProperty member: DeclarationID?, typeName: String?) -> DeclarationID? {
        if let member, let binding = context.declaration(member).bindings.first,
           case .declared(let type) = context.index.typer.variableType(binding, declarationID: member) { return type }
        if let typeName {
            let classes = context.types.types(named: typeName).filter { $0.kind == .class }
            return classes.count == 1 ? classes[0].id : nil
        }
        return nil
    }

    private func chainRead(from name: Int, rootPath: [String], _ file: FileStructure, range: Range<Int>, scope: Range<Int>,
                           substitutions: [String: StorageKey?]) -> UntrackedRead? {
        let tokens = file.tokens
        var path = rootPath
        var index = name + 1
        while index < range.upperBound {
            if tokens[index].kind == .postfixQuestionMark || tokens[index].kind == .exclamationMark { index += 1; continue }
            if tokens[index].kind == .leftSquare {
                let list = ArgumentList(open: index, file)
                return UntrackedRead(path: path, key: list.values.first.flatMap { key($0, file, scope: scope, substitutions: substitutions) })
            }
            guard tokens[index].kind == .period, index + 1 < range.upperBound, tokens[index + 1].kind == .identifier else { break }
            let member = file.source.text(index + 1)
            if index + 2 < range.upperBound, tokens[index + 2].kind == .leftParen {
                return callRead(path, open: index + 2, file, scope: scope, substitutions: substitutions)
            }
            path.append(member)
            index += 2
        }
        // `engine.volume = v` changes what it names, and reads nothing.
        if !countsChanges, index < range.upperBound, tokens[index].kind == .equal || (tokens[index].kind == .binaryOperator
            && ModelStateChanges.isCompoundAssignment(file.source.text(index))) { return nil }
        if rootPath == [UntrackedRead.keyedStore] {
            // An extension's property (`defaults.fontSize` over `double(forKey: "fontSize")`) reads
            // the key its getter names; the store used whole (handed on) may read any key.
            if let property = path.last, path.count > 1, let key = extensionPropertyKey(property) {
                return UntrackedRead(path: rootPath, key: key)
            }
            return UntrackedRead(path: rootPath, key: nil)
        }
        return UntrackedRead(path: path, key: nil)
    }

    /// The locals `range` binds to untracked state as a whole (`let settings = AppSettings.shared`,
    /// `if let store = self.store`): each name's path, and where each binding's value starts and
    /// ends (read through the name, not there).
    private func localAliases(in range: Range<Int>, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?)
        -> (paths: [String: Alias], starts: Set<Int>, ends: [Int: Int]) {
        // Asked once per assignment of a body with the body as the range: worked out once.
        let key = AliasKey(scope: ModelStateChanges.ScopeKey(path: file.source.path, scope: scope, parameters: parameters), range: range)
        if let known = memo.aliases[key] { return known }
        let found = uncachedLocalAliases(in: range, file, scope: scope, parameters: parameters)
        memo.aliases[key] = found
        return found
    }

    /// Where `localAliases` looked: the scope and the range.
    struct AliasKey: Hashable {
        var scope: ModelStateChanges.ScopeKey
        var range: Range<Int>
    }

    private func uncachedLocalAliases(in range: Range<Int>, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?)
        -> (paths: [String: Alias], starts: Set<Int>, ends: [Int: Int]) {
        let tokens = file.tokens
        var paths: [String: Alias] = [:]
        var starts = Set<Int>()
        var ends: [Int: Int] = [:]
        for index in range where (tokens[index].word == .let || tokens[index].word == .var) && index + 2 < range.upperBound {
            guard tokens[index + 1].kind == .identifier else { continue }
            let bound = file.source.text(index + 1)
            // `if let engine {`, `guard let engine else`: the shorthand rebinds the member.
            if tokens[index + 2].kind != .equal {
                guard [.leftBrace, .comma].contains(tokens[index + 2].kind) || tokens[index + 2].word == .else,
                      let member = membersByName[bound]?.first, context.isStored(context.declaration(member)) else { continue }
                paths[bound] = Alias(path: storePath(ofProperty: member) ?? [bound], type: rootType(ofProperty: member, typeName: nil), depth: 0,
                                     isWhollyStored: true)
                continue
            }
            guard index + 3 < range.upperBound else { continue }
            let start = index + 3
            var head = start
            if tokens[start].word == .self, start + 2 < range.upperBound, tokens[start + 1].kind == .period { head = start + 2 }
            guard tokens[head].kind == .identifier else { continue }
            // A chain of names only, ending the value.
            var end = head + 1
            var names = [file.source.text(head)]
            while end + 1 < range.upperBound, tokens[end].kind == .period, tokens[end + 1].kind == .identifier {
                names.append(file.source.text(end + 1))
                end += 2
            }
            if end < range.upperBound, [.leftParen, .leftSquare, .period, .binaryOperator, .infixQuestionMark].contains(tokens[end].kind) { continue }
            let root = names[0]
            var path: [String]
            var type: DeclarationID?
            // `let engine = engine` names the member although the binding shadows it.
            if head > start || (membersByName[root] != nil && (root == bound || !isShadowed(root, in: scope, parameters: parameters, file))) {
                guard let member = membersByName[root]?.first, context.isStored(context.declaration(member)) else { continue }
                path = storePath(ofProperty: member) ?? [root]
                type = rootType(ofProperty: member, typeName: nil)
            } else if root.first?.isUppercase == true, !isConstantNamespace(root) {
                path = Self.keyedStoreTypes.contains(root) ? [UntrackedRead.keyedStore] : [root]
                type = rootType(ofProperty: nil, typeName: root)
            } else {
                continue
            }
            let rest = names.dropFirst()
            // A keyed store's names after its type (`standard`) are no stored properties.
            let walk = path == [UntrackedRead.keyedStore] ? (depth: 0, type: rest.isEmpty ? type : nil) : storedWalk(from: type, rest)
            if path != [UntrackedRead.keyedStore] { path += rest }
            paths[bound] = Alias(path: path, type: walk.type, depth: walk.depth, isWhollyStored: walk.depth == rest.count)
            starts.insert(start)
            ends[start] = end - 1
        }
        return (paths, starts, ends)
    }

    /// A local bound to untracked state as a whole: its path, the class at its end (when the
    /// tree shows it), and how many names after the root are stored properties.
    struct Alias {
        var path: [String]
        var type: DeclarationID?
        var depth: Int
        var isWhollyStored: Bool
    }

    /// A call on the state at `path`: by the key it is given (`forKey:`, `key:`, or its arguments
    /// when each is a key), or of any of it.
    private func callRead(_ path: [String], open: Int, _ file: FileStructure, scope: Range<Int>,
                          substitutions: [String: StorageKey?]) -> UntrackedRead? {
        let list = ArgumentList(open: open, file)
        // By key: the main scan records it, whatever the receiver.
        if list.labels.contains(where: { $0 == "forKey" }) { return nil }
        if let position = list.labels.firstIndex(where: { $0 == "key" }) {
            return UntrackedRead(path: path, key: key(list.values[position], file, scope: scope, substitutions: substitutions))
        }
        // `Keychain.get(service: "app", account: "token")`, `storage.double("fontSize")`: the last
        // argument, when every argument is a key; the value a setter stores (`newValue`) is none.
        let keys = list.values.filter { !($0.count == 1 && ["newValue", "oldValue"].contains(file.source.text($0.lowerBound))) }
            .map { key($0, file, scope: scope, substitutions: substitutions) }
        if let last = keys.last, let lastKey = last, keys.allSatisfy({ $0 != nil }) { return UntrackedRead(path: path, key: lastKey) }
        return UntrackedRead(path: path, key: nil)
    }

    /// The key an argument names, when the tree tells: a string literal; a constant holding one
    /// (`Keys.fontSize`, `Self.fontSizeKey`, `fontSizeKey`); an enum case (`.fontSize`,
    /// `Key.fontSize.rawValue`, its raw value when the enum is the tree's); a helper's parameter
    /// standing for one of these.
    func key(_ range: Range<Int>, _ file: FileStructure, scope: Range<Int>?, substitutions: [String: StorageKey?]) -> StorageKey? {
        let tokens = file.tokens
        guard let first = range.first else { return nil }
        if range.count == 1, tokens[first].kind == .stringLiteral {
            let text = file.source.text(first)
            guard !text.contains("\\("), text.hasPrefix("\""), !text.hasPrefix("\"\"\"") else { return nil }
            return StorageKey(form: .literal(String(text.dropFirst().dropLast())))
        }
        // A member chain: `.a.b`, `A.b.c`, `a.b`, `self.a`.
        var parts: [String] = []
        let leadingDot = tokens[first].kind == .period
        for (offset, index) in range.enumerated() {
            let isName = tokens[index].kind == .identifier || tokens[index].word == .self || tokens[index].word == .Self
            if offset % 2 == (leadingDot ? 1 : 0) {
                guard isName else { return nil }
                parts.append(file.source.text(index))
            } else {
                guard tokens[index].kind == .period else { return nil }
            }
        }
        guard !parts.isEmpty else { return nil }
        if parts.last == "rawValue", parts.count > 1 { parts.removeLast() }
        if leadingDot {
            return StorageKey(form: .enumCase(parts[0], suffix: Array(parts.dropFirst()), rawValues: caseRawValues(named: parts[0])))
        }
        if let substituted = substitutions[parts[0]] {
            // A parameter: `key`, `key.rawValue`, `key.name`.
            guard let substituted else { return nil }
            switch substituted.form {
            case .enumCase(let name, let suffix, let raw): return StorageKey(form: .enumCase(name, suffix: suffix + parts.dropFirst(), rawValues: raw))
            case .parameter: return substituted
            case .literal: return parts.count == 1 ? substituted : nil
            }
        }
        // `self.fontSizeKey`, `Self.fontSizeKey`, `fontSizeKey`: a constant of the model.
        if parts[0] == "self" || parts[0] == "Self" || parts[0] == context.declaration(owner).name { parts.removeFirst() }
        // `self` or the model's type itself handed on (`store.register(self)`): no key.
        if parts.isEmpty { return nil }
        if parts.count == 1 {
            if let scope, isShadowed(parts[0], in: scope, parameters: nil, file) { return nil }
            return constantLiteral(parts[0], in: owner).map { StorageKey(form: .literal($0)) }
        }
        // `Keys.fontSize`, `Key.fontSize.key`: a constant or case of a type, the model's nested one first.
        let typeName = parts[0]
        let member = parts[1]
        for type in typesNamed(typeName) {
            if let literal = constantLiteral(member, in: type) ?? caseRawValue(member, in: type) {
                return parts.count == 2 ? StorageKey(form: .literal(literal))
                    : StorageKey(form: .enumCase(member, suffix: Array(parts.dropFirst(2)), rawValues: [literal]))
            }
        }
        guard typeName.first?.isUppercase == true else { return nil }
        return StorageKey(form: .enumCase(member, suffix: Array(parts.dropFirst(2)), rawValues: caseRawValues(named: member)))
    }

    /// The raw values the tree's enums give their cases named `name`: the key `.fontSize` may
    /// stand for (`case fontSize = "font_size"`, or `"fontSize"` in an enum of strings).
    private func caseRawValues(named name: String) -> [String] {
        if let known = memo.rawValues[name] { return known }
        var values: [String] = []
        defer { memo.rawValues[name] = values }
        for (fileIndex, file) in context.files.enumerated() {
            for (position, declaration) in file.declarations.enumerated() where declaration.kind == .enum {
                let id = DeclarationID(file: fileIndex, declaration: position)
                if let value = caseRawValue(name, in: id) { values.append(value) }
            }
        }
        return values
    }

    /// The tree's types of a name, the one nested in the model first, then the others when
    /// there is only one (two `Keys` enums elsewhere tell nothing).
    private func typesNamed(_ name: String) -> [DeclarationID] {
        let nested = context.types.memberDeclarations(of: owner).filter {
            let declaration = context.declaration($0)
            return declaration.kind.isTypeLike && declaration.name == name
        }
        if !nested.isEmpty { return nested }
        let all = context.types.types(named: name).map(\.id)
        return all.count == 1 ? all : []
    }

    /// The string literal a `let` of a type (static or not, in its body or extensions) holds.
    private func constantLiteral(_ name: String, in type: DeclarationID) -> String? {
        for member in context.types.memberDeclarations(of: type) {
            let declaration = context.declaration(member)
            guard declaration.kind == .variable, declaration.isLet,
                  let binding = declaration.bindings.first(where: { $0.name == name }), let initializer = binding.initializer,
                  initializer.count == 1 else { continue }
            let file = context.files[member.file]
            let text = file.source.text(initializer.lowerBound)
            guard file.tokens[initializer.lowerBound].kind == .stringLiteral, text.hasPrefix("\""), !text.hasPrefix("\"\"\""),
                  !text.contains("\\(") else { continue }
            return String(text.dropFirst().dropLast())
        }
        return nil
    }

    /// The raw value of an enum's case: its literal, or its name in an enum of `String` raw values.
    private func caseRawValue(_ name: String, in type: DeclarationID) -> String? {
        let declaration = context.declaration(type)
        guard declaration.kind == .enum else { return nil }
        for member in context.types.memberDeclarations(of: type) where context.declaration(member).kind == .enumCase {
            let caseDeclaration = context.declaration(member)
            let caseFile = context.files[member.file]
            let tokens = caseFile.tokens
            for index in caseDeclaration.tokens where tokens[index].kind == .identifier && caseFile.source.text(index) == name {
                if index + 2 < caseDeclaration.tokens.upperBound, tokens[index + 1].kind == .equal, tokens[index + 2].kind == .stringLiteral {
                    let text = caseFile.source.text(index + 2)
                    return text.hasPrefix("\"") && !text.contains("\\(") ? String(text.dropFirst().dropLast()) : nil
                }
                let isString = declaration.inheritance.first.map { $0.typeName == "String" } ?? false
                return isString ? name : nil
            }
        }
        return nil
    }

    /// The static methods named `name` of the tree's types named `typeName`.
    private func staticMethods(of typeName: String, named name: String) -> [DeclarationID] {
        context.types.types(named: typeName).flatMap { context.types.memberDeclarations(of: $0.id) }.filter { member in
            let declaration = context.declaration(member)
            return declaration.kind == .function && declaration.name == name && (declaration.hasModifier(.static) || declaration.hasModifier(.class))
        }
    }

    /// Whether a type name is a namespace of constants of the tree: an enum or struct with no
    /// `static var` (an enum of keys, a `struct Constants`), whose reads change nothing.
    private func isConstantNamespace(_ name: String) -> Bool {
        let types = context.types.types(named: name)
        guard !types.isEmpty else { return false }
        return types.allSatisfy { symbol in
            let declaration = context.declaration(symbol.id)
            guard declaration.kind == .enum || declaration.kind == .struct else { return false }
            return !context.types.memberDeclarations(of: symbol.id).contains {
                let member = context.declaration($0)
                return member.kind == .variable && !member.isLet && (member.hasModifier(.static) || member.hasModifier(.class))
            }
        }
    }

    /// The keyed store a stored property holds (`let defaults = UserDefaults.standard`,
    /// `let store: NSUbiquitousKeyValueStore`), so reads through it and through the type meet.
    private func storePath(ofProperty member: DeclarationID) -> [String]? {
        let declaration = context.declaration(member)
        let file = context.files[member.file]
        for binding in declaration.bindings {
            for range in [binding.typeAnnotation, binding.initializer].compactMap({ $0 }) where range.contains(where: {
                Self.keyedStoreTypes.contains(file.source.text($0))
            }) {
                return [UntrackedRead.keyedStore]
            }
        }
        return nil
    }

    /// Whether a property's value is a literal (`let limit = 10`, `let title = "Settings"`).
    static func hasLiteralValue(_ declaration: Declaration, _ file: FileStructure) -> Bool {
        guard let initializer = declaration.bindings.first?.initializer, initializer.count == 1 else { return false }
        return [.stringLiteral, .integerLiteral, .floatLiteral].contains(file.tokens[initializer.lowerBound].kind)
            || [.true, .false].contains(file.tokens[initializer.lowerBound].word)
    }

    /// Methods of a keyed store that change a value rather than read it.
    static let keyedStoreChanges: Set<String> = ["set", "setValue", "setObject", "removeObject", "removeValue"]

    /// Methods of `Dictionary` whose key is labelled `forKey`: a dictionary's, not a store's.
    static let dictionaryMethods: Set<String> = ["removeValue", "updateValue", "index"]

    /// The types that keep values by key, one store for `UntrackedRead`.
    static let keyedStoreTypes: Set<String> = ModelStateChanges.keyedStoreTypes.union(["AppStorage"])
}
