import SourceScan

/// Statements, and calls of the model's own methods, read through for what they change: the
/// shape of "changes only state the macro tracks". A send that runs with such a statement
/// announced that change (`ObjectWillChangeSend`), and a relayed or held model whose method is
/// such a body changes only what it tracks itself (`ObjectWillChangeRelay`).
extension ModelStateChanges {
    /// A statement or body that changes only tracked state: the first tracked property it
    /// changes, in reading order, or nil when it names no change (a method that only sends); and
    /// whether a change runs on every path through it, which an `if` without `else`, a loop (run
    /// no time) or a `guard` that leaves without one does not promise.
    struct OnlyTrackedChanges: Equatable {
        var firstChange: String?
        var isDefinite = false
    }

    /// Where statements are read: the body of the send itself, whose jumps (`return`, `break`)
    /// would leave the stretch the send runs in, or a method the statements call, whose bare
    /// `return` only ends that method.
    enum Reading: Equatable {
        case sendBody
        case method
    }

    /// What every method of the model named `name` whose parameter labels are `labels` changes,
    /// when each one's statements change only tracked state (`OnlyTrackedChanges`), down to a
    /// few calls deep; nil when one of them may change anything else, none with those labels is
    /// declared in the class itself (an inherited method or a protocol extension's runs instead),
    /// or an override may run instead (`mayBeOverridden`).
    func methodChanges(_ name: String, labels: [String?], _ context: RuleContext, visiting: Set<String> = []) -> OnlyTrackedChanges? {
        let key = ArgumentList.spelling(name, labels: labels)
        guard visiting.count < 4, !visiting.contains(key) else { return nil }
        let methods = (context.modelMembers[classID] ?? []).filter {
            let member = context.declaration($0)
            guard member.kind == .function, member.name == name, !member.hasModifier(.static), !member.hasModifier(.class),
                  let clause = member.parameters else { return false }
            return ArgumentList.parameterLabels(clause, context.files[$0.file]) == labels
        }
        guard !methods.isEmpty, !methods.contains(where: { Self.mayBeOverridden($0, in: classID, context) }) else { return nil }
        let visiting = visiting.union([key])
        var first: String?
        var isDefinite = true
        for id in methods {
            let method = context.declaration(id)
            let file = context.files[id.file]
            guard let body = method.body, let statements = file.statements(inBlock: body.lowerBound),
                  let found = blockChanges(statements, file, scope: body, parameters: method.parameters, context,
                                           reading: .method, visiting: visiting) else { return nil }
            first = first ?? found.firstChange
            isDefinite = isDefinite && found.isDefinite
        }
        return OnlyTrackedChanges(firstChange: first, isDefinite: isDefinite)
    }

    /// The name and argument labels of a statement that calls one of the model's own methods
    /// (`ownCallee`), for `methodChanges(_:labels:_:visiting:)`: nil when the name is bound
    /// otherwise where the call stands (a parameter, a local closure, a closure-typed property),
    /// which runs instead.
    func ownCall(_ statement: Range<Int>, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?)
        -> (name: String, labels: [String?])? {
        guard let (name, open) = Self.ownCallee(statement, file) else { return nil }
        let explicitSelf = file.tokens[statement.lowerBound].word == .self
        if properties[name] != nil { return nil }
        if !explicitSelf, isShadowed(name, in: scope, parameters: parameters, file) { return nil }
        return (name, ArgumentList(open: open, file).labels)
    }

    /// What a block's statements change, when each changes only tracked state.
    func blockChanges(_ statements: [Range<Int>], _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?,
                      _ context: RuleContext, reading: Reading, visiting: Set<String> = []) -> OnlyTrackedChanges? {
        var first: String?
        // Definite once a statement changes on every path, unless a path left the block before.
        var isDefinite = false
        var mayHaveLeft = false
        for statement in statements {
            guard let found = statementChanges(statement, file, scope: scope, parameters: parameters, context, reading: reading,
                                               visiting: visiting) else { return nil }
            first = first ?? found.firstChange
            switch file.tokens[statement.lowerBound].word {
            case .guard:
                // Definite here means its `else` path changes before leaving; the path that goes
                // on has changed nothing yet.
                if !found.isDefinite { mayHaveLeft = true }
            case .return:
                mayHaveLeft = true
            default:
                if found.isDefinite, !mayHaveLeft { isDefinite = true }
                // A `return` inside an `if`, `switch` or loop may leave before what follows.
                if StatementPath.leaves(statement, file) { mayHaveLeft = true }
            }
        }
        return OnlyTrackedChanges(firstChange: first, isDefinite: isDefinite)
    }

