/// The three SwiftUI property wrappers that hold an `ObservableObject`.
public enum WrapperKind: String, Sendable, CaseIterable {
    case stateObject = "StateObject"
    case observedObject = "ObservedObject"
    case environmentObject = "EnvironmentObject"
}

/// What a site does with a model.
public enum SiteKind: Equatable, Sendable {
    /// A property declared with `@StateObject`, `@ObservedObject` or `@EnvironmentObject`.
    case wrapper(WrapperKind)
    /// `_m = StateObject(wrappedValue: …)` in an initializer; the token is `StateObject`.
    case stateObjectInitializer(property: String)
    /// `.environmentObject(x)`; the token is `environmentObject`.
    case environmentObjectModifier
    /// Any use of `objectWillChange`; the token is `objectWillChange`.
    case objectWillChange
    /// A bare `$name`: a publisher inside a model, a binding projection inside a view.
    case projectedValue(name: String)
    /// `receiver.$name`: a model's publisher used from outside (or `self.$name` inside).
    case memberPublisher(name: String)
    /// `ObservableObject` named in a generic constraint, `where` clause, `some` or `any`.
    case observableConstraint
    /// A wrapper's type spelled out, `ObservedObject<M>.Wrapper`; the token is the wrapper name.
    case spelledWrapperType(WrapperKind)
    /// `_m = ObservedObject(wrappedValue: …)` in an initializer; the token is `ObservedObject`.
    case observedObjectInitializer(property: String)
    /// `_x = Published(initialValue: …)` in a model's initializer; the token is `Published`.
    case publishedInitializer(property: String)
    /// `_m` (or `self._m`) read in the type that declares a wrapper property `m`, other than a
    /// `_m = Wrapper(…)` assignment: the wrapper's own storage (`_m.wrappedValue`).
    case backingStorage(property: String)
    /// A property held by another library's wrapper that requires an `ObservableObject`
    /// (`@InjectedObject(\.store) var store`, Factory and Resolver); the token is the attribute.
    case externalObjectWrapper(name: String)
}

/// Property wrappers of other libraries whose wrapped value must be an `ObservableObject`
/// (Factory's and Resolver's `InjectedObject`): the model they hold cannot become `@Observable`
/// while they hold it.
public enum ExternalObjectWrappers {
    /// The wrappers' names.
    public static let names: Set<String> = ["InjectedObject"]
}

/// One place in the tree that refers to a model, or may.
public struct Site: Sendable {
    public var kind: SiteKind
    public var file: Int
    /// The token the site is reported at.
    public var token: Int
    /// The innermost declaration holding the site (the variable, for wrappers).
    public var owner: Int?
    /// What the site refers to: the wrapped type, the argument's type, the receiver's type, or
    /// for a bare `$name` the type whose code holds it.
    public var type: ResolvedType
    /// Argument tokens inside the parentheses (modifiers, initializers).
    public var arguments: Range<Int>?
    /// Receiver tokens before the `.` (`model` in `model.objectWillChange`).
    public var receiver: Range<Int>?
    /// The whole `.onReceive( … )` call when the site is its argument, `.` through `)`.
    public var onReceiveCall: Range<Int>?

    /// The declaration holding the site.
    public var ownerID: DeclarationID? { owner.map { DeclarationID(file: file, declaration: $0) } }

    /// The property whose projected value the site reads in its own type, `$name` or
    /// `self.$name`; nil for other sites (`other.$name` is another object's publisher).
    public func projectedName(in file: FileStructure) -> String? {
        switch kind {
        case .projectedValue(let name): return name
        case .memberPublisher(let name): return isOnSelf(in: file) ? name : nil
        case .backingStorage(let name): return name
        default: return nil
        }
    }

    /// Whether the receiver is exactly `self` (`self.$name`, `self.objectWillChange`).
    public func isOnSelf(in file: FileStructure) -> Bool {
        guard let receiver, receiver.count == 1 else { return false }
        return file.tokens[receiver.lowerBound].word == .self
    }

    /// The tokens that spell the site's name with its `self.` receiver, if any: what a rewrite
    /// of the name replaces (`self.$m` → `Bindable(m)`).
    public func spelledTokens(in file: FileStructure) -> Range<Int> {
        isOnSelf(in: file) ? receiver!.lowerBound..<(token + 1) : token..<(token + 1)
    }
}

/// Finds every site in one file.
struct SiteScanner {
    let types: TypeIndex
    let graph: ModelGraph
    let typer: ExpressionTyper

