import SourceScan

/// Something creating a type does besides storing values, and where: why `@State`'s repeated
/// evaluation of an initial value (up to Xcode 26) may change what the app does.
struct SideEffect: Sendable, Equatable {
    /// What the creation does, in a finding's words: "the initializer of 'Loader' calls 'load'".
    var what: String
    /// Where, in a finding's words (`RuleContext.place`): "line 12 of Loader.swift".
    var place: String

    /// The clause a finding ends with: "the initializer of 'Loader' calls 'load' (line 12 of Loader.swift)".
    var description: String { "\(what) (\(place))" }
}

/// Decides whether creating a model can have side effects, from its source: the question
/// `@State`'s repeated evaluation of initial values makes worth asking. Each answer is the first
/// side effect found, or nil when creation only stores values.
enum SideEffects {
    /// What creating `model` with `expression` (e.g. `Library()`) may do besides storing values:
    /// nil when the expression calls the model's own initializer with simple arguments (or reads
    /// a static stored property holding such a creation, `Library.shared`) and the model's
    /// stored defaults, initializers and `deinit` do nothing but store values.
    static func effectOfCreation(_ expression: Range<Int>, in fileIndex: Int, model: DeclarationID,
                                 context: RuleContext, depth: Int = 0) -> SideEffect? {
        let file = context.files[fileIndex]
        let modelName = context.declaration(model).name
        let tokens = file.tokens
        let start = expression.lowerBound, end = expression.upperBound
        let notACreation = SideEffect(what: "the initial value '\(excerpt(expression, in: file))' does more than call "
                                          + "the initializer of '\(modelName)'",
                                      place: context.place(file: fileIndex, token: start))
        guard expression.count >= 2 else { return notACreation }
        var call: Int
        if tokens[start].kind == .period, tokens[start + 1].word == .`init` {
            // `.init(…)`: the model's initializer, the type taken from the property's annotation.
            call = start + 2
        } else if tokens[start].kind == .period, tokens[start + 1].kind == .identifier, expression.count == 2 {
            // `.shared`: a static property of the model, the type taken from the annotation.
            return effectOfStaticValue(file.source.text(start + 1), of: model, model: model, place: notACreation,
                                       context: context, depth: depth)
        } else {
            // `Model(…)`, `Model.init(…)`, `Model<T>(…)`, or through its enclosing types or
            // module, `Outer.Model(…)`: any other function may do anything.
            guard tokens[start].kind == .identifier else { return notACreation }
            var name = start
            while name + 2 < end, tokens[name + 1].kind == .period, tokens[name + 2].kind == .identifier { name += 2 }
            if name + 1 == end, name > start {
                // `Model.shared`, `Outer.Model.shared`: a static property of a type of the tree.
                guard case .declared(let typeID) = resolve(file.compactText(start..<(name - 1)), atTopOf: fileIndex, context: context)
                else { return notACreation }
                return effectOfStaticValue(file.source.text(name), of: typeID, model: model, place: notACreation,
                                           context: context, depth: depth)
            }
            guard modelName == file.source.text(name),
                  name == start || context.index.typer.typeOf(expression, file: fileIndex) == .declared(model)
            else { return notACreation }
            call = name + 1
            if call < end, file.source.bytes[Int(tokens[call].start)] == UInt8(ascii: "<") {
                guard let close = file.closingAngle(from: call, before: end) else { return notACreation }
                call = close + 1
            }
            if call + 1 < end, tokens[call].kind == .period, tokens[call + 1].word == .`init` { call += 2 }
        }
        guard call < end, tokens[call].kind == .leftParen, file.closing(call) == end - 1 else { return notACreation }
        // Arguments must be literals or names.
        let creation = Creation(file: fileIndex, context: context, depth: 0)
        if let offence = firstNonValue((call + 1)..<(end - 1), in: file) {
            return effect(of: offence, in: "the initial value", file: file, creation: creation)
        }
        return context.creationEffect(of: model)
    }

