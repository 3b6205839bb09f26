/// Why a model subclass migrates in the unit of a class it inherits from instead of on its own.
///
/// A subclass can take `@Observable` while its superclass stays an `ObservableObject`: the macro
/// adds its own registrar and `Observable` conformance, the inherited `objectWillChange` and
/// `@Published` properties keep working, and its own stored properties become tracked. What
/// breaks is observation of the inherited state: the subclass's wrappers become `@State`, plain
/// properties, `@Bindable` or `@Environment`, which do not subscribe to `objectWillChange`, so a
/// view reading the superclass's published state through them would stop refreshing; and a
/// subscriber to the superclass's `objectWillChange` would stop hearing the subclass's changes.
/// Facts only: the `observable-subclass` rule words them.
public enum SubclassTie: Equatable, Sendable {
    /// `reader` holds the subclass in the legacy wrapper property `wrapper` and reads `member`
    /// through it (at `file`/`token`), whose value `ancestor` publishes: one of its `@Published`
    /// properties, or a computed member of the subclass or its ancestors that reads one.
    case readsInheritedState(reader: DeclarationID, wrapper: String, member: String, ancestor: DeclarationID, file: Int, token: Int)
    /// `reader` hands the subclass held in `wrapper` on as a value (at `file`/`token`: an
    /// argument, a local), where state `ancestor` publishes may be read without the wrapper.
    case handsOnInheritedState(reader: DeclarationID, wrapper: String, ancestor: DeclarationID, file: Int, token: Int)
    /// `ancestor`'s `objectWillChange` is observed (at `file`/`token`): it fires for the subclass's
    /// `@Published` properties today and would not for tracked ones.
    case inheritedChangesObserved(ancestor: DeclarationID, file: Int, token: Int)
    /// The subclass's own `objectWillChange` is observed (at `file`/`token`): it fires for what
    /// `ancestor` publishes too, which tracking of the subclass alone would not follow.
    case ownChangesObserved(ancestor: DeclarationID, file: Int, token: Int)
    /// The subclass declares no mutable stored property and no site names it: alone it would
    /// only gain the attribute, so it waits for `superclass` (the verdicts are the same: the
    /// superclass's unit needs it either way).
    case nothingOfItsOwn(superclass: DeclarationID)

    /// The class the subclass must migrate with (every class between them comes along too).
    public var ancestor: DeclarationID {
        switch self {
        case .readsInheritedState(_, _, _, let ancestor, _, _), .handsOnInheritedState(_, _, let ancestor, _, _),
             .inheritedChangesObserved(let ancestor, _, _), .ownChangesObserved(let ancestor, _, _): return ancestor
        case .nothingOfItsOwn(let superclass): return superclass
        }
    }
}

/// Finds, for every model subclass, the farthest ancestor it is tied to (`SubclassTie`), if any.
struct SubclassTieFinder {
    let index: TreeIndex
    /// The sending helpers outside any class (`sendingHelpers(external:)`), by the external
    /// protocols they extend: one walk of the tree per set, not one per class.
    private let helperMemo = HelperMemo()

    /// `SubclassTieFinder.helperMemo`'s box.
    private final class HelperMemo {
        var helpers: [[String]: Set<String>] = [:]
    }

    private var graph: ModelGraph { index.graph }
    private var types: TypeIndex { index.types }

