/// A generic parameter: the declaration that introduces it (a type or a function) and its name.
public struct GenericKey: Hashable, Sendable {
    public var declaration: DeclarationID
    public var parameter: String
}

/// A generic parameter as people know it: its name and its declaration's qualified name.
public struct GenericParameterName: Equatable, Sendable {
    public var parameter: String
    /// The qualified name of the type or function that introduces the parameter.
    public var owner: String
    /// Whether the owner is a function (people read it as `owner(…)`).
    public var ownerIsFunction: Bool
}

/// What a constraint site constrains, for the message that names it.
public enum GenericSubject: Equatable, Sendable {
    /// A generic parameter the tool follows.
    case parameter(GenericParameterName)
    /// Nothing the tool follows: an existential, or a constraint it cannot attribute.
    case observableObject
    /// A wrapper's generic parameter constrained by a protocol from outside the tree.
    case unfollowedParameter(String)
    /// `extension ObservableObject { … }` (this declaration): its members reach the models they
    /// are used on.
    case protocolExtension(DeclarationID)
    /// `instance as? any ObservableObject` in the `_enclosingInstance` subscript of the property
    /// wrapper named: it casts the classes that apply the wrapper, and nothing else.
    case enclosingInstanceCast(wrapper: String)

    /// The extension of `ObservableObject` the site extends, when it is one.
    public var protocolExtension: DeclarationID? {
        if case .protocolExtension(let id) = self { return id }
        return nil
    }
}

/// Why the tool cannot say which models reach a generic parameter: facts, which the rule that
/// reports them turns into a sentence.
public indirect enum UntracedReason: Equatable, Sendable {
    /// `any`/`some ObservableObject`: values of any model can reach it.
    case existential
    /// The constraint is on no generic parameter of a type or function the tool follows.
    case unfollowedConstraint
    /// The generic parameter is not constrained where the tool can see it.
    case constraintNotVisible
    /// The declaration is public (or `@usableFromInline`), so code outside the tree may use it.
    case publicDeclaration(name: String)
    /// The declaration is public, and public code of the tree hands out models as `any` or `some
    /// ObservableObject` (`escaping`), which code outside the tree may pass to it, whichever they are.
    case publicExistential(name: String, escaping: String)
    /// Several types share the declaration's name.
    case ambiguousTypeName(String)
    /// The declaration is a protocol requirement, implemented elsewhere.
    case protocolRequirement(name: String)
    /// Several functions share the declaration's name.
    case ambiguousFunctionName(String)
    /// The tool does not follow uses of generic declarations of this kind.
    case unfollowedDeclarationKind(DeclarationKind)
    /// The name is used as a metatype, a static member, a function reference or an unreadable call.
    case unreadableUse(name: String)
    /// A call of the declaration has an empty argument.
    case emptyArgument(callee: String)
    /// A call passes the generic parameter inside another type (a closure, a collection…).
    case parameterInsideAnotherType(callee: String)
    /// A call leaves the parameter to be inferred from its context.
    case inferredFromContext(callee: String, parameter: String)
    /// A call matches none of the declaration's parameter lists.
    case noMatchingDeclaration(callee: String)
    /// A generic parameter the tool does not follow is passed to it.
    case unfollowedParameterPassed(String)
    /// The type of a value passed to it cannot be known.
    case unknownArgumentType
    /// Another parameter, itself reachable by any model, is passed to it.
    case passedFrom(GenericParameterName, because: UntracedReason)
}

/// Why the tool cannot say which models reach a generic parameter, with the place that shows it.
public struct UntracedUse: Error, Equatable, Sendable {
    public var reason: UntracedReason
    /// The file and token of the use the tool could not follow, when there is one.
    public var file: Int?
    public var token: Int?
}

/// Which models reach generic code constrained to `ObservableObject`.
public enum GenericReach: Equatable, Sendable {
    /// Any model of the tree may reach it (an existential, or a use the tool cannot follow).
    case everyUnit(UntracedUse)
    /// Exactly these units reach it; `foreign` names the types that reach it too and stay
    /// `ObservableObject` (third-party types, classes of the tree that are not models).
    case units([Int], foreign: [String])
}

extension GenericReach {
    /// What `units(_:foreign:)` names when the members of an extension of `ObservableObject`
    /// use `objectWillChange`, which keeps the extension on `ObservableObject` whoever reaches it.
    public static let objectWillChangeUser = "objectWillChange"
}

/// The reach of one constraint site (or of one wrapper over a constrained parameter).
public struct GenericCoupling: Equatable, Sendable {
    /// The parameter the site constrains, when it constrains one the tool follows.
    public var key: GenericKey?
    /// What the site constrains, as the message names it.
    public var subject: GenericSubject
    public var reach: GenericReach
    /// The units of `reach` that no use in the tree passes, only code outside the tree may
    /// (public models, for public code that keeps its constraint: `publicSenderReach`).
    public var onlyFromOutside: [Int] = []
}

/// Works out, for every generic parameter constrained to `ObservableObject`, which models reach
/// it: the types bound to it at every construction or call of its declaration (typed with the
/// `ExpressionTyper`), its explicit generic arguments (`PanelView<NavigatorModel>`), and through
/// other constrained parameters that are passed to it. Any use that cannot be typed, or a
/// declaration that may be used from outside the tree, leaves the parameter reachable by every
/// model, as an existential (`any ObservableObject`) always is.
struct GenericReachFinder {
    let index: TreeIndex
    let unitOf: [DeclarationID: Int]

    private var files: [FileStructure] { index.files }

    /// What one parameter's own uses bind it to, before other parameters' sets flow in.
    private struct Direct {
        var units = Set<Int>()
        var foreign = Set<String>()
        var edges = Set<GenericKey>()
        var untraced: UntracedUse?
        /// The units of `units` only code outside the tree may pass (`publicSenderReach`).
        var onlyFromOutside = Set<Int>()

        mutating func give(up reason: UntracedReason, file: Int? = nil, token: Int? = nil) {
            if untraced == nil { untraced = UntracedUse(reason: reason, file: file, token: token) }
        }
    }

