import SourceScan

/// Which members of each unit's models SwiftUI views read, computed from the tree: a view
/// (a type conforming to `View`, `App`, `Scene` or `ViewModifier`, or holding one of the unit's
/// wrappers) reads `m.x`, `self.m.x` or `$m.x` (in code or in a string interpolation) where `m`
/// types to one of the unit's classes; and a computed property, or a method returning a value,
/// that such a read reaches reads the stored properties its body names (`self.x` or bare `x`),
/// transitively.
///
/// Under `@Observable` exactly those reads are tracked, so a formerly unpublished property a view
/// reads changes what the user sees (the view now updates), while one no view reads changes
/// nothing. Preview code is not a view the user sees and is left out.
struct ViewReads {
    /// Per unit, each member name a view reads, with the first view found reading it.
    private(set) var readers: [Int: [String: String]] = [:]
    /// Per unit, the member names each view reads itself (not through computed members).
    private(set) var namesByView: [Int: [String: Set<String>]] = [:]

    /// Protocols whose conformers render: their `body` is evaluated under observation tracking.
    static let renderingProtocols: Set<String> = ["View", "App", "Scene", "ViewModifier", "SwiftUI.View", "SwiftUI.App",
                                                  "SwiftUI.Scene", "SwiftUI.ViewModifier"]

    /// No reads known (the reads were not computed).
    init() {}

    /// Reads of the members of `units` (the ones with properties to decide), in one pass over
    /// the files that hold views.
    ///
    /// With `shownOnly`, a read inside an action (a `Button`'s action, `.onAppear`, `.onChange`,
    /// `.task`, a gesture's handler, a method of the view returning nothing) is left out: it runs
    /// when the user acts, not when the view renders, so it shows nothing.
    init(units: [MigrationUnit], _ context: RuleContext, shownOnly: Bool = false) {
        var unitOfClass: [DeclarationID: Int] = [:]
        var names: [String: Set<Int>] = [:]
        for unit in units {
            for classID in unit.classes {
                unitOfClass[classID] = unit.id
                for member in context.modelMembers[classID] ?? [] {
                    for name in Self.names(of: context.declaration(member)) { names[name, default: []].insert(unit.id) }
                }
            }
        }
        guard !names.isEmpty else { return }
        var observedHolders: [DeclarationID: Set<String>] = [:]
        let viewTypes = Self.viewTypes(holding: units, context)
        for (fileIndex, file) in context.files.enumerated() {
            let tokens = file.tokens
            guard file.declarations.indices.contains(where: { viewTypes.contains(DeclarationID(file: fileIndex, declaration: $0)) })
            else { continue }
            let inAction = shownOnly ? Self.actionTokens(in: file) : []
            /// Whether the view holds the variable through a wrapper that redrew it on every change
            /// of the model (`@ObservedObject`, `@StateObject`, `@EnvironmentObject`): a read
            /// through `Store.shared` or a plain `let store` never redrew the view.
            func isObserved(_ head: String, in view: DeclarationID) -> Bool {
                if let known = observedHolders[view] { return known.contains(head) }
                var holders = Set<String>()
                for member in [view] + (context.types.symbol(view)?.extensions ?? []) {
                    for variableID in context.types.memberDeclarations(of: member) {
                        let variable = context.declaration(variableID)
                        guard variable.kind == .variable,
                              variable.attributes.contains(where: { Self.observingWrappers.contains(String($0.baseName)) }) else { continue }
                        holders.formUnion(variable.bindings.compactMap(\.name))
                    }
                }
                observedHolders[view] = holders
                return holders.contains(head)
            }
            func view(at index: Int) -> DeclarationID? {
                if shownOnly, inAction[index] { return nil }
                guard let owner = context.index.typer.owner(file: fileIndex, token: index),
                      let enclosing = context.types.enclosingTypeLike(DeclarationID(file: fileIndex, declaration: owner)),
                      viewTypes.contains(enclosing), !context.isInPreview(file: fileIndex, token: index) else { return nil }
                return context.types.extendedType(enclosing) ?? enclosing
            }
            func record(_ name: String, on type: ResolvedType, in view: DeclarationID, receiverHead: String) {
                guard case .declared(let typeID) = type else { return }
                var unit = unitOfClass[typeID]
                if unit.map({ names[name]?.contains($0) != true }) ?? true, context.index.graph.modelSuperclass[typeID] != nil,
                   let owner = context.index.graph.classDeclaring(property: name, from: typeID, context.types) {
                    unit = unitOfClass[owner]  // Inherited from a superclass in another unit.
                }
                guard let unit, names[name]?.contains(unit) == true else { return }
                if shownOnly, !isObserved(receiverHead, in: view) { return }
                let viewName = context.declaration(view).name
                namesByView[unit, default: [:]][viewName, default: []].insert(name)
                guard readers[unit]?[name] == nil else { return }
                readers[unit, default: [:]][name] = viewName
            }
            for index in 2..<max(2, tokens.count) {
                if tokens[index].kind == .identifier, tokens[index - 1].kind == .period {
                    let name = file.source.text(index)
                    guard names[name] != nil, let view = view(at: index) else { continue }
                    record(name, on: receiverType(endingBefore: index - 1, file: fileIndex, context), in: view,
                           receiverHead: Self.receiverHead(endingBefore: index - 1, file))
                } else if tokens[index].kind == .stringLiteral {
                    // `Text("\(m.x)")`: a string literal is one token; read its interpolations.
                    let chains = Self.interpolatedChains(in: file.source.text(index))
                    guard chains.contains(where: { $0.dropFirst().contains { names[$0] != nil } }), let view = view(at: index) else { continue }
                    for chain in chains {
                        // `m.x`, `$m.x`, `self.m.x`: the variable, then the member read through it.
                        let variable = chain.first == "self" ? 1 : 0
                        guard chain.count > variable + 1 else { continue }
                        let holder = chain[variable].hasPrefix("$") ? String(chain[variable].dropFirst()) : chain[variable]
                        guard let type = context.index.typer.lookUpVariable(holder, at: index, file: fileIndex) else { continue }
                        record(chain[variable + 1], on: type, in: view, receiverHead: holder)
                    }
                }
            }
        }
        for unit in units { expandThroughComputedMembers(of: unit, context) }
    }