    /// The tie of each model subclass that cannot migrate without an ancestor: the one reaching
    /// the farthest ancestor, so that cutting below it is safe.
    func ties(wrappedClass: (Site) -> DeclarationID?) -> [DeclarationID: SubclassTie] {
        guard !graph.modelSuperclass.isEmpty else { return [:] }
        var ties: [DeclarationID: SubclassTie] = [:]
        func keep(_ tie: SubclassTie, for subclass: DeclarationID) {
            let ancestors = graph.modelAncestors(of: subclass)
            guard let reach = ancestors.firstIndex(of: tie.ancestor) else { return }
            if let known = ties[subclass], let knownReach = ancestors.firstIndex(of: known.ancestor), knownReach >= reach { return }
            ties[subclass] = tie
        }
        // A subclass with nothing of its own to rewrite gains nothing from going first.
        let named = Set(index.sites.compactMap { site -> DeclarationID? in
            if case .declared(let id) = site.type, graph.modelSuperclass[id] != nil { return id }
            return wrappedClass(site)
        })
        for (subclass, superclass) in graph.modelSuperclass where !named.contains(subclass) {
            let mutable = types.memberDeclarations(of: subclass).contains { member in
                let declaration = types.declaration(member)
                return Self.isStored(declaration) && !declaration.isLet
            }
            if !mutable { keep(.nothingOfItsOwn(superclass: superclass), for: subclass) }
        }
        // Subscribers to an ancestor's `objectWillChange` hear every subclass below it; those to
        // a subclass's own hear every ancestor's published state.
        let observed = observedObjectWillChange()
        if !observed.isEmpty {
            for subclass in graph.modelSuperclass.keys {
                let ancestors = graph.modelAncestors(of: subclass)
                for ancestor in ancestors {
                    if let site = observed[ancestor] {
                        keep(.inheritedChangesObserved(ancestor: ancestor, file: site.file, token: site.token), for: subclass)
                    }
                }
                if let site = observed[subclass], let farthest = ancestors.last {
                    keep(.ownChangesObserved(ancestor: farthest, file: site.file, token: site.token), for: subclass)
                }
            }
        }
        // Views reading inherited published state through a legacy wrapper of the subclass.
        var wrappers: [DeclarationID: [Site]] = [:]
        for site in index.sites {
            guard case .wrapper = site.kind, let classID = wrappedClass(site), graph.modelSuperclass[classID] != nil else { continue }
            wrappers[classID, default: []].append(site)
        }
        var publishedCache: [DeclarationID: [String]] = [:]
        // Classes whose `objectWillChange.send()` code elsewhere calls (`m.objectWillChange.send()`
        // in a service): they announce state by hand too.
        var sentFromOutside = Set<DeclarationID>()
        for site in index.sites where site.kind == .objectWillChange {
            guard case .declared(let classID) = site.type else { continue }
            let tokens = index.files[site.file].tokens
            if site.token + 2 < tokens.count, tokens[site.token + 1].kind == .period,
               index.files[site.file].source.tokenText(site.token + 2, equals: "send") {
                sentFromOutside.insert(classID)
            }
        }
        for subclass in wrappers.keys.sorted() {
            let notifying = inheritedNotifyingMembers(of: subclass, publishedCache: &publishedCache, sentFromOutside: sentFromOutside)
            let ancestors = graph.modelAncestors(of: subclass)
            guard let farthest = ancestors.last(where: { Set(notifying.values).contains($0) }) else { continue }
            let declared = Set(([subclass] + ancestors).flatMap(types.memberDeclarations(of:)).flatMap { member -> [String] in
                let declaration = types.declaration(member)
                return declaration.kind == .variable ? declaration.bindings.compactMap(\.name) : [declaration.name]
            })
            let modelNames = Set(([subclass] + ancestors).map { types.declaration($0).name })
            for wrapper in wrappers[subclass] ?? [] {
                if let read = firstRead(through: wrapper, of: notifying, declared: declared, farthest: farthest, modelNames: modelNames) {
                    keep(read, for: subclass)
                }
            }
        }
        return ties
    }

    /// The first non-send, non-declaration `objectWillChange` site on each model class that has
    /// subclasses or a superclass: a subscription, an `.onReceive`, a publisher passed along.
    private func observedObjectWillChange() -> [DeclarationID: Site] {
        let bases = Set(graph.modelSuperclass.values).union(graph.modelSuperclass.keys)
        var observed: [DeclarationID: Site] = [:]
        for site in index.sites where site.kind == .objectWillChange {
            guard case .declared(let classID) = site.type, bases.contains(classID), observed[classID] == nil else { continue }
            let file = index.files[site.file]
            let tokens = file.tokens
            let isSend = site.token + 3 < tokens.count && tokens[site.token + 1].kind == .period
                && file.source.tokenText(site.token + 2, equals: "send") && tokens[site.token + 3].kind == .leftParen
            let isDeclaration = site.owner.map { file.declarations[$0].kind == .variable && file.declarations[$0].nameTokens.contains(site.token) } ?? false
            if !isSend, !isDeclaration { observed[classID] = site }
        }
        return observed
    }