    /// What reading the static stored property `name` of the tree's type `typeID` may do: a
    /// static stored property is created once, on its first read, so reading it again has no
    /// effect, and the first read has none when its initial value creates `model` freely
    /// (`static let shared = Library()`). `place` is the answer for anything else: a computed
    /// property, one without an initial value, a chain of them deeper than two.
    static func effectOfStaticValue(_ name: String, of typeID: DeclarationID, model: DeclarationID, place: SideEffect,
                                    context: RuleContext, depth: Int) -> SideEffect? {
        let variables = staticVariables(name, of: typeID, context: context)
        guard depth < 2, !variables.isEmpty else { return place }
        // Variants under build conditions: each must create freely.
        for variable in variables {
            guard let initializer = variable.storedInitializer else { return place }
            if let effect = effectOfCreation(initializer, in: variable.file, model: model, context: context, depth: depth + 1) {
                return effect
            }
        }
        return nil
    }

    /// The static (or class) variables of the tree's type `typeID` that bind `name`, each with
    /// its file and, when it is stored, its initial value: what `Type.name` reads.
    static func staticVariables(_ name: String, of typeID: DeclarationID,
                                context: RuleContext) -> [(file: Int, storedInitializer: Range<Int>?)] {
        context.types.memberDeclarations(of: typeID).compactMap { memberID in
            let member = context.declaration(memberID)
            guard member.kind == .variable, member.hasModifier(.static) || member.hasModifier(.class),
                  let binding = member.bindings.first(where: { $0.name == name }) else { return nil }
            let isStored = binding.accessorBlock == nil || binding.hasObservers
            return (memberID.file, isStored ? binding.initializer : nil)
        }
    }

    /// What `name` means at the top level of file `file`: the scope a stored default's or an
    /// initial value's type names are read in.
    static func resolve(_ name: String, atTopOf file: Int, context: RuleContext) -> ResolvedType {
        context.types.resolve(name, from: DeclarationID(file: file, declaration: -1))
    }

    /// How deep `effectOfCreating` follows the tree's types that a model's stored defaults create
    /// (`let client = APIClient()`, whose own defaults create a `Cache()`).
    static let creationDepthLimit = 4

    /// What creating an instance of the tree's type `typeID` (and of each superclass the tree
    /// declares) may do besides storing values: nil when every stored default is simple
    /// (`firstNonValue`) and every initializer and `deinit` only assigns simple values. A
    /// default's call of a tree type's initializer counts as storing a value when that type
    /// creates freely too, a few levels deep. `RuleContext.creationEffect(of:)` keeps the
    /// answer for each model class.
    static func effectOfCreating(_ typeID: DeclarationID, context: RuleContext, depth: Int) -> SideEffect? {
        var current: DeclarationID? = typeID
        var visited = Set<DeclarationID>()
        while let classID = current, visited.insert(classID).inserted {
            // A superclass from outside the tree runs an initializer no one here can read.
            let declaration = context.declaration(classID)
            // Only the first entry of a class's list can be its superclass: the others, and every
            // entry of a struct's or enum's, are protocols (or a raw type), which add no initializer code.
            for inherited in declaration.inheritance.prefix(declaration.kind == .class ? 1 : 0)
            where !harmlessInheritance.contains(inherited.typeName) {
                guard case .declared = context.types.resolve(inherited.typeName, from: classID) else {
                    return SideEffect(what: "'\(declaration.name)' inherits from '\(inherited.typeName)', whose initializer "
                                          + "is outside the tree",
                                      place: context.place(file: classID.file, token: declaration.nameTokens.lowerBound))
                }
            }
            for memberID in RuleContext.members(of: classID, index: context.index) {
                let member = context.declaration(memberID)
                let memberFile = context.files[memberID.file]
                let creation = Creation(file: memberID.file, context: context, depth: depth)
                switch member.kind {
                case .variable where context.isStored(member) && !member.modifiers.contains(where: { $0.word == .lazy }):
                    // A `lazy` default runs on the first read, never for an instance `@State` discards.
                    // A property wrapper's initializer runs with the instance's (`@Injected(\.api)`).
                    if let wrapper = member.attributes.first(where: { !storageNeutralAttributes.contains(String($0.baseName)) }) {
                        return SideEffect(what: "'\(member.bindings.first?.name ?? member.name)' in '\(declaration.name)' is "
                                              + "wrapped in '@\(wrapper.baseName)', whose initializer runs with the instance's",
                                          place: context.place(file: memberID.file, token: wrapper.tokens.lowerBound))
                    }
                    for binding in member.bindings {
                        guard let initializer = binding.initializer,
                              let offence = firstNonValue(initializer, in: memberFile, creation: creation)
                        else { continue }
                        // `var cancellables: Set<AnyCancellable> = .init()`: the annotation names what is built.
                        if let annotation = binding.typeAnnotation,
                           isImplicitValueCreation(initializer, annotatedAs: annotation, in: memberFile, creation: creation) {
                            continue
                        }
                        let part = "the default of '\(binding.name ?? member.name)' in '\(declaration.name)'"
                        return effect(of: offence, in: part, file: memberFile, creation: creation)
                    }
                case .initializer, .deinitializer:
                    let part = "the \(member.kind == .initializer ? "initializer" : "deinit") of '\(declaration.name)'"
                    guard let body = member.body else {
                        return SideEffect(what: "\(part) has no body the tool can read",
                                          place: context.place(file: memberID.file, token: member.nameTokens.lowerBound))
                    }
                    var inside = (body.lowerBound + 1)..<(body.upperBound - 1)
                    if member.kind == .deinitializer {
                        // `cancellables.forEach { $0.cancel() }`, `task?.cancel()`: on a discarded
                        // instance these stay as created, empty or nil, and the calls do nothing.
                        inside = statementsAfterTeardown(of: inside, in: memberFile, classID: classID, context: context)
                    }
                    if let offence = firstNonAssignment(inside, in: memberFile, creation: creation) {
                        return effect(of: offence, in: part, file: memberFile, creation: creation)
                    }
                default:
                    continue
                }
            }
            current = context.index.graph.superclass(of: classID, context.types)
        }
        return nil
    }

