/// What sort of declaration a `Declaration` is.
public enum DeclarationKind: String, Sendable {
    case `import`, `class`, `struct`, `enum`, actor, `protocol`, `extension`
    case variable, function, initializer, deinitializer, `subscript`, `typealias`
    case enumCase, `associatedtype`, macro, `operator`, precedenceGroup

    /// Whether the declaration introduces or extends a type and has members.
    public var isTypeLike: Bool {
        switch self {
        case .class, .struct, .enum, .actor, .protocol, .extension: return true
        default: return false
        }
    }
}

/// An attribute such as `@Published`, `@available(iOS 17, *)` or `@SwiftUI.State`.
public struct Attribute: Sendable, Equatable {
    /// Token indices from `@` through the closing parenthesis of the arguments, if any.
    public var tokens: Range<Int>
    /// The name as written without `@` or arguments, e.g. `Published`, `SwiftUI.State`.
    public var name: String
    /// Token indices of `(` … `)`, when the attribute has arguments.
    public var arguments: Range<Int>?

    /// The last component of the name: `State` for `@SwiftUI.State`.
    public var baseName: Substring { name.split(separator: ".").last ?? Substring(name) }
}

/// A declaration modifier such as `public`, `private(set)`, `lazy`, `override`.
public struct Modifier: Sendable, Equatable {
    /// Token indices of the word and its parenthesised detail, if any.
    public var tokens: Range<Int>
    /// The modifier word.
    public var word: Word
    /// The detail inside parentheses, e.g. `set` for `private(set)`.
    public var detail: String?
}

/// One entry of an inheritance clause: `ObservableObject` in `class M: Base, ObservableObject`.
public struct InheritanceEntry: Sendable, Equatable {
    /// Token indices of the type, without the separating comma.
    public var tokens: Range<Int>
    /// The type as written, with trivia removed: `Foundation.NSObject`, `P<Int>`.
    public var typeName: String
    /// The index of the comma after the entry, if there is one.
    public var trailingComma: Int?
}

/// A generic parameter: `T` in `<T: ObservableObject>`.
public struct GenericParameter: Sendable, Equatable {
    public var name: String
    /// The constraint written inline, as text without trivia, if any.
    public var constraint: String?
    /// Token indices of the whole parameter.
    public var tokens: Range<Int>
}

/// One binding of a variable declaration: `x: Int = 1` in `var x: Int = 1, y = 2`.
public struct VariableBinding: Sendable, Equatable {
    /// The bound name, or nil for a tuple pattern.
    public var name: String?
    /// Token index of the name (or of the pattern's first token).
    public var nameToken: Int
    /// Token indices of the type after `:`.
    public var typeAnnotation: Range<Int>?
    /// Token indices of the expression after `=`.
    public var initializer: Range<Int>?
    /// Token indices of `{` … `}`: getter, accessors or `willSet`/`didSet` observers.
    public var accessorBlock: Range<Int>?
    /// Whether the accessor block holds observers (`willSet`/`didSet`) rather than a getter.
    public var hasObservers: Bool
}

/// One declaration found in a file, with token ranges into that file.
///
/// Declarations are kept in one flat array in source order; `parent` links a member to its
/// enclosing declaration (a type, or the function whose body holds a local declaration).
///
/// Token indices are stored as 32-bit values (a file's token offsets already are): a large
/// tree holds hundreds of thousands of declarations, and word-sized ranges made each one
/// twice as large.
public struct Declaration: Sendable {
    public var kind: DeclarationKind
    /// Whether the declaration sits inside `#if` (at any depth).
    public var isConditional: Bool
    var bindingKeywordIsLet = false
    /// The declared name; for an extension, the extended type as written (`Outer.Inner`);
    /// `init`, `deinit` and `subscript` for those.
    public var name: String
    public var attributes: [Attribute]
    public var modifiers: [Modifier]
    public var genericParameters: [GenericParameter]
    public var inheritance: [InheritanceEntry]
    /// The bindings of a variable declaration.
    public var bindings: [VariableBinding]
    private var storedTokens: TokenSpan
    private var storedNameTokens: TokenSpan
    private var storedWhereClause: TokenSpan
    private var storedBody: TokenSpan
    private var storedParameters: TokenSpan
    private var storedReturnType: TokenSpan
    private var storedKeyword: Int32
    private var storedParent: Int32
    private var storedInheritanceColon: Int32