    /// The members that, read through `subclass`, show state an ancestor publishes, each with
    /// that ancestor: the ancestors' `@Published` properties (and stored properties whose
    /// observers send `objectWillChange`), then, to a fixpoint, computed properties and
    /// value-returning methods of the subclass and its ancestors whose bodies read one.
    private func inheritedNotifyingMembers(of subclass: DeclarationID, publishedCache: inout [DeclarationID: [String]],
                                           sentFromOutside: Set<DeclarationID>) -> [String: DeclarationID] {
        let ancestors = graph.modelAncestors(of: subclass)
        var notifying: [String: DeclarationID] = [:]
        for ancestor in ancestors {
            if publishedCache[ancestor] == nil { publishedCache[ancestor] = publishedProperties(of: ancestor) }
            for name in publishedCache[ancestor] ?? [] where notifying[name] == nil { notifying[name] = ancestor }
        }
        // An ancestor announcing changes by hand (`objectWillChange.send()`) may announce any of
        // its state, kept anywhere (a computed property over another object, a plain `var`):
        // every member it declares shows state it publishes.
        for ancestor in ancestors where sendsByHand(ancestor) || sentFromOutside.contains(ancestor) {
            for member in types.memberDeclarations(of: ancestor) {
                let declaration = types.declaration(member)
                let names: [String]
                switch declaration.kind {
                case .variable: names = declaration.bindings.compactMap(\.name)
                case .function where declaration.returnType != nil: names = [declaration.name]
                case .subscript: names = [Self.subscriptName]
                default: names = []
                }
                for name in names where notifying[name] == nil { notifying[name] = ancestor }
            }
        }
        guard !notifying.isEmpty else { return [:] }
        let farthest = ancestors.last { Set(notifying.values).contains($0) }
        var computed: [(name: String, file: Int, body: Range<Int>)] = []
        for classID in [subclass] + ancestors {
            for member in types.memberDeclarations(of: classID) {
                let declaration = types.declaration(member)
                switch declaration.kind {
                case .variable where !Self.isStored(declaration):
                    if let name = declaration.bindings.first?.name, let body = declaration.bindings.first?.accessorBlock {
                        computed.append((name, member.file, body))
                    }
                case .function where declaration.returnType != nil:
                    if let body = declaration.body { computed.append((declaration.name, member.file, body)) }
                case .subscript:
                    // `model[i]` reads what the subscript's body reads.
                    computed.append((Self.subscriptName, member.file, declaration.tokens))
                default:
                    continue
                }
            }
        }
        var changed = true
        while changed {
            changed = false
            for entry in computed where notifying[entry.name] == nil {
                if let ancestor = firstSelfRead(in: entry.body, file: entry.file, among: notifying, farthest: farthest) {
                    notifying[entry.name] = ancestor
                    changed = true
                }
            }
        }
        return notifying
    }

    /// Members a class has without declaring them that read none of its state: the publisher,
    /// `Identifiable`'s `id` (an `ObjectIdentifier` for a class) and `NSObject`'s identity.
    static let identityMembers: Set<String> = ["objectWillChange", "id", "hash", "hashValue", "description", "debugDescription"]

    /// The name `notifying` files a class's subscripts under: `model[i]` reads through one.
    static let subscriptName = "[]"

