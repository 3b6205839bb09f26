import SourceScan

/// The publisher bridge of one `@Published` property whose `$x` feeds Combine: `@Observable` has
/// no `$x`, so the property's `willSet` sends each new value to an `@ObservationIgnored`
/// `CurrentValueSubject`, and every `$x` becomes `xPublisher`, which replays the current value on
/// subscription and then every set, equal values included, before the store: what `$x` did.
///
/// ```swift
/// var query = "" {
///     willSet { querySubject.send(newValue) }
/// }
/// @ObservationIgnored private lazy var querySubject = CurrentValueSubject<String, Never>(query)
/// private var queryPublisher: AnyPublisher<String, Never> { querySubject.eraseToAnyPublisher() }
/// ```
///
/// The subject is `lazy` so it starts from the value the property holds when it is first needed
/// (a `willSet` creates it from the old value, then sends the new one), whatever `init` assigned.
/// `upstream.assign(to: &$x)` inside the model becomes a sink that assigns `x`, its token kept
/// for the model's lifetime as `assign(to:)` kept the subscription (and never retained `self`):
///
/// ```swift
/// upstream.sink { [weak self] value in self?.x = value }.store(in: &xAssignments)
/// @ObservationIgnored private var xAssignments = Set<AnyCancellable>()
/// ```
///
/// When the declaration does not spell the type (`= Theme.shared.tint`, `= Box(value: 1)`), a
/// type placeholder lets the compiler infer it, and the publisher is a lazy stored property:
///
/// ```swift
/// @ObservationIgnored private lazy var tintSubject = CurrentValueSubject<_, Never>(tint)
/// @ObservationIgnored private(set) lazy var tintPublisher = tintSubject.eraseToAnyPublisher()
/// ```
struct PublisherBridge {
    /// Why a property's publisher cannot be bridged; the rules word it.
    enum Refusal: Error {
        /// `assign(to: &m.$x)` from outside the model, or `&$x` passed to anything but `assign(to:)`.
        case assignedInto
        /// The model already has a member of the bridge's name.
        case nameTaken(String)
        /// `@Published var a = 1, b = 2`: one declaration for several properties; or a declaration
        /// sharing its line with another (`@Published var a = 1; @Published var b = 2`), where the
        /// bridge's code would land between them.
        case severalBindings
        /// `willSet` can return early, so a send at its end might not run.
        case earlyReturnInWillSet
        /// `\M.$x`: a key path to the publisher, whose type the bridge would change.
        case keyPath
        /// The unit declares no `@Published` property of that name.
        case notPublished
        /// `Published<T>.Publisher` is spelled out (a parameter, a return type, a type alias) for
        /// a value of the property's type, where the bridge's `AnyPublisher<T, Never>` would not fit.
        case spelledPublisherType(String)
        /// The class is declared more than once as variants (`#if` branches, one file per
        /// target), at these places: the bridge would be declared in one of them only.
        case variants(String)
    }

    /// Where the tree spells `Published<T>.Publisher`, with `T` as written: a bridged `$x` handed
    /// to such a parameter or returned as such a type no longer fits.
    struct SpelledPublisherType {
        var place: String
        var argument: String
        /// Whether the type is a whole annotation (`: Published<T>.Publisher`, `->
        /// Published<T>.Publisher`), where only the publisher itself fits. Elsewhere (a generic
        /// argument, a type alias, a function type) it may also be the upstream in the type of
        /// an operator's result (`Publishers.Map<Published<T>.Publisher, U>`).
        var isWholeAnnotation: Bool
    }

    /// Every `Published<T>.Publisher` spelled in the tree's files (those mentioning `Published`
    /// are always read), once per rule run.
    static func spelledPublisherTypes(_ context: RuleContext) -> [SpelledPublisherType] {
        var found: [SpelledPublisherType] = []
        for (fileIndex, file) in context.files.enumerated() {
            let tokens = file.tokens
            for index in tokens.indices where tokens[index].kind == .identifier && index + 2 < tokens.count
                && file.source.tokenText(index, equals: "Published") && tokens[index + 1].kind.isOperator
                && file.source.bytes[Int(tokens[index + 1].start)] == UInt8(ascii: "<") {
                guard let close = file.closingAngle(from: index + 1), close + 2 < tokens.count, tokens[close + 1].kind == .period,
                      file.source.tokenText(close + 2, equals: "Publisher") else { continue }
                let before = index > 0 ? tokens[index - 1].kind : .endOfFile
                found.append(SpelledPublisherType(place: context.pathAndLine(file: fileIndex, token: index),
                                                  argument: file.angleArgument(from: index + 1, closing: close),
                                                  isWholeAnnotation: before == .colon || before == .arrow))
            }
        }
        return found
    }

    /// Whether a spelled `Published<argument>.Publisher` may stand for a publisher of `valueType`:
    /// the same type as written, or an argument naming a generic parameter (`T`, `[Element]`:
    /// a name of one capital letter, or one the tree declares as a generic parameter), or a
    /// value type the tool cannot tell. Two different written types are different types.
    static func mayCarry(_ argument: String, valueType: String?, genericParameters: Set<String>) -> Bool {
        guard let valueType else { return true }
        func normalized(_ text: String) -> String { text.filter { $0 != " " } }
        if normalized(argument) == normalized(valueType) { return true }
        var words: [Substring] = []
        var current = ""
        for character in argument {
            if character.isLetter || character.isNumber || character == "_" { current.append(character); continue }
            if !current.isEmpty { words.append(Substring(current)); current = "" }
        }
        if !current.isEmpty { words.append(Substring(current)) }
        return words.contains { $0.count == 1 && $0.first!.isUppercase || genericParameters.contains(String($0)) }
    }