    /// Creates a declaration.
    init(kind: DeclarationKind, tokens: Range<Int>, attributes: [Attribute], modifiers: [Modifier], keyword: Int,
                name: String, nameTokens: Range<Int>, parent: Int?, genericParameters: [GenericParameter],
                inheritanceColon: Int?, inheritance: [InheritanceEntry], whereClause: Range<Int>?, body: Range<Int>?,
                parameters: Range<Int>?, returnType: Range<Int>?, bindings: [VariableBinding], isConditional: Bool) {
        self.kind = kind
        self.isConditional = isConditional
        self.name = name
        self.attributes = attributes
        self.modifiers = modifiers
        self.genericParameters = genericParameters
        self.inheritance = inheritance
        self.bindings = bindings
        storedTokens = TokenSpan(tokens)
        storedNameTokens = TokenSpan(nameTokens)
        storedWhereClause = TokenSpan(whereClause)
        storedBody = TokenSpan(body)
        storedParameters = TokenSpan(parameters)
        storedReturnType = TokenSpan(returnType)
        storedKeyword = Int32(keyword)
        storedParent = parent.map(Int32.init) ?? -1
        storedInheritanceColon = inheritanceColon.map(Int32.init) ?? -1
    }

    /// Token indices from the first attribute or modifier through the declaration's last token.
    public var tokens: Range<Int> {
        get { storedTokens.range! }
        set { storedTokens = TokenSpan(newValue) }
    }
    /// Token index of the introducing keyword (`class`, `var`, `func`, …).
    public var keyword: Int {
        get { Int(storedKeyword) }
        set { storedKeyword = Int32(newValue) }
    }
    /// Token indices of the name (several for a qualified extension).
    public var nameTokens: Range<Int> {
        get { storedNameTokens.range! }
        set { storedNameTokens = TokenSpan(newValue) }
    }
    /// Index of the enclosing declaration in the file's list.
    public var parent: Int? {
        get { storedParent < 0 ? nil : Int(storedParent) }
        set { storedParent = newValue.map(Int32.init) ?? -1 }
    }
    /// The colon of the inheritance clause, if any.
    public var inheritanceColon: Int? {
        get { storedInheritanceColon < 0 ? nil : Int(storedInheritanceColon) }
        set { storedInheritanceColon = newValue.map(Int32.init) ?? -1 }
    }
    /// Token indices of `where` and its requirements.
    public var whereClause: Range<Int>? {
        get { storedWhereClause.range }
        set { storedWhereClause = TokenSpan(newValue) }
    }
    /// Token indices of the member block or function body, `{` through `}`.
    public var body: Range<Int>? {
        get { storedBody.range }
        set { storedBody = TokenSpan(newValue) }
    }
    /// Token indices of a function's, initializer's or subscript's parameter clause, `(` … `)`.
    public var parameters: Range<Int>? {
        get { storedParameters.range }
        set { storedParameters = TokenSpan(newValue) }
    }
    /// Token indices of a function's or subscript's result type, after `->`.
    public var returnType: Range<Int>? {
        get { storedReturnType.range }
        set { storedReturnType = TokenSpan(newValue) }
    }

    /// Whether a modifier with this word is present.
    public func hasModifier(_ word: Word) -> Bool { modifiers.contains { $0.word == word } }
    /// The first attribute whose last name component is `name`.
    public func attribute(named name: String) -> Attribute? { attributes.first { $0.baseName == name } }
    /// Whether this is a `let` (rather than `var`) variable declaration.
    public var isLet: Bool { kind == .variable && bindingKeywordIsLet }
}

/// A range of token indices in 32 bits each, or none (a lower bound of -1).
private struct TokenSpan: Sendable {
    private var lower: Int32
    private var upper: Int32

    init(_ range: Range<Int>?) {
        lower = range.map { Int32($0.lowerBound) } ?? -1
        upper = range.map { Int32($0.upperBound) } ?? -1
    }

    var range: Range<Int>? { lower < 0 ? nil : Int(lower)..<Int(upper) }
}
