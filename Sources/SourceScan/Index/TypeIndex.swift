/// Points at one declaration in the scanned tree.
public struct DeclarationID: Hashable, Comparable, Sendable {
    /// Index of the file in the tree's file list.
    public var file: Int
    /// Index of the declaration in that file's `declarations`.
    public var declaration: Int

    /// Creates an identifier.
    public init(file: Int, declaration: Int) {
        self.file = file
        self.declaration = declaration
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.declaration) < (rhs.file, rhs.declaration)
    }
}

/// A type declared in the tree (class, struct, enum, actor, protocol, or type alias).
public struct TypeSymbol: Sendable {
    public var id: DeclarationID
    public var kind: DeclarationKind
    /// Enclosing type names and the type's own, outermost first.
    public var path: [String]
    /// Extensions of this type anywhere in the tree.
    public var extensions: [DeclarationID] = []

    /// The dotted name, `Outer.Inner`.
    public var qualifiedName: String { path.joined(separator: ".") }
}

/// What a type written in source refers to.
public enum ResolvedType: Equatable, Sendable {
    /// A type declared in the tree (type aliases already followed).
    case declared(DeclarationID)
    /// A generic parameter in scope, with its constraints as written.
    case genericParameter(name: String, constraints: [String])
    /// A name the tree does not declare (a system or third-party type); kept as written.
    case external(String)
    /// Nothing could be read from the text (a function type, a tuple, an empty annotation).
    case unknown
    /// Several types of the tree have this name and none is nearer the reference than the
    /// others (a tree of several packages): it is one of these.
    case ambiguous([DeclarationID])
}

/// Every type declared in the tree and how names resolve to them.
///
/// Resolution follows Swift's lookup closely enough for the migration: nested types are found
/// from inside their enclosing types, a leading module name is dropped when it is not a type,
/// type aliases are followed, and a generic parameter in scope shadows a type of the same name.
public struct TypeIndex: Sendable {
    public let files: [FileStructure]
    public private(set) var types: [TypeSymbol] = []
    private var typeByDeclaration: [DeclarationID: Int] = [:]
    private var typesByQualifiedName: [String: [Int]] = [:]
    /// Last components of every declared type name: a name outside this set resolves to an
    /// external type at once, which is the common case (`Codable`, `View`, `Sendable`…).
    private var declaredBaseNames: Set<String> = []
    /// The names of types declared inside another type or an extension (`Base.Search`): only
    /// those can be inherited by a subclass or a conforming type.
    private var nestedBaseNames: Set<String> = []
    /// `Type.member` for members the tree adds to types it does not declare.
    private var externalExtensionMembers: [String: [DeclarationID]] = [:]
    /// Those members by name, whatever type they are added to.
    private var externalMembersByName: [String: [DeclarationID]] = [:]
    /// Those members by the type they are added to (its last component).
    private var externalMembersByType: [String: [DeclarationID]] = [:]
    /// The names of those members whose every declaration holds a library's type (worked out once:
    /// a member access on a library's value asks for each name).
    private var libraryTypedExternalMembers: Set<String> = []
    /// The type each extension in the tree extends, resolved once.
    private var extensionTargets: [DeclarationID: DeclarationID] = [:]
    /// The simple names every inheritance clause of the tree lists (types, protocols, extensions).
    private var inheritedNames: Set<String> = []
    /// Length of the folder prefix every file of the tree shares (up to and including a `/`).
    private var commonRootLength = 0
    /// Each file's path as bytes, for comparing folders without building strings.
    private let pathBytes: [[UInt8]]
    /// Which modules compile each file and which each file sees; nil for a one-module tree.
    public let modules: FileModules?
    /// Every inheritance clause entry of the tree, resolved once (see `InheritanceMemo`).
    private let inheritanceMemo = InheritanceMemo()
    /// Names of types the tree declares in files that are not among `files` (the relevance
    /// filter left them out): not a library's types, though no declaration of theirs is here.
    public let typesDeclaredOutside: Set<String>
    /// Each class that has variants under compilation conditions (`areClassVariants`), with
    /// those variants; a class without any is absent.
    private var classVariants: [DeclarationID: [DeclarationID]] = [:]
    /// For each class, every name a variable of it (or of its extensions) binds, with the first
    /// variable that binds it: rules ask per site whether the class declares a property, and a
    /// scan of the members each time made a model of thousands of properties, read by thousands
    /// of views, quadratic.
    private var classVariables: [DeclarationID: [String: DeclarationID]] = [:]