    /// The names of the tree's generic parameters (`T`, `Value`, `Element`).
    static func genericParameterNames(_ context: RuleContext) -> Set<String> {
        var names = Set<String>()
        for file in context.files { for declaration in file.declarations { for parameter in declaration.genericParameters { names.insert(parameter.name) } } }
        return names
    }

    /// The `@Published` property's name, `x`.
    let name: String
    /// The stem of the bridge's names: `x` (`xSubject`, `xPublisher`), or `xValues` when the
    /// model already declares one of those (`xValuesSubject`, `xValuesPublisher`).
    let stem: String
    /// Where the declaration edits ride: the first of the property's bridged sites, so each
    /// property's bridge is written once, with the unit, whichever rule reports that site.
    let carrier: (file: Int, token: Int)
    /// The `willSet` feed, the two bridge declarations and the assignments' token set, as needed.
    let declarationEdits: [FileEdit]
    /// Where the tree spells `Published<T>.Publisher` for this `$x`, when the bridge is a
    /// `@Published` mirror (`xPublished`) instead of a subject: `$xPublished` keeps that type.
    var mirroredFor: String? = nil

    /// `xPublisher`, or `$xPublished` for a mirror: what `$x` reads afterwards.
    var publisherName: String { mirroredFor == nil ? Self.publisherName(stem) : "$" + Self.mirrorName(stem) }

    /// How a finding describes the bridge after `'$x' becomes '…', `. An observer setting the
    /// property again (`didSet { if x > 10 { x = 10 } }`) needs no word: `@Observable` moves the
    /// observers to the property's storage, so the second set runs `willSet` again and the bridge
    /// delivers the value it settles on, as `$x` did.
    var bridgeDescription: String {
        guard let mirroredFor else {
            return "a subject '\(name)' feeds from its willSet: it replays the current value and every set before the store, "
                + "as '$\(name)' did"
        }
        return "the projection of an @ObservationIgnored @Published mirror that the willSet of '\(name)' sets, a "
            + "Published<T>.Publisher still, as \(mirroredFor) needs; it replays the current value and every set before the "
            + "store, as '$\(name)' did"
    }

    static func publisherName(_ name: String) -> String { "\(name)Publisher" }
    static func subjectName(_ name: String) -> String { "\(name)Subject" }
    static func mirrorName(_ name: String) -> String { "\(name)Published" }

    /// The property a publisher site reads (`x` in `$x`, `self.$x`, `m.$x`).
    static func propertyName(_ site: Site) -> String? {
        switch site.kind {
        case .projectedValue(let name), .memberPublisher(let name): name
        default: nil
        }
    }

    /// The sites the bridge rewrites: the unit's `$x` uses that stay publishers (not the
    /// `.onReceive` ones that become `.onChange`).
    static func bridgedSites(_ unit: MigrationUnit, _ context: RuleContext) -> [Site] {
        unit.publisherUses.filter {
            let use = ObservationUse.ofPublisher($0, unit: unit, context)
            return use == .publisherInModel || use == .externalPublisher
        }
    }

