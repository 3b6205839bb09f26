/// A property wrapper's `static subscript<T>(_enclosingInstance instance: T, wrapped:, storage:)`:
/// Swift calls it only with the class that declares a property the wrapper wraps. The facts
/// that make its reach exact: which wrapper it belongs to, and which types apply that wrapper.
public struct EnclosingInstanceSubscript: Sendable, Equatable {
    /// The `subscript` declaration.
    public var declaration: DeclarationID
    /// The `@propertyWrapper` type it is a member of (of the type or of an extension).
    public var wrapper: DeclarationID
    /// The name the subscript's body reads the enclosing instance by (`instance`).
    public var instanceName: String

    /// The enclosing-instance subscript that is, or holds, declaration `id`; nil anywhere else.
    public init?(holding id: DeclarationID, _ types: TypeIndex) {
        guard id.declaration >= 0 else { return nil }
        let file = types.files[id.file]
        var current: Int? = id.declaration
        while let index = current, file.declarations[index].kind != .subscript { current = file.declarations[index].parent }
        guard let index = current, case let declaration = file.declarations[index], declaration.hasModifier(.static),
              let clause = declaration.parameters, clause.count > 2,
              let first = file.topLevelSegments(clause.lowerBound + 1..<clause.upperBound - 1).first,
              case let names = first.filter({ file.tokens[$0].kind == .identifier || file.tokens[$0].kind == .keyword }),
              names.count >= 2, file.source.tokenText(names[0], equals: "_enclosingInstance"),
              file.tokens[names[1] + 1].kind == .colon else { return nil }
        let subscriptID = DeclarationID(file: id.file, declaration: index)
        guard let enclosing = types.enclosingTypeLike(subscriptID), let wrapper = types.extendedType(enclosing),
              types.declaration(wrapper).attribute(named: "propertyWrapper") != nil else { return nil }
        self.declaration = subscriptID
        self.wrapper = wrapper
        self.instanceName = file.source.text(names[1])
    }

    /// Whether `name`, read at `token` inside the subscript, holds the enclosing instance cast to
    /// the protocol (`if let object = instance as? any ObservableObject`, `as!`, `guard let`,
    /// `Combine.ObservableObject`): the last binding of `name` before `token` in the subscript is
    /// that cast, so it is one of the classes applying the wrapper.
    public func bindsInstanceCast(_ name: String, before token: Int, in file: FileStructure) -> Bool {
        let tokens = file.tokens
        let range = file.declarations[declaration.declaration].tokens
        guard range.contains(token) else { return false }
        var index = token - 1
        while index > range.lowerBound {
            defer { index -= 1 }
            guard tokens[index].word == .let || tokens[index].word == .var, index + 1 < token,
                  file.source.tokenText(index + 1, equals: name) else { continue }
            var next = index + 2
            guard next < token, tokens[next].kind == .equal else { return false }
            next += 1
            guard next + 1 < token, file.source.tokenText(next, equals: instanceName), tokens[next + 1].word == .as else { return false }
            next += 2
            if next < token, tokens[next].kind == .postfixQuestionMark || tokens[next].kind == .exclamationMark
                || file.source.tokenText(next, equals: "?") || file.source.tokenText(next, equals: "!") { next += 1 }
            if next < token, tokens[next].word == .any { next += 1 }
            if next + 2 < token, file.source.tokenText(next, equals: "Combine"), tokens[next + 1].kind == .period { next += 2 }
            return next < token && file.source.tokenText(next, equals: "ObservableObject")
                && (next + 1 >= tokens.count || tokens[next + 1].kind != .period)
        }
        return false
    }

    /// Whether code outside the tree may apply the wrapper (and so call the subscript with its
    /// own classes): the wrapper, or the subscript, is `public` or `open`.
    public func isOpenToOtherModules(_ types: TypeIndex) -> Bool {
        [wrapper, declaration].contains { id in
            let declaration = types.declaration(id)
            return declaration.hasModifier(.public) || declaration.hasModifier(.open)
        }
    }

    /// The types declaring a property with `@Wrapper` (`@Module.Wrapper(…)`), in tree order; nil
    /// when a mention of the wrapper's name may apply it under another name: a typealias of it
    /// (`typealias Setting = Wrapper`, whose `@Setting` escapes this reading) or a subclass. Other
    /// mentions (a type argument, `KeyPath<Settings, Wrapper<Bool>>`, a property of the
    /// wrapper's type) do not call the subscript.
    public func applyingTypes(_ types: TypeIndex) -> [DeclarationID]? {
        let name = types.declaration(wrapper).name
        var found: [DeclarationID] = []
        for (fileIndex, file) in types.files.enumerated() {
            let tokens = file.tokens
            let mentions = tokens.indices.filter { tokens[$0].kind == .identifier && file.source.tokenText($0, equals: name) }
            guard !mentions.isEmpty else { continue }
            var attributes: [(tokens: Range<Int>, variable: Int)] = []
            var renaming: [Range<Int>] = []
            var aliases: [Range<Int>] = []
            var ownCode: [Range<Int>] = []
            for (index, declaration) in file.declarations.enumerated() {
                switch declaration.kind {
                case .variable:
                    for attribute in declaration.attributes where attribute.baseName == name { attributes.append((attribute.tokens, index)) }
                case .typealias:
                    aliases.append(declaration.tokens)
                default:
                    guard declaration.kind.isTypeLike else { break }
                    // The wrapper's own code (its declaration and extensions) may name it freely.
                    if types.extendedType(DeclarationID(file: fileIndex, declaration: index)) == wrapper { ownCode.append(declaration.tokens) }
                    renaming += declaration.inheritance.map(\.tokens)
                }
            }
            for mention in mentions where !ownCode.contains(where: { $0.contains(mention) }) {
                if let (_, variable) = attributes.first(where: { $0.tokens.contains(mention) }) {
                    guard let enclosing = types.enclosingTypeLike(DeclarationID(file: fileIndex, declaration: variable)),
                          let type = types.extendedType(enclosing) else { return nil }
                    if !found.contains(type) { found.append(type) }
                    continue
                }
                let previous = tokens[mention - 1].kind
                if renaming.contains(where: { $0.contains(mention) })
                    || (aliases.contains(where: { $0.contains(mention) }) && (previous == .equal || previous == .period)) {
                    return nil
                }
            }
        }
        return found
    }
}
