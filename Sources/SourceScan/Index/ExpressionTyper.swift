/// Works out the type of the few expression shapes that hand models around:
/// `M()`, `M(x: 1)`, `M.init()`, `M.shared`, `self.model`, `model`, `appState.settings`.
///
/// Anything else (calls of functions, subscripts, closure parameters) is `.unknown`: the rules
/// then treat the site as unknown instead of guessing.
public struct ExpressionTyper: Sendable {
    public let types: TypeIndex
    /// Innermost declaration of every token, per file, built on first use.
    private let owners: [[Int32]]

    /// Top-level variables of the whole tree by name, looked up once rather than per use.
    private let globals: [String: DeclarationID]

    /// Creates a typer over the tree; `owners` maps each token to its innermost declaration.
    public init(types: TypeIndex, owners: [[Int32]]) {
        self.types = types
        self.owners = owners
        var globals: [String: DeclarationID] = [:]
        for (fileIndex, file) in types.files.enumerated() {
            for (index, declaration) in file.declarations.enumerated() where declaration.parent == nil && declaration.kind == .variable {
                for binding in declaration.bindings {
                    if let name = binding.name, globals[name] == nil { globals[name] = DeclarationID(file: fileIndex, declaration: index) }
                }
            }
        }
        self.globals = globals
    }

    /// Builds the token → innermost declaration map of one file (-1 at file scope).
    public static func owners(of file: FileStructure) -> [Int32] {
        var owners = [Int32](repeating: -1, count: file.tokens.count)
        // Declarations come in source order and nest, so later (inner) ones overwrite.
        for (index, declaration) in file.declarations.enumerated() {
            for token in declaration.tokens where token < owners.count { owners[token] = Int32(index) }
        }
        return owners
    }

    /// The innermost declaration holding token `token` of file `file`, or nil at file scope.
    public func owner(file: Int, token: Int) -> Int? {
        let owner = Int(owners[file][token])
        return owner >= 0 ? owner : nil
    }

    /// The type of the expression in `range` of `file`, seen from token `range.lowerBound`.
    public func typeOf(_ range: Range<Int>, file: Int) -> ResolvedType {
        typeOf(range, file: file, depth: 0)
    }