    /// Indexes the type declarations and extensions of `files`; `modules` says which file sees
    /// which (nil: one module, every declaration visible everywhere); `typesDeclaredOutside`
    /// names types declared in the tree's other files.
    public init(files: [FileStructure], modules: FileModules? = nil, typesDeclaredOutside: Set<String> = []) {
        self.files = files
        self.modules = modules
        self.typesDeclaredOutside = typesDeclaredOutside
        self.pathBytes = files.map { Array($0.source.path.utf8) }
        if let firstPath = pathBytes.first {
            var shared = firstPath
            for path in pathBytes.dropFirst() {
                var length = 0
                while length < min(shared.count, path.count), shared[length] == path[length] { length += 1 }
                shared.removeSubrange(length...)
            }
            commonRootLength = (shared.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        }
        for (fileIndex, file) in files.enumerated() {
            for (index, declaration) in file.declarations.enumerated() {
                // `Base<Int>`, `Module.Base`, each part of `A & B`: the simple names.
                for entry in declaration.inheritance {
                    for part in entry.typeName.split(separator: "&") {
                        if let base = TypeReference(String(part))?.baseName { inheritedNames.insert(base) }
                    }
                }
                switch declaration.kind {
                case .class, .struct, .enum, .actor, .protocol, .typealias:
                    let id = DeclarationID(file: fileIndex, declaration: index)
                    var path = file.qualifiedName(of: index)
                    if declaration.kind == .typealias {
                        path = (declaration.parent.map { file.qualifiedName(of: $0) } ?? []) + [declaration.name]
                    }
                    guard !declaration.name.isEmpty else { continue }
                    typeByDeclaration[id] = types.count
                    typesByQualifiedName[path.joined(separator: "."), default: []].append(types.count)
                    declaredBaseNames.insert(declaration.name)
                    if path.count > 1 { nestedBaseNames.insert(declaration.name) }
                    types.append(TypeSymbol(id: id, kind: declaration.kind, path: path))
                default:
                    continue
                }
            }
        }
        // Extensions attach once every type is known, whatever the file order.
        for (fileIndex, file) in files.enumerated() {
            for (index, declaration) in file.declarations.enumerated() where declaration.kind == .extension {
                let id = DeclarationID(file: fileIndex, declaration: index)
                if case .declared(let target) = resolveExtended(index, in: fileIndex), let position = typeByDeclaration[target] {
                    types[position].extensions.append(id)
                    extensionTargets[id] = target
                } else if let base = TypeReference(declaration.name)?.baseName {
                    // An external type the tree extends: its added members may hold models.
                    for member in file.members(of: index) where !file.declarations[member].name.isEmpty {
                        let memberDeclaration = file.declarations[member]
                        externalMembersByType[base, default: []].append(DeclarationID(file: fileIndex, declaration: member))
                        let names = memberDeclaration.kind == .variable ? memberDeclaration.bindings.compactMap(\.name) : [memberDeclaration.name]
                        for name in names {
                            externalExtensionMembers[base + "." + name, default: []].append(DeclarationID(file: fileIndex, declaration: member))
                            externalMembersByName[name, default: []].append(DeclarationID(file: fileIndex, declaration: member))
                        }
                    }
                }
            }
        }
        for symbol in types where symbol.kind == .class {
            let names = Self.variablesByName(of: symbol, files)
            if !names.isEmpty { classVariables[symbol.id] = names }
        }
        for (name, members) in externalMembersByName where members.allSatisfy(holdsLibraryType) {
            libraryTypedExternalMembers.insert(name)
        }
        // Resolve every inheritance clause entry once, while one thread builds the index: looking
        // a nested name up through superclasses and protocols resolves their clauses, whose names
        // may be nested ones looked up the same way, which without the memo grew exponentially in
        // a tree of many packages (/opt/swift-packages, read whole: minutes in the index).
        for (fileIndex, file) in files.enumerated() {
            for (index, declaration) in file.declarations.enumerated() where !declaration.inheritance.isEmpty
                && (declaration.kind.isTypeLike || declaration.kind == .typealias) {
                let id = DeclarationID(file: fileIndex, declaration: index)
                for position in declaration.inheritance.indices { _ = inheritedEntry(position, of: id, aliasDepth: 0) }
            }
        }
        inheritanceMemo.isFrozen = true
        for positions in typesByQualifiedName.values where positions.count > 1 {
            let classes = positions.map { types[$0] }.filter { $0.kind == .class }.map(\.id)
            guard classes.count > 1, areClassVariants(classes) else { continue }
            for id in classes { classVariants[id] = classes.filter { $0 != id } }
        }
    }

    /// The other variants of class `id` under compilation conditions (`#if os(iOS)` and `#else`,
    /// `Scanner+iOS.swift` beside `Scanner+macOS.swift`: `areClassVariants`); empty for a class
    /// without any. Whichever compiles is the class everywhere, and a lookup resolves the name to
    /// the first, so what is read through it must hold for each. An app's flavours
    /// (`areFlavourVariants`) are left out: a file of one flavour means its own class only.
    public func variants(of id: DeclarationID) -> [DeclarationID] {
        classVariants[id] ?? []
    }

    /// Entry `position` of declaration `id`'s inheritance clause, resolved from the declaration
    /// one alias step deeper than `aliasDepth` (`class A: A.B` must not resolve itself forever);
    /// memoized while the index is built, read only afterwards.
    private func inheritedEntry(_ position: Int, of id: DeclarationID, aliasDepth: Int) -> ResolvedType {
        let key = InheritanceMemo.Key(declaration: id, entry: position)
        if let known = inheritanceMemo.resolved[key] { return known }
        guard let reference = TypeReference(declaration(id).inheritance[position].typeName) else { return .unknown }
        let resolved = resolve(reference.components, from: id, aliasDepth: aliasDepth + 1)
        if !inheritanceMemo.isFrozen { inheritanceMemo.resolved[key] = resolved }
        return resolved
    }

    /// Whether a member the tree adds to a library's type is declared with a library's type: a
    /// property's annotation or a function's result, written without `Self`, naming no type of the
    /// tree (nor a generic argument that is one), no existential (a member without a written type
    /// may hold anything).
    private func holdsLibraryType(_ member: DeclarationID) -> Bool {
        let declaration = declaration(member)
        let file = files[member.file]
        let written: String?
        switch declaration.kind {
        case .variable: written = declaration.bindings.first?.typeAnnotation.map { file.compactText($0) }
        case .function: written = declaration.returnType.map { file.compactText($0) }
        default: written = nil
        }
        guard let written, !written.contains("Self"), !ExpressionTyper.mayHoldAnyModel(written) else { return false }
        let scope = DeclarationID(file: member.file, declaration: declaration.parent ?? -1)
        guard case .external(let type) = resolve(written, from: scope) else { return false }
        let words = type.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
        return !words.contains(where: isTreeTypeName)
    }

    /// Whether the tree declares a type with the simple name `name`, in a file the index read or
    /// in one the relevance filter left out.
    public func isTreeTypeName(_ name: String) -> Bool {
        declaredBaseNames.contains(name) || typesDeclaredOutside.contains(name)
    }

    /// Whether the tree extends an external type named `typeName` (its last component) with a
    /// member called `member`: such a member may hold one of the tree's models. With `file`,
    /// only extensions that code in that file can see count (an app's and its widget's
    /// `extension View { var store … }` in two modules: each target reads its own).
    public func extendsExternal(_ typeName: String, with member: String, visibleFrom file: Int? = nil) -> Bool {
        !membersAdded(toExternal: typeName, named: member, visibleFrom: file).isEmpty
    }

    /// Whether every member called `member` that the tree adds to a type it does not declare
    /// holds a library's type (`extension UserDefaults { static let shared: UserDefaults }`). A
    /// library's type that inherits from one of those (`UIApplication` from `UIResponder`) or
    /// conforms to it (`Text` to `View`) gains the member, which then still hands out a library's
    /// value. True when the tree adds none.
    public func addedExternalMembersHoldLibraryTypes(_ member: String) -> Bool {
        externalMembersByName[member] == nil || libraryTypedExternalMembers.contains(member)
    }

    /// The members called `member` that the tree's extensions add to the external type named
    /// `typeName` (its last component): `extension Assembler { static func resolve<S>(…) }`.
    /// With `file`, only those code in that file can see (an app and its TV twin each add their
    /// own; each target reads its own).
    public func membersAdded(toExternal typeName: String, named member: String, visibleFrom file: Int? = nil) -> [DeclarationID] {
        let base = typeName.split(separator: ".").last.map(String.init) ?? typeName
        let added = externalExtensionMembers[base + "." + member] ?? []
        guard let file else { return added }
        return added.filter { sees($0.file, from: file) }
    }

    /// Every member the tree's extensions add to the external type named `typeName` (its last
    /// component): `extension ObservableObject { func refresh() … }`.
    public func membersAdded(toExternal typeName: String) -> [DeclarationID] {
        externalMembersByType[typeName.split(separator: ".").last.map(String.init) ?? typeName] ?? []
    }

    /// The declaration behind an identifier.
    public func declaration(_ id: DeclarationID) -> Declaration {
        files[id.file].declarations[id.declaration]
    }

    /// The first variable of type `typeID` (its declaration, then its extensions, in order) that
    /// binds `name`.
    public func variable(named name: String, of typeID: DeclarationID) -> DeclarationID? {
        if let names = classVariables[typeID] { return names[name] }
        guard let symbol = symbol(typeID), symbol.kind != .class else { return nil }
        return Self.variablesByName(of: symbol, files)[name]
    }

    /// Every name the variables of a type and its extensions bind, with the first that binds it.
    private static func variablesByName(of symbol: TypeSymbol, _ files: [FileStructure]) -> [String: DeclarationID] {
        var names: [String: DeclarationID] = [:]
        for container in [symbol.id] + symbol.extensions {
            let file = files[container.file]
            for member in file.members(of: container.declaration) where file.declarations[member].kind == .variable {
                for binding in file.declarations[member].bindings {
                    if let name = binding.name, names[name] == nil { names[name] = DeclarationID(file: container.file, declaration: member) }
                }
            }
        }
        return names
    }

    /// The member declarations of a type of the tree and of its extensions, in that order.
    public func memberDeclarations(of typeID: DeclarationID) -> [DeclarationID] {
        guard let symbol = symbol(typeID) else { return [] }
        return ([typeID] + symbol.extensions).flatMap { container in
            files[container.file].members(of: container.declaration).map { DeclarationID(file: container.file, declaration: $0) }
        }
    }

    /// Whether the type's declaration or one of its extensions lists one of `names` in its
    /// inheritance clause, as written (`enum Kind: CaseIterable`, `extension Item: Hashable {}`).
    public func statesInheritance(of id: DeclarationID, anyOf names: Set<String>) -> Bool {
        ([id] + (symbol(id)?.extensions ?? [])).contains { container in
            declaration(container).inheritance.contains { names.contains($0.typeName) }
        }
    }

    /// The symbol for a type declaration, if `id` is one.
    public func symbol(_ id: DeclarationID) -> TypeSymbol? {
        typeByDeclaration[id].map { types[$0] }
    }

    /// The type declarations whose qualified name is `name`.
    public func types(named name: String) -> [TypeSymbol] {
        (typesByQualifiedName[name] ?? []).map { types[$0] }
    }

    /// The other classes of a class's qualified name that stand for it (`areVariants`, seen from
    /// some file): `#if` branches, one file per target, an app's flavours. In declaration order.
    public func classVariants(of id: DeclarationID) -> [DeclarationID] {
        guard let name = symbol(id)?.qualifiedName else { return [] }
        return types(named: name).filter { $0.kind == .class && $0.id != id && areVariants([id, $0.id], seenFrom: nil) }.map(\.id).sorted()
    }

    /// Whether some type of the tree has the simple name `name`.
    public func isDeclaredBaseName(_ name: String) -> Bool { declaredBaseNames.contains(name) }

    /// Whether code in file `from` can see declarations of file `file` (same module, or a
    /// module it imports); always true in a one-module tree.
    public func sees(_ file: Int, from: Int) -> Bool {
        modules?.sees(file, from: from) ?? true
    }

    /// The type, or extension, declaration that encloses `id` (itself when it is one).
    public func enclosingTypeLike(_ id: DeclarationID) -> DeclarationID? {
        var current: Int? = id.declaration >= 0 ? id.declaration : nil
        let file = files[id.file]
        while let index = current {
            if file.declarations[index].kind.isTypeLike { return DeclarationID(file: id.file, declaration: index) }
            current = file.declarations[index].parent
        }
        return nil
    }

    /// What `self` is inside type-like declaration `id`: the type it declares or extends, or,
    /// in an unconditional extension of a type the tree does not declare and no declaration of
    /// the tree inherits or conforms to (`extension TagDecoder: ResourceHandler`, `TagDecoder`
    /// a library's class), that external type: no model of the tree can be `self` there. An
    /// extension of a protocol the tree's types adopt (`extension ObservableObject`,
    /// `extension Identifiable`), or one with a `where` clause, may be any of them: unknown.
    public func selfType(in id: DeclarationID) -> ResolvedType {
        if let target = extendedType(id) { return .declared(target) }
        let declaration = declaration(id)
        guard declaration.whereClause == nil, let reference = TypeReference(declaration.name),
              !declaredBaseNames.contains(reference.baseName), !inheritedNames.contains(reference.baseName) else { return .unknown }
        return .external(declaration.name)
    }

    /// The type declaration a type-like declaration stands for: itself, or the type an
    /// extension extends (nil when that type is not in the tree).
    public func extendedType(_ id: DeclarationID) -> DeclarationID? {
        guard declaration(id).kind == .extension else { return id }
        return extensionTargets[id]
    }

    /// Resolves a type as written (`Library`, `Model.Library?`, `[Book]` gives `.unknown`) from the
    /// scope of declaration `scope` (use declaration -1 for file scope).
    public func resolve(_ written: String, from scope: DeclarationID) -> ResolvedType {
        guard let reference = TypeReference(written) else { return .unknown }
        return resolve(reference.components, from: scope, aliasDepth: 0)
    }

    private func resolve(_ components: [String], from scope: DeclarationID, aliasDepth: Int) -> ResolvedType {
        guard let first = components.first, let last = components.last else { return .unknown }
        // `Self.Model` inside a struct, enum, class or actor (or an extension of one) is the
        // enclosing type's `Model`: a nested type is no member a subclass overrides. In a
        // protocol `Self` is the conforming type, whatever it is.
        if first == "Self", let enclosing = enclosingTypeLike(scope), let type = extendedType(enclosing),
           let symbol = symbol(type), [.struct, .enum, .class, .actor].contains(symbol.kind) {
            // `-> Self` of a method: the type, or (in a class) a subclass, which has its members.
            guard components.count > 1 else { return .declared(type) }
            return resolve(symbol.path + components.dropFirst(), from: scope, aliasDepth: aliasDepth)
        }
        // A generic parameter of an enclosing declaration shadows any type of that name.
        if components.count == 1, let parameter = genericParameter(named: first, from: scope) {
            return parameter
        }
        // No type of that name anywhere in the tree: external, without walking scopes.
        if !declaredBaseNames.contains(last) { return .external(components.joined(separator: ".")) }
        for prefix in scopePaths(of: scope) {
            if let found = lookUp(prefix + components, aliasDepth: aliasDepth, near: scope.file) { return found }
        }
        // `Context` written inside `Sub` (or a type nested in it), declared in `Sub`'s superclass
        // or in a protocol it conforms to: nested types are inherited, so a subclass names its
        // superclass's without qualifying them.
        if aliasDepth < 8, scope.declaration >= 0, nestedBaseNames.contains(first) {
            let file = files[scope.file]
            var current: Int? = scope.declaration
            while let index = current {
                let id = DeclarationID(file: scope.file, declaration: index)
                if file.declarations[index].kind.isTypeLike, let target = extendedType(id),
                   let found = inheritedMember(first, of: target, aliasDepth: aliasDepth, near: scope.file) {
                    if components.count == 1 { return found }
                    if case .declared(let outer) = found, let symbol = symbol(outer),
                       let rest = lookUp(symbol.path + components.dropFirst(), aliasDepth: aliasDepth, near: scope.file) {
                        return rest
                    }
                }
                current = file.declarations[index].parent
            }
        }
        // `Sub.Context` where `Context` is declared in `Sub`'s superclass, or is a type alias of
        // a protocol it conforms to (`protocol Values { typealias Builder = ValuesBuilder<Self> }`,
        // `Details.Builder()`): nested types and protocol aliases are inherited, so look there.
        if components.count > 1, aliasDepth < 8,
           case .declared(let outer) = resolve(Array(components.dropLast()), from: scope, aliasDepth: aliasDepth + 1) {
            if let found = inheritedMember(last, of: outer, aliasDepth: aliasDepth, near: scope.file) { return found }
        }
        // `ModuleName.Type`: drop a leading component that names no type. When the build names its
        // modules and this is none of them (`VendorKit.LegacyVendor`), the type may be that
        // library's, not the tree's class of the same name: one of those, or another.
        if components.count > 1, typesByQualifiedName[first] == nil {
            let rest = resolve(Array(components.dropFirst()), from: scope, aliasDepth: aliasDepth)
            // Without a build graph, a module the file imports is another one than its own.
            let foreign = modules?.moduleNames.map { !$0.contains(first) } ?? imports(first, in: scope.file)
            if foreign, case .declared(let id) = rest, symbol(id)?.kind == .class { return .ambiguous([id]) }
            return rest
        }
        return .external(components.joined(separator: "."))
    }

    /// Whether `file` imports a module named `module` (`import VendorKit`, `@testable import`, `import struct VendorKit.X`).
    private func imports(_ module: String, in file: Int) -> Bool {
        guard files.indices.contains(file) else { return false }
        return files[file].declarations.contains { $0.kind == .import && BuildGraph.importedModuleName($0.name) == module }
    }

    /// The nested type or type alias `name` that `type` inherits: declared in the type itself,
    /// in one of its superclasses, or in a protocol that it, its extensions or those protocols
    /// name in their inheritance clauses; nearest first (breadth first), each type visited once.
    private func inheritedMember(_ name: String, of type: DeclarationID, aliasDepth: Int, near file: Int) -> ResolvedType? {
        var queue = [type]
        var visited: Set<DeclarationID> = [type]
        var position = 0
        while position < queue.count {
            let current = queue[position]
            position += 1
            guard let symbol = symbol(current) else { continue }
            if let found = lookUp(symbol.path + [name], aliasDepth: aliasDepth, near: file) { return found }
            for declarationID in [current] + symbol.extensions {
                for position in declaration(declarationID).inheritance.indices {
                    guard case .declared(let inherited) = inheritedEntry(position, of: declarationID, aliasDepth: aliasDepth),
                          [.class, .protocol].contains(declaration(inherited).kind),
                          visited.insert(inherited).inserted else { continue }
                    queue.append(inherited)
                }
            }
        }
        return nil
    }

    private func lookUp(_ path: [String], aliasDepth: Int, near file: Int) -> ResolvedType? {
        guard var candidates = typesByQualifiedName[path.joined(separator: ".")], !candidates.isEmpty else {
            return nil
        }
        // Swift sees the declarations of the file's own module and of the modules it imports:
        // a homonym anywhere else is another type, and one in no visible module is external.
        if let modules {
            candidates = candidates.filter { modules.sees(types[$0].id.file, from: file) }
            guard !candidates.isEmpty else { return nil }
        }
        if candidates.count > 1 {
            // A top-level `private` or `fileprivate` type is seen in its own file only; one in
            // the referencing file is the one meant (each preview file's `private class Model`,
            // a tutorial's step files each declaring `Model`).
            let visible = candidates.filter { index in
                let declaration = declaration(types[index].id)
                return types[index].id.file == file || declaration.parent != nil
                    || !(declaration.hasModifier(.private) || declaration.hasModifier(.fileprivate))
            }
            if !visible.isEmpty { candidates = visible }
            let own = candidates.filter { types[$0].id.file == file }
            if own.count == 1 { candidates = own }
        }
        let first = candidates[0]
        // Several types of one name: a tree of several packages or targets. The one declared
        // nearest to the reference (longest shared folder) is the one its module sees; when none
        // is nearer than the tree's root, nothing says which, so the name is unknown.
        var chosen = first
        // Declarations of one name in one file are variants under `#if` (`#if WITH_REMOTE
        // typealias DataType = RemoteData #else typealias DataType = LocalData`): the first
        // stands for them; `variantGroups()` keeps what they name in one unit.
        if candidates.count > 1, !candidates.allSatisfy({ types[$0].id.file == types[first].id.file }) {
            if let nearest = nearest(candidates, to: file) {
                chosen = nearest
            } else if areVariants(candidates.map { types[$0].id }, seenFrom: file) {
                chosen = first
            } else {
                // Platform variants of an alias (`#if os(iOS) typealias Host = WindowHost #else
                // typealias Host = PanelHost`) stand for the types they name: a reference waits
                // for those, not for any type at all.
                let targets = candidates.map { symbolType($0, aliasDepth: aliasDepth) }
                let declared = targets.compactMap { target -> DeclarationID? in
                    if case .declared(let id) = target { return id }
                    return nil
                }
                guard declared.count == targets.count else { return .ambiguous(candidates.map { types[$0].id }) }
                let distinct = declared.reduce(into: [DeclarationID]()) { if !$0.contains($1) { $0.append($1) } }
                return distinct.count == 1 ? .declared(distinct[0]) : .ambiguous(distinct)
            }
        }
        return symbolType(chosen, aliasDepth: aliasDepth)
    }

    /// Whether homonymous declarations are one class's variants under different compilation
    /// conditions (`#if os(iOS)` and `#else` in one file, `Scanner+iOS.swift` beside
    /// `Scanner+macOS.swift`): all classes, in one folder, none `private` or `fileprivate` (a
    /// file's own), each visible where the others are declared. Homonyms in different folders
    /// (one per app flavour, `EW/` and `NCW/`) are different types that a reference may mean
    /// either of.
    public func areClassVariants(_ ids: [DeclarationID]) -> Bool {
        guard let first = ids.first else { return false }
        let folder = Self.folder(of: pathBytes[first.file])
        return ids.allSatisfy { id in
            let declaration = declaration(id)
            return declaration.kind == .class && !declaration.hasModifier(.private) && !declaration.hasModifier(.fileprivate)
                && Self.folder(of: pathBytes[id.file]) == folder && ids.allSatisfy { sees($0.file, from: id.file) }
        }
    }

    /// Whether homonymous classes stand for one class wherever code means the name: variants
    /// under compilation conditions (`areClassVariants`) or an app's flavours seen from `file`
    /// (`areFlavourVariants`; nil: from some file). The first stands for them in lookups, and
    /// `MigrationUnits` keeps them in one unit.
    public func areVariants(_ ids: [DeclarationID], seenFrom file: Int?) -> Bool {
        areClassVariants(ids) || areFlavourVariants(ids, seenFrom: file)
    }

    /// Whether homonymous classes are an app's flavours: each declared in modules that see none
    /// of the others (`EW/FireblocksManager.swift` in the EW targets, `NCW/FireblocksManager.swift`
    /// in the NCW ones), all seen from `file` (nil: from some file of the tree), which the
    /// flavours' targets compile alike. Such a file means each class in its own target, so the
    /// classes change together, as `#if` variants do; a file of one flavour sees only its own.
    public func areFlavourVariants(_ ids: [DeclarationID], seenFrom file: Int?) -> Bool {
        guard let modules, ids.count > 1 else { return false }
        let name = ids.first.flatMap { symbol($0)?.qualifiedName }
        for id in ids {
            let declaration = declaration(id)
            guard declaration.kind == .class, !declaration.hasModifier(.private), !declaration.hasModifier(.fileprivate),
                  symbol(id)?.qualifiedName == name else { return false }
            if ids.contains(where: { $0 != id && modules.sees($0.file, from: id.file) }) { return false }
        }
        if let file { return seesAsFlavours(ids, from: file, modules) }
        return modules.own.indices.contains { file in seesAsFlavours(ids, from: file, modules) }
    }

    /// Whether code in `file` sees each of the homonymous classes as the one its module means:
    /// it sees them all, and either compiles with each (a file the flavours' targets share) or
    /// with none. A class of the file's own module shadows one it imports, so a test target's
    /// `class Manager` (a mock beside `@testable import App`) is another class, not a flavour.
    private func seesAsFlavours(_ ids: [DeclarationID], from file: Int, _ modules: FileModules) -> Bool {
        guard ids.allSatisfy({ modules.sees($0.file, from: file) }) else { return false }
        let compiledWith = ids.filter { id in modules.own[id.file].contains { modules.own[file].contains($0) } }
        if compiledWith.isEmpty || compiledWith.count == ids.count { return true }
        // `App.Store` names the imported class past the shadowing one, and which sites mean which
        // is not read: they stay one unit, as variants.
        guard let name = ids.first.map({ declaration($0).name }) else { return false }
        return namesQualified(name, in: file, modules)
    }

    /// Whether `file` writes `Module.name` with a module of the build (`App.Store`); without the
    /// build's module names, it may: true.
    private func namesQualified(_ name: String, in file: Int, _ modules: FileModules) -> Bool {
        guard let moduleNames = modules.moduleNames else { return true }
        let structure = files[file]
        let tokens = structure.tokens
        return tokens.indices.contains { index in
            index >= 2 && tokens[index].kind == .identifier && structure.source.tokenText(index, equals: name)
                && tokens[index - 1].kind == .period && tokens[index - 2].kind == .identifier
                && moduleNames.contains(structure.source.text(index - 2))
        }
    }

    /// A path's folder: its bytes up to the last `/` (none for a file at the root).
    private static func folder(of path: [UInt8]) -> ArraySlice<UInt8> {
        path[..<(path.lastIndex(of: UInt8(ascii: "/")) ?? 0)]
    }

    /// The tree's types that one name stands for under different compilation conditions, each
    /// group of two or more: the classes, or the types aliases name, that a class or alias
    /// declared more than once in one file resolves to (`#if os(iOS) typealias Host = WindowHost
    /// #else typealias Host = PanelHost #endif`). A reference to the name means whichever
    /// compiles, so models among them change together.
    public func variantGroups() -> [[DeclarationID]] {
        var groups: [[DeclarationID]] = []
        for name in typesByQualifiedName.keys.sorted() {
            guard let candidates = typesByQualifiedName[name], candidates.count > 1,
                  candidates.allSatisfy({ types[$0].id.file == types[candidates[0]].id.file
                      && (types[$0].kind == .class || types[$0].kind == .typealias) }) else { continue }
            var targets: [DeclarationID] = []
            for candidate in candidates {
                if case .declared(let id) = symbolType(candidate, aliasDepth: 0), !targets.contains(id) { targets.append(id) }
            }
            if targets.count > 1 { groups.append(targets) }
        }
        return groups
    }

    /// What the type symbol at `chosen` stands for: itself, or what an alias names.
    private func symbolType(_ chosen: Int, aliasDepth: Int) -> ResolvedType {
        let symbol = types[chosen]
        if symbol.kind == .typealias {
            guard aliasDepth < 8 else { return .unknown }
            let alias = declaration(symbol.id)
            // A composition (`typealias Model = ObservableObject & Identifiable`) is no single
            // declaration to follow: the alias itself is the type, as a protocol would be.
            if let value = alias.inheritance.first, files[symbol.id.file].compositionParts(value.tokens) != nil {
                return .declared(symbol.id)
            }
            guard let target = alias.inheritance.first?.typeName, let reference = TypeReference(target) else { return .unknown }
            // `typealias Provider = Kit.Provider`: a module's type under its own name. Dropping the
            // module's name, as `resolve` does for a name that is no type's, would find the alias.
            if reference.components.count > 1, reference.components.last == alias.name,
               typesByQualifiedName[reference.components[0]] == nil {
                return .external(reference.components.joined(separator: "."))
            }
            let aliasScope = DeclarationID(file: symbol.id.file, declaration: alias.parent ?? -1)
            return resolve(reference.components, from: aliasScope, aliasDepth: aliasDepth + 1)
        }
        return .declared(symbol.id)
    }

    /// The candidate whose file shares the longest folder prefix with `file`, or nil when the
    /// best one shares no more than the folder common to every file of the tree. Several that
    /// share it alike may be one class's variants (`areClassVariants`): the first stands for
    /// them, and `MigrationUnits` keeps the variants in one unit. Otherwise nothing says which
    /// one the reference means: nil.
    private func nearest(_ candidates: [Int], to file: Int) -> Int? {
        let origin = pathBytes[file]
        var best = candidates[0]
        var bestShared = -1
        var tied = false
        for candidate in candidates {
            let path = pathBytes[types[candidate].id.file]
            var lastSlash = 0
            let length = min(origin.count, path.count)
            var shared = 0
            while shared < length, origin[shared] == path[shared] {
                shared += 1
                if path[shared - 1] == UInt8(ascii: "/") { lastSlash = shared }
            }
            if lastSlash > bestShared {
                bestShared = lastSlash
                best = candidate
                tied = false
            } else if lastSlash == bestShared, !areClassVariants([types[candidate].id, types[best].id]) {
                tied = true
            }
        }
        return bestShared > commonRootLength && !tied ? best : nil
    }

    /// The qualified paths to try, innermost scope first: `[Outer, Inner]`, `[Outer]`, `[]`.
    private func scopePaths(of scope: DeclarationID) -> [[String]] {
        guard scope.declaration >= 0 else { return [[]] }
        let file = files[scope.file]
        var paths: [[String]] = []
        var current: Int? = scope.declaration
        while let index = current {
            if file.declarations[index].kind.isTypeLike {
                // Cached paths first: from inside an extension, lookup continues in the extended
                // type's scopes.
                let id = DeclarationID(file: scope.file, declaration: index)
                let path: [String]
                if let target = extensionTargets[id], let symbol = symbol(target) {
                    path = symbol.path
                } else if let position = typeByDeclaration[id] {
                    path = types[position].path
                } else {
                    path = file.qualifiedName(of: index)
                }
                if paths.last != path { paths.append(path) }
            }
            current = file.declarations[index].parent
        }
        var expanded: [[String]] = []
        var seen = Set<[String]>()
        for path in paths {
            for length in stride(from: path.count, through: 1, by: -1) {
                // A prefix already listed came with every shorter prefix of it: stop there. (The
                // linear search this replaces made absurdly nested scopes take minutes.)
                guard seen.insert(Array(path.prefix(length))).inserted else { break }
                expanded.append(Array(path.prefix(length)))
            }
        }
        expanded.append([])
        return expanded
    }

    private func resolveExtended(_ index: Int, in file: Int) -> ResolvedType {
        let declaration = files[file].declarations[index]
        guard let reference = TypeReference(declaration.name) else { return .unknown }
        let outer = DeclarationID(file: file, declaration: declaration.parent ?? -1)
        for prefix in outer.declaration >= 0 ? scopePaths(of: outer) : [[]] {
            if let found = lookUp(prefix + reference.components, aliasDepth: 0, near: file) { return found }
        }
        if reference.components.count > 1, typesByQualifiedName[reference.components[0]] == nil,
           let found = lookUp(Array(reference.components.dropFirst()), aliasDepth: 0, near: file) {
            return found
        }
        return .unknown
    }

    private func genericParameter(named name: String, from scope: DeclarationID) -> ResolvedType? {
        guard scope.declaration >= 0 else { return nil }
        let file = files[scope.file]
        var current: Int? = scope.declaration
        while let index = current {
            let declaration = file.declarations[index]
            if let parameter = declaration.genericParameters.first(where: { $0.name == name }) {
                var constraints = parameter.constraint.map { [$0] } ?? []
                constraints += whereConstraints(of: declaration, in: file, for: name)
                return .genericParameter(name: name, constraints: constraints)
            }
            current = declaration.parent
        }
        return nil
    }

    /// `T: P` requirements on `name` in a declaration's `where` clause.
    private func whereConstraints(of declaration: Declaration, in file: FileStructure, for name: String) -> [String] {
        guard let clause = declaration.whereClause, clause.count > 1 else { return [] }
        var constraints: [String] = []
        var index = clause.lowerBound + 1
        while index + 2 < clause.upperBound {
            if file.source.tokenText(index, equals: name), file.tokens[index + 1].kind == .colon {
                var end = index + 2
                while end < clause.upperBound, file.tokens[end].kind != .comma { end += 1 }
                constraints.append(file.compactText((index + 2)..<end))
                index = end
            }
            index += 1
        }
        return constraints
    }
}

extension FileStructure {
    /// The parts of a protocol composition written over `range` (`A & B`, `(A & B)`,
    /// `any A & B`), each a token range without its `&`; nil when the range is not a composition
    /// of two parts or more (a single type, a function type, a tuple).
    public func compositionParts(_ range: Range<Int>) -> [Range<Int>]? {
        var lower = range.lowerBound
        var upper = range.upperBound
        // `any`, `some` and enclosing parentheses wrap the whole composition.
        while lower < upper {
            if source.tokenText(lower, equals: "any") || source.tokenText(lower, equals: "some") {
                lower += 1
            } else if tokens[lower].kind == .leftParen, closing(lower) == upper - 1 {
                lower += 1
                upper -= 1
            } else {
                break
            }
        }
        var parts: [Range<Int>] = []
        var partStart = lower
        var angleDepth = 0
        var index = lower
        while index < upper {
            switch tokens[index].kind {
            case .arrow:
                return nil
            case .comma, .colon:
                // A tuple's elements (`(a: A & B, c: C)`), not a composition; `Box<K, V>` is one part.
                if angleDepth == 0 { return nil }
            case .leftParen, .leftSquare:
                // A bracketed part (`[A & B]`, `(A) -> B`) is one operand; its `&`s are its own.
                let close = closing(index)
                guard close > index, close < upper else { return nil }
                index = close
            case .binaryOperator, .prefixOperator, .postfixOperator:
                if angleDepth == 0, source.tokenText(index, equals: "&") {
                    parts.append(partStart..<index)
                    partStart = index + 1
                } else {
                    // Generic argument lists: `Box<A & B>` is one part.
                    for byte in source.bytes[Int(tokens[index].start)..<Int(tokens[index].end)] {
                        if byte == UInt8(ascii: "<") { angleDepth += 1 } else if byte == UInt8(ascii: ">") { angleDepth -= 1 }
                    }
                }
            default:
                break
            }
            index += 1
        }
        parts.append(partStart..<upper)
        guard parts.count > 1, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        return parts
    }
}

/// The build graph as the index needs it: for each file of the index, the modules compiling it
/// and the modules its code sees (its own and those its imports name).
public struct FileModules: Sendable {
    /// Per file: the modules that compile it.
    public var own: [[Int32]]
    /// Per file: the modules whose declarations its code sees, sorted.
    public var visible: [[Int32]]
    /// The names the build's modules are imported by (and their targets' names), when known: a
    /// qualified `Kit.Store` whose `Kit` is none of them names another library's `Store`.
    public var moduleNames: Set<String>?

