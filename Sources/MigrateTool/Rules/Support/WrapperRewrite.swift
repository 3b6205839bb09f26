import SourceScan

/// The rewrites of view-side sites, shared by the wrapper rules (each decides which uses it owns,
/// see `WrapperRule`) and by `previews`, which applies the same rewrites to preview code under its own id.
enum WrapperRewrite {
    /// Whether a wrapper site is in preview code.
    static func isInPreview(_ site: Site, _ context: RuleContext) -> Bool {
        context.isInPreview(file: site.file, token: site.token)
    }

    /// The finding for a wrapper use, reported under `ruleID`.
    static func finding(for use: WrapperUse, ruleID: String, in context: RuleContext, unit: Int) -> [Finding] {
        let variableID = use.site.ownerID!
        let variable = context.declaration(variableID)
        let file = context.files[variableID.file]
        let builder = EditBuilder(file: file)
        guard let attribute = variable.attributes.first(where: { $0.baseName == use.kind.rawValue }),
              let binding = variable.bindings.first else { return [] }
        let name = binding.name ?? variable.name
        let offset = Int(file.tokens[attribute.tokens.lowerBound].start)
        let externalName: String? = if case .external(let written) = use.site.type { written } else { nil }
        let typeName = context.index.heldClass(use.site.type).flatMap { context.types.symbol($0)?.qualifiedName } ?? externalName ?? "?"
        let written = binding.typeAnnotation.map { file.compactText($0) } ?? typeName
        let nameRange = attributeNameRange(attribute)
        func make(_ fixClass: FixClass, _ message: String, _ suggestion: String, _ edits: [Edit], blocker: Bool = false) -> Finding {
            Finding(ruleID: ruleID, fixClass: fixClass, isBlocker: blocker, file: variableID.file, offset: offset, message: message,
                    suggestion: suggestion, edits: edits.map { FileEdit(file: variableID.file, edit: $0) }, unit: unit)
        }
        // `_m = ObservedObject(wrappedValue: x)` in the view's initializer changes with the wrapper.
        let initializerEdits = observedObjectInitializerEdits(for: use, name: name, unit: unit, context: context)
        switch use.kind {
        case .stateObject:
            let narrowing = Narrowing(variableID, option: "stateAccess", context.options.stateAccess, passedToInitializer: true,
                                      context: context)
            let edits = [builder.replace(nameRange, with: "State")] + narrowing.edits
            let becomes = "@StateObject '\(name)' becomes @State\(narrowing.written)"
            if let reason = stateReviewReason(variableID: variableID, modelType: use.site.type, context: context) {
                return [make(.review, "\(becomes); \(reason)\(narrowing.note)", "@State\(narrowing.written)", edits)]
            }
            return [make(.safe, becomes + narrowing.note, "@State\(narrowing.written)", edits)]
        case .observedObject:
            if ObservedObjectOwned.createsItsModel(use, in: context) {
                // Access stays as written unless `stateAccess` asks for `private` and no caller
                // passes the model through the memberwise initializer, which `private` takes away.
                let narrowing = Narrowing(variableID, option: "stateAccess", context.options.stateAccess, passedToInitializer: true,
                                          context: context)
                let edits = [builder.replace(attribute.tokens, with: "@State")] + narrowing.edits
                var finding = make(.review, "@ObservedObject '\(name)' creates its model, which is what @State is for; "
                                   + "the view now owns it and evaluates its initial value on every init\(narrowing.note)",
                                   "@State\(narrowing.written) var \(name)", edits)
                finding.edits += initializerEdits(.owned)
                return [finding]
            }
            if use.projections.isEmpty, context.options.observedObjectWithoutBindings == .bindable,
               canWrapInBindable(use, annotation: binding.typeAnnotation, file: file, context: context) {
                var finding = make(.safe, "@ObservedObject '\(name)' becomes @Bindable (observedObjectWithoutBindings \"bindable\")",
                                   "@Bindable var \(name): \(written)", [builder.replace(attribute.tokens, with: "@Bindable")])
                finding.edits += initializerEdits(.bindable)
                return [finding]
            }
            if use.projections.isEmpty {
                var finding = make(.safe, "@ObservedObject '\(name)' is a plain property under Observation",
                                   "var \(name): \(written)", [builder.remove(attribute.tokens)])
                finding.edits += initializerEdits(.plain)
                return [finding]
            }
            if let bare = use.projections.first(where: { !isMemberProjection($0, context) }) {
                let bareFile = context.files[bare.file]
                let spelled = bareFile.source.text(bare.token)
                return [Finding(ruleID: ruleID, fixClass: .manual, isBlocker: true, file: bare.file,
                                offset: Int(bareFile.tokens[bare.token].start),
                                message: spelled.hasPrefix("_")
                                    ? "'\(spelled)' is the ObservedObject wrapper itself, which has no Observation twin"
                                    : "'$\(name)' is used as an ObservedObject.Wrapper, whose type changes to Bindable",
                                suggestion: "pass '\(name)' and use @Bindable in the receiving view", unit: unit)]
            }
            var finding = make(.safe, "'$\(name).…' bindings need @Bindable in place of @ObservedObject",
                               "@Bindable var \(name): \(written)", [builder.replace(attribute.tokens, with: "@Bindable")])
            finding.edits += initializerEdits(.bindable)
            return [finding]
        case .environmentObject:
            let narrowing = Narrowing(variableID, option: "environmentAccess", context.options.environmentAccess,
                                      passedToInitializer: false, context: context)
            var edits = [builder.replace(attribute.tokens, with: "@Environment(\(written).self)")] + narrowing.edits
            // The annotation stays where the tree's own `@Environment(T.self)` properties keep theirs.
            let keepsAnnotation = binding.typeAnnotation != nil && context.options.environmentTypeAnnotation == .keep
            if let annotation = binding.typeAnnotation, !keepsAnnotation {
                edits.append(.delete(Int(file.tokens[binding.nameToken].end)..<Int(file.tokens[annotation.upperBound - 1].end)))
            }
            if use.projections.isEmpty {
                return [make(.safe, "@EnvironmentObject '\(name)' becomes @Environment(\(written).self)\(narrowing.written)\(narrowing.note)",
                             "@Environment(\(written).self)\(narrowing.written) var \(name)" + (keepsAnnotation ? ": \(written)" : ""), edits)]
            }
            var extra: [FileEdit] = []
            for projection in use.projections {
                guard isMemberProjection(projection, context) else {
                    let bareFile = context.files[projection.file]
                    let spelled = bareFile.source.text(projection.token)
                    return [Finding(ruleID: ruleID, fixClass: .manual, isBlocker: true, file: projection.file,
                                    offset: Int(bareFile.tokens[projection.token].start),
                                    message: spelled.hasPrefix("_")
                                        ? "'\(spelled)' is the EnvironmentObject wrapper itself, which has no Observation twin"
                                        : "'$\(name)' is used as an EnvironmentObject.Wrapper, which has no Observation twin",
                                    suggestion: spelled.hasPrefix("_")
                                        ? "pass '\(name)' itself, or let the receiving view read it with @Environment(\(written).self)"
                                        : "use 'Bindable(\(name))' where a binding is needed", unit: unit)]
                }
                extra += bindableEdit(for: projection, name: name, context: context)
            }
            var finding = make(.safe, "@EnvironmentObject '\(name)' becomes @Environment(\(written).self)\(narrowing.written); "
                               + "its '$\(name).…' bindings go through a local @Bindable\(narrowing.note)",
                               "@Bindable var \(name) = \(name)", edits)
            finding.edits += extra
            return [finding]
        }
    }