    /// What one statement changes, when it changes only tracked state: a tracked change
    /// (`isTrackedChange`); the model's own send; a call of its own methods that change only
    /// tracked state (`f()`, `self.f()`, `self?.f()`); a local declaration; an `if`, `switch` or
    /// `for … in` whose blocks are such statements; and in a method, a `guard` whose `else` block
    /// is, ending in a bare `return`, and a bare `return`. Nothing in it may change a property
    /// outside tracking or reach the object a tracked property holds (`untrackedEffects`); in the
    /// send's own body, nothing in it may jump (`return`, `break`, …).
    func statementChanges(_ statement: Range<Int>, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?,
                          _ context: RuleContext, reading: Reading, visiting: Set<String> = []) -> OnlyTrackedChanges? {
        let tokens = file.tokens
        if isTrackedChange(statement, in: file, scope: scope, parameters: parameters), let start = Self.changeStart(of: statement, file) {
            return OnlyTrackedChanges(firstChange: change(at: start, before: statement.upperBound, in: file, scope: scope,
                                                          parameters: parameters)?.name, isDefinite: true)
        }
        if ModelProperties.sendCall(in: statement, file: file) == statement { return OnlyTrackedChanges(firstChange: nil) }
        guard exposedUntrackedEffects(in: [statement], file, scope: scope, parameters: parameters).isEmpty,
              !untrackedEffects(ofCallsIn: [statement], file, context).contains(where: isVisible) else { return nil }
        if let call = ownCall(statement, file, scope: scope, parameters: parameters) {
            return methodChanges(call.name, labels: call.labels, context, visiting: visiting)
        }
        let head = tokens[statement.lowerBound].word
        if reading == .sendBody, StatementPath.leaves(statement, file) { return nil }
        /// Every statement of every block, read the same way; definite when every block is and
        /// one of them always runs (`coversEveryPath`).
        func blocks(_ blocks: [[Range<Int>]], coversEveryPath: Bool) -> OnlyTrackedChanges? {
            var first: String?
            var isDefinite = coversEveryPath
            for block in blocks {
                guard let found = blockChanges(block, file, scope: scope, parameters: parameters, context, reading: reading,
                                               visiting: visiting) else { return nil }
                first = first ?? found.firstChange
                isDefinite = isDefinite && found.isDefinite
            }
            return OnlyTrackedChanges(firstChange: first, isDefinite: isDefinite)
        }
        switch head {
        case .let, .var:
            // A local: it changes nothing the model holds (a change or call through an untracked
            // property, in a closure of its value too, was refused above).
            return OnlyTrackedChanges(firstChange: nil)
        case .if:
            // Every path runs a block only when the chain ends in a plain `else`.
            return ChangeBlocks.blocks(of: statement, file).flatMap {
                blocks($0, coversEveryPath: Self.endsInElse(statement, file))
            }
        case .switch:
            // A `switch` that compiles covers every case.
            return ChangeBlocks.blocks(of: statement, file).flatMap { blocks($0, coversEveryPath: true) }
        case .for:
            guard let open = StatementPath.blockBrace(after: statement.lowerBound, before: statement.upperBound, file),
                  file.closing(open) + 1 == statement.upperBound, let body = file.statements(inBlock: open) else { return nil }
            // Run no time, a loop changes nothing.
            return blocks([body], coversEveryPath: false)
        case .guard where reading == .method:
            guard let elseIndex = statement.first(where: { tokens[$0].word == .else }), elseIndex + 1 < statement.upperBound,
                  tokens[elseIndex + 1].kind == .leftBrace, file.closing(elseIndex + 1) + 1 == statement.upperBound,
                  let block = file.statements(inBlock: elseIndex + 1), let last = block.last, last.count == 1,
                  tokens[last.lowerBound].word == .return else { return nil }
            // The `else` path is the one that leaves: the guard is definite when it changes too.
            return blocks([Array(block.dropLast())], coversEveryPath: true)
        case .return where reading == .method && statement.count == 1:
            return OnlyTrackedChanges(firstChange: nil)
        default:
            return nil
        }
    }