    /// Methods a `deinit` calls to tear down what the instance started: `task?.cancel()`,
    /// `timer?.invalidate()`, `cancellables.removeAll()`.
    static let teardownMethods: Set<String> = ["cancel", "invalidate", "removeAll"]

    /// The part of a `deinit` body `range` after its leading teardown statements, which do nothing
    /// to an instance that was only created (the ones `@State` discards):
    /// - `x?.cancel()`, `x?.invalidate()` on an optional stored property creation leaves nil: the
    ///   call does not happen;
    /// - `x.forEach { $0.cancel() }`, `x.removeAll()` on a standard collection creation leaves
    ///   empty: the closure never runs, nothing is removed.
    /// `self.x` alike. Anything else ends the teardown.
    static func statementsAfterTeardown(of range: Range<Int>, in file: FileStructure, classID: DeclarationID,
                                        context: RuleContext) -> Range<Int> {
        let tokens = file.tokens
        func kind(_ at: Int) -> TokenKind? { at < range.upperBound ? tokens[at].kind : nil }
        var index = range.lowerBound
        while index < range.upperBound {
            var at = index
            if tokens[at].word == .self, kind(at + 1) == .period { at += 2 }
            guard kind(at) == .identifier, let state = creationState(of: file.source.text(at), in: classID, context: context)
            else { break }
            let chained = kind(at + 1) == .postfixQuestionMark
            at += chained ? 2 : 1
            guard kind(at) == .period, kind(at + 1) == .identifier else { break }
            let method = file.source.text(at + 1)
            at += 2
            if chained, state == .nil, teardownMethods.contains(method), kind(at) == .leftParen, kind(at + 1) == .rightParen {
                at += 2
            } else if !chained, state == .emptyCollection, method == "removeAll", kind(at) == .leftParen, kind(at + 1) == .rightParen {
                at += 2
            } else if !chained, state == .emptyCollection, method == "forEach", kind(at) == .leftBrace, file.closing(at) < range.upperBound,
                      file.compactText((at + 1)..<file.closing(at)) == "$0.cancel()" {
                at = file.closing(at) + 1
            } else {
                break
            }
            if kind(at) == .semicolon { at += 1 }
            index = at
        }
        return index..<range.upperBound
    }

    /// What a stored property holds right after its instance's creation, when the tool can tell.
    enum CreationState { case `nil`, emptyCollection }

