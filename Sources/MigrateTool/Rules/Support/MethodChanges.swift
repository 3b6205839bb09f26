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

    /// What every method of the model named `name` changes, when each one's statements change
    /// only tracked state (`OnlyTrackedChanges`), down to a few calls deep; nil when one of them
    /// may change anything else, none is declared in the class itself, or a subclass may override
    /// it (dynamic dispatch would run the override's body).
    func methodChanges(_ name: String, _ context: RuleContext, visiting: Set<String> = []) -> OnlyTrackedChanges? {
        guard visiting.count < 4, !visiting.contains(name), !Self.isOverridden(name, below: classID, context) else { return nil }
        let methods = (context.modelMembers[classID] ?? []).filter {
            let member = context.declaration($0)
            return member.kind == .function && member.name == name && !member.hasModifier(.static) && !member.hasModifier(.class)
        }
        guard !methods.isEmpty else { return nil }
        let visiting = visiting.union([name])
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
        guard exposedUntrackedEffects(in: [statement], file, scope: scope, parameters: parameters).isEmpty else { return nil }
        if let callee = Self.ownCallee(statement, file) { return methodChanges(callee, context, visiting: visiting) }
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
    /// `statements` change or call through (`f()`, `self.f()`, `self?.f()`, anywhere in them),
    /// down to a few calls deep: a send beside the call may announce those changes too.
    func untrackedEffects(ofCallsIn statements: [Range<Int>], _ file: FileStructure, _ context: RuleContext,
                          visiting: Set<String> = []) -> [String] {
        let tokens = file.tokens
        var names: [String] = []
        for statement in statements {
            for index in statement where tokens[index].kind == .identifier && index + 1 < statement.upperBound
                && tokens[index + 1].kind == .leftParen {
                // `f(`, `self.f(`, `self?.f(`; not `other.f(`.
                if index > statement.lowerBound, tokens[index - 1].kind == .period {
                    let receiver = tokens[index - 2].kind == .postfixQuestionMark ? index - 3 : index - 2
                    guard receiver >= statement.lowerBound, tokens[receiver].word == .self else { continue }
                }
                let name = file.source.text(index)
                guard !visiting.contains(name), visiting.count < 4 else { continue }
                for id in context.modelMembers[classID] ?? [] {
                    let method = context.declaration(id)
                    guard method.kind == .function, method.name == name, let body = method.body else { continue }
                    let methodFile = context.files[id.file]
                    let inner = methodFile.statements(inBlock: body.lowerBound) ?? [body]
                    names += untrackedEffects(in: inner, methodFile, scope: body, parameters: method.parameters)
                    names += untrackedEffects(ofCallsIn: inner, methodFile, context, visiting: visiting.union([name]))
                }
            }
        }
        return names
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

    /// `untrackedEffects` limited to what a view could see through the model: a property that is
    /// not `private`, or one a computed property or a member handing out a value (`->` in its
    /// signature: a result, a callback) reads. A private `let userDefaults` that only the
    /// model's own saving and loading methods use changes nothing a view shows through the
    /// model, so a send beside a write to it announced something else.
    func exposedUntrackedEffects(in statements: [Range<Int>], _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?) -> [String] {
        let effects = untrackedEffects(in: statements, file, scope: scope, parameters: parameters)
        guard !effects.isEmpty else { return [] }
        return effects.filter(exposedNames.contains)
    }

    /// The properties a view could read through the model (`exposedUntrackedEffects`), of
    /// `classID` and the superclasses `properties` come from.
    static func exposedProperties(of classID: DeclarationID, _ properties: [String: Property], _ context: RuleContext) -> Set<String> {
        var exposed = Set<String>()
        for (name, property) in properties {
            let declaration = context.declaration(property.id)
            if !declaration.hasModifier(.private) { exposed.insert(name) }
        }
        // The class and the superclasses its properties come from (`init(classID:unit:_:)`).
        var current: DeclarationID? = classID
        var visited = Set<DeclarationID>()
        while let type = current, visited.insert(type).inserted, let members = context.modelMembers[type] {
            current = context.index.graph.superclass(of: type, context.types)
            for memberID in members {
                let member = context.declaration(memberID)
                let file = context.files[memberID.file]
                let tokens = file.tokens
                let body: Range<Int>?
                switch member.kind {
                case .variable where !context.isStored(member):
                    body = member.bindings.compactMap(\.accessorBlock).first
                case .subscript:
                    body = member.body
                case .function:
                    guard let open = member.body?.lowerBound,
                          (member.tokens.lowerBound..<open).contains(where: { tokens[$0].kind == .arrow }) else { continue }
                    body = member.body
                case _ where member.kind.isTypeLike:
                    // A nested type sees the model's private members through any instance
                    // (`model.cache` in a nested view): every `.name` in it counts.
                    for index in member.tokens where tokens[index].kind == .identifier && tokens[index - 1].kind == .period
                        && properties[file.source.text(index)] != nil {
                        exposed.insert(file.source.text(index))
                    }
                    continue
                default:
                    body = nil
                }
                guard let body else { continue }
                for index in body where tokens[index].kind == .identifier && properties[file.source.text(index)] != nil {
                    if index > body.lowerBound, tokens[index - 1].kind == .period, tokens[index - 2].word != .self { continue }
                    exposed.insert(file.source.text(index))
                }
            }
        }
        return exposed
    }

    /// The method a statement calls on the model itself, `f(…)`, `self.f(…)` or `self?.f(…)`
    /// (in a closure capturing `self` weakly), as the whole statement.
    static func ownCallee(_ statement: Range<Int>, _ file: FileStructure) -> String? {
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
        return file.source.text(index)
    }

    /// Whether a class of a unit that inherits from `classID` declares a method named `name`,
    /// which a call on the model may dispatch to.
    static func isOverridden(_ name: String, below classID: DeclarationID, _ context: RuleContext) -> Bool {
        for unit in context.units.units {
            for subclass in unit.classes where subclass != classID && inherits(subclass, from: classID, context) {
                if (context.modelMembers[subclass] ?? []).contains(where: {
                    context.declaration($0).kind == .function && context.declaration($0).name == name
                }) { return true }
            }
        }
        return false
    }

    private static func inherits(_ subclass: DeclarationID, from base: DeclarationID, _ context: RuleContext) -> Bool {
        var current = context.index.graph.superclass(of: subclass, context.types)
        var depth = 0
        while let type = current, depth < 32 {
            if type == base { return true }
            current = context.index.graph.superclass(of: type, context.types)
            depth += 1
        }
        return false
    }
}