    /// One parameter of an initializer, a memberwise initializer or a function, as far as
    /// matching arguments to it needs.
    private struct Parameter {
        var shape: ParameterShape
        /// The type is the generic parameter itself (`VM`, `VM?`).
        var binds: Bool
        /// The type names the generic parameter some other way (`[VM]`, `Binding<VM>`, `() -> VM`).
        var mentions: Bool
    }

    /// An initializer or function as a call may match it: its parameters, and the type an
    /// extension's `where Store == Model` fixes the generic parameter to, with the scope it is
    /// written in (`extension Panel where Store == Model { init() { … } }`: `Panel()` binds it).
    private struct Callable {
        var parameters: [Parameter]
        var fixed: (written: String, scope: DeclarationID)?
    }

    /// The couplings of the constraint sites and of the wrappers over constrained parameters,
    /// in the order given.
    ///
    /// `objectWillChange` holds the `objectWillChange` sites of no known model: a public
    /// declaration whose own code uses one on its parameter (`target.objectWillChange.send()` in
    /// `public func listen<Target: ObservableObject>(target: Target)`) keeps its constraint
    /// whoever calls it, so it is followed like an internal one (see `publicSenderReach`).
    func couplings(constraints: [Site], wrappers: [Site], objectWillChange: [Site] = [])
        -> (constraints: [GenericCoupling], wrappers: [GenericCoupling]) {
        let constraintKeys = constraints.map { constraintKey($0) }
        let wrapperKeys = wrappers.map { site -> GenericKey? in
            guard case .genericParameter(let name, _) = site.type, let variable = site.ownerID,
                  let parent = index.types.declaration(variable).parent else { return nil }
            return declaringKey(name, from: parent, file: site.file)
        }
        let tracked = Set(constraintKeys.compactMap { $0 })
        var reach: [GenericKey: GenericReach] = [:]
        var onlyFromOutside: [GenericKey: [Int]] = [:]
        if !tracked.isEmpty {
            let senders = Set(objectWillChange.compactMap { site -> GenericKey? in
                guard case .genericParameter(let name, _) = site.type, let owner = site.owner else { return nil }
                return declaringKey(name, from: owner, file: site.file)
            })
            let directs = directReach(of: tracked, publicSenders: senders)
            reach = propagate(directs)
            onlyFromOutside = directs.compactMapValues { $0.onlyFromOutside.isEmpty ? nil : $0.onlyFromOutside.sorted() }
        }
        func coupling(_ key: GenericKey?, site: Site) -> GenericCoupling {
            guard let key else {
                if let extensionID = protocolExtension(at: site) {
                    return GenericCoupling(key: nil, subject: .protocolExtension(extensionID), reach: protocolExtensionReach(extensionID))
                }
                if let (wrapper, direct) = enclosingInstanceCastReach(site) {
                    let reach: GenericReach = direct.untraced.map { .everyUnit($0) }
                        ?? .units(direct.units.sorted(), foreign: direct.foreign.sorted())
                    return GenericCoupling(key: nil, subject: .enclosingInstanceCast(wrapper: wrapper), reach: reach)
                }
                let reason: UntracedReason = isExistential(site) ? .existential : .unfollowedConstraint
                return GenericCoupling(key: nil, subject: .observableObject,
                                       reach: .everyUnit(UntracedUse(reason: reason, file: site.file, token: site.token)))
            }
            let found = reach[key] ?? .everyUnit(UntracedUse(reason: .constraintNotVisible, file: site.file, token: site.token))
            var outside = onlyFromOutside[key] ?? []
            if case .units(let reached, _) = found { outside = outside.filter(Set(reached).contains) } else { outside = [] }
            return GenericCoupling(key: key, subject: .parameter(name(of: key)), reach: found, onlyFromOutside: outside)
        }
        func wrapperCoupling(_ site: Site, _ key: GenericKey?) -> GenericCoupling {
            if let key, tracked.contains(key) { return coupling(key, site: site) }
            // `Manager: ImprovManagerProtocol`, a protocol from outside the tree that refines
            // ObservableObject: that constraint is not rewritten, so neither is the wrapper.
            if case .genericParameter(let name, let written) = site.type, !written.isEmpty,
               !written.contains(where: { $0.contains("ObservableObject") }) {
                return GenericCoupling(key: key, subject: .unfollowedParameter(name), reach: .units([], foreign: written))
            }
            return coupling(nil, site: site)
        }
        return (zip(constraints, constraintKeys).map { coupling($1, site: $0) }, zip(wrappers, wrapperKeys).map(wrapperCoupling))
    }

    /// The parameter and its declaration's qualified name.
    func name(of key: GenericKey) -> GenericParameterName {
        let declaration = index.types.declaration(key.declaration)
        let owner = index.types.symbol(key.declaration)?.qualifiedName ?? declaration.name
        return GenericParameterName(parameter: key.parameter, owner: owner, ownerIsFunction: declaration.kind == .function)
    }

    // MARK: - Which parameter a site constrains

    private func isExistential(_ site: Site) -> Bool {
        let tokens = files[site.file].tokens
        var start = site.token
        if start >= 2, tokens[start - 1].kind == .period { start -= 2 }
        return start > 0 && (tokens[start - 1].word == .some || tokens[start - 1].word == .any)
    }

    /// `VM` of the declaration that introduces it, for `<VM: ObservableObject>`,
    /// `<VM: P & ObservableObject>` and `where VM: ObservableObject`.
    private func constraintKey(_ site: Site) -> GenericKey? {
        let file = files[site.file]
        let tokens = file.tokens
        var index = site.token
        if index >= 2, tokens[index - 1].kind == .period, tokens[index - 2].kind == .identifier { index -= 2 }  // Combine.ObservableObject
        index -= 1
        // Earlier members of a composition: `P & Q & ObservableObject`.
        while index > 0, isAmpersand(index, in: file) {
            index -= 1
            while index > 0, tokens[index].kind == .identifier || tokens[index].kind == .period { index -= 1 }
        }
        guard index > 0, tokens[index].kind == .colon, tokens[index - 1].kind == .identifier,
              let owner = site.owner else { return nil }
        let name = file.source.text(index - 1)
        return declaringKey(name, from: owner, file: site.file)
    }