    func scan(file fileIndex: Int) -> [Site] {
        let file = types.files[fileIndex]
        let tokens = file.tokens
        var sites: [Site] = []
        let bindingParameterClosures = Self.bindingParameterClosures(in: file)
        // `_name` storage of this file's wrapper properties, by enclosing type.
        var storageNames: [String: [DeclarationID]] = [:]
        // The same for `@StateObject`, `@ObservedObject` and `@Published`, with the wrapper: what
        // `_name = .init(…)` constructs.
        var constructedStorage: [String: [(target: DeclarationID, wrapper: String)]] = [:]
        for (index, declaration) in file.declarations.enumerated() where declaration.kind == .variable {
            for attribute in declaration.attributes {
                let wrapper = String(attribute.baseName)
                if Self.constructedWrappers.contains(wrapper), let name = declaration.bindings.first?.name,
                   let enclosing = types.enclosingTypeLike(DeclarationID(file: fileIndex, declaration: index)),
                   let target = types.extendedType(enclosing) {
                    constructedStorage["_" + name, default: []].append((target, wrapper))
                }
                if ExternalObjectWrappers.names.contains(String(attribute.baseName)) {
                    let id = DeclarationID(file: fileIndex, declaration: index)
                    let type = declaration.bindings.first.map { typer.variableType($0, declarationID: id) } ?? .unknown
                    sites.append(Site(kind: .externalObjectWrapper(name: String(attribute.baseName)), file: fileIndex,
                                      token: attribute.tokens.lowerBound, owner: index, type: type))
                }
                guard let kind = WrapperKind(rawValue: String(attribute.baseName)) else { continue }
                let id = DeclarationID(file: fileIndex, declaration: index)
                if let name = declaration.bindings.first?.name, let enclosing = types.enclosingTypeLike(id),
                   let target = types.extendedType(enclosing) {
                    storageNames["_" + name, default: []].append(target)
                }
                let type = declaration.bindings.first.map { typer.variableType($0, declarationID: id) } ?? .unknown
                sites.append(Site(kind: .wrapper(kind), file: fileIndex, token: attribute.tokens.lowerBound,
                                  owner: index, type: type))
            }
        }
        for index in tokens.indices {
            let token = tokens[index]
            switch token.kind {
            case .identifier:
                let length = token.end - token.start
                if length == 17, file.source.tokenText(index, equals: "environmentObject"),
                   index + 1 < tokens.count, tokens[index + 1].kind == .leftParen, isModifierCall(at: index, file: file) {
                    let close = file.closing(index + 1)
                    // A trailing comma after the one argument (`.environmentObject(\n    m,\n)`,
                    // Swift 6.1) is not part of it.
                    let end = close > index + 2 && tokens[close - 1].kind == .comma ? close - 1 : close
                    let arguments = (index + 2)..<end
                    sites.append(Site(kind: .environmentObjectModifier, file: fileIndex, token: index,
                                      owner: typer.owner(file: fileIndex, token: index),
                                      type: typer.typeOf(arguments, file: fileIndex), arguments: arguments))
                } else if length == 16, file.source.tokenText(index, equals: "objectWillChange") {
                    sites.append(receiverSite(.objectWillChange, at: index, fileIndex: fileIndex))
                } else if let kind = storageAssignment(at: index, length: length, file: file) {
                    // `_m = StateObject(wrappedValue: …)`, `_m = ObservedObject(…)`, `_x = Published(…)`.
                    sites.append(Site(kind: kind, file: fileIndex, token: index, owner: typer.owner(file: fileIndex, token: index),
                                      type: .unknown, arguments: (index + 2)..<file.closing(index + 1)))
                } else if let constructed = constructedStorage[file.source.text(index)],
                          let site = implicitStorageAssignment(at: index, constructed: constructed, fileIndex: fileIndex) {
                    // `_m = .init(wrappedValue: …)`: the wrapper's type left to inference.
                    sites.append(site)
                } else if let holders = storageNames[file.source.text(index)],
                          let site = backingStorageSite(at: index, holders: holders, fileIndex: fileIndex) {
                    sites.append(site)
                } else if length == 11 || length == 14 || length == 17, let kind = WrapperKind(rawValue: file.source.text(index)),
                          index + 1 < tokens.count,
                          tokens[index + 1].kind.isOperator, file.source.bytes[Int(tokens[index + 1].start)] == UInt8(ascii: "<"),
                          let close = file.closingAngle(from: index + 1) {
                    // `ObservedObject<Settings>.Wrapper`: the generic argument is the model.
                    let owner = typer.owner(file: fileIndex, token: index)
                    let written = file.angleArgument(from: index + 1, closing: close)
                    sites.append(Site(kind: .spelledWrapperType(kind), file: fileIndex, token: index, owner: owner,
                                      type: types.resolve(written, from: DeclarationID(file: fileIndex, declaration: owner ?? -1))))
                } else if length == 16, file.source.tokenText(index, equals: "ObservableObject"),
                          !isInInheritanceClause(index, fileIndex: fileIndex), !Self.isImported(index, in: file) {
                    // A tree's own `protocol ObservableObject` (a stand-in where Combine is missing)
                    // names itself there: a declaration's name is no use of the constraint (an
                    // extension's extended type is).
                    let owner = typer.owner(file: fileIndex, token: index)
                    if let owner, file.declarations[owner].kind != .extension, file.declarations[owner].nameTokens.contains(index) {
                        continue
                    }
                    sites.append(Site(kind: .observableConstraint, file: fileIndex, token: index, owner: owner, type: .unknown))
                }
            case .dollarIdentifier:
                let name = String(file.source.text(index).dropFirst())
                guard let first = name.first, !first.isNumber else { continue }
                if index > 0, tokens[index - 1].kind == .period {
                    // `\.$server`, `\Root.$server`, `\Root.child.$server`: a key path to a projected
                    // value (App Intents, SwiftData-style wrappers), not a publisher.
                    if index > 1, tokens[index - 2].kind == .backslash { continue }
                    var site = receiverSite(.memberPublisher(name: name), at: index, fileIndex: fileIndex)
                    if let root = site.receiver, root.lowerBound > 0, tokens[root.lowerBound - 1].kind == .backslash {
                        // `\Root.$server`: the root is a type, not a value; the site is on that type
                        // (a model's `$x` must still block). A path through properties
                        // (`\Root.child.$x`) keeps the typer's answer, unknown.
                        site.type = keyPathRootType(root, fileIndex: fileIndex)
                    }
                    sites.append(site)
                } else {
                    // `{ $model in … }` (a closure taking a binding, as swiftui-navigation's
                    // `sheet(unwrapping:)` does): the parameter and its uses are not the view's `$model`.
                    if bindingParameterClosures.contains(where: { $0.names.contains(name) && $0.tokens.contains(index) }) { continue }
                    var site = Site(kind: .projectedValue(name: name), file: fileIndex, token: index,
                                    owner: typer.owner(file: fileIndex, token: index), type: .unknown)
                    if let owner = site.owner, let enclosing = types.enclosingTypeLike(DeclarationID(file: fileIndex, declaration: owner)),
                       let target = types.extendedType(enclosing) {
                        site.type = .declared(target)
                    }
                    site.onReceiveCall = onReceiveCall(argumentStart: index, file: file)
                    sites.append(site)
                }
            default:
                continue
            }
        }
        return sites
    }