    /// Plans the bridge of property `name` of `unit`, whose bridged sites (`bridgedSites`) are
    /// `unitSites`, or says why there can be none.
    static func plan(_ name: String, unit: MigrationUnit, among unitSites: [Site], spelled: [SpelledPublisherType] = [],
                     genericParameters: Set<String> = [], _ context: RuleContext) -> Result<PublisherBridge, Refusal> {
        guard let propertyID = OnReceiveConversion.publishedProperty(name, of: unit, context) else { return .failure(.notPublished) }
        let sites = unitSites.filter { propertyName($0) == name }
        // Model variants of one class declaring the property would each need the bridge, and it is
        // declared in one: under build conditions (`#if os(iOS)` and `#else`) every site means
        // whichever compiles; a flavour's copy (a target each) matters where a site's file sees
        // it. An `@Observable` variant has no `$x` to bridge.
        if let owner = context.types.enclosingTypeLike(propertyID) {
            let variants = context.types.classVariants(of: owner).filter { variant in
                guard context.index.graph.models[variant] != nil, ModelGraph.declaresProperty(name, variant, context.types) else { return false }
                if context.types.areClassVariants([owner, variant]) { return true }
                return context.types.areFlavourVariants([owner, variant], seenFrom: nil)
                    && sites.contains { context.types.sees(variant.file, from: $0.file) }
            }
            if !variants.isEmpty {
                return .failure(.variants(([owner] + variants).map { context.pathAndLine(file: $0.file, token: context.declaration($0).keyword) }
                    .joined(separator: ", ")))
            }
        }
        guard let first = sites.first else { return .failure(.notPublished) }
        let assignments = sites.filter { isAssignedInto($0, context.files[$0.file]) }
        guard assignments.allSatisfy({ assignCall(around: $0, context.files[$0.file]) != nil }) else { return .failure(.assignedInto) }
        let reads = sites.filter { !isAssignedInto($0, context.files[$0.file]) }
        if sites.contains(where: { isKeyPath($0, context.files[$0.file]) }) { return .failure(.keyPath) }
        let variable = context.declaration(propertyID)
        guard variable.bindings.count == 1, let binding = variable.bindings.first else { return .failure(.severalBindings) }
        let declarationFile = context.files[propertyID.file]
        let declarationTokens = variable.tokens
        let after = declarationTokens.upperBound
        // Another declaration after it on its line, or the class's `}` (`class Flag: ObservableObject
        // { @Published var on = false }`): the bridge's declarations would land after the class.
        let sharesLine = after + 1 < declarationFile.tokens.count && declarationFile.tokens[after].kind == .semicolon
            && !declarationFile.startsLine(after + 1)
            || after < declarationFile.tokens.count && declarationFile.tokens[after].kind == .rightBrace && !declarationFile.startsLine(after)
        let followsOther = declarationTokens.lowerBound > 0 && declarationFile.tokens[declarationTokens.lowerBound - 1].kind == .semicolon
            && !declarationFile.startsLine(declarationTokens.lowerBound)
        if sharesLine || followsOther { return .failure(.severalBindings) }
        let valueType = valueType(of: binding, propertyID, context)
        // A read that is the receiver of a member access (`$x.sink`, `$x.values`) hands on the
        // operator's result, never the publisher: only a spelling inside another type can meet it.
        // One handed on as it is (an argument, a return value) may reach any spelling: through
        // a generic function returning it, a function value, `callAsFunction`.
        let handsOnPublisher = reads.contains { !isReceiverOfMemberAccess($0, context.files[$0.file]) }
        // Where a spelled `Published<T>.Publisher` may meet a read, the bridge is a `@Published`
        // mirror, whose projection keeps that type (teams write `@ObservationIgnored @Published
        // var x$`); it needs an initial value it can repeat, as no initializer sets it.
        var mirror: (spelled: String, start: MirrorStart)?
        if !reads.isEmpty, let spelledType = spelled.first(where: {
            mayCarry($0.argument, valueType: valueType, genericParameters: genericParameters) && (handsOnPublisher || !$0.isWholeAnnotation)
        }) {
            let spelledText = "Published<\(spelledType.argument)>.Publisher (\(spelledType.place))"
            guard let start = mirrorStart(binding, propertyID, context) else { return .failure(.spelledPublisherType(spelledText)) }
            mirror = (spelledText, start)
        }
        /// The names the bridge declares, from `stem`.
        func names(_ stem: String) -> [String] {
            let bridge = mirror == nil ? [subjectName(stem), publisherName(stem)] : [mirrorName(stem)]
            return (reads.isEmpty ? [] : bridge) + (assignments.isEmpty ? [] : [assignmentsName(stem)])
        }
        // A model with its own `xPublisher` (a subject its pipelines feed) gets `xValues…` names.
        guard let stem = [name, name + "Values"].first(where: { stem in !names(stem).contains { unitDeclares($0, unit, context) } }) else {
            return .failure(.nameTaken(names(name).first { unitDeclares($0, unit, context) } ?? publisherName(name)))
        }
        let access = publisherAccess(variable, sites: reads, propertyID: propertyID, context)
        // A subclass's `assign(to: &$x)` needs the token set visible outside the declaring class.
        let assignmentsAccess = assignments.isEmpty ? nil : publisherAccess(variable, sites: assignments, propertyID: propertyID, context)
        guard let edits = declarationEdits(propertyID, binding: binding, stem: stem, valueType: valueType, access: access,
                                           bridged: !reads.isEmpty, mirrorStart: mirror?.start,
                                           assignmentsAccess: assignmentsAccess, context) else {
            return .failure(.earlyReturnInWillSet)
        }
        return .success(PublisherBridge(name: name, stem: stem, carrier: (first.file, first.token),
                                        declarationEdits: edits.map { FileEdit(file: propertyID.file, edit: $0) },
                                        mirroredFor: mirror?.spelled))
    }

    /// Whether the site's `$x` is the receiver of a member access (`$x.sink { … }`,
    /// `model.$x.receive(on:)`, `$x.values`): what goes on is the member's result, whose type is
    /// never `Published<T>.Publisher` itself (Combine's operators return their own publishers).
    static func isReceiverOfMemberAccess(_ site: Site, _ file: FileStructure) -> Bool {
        let tokens = file.tokens
        guard tokens[site.token].kind == .dollarIdentifier, site.token + 2 < tokens.count else { return false }
        return tokens[site.token + 1].kind == .period && tokens[site.token + 2].kind == .identifier
    }

    /// `xAssignments`: where the sinks replacing `assign(to: &$x)` keep their tokens.
    static func assignmentsName(_ name: String) -> String { "\(name)Assignments" }

    /// The edits for one bridged site: `$x` becomes `xPublisher` (`.assign(to: &$x)` a sink
    /// assigning `x`), plus the declaration edits when the site carries them.
    func edits(at site: Site, _ context: RuleContext) -> [FileEdit] {
        let file = context.files[site.file]
        let builder = EditBuilder(file: file)
        let rewrite: Edit
        if let call = Self.assignCall(around: site, file) {
            rewrite = builder.replace(call, with: "sink { [weak self] value in self?.\(name) = value }.store(in: &\(Self.assignmentsName(stem)))")
        } else {
            rewrite = builder.replace(site.token..<(site.token + 1), with: publisherName)
        }
        let edit = FileEdit(file: site.file, edit: rewrite)
        return site.file == carrier.file && site.token == carrier.token ? declarationEdits + [edit] : [edit]
    }

    /// Whether the site is an assignment (`.assign(to: &$x)`) rather than a read.
    static func isAssignment(_ site: Site, _ context: RuleContext) -> Bool {
        assignCall(around: site, context.files[site.file]) != nil
    }

    /// The tokens `assign(to: &$x)` or `assign(to: &self.$x)` (from `assign` to `)`) around an
    /// `&$x` site in the model's own code; nil for any other shape or receiver.
    private static func assignCall(around site: Site, _ file: FileStructure) -> Range<Int>? {
        guard isAssignedInto(site, file) else { return nil }
        if let receiver = site.receiver, !site.isOnSelf(in: file) || receiver.count != 1 { return nil }
        let ampersand = (site.receiver?.lowerBound ?? site.token) - 1
        let tokens = file.tokens
        guard ampersand >= 5, tokens[ampersand - 1].kind == .colon, file.source.tokenText(ampersand - 2, equals: "to"),
              tokens[ampersand - 3].kind == .leftParen, file.source.tokenText(ampersand - 4, equals: "assign"),
              tokens[ampersand - 5].kind == .period, file.closing(ampersand - 3) == site.token + 1 else { return nil }
        return (ampersand - 4)..<(site.token + 2)
    }