    private func isAmpersand(_ index: Int, in file: FileStructure) -> Bool {
        let token = file.tokens[index]
        return token.kind.isOperator && token.end - token.start == 1 && file.source.bytes[Int(token.start)] == UInt8(ascii: "&")
    }

    /// The declaration (from `declaration` outwards) whose generic parameter `name` is; through
    /// an extension, the extended type's.
    private func declaringKey(_ name: String, from declaration: Int, file fileIndex: Int) -> GenericKey? {
        let file = files[fileIndex]
        var current: Int? = declaration
        while let position = current {
            let candidate = file.declarations[position]
            if candidate.genericParameters.contains(where: { $0.name == name }) {
                return GenericKey(declaration: DeclarationID(file: fileIndex, declaration: position), parameter: name)
            }
            if candidate.kind == .extension, let target = index.types.extendedType(DeclarationID(file: fileIndex, declaration: position)),
               index.types.declaration(target).genericParameters.contains(where: { $0.name == name }) {
                return GenericKey(declaration: target, parameter: name)
            }
            current = candidate.parent
        }
        return nil
    }

    // MARK: - Extensions of ObservableObject itself

    /// The extension whose extended type `site` names, `extension ObservableObject { … }` (not
    /// a constraint inside one).
    private func protocolExtension(at site: Site) -> DeclarationID? {
        let file = files[site.file]
        guard let position = file.declarations.firstIndex(where: { $0.kind == .extension && $0.nameTokens.contains(site.token) })
        else { return nil }
        return DeclarationID(file: site.file, declaration: position)
    }

    /// The models the members of `extension ObservableObject { … }` are used on: the typed
    /// receiver of `m.member`, or the type whose own code calls `member` on itself. Types that
    /// are not models of the tree stay `ObservableObject` and keep the extension as it is. A use
    /// the typer cannot follow leaves it reachable by every model, as a public extension that
    /// models of the tree reach is (code outside the tree may use it on other models).
    private func protocolExtensionReach(_ extensionID: DeclarationID) -> GenericReach {
        let file = files[extensionID.file]
        let members = file.members(of: extensionID.declaration).map { file.declarations[$0] }
        var direct = Direct()
        for (name, uses) in occurrences(of: Set(members.map(\.name).filter { !$0.isEmpty })) {
            for (fileIndex, token) in uses {
                extensionMemberUse(name, at: token, file: fileIndex, in: extensionID, into: &direct)
                if let untraced = direct.untraced { return .everyUnit(untraced) }
            }
        }
        // Members that use `objectWillChange` have no Observable twin: the extension stays.
        if let body = file.declarations[extensionID.declaration].body,
           body.contains(where: { file.tokens[$0].kind == .identifier && file.source.tokenText($0, equals: "objectWillChange") }) {
            direct.foreign.insert(GenericReach.objectWillChangeUser)
        }
        let isPublic = ([file.declarations[extensionID.declaration]] + members).contains(where: Self.isOpenToOtherModules)
        if isPublic, !direct.units.isEmpty {
            // Rewritten, a public extension would change under code outside the tree, whatever
            // models that code holds: it changes only with every model.
            guard !direct.foreign.isEmpty else {
                return .everyUnit(UntracedUse(reason: .publicDeclaration(name: "extension ObservableObject"), file: extensionID.file,
                                              token: file.declarations[extensionID.declaration].keyword))
            }
            // It stays `ObservableObject` whoever reaches it: the tree's models that use it stay
            // with it, and so do the public ones, which code outside the tree may use it on; an
            // internal model that nothing in the tree uses it on is free of it.
            direct.units.formUnion(publicModelUnits())
        }
        return .units(direct.units.sorted(), foreign: direct.foreign.sorted())
    }

    /// Whether code in other modules can see a declaration: `public`, `open` or `@usableFromInline`.
    private static func isOpenToOtherModules(_ declaration: Declaration) -> Bool {
        declaration.hasModifier(.public) || declaration.hasModifier(.open) || declaration.attribute(named: "usableFromInline") != nil
    }

    /// Whether code in other modules can use a declaration: its own modifiers, or those of the
    /// extension it is a member of (a member of `public extension` is public unless marked).
    private func isOpenToOtherModules(_ id: DeclarationID) -> Bool {
        let declaration = index.types.declaration(id)
        if Self.isOpenToOtherModules(declaration) { return true }
        guard let parent = declaration.parent else { return false }
        let enclosing = files[id.file].declarations[parent]
        return enclosing.kind == .extension && Self.isOpenToOtherModules(enclosing)
            && !declaration.hasModifier(.private) && !declaration.hasModifier(.fileprivate) && !declaration.hasModifier(.internal)
    }

    /// The units with a model class that code outside the tree may hold (declared `public`,
    /// `open` or `@usableFromInline`, whatever encloses it).
    private func publicModelUnits() -> Set<Int> {
        Set(unitOf.compactMap { classID, unit in isOpenToOtherModules(classID) ? unit : nil })
    }

