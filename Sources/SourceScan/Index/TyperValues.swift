/// The variables whose initializers are being typed on the way to the current question,
/// outermost first. Every recursion of the typer goes through a variable's initializer, so a
/// variable met again is a cycle (`static let mock = mock`, `var a = b; var b = a`), typed
/// unknown; the length bounds how long a chain of variables is followed
/// (`let m = Manager.shared; let c = m.client` is three deep).
struct Trail: Sendable {
    static let limit = 12
    private var variables: [DeclarationID] = []
    /// Whether an argument of a library's call is being typed: a call inside it is judged by
    /// its words alone, so that nested calls are not typed again at every level.
    private(set) var isInLibraryCallArgument = false

    /// The trail inside an argument of a library's call.
    func enteringLibraryCallArgument() -> Trail {
        var deeper = self
        deeper.isInLibraryCallArgument = true
        return deeper
    }

    /// How many parenthesised expressions (`((m))`) enclose the one being typed.
    private(set) var parentheses = 0
    /// Past this many, an expression is not typed: the recursion would outgrow a worker thread's
    /// stack on a file nested nearly as deep as the parser allows.
    static let parenthesesLimit = 8

    /// The trail inside one more pair of parentheses, or nil when too deep.
    func enteringParentheses() -> Trail? {
        guard parentheses < Trail.parenthesesLimit else { return nil }
        var deeper = self
        deeper.parentheses += 1
        return deeper
    }

    /// The trail one variable deeper, or nil when `variable` is already being typed or the
    /// chain is too long.
    func entering(_ variable: DeclarationID) -> Trail? {
        guard variables.count < Trail.limit, !variables.contains(variable) else { return nil }
        var deeper = self
        deeper.variables.append(variable)
        // A variable's initializer is an expression of its own: the parentheses around the
        // reference to it do not nest into it.
        deeper.parentheses = 0
        return deeper
    }
}

/// A type with the generic arguments known for it: `Store<AppState, AppAction>` is `Store` with
/// `[AppState, AppAction]`. Arguments are kept one level deep; a member typed by a generic
/// parameter whose argument is not known keeps the parameter (and nothing is read through it).
struct Typed: Sendable, Equatable {
    var type: ResolvedType
    var arguments: [ResolvedType]
    /// The element type of a collection or subject whose written type states it (`[Model]`,
    /// `CurrentValueSubject<Model, Never>`): what closures of its operators receive.
    var element: ResolvedType?
    /// What subscripting a value of the written type gives: an array's element (`[Model]`,
    /// `Array<Model>`), a dictionary's value (`[UUID: Task]`, `Dictionary<UUID, Task>`).
    var subscripted: ResolvedType?
    /// What calling a value of the written function type gives (`@MainActor (String) -> Manager`).
    var callResult: ResolvedType?
    /// The elements of a written tuple type, in order (`(Renderer, sut: Model)`): what a tuple
    /// pattern (`let (_, sut) = makeSUT()`) binds.
    var tupleElements: [ResolvedType]?
    /// For each of `arguments` written as a tuple type, its elements (`LoadingState<([File],
    /// Actions)>`): what a payload or member of that parameter's type hands on to `.1`.
    var argumentTupleElements: [[ResolvedType]?] = []

    init(_ type: ResolvedType, arguments: [ResolvedType] = [], element: ResolvedType? = nil,
         subscripted: ResolvedType? = nil, callResult: ResolvedType? = nil, tupleElements: [ResolvedType]? = nil) {
        self.type = type
        self.arguments = arguments
        self.element = element
        self.subscripted = subscripted
        self.callResult = callResult
        self.tupleElements = tupleElements
    }

    /// The value of a parameter of this generic type: argument `position`, with its tuple
    /// elements when it was written as a tuple.
    func argument(_ position: Int) -> Typed {
        Typed(arguments[position], tupleElements: position < argumentTupleElements.count ? argumentTupleElements[position] : nil)
    }

    static let unknown = Typed(.unknown)
}

/// Where a function is called: the file and the `(` of its argument list, which a generic
/// function's result may depend on (`resolve(Model.self)`).
struct CallSite: Sendable, Equatable {
    var file: Int
    var open: Int
}