    /// Names whose closure argument is an action, run when the user acts or the view appears,
    /// not as it renders: modifiers, `Button`, `Task`, gesture handlers.
    static let actionNames: Set<String> = [
        "Button", "Task", "onAppear", "onDisappear", "onChange", "task", "onReceive", "onTapGesture", "onLongPressGesture",
        "onSubmit", "refreshable", "onOpenURL", "onDrop", "onHover", "onContinuousHover", "onCommand", "onDelete", "onMove",
        "onInsert", "onEnded", "onChanged", "onExitCommand", "onMoveCommand", "onPasteCommand", "onKeyPress", "asyncAfter",
        "sink", "onContinueUserActivity", "onDismiss",
    ]

    /// A representable's methods that make what it shows, once; SwiftUI calls `update…` on a redraw.
    static let madeOnce: Set<String> = [
        "makeUIView", "makeNSView", "makeUIViewController", "makeNSViewController", "makeCoordinator",
    ]

    /// A representable's methods that bring what it shows up to date, on every redraw.
    static let updates: Set<String> = ["updateUIView", "updateNSView", "updateUIViewController", "updateNSViewController"]

    /// The wrappers through which a legacy view redrew on every change of the model it holds.
    static let observingWrappers: Set<String> = ["ObservedObject", "StateObject", "EnvironmentObject"]

    /// Where the receiver chain ending before the `.` at `period` starts: back over `.name`
    /// steps, calls and subscripts, `?` and `!`; a projection (`$m`) starts one only when
    /// `projections` allows.
    static func chainStart(endingBefore period: Int, _ file: FileStructure, projections: Bool) -> Int {
        let tokens = file.tokens
        var index = period - 1
        var start = index
        while index >= 0 {
            switch tokens[index].kind {
            case .identifier, .keyword:
                start = index
                guard index >= 2, tokens[index - 1].kind == .period else { index = -1; continue }
                index -= 2
            case .dollarIdentifier where projections:
                start = index
                index = -1
            case .rightParen, .rightSquare:
                let open = Int(file.matchingBracket[index])
                guard open > 0 else { index = -1; continue }
                index = open - 1
            case .postfixQuestionMark, .exclamationMark:
                index -= 1
            default:
                index = -1
            }
        }
        return start
    }

    /// The name a receiver chain ending before the `.` at `period` starts from: `m` of `m.x`,
    /// `self.m.x`, `$m.x` and `m.child.x`; a type's name for `Store.shared.x`.
    static func receiverHead(endingBefore period: Int, _ file: FileStructure) -> String {
        let tokens = file.tokens
        var head = chainStart(endingBefore: period, file, projections: true)
        guard head >= 0 else { return "" }
        if tokens[head].word == .self, head + 2 < period, tokens[head + 1].kind == .period { head += 2 }
        // `app.onboarding.x`: read through another object, which the view does not hold.
        guard head == period - 1 || (tokens[period - 1].kind == .postfixQuestionMark && head == period - 2) else { return "" }
        let text = file.source.text(head)
        return text.hasPrefix("$") ? String(text.dropFirst()) : text
    }

