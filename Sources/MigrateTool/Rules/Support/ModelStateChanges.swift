import SourceScan

/// The stored properties of one model class (with those it inherits from classes of its unit),
/// by name, as `@Observable` will treat them: what a statement changes, and whether that change
/// notifies after the migration.
struct ModelStateChanges {
    /// What a property is under the macro.
    enum Tracking: Equatable {
        /// The macro tracks it (published, hand-published, or a plain stored `var` left tracked).
        case tracked
        /// Ignored machinery nothing renders (a subscription, a task).
        case plumbing
        /// Stored outside tracking (`@ObservationIgnored`, a wrapper, `lazy`, a `let` holding an
        /// object), or computed: a change to it, or made through it, notifies nobody.
        case untracked
    }

    /// One property of the model.
    struct Property {
        /// Its declaration.
        var id: DeclarationID
        /// What the macro makes of it.
        var tracking: Tracking
        /// Whether its value is a struct or enum of the tree, so `x.member = v` changes `x`.
        var isValueType: Bool
        /// Whether its value is a class of the tree, so `x.append(v)` does not change `x`.
        var isClass: Bool
        /// Whether its value is an array of a struct or enum of the tree, so `x[i].member = v`
        /// changes `x` (an element of a class would change only that object).
        var elementIsValueType = false
        /// The methods of its struct or enum of the tree that change it: every method of that
        /// name, in the type and its extensions, is `mutating` (`x.addCard(c)` changes `x`).
        var mutatingMethodNames: Set<String> = []
        /// Whether its type or value names a keyed store (`let defaults = UserDefaults.standard`):
        /// a change through it is a change of the store, by whatever name code reads it.
        var holdsKeyedStore = false
    }

    /// The class whose properties these are.
    let classID: DeclarationID
    /// The properties by name.
    let properties: [String: Property]
    /// The properties a view could read through the model (`exposedProperties(of:_:_:)`),
    /// worked out once per class.
    let exposedNames: Set<String>
    /// What the model's methods change outside tracking, read once per method name.
    let effectMemo = EffectMemo()
    /// The model's reads outside tracking, to tell whether a change of a type's shared state
    /// (`UserDefaults.standard.set(…)`) is one a member a view reads shows; nil when built from
    /// properties alone.
    let storeReads: UntrackedReads?

    /// The untracked effects of the model's methods by name (`untrackedEffects(ofCallsIn:_:_:)`),
    /// and the names being read, against cycles. A reference, so the copies of one
    /// `ModelStateChanges` share what was read.
    final class EffectMemo {
        var effects: [String: [String]] = [:]
        var reading = Set<String>()
        /// What the members a view can read read outside tracking (`UntrackedReads.readerReads`).
        var readerReads: [UntrackedRead]?
        /// The names `sharedStateShown` gave: state views show, whatever `exposedNames` says.
        var sharedState = Set<String>()
        /// What `UntrackedReads` over this class works out once for all its properties.
        let untrackedReads = UntrackedReads.Memo()
        /// The names each scope binds (`boundNames`), by file and scope: asked for every change of
        /// every send in a method, which made a method of many sends cubic.
        var boundNames: [ScopeKey: Set<String>] = [:]
    }

    /// A scope of one file, with the parameter clause its names may come from.
    struct ScopeKey: Hashable {
        var path: String
        var scope: Range<Int>
        var parameters: Range<Int>?
    }