    /// What creating an instance of the class `classID` leaves in its stored property `name`:
    /// `.nil` for an optional declared without a default or with `nil`, `.emptyCollection` for
    /// `[]`, `[:]` or a standard collection created without arguments (`Set<AnyCancellable>()`,
    /// `[AnyCancellable]()`); nil when an initializer assigns it (it may hold what the caller
    /// passed) or for anything else.
    static func creationState(of name: String, in classID: DeclarationID, context: RuleContext) -> CreationState? {
        var state: CreationState?
        for memberID in RuleContext.members(of: classID, index: context.index) {
            let member = context.declaration(memberID)
            let file = context.files[memberID.file]
            switch member.kind {
            case .variable where context.isStored(member):
                guard let binding = member.bindings.first(where: { $0.name == name }) else { continue }
                if let initializer = binding.initializer {
                    state = emptyValue(initializer, in: file, fileIndex: memberID.file, context: context)
                    // `var bag: TaskBag = []` builds a type of the tree from the literal, with its own code.
                    if let annotation = binding.typeAnnotation, state == .emptyCollection,
                       !isStandardCollection(file.compactText(annotation), in: memberID.file, context: context) { return nil }
                } else if let annotation = binding.typeAnnotation, file.compactText(annotation).hasSuffix("?") {
                    state = .nil
                } else {
                    return nil
                }
                if state == nil { return nil }
            case .initializer:
                guard let body = member.body else { return nil }
                if body.contains(where: { file.tokens[$0].kind == .identifier && file.source.text($0) == name
                                          && $0 + 1 < body.upperBound && file.tokens[$0 + 1].kind == .equal }) {
                    return nil
                }
            default:
                continue
            }
        }
        return state
    }

    /// `.nil` for `nil`, `.emptyCollection` for `[]`, `[:]`, or `Set<…>()`, `Array<…>()`,
    /// `Dictionary<…>()`, `[…]()` of the standard library (a name the tree does not redefine), as
    /// written in file `fileIndex`; nil for any other value.
    static func emptyValue(_ initializer: Range<Int>, in file: FileStructure, fileIndex: Int, context: RuleContext) -> CreationState? {
        let written = file.compactText(initializer)
        if written == "nil" { return .nil }
        if written == "[]" || written == "[:]" { return .emptyCollection }
        guard written.hasSuffix("()"), !initializer.dropLast(2).contains(where: { [.leftParen, .leftBrace].contains(file.tokens[$0].kind) })
        else { return nil }
        return isStandardCollection(String(written.dropLast(2)), in: fileIndex, context: context) ? .emptyCollection : nil
    }

    /// Whether `written` names a collection of the standard library: `[…]`, `[…: …]`, or `Set<…>`,
    /// `Array<…>`, `Dictionary<…>` where file `fileIndex` sees no type of the tree by that name.
    static func isStandardCollection(_ written: String, in fileIndex: Int, context: RuleContext) -> Bool {
        if written.hasPrefix("["), written.hasSuffix("]") { return true }
        let name = String(written.prefix { $0 != "<" })
        guard ["Set", "Array", "Dictionary"].contains(name), written.hasSuffix(">"),
              case .external = resolve(name, atTopOf: fileIndex, context: context) else { return false }
        return true
    }