    /// The closures whose parameter clause declares `$name` parameters (`{ $model in`,
    /// `{ ($item, index) in`), with those names (without `$`) and the closure's tokens.
    static func bindingParameterClosures(in file: FileStructure) -> [(names: Set<String>, tokens: Range<Int>)] {
        let tokens = file.tokens
        var closures: [(names: Set<String>, tokens: Range<Int>)] = []
        for open in tokens.indices where tokens[open].kind == .leftBrace && open + 2 < tokens.count
            && (tokens[open + 1].kind == .dollarIdentifier || tokens[open + 1].kind == .leftParen) {
            var index = open + 1
            if tokens[index].kind == .leftParen { index += 1 }
            var names: Set<String> = []
            // Names separated by commas, up to `in` (or the `)` before it); types and other shapes end the search.
            while index < tokens.count {
                if tokens[index].kind == .dollarIdentifier {
                    names.insert(String(file.source.text(index).dropFirst()))
                } else if tokens[index].kind != .identifier {
                    break
                }
                index += 1
                guard index < tokens.count, tokens[index].kind == .comma else { break }
                index += 1
            }
            if index < tokens.count, tokens[index].kind == .rightParen { index += 1 }
            guard !names.isEmpty, index < tokens.count, tokens[index].word == .in else { continue }
            closures.append((names, open..<(file.closing(open) + 1)))
        }
        return closures
    }