    /// Argument labels whose closure is an action.
    static let actionLabels: Set<String> = ["action", "perform", "callback", "completion", "completionHandler", "handler"]

    /// For each token of `file`, whether it stands in an action's closure (`actionNames`, an
    /// `action:` or `perform:` argument) or in a method returning nothing.
    static func actionTokens(in file: FileStructure) -> [Bool] {
        let tokens = file.tokens
        var result = [Bool](repeating: false, count: tokens.count)
        var index = 0
        while index < tokens.count {
            if tokens[index].kind == .leftBrace, isActionBrace(index, file), file.closing(index) > index {
                let close = file.closing(index)
                for inner in index...close { result[inner] = true }
                index = close + 1
                continue
            }
            index += 1
        }
        // The bodies of methods that return nothing (`func sync()`), but for a representable's
        // `update…`, which every redraw calls: called from actions. An initializer's body, a stored
        // property's initial value (`@State var x = m.y`) and a representable's `makeNSView` or
        // `makeUIView` run when the view is made, and what they read is kept, not read again on a
        // redraw.
        for declaration in file.declarations {
            var ranges: [Range<Int>] = []
            switch declaration.kind {
            case .function where (declaration.returnType == nil && !Self.updates.contains(declaration.name))
                || Self.madeOnce.contains(declaration.name), .initializer:
                if let body = declaration.body { ranges.append(body) }
            case .variable where declaration.parent.map({ file.declarations[$0].kind.isTypeLike }) ?? false:
                ranges += declaration.bindings.filter { $0.accessorBlock == nil }.compactMap(\.initializer)
            default:
                break
            }
            for range in ranges { for inner in range where inner < result.count { result[inner] = true } }
        }
        return result
    }

    /// Whether the `{` at `open` is an action's closure: after an action's name (`.onAppear {`),
    /// its parenthesised arguments (`.onChange(of: x) {`, `Button("Go") {`), or an `action:` label.
    private static func isActionBrace(_ open: Int, _ file: FileStructure) -> Bool {
        let tokens = file.tokens
        guard open >= 1 else { return false }
        var before = open - 1
        if tokens[before].kind == .colon, before >= 1 {
            // `action:`, `perform:`, `completion:`, and handlers named `onSomething:`.
            let label = file.source.text(before - 1)
            return actionLabels.contains(label) || (label.count > 2 && label.hasPrefix("on") && label.dropFirst(2).first?.isUppercase == true)
        }
        if tokens[before].kind == .rightParen {
            let paren = file.closing(before)
            guard paren < before, paren >= 1 else { return false }
            // `Button(action: save) { Text("Save") }`: the action was given, the closure is the label.
            if ArgumentList(open: paren, file).labels.contains(where: { $0 == "action" || $0 == "perform" }) { return false }
            before = paren - 1
        }
        return tokens[before].kind == .identifier && actionNames.contains(file.source.text(before))
    }

    /// The first view found reading `name` of the unit's models, if any.
    func reader(of name: String, unit: Int) -> String? {
        readers[unit]?[name]
    }

    /// Whether every view that reads one of `names` itself also reads one of `others` itself, so
    /// redraws when they change; false when no view reads `names` itself.
    /// The first view (by name) that reads one of `names` itself (not through computed members)
    /// and none of `others`, directly or through the model's members (`through` gives, for a
    /// member name, the tracked properties it reads): a view that would not redraw when `others`
    /// change. Nil when every view reading `names` reads one of `others` too.
    func readerNotReading(_ others: [String], whereTheyRead names: [String], unit: Int,
                          through: [String: Set<String>] = [:]) -> String? {
        let views = (namesByView[unit] ?? [:]).filter { !$0.value.isDisjoint(with: names) }
        return views.filter { view in
            view.value.isDisjoint(with: others)
                && !view.value.contains { name in !names.contains(name) && !(through[name] ?? []).isDisjoint(with: others) }
        }.keys.sorted().first
    }