    /// The side effect at token `offence`, the first one of `part` (`"the initializer of
    /// 'Loader'"`) that is not storing a value: the creation of a tree type is followed to its own
    /// first side effect, which names its type and place.
    static func effect(of offence: Int, in part: String, file: FileStructure, creation: Creation) -> SideEffect {
        let tokens = file.tokens
        let text = file.source.text(offence)
        let place = creation.context.place(file: creation.file, token: offence)
        let callsAt = isCallee(offence, in: file, before: tokens.count)
        switch tokens[offence].kind {
        case .identifier where callsAt:
            if case .declared(let typeID) = resolve(text, atTopOf: creation.file, context: creation.context),
               creation.context.declaration(typeID).name == text {
                guard creation.depth < creationDepthLimit else {
                    return SideEffect(what: "\(part) creates '\(text)', which the tool follows no deeper", place: place)
                }
                if let inner = effectOfCreating(typeID, context: creation.context, depth: creation.depth + 1) { return inner }
            }
            let open = tokens[offence + 1].kind == .leftParen ? offence + 1 : file.closingAngle(from: offence + 1)! + 1
            let readsFile = ((open + 1)..<file.closing(open)).contains {
                tokens[$0].kind == .identifier && file.source.text($0).hasPrefix("contentsOf")
            }
            return SideEffect(what: "\(part) \(readsFile ? "reads a file or URL with" : "calls") '\(text)'", place: place)
        case .keyword where callsAt:
            return SideEffect(what: "\(part) calls '\(text)'", place: place)
        case .identifier where readsEffectfulStatic(at: offence, in: file, before: tokens.count, creation: creation):
            return SideEffect(what: "\(part) reads '\(text).\(file.source.text(offence + 2))', whose first creation may do more "
                                  + "than store values, and may now come earlier", place: place)
        case .stringLiteral:
            return SideEffect(what: "\(part) interpolates a value into a string, which may call its description", place: place)
        case .leftBrace:
            return SideEffect(what: "\(part) runs a closure", place: place)
        case .period where offence + 1 < tokens.count && tokens[offence + 1].word == .`init`:
            return SideEffect(what: "\(part) calls '.init' of a type that may do more than store values", place: place)
        case .keyword:
            return SideEffect(what: "\(part) runs '\(text)'", place: place)
        case .dollarIdentifier:
            return SideEffect(what: "\(part) uses the publisher '\(text)'", place: place)
        case .exclamationMark:
            return SideEffect(what: "\(part) force-unwraps a value, which may trap", place: place)
        case .binaryOperator, .prefixOperator, .postfixOperator, .infixQuestionMark:
            return SideEffect(what: "\(part) applies the operator '\(text)', which may be any function", place: place)
        default:
            return SideEffect(what: "\(part) holds '\(text)'", place: place)
        }
    }

    /// The tokens of `range`, spaced as written and cut at 40 characters: a value named in a message.
    static func excerpt(_ range: Range<Int>, in file: FileStructure) -> String {
        let text = file.compactText(range)
        return text.count > 40 ? text.prefix(39) + "…" : text
    }

    /// What a type of the tree may inherit from outside it and still create freely: the
    /// protocols models and their values conform to, which add no initializer code, and
    /// `NSObject`, whose initializer stores nothing.
    static let harmlessInheritance: Set<String> = [
        "ObservableObject", "NSObject", "Identifiable", "Hashable", "Equatable", "Comparable", "Codable", "Decodable",
        "Encodable", "Sendable", "CustomStringConvertible", "CustomDebugStringConvertible", "CaseIterable", "AnyObject",
        "String", "Int", "Error",
    ]

    /// Operators of the standard library that compute a value and cannot trap: comparisons,
    /// logic, `??` and the conditional `? :`. Arithmetic may overflow or divide by zero, and a
    /// range may be empty the wrong way round: those trap, and a trap is a side effect.
    static let valueOperators: Set<String> = ["==", "!=", "<", ">", "<=", ">=", "&&", "||", "??", "?"]

    /// Whether token `index` is one of `valueOperators` that the tree does not overload (an
    /// operator function the tree declares may do anything); never without a `creation`.
    static func isValueOperator(_ index: Int, in file: FileStructure, creation: Creation?) -> Bool {
        guard let creation, [.binaryOperator, .infixQuestionMark].contains(file.tokens[index].kind) else { return false }
        let spelled = file.source.text(index)
        return valueOperators.contains(spelled) && !creation.context.treeOperators.contains(spelled)
    }

    /// Whether the name at `index` is called: `(` follows it, or generic arguments and then `(`
    /// (`MoyaProvider<API>(…)`), before `end`.
    static func isCallee(_ index: Int, in file: FileStructure, before end: Int) -> Bool {
        guard index + 1 < end else { return false }
        if file.tokens[index + 1].kind == .leftParen { return true }
        guard file.tokens[index].kind == .identifier, file.source.bytes[Int(file.tokens[index + 1].start)] == UInt8(ascii: "<"),
              let close = file.closingAngle(from: index + 1, before: end) else { return false }
        return close + 1 < end && file.tokens[close + 1].kind == .leftParen
    }