    /// `&$x`, `&self.$x`, `&m.$x`: an inout argument, which only `assign(to:)` takes.
    private static func isAssignedInto(_ site: Site, _ file: FileStructure) -> Bool {
        let first = site.receiver?.lowerBound ?? site.token
        guard first > 0 else { return false }
        return file.tokens[first - 1].kind == .prefixAmpersand
    }

    /// `\M.$x`, `\.$x`: the site is a component of a key path.
    private static func isKeyPath(_ site: Site, _ file: FileStructure) -> Bool {
        var first = site.receiver?.lowerBound ?? site.token
        if first > 0, file.tokens[first - 1].kind == .period { first -= 1 }
        return first > 0 && file.tokens[first - 1].kind == .backslash
    }

    /// Whether a class of the unit, or an extension of one, declares a member `name`.
    private static func unitDeclares(_ name: String, _ unit: MigrationUnit, _ context: RuleContext) -> Bool {
        unit.classes.contains { classID in
            ([classID] + (context.types.symbol(classID)?.extensions ?? [])).contains { container in
                let file = context.files[container.file]
                return file.members(of: container.declaration).contains { member in
                    let declaration = file.declarations[member]
                    return declaration.name == name || declaration.bindings.contains { $0.name == name }
                }
            }
        }
    }

    /// The property's type, written so it can be a generic argument: its annotation (`T!`
    /// becomes `T?`), the type of a literal, or the type its initializer constructs
    /// (`Filter()`, `Phase.idle`, `Date()`). Nil when the text does not say (`Ext.shared.tint`,
    /// `Box(value: 1)` of a generic `Box`, `f()`): the typer keeps an external type's name
    /// without its generic arguments, so guessing could write `Set` for `Set<String>`.
    static func valueType(of binding: VariableBinding, _ variableID: DeclarationID, _ context: RuleContext) -> String? {
        let file = context.files[variableID.file]
        if let annotation = binding.typeAnnotation {
            var written = file.compactText(annotation)
            if written.hasSuffix("!") { written = String(written.dropLast()) + "?" }
            return written
        }
        guard let initializer = binding.initializer else { return nil }
        let tokens = file.tokens
        var first = initializer.lowerBound
        if initializer.count == 2, tokens[first].kind == .prefixOperator, file.source.tokenText(first, equals: "-") { first += 1 }
        if first + 1 == initializer.upperBound {
            switch tokens[first].kind {
            case .integerLiteral: return "Int"
            case .floatLiteral: return "Double"
            case .stringLiteral: return "String"
            case .keyword where tokens[first].word == .true || tokens[first].word == .false: return "Bool"
            default: break
            }
        }
        switch context.index.typer.variableType(binding, declarationID: variableID) {
        case .declared(let id):
            // A generic type's arguments are not in its declaration; a static member or a call of
            // anything but the initializer (`Item.current`, `Item.load()`, `samples.first`) may
            // be optional where the typer names the type.
            guard context.declaration(id).genericParameters.isEmpty, constructs(initializer, id, file, context),
                  !mayFail(initializer, constructing: id, file, context) else { return nil }
            let path = context.files[id.file].qualifiedName(of: id.declaration)
            return path.isEmpty ? nil : path.joined(separator: ".")
        case .external:
            return constructedExternalType(initializer, file)
        default:
            return nil
        }
    }

    /// How a `@Published` mirror of the property starts with the property's value, before any
    /// `willSet` runs: its own initial value, and a copy of each designated initializer's set of
    /// the property made while the object is not whole, which runs the init accessor and no
    /// `willSet` (a set once it is whole, or a convenience initializer's after `self.init`, runs
    /// `willSet`, which sets the mirror).
    struct MirrorStart {
        /// The mirror's initial value, written again: the property's own when it is a literal,
        /// `nil`, a literal collection, or a case of an enum of the tree without a payload
        /// (`.idle`, `Phase.idle`), which give the same value twice; `nil` for an optional
        /// without one. Nil when every designated initializer sets the mirror.
        var initial: String?
        /// Each designated initializer's statement initializing the property (`self.x = x`), the
        /// value it gives, written again, and whether it writes `self.`.
        var initializations: [(statement: Range<Int>, value: String, writesSelf: Bool)] = []
    }