    /// The untracked properties (`untrackedEffects`) that the model's own methods called in
    /// `statements` change or call through, at any depth: `f(…)`, `self.f(…)`, `self?.f(…)`,
    /// `super.f(…)` and `f { … }` anywhere in them, every method of that name the call may run
    /// (the class's, its superclasses' in the unit, and its subclasses' overrides). A send beside
    /// the call may announce those changes too. Each method is read once per model
    /// (`EffectMemo`), so a web of calls costs its size.
    func untrackedEffects(ofCallsIn statements: [Range<Int>], _ file: FileStructure, _ context: RuleContext) -> [String] {
        var names: [String] = []
        for name in Self.calledNames(in: statements, file).sorted() {
            names += methodEffects(name, context)
        }
        return names + observerEffects(in: statements, file, context)
    }

    /// The untracked effects of the `willSet`/`didSet` observers of the model's properties that
    /// `statements` name (an assignment runs them: `total += 1` runs `didSet { store.bump() }`),
    /// and of the methods those observers call.
    private func observerEffects(in statements: [Range<Int>], _ file: FileStructure, _ context: RuleContext) -> [String] {
        let tokens = file.tokens
        var mentioned = Set<String>()
        for statement in statements {
            for index in statement where tokens[index].kind == .identifier {
                let name = file.source.text(index)
                if properties[name] != nil { mentioned.insert(name) }
            }
        }
        var names: [String] = []
        for name in mentioned.sorted() {
            guard let property = properties[name] else { continue }
            let variable = context.declaration(property.id)
            let variableFile = context.files[property.id.file]
            for block in variable.bindings.filter({ $0.name == name && $0.hasObservers }).compactMap(\.accessorBlock) {
                let inner = variableFile.statements(inBlock: block.lowerBound) ?? [block]
                names += untrackedEffects(in: inner, variableFile, scope: block, parameters: nil)
                for called in Self.calledNames(in: inner, variableFile).sorted() { names += methodEffects(called, context) }
            }
        }
        return names
    }

    /// The names a stretch calls as the model's own methods (`untrackedEffects(ofCallsIn:_:_:)`).
    private static func calledNames(in statements: [Range<Int>], _ file: FileStructure) -> Set<String> {
        let tokens = file.tokens
        var names = Set<String>()
        for statement in statements {
            for index in statement where tokens[index].kind == .identifier && index + 1 < statement.upperBound
                && (tokens[index + 1].kind == .leftParen || tokens[index + 1].kind == .leftBrace) {
                // `f(`, `self.f(`, `self?.f(`, `super.f(`; not `other.f(`.
                if index > statement.lowerBound, tokens[index - 1].kind == .period {
                    let receiver = tokens[index - 2].kind == .postfixQuestionMark ? index - 3 : index - 2
                    guard receiver >= statement.lowerBound, tokens[receiver].word == .self || tokens[receiver].word == .super else { continue }
                }
                names.insert(file.source.text(index))
            }
        }
        return names
    }

    /// The untracked properties every method named `name` that a call on the model may run
    /// changes or calls through, and those of the methods they call in turn (memoised).
    private func methodEffects(_ name: String, _ context: RuleContext) -> [String] {
        if let known = effectMemo.effects[name] { return known }
        // A cycle: the outer reading collects this method's effects.
        guard effectMemo.reading.insert(name).inserted else { return [] }
        let (methods, overriding) = Self.methodsACallMayRun(name, classID, context)
        var names = overriding.map { Self.overrideEffect(name, in: $0, context) }
        for id in methods {
            let method = context.declaration(id)
            guard let body = method.body else { continue }
            let methodFile = context.files[id.file]
            let inner = methodFile.statements(inBlock: body.lowerBound) ?? [body]
            names += untrackedEffects(in: inner, methodFile, scope: body, parameters: method.parameters)
            for called in Self.calledNames(in: inner, methodFile).sorted() { names += methodEffects(called, context) }
        }
        effectMemo.reading.remove(name)
        effectMemo.effects[name] = names
        return names
    }