    /// Attributes of a stored property that run no code when an instance is created: `@Published`
    /// only stores its initial value, the others are no property wrappers. Any other attribute
    /// may be a wrapper whose initializer does anything.
    static let storageNeutralAttributes: Set<String> = [
        "Published", "objc", "nonobjc", "MainActor", "IBOutlet", "IBInspectable", "GKInspectable", "NSManaged",
        "ObservationIgnored", "ObservationTracked", "available", "preconcurrency", "usableFromInline", "NSCopying",
    ]

    /// Types of the standard library, Foundation, CoreGraphics, SwiftUI and Combine whose
    /// initializers only build a value or an object that holds values: `Set<AnyCancellable>()`,
    /// `[String: Int]()`, `Date()`, `PassthroughSubject<Void, Never>()`, `DateFormatter()`.
    /// Created again on every view init, they cost an allocation and change nothing else.
    static let valueBuildingTypes: Set<String> = [
        "Array", "ContiguousArray", "Set", "Dictionary", "String", "Substring", "Character",
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "CGFloat", "CGPoint", "CGSize", "CGRect", "CGVector", "TimeInterval",
        "UUID", "Date", "Data", "Decimal", "DateComponents", "IndexSet", "IndexPath", "URLComponents",
        "PassthroughSubject", "CurrentValueSubject", "Color", "EdgeInsets", "Angle",
        "JSONDecoder", "JSONEncoder", "PropertyListDecoder", "PropertyListEncoder",
        "DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "DateComponentsFormatter",
        "MeasurementFormatter", "ByteCountFormatter", "NSLock", "NSRecursiveLock", "NSCache",
        "NavigationPath", "URL", "URLRequest", "Logger", "NSPredicate", "FetchDescriptor", "SortDescriptor",
        "AttributedString", "Locale", "TimeZone", "Calendar",
    ]

    /// What `firstNonValue` needs to judge a call that creates a value: where the expression is,
    /// and how deep the creation of the tree's types has been followed. Without it, no call is simple.
    struct Creation {
        var file: Int
        var context: RuleContext
        var depth: Int

        /// Whether `Name(…)` or `Name<Args>(…)`, whose name ends at token `name` of `file`,
        /// only builds a value: one of `valueBuildingTypes` that the tree neither declares nor
        /// gives an initializer in an extension, or a type of the tree that creates freely.
        func buildsOnlyAValue(named name: String) -> Bool {
            switch SideEffects.resolve(name, atTopOf: file, context: context) {
            case .external(let written):
                return SideEffects.valueBuildingTypes.contains(written) && !context.types.extendsExternal(written, with: "init")
            case .declared(let typeID):
                return depth < SideEffects.creationDepthLimit
                    && SideEffects.effectOfCreating(typeID, context: context, depth: depth + 1) == nil
            default:
                return false
            }
        }
    }

    /// Whether `initializer` is `.init(…)` with simple arguments and `annotation` names a type
    /// that only builds a value (`Set<AnyCancellable>`, `[Item]`, a tree type that creates
    /// freely): `var items: [Item] = .init()`.
    static func isImplicitValueCreation(_ initializer: Range<Int>, annotatedAs annotation: Range<Int>, in file: FileStructure,
                                        creation: Creation) -> Bool {
        let tokens = file.tokens
        let start = initializer.lowerBound
        guard initializer.count >= 4, tokens[start].kind == .period, tokens[start + 1].word == .`init`,
              tokens[start + 2].kind == .leftParen, file.closing(start + 2) == initializer.upperBound - 1,
              argumentsBuildOnlyValues(openingAt: start + 2, in: file, creation: creation)
        else { return false }
        let written = file.compactText(annotation)
        if written.hasPrefix("["), written.hasSuffix("]") { return true }
        guard let base = written.split(separator: "<").first, !written.hasSuffix("?"), !written.hasSuffix("!") else { return false }
        return creation.buildsOnlyAValue(named: String(base))
    }