    /// `private` written before a rewritten property's `var` under `environmentAccess` or
    /// `stateAccess` `"private"`, or why it stays as written, in the finding's words.
    struct Narrowing {
        /// The insertion of `private `, when the property narrows.
        var edits: [Edit] = []
        /// ` private` when it narrows, for the message and suggestion.
        var written = ""
        /// Why a property the option asked about keeps its access, for the message.
        var note = ""

        init(_ variableID: DeclarationID, option: String, _ access: WrapperAccess, passedToInitializer: Bool, context: RuleContext) {
            let variable = context.declaration(variableID)
            guard access == .private, !AccessNarrowing.hasWrittenAccess(variable) else { return }
            if let reason = context.accessNarrowing.reasonToKeep(variableID, passedToInitializer: passedToInitializer, context: context) {
                note = "; its access stays as written although \(option) is \"private\": \(reason)"
                return
            }
            let keyword = context.files[variableID.file].tokens[variable.keyword]
            edits = [.insert("private ", at: Int(keyword.start))]
            written = " private"
        }
    }

    /// Whether `@Bindable` can wrap an `@ObservedObject` property of a struct in place of nothing
    /// (`observedObjectWithoutBindings` `"bindable"`): its type is one model class of the tree,
    /// spelled as a plain name (`Bindable` needs a class; an optional, an existential or a
    /// generic parameter is not known to be one).
    static func canWrapInBindable(_ use: WrapperUse, annotation: Range<Int>?, file: FileStructure, context: RuleContext) -> Bool {
        // A view's property: in a model class `@Bindable` would only be noise.
        guard case .declared(let typeID) = use.site.type, context.index.heldClass(use.site.type) == typeID,
              let annotation, let variableID = use.site.ownerID, let parent = context.declaration(variableID).parent,
              context.files[variableID.file].declarations[parent].kind == .struct else { return false }
        return annotation.allSatisfy { file.tokens[$0].kind == .identifier || file.tokens[$0].kind == .period }
    }