    /// Whether the class's own members mention `objectWillChange` other than to declare it: a
    /// manual `send()`, or a relay.
    private func sendsByHand(_ classID: DeclarationID) -> Bool {
        // A protocol of the tree the class adopts may send from its extensions (`func refresh()
        // { objectWillChange.send() }` in `extension Refreshable where Self: ObservableObject`).
        var containers = [classID]
        var pending = [classID]
        // Protocols the tree does not declare (`ObservableObject` itself) whose extensions in the
        // tree may send: a redraw helper the class calls (`func refresh() { objectWillChange.send() }`).
        var external: Set<String> = ["ObservableObject"]
        while let type = pending.popLast() {
            // The protocols it adopts, and those they inherit (`protocol ListModel: Refreshable`),
            // through a type alias of a composition too (`typealias ListModel = Refreshable & Paging`).
            for container in [type] + (types.symbol(type)?.extensions ?? []) {
                for entry in types.declaration(container).inheritance {
                    for target in adoptedProtocols(entry.typeName, from: container, external: &external) where !containers.contains(target) {
                        containers.append(target)
                        pending.append(target)
                    }
                }
            }
        }
        let sends = { (member: DeclarationID) -> Bool in
            let declaration = types.declaration(member)
            guard declaration.kind != .variable || !declaration.bindings.contains(where: { $0.name == "objectWillChange" }) else { return false }
            let file = index.files[member.file]
            return declaration.tokens.contains { file.tokens[$0].kind == .identifier && file.source.tokenText($0, equals: "objectWillChange") }
        }
        if containers.flatMap(types.memberDeclarations(of:)).contains(where: sends) { return true }
        // A sending member of an extension of an external protocol counts when the class calls
        // it, and so does one calling such a member (`refresh()` over `notifyChange()`), and a
        // function of the tree outside any type that sends (`redraw(self)`).
        let helpers = sendingHelpers(external: external, sends: sends)
        guard !helpers.isEmpty else { return false }
        return types.memberDeclarations(of: classID).contains { member in
            let declaration = types.declaration(member)
            let file = index.files[member.file]
            return declaration.tokens.contains { position in
                file.tokens[position].kind == .identifier && helpers.contains { file.source.tokenText(position, equals: $0) }
                    && position + 1 < file.tokens.count && file.tokens[position + 1].kind == .leftParen
            }
        }
    }

    /// The tree's protocols an inheritance entry adopts: the protocol itself, or the protocols a
    /// type alias of a composition names; the names the tree does not declare go to `external`.
    private func adoptedProtocols(_ written: String, from container: DeclarationID, external: inout Set<String>) -> [DeclarationID] {
        guard case .declared(let target) = types.resolve(written, from: container) else {
            external.insert(String(written.split(separator: ".").last ?? Substring(written)))
            return []
        }
        switch types.symbol(target)?.kind {
        case .protocol?:
            return [target]
        case .typealias?:
            let declaration = types.declaration(target)
            let file = index.files[target.file]
            guard let equal = declaration.tokens.first(where: { file.tokens[$0].kind == .equal }) else { return [] }
            let value = file.compactText((equal + 1)..<declaration.tokens.upperBound)
            return value.split(separator: "&").flatMap { part -> [DeclarationID] in
                let name = String(part).trimming(charactersIn: "() ")
                return name == written ? [] : adoptedProtocols(name, from: target, external: &external)
            }
        default:
            return []
        }
    }

    /// The names of the sending helpers outside the classes: members of the tree's extensions
    /// of `external` protocols and functions outside any type, that send or call one that does.
    private func sendingHelpers(external: Set<String>, sends: (DeclarationID) -> Bool) -> Set<String> {
        let key = external.sorted()
        if let known = helperMemo.helpers[key] { return known }
        let candidates = externalExtensionMembers(of: external) + topLevelFunctions()
        var helpers = Set(candidates.filter(sends).map { types.declaration($0).name })
        var grew = !helpers.isEmpty
        while grew {
            grew = false
            for member in candidates where !helpers.contains(types.declaration(member).name) {
                let file = index.files[member.file]
                let calls = types.declaration(member).tokens.contains { position in
                    file.tokens[position].kind == .identifier && position + 1 < file.tokens.count
                        && file.tokens[position + 1].kind == .leftParen && helpers.contains(file.source.text(position))
                }
                if calls {
                    helpers.insert(types.declaration(member).name)
                    grew = true
                }
            }
        }
        helperMemo.helpers[key] = helpers
        return helpers
    }

    /// The functions of the tree declared outside any type.
    private func topLevelFunctions() -> [DeclarationID] {
        index.files.enumerated().flatMap { fileIndex, file in
            file.declarations.indices.filter { file.declarations[$0].kind == .function && file.declarations[$0].parent == nil }
                .map { DeclarationID(file: fileIndex, declaration: $0) }
        }
    }

    /// The members of the tree's extensions of protocols it does not declare (`extension ObservableObject`).
    private func externalExtensionMembers(of names: Set<String>) -> [DeclarationID] {
        names.sorted().flatMap { types.membersAdded(toExternal: $0) }
    }