    /// Where the call whose callee starts at `start` opens its argument list, when the callee is
    /// a type name, perhaps dotted and with generic arguments (`Set<AnyCancellable>`), or an
    /// array or dictionary type written in brackets (`[String: Int]`), and the type builds only
    /// a value; nil otherwise.
    static func valueCreationCall(at start: Int, before end: Int, in file: FileStructure, creation: Creation) -> Int? {
        let tokens = file.tokens
        // A member (`x.Set()`), a subscript (`handlers[key]()`) or a call's result is no type.
        if start > 0, [.period, .identifier, .rightParen, .rightSquare, .postfixQuestionMark, .exclamationMark, .keyword]
            .contains(tokens[start - 1].kind) { return nil }
        if tokens[start].kind == .leftSquare {
            // `[String]()`, `[UUID: Task]()`: an empty collection of a written type.
            let close = file.closing(start)
            guard close + 2 < end, tokens[close + 1].kind == .leftParen, tokens[close + 2].kind == .rightParen,
                  ((start + 1)..<close).allSatisfy({ [.identifier, .colon, .period, .leftSquare, .rightSquare].contains(tokens[$0].kind) })
            else { return nil }
            return close + 1
        }
        guard tokens[start].kind == .identifier else { return nil }
        var last = start
        while last + 2 < end, tokens[last + 1].kind == .period, tokens[last + 2].kind == .identifier { last += 2 }
        var open = last + 1
        guard open < end else { return nil }
        if file.source.bytes[Int(tokens[open].start)] == UInt8(ascii: "<") {
            guard let close = file.closingAngle(from: open, before: end) else { return nil }
            open = close + 1
        }
        guard open < end, tokens[open].kind == .leftParen,
              creation.buildsOnlyAValue(named: file.compactText(start..<(last + 1))) else { return nil }
        return open
    }

    /// Whether the arguments inside the parentheses opening at `open` only build values: they
    /// are simple (`firstNonValue`, value creations included) and read no file or URL
    /// (`Data(contentsOf: url)`, `String(contentsOfFile: path)`).
    static func argumentsBuildOnlyValues(openingAt open: Int, in file: FileStructure, creation: Creation) -> Bool {
        let arguments = (open + 1)..<file.closing(open)
        return firstNonValue(arguments, in: file, creation: creation) == nil
            && !arguments.contains { file.tokens[$0].kind == .identifier && file.source.text($0).hasPrefix("contentsOf") }
    }

    /// The token after a call starting at `start` that only builds a value (`valueCreationCall`)
    /// from arguments that only build values, when the call closes before `end`; nil otherwise,
    /// for the caller to read the tokens one by one (which takes no call for simple).
    static func valueCreationEnd(at start: Int, before end: Int, in file: FileStructure, creation: Creation?) -> Int? {
        guard let creation, let open = valueCreationCall(at: start, before: end, in: file, creation: creation) else { return nil }
        let close = file.closing(open)
        guard close < end, argumentsBuildOnlyValues(openingAt: open, in: file, creation: creation) else { return nil }
        return close + 1
    }