    /// A computed property (or value-returning method) of the model that a view reads reads, in
    /// turn, what its body names: `var total: Int { items.count }` read by a view means `items` is
    /// read by it.
    private mutating func expandThroughComputedMembers(of unit: MigrationUnit, _ context: RuleContext) {
        // Sorted, popped from the end: which view is named for a member read through a computed
        // one must not depend on the order a dictionary happens to keep (it changes per process).
        guard var pending = readers[unit.id].map({ Array($0.keys).sorted(by: >) }), !pending.isEmpty else { return }
        var bodies: [String: [(file: Int, range: Range<Int>)]] = [:]
        var memberNames = Set<String>()
        for classID in unit.classes {
            for member in context.modelMembers[classID] ?? [] {
                let declaration = context.declaration(member)
                memberNames.formUnion(Self.names(of: declaration))
                let computed: Range<Int>?
                switch declaration.kind {
                case .variable where !context.isStored(declaration): computed = declaration.bindings.first?.accessorBlock
                // A method that returns nothing (`add(_:)` from a button) computes nothing a view shows.
                case .function, .subscript: computed = declaration.returnType == nil ? nil : declaration.body
                default: computed = nil
                }
                if let computed, let name = Self.names(of: declaration).first { bodies[name, default: []].append((member.file, computed)) }
            }
        }
        while let name = pending.popLast() {
            let view = readers[unit.id]?[name] ?? ""
            for body in bodies[name] ?? [] {
                let file = context.files[body.file]
                var reads: [String] = []
                for index in body.range {
                    if file.tokens[index].kind == .identifier {
                        let isSelfMember = index >= 2 && file.tokens[index - 1].kind == .period && file.tokens[index - 2].word == .self
                        guard isSelfMember || (index > 0 && file.tokens[index - 1].kind != .period) else { continue }
                        reads.append(file.source.text(index))
                    } else if file.tokens[index].kind == .stringLiteral {
                        // `"\(x)"` and `"\(self.x)"`.
                        for chain in Self.interpolatedChains(in: file.source.text(index)) {
                            if let first = chain.first { reads.append(first == "self" && chain.count > 1 ? chain[1] : first) }
                        }
                    }
                }
                for read in reads where memberNames.contains(read) && readers[unit.id]?[read] == nil {
                    readers[unit.id, default: [:]][read] = view
                    pending.append(read)
                }
            }
        }
    }

    /// The dotted chains of names in a string literal's interpolations (`StringInterpolation`).
    static func interpolatedChains(in literal: String) -> [[String]] {
        StringInterpolation.chains(in: literal)
    }

    /// The names a member declares: its bindings, or its own name.
    private static func names(of declaration: Declaration) -> [String] {
        switch declaration.kind {
        case .variable: return declaration.bindings.compactMap(\.name)
        case .function: return [declaration.name]
        case .subscript: return ["subscript"]
        default: return []
        }
    }

    /// Type-like declarations (types and their extensions) whose code renders: conformers of a
    /// rendering protocol, and the types holding one of the units' wrappers.
    private static func viewTypes(holding units: [MigrationUnit], _ context: RuleContext) -> Set<DeclarationID> {
        var rendering = Set<DeclarationID>()
        for (fileIndex, file) in context.files.enumerated() {
            for (index, declaration) in file.declarations.enumerated() where declaration.kind.isTypeLike {
                if declaration.inheritance.contains(where: { renderingProtocols.contains($0.typeName) }) {
                    let id = DeclarationID(file: fileIndex, declaration: index)
                    rendering.insert(context.types.extendedType(id) ?? id)
                }
            }
        }
        for unit in units {
            for wrapper in unit.wrappers {
                if let owner = wrapper.site.ownerID, let enclosing = context.types.enclosingTypeLike(owner) {
                    rendering.insert(context.types.extendedType(enclosing) ?? enclosing)
                }
            }
        }
        // Every declaration of a rendering type counts: the type itself and its extensions.
        var result = rendering
        for type in rendering { result.formUnion(context.types.symbol(type)?.extensions ?? []) }
        return result
    }

    /// The type of the receiver chain that ends at the `.` at `period`: `m`, `self.m`, `$m`,
    /// `self.$m`, `a.b(c).m`.
    private func receiverType(endingBefore period: Int, file fileIndex: Int, _ context: RuleContext) -> ResolvedType {
        let file = context.files[fileIndex]
        let tokens = file.tokens
        let last = period - 1
        guard last >= 0 else { return .unknown }
        if tokens[last].kind == .dollarIdentifier {
            // `$m.x` (or `self.$m.x`): the binding projects the property `m`.
            let name = String(file.source.text(last).dropFirst())
            return context.index.typer.lookUpVariable(name, at: last, file: fileIndex) ?? .unknown
        }
        let start = Self.chainStart(endingBefore: period, file, projections: false)
        guard tokens[start].kind == .identifier || tokens[start].kind == .keyword else { return .unknown }
        return context.index.typer.typeOf(start..<period, file: fileIndex)
    }
}