    /// Names of the class's stored properties that notify `objectWillChange`: `@Published`, or
    /// with an observer that sends it.
    private func publishedProperties(of classID: DeclarationID) -> [String] {
        var names: [String] = []
        for member in types.memberDeclarations(of: classID) {
            let declaration = types.declaration(member)
            guard declaration.kind == .variable, Self.isStored(declaration) else { continue }
            let file = index.files[member.file]
            let sends = declaration.bindings.contains { binding in
                binding.accessorBlock.map { block in block.contains { file.source.tokenText($0, equals: "objectWillChange") } } ?? false
            }
            guard declaration.attribute(named: "Published") != nil || sends else { continue }
            names += declaration.bindings.compactMap(\.name)
        }
        return names
    }

    /// The ancestor behind the first name of `notifying` read in `body` as `x`, `self.x` or
    /// `super.x`; `farthest` where `body` hands `self` on (`Headline.text(for: self)`).
    private func firstSelfRead(in body: Range<Int>, file fileIndex: Int, among notifying: [String: DeclarationID],
                               farthest: DeclarationID?) -> DeclarationID? {
        let file = index.files[fileIndex]
        let tokens = file.tokens
        for position in body {
            switch tokens[position].kind {
            case .keyword where tokens[position].word == .self:
                // `self` handed on (`Headline.text(for: self)`): the callee may read anything. Not
                // a capture (`[weak self]`, `[self]`) or an identity test (`current === self`).
                let next = position + 1 < body.upperBound ? tokens[position + 1].kind : .rightBrace
                let comparisons = ["===", "!=="]
                let isCapture = position >= 1 && (file.source.tokenText(position - 1, equals: "weak")
                    || file.source.tokenText(position - 1, equals: "unowned")
                    || position >= 2 && tokens[position - 1].kind == .leftSquare && tokens[position - 2].kind == .leftBrace && next == .rightSquare
                        // `{ [self] in`, not a body that is an array literal (`var all: [M] { [self] }`).
                        && file.closureSignature(inBlock: position - 2) != nil)
                let isComparison = comparisons.contains { position >= 1 && file.source.tokenText(position - 1, equals: $0) }
                    || comparisons.contains { position + 1 < body.upperBound && file.source.tokenText(position + 1, equals: $0) }
                if next != .period, next != .postfixQuestionMark, next != .exclamationMark, !isCapture, !isComparison, let farthest {
                    return farthest
                }
            case .identifier:
                let isSelfMember = position >= 2 && tokens[position - 1].kind == .period
                    && (tokens[position - 2].word == .self || tokens[position - 2].word == .super)
                guard isSelfMember || (position > 0 && tokens[position - 1].kind != .period) else { continue }
                if let ancestor = notifying[file.source.text(position)] { return ancestor }
            case .stringLiteral:
                for chain in StringInterpolation.chains(in: file.source.text(position)) {
                    let name = chain.first == "self" && chain.count > 1 ? chain[1] : chain[0]
                    if let ancestor = notifying[name] { return ancestor }
                }
            default:
                continue
            }
        }
        return nil
    }