    /// What an `@ObservedObject` becomes, for rewriting its initializer assignments.
    enum ObservedTarget {
        case plain, bindable, owned
    }

    /// Edits for `_m = ObservedObject(wrappedValue: x)` assignments of this wrapper's property:
    /// `self.m = x` for a plain property, `_m = Bindable(wrappedValue: x)`, `_m = State(wrappedValue: x)`
    /// (the run's `stateInitializerLabel`).
    static func observedObjectInitializerEdits(for use: WrapperUse, name: String, unit: Int,
                                               context: RuleContext) -> (ObservedTarget) -> [FileEdit] {
        guard let variableID = use.site.ownerID, let enclosing = context.types.enclosingTypeLike(variableID) else { return { _ in [] } }
        let typeID = context.types.extendedType(enclosing)
        let sites = context.units.units[unit].observedObjectInitializers.filter { site in
            guard case .observedObjectInitializer(let property) = site.kind, property == name,
                  let owner = site.ownerID, let siteEnclosing = context.types.enclosingTypeLike(owner) else { return false }
            return context.types.extendedType(siteEnclosing) == typeID
        }
        return { target in
            sites.flatMap { site -> [FileEdit] in
                guard let arguments = site.arguments else { return [] }
                let file = context.files[site.file]
                let builder = EditBuilder(file: file)
                let hasLabel = arguments.count > 2 && file.tokens[arguments.lowerBound + 1].kind == .colon
                let label = arguments.lowerBound..<(arguments.lowerBound + 1)
                // `ObservedObject(…)`, or `.init(…)` with the type inferred: it follows the new
                // wrapper by itself, and only a label the new type lacks changes.
                let constructor = site.constructorStart(in: file)..<(site.token + 1)
                let inferred = constructor.lowerBound != site.token
                var edits: [Edit] = []
                switch target {
                case .bindable:
                    // `Bindable` has `init(wrappedValue:)` and no `init(initialValue:)`.
                    if !inferred { edits.append(builder.replace(constructor, with: "Bindable")) }
                    if hasLabel, file.source.tokenText(arguments.lowerBound, equals: "initialValue") {
                        edits.append(builder.replace(label, with: "wrappedValue"))
                    }
                case .owned:
                    // `State` has both labels; the spelled-out form takes the run's
                    // (`stateInitializerLabel`), as `state-object-init` writes it.
                    if !inferred {
                        edits.append(builder.replace(constructor, with: "State"))
                        let written = context.options.stateInitializerLabel.rawValue
                        if hasLabel, !file.source.tokenText(arguments.lowerBound, equals: written) {
                            edits.append(builder.replace(label, with: written))
                        }
                    }
                case .plain:
                    // `_m = ObservedObject(wrappedValue: x)` → `self.m = x`.
                    let storage = constructor.lowerBound - 2
                    let qualified = storage > 0 && file.tokens[storage - 1].kind == .period
                    edits.append(builder.replace(storage..<(storage + 1), with: qualified ? name : "self.\(name)"))
                    let valueStart = hasLabel ? arguments.lowerBound + 2 : arguments.lowerBound
                    edits.append(.delete(Int(file.tokens[constructor.lowerBound].start)..<Int(file.tokens[valueStart].start)))
                    edits.append(.delete(Int(file.tokens[arguments.upperBound - 1].end)..<Int(file.tokens[arguments.upperBound].end)))
                }
                return edits.map { FileEdit(file: site.file, edit: $0) }
            }
        }
    }

