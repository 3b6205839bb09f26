import SourceScan

/// Whether a view property the migration rewrites may become `private` (`environmentAccess`,
/// `stateAccess` `"private"`): the tree's spellings of the candidates' names, gathered once per
/// run. The check is textual and leans to keeping: any spelling it cannot place keeps the
/// property as written, which always compiles.
struct AccessNarrowing: Sendable {
    /// Every spelling of each candidate's `name` and `$name` in the tree.
    private let occurrences: [String: [(file: Int, token: Int)]]
    /// For each member name the tree's protocols declare, those protocols' names: a property
    /// that witnesses one must stay as visible as the protocol.
    private let protocolMembers: [String: Set<String>]
    /// Each protocol of the tree with the names its inheritance clause lists.
    private let protocolParents: [String: [String]]

    /// No candidates: nothing narrows (the options' defaults).
    static let none = AccessNarrowing(occurrences: [:], protocolMembers: [:], protocolParents: [:])

    private init(occurrences: [String: [(file: Int, token: Int)]], protocolMembers: [String: Set<String>],
                 protocolParents: [String: [String]]) {
        self.occurrences = occurrences
        self.protocolMembers = protocolMembers
        self.protocolParents = protocolParents
    }

    /// The facts for the wrapper properties of `kinds` in the units: one pass over the tree.
    init(units: MigrationUnits, index: TreeIndex, kinds: Set<WrapperKind>) {
        var names: Set<String> = []
        for use in units.units.flatMap(\.wrappers) where kinds.contains(use.kind) {
            guard let id = use.site.ownerID, let name = index.types.declaration(id).bindings.first?.name else { continue }
            names.insert(name)
            names.insert("$" + name)
        }
        var members: [String: Set<String>] = [:]
        var parents: [String: [String]] = [:]
        if !names.isEmpty {
            for file in index.files {
                for declaration in file.declarations {
                    if declaration.kind == .protocol {
                        parents[declaration.name, default: []] += declaration.inheritance.flatMap { Self.names(in: $0.typeName) }
                    }
                    guard declaration.kind == .variable || declaration.kind == .function, let parent = declaration.parent,
                          file.declarations[parent].kind == .protocol else { continue }
                    for member in [declaration.name] + declaration.bindings.compactMap(\.name) {
                        members[member, default: []].insert(file.declarations[parent].name)
                    }
                }
            }
        }
        self.init(occurrences: index.types.identifierOccurrences(of: names), protocolMembers: members, protocolParents: parents)
    }

    /// The simple names an inheritance entry lists: `Module.Proto` → `Proto`, `A & B` → `A`, `B`.
    private static func names(in entry: String) -> [String] {
        entry.split(separator: "&").map { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            return trimmed.split(separator: ".").last.map(String.init) ?? trimmed
        }
    }

    /// Types whose dynamic member lookup forwards `wrapper.name` to the wrapped value's `name`
    /// (`$badge.store` of a `Binding<Badge>`): a receiver of one may reach the view's property.
    private static let forwardingWrappers: Set<String> = ["Binding", "Bindable", "Wrapper", "FocusedBinding", "Optional"]