    /// The first read of a `notifying` member through the wrapper property, anywhere in the type
    /// that declares it and its extensions: `m.x`, `self.m.x`, `$m.x`, `m[i]` through a subscript
    /// that reads one, or inside an interpolation; a member none of the classes declares (a
    /// protocol extension's, a library's), read as `m.x`, and the wrapper's value handed on
    /// (`header(for: m)`, `let m2 = m`) may show anything: they count against `farthest`, the
    /// farthest ancestor publishing state.
    private func firstRead(through wrapper: Site, of notifying: [String: DeclarationID], declared: Set<String>,
                           farthest: DeclarationID, modelNames: Set<String>) -> SubclassTie? {
        guard let variableID = wrapper.ownerID, let property = types.declaration(variableID).bindings.first?.name,
              let enclosing = types.enclosingTypeLike(variableID) else { return nil }
        let holder = types.extendedType(enclosing) ?? enclosing
        let containers = [holder] + (types.symbol(holder)?.extensions ?? [])
        for container in containers {
            let file = index.files[container.file]
            let tokens = file.tokens
            let range = types.declaration(container).tokens
            for position in range {
                switch tokens[position].kind {
                case .identifier, .dollarIdentifier:
                    let text = file.source.text(position)
                    guard text == property || text == "$" + property, position + 1 < range.upperBound else { continue }
                    let isSelfMember = position >= 2 && tokens[position - 1].kind == .period && tokens[position - 2].word == .self
                    guard isSelfMember || position == 0 || tokens[position - 1].kind != .period else { continue }
                    if tokens[position + 1].kind == .leftSquare, text == property {
                        // `m[keyPath: path]` reads whatever the path names.
                        let byKeyPath = position + 3 < range.upperBound && file.source.tokenText(position + 2, equals: "keyPath")
                            && tokens[position + 3].kind == .colon
                        if let ancestor = byKeyPath ? farthest : notifying[Self.subscriptName] {
                            return .readsInheritedState(reader: holder, wrapper: property, member: "\(property)[…]", ancestor: ancestor,
                                                        file: container.file, token: position)
                        }
                        continue
                    }
                    guard position + 2 < range.upperBound, tokens[position + 1].kind == .period, tokens[position + 2].kind == .identifier else {
                        if handsOn(position, valueStart: isSelfMember ? position - 2 : position, wrapper: variableID,
                                   fileIndex: container.file, modelNames: modelNames, within: range) {
                            return .handsOnInheritedState(reader: holder, wrapper: property, ancestor: farthest,
                                                          file: container.file, token: position)
                        }
                        continue
                    }
                    let member = file.source.text(position + 2)
                    if let ancestor = notifying[member] {
                        return .readsInheritedState(reader: holder, wrapper: property, member: member, ancestor: ancestor,
                                                    file: container.file, token: position + 2)
                    }
                    if !declared.contains(member), !Self.identityMembers.contains(member), text == property {
                        return .readsInheritedState(reader: holder, wrapper: property, member: member, ancestor: farthest,
                                                    file: container.file, token: position + 2)
                    }
                case .stringLiteral:
                    for chain in StringInterpolation.chains(in: file.source.text(position)) {
                        let start = chain.first == "self" ? 1 : 0
                        guard chain.count > start + 1, chain[start] == property || chain[start] == "$" + property,
                              let ancestor = notifying[chain[start + 1]] else { continue }
                        return .readsInheritedState(reader: holder, wrapper: property, member: chain[start + 1], ancestor: ancestor,
                                                    file: container.file, token: position)
                    }
                default:
                    continue
                }
            }
        }
        return nil
    }