    /// The name tokens of an attribute, without `@` or arguments (`SwiftUI.StateObject`).
    static func attributeNameRange(_ attribute: Attribute) -> Range<Int> {
        (attribute.tokens.lowerBound + 1)..<(attribute.arguments?.lowerBound ?? attribute.tokens.upperBound)
    }

    static func isAccessModifier(_ word: Word) -> Bool {
        [.private, .fileprivate, .internal, .public, .open, .package].contains(word)
    }

    /// Whether `$m` is followed by `.member` (a binding to a property) or `[key]` (to a subscript:
    /// the wrapper and `Bindable` both forward it as a key path, SE-0252), not used alone.
    static func isMemberProjection(_ site: Site, _ context: RuleContext) -> Bool {
        let tokens = context.files[site.file].tokens
        return site.token + 1 < tokens.count && (tokens[site.token + 1].kind == .period || tokens[site.token + 1].kind == .leftSquare)
    }

    /// Whether a variable (a wrapper over a generic parameter) has `$name.member` uses in its type.
    static func hasMemberProjection(of variable: Declaration, in context: RuleContext) -> Bool {
        guard let name = variable.bindings.first?.name else { return false }
        return context.index.sites.contains { site in
            site.projectedName(in: context.files[site.file]) == name && isMemberProjection(site, context)
        }
    }

    // MARK: @Bindable for environment objects

    /// The edit that lets `$name.x` keep working after `name` becomes an `@Environment` value:
    /// `@Bindable var name = name` as the first statement of the body that uses it, or
    /// `Bindable(name)` in place of `$name` where a statement cannot go (a one-expression body).
    static func bindableEdit(for projection: Site, name: String, context: RuleContext) -> [FileEdit] {
        let file = context.files[projection.file]
        let builder = EditBuilder(file: file)
        let spelled = projection.spelledTokens(in: file)
        // `$prefs` named the view's property whatever locals are about; `Bindable(prefs)` would take
        // a local or closure parameter of that name, so the property is spelled `self.prefs` then.
        let outermost = outermostMember(of: projection, context)
        let shadowed = outermost.map { mayBeShadowed(name, in: $0, file) } ?? true
        let inline = [FileEdit(file: projection.file, edit: builder.replace(spelled, with: "Bindable(\(shadowed ? "self." : "")\(name))"))]
        guard let (host, open) = bodyHost(of: projection, context), acceptsStatement(host, open: open, file: file) else {
            return inline
        }
        let close = file.closing(open)
        // The body's first statement must start on its own line for a statement to go above it;
        // a body that declares that name itself (`let prefs = prefs.child ?? prefs`) would declare it twice.
        guard open + 1 < close, file.startsLine(open + 1), !declaresAtTopLevel(name, in: (open + 1)..<close, file) else { return inline }
        let indentation = builder.indentation(ofLineAt: Int(file.tokens[open + 1].start))
        let text = "\(builder.lineBreak)\(indentation)@Bindable var \(name) = \(name)"
        var edits = [FileEdit(file: projection.file, edit: .insert(text, at: Int(file.tokens[open].end)))]
        if file.compactText(spelled) != "$\(name)" {
            // `self.$m` and `_m` name the property's wrapper, which under @Environment has no
            // projected value: the local `@Bindable var m` is reached as `$m`.
            edits.append(FileEdit(file: projection.file, edit: builder.replace(spelled, with: "$\(name)")))
        }
        return edits
    }