    /// Whether the view (its declaration or an extension) conforms, directly or through the
    /// protocols it lists, to one of `protocols`. A listed name the tree declares but not as a
    /// protocol (a type alias of a composition) cannot be followed, so it counts as conforming.
    private func conforms(_ owner: DeclarationID, extensions: [DeclarationID], to protocols: Set<String>,
                          context: RuleContext) -> Bool {
        var pending = ([owner] + extensions).flatMap { context.declaration($0).inheritance.flatMap { Self.names(in: $0.typeName) } }
        var seen: Set<String> = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            if protocols.contains(name) { return true }
            if let inherited = protocolParents[name] {
                pending += inherited
            } else if context.types.isTreeTypeName(name), !context.types.types(named: name).contains(where: { $0.kind == .class }) {
                return true
            }
        }
        return false
    }

    /// Why the property `variableID` keeps its access as written, or nil when `private` cannot
    /// change what compiles. `passedToInitializer` asks also for callers that may hand the
    /// property to the memberwise initializer (`V(m: …)`), which a `private` wrapped property
    /// with an initial value leaves.
    func reasonToKeep(_ variableID: DeclarationID, passedToInitializer: Bool, context: RuleContext) -> String? {
        let variable = context.declaration(variableID)
        guard let name = variable.bindings.first?.name else { return "it has no single name" }
        guard let ownerIndex = variable.parent else { return "it is not a member of a type" }
        let ownerFile = context.files[variableID.file]
        let owner = ownerFile.declarations[ownerIndex]
        // A view or an app is a struct; a class's subclasses elsewhere could reach the property.
        guard owner.kind == .struct else { return "it is not a member of a struct" }
        // A struct that declares an initializer in its body has no memberwise one to lose.
        let passedToInitializer = passedToInitializer
            && !ownerFile.members(of: ownerIndex).contains { ownerFile.declarations[$0].kind == .initializer }
        // `private` reaches the type's body and its extensions in the same file.
        let ownerID = DeclarationID(file: variableID.file, declaration: ownerIndex)
        let extensions = context.types.symbol(ownerID)?.extensions ?? []
        if let declaring = protocolMembers[name], conforms(ownerID, extensions: extensions, to: declaring, context: context) {
            return "it may witness '\(name)' of protocol \(declaring.sorted().joined(separator: ", "))"
        }
        var reach = [(variableID.file, owner.tokens)]
        reach += extensions.filter { $0.file == variableID.file }.map { ($0.file, context.declaration($0).tokens) }
        let elsewhere = extensions.filter { $0.file != variableID.file }.map { ($0.file, context.declaration($0).tokens) }
        for spelling in [name, "$" + name] {
            for (file, token) in occurrences[spelling] ?? [] {
                if file == variableID.file, token == variable.bindings[0].nameToken { continue }
                let tokens = context.files[file].tokens
                if passedToInitializer, token + 1 < tokens.count, tokens[token + 1].kind == .colon, token > 0,
                   tokens[token - 1].kind == .leftParen || tokens[token - 1].kind == .comma {
                    return "'\(name):' is an argument label at \(context.pathAndLine(file: file, token: token)), "
                        + "perhaps of the memberwise initializer"
                }
                if reach.contains(where: { $0.0 == file && $0.1.contains(token) }) { continue }
                if elsewhere.contains(where: { $0.0 == file && $0.1.contains(token) }) {
                    return "an extension in another file uses it (\(context.pathAndLine(file: file, token: token)))"
                }
                // Outside the type a bare name is something else's; `self.name` is another type's
                // own member, and `= .name` an enum case or static member of the contextual type.
                // Any other member access may be this one.
                guard token > 0, tokens[token - 1].kind == .period else { continue }
                if token > 1, Self.startsImplicitMember(tokens[token - 2]) { continue }
                if token > 1, tokens[token - 2].word == .self || context.files[file].source.tokenText(token - 2, equals: "Self") {
                    continue
                }
                if Self.receiverIsAnotherType(of: token, file: file, owner: ownerID, context: context) { continue }
                return "'.\(spelling)' at \(context.pathAndLine(file: file, token: token)) may read it from outside its type"
            }
        }
        return nil
    }

    /// Whether a token before `.` leaves the period without a receiver (`= .chii`, `case .chii`,
    /// `f(.chii)`): an implicit member expression names a static member or an enum case, never an
    /// instance property. A key path's `\.name` may root at the view: it keeps its receiver.
    private static func startsImplicitMember(_ token: Token) -> Bool {
        switch token.kind {
        case .leftParen, .leftBrace, .leftSquare, .comma, .colon, .semicolon, .equal, .arrow, .infixQuestionMark,
             .binaryOperator, .prefixOperator, .prefixAmpersand:
            return true
        case .keyword:
            return [.return, .case, .in, .where, .throw, .try, .await, .if, .guard, .while, .switch, .else].contains(token.word)
        default:
            return false
        }
    }

    /// Whether the receiver of `.name` at `token` is a chain of names (`row`, `self.model.row`)
    /// the typer resolves to a type other than `owner`: then it is that type's member.
    private static func receiverIsAnotherType(of token: Int, file: Int, owner: DeclarationID, context: RuleContext) -> Bool {
        let tokens = context.files[file].tokens
        func isName(_ index: Int) -> Bool { tokens[index].kind == .identifier || tokens[index].word == .self }
        guard token >= 2, isName(token - 2) else { return false }
        var start = token - 2
        while start >= 2, tokens[start - 1].kind == .period, isName(start - 2) { start -= 2 }
        // A chain continuing from a call or a subscript, `f().row`, is not followed.
        if start >= 1, tokens[start - 1].kind == .period { return false }
        // `Settings.shared`, `msgs.added`: a static member of a type named as written (a type of
        // the tree, or a capitalised name), which is not the view (`\Badge.store` names the view).
        let source = context.files[file].source
        if start == token - 2, tokens[start].kind == .identifier, start == 0 || tokens[start - 1].kind != .backslash {
            let receiver = source.text(start)
            if receiver.first?.isUppercase == true || context.types.isTreeTypeName(String(receiver)) {
                return receiver != context.declaration(owner).name
            }
        }
        switch context.index.typer.typeOf(start..<(token - 1), file: file) {
        case .declared(let type): return type != owner
        case .external(let written):
            let base = written.prefix { $0 != "<" }.split(separator: ".").last.map(String.init) ?? ""
            return !Self.forwardingWrappers.contains(base)
        case .genericParameter, .unknown, .ambiguous: return false
        }
    }

    /// Whether a declaration carries an access modifier of its own (`private`, `public`,
    /// `private(set)`…): then it is written as the team wants and never narrowed.
    static func hasWrittenAccess(_ declaration: Declaration) -> Bool {
        declaration.modifiers.contains { WrapperRewrite.isAccessModifier($0.word) }
    }
}