    /// How the property's mirror can start, or nil when it could start elsewhere than the
    /// property: another initial value (a call, or a static member, may do work or differ); a
    /// designated initializer that sets the property otherwise than as one of its first steps,
    /// `[self.]x = v` after nothing but other such assignments, `v` a literal, a case or one of
    /// the initializer's parameters; or one where it cannot be read whether the object is whole
    /// at that set (`Initialization.unknown`, a library superclass).
    static func mirrorStart(_ binding: VariableBinding, _ propertyID: DeclarationID, _ context: RuleContext) -> MirrorStart? {
        let file = context.files[propertyID.file]
        let tokens = file.tokens
        var start = MirrorStart()
        if let initializer = binding.initializer {
            // A value spread over lines would be written on one; a literal that long is rare.
            guard isRepeatableValue(initializer, binding, propertyID, context) else { return nil }
            start.initial = file.sourceText(initializer)
        } else if let annotation = binding.typeAnnotation, isOptionalType(annotation, file) {
            start.initial = "nil"
        }
        guard let name = binding.name, let owner = context.declaration(propertyID).parent else { return start.initial == nil ? nil : start }
        let classID = DeclarationID(file: propertyID.file, declaration: owner)
        for memberID in context.modelMembers[classID] ?? [] {
            let member = context.declaration(memberID)
            guard member.kind == .initializer, !member.hasModifier(.convenience), let body = member.body else { continue }
            let memberFile = context.files[memberID.file]
            let mentions = body.filter { memberFile.tokens[$0].kind == .identifier
                && (memberFile.source.tokenText($0, equals: name) || memberFile.source.tokenText($0, equals: "_" + name)) }
            guard let mention = mentions.first else {
                if start.initial == nil { return nil }
                continue
            }
            guard memberID.file == propertyID.file, let statements = file.statements(inBlock: body.lowerBound),
                  let position = statements.firstIndex(where: { $0.contains(mention) }) else { return nil }
            let parameters = member.parameters.map { ArgumentList.parameterNames($0, file) } ?? []
            guard let assignment = assignedValue(in: statements[position], file), assignment.name == mention else { return nil }
            let valueText = file.compactText(assignment.value)
            let isParameter = assignment.value.count == 1 && tokens[assignment.value.lowerBound].kind == .identifier
                && parameters.contains(valueText)
            // No other mention, but the parameter of the same name (`self.x = x`).
            guard isParameter || isRepeatableValue(assignment.value, binding, propertyID, context),
                  mentions.allSatisfy({ $0 == mention || isParameter && assignment.value.contains($0) }) else { return nil }
            // Only assignments before it, none of them to the parameter it reads.
            for earlier in statements[..<position] {
                guard let other = assignedValue(in: earlier, file),
                      !(isParameter && other.name == earlier.lowerBound && file.source.tokenText(other.name, equals: valueText)) else {
                    return nil
                }
            }
            // A property with an initial value (an optional's `nil` too) is initialized again,
            // running nothing, while the object is not whole yet (`super.init` still to run,
            // explicit or not, in a subclass of a class of the tree; or a later statement setting a
            // property without an initial value): the copy follows. Once the object is whole, the
            // set runs its setter and `willSet`, which sets the mirror as any later set does: a
            // copy would deliver the value twice, or undo an observer's clamp. Which of the two
            // it is must be certain: under a library superclass, or where a property's need of a
            // value is not read (`Initialization.unknown`), it is not, and the unit stays blocked.
            if start.initial != nil {
                let setSoFar = Set(statements[...position].compactMap { assignedValue(in: $0, file).map { file.source.text($0.name) } })
                let notWhole = context.index.graph.superclass(of: classID, context.types) != nil
                    || statements[(position + 1)...].contains { later in
                        file.source.tokenText(later.lowerBound, equals: "super") && later.count > 2 && tokens[later.lowerBound + 1].kind == .period
                            && tokens[later.lowerBound + 2].word == .`init`
                            || assignedValue(in: later, file).map { assigned in
                                let laterName = file.source.text(assigned.name)
                                return !setSoFar.contains(laterName) && initialization(of: laterName, in: classID, context) == .required
                            } ?? false
                    }
                if !notWhole {
                    guard isRootModel(classID, context), isWhole(classID, afterSetting: setSoFar, context) else { return nil }
                    continue
                }
            }
            start.initializations.append((statements[position], file.sourceText(assignment.value), assignment.name > statements[position].lowerBound))
        }
        return start.initial == nil && start.initializations.isEmpty ? nil : start
    }

    /// Whether the class inherits from no class: its first inheritance entry is `ObservableObject`
    /// or a protocol of the tree (a library's name may be a class, `NSObject`).
    private static func isRootModel(_ classID: DeclarationID, _ context: RuleContext) -> Bool {
        guard let first = context.declaration(classID).inheritance.first else { return false }
        if first.typeName == "ObservableObject" { return true }
        switch context.types.resolve(first.typeName, from: classID) {
        case .declared(let target): return context.types.symbol(target)?.kind == .protocol
        // `class Item: Identifiable, ObservableObject`: a platform protocol is no superclass.
        case .external: return ModelGraph.platformProtocols.contains(first.typeName)
        default: return false
        }
    }

    /// Whether every stored instance property of the class that each designated initializer
    /// must set is among `names`, set so far: the object is whole. Unknown when a property's
    /// need is (`initialization(of:in:)`): false.
    private static func isWhole(_ classID: DeclarationID, afterSetting names: Set<String>, _ context: RuleContext) -> Bool {
        context.variables(ofModel: classID).allSatisfy { id in
            context.declaration(id).bindings.allSatisfy { binding in
                guard let name = binding.name else { return false }
                switch initialization(of: name, in: classID, context) {
                case .required: return names.contains(name)
                case .optional: return true
                case .unknown: return false
                }
            }
        }
    }

    /// Whether a stored property must be set by each designated initializer before the object is whole.
    enum Initialization: Equatable {
        /// No initial value, and none implied: a non-optional, or a `let` of any type.
        case required
        /// An initial value, written (`= 0`) or implied (a `var` of an optional type), or not a
        /// stored instance property at all.
        case optional
        /// Not read: declared under `#if`, with a wrapper that may supply a value (`@Counted var
        /// hits: Int` whose wrapper has `init()`), several names sharing one annotation, or no
        /// such property of the class.
        case unknown
    }

    /// The attributes a stored property may carry without changing whether it needs a value from
    /// the initializer (`@Published` has no `init()`; the others are no wrappers).
    private static let attributesKeepingInitialization: Set<String> = [
        "Published", "objc", "nonobjc", "MainActor", "available", "IBOutlet", "IBInspectable", "ObservationIgnored",
    ]