    /// `_m` or `self._m` read inside one of `holders` (the types declaring a wrapper `m` in this
    /// file); nil for the declaration itself, an assignment of a new wrapper (its own site), a
    /// member of another value (`other._m`) or a use in another type.
    private func backingStorageSite(at index: Int, holders: [DeclarationID], fileIndex: Int) -> Site? {
        let file = types.files[fileIndex]
        let tokens = file.tokens
        if index + 1 < tokens.count, tokens[index + 1].kind == .equal { return nil }
        var receiver: Range<Int>?
        if index > 0, tokens[index - 1].kind == .period {
            guard index > 1, tokens[index - 2].word == .self, index < 3 || tokens[index - 3].kind != .period else { return nil }
            receiver = (index - 2)..<(index - 1)
        }
        guard let owner = typer.owner(file: fileIndex, token: index),
              let enclosing = types.enclosingTypeLike(DeclarationID(file: fileIndex, declaration: owner)),
              let target = types.extendedType(enclosing), holders.contains(target),
              file.declarations[owner].kind != .variable || file.declarations[owner].bindings.first?.nameToken != index
        else { return nil }
        let name = String(file.source.text(index).dropFirst())
        return Site(kind: .backingStorage(property: name), file: fileIndex, token: index, owner: owner,
                    type: .declared(target), receiver: receiver)
    }

    /// The site kind when the token at `index` is a wrapper constructed into its storage in an
    /// initializer: `_name = StateObject(…)`, `ObservedObject(…)` or `Published(…)`.
    private func storageAssignment(at index: Int, length: Int32, file: FileStructure) -> SiteKind? {
        let tokens = file.tokens
        guard length == 11 || length == 14 || length == 9, index >= 2, index + 1 < tokens.count,
              tokens[index + 1].kind == .leftParen, tokens[index - 1].kind == .equal, tokens[index - 2].kind == .identifier
        else { return nil }
        let target = file.source.text(index - 2)
        guard target.hasPrefix("_") else { return nil }
        let property = String(target.dropFirst())
        if file.source.tokenText(index, equals: "StateObject") { return .stateObjectInitializer(property: property) }
        if file.source.tokenText(index, equals: "ObservedObject") { return .observedObjectInitializer(property: property) }
        if file.source.tokenText(index, equals: "Published") { return .publishedInitializer(property: property) }
        return nil
    }

    /// The wrappers whose storage an initializer may construct: `_m = StateObject(…)`, or
    /// `_m = .init(…)` with the type inferred from the property.
    static let constructedWrappers: Set<String> = ["StateObject", "ObservedObject", "Published"]

    /// The site of `_name = .init(…)` (or `self._name = .init(…)`) at `index`, in a type declaring
    /// `name` with one of the constructed wrappers in this file: the same kind as when the
    /// wrapper is spelled out, its token the `init` keyword.
    private func implicitStorageAssignment(at index: Int, constructed: [(target: DeclarationID, wrapper: String)],
                                           fileIndex: Int) -> Site? {
        let file = types.files[fileIndex]
        let tokens = file.tokens
        guard index + 4 < tokens.count, tokens[index + 1].kind == .equal, tokens[index + 2].kind == .period,
              tokens[index + 3].word == .`init`, tokens[index + 4].kind == .leftParen else { return nil }
        if index > 0, tokens[index - 1].kind == .period {
            guard index > 1, tokens[index - 2].word == .self, index < 3 || tokens[index - 3].kind != .period else { return nil }
        }
        guard let owner = typer.owner(file: fileIndex, token: index),
              let enclosing = types.enclosingTypeLike(DeclarationID(file: fileIndex, declaration: owner)),
              let target = types.extendedType(enclosing),
              let wrapper = constructed.first(where: { $0.target == target })?.wrapper else { return nil }
        let property = String(file.source.text(index).dropFirst())
        let kind: SiteKind
        switch wrapper {
        case "StateObject": kind = .stateObjectInitializer(property: property)
        case "ObservedObject": kind = .observedObjectInitializer(property: property)
        default: kind = .publishedInitializer(property: property)
        }
        return Site(kind: kind, file: fileIndex, token: index + 3, owner: owner, type: .unknown,
                    arguments: (index + 5)..<file.closing(index + 4))
    }

    /// Whether the `environmentObject` at `index` calls the modifier: `.environmentObject(…)`, or
    /// `environmentObject(…)` on an implicit `self` (inside `extension View`), but not a
    /// declaration (`func environmentObject(`) nor a key path or argument label.
    private func isModifierCall(at index: Int, file: FileStructure) -> Bool {
        guard index > 0 else { return true }
        let previous = file.tokens[index - 1]
        if previous.kind == .period { return index < 2 || file.tokens[index - 2].kind != .backslash }
        guard previous.word != .func, previous.kind != .backslash else { return false }
        // A bare call reaches a function the tree declares under that name, if there is one.
        return !types.files.contains { $0.declarations.contains { $0.kind == .function && $0.name == "environmentObject" } }
    }