    /// Creates the table; both arrays are indexed like the index's files.
    public init(own: [[Int32]], visible: [[Int32]], moduleNames: Set<String>? = nil) {
        self.own = own
        self.visible = visible
        self.moduleNames = moduleNames
    }

    /// Whether a declaration in `file` is visible from code in `from`.
    @inline(__always)
    public func sees(_ file: Int, from: Int) -> Bool {
        if file == from { return true }
        let seen = visible[from]
        for module in own[file] where seen.contains(module) { return true }
        return false
    }
}

/// A type as written, reduced to the dotted name that resolution needs: `Model.Library` from
/// `Model.Library?`, `Library` from `some Library` or `Library!`. Collections, tuples and
/// function types have no such name.
public struct TypeReference: Equatable, Sendable {
    public var components: [String]
    /// Whether the type was written `any P` (an existential).
    public var isExistential: Bool

    /// Reads `written`; nil when it is not a plain (possibly qualified, optional) type name.
    /// Works on UTF-8 bytes: it runs for every inheritance entry and annotation of a tree.
    public init?(_ written: String) {
        var bytes = Array(written.utf8)[...]
        func trimSpaces() {
            while bytes.first == 0x20 { bytes = bytes.dropFirst() }
            while bytes.last == 0x20 { bytes = bytes.dropLast() }
        }
        func dropPrefix(_ word: String) -> Bool {
            let prefix = Array(word.utf8)
            guard bytes.starts(with: prefix) else { return false }
            bytes = bytes.dropFirst(prefix.count)
            trimSpaces()
            return true
        }
        func dropOptionals() {
            while bytes.last == UInt8(ascii: "?") || bytes.last == UInt8(ascii: "!") { bytes = bytes.dropLast() }
        }
        trimSpaces()
        var existential = false
        for keyword in ["some ", "any ", "inout ", "borrowing ", "consuming "] where dropPrefix(keyword) {
            existential = existential || keyword == "any "
        }
        dropOptionals()
        if bytes.first == UInt8(ascii: "("), bytes.last == UInt8(ascii: ")"), !bytes.dropFirst().contains(UInt8(ascii: "(")) {
            bytes = bytes.dropFirst().dropLast()
            trimSpaces()
            if dropPrefix("any ") { existential = true }
            dropOptionals()
        }
        // Drop generic arguments: `Box<Int>.Inner` → `Box.Inner`; split at dots.
        var components: [String] = []
        var current: [UInt8] = []
        var depth = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">"): depth -= 1
            case UInt8(ascii: ".") where depth == 0:
                components.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            case UInt8(ascii: "`"):
                continue
            case UInt8(ascii: " ") where depth == 0:
                continue
            default:
                guard depth == 0 else { continue }
                // Letters, digits, `_` and any non-ASCII scalar (identifiers may be Unicode).
                let isNameByte = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
                    || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
                guard isNameByte else { return nil }
                current.append(byte)
            }
        }
        components.append(String(decoding: current, as: UTF8.self))
        guard depth == 0, components.allSatisfy({ !$0.isEmpty }) else { return nil }
        self.components = components
        self.isExistential = existential
    }

    /// The last component: `Library` for `Model.Library`.
    public var baseName: String { components.last ?? "" }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}

extension String {
    /// The string without leading and trailing characters that occur in `characters` (no
    /// Foundation): `"\"15.0\"".trimming(charactersIn: "\"")` is `15.0`. Named apart from
    /// Foundation's `trimmingCharacters(in: CharacterSet)` so a reader never mistakes one for the other.
    public func trimming(charactersIn characters: String) -> String {
        var result = Substring(self)
        while let first = result.first, characters.contains(first) { result = result.dropFirst() }
        while let last = result.last, characters.contains(last) { result = result.dropLast() }
        return String(result)
    }
}

/// The resolved entries of the tree's inheritance clauses. Written only while `TypeIndex.init`
/// runs on one thread, then frozen: the index's readers on both cores only read it (an entry
/// missing then is resolved again and not kept).
final class InheritanceMemo: @unchecked Sendable {
    /// One entry of one declaration's inheritance clause.
    struct Key: Hashable {
        var declaration: DeclarationID
        var entry: Int
    }

    var resolved: [Key: ResolvedType] = [:]
    var isFrozen = false
}
