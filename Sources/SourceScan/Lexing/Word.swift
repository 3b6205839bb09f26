// The words the scanner recognises. `WordTable` builds its lookup from `allCases` and `spelling`.

/// A Swift word the scanner recognises: the compiler's reserved keywords and the contextual
/// words declarations use. Identifying words once, in the lexer, lets the structure layer
/// test `token.word == .lazy` instead of comparing strings.
public enum Word: UInt8, Sendable, CaseIterable {
    case none = 0
    case `Any`
    case `as`
    case `associatedtype`
    case `break`
    case `case`
    case `catch`
    case `class`
    case `continue`
    case `default`
    case `defer`
    case `deinit`
    case `do`
    case `else`
    case `enum`
    case `extension`
    case `fallthrough`
    case `false`
    case `fileprivate`
    case `for`
    case `func`
    case `guard`
    case `if`
    case `import`
    case `in`
    case `init`
    case `inout`
    case `internal`
    case `is`
    case `let`
    case `nil`
    case `operator`
    case `precedencegroup`
    case `private`
    case `protocol`
    case `public`
    case `repeat`
    case `rethrows`
    case `return`
    case `self`
    case `Self`
    case `static`
    case `struct`
    case `subscript`
    case `super`
    case `switch`
    case `throw`
    case `throws`
    case `true`
    case `try`
    case `typealias`
    case `var`
    case `where`
    case `while`
    case `actor`
    case `open`
    case `final`
    case `lazy`
    case `weak`
    case `unowned`
    case `override`
    case `mutating`
    case `nonmutating`
    case `convenience`
    case `required`
    case `dynamic`
    case `indirect`
    case `optional`
    case `nonisolated`
    case `consuming`
    case `borrowing`
    case `some`
    case `any`
    case `get`
    case `set`
    case `willSet`
    case `didSet`
    case `macro`
    case `package`
    case `async`
    case `await`
    case `each`
    case `isolated`
    case `sending`
    case `prefix`
    case `postfix`
    case `infix`

    /// The word as written in source.
    public var spelling: String {
        switch self {
        case .none: return ""
        case .`Any`: return "Any"
        case .`as`: return "as"
        case .`associatedtype`: return "associatedtype"
        case .`break`: return "break"
        case .`case`: return "case"
        case .`catch`: return "catch"
        case .`class`: return "class"
        case .`continue`: return "continue"
        case .`default`: return "default"
        case .`defer`: return "defer"
        case .`deinit`: return "deinit"
        case .`do`: return "do"
        case .`else`: return "else"
        case .`enum`: return "enum"
        case .`extension`: return "extension"
        case .`fallthrough`: return "fallthrough"
        case .`false`: return "false"
        case .`fileprivate`: return "fileprivate"
        case .`for`: return "for"
        case .`func`: return "func"
        case .`guard`: return "guard"
        case .`if`: return "if"
        case .`import`: return "import"
        case .`in`: return "in"
        case .`init`: return "init"
        case .`inout`: return "inout"
        case .`internal`: return "internal"
        case .`is`: return "is"
        case .`let`: return "let"
        case .`nil`: return "nil"
        case .`operator`: return "operator"
        case .`precedencegroup`: return "precedencegroup"
        case .`private`: return "private"
        case .`protocol`: return "protocol"
        case .`public`: return "public"
        case .`repeat`: return "repeat"
        case .`rethrows`: return "rethrows"
        case .`return`: return "return"
        case .`self`: return "self"
        case .`Self`: return "Self"
        case .`static`: return "static"
        case .`struct`: return "struct"
        case .`subscript`: return "subscript"
        case .`super`: return "super"
        case .`switch`: return "switch"
        case .`throw`: return "throw"
        case .`throws`: return "throws"
        case .`true`: return "true"
        case .`try`: return "try"
        case .`typealias`: return "typealias"
        case .`var`: return "var"
        case .`where`: return "where"
        case .`while`: return "while"
        case .`actor`: return "actor"
        case .`open`: return "open"
        case .`final`: return "final"
        case .`lazy`: return "lazy"
        case .`weak`: return "weak"
        case .`unowned`: return "unowned"
        case .`override`: return "override"
        case .`mutating`: return "mutating"
        case .`nonmutating`: return "nonmutating"
        case .`convenience`: return "convenience"
        case .`required`: return "required"
        case .`dynamic`: return "dynamic"
        case .`indirect`: return "indirect"
        case .`optional`: return "optional"
        case .`nonisolated`: return "nonisolated"
        case .`consuming`: return "consuming"
        case .`borrowing`: return "borrowing"
        case .`some`: return "some"
        case .`any`: return "any"
        case .`get`: return "get"
        case .`set`: return "set"
        case .`willSet`: return "willSet"
        case .`didSet`: return "didSet"
        case .`macro`: return "macro"
        case .`package`: return "package"
        case .`async`: return "async"
        case .`await`: return "await"
        case .`each`: return "each"
        case .`isolated`: return "isolated"
        case .`sending`: return "sending"
        case .`prefix`: return "prefix"
        case .`postfix`: return "postfix"
        case .`infix`: return "infix"
        }
    }

    /// Whether the compiler's lexer always makes this word a keyword token.
    public var isReservedKeyword: Bool {
        switch self {
        case .`Any`, .`as`, .`associatedtype`, .`break`, .`case`, .`catch`, .`class`, .`continue`, .`default`, .`defer`, .`deinit`, .`do`, .`else`, .`enum`, .`extension`, .`fallthrough`, .`false`, .`fileprivate`, .`for`, .`func`, .`guard`, .`if`, .`import`, .`in`, .`init`, .`inout`, .`internal`, .`is`, .`let`, .`nil`, .`operator`, .`precedencegroup`, .`private`, .`protocol`, .`public`, .`repeat`, .`rethrows`, .`return`, .`self`, .`Self`, .`static`, .`struct`, .`subscript`, .`super`, .`switch`, .`throw`, .`throws`, .`true`, .`try`, .`typealias`, .`var`, .`where`, .`while`:
            return true
        default:
            return false
        }
    }
}