    /// The type named by an explicit key-path root, `Root` or `Outer.Root` (every component a
    /// type name); unknown for anything else.
    private func keyPathRootType(_ root: Range<Int>, fileIndex: Int) -> ResolvedType {
        let file = types.files[fileIndex]
        for index in root {
            let kind = file.tokens[index].kind
            if kind == .period { continue }
            guard kind == .identifier, file.source.text(index).first?.isUppercase == true else { return .unknown }
        }
        let scope = DeclarationID(file: fileIndex, declaration: typer.owner(file: fileIndex, token: root.lowerBound) ?? -1)
        return types.resolve(file.compactText(root), from: scope)
    }

    /// A site whose token may follow a receiver: `model.objectWillChange`, `self.$x`, or bare.
    private func receiverSite(_ kind: SiteKind, at index: Int, fileIndex: Int) -> Site {
        let file = types.files[fileIndex]
        let owner = typer.owner(file: fileIndex, token: index)
        var site = Site(kind: kind, file: fileIndex, token: index, owner: owner, type: .unknown)
        var start = index
        if index > 0, file.tokens[index - 1].kind == .period {
            let receiverStart = typer.postfixChainStart(endingBefore: index - 1, in: file)
            if receiverStart < index - 1 {
                site.receiver = receiverStart..<(index - 1)
                site.type = typer.typeOf(receiverStart..<(index - 1), file: fileIndex)
                start = receiverStart
            }
        } else if let owner, let enclosing = types.enclosingTypeLike(DeclarationID(file: fileIndex, declaration: owner)) {
            // Bare `objectWillChange` means `self.objectWillChange`.
            site.type = types.selfType(in: enclosing)
        }
        site.onReceiveCall = onReceiveCall(argumentStart: start, file: file)
        return site
    }

    /// When the expression starting at `argumentStart` is the argument of `.onReceive(`, or a
    /// branch of a ternary that is (`c ? m.$a : m.$b`), that call.
    private func onReceiveCall(argumentStart: Int, file: FileStructure) -> Range<Int>? {
        var argumentStart = argumentStart
        if argumentStart > 0, [.infixQuestionMark, .colon].contains(file.tokens[argumentStart - 1].kind) {
            // Back to the `(` that opens the argument, over the condition and the first branch.
            var index = argumentStart - 2
            while index >= 0 {
                let kind = file.tokens[index].kind
                if kind == .rightParen || kind == .rightSquare {
                    index = Int(file.matchingBracket[index]) - 1
                    continue
                }
                if kind == .leftParen { break }
                if [.leftBrace, .rightBrace, .comma, .semicolon, .leftSquare].contains(kind) { return nil }
                index -= 1
            }
            guard index >= 0 else { return nil }
            argumentStart = index + 1
        }
        guard argumentStart >= 3, file.tokens[argumentStart - 1].kind == .leftParen,
              file.tokens[argumentStart - 3].kind == .period,
              file.source.tokenText(argumentStart - 2, equals: "onReceive") else { return nil }
        return (argumentStart - 3)..<(file.closing(argumentStart - 1) + 1)
    }

    /// Whether the token is the name an import declaration brings in (`import protocol
    /// Combine.ObservableObject`): no code constrained to it, only the name made visible.
    static func isImported(_ index: Int, in file: FileStructure) -> Bool {
        let tokens = file.tokens
        var before = index - 1
        while before >= 0, tokens[before].kind == .period || tokens[before].kind == .identifier { before -= 1 }
        let kinds: Set<Word> = [.protocol, .class, .struct, .enum, .typealias, .func, .var, .let]
        if before >= 0, kinds.contains(tokens[before].word) { before -= 1 }
        return before >= 0 && tokens[before].word == .import
    }

    /// Whether token `index` lies in a type's inheritance clause, or in the value of a type alias
    /// the model graph takes for an observable protocol, where the model graph reads it.
    private func isInInheritanceClause(_ index: Int, fileIndex: Int) -> Bool {
        guard let owner = typer.owner(file: fileIndex, token: index) else { return false }
        let declaration = types.files[fileIndex].declarations[owner]
        let readByGraph = declaration.kind.isTypeLike
            || (declaration.kind == .typealias && graph.observableProtocols.contains(DeclarationID(file: fileIndex, declaration: owner)))
        return readByGraph && declaration.inheritance.contains { $0.tokens.contains(index) }
    }
}

extension Site {
    /// For a wrapper constructed into its storage (`_m = StateObject(…)`, `_m = .init(…)`): where
    /// the constructor starts, its type name or the `.` of `.init(` when the type is inferred.
    /// The storage (`_m`) is two tokens before.
    public func constructorStart(in file: FileStructure) -> Int {
        token > 0 && file.tokens[token].word == .`init` && file.tokens[token - 1].kind == .period ? token - 1 : token
    }
}