    /// What one occurrence of a member name of an `ObservableObject` extension adds to its reach.
    private func extensionMemberUse(_ name: String, at token: Int, file fileIndex: Int, in extensionID: DeclarationID,
                                    into direct: inout Direct) {
        let file = files[fileIndex]
        let tokens = file.tokens
        // A declaration's own name (`func name`, `var name`) or an argument label is no use.
        if token > 0, [.func, .var, .let, .case].contains(tokens[token - 1].word) { return }
        if token + 1 < tokens.count, tokens[token + 1].kind == .colon { return }
        let receiver: ResolvedType
        let afterPeriod = token > 0 && tokens[token - 1].kind == .period
        let start = afterPeriod ? index.typer.postfixChainStart(endingBefore: token - 1, in: file) : token
        if afterPeriod, !(start == token - 2 && tokens[start].word == .self) {
            guard start < token - 1 else { return direct.give(up: .unreadableUse(name: name), file: fileIndex, token: token) }
            receiver = index.typer.typeOf(start..<(token - 1), file: fileIndex)
        } else {
            // `name(…)` or `self.name(…)` inside a type's own code calls it on `self`; outside
            // any type a bare name is a global of the same name.
            if afterPeriod, index.typer.owner(file: fileIndex, token: token) == nil {
                return direct.give(up: .unreadableUse(name: name), file: fileIndex, token: token)
            }
            let scope = DeclarationID(file: fileIndex, declaration: index.typer.owner(file: fileIndex, token: token) ?? -1)
            guard let enclosing = index.types.enclosingTypeLike(scope) else { return }
            guard let target = index.types.extendedType(enclosing) else {
                // Inside this extension: its own members calling each other. Inside another
                // extension of ObservableObject, a use on any class that stays one, or on any model.
                if enclosing == extensionID { return }
                return direct.give(up: .unreadableUse(name: name), file: fileIndex, token: token)
            }
            receiver = .declared(target)
        }
        switch receiver {
        case .declared(let type):
            if let unit = unitOf[type] { direct.units.insert(unit); return }
            // A protocol that is no model protocol (`self` in `extension Trackable where Self:
            // ObservableObject`) may be any model conforming to it.
            if index.types.declaration(type).kind == .protocol {
                return direct.give(up: .unreadableUse(name: name), file: fileIndex, token: token)
            }
            // The type's own member of that name is not the extension's.
            let ownMember = index.typer.firstMember(of: type) { _, declaration, _ in declaration.name == name ? Typed(.unknown) : nil }
            if ownMember == nil { direct.foreign.insert(index.types.declaration(type).name) }
        case .external(let written):
            direct.foreign.insert(written)
        default:
            direct.give(up: .unreadableUse(name: name), file: fileIndex, token: token)
        }
    }

    // MARK: - Uses of each generic declaration

    /// The name the declaration is used by, or why its uses cannot all be found.
    private func useName(of key: GenericKey, baseNameCounts: [String: Int], functionCounts: [String: Int],
                         followingPublic: Bool = false, namesakesFollowed: Bool = false) -> Result<String, UntracedUse> {
        let declaration = index.types.declaration(key.declaration)
        if !followingPublic, isOpenToOtherModules(key.declaration) {
            return .failure(UntracedUse(reason: .publicDeclaration(name: declaration.name)))
        }
        switch declaration.kind {
        case .class, .struct, .enum, .actor:
            if (baseNameCounts[declaration.name] ?? 0) > 1 {
                return .failure(UntracedUse(reason: .ambiguousTypeName(declaration.name)))
            }
            return .success(declaration.name)
        case .function:
            // Called without its name: `value(…)` runs `callAsFunction`, `@dynamicCallable`'s
            // `dynamicallyCall`, and an operator's name is no identifier (`model ~> pinger`).
            if Self.callsWithoutName.contains(declaration.name) || !(declaration.name.first.map { $0 == "_" || $0.isLetter } ?? false) {
                return .failure(UntracedUse(reason: .unreadableUse(name: declaration.name)))
            }
            if let parent = declaration.parent, files[key.declaration.file].declarations[parent].kind == .protocol {
                return .failure(UntracedUse(reason: .protocolRequirement(name: declaration.name)))
            }
            if !namesakesFollowed, (functionCounts[declaration.name] ?? 0) > 1 {
                return .failure(UntracedUse(reason: .ambiguousFunctionName(declaration.name)))
            }
            return .success(declaration.name)
        default:
            return .failure(UntracedUse(reason: .unfollowedDeclarationKind(declaration.kind)))
        }
    }

    /// What each parameter's own uses bind it to. `publicSenders` are the parameters whose
    /// declaration's code uses their `objectWillChange`: when public, they are followed anyway.
    private func directReach(of keys: Set<GenericKey>, publicSenders: Set<GenericKey>) -> [GenericKey: Direct] {
        // Names are counted once for the tree, only when some parameter needs them.
        var baseNameCounts: [String: Int] = [:]
        for symbol in index.types.types where symbol.kind != .typealias && symbol.kind != .protocol {
            baseNameCounts[symbol.path.last ?? "", default: 0] += 1
        }
        var functionCounts: [String: Int] = [:]
        let functionNames = Set(keys.map { index.types.declaration($0.declaration) }.filter { $0.kind == .function }.map(\.name))
        if !functionNames.isEmpty {
            for file in files {
                for declaration in file.declarations where declaration.kind == .function && functionNames.contains(declaration.name) {
                    functionCounts[declaration.name, default: 0] += 1
                }
            }
        }
        let namesakes = followedNamesakes(of: keys, functionCounts: functionCounts, publicSenders: publicSenders)
        var result: [GenericKey: Direct] = [:]
        var names: [GenericKey: String] = [:]
        var followed = Set<GenericKey>()
        for key in keys {
            if let direct = enclosingInstanceReach(of: key) {
                result[key] = direct
                continue
            }
            let declaration = index.types.declaration(key.declaration)
            let following = publicSenders.contains(key) && isOpenToOtherModules(key.declaration)
            switch useName(of: key, baseNameCounts: baseNameCounts, functionCounts: functionCounts, followingPublic: following,
                           namesakesFollowed: declaration.kind == .function && namesakes[declaration.name] != nil) {
            case .success(let name):
                names[key] = name
                if following { followed.insert(key) }
            case .failure(let untraced): result[key] = Direct(untraced: untraced)
            }
        }
        let occurrences = self.occurrences(of: Set(names.values))
        let interpolated = interpolations(naming: Set(names.values))
        // Read once for the tree, and only when some public declaration is followed.
        let exposure = followed.isEmpty ? nil : publicExistentialExposure()
        for (key, name) in names {
            var direct = Direct()
            // A call of a name several followed functions share may be any of them: each gets
            // every call's models (more coupling, never less).
            let others = (namesakes[name] ?? []).filter { $0.declaration != key.declaration }
            let callables = self.callables(of: key) + others.flatMap { self.callables(of: $0) }
            if let (fileIndex, token) = interpolated[name] {
                // `"\(pinger.listen(target: model))"`: a call inside a string, which the
                // tokens do not show.
                direct.give(up: .unreadableUse(name: name), file: fileIndex, token: token)
            }
            for (fileIndex, token) in occurrences[name] ?? [] where direct.untraced == nil {
                use(at: token, file: fileIndex, of: key, callables: callables, tracked: keys, into: &direct)
                if direct.untraced != nil { break }
            }
            if followed.contains(key), direct.untraced == nil {
                if let escaping = exposure {
                    direct.give(up: .publicExistential(name: index.types.declaration(key.declaration).name, escaping: escaping.name),
                                file: escaping.file, token: escaping.token)
                } else {
                    publicSenderReach(into: &direct)
                }
            }
            result[key] = direct
        }
        return result
    }