    /// The tokens of the outermost member of a type that holds `site` (the function, property or
    /// initializer of the view), nil outside one.
    private static func outermostMember(of site: Site, _ context: RuleContext) -> Range<Int>? {
        let file = context.files[site.file]
        var current = site.owner
        var found: Range<Int>?
        while let index = current {
            let declaration = file.declarations[index]
            if declaration.kind.isTypeLike { break }
            found = declaration.tokens
            current = declaration.parent
        }
        return found
    }

    /// Whether `tokens` may bind `name` itself: `let name`, `var name`, a closure parameter
    /// (`name in`, `(a, name) in`), or a parameter of a function, initializer or subscript declared there.
    static func mayBeShadowed(_ name: String, in tokens: Range<Int>, _ file: FileStructure) -> Bool {
        let clauses = file.declarations.compactMap { declaration -> Range<Int>? in
            guard let parameters = declaration.parameters, tokens.contains(parameters.lowerBound) else { return nil }
            return parameters
        }
        return tokens.contains { index in
            guard file.tokens[index].kind == .identifier, file.source.tokenText(index, equals: name) else { return false }
            if index > tokens.lowerBound, file.tokens[index - 1].word == .let || file.tokens[index - 1].word == .var { return true }
            guard index + 1 < tokens.upperBound else { return false }
            let next = file.tokens[index + 1]
            if next.word == .in { return true }
            // `func row(prefs: Prefs)`: a parameter's name, not a call's argument label.
            if next.kind == .colon, clauses.contains(where: { $0.contains(index) }) { return true }
            guard next.kind == .comma || next.kind == .rightParen else { return false }
            // `(a, name) in`: the list's `)` is followed by `in` (or `->` and a type, then `in`).
            var close = index + 1
            while close < tokens.upperBound, file.tokens[close].kind != .rightParen, file.tokens[close].kind != .leftBrace { close += 1 }
            return close + 1 < tokens.upperBound && file.tokens[close].kind == .rightParen
                && (file.tokens[close + 1].word == .in || file.tokens[close + 1].kind == .arrow)
        }
    }

    /// Whether a body declares `name` in its own scope (`let name = …`, `guard let name`), where an
    /// inserted `@Bindable var name = name` would declare it twice; `if let name` and nested
    /// blocks have scopes of their own.
    static func declaresAtTopLevel(_ name: String, in body: Range<Int>, _ file: FileStructure) -> Bool {
        var depth = 0
        for index in body {
            switch file.tokens[index].kind {
            case .leftBrace, .leftParen, .leftSquare: depth += 1
            case .rightBrace, .rightParen, .rightSquare: depth -= 1
            default: break
            }
            guard depth == 0, file.tokens[index].word == .let || file.tokens[index].word == .var, index + 1 < body.upperBound,
                  file.tokens[index + 1].kind == .identifier, file.source.tokenText(index + 1, equals: name) else { continue }
            let before = index > body.lowerBound ? file.tokens[index - 1].word : nil
            if before == .if || before == .while || before == .case { continue }
            return true
        }
        return false
    }

    /// The declaration whose body holds `site` and the index of that body's `{` (inside `get`).
    private static func bodyHost(of site: Site, _ context: RuleContext) -> (Declaration, Int)? {
        let file = context.files[site.file]
        var current = site.owner
        while let index = current {
            let declaration = file.declarations[index]
            switch declaration.kind {
            case .function, .initializer, .subscript:
                if let body = declaration.body, body.contains(site.token) {
                    return (declaration, getterBrace(body.lowerBound, file) ?? body.lowerBound)
                }
            case .variable:
                if let block = declaration.bindings.first(where: { $0.accessorBlock?.contains(site.token) == true })?.accessorBlock,
                   !declaration.bindings[0].hasObservers {
                    return (declaration, getterBrace(block.lowerBound, file) ?? block.lowerBound)
                }
            default:
                return nil
            }
            current = declaration.parent
        }
        return nil
    }