    /// Every method named `name` a call on an instance of `classID` may run, declared in the
    /// class or its superclasses within units; and the subclasses of a unit that declare one
    /// (an override, whose body reads the subclass's own properties).
    private static func methodsACallMayRun(_ name: String, _ classID: DeclarationID, _ context: RuleContext)
        -> (methods: [DeclarationID], overridingSubclasses: [DeclarationID]) {
        var classes: [DeclarationID] = []
        var current: DeclarationID? = classID
        while let type = current, !classes.contains(type), context.modelMembers[type] != nil {
            classes.append(type)
            current = context.index.graph.superclass(of: type, context.types)
        }
        let methods = classes.flatMap { declaredMethods(named: name, in: $0, context) }
        return (methods, subclassesDeclaring(name, below: classID, context))
    }

    /// The model's methods named `name` declared in `type` (its body and extensions).
    private static func declaredMethods(named name: String, in type: DeclarationID, _ context: RuleContext) -> [DeclarationID] {
        (context.modelMembers[type] ?? []).filter {
            let member = context.declaration($0)
            return member.kind == .function && member.name == name
        }
    }

    /// The classes of the units that inherit from `classID` and declare a method named `name`:
    /// an override a call on the model may dispatch to.
    private static func subclassesDeclaring(_ name: String, below classID: DeclarationID, _ context: RuleContext) -> [DeclarationID] {
        context.units.units.flatMap(\.classes).filter { subclass in
            subclass != classID && context.index.graph.modelAncestors(of: subclass).contains(classID)
                && !declaredMethods(named: name, in: subclass, context).isEmpty
        }
    }

    /// The effect that stands for an override in a subclass (`untrackedEffects(ofCallsIn:_:_:)`):
    /// its body changes the subclass's state, which this model's properties do not describe, so
    /// it counts as a change a view may read.
    static func overrideEffect(_ name: String, in subclass: DeclarationID, _ context: RuleContext) -> String {
        "\(name)() as \(context.declaration(subclass).name) overrides it"
    }

    /// Whether an untracked effect counts for a send beside it: a property a view could read
    /// through the model, or an override's body, read elsewhere.
    func isVisible(_ effect: String) -> Bool {
        exposedNames.contains(effect) || effect.hasSuffix(" overrides it") || effectMemo.sharedState.contains(effect)
    }

    /// Whether an `if` statement's chain of `else if` ends in a plain `else`, so one of its
    /// blocks runs on every path.
    static func endsInElse(_ statement: Range<Int>, _ file: FileStructure) -> Bool {
        let tokens = file.tokens
        var index = statement.lowerBound
        while index < statement.upperBound, tokens[index].word == .if {
            guard let open = StatementPath.blockBrace(after: index, before: statement.upperBound, file) else { return false }
            let close = file.closing(open)
            guard close + 2 < statement.upperBound, tokens[close + 1].word == .else else { return false }
            index = close + 2
            if tokens[index].kind == .leftBrace { return true }
        }
        return false
    }

    /// `untrackedEffects` limited to what a view could see through the model
    /// (`exposedProperties(of:_:_:)`): a private `let store` that only the model's own saving
    /// and loading methods use changes nothing a view shows through the model.
    func exposedUntrackedEffects(in statements: [Range<Int>], _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?) -> [String] {
        let effects = untrackedEffects(in: statements, file, scope: scope, parameters: parameters)
        guard !effects.isEmpty else { return [] }
        return effects.filter(isVisible)
    }