    private func typeOf(_ range: Range<Int>, file: Int, depth: Int) -> ResolvedType {
        guard depth < 6, !range.isEmpty else { return .unknown }
        let structure = types.files[file]
        let tokens = structure.tokens
        var index = range.lowerBound
        let end = range.upperBound
        let scope = DeclarationID(file: file, declaration: owner(file: file, token: index) ?? -1)
        var current: ResolvedType
        var isTypeContext = false

        // The head: `self`, a type name, or a variable.
        let head = tokens[index]
        guard head.kind == .identifier || head.kind == .keyword else { return .unknown }
        let name = structure.source.text(index)
        if head.word == .self {
            guard let enclosing = types.enclosingTypeLike(scope), let target = types.extendedType(enclosing) else { return .unknown }
            current = .declared(target)
        } else if let variable = lookUpVariable(name, at: index, file: file) {
            current = variable
        } else if name.first?.isUppercase == true {
            // A type: one the tree declares, or an external one (`ThirdPartyModel()` is known
            // not to be a model, which is different from not knowing).
            switch types.resolve(name, from: scope) {
            case .declared(let target): current = .declared(target)
            case .external(let written): current = .external(written)
            default: return .unknown
            }
            isTypeContext = true
        } else {
            return .unknown
        }
        index += 1
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .postfixQuestionMark, .exclamationMark:
                index += 1
            case .leftParen:
                // A call: only an initializer call of a type keeps a known type.
                let close = structure.closing(index)
                guard isTypeContext, close < end || close == end - 1 else { return .unknown }
                isTypeContext = false
                index = close + 1
            case .period:
                guard index + 1 < end else { return .unknown }
                let memberIndex = index + 1
                let member = tokens[memberIndex]
                if member.word == .`init` {
                    index += 2
                    continue
                }
                guard member.kind == .identifier || member.kind == .keyword, case .declared(let typeID) = current else { return .unknown }
                let memberName = structure.source.text(memberIndex)
                guard let type = memberType(memberName, of: typeID, isStatic: isTypeContext, depth: depth) else { return .unknown }
                current = type
                isTypeContext = false
                index += 2
            default:
                return .unknown
            }
        }
        return isTypeContext ? .unknown : current
    }

    /// The type of a property `name` of type `typeID` (its declaration, extensions, superclasses).
    public func memberType(_ name: String, of typeID: DeclarationID, isStatic: Bool, depth: Int = 0) -> ResolvedType? {
        var visited = Set<DeclarationID>()
        var current: DeclarationID? = typeID
        while let typeDeclaration = current, visited.insert(typeDeclaration).inserted {
            guard let symbol = types.symbol(typeDeclaration) else { return nil }
            for container in [typeDeclaration] + symbol.extensions {
                let file = types.files[container.file]
                for member in file.members(of: container.declaration) {
                    let declaration = file.declarations[member]
                    guard declaration.kind == .variable, declaration.hasModifier(.static) || declaration.hasModifier(.class) == isStatic
                    else { continue }
                    for binding in declaration.bindings where binding.name == name {
                        return variableType(binding, declarationID: DeclarationID(file: container.file, declaration: member), depth: depth)
                    }
                }
            }
            // Walk to the superclass, if it is in the tree.
            let declaration = types.declaration(typeDeclaration)
            if declaration.kind == .class, let first = declaration.inheritance.first,
               case .declared(let superclass) = types.resolve(first.typeName, from: typeDeclaration),
               types.symbol(superclass)?.kind == .class {
                current = superclass
            } else {
                current = nil
            }
        }
        return nil
    }

    /// The type of a variable binding: its annotation, else the type of its initializer.
    public func variableType(_ binding: VariableBinding, declarationID: DeclarationID, depth: Int = 0) -> ResolvedType {
        let file = types.files[declarationID.file]
        let scope = DeclarationID(file: declarationID.file, declaration: file.declarations[declarationID.declaration].parent ?? -1)
        if let annotation = binding.typeAnnotation {
            return types.resolve(file.compactText(annotation), from: scope)
        }
        if let initializer = binding.initializer {
            return typeOf(initializer, file: declarationID.file, depth: depth + 1)
        }
        return .unknown
    }

    /// Finds what a bare identifier refers to at `token`: a closure parameter (unknown), a
    /// function parameter, a local variable declared earlier, a property of an enclosing type,
    /// or a global. Returns nil when it names no variable.
    public func lookUpVariable(_ name: String, at token: Int, file: Int) -> ResolvedType? {
        let structure = types.files[file]
        if isClosureParameter(name, at: token, fileIndex: file) { return .unknown }
        var current = owner(file: file, token: token)
        while let index = current {
            let declaration = structure.declarations[index]
            let id = DeclarationID(file: file, declaration: index)
            switch declaration.kind {
            case .function, .initializer, .subscript:
                if let type = parameterType(name, of: declaration, in: structure, scope: id) { return type }
                for member in structure.members(of: index) {
                    let local = structure.declarations[member]
                    guard local.kind == .variable, local.tokens.lowerBound < token else { continue }
                    for binding in local.bindings where binding.name == name {
                        return variableType(binding, declarationID: DeclarationID(file: file, declaration: member))
                    }
                }
            case .variable:
                // Locals declared inside an accessor (`body`) belong to the variable.
                for member in structure.members(of: index) {
                    let local = structure.declarations[member]
                    guard local.kind == .variable, local.tokens.lowerBound < token else { continue }
                    for binding in local.bindings where binding.name == name {
                        return variableType(binding, declarationID: DeclarationID(file: file, declaration: member))
                    }
                }
            case .class, .struct, .enum, .actor, .extension, .protocol:
                if let target = types.extendedType(id) {
                    let isStaticContext = false
                    if let type = memberType(name, of: target, isStatic: isStaticContext) { return type }
                    if let type = memberType(name, of: target, isStatic: true) { return type }
                }
            default:
                break
            }
            current = declaration.parent
        }
        // Globals anywhere in the tree.
        guard let global = globals[name] else { return nil }
        let declaration = types.declaration(global)
        guard let binding = declaration.bindings.first(where: { $0.name == name }) else { return nil }
        return variableType(binding, declarationID: global)
    }

    /// The type written for parameter `name` (its internal name) in a parameter clause.
    private func parameterType(_ name: String, of declaration: Declaration, in file: FileStructure, scope: DeclarationID) -> ResolvedType? {
        guard let clause = declaration.parameters, clause.count > 2 else { return nil }
        var segmentStart = clause.lowerBound + 1
        var index = segmentStart
        let end = clause.upperBound - 1
        while index <= end {
            let token = file.tokens[index]
            if index == end || token.kind == .comma {
                if let colon = (segmentStart..<index).first(where: { file.tokens[$0].kind == .colon }), colon > segmentStart,
                   file.source.tokenText(colon - 1, equals: name) {
                    var typeEnd = colon + 1
                    while typeEnd < index, file.tokens[typeEnd].kind != .equal { typeEnd += 1 }
                    return types.resolve(file.compactText((colon + 1)..<typeEnd), from: scope)
                }
                segmentStart = index + 1
                index += 1
                continue
            }
            if token.kind == .leftParen || token.kind == .leftSquare || token.kind == .leftBrace {
                index = file.closing(index) + 1
                continue
            }
            index += 1
        }
        return nil
    }

    /// Whether `name` is a parameter of a closure enclosing `token` (`{ name in`, `{ (name, x) in`).
    /// Scans outward through enclosing braces up to the body of the declaration that owns them.
    private func isClosureParameter(_ name: String, at token: Int, fileIndex: Int) -> Bool {
        let file = types.files[fileIndex]
        var index = token - 1
        var depth = 0
        while index >= 0 {
            let kind = file.tokens[index].kind
            if kind == .rightBrace {
                depth += 1
            } else if kind == .leftBrace {
                if depth > 0 {
                    depth -= 1
                } else {
                    if isDeclarationBody(index, file: file, fileIndex: fileIndex) { return false }
                    var scan = index + 1
                    var names: [Int] = []
                    while scan < token, scan < index + 24 {
                        let scanned = file.tokens[scan]
                        if scanned.word == .in {
                            if names.contains(where: { file.source.tokenText($0, equals: name) }) { return true }
                            break
                        }
                        if scanned.kind == .identifier { names.append(scan) }
                        if scanned.kind == .leftBrace || scanned.kind == .rightBrace { break }
                        scan += 1
                    }
                }
            }
            index -= 1
        }
        return false
    }

    /// Whether the brace at `open` opens a declaration's body or accessor block (not a closure).
    private func isDeclarationBody(_ open: Int, file: FileStructure, fileIndex: Int) -> Bool {
        guard let owner = owner(file: fileIndex, token: open) else { return false }
        let declaration = file.declarations[owner]
        if declaration.body?.lowerBound == open { return true }
        return declaration.bindings.contains { $0.accessorBlock?.lowerBound == open }
    }
}