    /// In `{ get { … } }`, the getter's own brace.
    private static func getterBrace(_ open: Int, _ file: FileStructure) -> Int? {
        var index = open + 1
        while file.tokens[index].kind == .atSign { index += 2 }
        guard file.tokens[index].word == .get else { return nil }
        index += 1
        while index < file.tokens.count, file.tokens[index].kind != .leftBrace, file.tokens[index].kind != .rightBrace { index += 1 }
        return file.tokens[index].kind == .leftBrace ? index : nil
    }

    /// Whether a declaration's body may start with a statement without changing its meaning: a
    /// result-builder body (`body`, `@ViewBuilder`), a function returning nothing, or a body that
    /// already returns explicitly.
    private static func acceptsStatement(_ host: Declaration, open: Int, file: FileStructure) -> Bool {
        if host.attributes.contains(where: { $0.baseName.hasSuffix("Builder") }) { return true }
        if host.kind == .variable, host.name == "body" { return true }
        if host.kind == .initializer || host.kind == .deinitializer { return true }
        if host.kind == .function, let parameters = host.parameters {
            var index = parameters.upperBound
            var returnsValue = false
            while index < open {
                if file.tokens[index].kind == .arrow { returnsValue = true }
                index += 1
            }
            if !returnsValue { return true }
        }
        // Explicit `return` at the top level of the body: more statements are fine.
        let close = file.closing(open)
        var index = open + 1
        while index < close {
            let token = file.tokens[index]
            if token.kind == .leftBrace || token.kind == .leftParen || token.kind == .leftSquare {
                index = file.closing(index) + 1
                continue
            }
            if token.word == .return { return true }
            index += 1
        }
        return false
    }

    // MARK: @State review reasons

    /// Why `@StateObject` → `@State` may change behaviour here, or nil when it provably does not:
    /// in an `App` or `Scene`, or when the model's creation has no side effects.
    static func stateReviewReason(variableID: DeclarationID, modelType: ResolvedType, context: RuleContext) -> String? {
        if let enclosing = context.types.enclosingTypeLike(variableID) {
            let owner = context.declaration(enclosing)
            if owner.inheritance.contains(where: { ["App", "Scene", "SwiftUI.App", "SwiftUI.Scene"].contains($0.typeName) }) {
                return nil
            }
        }
        guard let model = context.index.heldClass(modelType) else { return "its type is not known" }
        let variable = context.declaration(variableID)
        if let initializer = variable.bindings.first?.initializer,
           let effect = SideEffects.effectOfCreation(initializer, in: variableID.file, model: model, context: context) {
            return "@State evaluates its initial value on every view init (up to Xcode 26), and creating "
                + "'\(context.declaration(model).name)' may have side effects: \(effect.description)"
        }
        if variable.bindings.first?.initializer == nil {
            // `_m = StateObject(wrappedValue: Model(id: id))` in the view's initializers: safe when
            // every one of them creates the model freely.
            let name = variable.bindings.first?.name ?? variable.name
            let view = context.types.enclosingTypeLike(variableID).flatMap { context.types.extendedType($0) }
            let assignments = (context.stateObjectInitializersByProperty[name] ?? []).filter { site in
                guard let owner = site.ownerID, let enclosing = context.types.enclosingTypeLike(owner) else { return false }
                return context.types.extendedType(enclosing) == view
            }
            if assignments.isEmpty {
                return "it is initialised outside its declaration, and no initializer of the view that the tool reads "
                    + "assigns it StateObject(wrappedValue:)"
            }
            if let effect = assignments.lazy.compactMap({ StateObjectInit.effectOfCreatingItsModel($0, in: context) }).first {
                return "it is initialised in init, where @State evaluates the value on every view init (up to Xcode 26), "
                    + "and \(effect.description)"
            }
        }
        return nil
    }
}