    /// Whether the wrapper property's name at `position`, followed by no member access, hands its
    /// value on: an argument, the value of a local, a returned value. Not the property's own
    /// declaration, an assignment to it, a mention inside an initializer (where the name is
    /// mostly the parameter the property is set from), an argument `label: m` of a type of the
    /// tree whose property `label` holds it with `@ObservedObject` or `@StateObject` (a child
    /// view: that wrapper is a site of its own, whose reads are looked at there), or the argument
    /// of `.environmentObject(m)`, read below through `@EnvironmentObject` wrappers likewise.
    private func handsOn(_ position: Int, valueStart: Int, wrapper: DeclarationID, fileIndex: Int, modelNames: Set<String>,
                         within range: Range<Int>) -> Bool {
        let file = index.files[fileIndex]
        let tokens = file.tokens
        if fileIndex == wrapper.file, file.declarations[wrapper.declaration].tokens.contains(position) { return false }
        // `m = …` sets it; `m:` is an argument label or a declaration's name, not the value.
        if position + 1 < tokens.count, tokens[position + 1].kind == .equal || tokens[position + 1].kind == .colon { return false }
        // A closure parameter of that name (`ForEach(rows) { model in label(model) }`) is another value.
        if valueStart == position, closureBinds(file.source.text(position), around: position, within: range, file) { return false }
        let valueEnd = position
        let position = valueStart
        var owner = index.typer.owner(file: fileIndex, token: position)
        let scope = owner.map { DeclarationID(file: fileIndex, declaration: $0) }
        while let current = owner {
            if file.declarations[current].kind == .initializer { return false }
            owner = file.declarations[current].parent
        }
        // `.environmentObject(m)`: the views below read it through `@EnvironmentObject` wrappers,
        // sites of their own.
        if position >= 2, tokens[position - 1].kind == .leftParen, file.source.tokenText(position - 2, equals: "environmentObject"),
           valueEnd + 1 < tokens.count, tokens[valueEnd + 1].kind == .rightParen {
            return false
        }
        if let scope, position >= 2, tokens[position - 1].kind == .colon, tokens[position - 2].kind == .identifier,
           valueEnd + 1 < tokens.count, tokens[valueEnd + 1].kind == .comma || tokens[valueEnd + 1].kind == .rightParen,
           let callee = calleeType(enclosing: position - 2, file, from: scope),
           let property = types.variable(named: file.source.text(position - 2), of: callee) {
            let attributes = types.declaration(property).attributes
            if attributes.contains(where: { $0.baseName == "ObservedObject" || $0.baseName == "StateObject" }) { return false }
        }
        // `BadgeView(model)` through `init(_ model:)`: a view of the tree holding a model of this
        // class or an ancestor in such a wrapper takes it there.
        if let scope, position >= 1, tokens[position - 1].kind == .leftParen || tokens[position - 1].kind == .comma,
           valueEnd + 1 < tokens.count, tokens[valueEnd + 1].kind == .comma || tokens[valueEnd + 1].kind == .rightParen,
           let callee = calleeType(enclosing: position, file, from: scope),
           types.memberDeclarations(of: callee).contains(where: { member in
               let declaration = types.declaration(member)
               guard declaration.kind == .variable,
                     declaration.attributes.contains(where: { $0.baseName == "ObservedObject" || $0.baseName == "StateObject" }),
                     let annotation = declaration.bindings.first?.typeAnnotation else { return false }
               let memberFile = index.files[member.file]
               let written = memberFile.source.text(annotation.lowerBound)
               return annotation.count == 1 && modelNames.contains(written)
           }) {
            return false
        }
        return true
    }

    /// Whether a closure around `position` (inside `range`) names `name` in its signature.
    private func closureBinds(_ name: String, around position: Int, within range: Range<Int>, _ file: FileStructure) -> Bool {
        let tokens = file.tokens
        for brace in range.lowerBound..<position where tokens[brace].kind == .leftBrace && file.closing(brace) > position {
            guard var signature = file.closureSignature(inBlock: brace) else { continue }
            // A capture list (`[model] row in`) captures the property; it binds nothing new.
            if tokens[signature.lowerBound].kind == .leftSquare { signature = (file.closing(signature.lowerBound) + 1)..<signature.upperBound }
            if signature.contains(where: { tokens[$0].kind == .identifier && file.source.tokenText($0, equals: name) }) { return true }
        }
        return false
    }

    /// The tree's type whose initializer the call around `position` is: `Child(` or `Child.init(`.
    private func calleeType(enclosing position: Int, _ file: FileStructure, from scope: DeclarationID) -> DeclarationID? {
        let tokens = file.tokens
        guard let open = index.typer.enclosingParenthesis(of: position, in: file), open > 0 else { return nil }
        var name = open - 1
        if tokens[name].word == .`init`, name >= 2, tokens[name - 1].kind == .period { name -= 2 }
        // `ListView<Item, Row>(`: back over the generic arguments.
        if file.source.tokenText(name, equals: ">") || file.source.tokenText(name, equals: ">>") {
            var angles = 0
            repeat {
                let text = file.source.text(name)
                if text.allSatisfy({ $0 == ">" }) { angles += text.count }
                if text == "<" { angles -= 1 }
                name -= 1
            } while name > 0 && angles > 0
        }
        guard tokens[name].kind == .identifier, case .declared(let type) = types.resolve(file.source.text(name), from: scope) else { return nil }
        return type
    }

    /// A stored instance variable: no getter block, or only observers.
    private static func isStored(_ variable: Declaration) -> Bool {
        guard variable.kind == .variable, !variable.hasModifier(.static), !variable.hasModifier(.class) else { return false }
        return variable.bindings.allSatisfy { $0.accessorBlock == nil || $0.hasObservers }
    }
}