    /// The properties a view could read through the model, of `classID` and the superclasses
    /// `properties` come from: one not `private` (`private(set)` reads anywhere), and one named
    /// anywhere in the model's members but a procedure's body (a method with no parameter and
    /// no `->`: it hands nothing out), an initializer, a deinitializer and its own declaration:
    /// a computed property, a subscript, a method with parameters (a callback, a typealias of
    /// one) or a result, a stored property's value or observer (a closure kept to be called
    /// later), a key path (`\.cache`, `\Model.cache`), a projected value or the storage
    /// (`$cache`, `_cache`), a nested type reading it through an instance (`model.cache`).
    static func exposedProperties(of classID: DeclarationID, _ properties: [String: Property], _ context: RuleContext) -> Set<String> {
        var exposed = Set<String>()
        for (name, property) in properties
        where !context.declaration(property.id).modifiers.contains(where: { $0.word == .private && $0.detail == nil }) {
            exposed.insert(name)
        }
        var current: DeclarationID? = classID
        var visited = Set<DeclarationID>()
        while let type = current, visited.insert(type).inserted, let members = context.modelMembers[type] {
            current = context.index.graph.superclass(of: type, context.types)
            for memberID in members {
                let member = context.declaration(memberID)
                let file = context.files[memberID.file]
                let tokens = file.tokens
                switch member.kind {
                case .initializer, .deinitializer:
                    continue
                case .function:
                    guard let body = member.body, let clause = member.parameters else { continue }
                    let isProcedure = !clause.contains(where: { tokens[$0].kind == .identifier })
                        && !(member.tokens.lowerBound..<body.lowerBound).contains(where: { tokens[$0].kind == .arrow })
                    if isProcedure { continue }
                default:
                    break
                }
                let ownNames = Set(member.bindings.map(\.nameToken))
                // A member that reads (a computed property, a method with a result, a subscript)
                // shows a type's shared state it names (`UserDefaults.standard.bool(forKey: k)`).
                let reads = member.kind == .subscript || (member.kind == .function && member.returnType != nil)
                    || (member.kind == .variable && !context.isStored(member))
                for index in member.tokens where tokens[index].kind == .identifier && !ownNames.contains(index) {
                    var text = Substring(file.source.text(index))
                    if properties[String(text)] == nil, text.first == "$" || text.first == "_" { text = text.dropFirst() }
                    if let property = properties[String(text)] {
                        exposed.insert(String(text))
                        if property.holdsKeyedStore { exposed.insert("UserDefaults") }
                    } else if reads, text.first?.isUppercase == true, !ModelStateChanges.statelessTypes.contains(String(text)),
                              index + 1 < member.tokens.upperBound,
                              tokens[index + 1].kind == .period, tokens[index - 1].kind != .period {
                        exposed.insert(externalEffectName(String(text)))
                    }
                }
            }
        }
        return exposed
    }

    /// The method a statement calls on the model itself, `f(…)`, `self.f(…)` or `self?.f(…)`
    /// (in a closure capturing `self` weakly), as the whole statement, and its `(`.
    static func ownCallee(_ statement: Range<Int>, _ file: FileStructure) -> (name: String, open: Int)? {
        let tokens = file.tokens
        var index = statement.lowerBound
        if tokens[index].word == .self, index + 2 < statement.upperBound {
            if tokens[index + 1].kind == .period {
                index += 2
            } else if tokens[index + 1].kind == .postfixQuestionMark, tokens[index + 2].kind == .period {
                index += 3
            }
        }
        guard index + 1 < statement.upperBound, tokens[index].kind == .identifier, tokens[index + 1].kind == .leftParen,
              file.closing(index + 1) + 1 == statement.upperBound else { return nil }
        return (file.source.text(index), index + 1)
    }

    /// Whether a call of the method may run another body: unless the class is `final` or the
    /// method `private`, `fileprivate` or `final`, an `open` class or method may be overridden
    /// by a client outside the tree, a subclass in a file the run does not scan may override it,
    /// and so may a subclass of a unit that declares a method of that name.
    static func mayBeOverridden(_ methodID: DeclarationID, in classID: DeclarationID, _ context: RuleContext) -> Bool {
        let method = context.declaration(methodID)
        let owner = context.declaration(classID)
        if owner.hasModifier(.final) || method.hasModifier(.final) || method.hasModifier(.fileprivate)
            || method.modifiers.contains(where: { $0.word == .private && $0.detail == nil }) { return false }
        if owner.hasModifier(.open) || method.hasModifier(.open) || !context.unscanned.isEmpty { return true }
        return !subclassesDeclaring(method.name, below: classID, context).isEmpty
    }
}