    /// Functions a call reaches without spelling their name: `value(…)`, `@dynamicCallable`, a
    /// result builder's transforms, a string interpolation's segments.
    static let callsWithoutName: Set<String> = [
        "callAsFunction", "dynamicallyCall", "appendInterpolation", "appendLiteral", "buildBlock", "buildExpression",
        "buildOptional", "buildEither", "buildArray", "buildLimitedAvailability", "buildFinalResult", "buildPartialBlock",
        "buildIf", "buildDo",
    ]

    /// The first interpolated string literal (`"\(…)"`, one token) whose text names each of
    /// `names` as a whole word: a use of it the tokens do not show.
    private func interpolations(naming names: Set<String>) -> [String: (file: Int, token: Int)] {
        guard !names.isEmpty else { return [:] }
        var found: [String: (file: Int, token: Int)] = [:]
        for (fileIndex, file) in files.enumerated() {
            for position in file.tokens.indices where file.tokens[position].kind == .stringLiteral {
                let text = String(file.source.text(position))
                guard text.contains("\\") else { continue }
                for name in names where found[name] == nil && Self.containsWord(name, in: text) { found[name] = (fileIndex, position) }
            }
        }
        return found
    }

    /// Whether `text` holds `name` with no identifier character (ASCII letter, digit, `_`, or
    /// any non-ASCII byte) on either side.
    private static func containsWord(_ name: String, in text: String) -> Bool {
        let bytes = Array(text.utf8), word = Array(name.utf8)
        guard !word.isEmpty, bytes.count >= word.count else { return false }
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
        }
        for start in 0...(bytes.count - word.count) where bytes[start] == word[0] && bytes[start..<(start + word.count)].elementsEqual(word) {
            let end = start + word.count
            if (start == 0 || !isIdentifierByte(bytes[start - 1])) && (end == bytes.count || !isIdentifierByte(bytes[end])) { return true }
        }
        return false
    }

    /// The function names that several generic functions share, each of them followed (not a
    /// protocol requirement; internal, or public code that keeps its constraint), with no other
    /// function of that name in the tree: `listen(target:in:)` of both `AsyncList` and
    /// `AsyncValue`. Their calls, read by name, are followed for all of them together.
    private func followedNamesakes(of keys: Set<GenericKey>, functionCounts: [String: Int],
                                   publicSenders: Set<GenericKey>) -> [String: [GenericKey]] {
        var byName: [String: [GenericKey]] = [:]
        for key in keys {
            let declaration = index.types.declaration(key.declaration)
            guard declaration.kind == .function, (functionCounts[declaration.name] ?? 0) > 1 else { continue }
            byName[declaration.name, default: []].append(key)
        }
        return byName.filter { name, group in
            Set(group.map(\.declaration)).count == functionCounts[name] && group.allSatisfy { key in
                let declaration = index.types.declaration(key.declaration)
                if let parent = declaration.parent, files[key.declaration.file].declarations[parent].kind == .protocol { return false }
                return !isOpenToOtherModules(key.declaration) || publicSenders.contains(key)
            }
        }.mapValues { $0.sorted { ($0.declaration, $0.parameter) < ($1.declaration, $1.parameter) } }
    }

    /// The first public declaration of the tree whose signature names `ObservableObject` as a
    /// type a value may have (`public func makeModel() -> any ObservableObject`, `some P &
    /// ObservableObject`, `case model(any ObservableObject)`, `associatedtype M: ObservableObject`,
    /// a requirement of a public protocol), not as the constraint of its own generic parameter:
    /// through it, code outside the tree may hold an internal model and pass it on (Swift opens an
    /// existential at the call). A model handed out as `Any` or `AnyObject` and cast back is not
    /// looked for.
    private func publicExistentialExposure() -> (name: String, file: Int, token: Int)? {
        let kinds: Set<DeclarationKind> = [.function, .variable, .subscript, .initializer, .typealias, .enumCase, .associatedtype]
        for (fileIndex, file) in files.enumerated() {
            for (position, declaration) in file.declarations.enumerated() where kinds.contains(declaration.kind) {
                let id = DeclarationID(file: fileIndex, declaration: position)
                // A protocol's requirements and an enum's cases are as visible as their type.
                let inheritsAccess = declaration.parent.map { parent in
                    let enclosing = file.declarations[parent]
                    return (enclosing.kind == .protocol || (enclosing.kind == .enum && declaration.kind == .enumCase))
                        && isOpenToOtherModules(DeclarationID(file: fileIndex, declaration: parent))
                } ?? false
                guard inheritsAccess || isOpenToOtherModules(id) else { continue }
                let signature = declaration.tokens.lowerBound..<(declaration.body?.lowerBound ?? declaration.tokens.upperBound)
                for token in signature where file.source.tokenText(token, equals: "ObservableObject")
                    && !constrainsOwnParameter(token, of: declaration, in: file) {
                    return (declaration.name, fileIndex, token)
                }
            }
        }
        return nil
    }

    /// Whether the `ObservableObject` at `token` constrains a generic parameter of `declaration`
    /// (`<T: ObservableObject>`, `<T: P & ObservableObject>`, `where T: ObservableObject`).
    private func constrainsOwnParameter(_ token: Int, of declaration: Declaration, in file: FileStructure) -> Bool {
        if let clause = declaration.whereClause, clause.contains(token) { return true }
        let tokens = file.tokens
        var index = token - 1
        // `Combine.ObservableObject`, and the earlier members of a composition `P & Q.R & …`.
        while index > 1 {
            if tokens[index].kind == .period, tokens[index - 1].kind == .identifier { index -= 2; continue }
            let text = file.source.text(index)
            if tokens[index].kind.isOperator, text == "&", tokens[index - 1].kind == .identifier { index -= 2; continue }
            break
        }
        guard index > 0, tokens[index].kind == .colon, tokens[index - 1].kind == .identifier else { return false }
        let name = file.source.text(index - 1)
        return declaration.genericParameters.contains { $0.name == name }
    }

    /// A public declaration whose own code uses its parameter's `objectWillChange` stays
    /// `ObservableObject` whoever calls it (Observable has no such publisher), so rewriting it
    /// never changes code outside the tree. Besides the models the tree passes it, it may be
    /// handed the models that code can name, the public ones (as an extension of
    /// `ObservableObject` is, `protocolExtensionReach`): an internal model the tree never
    /// passes it is free of it.
    private func publicSenderReach(into direct: inout Direct) {
        direct.onlyFromOutside = publicModelUnits().subtracting(direct.units)
        direct.units.formUnion(direct.onlyFromOutside)
        direct.foreign.insert(GenericReach.objectWillChangeUser)
    }

    /// A property wrapper's `_enclosingInstance` subscript is called with the classes that apply
    /// the wrapper, and nothing else: those classes are its reach. Nil for any other declaration.
    private func enclosingInstanceReach(of key: GenericKey) -> Direct? {
        guard index.types.declaration(key.declaration).kind == .subscript,
              let subscriptDeclaration = EnclosingInstanceSubscript(holding: key.declaration, index.types),
              subscriptDeclaration.declaration == key.declaration else { return nil }
        return applyingReach(subscriptDeclaration)
    }

    /// `instance as? any ObservableObject` (`as!`, `is`, `Combine.ObservableObject`) inside a
    /// property wrapper's `_enclosingInstance` subscript, `instance` being the subscript's
    /// enclosing-instance parameter: the existential meets only the classes applying the wrapper
    /// (protonpass's `@KeychainStorage` casts one model, yet held all 72 units of the app). The wrapper's name
    /// and that reach; nil for any other existential.
    private func enclosingInstanceCastReach(_ site: Site) -> (wrapper: String, reach: Direct)? {
        guard let ownerID = site.ownerID, let subscriptDeclaration = EnclosingInstanceSubscript(holding: ownerID, index.types) else { return nil }
        let file = files[site.file]
        let tokens = file.tokens
        var start = site.token
        if start >= 2, tokens[start - 1].kind == .period, tokens[start - 2].kind == .identifier { start -= 2 }
        guard start >= 3, tokens[start - 1].word == .any else { return nil }
        var cast = start - 2
        if tokens[cast].kind == .postfixQuestionMark || tokens[cast].kind == .exclamationMark
            || file.source.tokenText(cast, equals: "?") || file.source.tokenText(cast, equals: "!") {
            cast -= 1
        }
        guard cast >= 1, tokens[cast].word == .as || tokens[cast].word == .is,
              tokens[cast - 1].kind == .identifier, file.source.tokenText(cast - 1, equals: subscriptDeclaration.instanceName),
              cast < 2 || tokens[cast - 2].kind != .period else { return nil }
        return (index.types.declaration(subscriptDeclaration.wrapper).name, applyingReach(subscriptDeclaration))
    }

    /// The units of the classes applying the wrapper whose enclosing-instance subscript this is,
    /// the other types applying it, and code outside the tree when the wrapper is public.
    private func applyingReach(_ subscriptDeclaration: EnclosingInstanceSubscript) -> Direct {
        var direct = Direct()
        guard let applying = subscriptDeclaration.applyingTypes(index.types) else {
            direct.give(up: .unreadableUse(name: index.types.declaration(subscriptDeclaration.wrapper).name))
            return direct
        }
        for type in applying {
            if let unit = unitOf[type] { direct.units.insert(unit) } else { direct.foreign.insert(index.types.declaration(type).name) }
        }
        // Code outside the tree may apply a public wrapper to classes that stay ObservableObject.
        if subscriptDeclaration.isOpenToOtherModules(index.types) {
            direct.foreign.insert("classes outside the tree applying @\(index.types.declaration(subscriptDeclaration.wrapper).name)")
        }
        return direct
    }

    /// Every identifier token spelling one of `names` (plain names: no `$`), per name, in file and token order.
    private func occurrences(of names: Set<String>) -> [String: [(file: Int, token: Int)]] {
        index.types.identifierOccurrences(of: names, unquoting: true)
    }

    /// The initializers of a generic type (its own, its extensions', and a struct's memberwise
    /// one when it declares none), or the generic function itself, as parameter lists.
    private func callables(of key: GenericKey) -> [Callable] {
        let types = index.types
        let declaration = types.declaration(key.declaration)
        let file = files[key.declaration.file]
        if declaration.kind == .function {
            return [Callable(parameters: parameters(of: declaration, in: file, generic: key.parameter))]
        }
        var result: [Callable] = []
        var ownInitializer = false
        var containers = [key.declaration]
        containers += types.symbol(key.declaration)?.extensions ?? []
        for container in containers {
            let containerFile = files[container.file]
            let fixed = container == key.declaration ? nil : fixedType(of: key.parameter, in: container)
            for member in containerFile.members(of: container.declaration) where containerFile.declarations[member].kind == .initializer {
                result.append(Callable(parameters: parameters(of: containerFile.declarations[member], in: containerFile, generic: key.parameter),
                                       fixed: fixed.map { ($0, DeclarationID(file: container.file, declaration: member)) }))
                if container == key.declaration { ownInitializer = true }
            }
        }
        if declaration.kind == .struct, !ownInitializer {
            var memberwise: [Parameter] = []
            for member in file.members(of: key.declaration.declaration) {
                let variable = file.declarations[member]
                guard variable.kind == .variable, !variable.hasModifier(.static), !variable.hasModifier(.class) else { continue }
                for binding in variable.bindings {
                    guard let name = binding.name, binding.accessorBlock == nil || binding.hasObservers else { continue }
                    let written = binding.typeAnnotation.map { file.compactText($0) } ?? ""
                    let mentions = binding.typeAnnotation.map { names(key.parameter, in: $0, file: file) } ?? false
                    // Wrappers other than these two take the wrapper's own type in the memberwise
                    // initializer (`Binding<VM>`), so the parameter is only mentioned there.
                    let wrapped = variable.attributes.contains { !["ObservedObject", "StateObject"].contains(String($0.baseName)) }
                    let binds = !wrapped && isExactly(key.parameter, written)
                    memberwise.append(Parameter(shape: ParameterShape(label: name, hasDefault: binding.initializer != nil || !variable.attributes.isEmpty,
                                                                      isVariadic: false),
                                                binds: binds, mentions: mentions && !binds))
                }
            }
            result.append(Callable(parameters: memberwise))
        }
        return result
    }

    /// The type an extension's `where` clause fixes the generic parameter to (`where Store ==
    /// Model`, either side), as written.
    private func fixedType(of parameter: String, in extensionID: DeclarationID) -> String? {
        let file = files[extensionID.file]
        guard let clause = file.declarations[extensionID.declaration].whereClause else { return nil }
        let tokens = file.tokens
        var start = clause.lowerBound + 1
        while start < clause.upperBound {
            var end = start
            while end < clause.upperBound, tokens[end].kind != .comma { end += 1 }
            // One requirement: `Store == Model` or `Model == Store`.
            if let equals = (start..<end).first(where: { file.source.tokenText($0, equals: "==") }), equals > start, equals + 1 < end {
                let left = file.compactText(start..<equals), right = file.compactText((equals + 1)..<end)
                if left == parameter { return right }
                if right == parameter { return left }
            }
            start = end + 1
        }
        return nil
    }

    /// Whether the generic type of `key` is a property wrapper whose `wrappedValue` is declared as
    /// the parameter itself (`T`, `T?`, `T!`): applying it to a property binds the parameter to
    /// that property's type.
    private func wrappedValueIsParameter(of key: GenericKey) -> Bool {
        let declaration = index.types.declaration(key.declaration)
        guard declaration.attribute(named: "propertyWrapper") != nil,
              let wrappedValue = index.types.variable(named: "wrappedValue", of: key.declaration),
              let annotation = index.types.declaration(wrappedValue).bindings.first?.typeAnnotation else { return false }
        return isExactly(key.parameter, files[wrappedValue.file].compactText(annotation))
    }

    private func isExactly(_ parameter: String, _ written: String) -> Bool {
        written == parameter || written == parameter + "?" || written == parameter + "!"
    }

    private func names(_ parameter: String, in range: Range<Int>, file: FileStructure) -> Bool {
        range.contains { file.tokens[$0].kind == .identifier && file.source.tokenText($0, equals: parameter) }
    }

    /// The parameters of a function or initializer, read from its parameter clause.
    private func parameters(of declaration: Declaration, in file: FileStructure, generic: String) -> [Parameter] {
        guard let clause = declaration.parameters else { return [] }
        return file.clauseParameters(clause).map { parameter in
            let binds = isExactly(generic, file.compactText(parameter.type))
            return Parameter(shape: parameter.shape, binds: binds, mentions: !binds && names(generic, in: parameter.type, file: file))
        }
    }

    private func isLessThan(_ index: Int, in file: FileStructure) -> Bool {
        let token = file.tokens[index]
        return token.kind.isOperator && file.source.bytes[Int(token.start)] == UInt8(ascii: "<")
    }

    /// Whether token `token` lies inside the declaration `target` or an extension of it, where a
    /// bare name means the type itself with its own parameters.
    private func isInside(_ target: DeclarationID, token: Int, file fileIndex: Int) -> Bool {
        var current = index.typer.owner(file: fileIndex, token: token)
        let file = files[fileIndex]
        while let position = current {
            let id = DeclarationID(file: fileIndex, declaration: position)
            if id == target { return true }
            if file.declarations[position].kind == .extension, index.types.extendedType(id) == target { return true }
            current = file.declarations[position].parent
        }
        return false
    }

    /// Reads one occurrence of the generic declaration's name.
    private func use(at token: Int, file fileIndex: Int, of key: GenericKey, callables: [Callable], tracked: Set<GenericKey>,
                     into direct: inout Direct) {
        let file = files[fileIndex]
        let tokens = file.tokens
        let owner = index.typer.owner(file: fileIndex, token: token)
        if let owner, file.declarations[owner].nameTokens.contains(token) { return }  // The declaration, or an extension of it.
        let declaration = index.types.declaration(key.declaration)
        let isType = declaration.kind != .function
        let name = declaration.name
        let next = token + 1
        guard next < tokens.count else { return }
        func giveUp() {
            direct.give(up: .unreadableUse(name: name), file: fileIndex, token: token)
        }
        if isType, isLessThan(next, in: file) {
            // `PanelView<NavigatorModel>`: the argument in the parameter's position.
            // Split as text: the closing token of a nested list (`Array<Entity<A, B>>`) holds the
            // inner list's `>` too, so the tokens before it do not balance on their own.
            guard let close = file.closingAngle(from: next),
                  let position = declaration.genericParameters.firstIndex(where: { $0.name == key.parameter }),
                  let arguments = ExpressionTyper.genericArguments(of: "\(name)<\(file.angleArgument(from: next, closing: close))>")?.arguments,
                  arguments.count == declaration.genericParameters.count else { return giveUp() }
            let scope = DeclarationID(file: fileIndex, declaration: owner ?? -1)
            classify(index.types.resolve(arguments[position], from: scope), at: next + 1, file: fileIndex,
                     key: key, tracked: tracked, into: &direct)
            return
        }
        if isType, token > 0, tokens[token - 1].kind == .atSign {
            // `@ObservedOptionalObject var solve: Solve?`: a property wrapper applied to a
            // property binds the parameter its `wrappedValue` is declared as to the property's type.
            // Without an annotation the initial value's type decides, which the typer may read
            // as a library wrapper (`Optional(feed)`): not followed.
            guard let owner, file.declarations[owner].kind == .variable, wrappedValueIsParameter(of: key),
                  let annotation = file.declarations[owner].bindings.first?.typeAnnotation else { return giveUp() }
            var written = file.compactText(annotation)
            if written.hasSuffix("?") || written.hasSuffix("!") { written.removeLast() }
            let scope = DeclarationID(file: fileIndex, declaration: file.declarations[owner].parent ?? -1)
            classify(index.types.resolve(written, from: scope), at: token, file: fileIndex, key: key, tracked: tracked, into: &direct)
            return
        }
        var open: Int?
        if tokens[next].kind == .leftParen {
            open = next
        } else if isType, tokens[next].kind == .period, next + 2 < tokens.count, tokens[next + 1].word == .`init`,
                  tokens[next + 2].kind == .leftParen {
            open = next + 2
        }
        guard let open else {
            // Inside the type, a bare name is the type itself (`Self`), with its own parameter.
            if isType, isInside(key.declaration, token: token, file: fileIndex) { return }
            return giveUp()
        }
        call(open: open, file: fileIndex, key: key, callables: callables, tracked: tracked, into: &direct)
    }

    /// A call of the generic function or an initializer of the generic type: the arguments
    /// given for parameters typed by the generic parameter.
    private func call(open: Int, file fileIndex: Int, key: GenericKey, callables: [Callable], tracked: Set<GenericKey>,
                      into direct: inout Direct) {
        let file = files[fileIndex]
        let name = index.types.declaration(key.declaration).name
        guard let arguments = file.callArguments(open: open) else {
            return direct.give(up: .emptyArgument(callee: name), file: fileIndex, token: open)
        }
        let hasTrailingClosure = file.hasTrailingClosure(afterArgumentsAt: open)
        var matched = false
        for callable in callables {
            let parameters = callable.parameters
            guard let pairs = ParameterShape.match(arguments.map(\.label), to: parameters.map(\.shape), trailingClosure: hasTrailingClosure)
            else { continue }
            matched = true
            var bound = false
            if let (written, scope) = callable.fixed {
                // An initializer of `extension Panel where Store == Model`: the call is a `Panel<Model>`.
                let type = index.types.resolve(written, from: scope)
                if case .genericParameter = type {
                    // Another parameter, of the extension's scope, not of the call's.
                    return direct.give(up: .unknownArgumentType, file: fileIndex, token: open)
                }
                classify(type, at: open, file: fileIndex, key: key, tracked: tracked, into: &direct)
                bound = true
            }
            for (parameter, argument) in pairs {
                let declared = parameters[parameter]
                guard declared.binds || declared.mentions else { continue }
                guard declared.binds, let argument else {
                    return direct.give(up: .parameterInsideAnotherType(callee: name), file: fileIndex, token: open)
                }
                bound = true
                classify(index.typer.typeOf(arguments[argument].expression, file: fileIndex), at: arguments[argument].expression.lowerBound,
                         file: fileIndex, key: key, tracked: tracked, into: &direct)
            }
            if !bound {
                return direct.give(up: .inferredFromContext(callee: name, parameter: key.parameter), file: fileIndex, token: open)
            }
        }
        if !matched {
            direct.give(up: .noMatchingDeclaration(callee: name), file: fileIndex, token: open)
        }
    }

    /// Adds what a type bound to the parameter says: a unit, a type that stays
    /// `ObservableObject`, another constrained parameter whose models flow in, or nothing known.
    private func classify(_ type: ResolvedType, at token: Int, file fileIndex: Int, key: GenericKey, tracked: Set<GenericKey>,
                          into direct: inout Direct) {
        switch type {
        case .declared(let id):
            if let unit = unitOf[id] {
                direct.units.insert(unit)
            } else if index.types.declaration(id).kind == .protocol {
                // `self` in `extension Trackable where Self: ObservableObject`: any model
                // conforming to the protocol, not a type that stays ObservableObject.
                direct.give(up: .unknownArgumentType, file: fileIndex, token: token)
            } else {
                direct.foreign.insert(index.types.symbol(id)?.qualifiedName ?? index.types.declaration(id).name)
            }
        case .external(let name):
            direct.foreign.insert(name)
        case .genericParameter(let name, let constraints):
            if let owner = index.typer.owner(file: fileIndex, token: token),
               let other = declaringKey(name, from: owner, file: fileIndex) {
                if other == key { return }  // The declaration passing its own parameter on.
                if tracked.contains(other) {
                    direct.edges.insert(other)
                    return
                }
            }
            // A parameter bounded by a model class or an observable protocol: that unit.
            let scope = DeclarationID(file: fileIndex, declaration: index.typer.owner(file: fileIndex, token: token) ?? -1)
            if let unit = MigrationUnits.boundingUnit(constraints: constraints, from: scope, types: index.types, unitOf: unitOf) {
                direct.units.insert(unit)
                return
            }
            direct.give(up: .unfollowedParameterPassed(name), file: fileIndex, token: token)
        case .unknown, .ambiguous:
            direct.give(up: .unknownArgumentType, file: fileIndex, token: token)
        }
    }

    /// Each parameter's set with the sets of the parameters passed to it, to a fixed point.
    private func propagate(_ directs: [GenericKey: Direct]) -> [GenericKey: GenericReach] {
        var current = directs
        var changed = true
        while changed {
            changed = false
            for key in current.keys.sorted(by: { ($0.declaration, $0.parameter) < ($1.declaration, $1.parameter) }) {
                var direct = current[key]!
                guard direct.untraced == nil else { continue }
                for edge in direct.edges {
                    guard let other = current[edge] else { continue }
                    if let untraced = other.untraced {
                        direct.untraced = UntracedUse(reason: .passedFrom(name(of: edge), because: untraced.reason),
                                                      file: untraced.file, token: untraced.token)
                        break
                    }
                    direct.units.formUnion(other.units)
                    direct.foreign.formUnion(other.foreign)
                }
                if direct.units != current[key]!.units || direct.foreign != current[key]!.foreign
                    || direct.untraced != current[key]!.untraced {
                    current[key] = direct
                    changed = true
                }
            }
        }
        return current.mapValues { direct in
            if let untraced = direct.untraced { return .everyUnit(untraced) }
            return .units(direct.units.sorted(), foreign: direct.foreign.sorted())
        }
    }
}