    /// Whether the class's stored instance property `name` must be set by each designated
    /// initializer (`Initialization`).
    static func initialization(of name: String, in classID: DeclarationID, _ context: RuleContext) -> Initialization {
        var found: Initialization?
        for id in context.variables(ofModel: classID) {
            let variable = context.declaration(id)
            guard let binding = variable.bindings.first(where: { $0.name == name }) else { continue }
            let file = context.files[id.file]
            let this: Initialization
            if variable.hasModifier(.static) || variable.hasModifier(.class) || !context.isStored(variable) {
                this = .optional
            } else if variable.isConditional || variable.attributes.contains(where: { !attributesKeepingInitialization.contains($0.name) }) {
                this = .unknown
            } else if binding.initializer != nil || variable.hasModifier(.lazy) {
                this = .optional
            } else if let annotation = binding.typeAnnotation {
                this = isOptionalType(annotation, file) && !variable.isLet ? .optional : .required
            } else {
                this = .unknown
            }
            // A name declared twice (an extension's computed twin) is not read either.
            if let found, found != this { return .unknown }
            found = this
        }
        return found ?? .unknown
    }

    /// Whether a type annotation is an optional (`T?`, `T!`, `(() -> Void)?`): a `?` or `!` at
    /// its end that is not a function type's result (`(Int) -> String?`).
    static func isOptionalType(_ annotation: Range<Int>, _ file: FileStructure) -> Bool {
        let text = file.compactText(annotation)
        guard let last = text.last, last == "?" || last == "!" else { return false }
        var depth = 0
        var previous: Character = " "
        for character in text {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous == "-": if depth == 0 { return false }
            case ">": depth -= 1
            default: break
            }
            previous = character
        }
        return true
    }

    /// `[self.]name = value` as a whole statement: the name's token and the value's tokens.
    private static func assignedValue(in statement: Range<Int>, _ file: FileStructure) -> (name: Int, value: Range<Int>)? {
        let tokens = file.tokens
        var index = statement.lowerBound
        if tokens[index].word == .self, index + 1 < statement.upperBound, tokens[index + 1].kind == .period { index += 2 }
        guard index + 2 < statement.upperBound, tokens[index].kind == .identifier, tokens[index + 1].kind == .equal else { return nil }
        return (index, (index + 2)..<statement.upperBound)
    }

    /// Whether `value` gives the same value each time it is written, on one line: a literal,
    /// `nil`, a literal collection, or a case without a payload of an enum of the tree.
    private static func isRepeatableValue(_ value: Range<Int>, _ binding: VariableBinding, _ propertyID: DeclarationID,
                                          _ context: RuleContext) -> Bool {
        let file = context.files[propertyID.file]
        let tokens = file.tokens
        let literal = value.allSatisfy { index in
            switch tokens[index].kind {
            case .integerLiteral, .floatLiteral, .leftSquare, .rightSquare, .colon, .comma: return true
            case .stringLiteral: return !file.source.text(index).contains("\\(")
            case .keyword: return [.true, .false, .nil].contains(tokens[index].word)
            case .prefixOperator: return file.source.tokenText(index, equals: "-")
            default: return false
            }
        }
        return (literal || isEnumCase(value, binding, propertyID, context)) && !value.dropFirst().contains(where: { file.startsLine($0) })
    }

    /// Whether the initializer is a case without a payload of an enum of the tree: `.idle` (of
    /// the annotated type) or `Phase.idle`.
    private static func isEnumCase(_ initializer: Range<Int>, _ binding: VariableBinding, _ propertyID: DeclarationID,
                                   _ context: RuleContext) -> Bool {
        let file = context.files[propertyID.file]
        let tokens = file.tokens
        let last = initializer.upperBound - 1
        guard initializer.count >= 2, tokens[last].kind == .identifier, tokens[last - 1].kind == .period else { return false }
        let typeText: String
        if initializer.count == 2 {
            guard let annotation = binding.typeAnnotation else { return false }
            typeText = file.compactText(annotation)
        } else {
            let path = initializer.lowerBound..<(last - 1)
            guard path.allSatisfy({ tokens[$0].kind == .identifier || tokens[$0].kind == .period }) else { return false }
            typeText = file.compactText(path)
        }
        guard case .declared(let type) = context.types.resolve(typeText, from: propertyID) else { return false }
        let name = file.source.text(last)
        return context.types.enumCases(of: type).contains { $0.name == name && !$0.hasAssociatedValues }
    }

    /// Whether the initializer builds a value of the tree's type `id` by its name: `Name(…)`,
    /// `Name.init(…)` or `Outer.Name(…)`, or a case of the enum, `Name.idle` or `Name.loaded(x)`.
    private static func constructs(_ initializer: Range<Int>, _ id: DeclarationID, _ file: FileStructure, _ context: RuleContext) -> Bool {
        let tokens = file.tokens
        let name = context.declaration(id).name
        var index = initializer.lowerBound
        var path: [String] = []
        while index < initializer.upperBound, tokens[index].kind == .identifier || tokens[index].word == .`init` {
            path.append(file.source.text(index))
            guard index + 1 < initializer.upperBound, tokens[index + 1].kind == .period else { index += 1; break }
            index += 2
        }
        guard !path.isEmpty, index == initializer.upperBound || (tokens[index].kind == .leftParen && file.closing(index) + 1 == initializer.upperBound)
        else { return false }
        if path.last == "init" { path.removeLast() }
        if path.last == name { return true }
        // `Name.member`: an enum case of the type.
        guard path.count >= 2, path[path.count - 2] == name, context.declaration(id).kind == .enum else { return false }
        return context.types.enumCasePayload(of: id, case: path[path.count - 1]) != nil
    }

    /// Whether the initializer is a call of an initializer of the tree's type `id` that may fail,
    /// whose value is then optional: `Sort(rawValue: "name")` (an enum's raw value), any call of
    /// a type declaring an `init?` or `init!` (`Seeded()` too), or one with arguments that none of the
    /// type's own initializers takes by its first label. A call forced or defaulted
    /// (`Sort(rawValue: s)!`, `… ?? .name`) is not the whole initializer and does not count.
    private static func mayFail(_ initializer: Range<Int>, constructing id: DeclarationID, _ file: FileStructure, _ context: RuleContext) -> Bool {
        let tokens = file.tokens
        guard tokens[initializer.upperBound - 1].kind == .rightParen else { return false }
        // The call's `(`: the bracket the initializer's last `)` closes.
        var open = initializer.lowerBound
        while open < initializer.upperBound - 1 {
            if tokens[open].kind == .leftParen, file.closing(open) == initializer.upperBound - 1 { break }
            open = tokens[open].kind.isOpeningBracket ? file.closing(open) + 1 : open + 1
        }
        guard open > initializer.lowerBound else { return false }
        let initializers = context.types.memberDeclarations(of: id).filter { context.declaration($0).kind == .initializer }
        let declaresFailable = initializers.contains { member in
            let next = context.files[member.file].tokens[context.declaration(member).keyword + 1]
            return next.kind == .postfixQuestionMark || next.kind == .exclamationMark
        }
        // `Name()`: optional where the type declares an `init?()` (or one whose parameters all
        // have defaults, `init?(seed: Int = 1)`): any `init?` counts.
        if open + 1 == initializer.upperBound - 1 { return declaresFailable }
        // `Name.loaded(x)`: a case of the enum, never optional.
        if tokens[open - 1].kind == .identifier, context.declaration(id).kind == .enum,
           context.types.enumCasePayload(of: id, case: file.source.text(open - 1)) != nil { return false }
        if file.source.tokenText(open + 1, equals: "rawValue"), tokens[open + 2].kind == .colon { return true }
        if declaresFailable { return true }
        // The call must be one of the type's own initializers, by its first label: a memberwise
        // one, or one a protocol extension adds (which may be `init?`), is not read.
        let label = tokens[open + 2].kind == .colon ? file.source.text(open + 1) : "_"
        return !initializers.contains { member in
            guard let parameters = context.declaration(member).parameters, parameters.count > 2 else { return false }
            return context.files[member.file].source.text(parameters.lowerBound + 1) == label
        }
    }

    /// `Date()`, `Set<String>()`: the text of the type an initializer constructs when it is
    /// exactly `Type()`, a dotted path of capitalised names with optional generic arguments and
    /// one call without arguments. With arguments the initializer may be a library's failable
    /// one (`URL(string: s)`, `Int("3")`), or the type generic with its arguments inferred
    /// (`Array(repeating: "", count: 2)`): the placeholder form lets the compiler say.
    private static func constructedExternalType(_ initializer: Range<Int>, _ file: FileStructure) -> String? {
        let tokens = file.tokens
        var index = initializer.lowerBound
        while index < initializer.upperBound {
            guard tokens[index].kind == .identifier, file.source.text(index).first?.isUppercase == true else { return nil }
            index += 1
            if index < initializer.upperBound, file.source.tokenText(index, equals: "<") {
                guard let close = file.closingAngle(from: index, before: initializer.upperBound) else { return nil }
                index = close + 1
            }
            guard index < initializer.upperBound else { return nil }
            if tokens[index].kind == .period { index += 1; continue }
            guard tokens[index].kind == .leftParen, file.closing(index) + 1 == initializer.upperBound,
                  file.closing(index) == index + 1 else { return nil }
            return file.compactText(initializer.lowerBound..<index)
        }
        return nil
    }

    /// `private` when every bridged site is in the class that declares the property, in its
    /// file; else the property's own access level (`public private(set) var` gives `public`).
    private static func publisherAccess(_ variable: Declaration, sites: [Site], propertyID: DeclarationID, _ context: RuleContext) -> String {
        let owner = variable.parent.map { DeclarationID(file: propertyID.file, declaration: $0) }
        let local = sites.allSatisfy { site in
            guard site.file == propertyID.file, let siteOwner = site.ownerID,
                  let enclosing = context.types.enclosingTypeLike(siteOwner) else { return false }
            return enclosing == owner || context.types.extendedType(enclosing) == owner
        }
        if local { return "private " }
        let levels: [Word: String] = [.public: "public ", .open: "public ", .package: "package ", .fileprivate: "fileprivate ", .internal: ""]
        for modifier in variable.modifiers where modifier.detail == nil {
            if let level = levels[modifier.word] { return level }
        }
        return ""
    }

    /// The `willSet` that feeds the subject and the two declarations after the property when
    /// `bridged`, and the assignments' token set when `assignmentsAccess` says how visible it
    /// is; nil when an existing `willSet` may return before its end.
    private static func declarationEdits(_ propertyID: DeclarationID, binding: VariableBinding, stem: String, valueType: String?, access: String,
                                         bridged: Bool, mirrorStart: MirrorStart?, assignmentsAccess: String?, _ context: RuleContext) -> [Edit]? {
        let file = context.files[propertyID.file]
        let variable = context.declaration(propertyID)
        let builder = EditBuilder(file: file)
        let tokens = file.tokens
        let lineBreak = builder.lineBreak
        let indent = builder.indentation(ofLineAt: Int(tokens[variable.tokens.lowerBound].start))
        let step = builder.indentUnit
        let subject = subjectName(stem)
        let name = binding.name ?? ""
        let publisher = valueType.map { "\(access)var \(publisherName(stem)): AnyPublisher<\($0), Never> { \(subject).eraseToAnyPublisher() }" }
            ?? "@ObservationIgnored \(access == "private " ? "private " : access + "private(set) ")lazy var \(publisherName(stem)) = "
            + "\(subject).eraseToAnyPublisher()"
        var declarations: [String] = []
        // What the property's `willSet` does with the new value.
        var feed = { (value: String) in "\(subject).send(\(value))" }
        var initializations: [Edit] = []
        if bridged, let mirrorStart {
            let mirror = mirrorName(stem)
            // `T!` is optional to the mirror: it is only ever read through `$xPublished`.
            let annotation = binding.typeAnnotation.map { ": " + file.sourceText($0).replacingOccurrences(of: "!", with: "?") } ?? ""
            declarations.append("@ObservationIgnored @Published \(access == "private " ? "private " : access + "private(set) ")var "
                                + "\(mirror)\(annotation)" + (mirrorStart.initial.map { " = " + $0 } ?? ""))
            feed = { value in "\(mirror) = \(value)" }
            initializations = mirrorStart.initializations.map { statement, value, writesSelf in
                let end = Int(tokens[statement.upperBound - 1].end)
                let copy = (writesSelf ? "self." : "") + "\(mirror) = \(value)"
                // On a line of its own after a statement ending its line; else right after it, so
                // that it still comes before whatever follows (`init(x: Int) { self.x = x }`).
                let restOfLine = file.source.text(in: end..<builder.endOfLine(end))
                guard file.startsLine(statement.upperBound), !restOfLine.contains("/*") else { return .insert("; " + copy, at: end) }
                return .insert(lineBreak + builder.indentation(ofLineAt: Int(tokens[statement.lowerBound].start)) + copy,
                               at: builder.endOfLine(end))
            }
        } else if bridged {
            declarations.append("@ObservationIgnored private lazy var \(subject) = CurrentValueSubject<\(valueType ?? "_"), Never>(\(name))")
            declarations.append(publisher)
        }
        if let assignmentsAccess {
            declarations.append("@ObservationIgnored \(assignmentsAccess)var \(assignmentsName(stem)) = Set<AnyCancellable>()")
        }
        let last = variable.tokens.upperBound - 1
        let endOfLine = builder.endOfLine(Int(tokens[last].end))
        // The observer comes before the declarations when both go right after the last token.
        let declarationsEdit = Edit.insert(declarations.map { lineBreak + indent + $0 }.joined(), at: endOfLine)
        guard bridged else { return [declarationsEdit] }
        var edits: [Edit] = []
        if let block = binding.accessorBlock {
            guard let feedEdit = feedInObservers(block, feed: feed, indent: indent, step: step, builder) else { return nil }
            edits.append(feedEdit)
        } else {
            edits.append(.insert(" {" + lineBreak + indent + step + "willSet { \(feed("newValue")) }" + lineBreak + indent + "}",
                                 at: Int(tokens[last].end)))
        }
        return edits + [declarationsEdit] + initializations
    }

    /// The send added to the property's observers: at the end of its `willSet` (after what the
    /// property's own `willSet` does, as `@Published` sent after it), or a new `willSet` before
    /// its `didSet`.
    private static func feedInObservers(_ block: Range<Int>, feed: (String) -> String, indent: String, step: String,
                                        _ builder: EditBuilder) -> Edit? {
        let file = builder.file
        let tokens = file.tokens
        var index = block.lowerBound + 1
        while index < block.upperBound - 1 {
            guard tokens[index].word == .willSet || tokens[index].word == .didSet else { index += 1; continue }
            var open = index + 1
            var parameter = "newValue"
            if tokens[open].kind == .leftParen {
                if open + 1 < tokens.count, tokens[open + 1].kind == .identifier { parameter = file.source.text(open + 1) }
                open = file.closing(open) + 1
            }
            guard tokens[open].kind == .leftBrace else { return nil }
            let close = file.closing(open)
            if tokens[index].word == .didSet {
                // No `willSet` before this `didSet` (Swift allows either order; look further first).
                if let later = willSetAfter(close, in: block, file) { index = later; continue }
                let send = "willSet { \(feed("newValue")) }"
                if builder.startsItsLine(Int(tokens[index].start)) {
                    return .insert(send + builder.lineBreak + builder.indentation(ofLineAt: Int(tokens[index].start)), at: Int(tokens[index].start))
                }
                return .insert(send + " ", at: Int(tokens[index].start))
            }
            // A `return` anywhere (a nested closure's too: rare in a `willSet`, and telling a
            // closure's braces from a statement's is not worth a wrong guess) could skip the send.
            guard !file.containsReturn(in: (open + 1)..<close) else { return nil }
            let send = feed(parameter)
            if close == open + 1 { return Edit(range: Int(tokens[open].end)..<Int(tokens[close].start), replacement: " \(send) ") }
            let closeStart = Int(tokens[close].start)
            if builder.startsItsLine(closeStart) {
                return .insert(builder.indentation(ofLineAt: closeStart) + step + send + builder.lineBreak, at: builder.startOfLine(closeStart))
            }
            return .insert("; " + send, at: Int(tokens[close - 1].end))
        }
        return nil
    }

    /// A `willSet` of the accessor block after token `after`.
    private static func willSetAfter(_ after: Int, in block: Range<Int>, _ file: FileStructure) -> Int? {
        ((after + 1)..<(block.upperBound - 1)).first { file.tokens[$0].word == .willSet }
    }

}

extension FileStructure {
    /// Whether tokens `range` hold a `return`, at any depth.
    func containsReturn(in range: Range<Int>) -> Bool {
        range.contains { tokens[$0].word == .return }
    }
}