    /// Methods of the standard collections and `Bool` that change the value they are called on.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "removeValue",
        "updateValue", "popLast", "popFirst", "toggle", "sort", "reverse", "shuffle", "merge", "formUnion",
        "formIntersection", "formSymmetricDifference", "subtract", "replaceSubrange", "swapAt",
    ]

    /// The properties of `classID` and of its superclasses in `unit`; those of superclasses
    /// outside it (a base that stays an `ObservableObject` while this class migrates alone),
    /// stored or computed, are untracked: the macro of this class does not track them, so a send
    /// beside a change of one still announces something.
    ///
    /// Without `exposing`, the properties a view could read through the model (`exposedNames`,
    /// which a send's effects are weighed by) are not worked out: a rule that does not weigh
    /// sends does not pay for them.
    init(classID: DeclarationID, unit: MigrationUnit, _ context: RuleContext, exposing: Bool = true) {
        var properties: [String: Property] = [:]
        for type in [classID] + context.index.graph.ancestors(of: classID, context.types) {
            let inUnit = unit.classes.contains(type)
            let deinitReads = inUnit ? ModelProperties.namesReadInDeinit(of: type, in: context) : []
            let variableIDs = inUnit ? context.variables(ofModel: type)
                : context.types.memberDeclarations(of: type).filter { context.declaration($0).kind == .variable }
            for variableID in variableIDs {
                let variable = context.declaration(variableID)
                guard !variable.hasModifier(.static), !variable.hasModifier(.class),
                      let tracking = variable.isLet || !inUnit ? .untracked : Self.tracking(variableID, in: type, deinitReads: deinitReads, context)
                else { continue }
                for binding in variable.bindings {
                    guard let name = binding.name, properties[name] == nil else { continue }
                    var valueType: DeclarationID?
                    if case .declared(let id) = context.index.typer.variableType(binding, declarationID: variableID) { valueType = id }
                    let kind = valueType.map { context.declaration($0).kind }
                    var property = Property(id: variableID, tracking: tracking, isValueType: kind == .struct || kind == .enum,
                                            isClass: kind == .class || kind == .actor)
                    let variableFile = context.files[variableID.file]
                    property.holdsKeyedStore = [binding.typeAnnotation, binding.initializer].compactMap { $0 }.contains { range in
                        range.contains { Self.keyedStoreTypes.contains(variableFile.source.text($0)) }
                    }
                    if property.isValueType, let valueType {
                        property.mutatingMethodNames = Self.mutatingMethodNames(of: valueType, context)
                    } else if valueType == nil,
                              case .declared(let element)? = context.index.typer.arrayElementType(binding, declarationID: variableID) {
                        property.elementIsValueType = [.struct, .enum].contains(context.declaration(element).kind)
                    }
                    properties[name] = property
                }
            }
        }
        self.properties = properties
        self.classID = classID
        self.exposedNames = exposing ? Self.exposedProperties(of: classID, properties, context) : []
        self.storeReads = UntrackedReads(owner: classID, properties: properties, excluding: nil, context, memo: effectMemo.untrackedReads)
    }

    /// The names of the methods of a struct or enum of the tree (its body and extensions) whose
    /// every declaration is `mutating`; a name also declared without it is left out, since which
    /// overload a call picks is not read here.
    static func mutatingMethodNames(of typeID: DeclarationID, _ context: RuleContext) -> Set<String> {
        var mutating = Set<String>()
        var other = Set<String>()
        for member in RuleContext.members(of: typeID, index: context.index) {
            let declaration = context.declaration(member)
            guard declaration.kind == .function, !declaration.hasModifier(.static) else { continue }
            let name = declaration.name
            if declaration.hasModifier(.mutating) { mutating.insert(name) } else { other.insert(name) }
        }
        return mutating.subtracting(other)
    }

    /// Properties given directly: names a rule reads as the model's own, such as the elements a
    /// binding of one of its collections hands a row closure (`BindingElements`).
    init(classID: DeclarationID, properties: [String: Property]) {
        self.classID = classID
        self.properties = properties
        // Nothing known of the class's other members: every property may be shown.
        self.exposedNames = Set(properties.keys)
        self.storeReads = nil
    }

    /// The effect a statement has on shared state (`sharedStateShown`); when the model's members
    /// are not known (`storeReads` is nil), `unknownMembers`, the name the change goes by.
    private func sharedStateEffect(of statement: Range<Int>, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?,
                                   unknownMembers: String?) -> String? {
        storeReads == nil ? unknownMembers : sharedStateShown(by: statement, file, scope: scope, parameters: parameters)
    }

    /// The untracked state a statement reads or changes that a member a view can read shows, by
    /// the name a send's finding gives it (`UserDefaults` for a keyed store, else its root);
    /// nil when there is none. Such a name counts as seen by views (`isVisible`).
    func sharedStateShown(by statement: Range<Int>, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?) -> String? {
        guard let storeReads else { return nil }
        let readers: [UntrackedRead]
        if let known = effectMemo.readerReads {
            readers = known
        } else {
            readers = storeReads.readerReads()
            effectMemo.readerReads = readers
        }
        for change in storeReads.touched(in: statement, file, scope: scope, parameters: parameters) {
            guard let shown = readers.first(where: { $0.mayOverlap(change) }), let root = shown.path.first else { continue }
            let name = root == UntrackedRead.keyedStore ? "UserDefaults" : root
            effectMemo.sharedState.insert(name)
            return name
        }
        return nil
    }

    /// The properties of `classID` in `unit`, built once per class into `cache`.
    static func cached(_ classID: DeclarationID, unit: MigrationUnit, _ context: RuleContext,
                       in cache: inout [DeclarationID: ModelStateChanges]) -> ModelStateChanges {
        if let known = cache[classID] { return known }
        let built = ModelStateChanges(classID: classID, unit: unit, context)
        cache[classID] = built
        return built
    }

    private static func tracking(_ variableID: DeclarationID, in classID: DeclarationID, deinitReads: Set<String>,
                                 _ context: RuleContext) -> Tracking? {
        switch ModelProperties.role(of: variableID, in: context, deinitReads: deinitReads) {
        case .published, .manuallyPublished, .overridingObserver:
            return .tracked
        case .plainStored:
            // Plumbing first: tracked or not, no view reads it, so a send beside a change of it
            // announced something else.
            if Plumbing.kind(of: variableID, in: classID, context) != nil { return .plumbing }
            return UnpublishedStoredProperty.staysTracked(variableID, in: classID, context) ? .tracked : .untracked
        case .wrapped, .lazy, .dynamic, .readInDeinit:
            return .untracked
        case .untouched:
            let variable = context.declaration(variableID)
            if variable.bindings.contains(where: { $0.name == "objectWillChange" }) { return nil }
            if context.isStored(variable), Plumbing.kind(of: variableID, in: classID, context) != nil { return .plumbing }
            return .untracked
        }
    }

    /// The property a statement (or the code from `start` on) changes, and where the change's
    /// text ends: `x = v`, `self.x += v`, `x[k] = v`, `x.append(v)`, `x?.append(v)`, `x.toggle()`, and
    /// `x.a.b = v` or `x.a.append(v)` when `x` holds a struct or enum. Nil for anything else,
    /// and for a bare `x` that a local or parameter of `scope` shadows.
    func change(at start: Int, before end: Int, in file: FileStructure, scope: Range<Int>, parameters: Range<Int>?)
        -> (property: Property, name: String, end: Int)? {
        let tokens = file.tokens
        var index = start
        var explicitSelf = false
        if tokens[index].word == .self || tokens[index].word == .super, index + 2 < end, tokens[index + 1].kind == .period {
            explicitSelf = true
            index += 2
        } else if tokens[index].word == .self, index + 3 < end, tokens[index + 1].kind == .postfixQuestionMark,
                  tokens[index + 2].kind == .period {
            // `self?.x = v` in a closure capturing `self` weakly.
            explicitSelf = true
            index += 3
        }
        guard index < end, tokens[index].kind == .identifier else { return nil }
        let name = file.source.text(index)
        guard let property = properties[name] else { return nil }
        if !explicitSelf, isShadowed(name, in: scope, parameters: parameters, file) { return nil }
        index += 1
        var throughMember = false
        // `x[i].member`: a member of an element, which changes `x` when the elements are values.
        var throughElement = false
        /// Whether a change through a member reaches `x` itself: its value, or its element's, is a value type.
        var valuePath: Bool { property.isValueType || (throughElement && property.elementIsValueType) }
        while index < end {
            switch tokens[index].kind {
            case .postfixQuestionMark, .exclamationMark:
                // `x?.append(v)`, `x![k] = v`: an optional's wrapped value changes in place. When
                // `x` is nil nothing changes, and a send beside it announced nothing a view shows.
                guard index + 1 < end, tokens[index + 1].kind == .period || tokens[index + 1].kind == .leftSquare else { return nil }
                index += 1
            case .leftSquare:
                if !throughMember { throughElement = true }
                index = file.closing(index) + 1
            case .equal:
                return throughMember && !valuePath ? nil : (property, name, index + 1)
            case .binaryOperator where Self.isCompoundAssignment(file.source.text(index)):
                return throughMember && !valuePath ? nil : (property, name, index + 1)
            case .period where index + 1 < end && tokens[index + 1].kind == .identifier:
                if index + 2 < end, tokens[index + 2].kind == .leftParen || tokens[index + 2].kind == .leftBrace {
                    let method = file.source.text(index + 1)
                    // A collection's own mutating method, or, called on the property itself, one
                    // its struct or enum of the tree declares `mutating`.
                    let isMutating = Self.mutatingMethods.contains(method) || (!throughMember && property.mutatingMethodNames.contains(method))
                    guard isMutating, !property.isClass, !throughMember || valuePath else { return nil }
                    // `x.removeAll(where: f)`, `x.removeAll { … }`, `x.sort(by:) { … }` on one line.
                    var callEnd = file.closing(index + 2) + 1
                    if tokens[index + 2].kind == .leftParen, callEnd < end, tokens[callEnd].kind == .leftBrace, !file.startsLine(callEnd) {
                        callEnd = file.closing(callEnd) + 1
                    }
                    return (property, name, callEnd)
                }
                throughMember = true
                index += 2
            default:
                return nil
            }
        }
        return nil
    }

    /// Whether a statement is, as a whole, a change of a property the macro tracks, or hands one
    /// on as a whole (`changeStart(of:_:)`: `let removed = items.remove(at: i)`).
    func isTrackedChange(_ statement: Range<Int>, in file: FileStructure, scope: Range<Int>, parameters: Range<Int>?) -> Bool {
        guard let start = Self.changeStart(of: statement, file),
              let change = change(at: start, before: statement.upperBound, in: file, scope: scope, parameters: parameters),
              change.property.tracking == .tracked else { return false }
        // A method call must be the whole statement: `items.append(x).count` is not one.
        let last = file.tokens[change.end - 1].kind
        return (last != .rightParen && last != .rightBrace) || change.end == statement.upperBound
    }

    /// Where a statement's change would start: the statement itself (`items.append(v)`), or the
    /// value of a statement that only hands on what a mutating call returns, `let removed =
    /// items.remove(at: i)`, `_ = items.popLast()`, `return items.removeFirst()`: the call runs,
    /// and changes the property, as the statement runs. Nil for a statement with nothing after
    /// its `=` or `return`.
    static func changeStart(of statement: Range<Int>, _ file: FileStructure) -> Int? {
        let tokens = file.tokens
        let first = statement.lowerBound
        var start = first
        switch tokens[first].word {
        case .return:
            start = first + 1
        case .let, .var:
            // `let name = …` or `let name: Type = …`: one name, and the first `=` starts the value
            // (a type holds none).
            guard first + 2 < statement.upperBound, tokens[first + 1].kind == .identifier,
                  tokens[first + 2].kind == .equal || tokens[first + 2].kind == .colon,
                  let equal = statement.first(where: { tokens[$0].kind == .equal }),
                  !tokens[first..<equal].contains(where: { $0.kind == .comma }) else { return nil }
            start = equal + 1
        default:
            if first + 1 < statement.upperBound, tokens[first + 1].kind == .equal, file.source.tokenText(first, equals: "_") {
                start = first + 2
            }
        }
        return start < statement.upperBound ? start : nil
    }

    /// The untracked properties (neither tracked nor plumbing) that `statements` change or call
    /// a method through (`cache = v`, `store.save(v)`, `self.formatter?.reset()`): what a send
    /// among them may announce that no tracking will.
    func untrackedEffects(in statements: [Range<Int>], _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?) -> [String] {
        let tokens = file.tokens
        var names: [String] = []
        for statement in statements {
            // A change through a local holding shared state (`let defaults = UserDefaults.standard`
            // earlier in the body, then `defaults.set(true, forKey: "onboarded")`).
            let head = statement.lowerBound
            if tokens[head].kind == .identifier, properties[file.source.text(head)] == nil,
               isShadowed(file.source.text(head), in: scope, parameters: parameters, file),
               Self.callsThrough(head, before: statement.upperBound, file) || Self.assignsThrough(head, before: statement.upperBound, file),
               let effect = sharedStateEffect(of: statement, file, scope: scope, parameters: parameters, unknownMembers: nil) {
                names.append(effect)
            }
            // The statements nested in its blocks start expressions too (`if c { thing.done = true }`).
            var heads: Set<Int> = [statement.lowerBound]
            for index in statement where tokens[index].kind == .leftBrace {
                for inner in file.statements(inBlock: index) ?? [] { heads.insert(inner.lowerBound) }
            }
            for index in statement where tokens[index].kind == .identifier || tokens[index].word == .self || tokens[index].word == .super {
                // Only at the head of an expression: not `other.x`, and not the `x` of `self.x`.
                if index > statement.lowerBound, tokens[index - 1].kind == .period { continue }
                var name = index
                if tokens[index].word == .self || tokens[index].word == .super {
                    // `self.x`, `self?.x`, `super.x`.
                    guard index + 1 < statement.upperBound else { continue }
                    name = tokens[index + 1].kind == .postfixQuestionMark ? index + 3 : index + 2
                    guard name < statement.upperBound, tokens[name - 1].kind == .period else { continue }
                }
                let text = file.source.text(name)
                // A type's shared state changed through it (`UserDefaults.standard.set(v, forKey: k)`,
                // `Keychain.save(…)`): what a computed property reading that type shows.
                if name == index, properties[text] == nil, text.first?.isUppercase == true, !Self.statelessTypes.contains(text),
                   name + 1 < statement.upperBound, tokens[name + 1].kind == .period || tokens[name + 1].kind == .postfixQuestionMark,
                   !isShadowed(text, in: scope, parameters: parameters, file),
                   Self.callsThrough(name, before: statement.upperBound, file) || Self.assignsThrough(name, before: statement.upperBound, file) {
                    if let effect = sharedStateEffect(of: statement, file, scope: scope, parameters: parameters,
                                                      unknownMembers: Self.externalEffectName(text)) {
                        names.append(effect)
                    }
                    continue
                }
                guard let property = properties[text], property.tracking != .plumbing,
                      name > index || !isShadowed(text, in: scope, parameters: parameters, file) else { continue }
                let change = change(at: index, before: statement.upperBound, in: file, scope: scope, parameters: parameters)
                if property.tracking == .untracked {
                    // `cache = v`, `cache.save()`, and `settings.volume += 1` on a `let settings`
                    // holding an object.
                    if change != nil || Self.callsThrough(name, before: statement.upperBound, file)
                        || Self.assignsThrough(name, before: statement.upperBound, file) {
                        names.append(text)
                        // A store kept under a name (`let defaults = UserDefaults.standard`) is the store.
                        if property.holdsKeyedStore, let effect = sharedStateEffect(of: statement, file, scope: scope, parameters: parameters,
                                                                                    unknownMembers: "UserDefaults") {
                            names.append(effect)
                        }
                    }
                } else if change == nil, !property.isValueType, Self.reachesObject(
                    through: name, property, isStatementHead: heads.contains(index), before: statement.upperBound, file) {
                    // A tracked property holding an object (`player.play()`, `cache.value = v` on a
                    // class of the tree): the object's own state changes, which the macro does not
                    // track; tracking sees only a new object in the property.
                    names.append(text)
                }
            }
        }
        return names
    }

    /// The SDK's types whose type-level calls schedule work, post, log or make values, and keep
    /// no state a view shows: `DispatchQueue.main.async { … }` changes nothing a send announces
    /// (what the closure does is read on its own).
    static let statelessTypes: Set<String> = [
        "DispatchQueue", "DispatchGroup", "OperationQueue", "RunLoop", "Task", "Timer", "Thread", "NotificationCenter",
        "Logger", "Calendar", "Date", "Locale", "TimeZone", "JSONDecoder", "JSONEncoder", "PropertyListDecoder",
        "PropertyListEncoder", "URL", "URLRequest", "UUID", "Data", "String", "Int", "Double", "Float", "Bool", "Array",
        "Dictionary", "Set", "Character", "Decimal", "NSNotification", "Notification",
    ]

    /// The types that keep values by key: one store, however it is named.
    static let keyedStoreTypes: Set<String> = ["UserDefaults", "NSUbiquitousKeyValueStore"]

    /// The effect a change through a type's shared state is named by: the type, or for a keyed
    /// store, `UserDefaults`, so that `NSUbiquitousKeyValueStore` and a property holding either meet.
    static func externalEffectName(_ typeName: String) -> String {
        keyedStoreTypes.contains(typeName) ? "UserDefaults" : typeName
    }

    /// Whether a statement changes the state of the object a tracked property holds, through the
    /// member chain after its name at `index`, the statement's head: a statement that is itself a
    /// call through it (`player.play()`, `cache.save()`), never a read inside an expression
    /// (`let first = items.first(where: …)`); or, when the property holds a class of the tree, a
    /// member assignment (`cache.value = v`). For a type the tree does not declare, a first call
    /// that is one of the collections' mutating methods changes the value, which is tracked
    /// (`review.items.append(v)`).
    private static func reachesObject(through index: Int, _ property: Property, isStatementHead: Bool, before end: Int,
                                      _ file: FileStructure) -> Bool {
        guard isStatementHead else { return false }
        if property.isClass, assignsThrough(index, before: end, file) { return true }
        guard let call = firstCall(after: index, before: end, file) else { return false }
        return property.isClass || !mutatingMethods.contains(file.source.text(call - 1))
    }

    /// The `(` of the first call in the member chain after the name at `index` (`x?.a.b(`), when
    /// the chain reaches one through members only.
    private static func firstCall(after index: Int, before end: Int, _ file: FileStructure) -> Int? {
        let tokens = file.tokens
        var next = index + 1
        while next + 1 < end {
            if tokens[next].kind == .postfixQuestionMark || tokens[next].kind == .exclamationMark { next += 1 }
            guard next + 1 < end, tokens[next].kind == .period, tokens[next + 1].kind == .identifier else { return nil }
            next += 2
            if next < end, tokens[next].kind == .leftParen { return next }
        }
        return nil
    }

    /// Whether the member chain after the name at `index` assigns one of the object's members:
    /// `x.value = v`, `x?.a.b += 1`, `x.items[k] = v`.
    private static func assignsThrough(_ index: Int, before end: Int, _ file: FileStructure) -> Bool {
        let tokens = file.tokens
        var next = index + 1
        var members = 0
        while next < end {
            switch tokens[next].kind {
            case .postfixQuestionMark, .exclamationMark:
                next += 1
            case .period where next + 1 < end && tokens[next + 1].kind == .identifier:
                members += 1
                next += 2
            case .leftSquare where members > 0:
                next = file.closing(next) + 1
            case .equal:
                return members > 0
            case .binaryOperator where Self.isCompoundAssignment(file.source.text(next)):
                return members > 0
            default:
                return false
            }
        }
        return false
    }

    /// Whether the member chain after the name at `index` calls a method: `x.save()`, `x?.a.b()`.
    private static func callsThrough(_ index: Int, before end: Int, _ file: FileStructure) -> Bool {
        let tokens = file.tokens
        var next = index + 1
        while next + 1 < end {
            if tokens[next].kind == .postfixQuestionMark || tokens[next].kind == .exclamationMark { next += 1 }
            guard tokens[next].kind == .period, tokens[next + 1].kind == .identifier else { return false }
            next += 2
            if next < end, tokens[next].kind == .leftParen { return true }
        }
        return false
    }

    static func isCompoundAssignment(_ text: String) -> Bool {
        text.count >= 2 && text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }

    /// Whether the name at `index` is bound by a tuple or enum pattern: `for (_, items) in groups`,
    /// `case let .loaded(items)`, `let (first, items) = pair`. The name stands between `(` or `,`
    /// and `,` or `)`, with `for`, `case`, `let` or `var` before it in the same pattern (before
    /// any `=`, `in` or brace), so `foo(a, items)` in `let x = foo(a, items)` is no binding.
    static func isInBindingPattern(_ index: Int, _ file: FileStructure) -> Bool {
        let tokens = file.tokens
        guard index > 0, index + 1 < tokens.count, tokens[index - 1].kind == .leftParen || tokens[index - 1].kind == .comma,
              tokens[index + 1].kind == .comma || tokens[index + 1].kind == .rightParen else { return false }
        var back = index - 1
        while back >= 0, index - back <= 16 {
            switch tokens[back].kind {
            case .leftBrace, .rightBrace, .semicolon, .equal:
                return false
            default:
                if [.for, .case, .let, .var].contains(tokens[back].word) { return true }
                if tokens[back].word == .in { return false }
            }
            back -= 1
        }
        return false
    }

    /// Whether `name` is bound in `scope` other than as the model's property: a parameter, a
    /// `let`/`var`, a `for` or `case` pattern, a closure parameter.
    static func isShadowed(_ name: String, in scope: Range<Int>, parameters: Range<Int>?, _ file: FileStructure) -> Bool {
        boundNames(in: scope, parameters: parameters, file).contains(name)
    }

    /// `isShadowed`, with the names of each scope read once per model class.
    func isShadowed(_ name: String, in scope: Range<Int>, parameters: Range<Int>?, _ file: FileStructure) -> Bool {
        let key = ScopeKey(path: file.source.path, scope: scope, parameters: parameters)
        if let names = effectMemo.boundNames[key] { return names.contains(name) }
        let names = Self.boundNames(in: scope, parameters: parameters, file)
        effectMemo.boundNames[key] = names
        return names.contains(name)
    }

    /// Every name `scope` binds other than as the model's properties: the parameters' names,
    /// `let`/`var`/`for` bindings, local functions (which a bare call reaches before the model's
    /// method of that name), names in binding patterns, closure parameters.
    static func boundNames(in scope: Range<Int>, parameters: Range<Int>?, _ file: FileStructure) -> Set<String> {
        let tokens = file.tokens
        var names = Set<String>()
        if let parameters {
            for index in parameters where tokens[index].kind == .identifier && index + 1 < parameters.upperBound
                && tokens[index + 1].kind == .colon {
                names.insert(file.source.text(index))
            }
        }
        for index in scope where tokens[index].kind == .identifier {
            let previous = tokens[index - 1].word
            if previous == .let || previous == .var || previous == .for || previous == .func || isInBindingPattern(index, file) {
                names.insert(file.source.text(index))
            }
        }
        for index in scope where tokens[index].kind == .leftBrace {
            guard let signature = file.closureSignature(inBlock: index) else { continue }
            for position in signature where tokens[position].kind == .identifier { names.insert(file.source.text(position)) }
        }
        return names
    }
}