    /// The first token of `range` that is not part of a simple value, or nil when all are:
    /// literals, names, `.case`, `nil`, array and dictionary literals of those, and, given a
    /// `creation`, calls that only build a value (`valueCreationCall`) with such arguments; no
    /// other calls.
    static func firstNonValue(_ range: Range<Int>, in file: FileStructure, creation: Creation? = nil) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            let token = file.tokens[index]
            if let after = valueCreationEnd(at: index, before: range.upperBound, in: file, creation: creation) {
                index = after
                continue
            }
            switch token.kind {
            case .integerLiteral, .floatLiteral, .leftSquare, .rightSquare, .comma, .colon, .period, .prefixOperator,
                 .postfixQuestionMark:
                break
            case .stringLiteral:
                if file.source.text(index).contains("\\(") { return index }
            case .identifier, .keyword:
                if isCallee(index, in: file, before: range.upperBound)
                    || readsEffectfulStatic(at: index, in: file, before: range.upperBound, creation: creation) { return index }
            case .binaryOperator, .infixQuestionMark:
                if !isValueOperator(index, in: file, creation: creation) { return index }
            default:
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether `Type.name` at `index` reads a static stored property of a type of the tree whose
    /// initial value may do more than build values: it is created on its first read, which
    /// `@State`'s evaluation on every view init may bring earlier than the legacy model's
    /// creation did. Never without a `creation`.
    static func readsEffectfulStatic(at index: Int, in file: FileStructure, before end: Int, creation: Creation?) -> Bool {
        let tokens = file.tokens
        guard let creation, tokens[index].kind == .identifier, index + 2 < end, index == 0 || tokens[index - 1].kind != .period,
              tokens[index + 1].kind == .period, tokens[index + 2].kind == .identifier,
              case .declared(let typeID) = resolve(file.source.text(index), atTopOf: creation.file, context: creation.context)
        else { return false }
        // A computed static is read like any name; a stored one is created on its first read.
        return staticVariables(file.source.text(index + 2), of: typeID, context: creation.context).contains { variable in
            guard let initializer = variable.storedInitializer else { return false }
            guard creation.depth < creationDepthLimit else { return true }
            let inner = Creation(file: variable.file, context: creation.context, depth: creation.depth + 1)
            return firstNonValue(initializer, in: creation.context.files[variable.file], creation: inner) != nil
        }
    }

    /// The first token of an initializer's body that does more than store values, or nil when
    /// none does. Its statements may be `name = value` / `self.name = value` with simple values
    /// (and, given a `creation`, values that only build a value: `self.formatter = DateFormatter()`),
    /// local `let` and `var` of such values, `super.init(…)` with simple arguments (the
    /// superclass's own initializers are read with the class), and `if`, `guard` and `switch`
    /// over them, whose blocks hold more of the same. Any call, closure or operator is one.
    static func firstNonAssignment(_ range: Range<Int>, in file: FileStructure, creation: Creation? = nil) -> Int? {
        let tokens = file.tokens
        var index = range.lowerBound
        // An `if`, `guard` or `switch` whose block has not opened yet: its `{` is no closure.
        var statementAwaitingBlock = false
        while index < range.upperBound {
            let token = tokens[index]
            let previous = index > range.lowerBound ? tokens[index - 1] : nil
            if previous?.kind == .equal || (index > range.lowerBound && isValueOperator(index - 1, in: file, creation: creation)),
               let after = valueCreationEnd(at: index, before: range.upperBound, in: file, creation: creation) {
                index = after
                continue
            }
            let callsAt = isCallee(index, in: file, before: range.upperBound)
            switch token.kind {
            case .keyword:
                let initializerCall = index + 3 < range.upperBound && tokens[index + 1].kind == .period
                    && tokens[index + 2].word == .`init` && tokens[index + 3].kind == .leftParen
                switch token.word {
                case .super where initializerCall, .self where initializerCall:
                    // `super.init(…)` or `self.init(…)` with simple arguments: the initializers
                    // they run are read with the class and its superclasses.
                    guard firstNonValue((index + 4)..<file.closing(index + 3), in: file) == nil
                    else { return index }
                    index = file.closing(index + 3) + 1
                    continue
                case .self, .Self, .nil, .true, .false, .let, .var, .return, .else, .case:
                    if callsAt { return index }
                case .if, .guard, .switch:
                    statementAwaitingBlock = true
                case .default:
                    // `case … default:` of a switch, or a member named `default` (`.default`).
                    guard previous?.kind == .period || (index + 1 < range.upperBound && tokens[index + 1].kind == .colon)
                    else { return index }
                    if callsAt { return index }
                default:
                    // `init` read as a member (`.init(…)`) is a call like any other.
                    return index
                }
            case .identifier:
                if callsAt || readsEffectfulStatic(at: index, in: file, before: range.upperBound, creation: creation) { return index }
            case .period, .equal, .integerLiteral, .floatLiteral, .comma, .leftSquare, .rightSquare, .colon, .semicolon,
                 .postfixQuestionMark:
                break
            case .leftBrace:
                // The block of an `if`, `guard … else`, `switch` or `else`; any other brace opens a closure.
                guard statementAwaitingBlock || previous?.word == .else else { return index }
                // `guard … else {` opens the block the `guard` awaited.
                statementAwaitingBlock = false
            case .rightBrace:
                break
            case .binaryOperator, .infixQuestionMark:
                if !isValueOperator(index, in: file, creation: creation) { return index }
            case .stringLiteral:
                if file.source.text(index).contains("\\(") { return index }
            default:
                return index
            }
            index += 1
        }
        return nil
    }
}
