import SourceScan

/// One row of the migration catalog: finds its construct and says how to fix it.
///
/// Each rule is one Swift type in `Rules/` and one `rules/<id>.md` file carrying its summary,
/// fix class, severity, rationale and examples; the examples are the rule's tests.
protocol Rule: Sendable {
    /// The kebab-case id, also the name of the rule's Markdown file.
    static var id: String { get }
    init()
    /// Every finding of this rule in the tree.
    func check(_ context: RuleContext) -> [Finding]
    /// Byte patterns a file holding this rule's construct mentions, when nothing else in it does
    /// (no model declaration, no model name): the relevance filter's keywords are the union over
    /// the catalog (`RelevanceFilter.keywords`), and only files mentioning one of them, or a model
    /// found so far, are analyzed. `HiddenListTests` checks that every `before` example of a rule
    /// declaring some mentions one; `RuleExampleVariantTests` runs each example split into one
    /// file per declaration through the filter, which fails when a needed keyword is missing.
    static var relevanceKeywords: [String] { get }
}

extension Rule {
    /// Most rules act on models or on files another rule's keyword selects already.
    static var relevanceKeywords: [String] { [] }
}

/// A rule that reads one file at a time and needs nothing else from the tree. `apply` runs these
/// again on rewritten files, so they can tidy up what the unit rewrites leave (imports).
protocol FileRule: Rule {
    /// Findings in one file.
    func check(file: FileStructure, fileIndex: Int) -> [Finding]
}

extension FileRule {
    func check(_ context: RuleContext) -> [Finding] {
        context.files.indices.flatMap { check(file: context.files[$0], fileIndex: $0) }
    }
}

/// A rule whose findings couple units (`Finding.requiresUnits`, `Finding.requiresEveryUnit`):
/// it words what a unit is told when the coupling blocks it or holds it back. The engine computes
/// the coupling itself, once (`UnitCoupling`).
protocol CouplingRule: Rule {
    /// The blocker a unit receives because `blockedPartner`, coupled to it by `coupling` (one of
    /// this rule's findings), is blocked.
    static func couplingBlocker(_ coupling: Finding, unit: UnitSummary, blockedPartner: UnitSummary) -> Finding
    /// Why `apply` holds back a writable unit whose coupled partner is not written in this run.
    static var couplingHoldBackReason: String { get }
}

/// A rule that reports on the suppression comments themselves, so it runs after every other
/// rule's findings have been matched against them and the coupling of units has added its own.
protocol SuppressionAuditRule: Rule {
    /// Findings about the directives, given how many findings each one silenced and, by
    /// position, the directives aimed at a finding the coupling added (which no comment
    /// silences), with its rule and the partner unit it follows from.
    static func findings(for suppressions: Suppressions, aimedAtCoupled: [Int: (ruleID: String, partner: String)]) -> [Finding]
}

/// A rule that also records facts the outputs show apart from findings (the deployment targets
/// the report lists). Kept in the rule so the engine needs no knowledge of where the facts come from.
protocol AnalysisFactRule: Rule {
    /// Adds this rule's facts to `analysis`, reading the same context the rule's check reads.
    static func recordFacts(in analysis: inout Analysis, context: RuleContext)
}

/// A library product of a package of the tree that nothing else in the tree uses.
struct PublishedLibrary: Sendable, Equatable {
    /// The product's name.
    var product: String
    /// The manifest declaring it, as displayed.
    var manifest: String
}

/// What rules read: the tree's index and units, with the queries several rules share.
struct RuleContext: Sendable {
    let index: TreeIndex
    let units: MigrationUnits
    /// Every deployment setting the build graph applies, located in the analysis's files.
    let deployments: [DeploymentFact]
    /// The members of every model class, looked up once.
    let modelMembers: [DeclarationID: [DeclarationID]]
    /// The variables among them, by class: asked for per site, so filtered once.
    private let modelVariables: [DeclarationID: [DeclarationID]]
    /// For every model class, each name a `@Published` variable of it binds and the first such
    /// variable: rules ask per `$x` site, and scanning the members each time made a model of
    /// thousands of properties read by thousands of views quadratic.
    private let publishedVariables: [DeclarationID: [String: DeclarationID]]
    /// The configuration's choices of what to write, `unpublishedProperties`, `observationImport`,
    /// `observableAttributeOrder`, `environmentTypeAnnotation` and `stateInitializerLabel`
    /// resolved: never `.infer` once the context is built.
    private(set) var options: RuleOptions
    /// What the tree's `@Observable` classes showed and the policy inferred from it, when the
    /// configuration left `unpublishedProperties` to inference; nil when it chose one.
    private(set) var unpublishedInference: UnpublishedPropertyInference?
    /// What the plumbing properties of the tree's `@Observable` classes showed and the policy
    /// inferred from it, when the configuration left `plumbingProperties` to inference.
    private(set) var plumbingInference: PlumbingPropertyInference?
    /// What the tree's files declaring `@Observable` classes showed and the import policy
    /// inferred from it, when the configuration left `observationImport` to inference.
    private(set) var observationImportInference: ObservationImportInference?
    /// What the tree's `@Observable` classes carrying other attributes showed and the order
    /// inferred from it, when the configuration left `observableAttributeOrder` to inference.
    private(set) var observableOrderInference: ObservableAttributeOrderInference?
    /// What the tree's `@Environment(T.self)` properties showed and the annotation policy
    /// inferred from it, when the configuration left `environmentTypeAnnotation` to inference.
    private(set) var environmentAnnotationInference: EnvironmentAnnotationInference?
    /// What the tree's own `State` initializations showed and the label inferred from it, when
    /// the configuration left `stateInitializerLabel` to inference.
    private(set) var stateInitializerInference: StateInitializerInference?
    /// For each file, the token ranges of its `#Preview` macros' arguments and bodies.
    let previewBodies: [[Range<Int>]]
    /// The files a module compiles whose declarations are `@MainActor` by default (Swift 6.2's
    /// default isolation), by index: code the tool adds there is isolated too.
    let mainActorByDefaultFiles: Set<Int>
    /// The files compiled by a library product that nothing else in the tree uses, by index,
    /// with the product: clients outside the tree may use their public API.
    let publishedLibraryFiles: [Int: PublishedLibrary]
    /// The types declared in files under a project or package that no target compiles, by
    /// name, with the first such file (as displayed): such a type is the tree's, but no
    /// module holds it.
    let declaredOutsideBuild: [String: String]
    /// The files compiled with the scanned code that the run does not read whole.
    let unscanned: [UnscannedFile]
    /// What decides whether a rewritten view property may become `private`, gathered when
    /// `environmentAccess` or `stateAccess` asks for it.
    let accessNarrowing: AccessNarrowing
    /// Every subscription to an `objectWillChange` (`ObjectWillChangeListeners`): asked for per
    /// relay, per send and per property relay (`ObservationUse.listener`), so found once.
    private(set) var objectWillChangeListeners = ObjectWillChangeListeners()
    /// The tree's initializer relays (`InitializerRelay`): the subscription rule writes them and
    /// the send rule leaves their sends alone, so found once (after the listeners they ask of).
    private(set) var initializerRelays: [InitializerRelay] = []
    /// What creating each model class may do besides storing values (`SideEffects`), nil for
    /// those that create freely: asked per `@StateObject` site and per `StateObject(wrappedValue:)`
    /// initializer, and following the tree's types a few levels deep, so found once per class.
    private var modelCreationEffects: [DeclarationID: SideEffect?] = [:]
    /// The operators the tree declares functions for (`static func == (…)`): a creation using
    /// one of them may run the tree's code (`SideEffects.isValueOperator`).
    let treeOperators: Set<String>
    /// Every `_m = StateObject(wrappedValue: …)` initializer site of the tree, by the property it
    /// sets: the `state-object` rule asks per property without an initial value.
    private(set) var stateObjectInitializersByProperty: [String: [Site]] = [:]

    /// Builds the context for a tree.
    init(index: TreeIndex, units: MigrationUnits, deployments: [DeploymentFact] = [], options: RuleOptions = RuleOptions(),
         mainActorByDefaultFiles: Set<Int> = [], publishedLibraryFiles: [Int: PublishedLibrary] = [:],
         declaredOutsideBuild: [String: String] = [:], unscanned: [UnscannedFile] = []) {
        self.index = index
        self.declaredOutsideBuild = declaredOutsideBuild
        self.unscanned = unscanned
        self.units = units
        self.deployments = deployments
        self.mainActorByDefaultFiles = mainActorByDefaultFiles
        self.publishedLibraryFiles = publishedLibraryFiles
        self.options = options
        let narrowed = options.narrowedWrappers
        self.accessNarrowing = narrowed.isEmpty ? .none : AccessNarrowing(units: units, index: index, kinds: narrowed)
        var members: [DeclarationID: [DeclarationID]] = [:]
        for unit in units.units {
            for classID in unit.classes {
                members[classID] = Self.members(of: classID, index: index)
            }
        }
        self.modelMembers = members
        var variables: [DeclarationID: [DeclarationID]] = [:]
        var published: [DeclarationID: [String: DeclarationID]] = [:]
        for (classID, memberIDs) in members {
            let variableIDs = memberIDs.filter { index.types.declaration($0).kind == .variable }
            variables[classID] = variableIDs
            var names: [String: DeclarationID] = [:]
            for variableID in variableIDs {
                let variable = index.types.declaration(variableID)
                guard variable.attribute(named: "Published") != nil else { continue }
                for binding in variable.bindings { if let name = binding.name, names[name] == nil { names[name] = variableID } }
            }
            published[classID] = names
        }
        self.modelVariables = variables
        self.publishedVariables = published
        self.previewBodies = index.files.map(Self.previewBodies(in:))
        self.treeOperators = Set(index.files.flatMap { file in
            file.declarations.filter { $0.kind == .function && $0.name.first.map { !$0.isLetter && $0 != "_" && $0 != "`" } == true }.map(\.name)
        })
        if options.unpublishedProperties == .infer {
            // Decided once for the run, before any rule asks `UnpublishedStoredProperty.staysTracked`.
            let inference = UnpublishedStoredProperty.inference(from: ObservableClassCensus(self))
            unpublishedInference = inference
            self.options.unpublishedProperties = inference.policy
        }
        if options.plumbingProperties == .infer {
            // Decided once for the run, before any rule asks `UnpublishedStoredProperty.staysTracked`.
            let inference = UnpublishedStoredProperty.plumbingInference(from: PlumbingCensus(self))
            plumbingInference = inference
            self.options.plumbingProperties = inference.policy
        }
        if options.observationImport == .infer {
            // Decided once for the run, before `apply`'s tidy-up adds any import.
            let inference = MissingObservationImport.inference(from: ObservationImportCensus(self))
            observationImportInference = inference
            self.options.observationImport = inference.policy
        }
        if options.observableAttributeOrder == .infer {
            // Decided once for the run, before any rule inserts `@Observable`.
            let inference = ObservableAttribute.inference(from: ObservableAttributeOrderCensus(self))
            observableOrderInference = inference
            self.options.observableAttributeOrder = inference.policy
        }
        if options.environmentTypeAnnotation == .infer {
            // Decided once for the run, before any rule rewrites an `@EnvironmentObject`.
            let inference = EnvironmentObjectRule.inference(from: EnvironmentAnnotationCensus(self))
            environmentAnnotationInference = inference
            self.options.environmentTypeAnnotation = inference.policy
        }
        if options.stateInitializerLabel == .infer {
            // Decided once for the run, before any rule rewrites a `StateObject(…)` initializer.
            let inference = StateObjectInit.inference(from: StateInitializerCensus(self))
            stateInitializerInference = inference
            self.options.stateInitializerLabel = inference.policy
        }
        objectWillChangeListeners = ObjectWillChangeListeners.find(self)
        initializerRelays = InitializerRelay.all(self)
        for unit in units.units {
            for site in unit.stateObjectInitializers {
                if case .stateObjectInitializer(let property) = site.kind { stateObjectInitializersByProperty[property, default: []].append(site) }
            }
        }
        var effects: [DeclarationID: SideEffect?] = [:]
        for classID in members.keys { effects[classID] = SideEffects.effectOfCreating(classID, context: self, depth: 0) }
        modelCreationEffects = effects
    }

    /// What creating the tree's type `typeID` may do besides storing values, nil when it only
    /// stores values (`SideEffects.effectOfCreating`); looked up for model classes. A class with
    /// variants (one per target or build condition) is whichever compiles: each must create freely.
    func creationEffect(of typeID: DeclarationID) -> SideEffect? {
        for classID in [typeID] + types.classVariants(of: typeID) {
            if let effect = modelCreationEffects[classID] ?? SideEffects.effectOfCreating(classID, context: self, depth: 0) {
                return effect
            }
        }
        return nil
    }

    /// What becomes of stored properties that were not `@Published` (inference resolved).
    var unpublishedProperties: UnpublishedPropertyPolicy { options.unpublishedProperties }

    /// What becomes of unpublished plumbing under `unpublishedProperties` `track` (inference resolved).
    var plumbingProperties: PlumbingPropertyPolicy { options.plumbingProperties }

    var files: [FileStructure] { index.files }

    /// The units whose models can meet code of `file` somewhere in the tree: some file sees both
    /// the module of `file` and the model's. Every unit in a one-module tree. Generic code that
    /// "any model may reach" is reached only by these: another app's models never meet it.
    func unitsMeeting(file: Int) -> [Int] {
        guard let modules = index.types.modules else { return units.units.map(\.id) }
        let home = Set(modules.own[file])
        var met = Set<Int32>(home)
        for visible in modules.visible where visible.contains(where: home.contains) { met.formUnion(visible) }
        // A type the tree does not declare (`observableTypes`) comes from a library any module may import.
        return units.units.filter { unit in
            unit.observableExternalType != nil || unit.declarations.contains { id in modules.own[id.file].contains(where: met.contains) }
        }.map(\.id)
    }

    /// The units among `candidates` whose model code in `file` can name: declared in its module
    /// or in a module it imports. A site whose type cannot be told couples with these only.
    func unitsVisible(from file: Int, among candidates: [Int]) -> [Int] {
        candidates.filter { unit in
            let model = units.units[unit]
            return model.observableExternalType != nil || model.declarations.contains { index.types.sees($0.file, from: file) }
        }
    }
    var types: TypeIndex { index.types }

    /// The declaration behind an id.
    func declaration(_ id: DeclarationID) -> Declaration { index.types.declaration(id) }

    /// Whether a module compiling the file makes its declarations `@MainActor` by default.
    func isMainActorByDefault(file: Int) -> Bool { mainActorByDefaultFiles.contains(file) }

    /// Where a token is, in a finding's words: `line 12 of Settings.swift`.
    func place(file: Int, token: Int) -> String {
        let structure = files[file]
        let line = LineMap(structure.source.bytes).location(of: Int(structure.tokens[token].start)).line
        return "line \(line) of \(PathName.lastComponent(structure.source.path))"
    }

    /// The units of the model classes among `types`, each once, in order: the models a site that
    /// may hold any of those types can reach.
    func units(of types: [DeclarationID]) -> [Int] {
        Array(Set(types.compactMap { units.unitOf[$0] })).sorted()
    }

    /// Where a token is, as a path and line: `Sources/App/Settings.swift:12`; for lists of
    /// places whose files may share a name.
    func pathAndLine(file: Int, token: Int) -> String {
        let structure = files[file]
        let line = LineMap(structure.source.bytes).location(of: Int(structure.tokens[token].start)).line
        return "\(Analyzer.displayPath(structure.source.path)):\(line)"
    }

    /// The member declarations of a type and of its extensions in the tree.
    static func members(of typeID: DeclarationID, index: TreeIndex) -> [DeclarationID] {
        index.types.memberDeclarations(of: typeID)
    }

    /// Variables declared directly in the model class (and its extensions).
    func variables(ofModel classID: DeclarationID) -> [DeclarationID] {
        modelVariables[classID] ?? []
    }

    /// The first `@Published` variable of the model class that binds `name`, if any.
    func publishedVariable(_ name: String, ofModel classID: DeclarationID) -> DeclarationID? {
        publishedVariables[classID]?[name]
    }

    /// Whether `type` is a model of the tree whose properties views reading it track: an
    /// `ObservableObject` the run migrates, or a class already `@Observable` or a SwiftData `@Model`.
    func isObservedModel(_ type: DeclarationID) -> Bool {
        let declaration = declaration(type)
        return units.unitOf[type] != nil || declaration.attribute(named: "Observable") != nil
            || (declaration.kind == .class && declaration.attribute(named: "Model") != nil)
    }

    /// Whether the variable stores a value (not computed): no getter block, or only observers.
    func isStored(_ variable: Declaration) -> Bool {
        guard variable.kind == .variable, !variable.hasModifier(.static), !variable.hasModifier(.class) else { return false }
        return variable.bindings.allSatisfy { $0.accessorBlock == nil || $0.hasObservers }
    }

    /// Names of the `@Published` properties of a unit's classes.
    func publishedNames(_ unit: MigrationUnit) -> Set<String> {
        var names = Set<String>()
        for classID in unit.classes { names.formUnion(publishedVariables[classID].map { Array($0.keys) } ?? []) }
        return names
    }

    /// Whether a token sits in preview code: a `#Preview` body or a `PreviewProvider` type.
    func isInPreview(file fileIndex: Int, token: Int) -> Bool {
        let file = files[fileIndex]
        var current = index.typer.owner(file: fileIndex, token: token)
        while let position = current {
            let declaration = file.declarations[position]
            if declaration.kind.isTypeLike, declaration.inheritance.contains(where: { $0.typeName.hasSuffix("PreviewProvider") }) {
                return true
            }
            current = declaration.parent
        }
        // `#Preview { … }` is top-level code: found once per file, not by walking back from each site.
        // The ranges are in order and do not overlap: the last one starting at or before the token.
        let bodies = previewBodies[fileIndex]
        var low = 0, high = bodies.count
        while low < high {
            let middle = (low + high) / 2
            if bodies[middle].lowerBound <= token { low = middle + 1 } else { high = middle }
        }
        return low > 0 && bodies[low - 1].contains(token)
    }

    /// For each file, the tokens inside each `#Preview(…) { … }`: arguments and body, brackets
    /// excluded.
    static func previewBodies(in file: FileStructure) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        let tokens = file.tokens
        var position = 0
        while position + 2 < tokens.count {
            defer { position += 1 }
            guard tokens[position].kind == .pound, file.source.tokenText(position + 1, equals: "Preview") else { continue }
            let opener = position + 2
            guard tokens[opener].kind == .leftParen || tokens[opener].kind == .leftBrace else { continue }
            var closer = Int(file.matchingBracket[opener])
            guard closer > opener else { continue }
            if tokens[opener].kind == .leftParen, closer + 1 < tokens.count, tokens[closer + 1].kind == .leftBrace,
               file.matchingBracket[closer + 1] > closer + 1 {
                closer = Int(file.matchingBracket[closer + 1])
            }
            ranges.append((opener + 1)..<closer)
        }
        return ranges
    }
}

/// Builds edits that keep the file's formatting: attributes land with the spacing around them,
/// removals take the whitespace that belonged to what they remove, and a line that becomes empty
/// goes entirely.
struct EditBuilder {
    let file: FileStructure

    var tokens: [Token] { file.tokens }
    var bytes: [UInt8] { file.source.bytes }

    /// Inserts `text` right before the token at `index` (after its leading trivia).
    func insert(_ text: String, before index: Int) -> Edit {
        .insert(text, at: Int(tokens[index].start))
    }

    /// Removes tokens `range` with the whitespace that follows them on the same line; when the
    /// tokens were alone on their line(s), removes those lines.
    func remove(_ range: Range<Int>) -> Edit {
        let first = tokens[range.lowerBound]
        let last = tokens[range.upperBound - 1]
        let start = Int(first.start)
        let end = Int(last.end)
        let lineStart = startOfLine(start)
        let afterEnd = Int(last.trailingEnd)
        let onlyWhitespaceBefore = startsItsLine(start)
        let onlyWhitespaceAfter = bytes[end..<afterEnd].allSatisfy { $0 == Byte.space || $0 == Byte.tab }
        if onlyWhitespaceBefore, onlyWhitespaceAfter, afterEnd == bytes.count || Byte.isLineBreak(bytes[afterEnd]) {
            // The tokens fill their line: remove it, line break included.
            var next = afterEnd
            if next < bytes.count, bytes[next] == Byte.carriageReturn { next += 1 }
            if next < bytes.count, bytes[next] == Byte.newline { next += 1 }
            // Between a blank line and another blank line (or the end), take one blank line too,
            // so removing a declaration does not leave a double gap.
            var start = lineStart
            if isBlankLine(endingAt: lineStart), next == bytes.count || Byte.isLineBreak(bytes[next]) {
                start = startOfLine(lineStart - 1)
            } else if lineStart == textStart, next < bytes.count, Byte.isLineBreak(bytes[next]) {
                // The file's first line: do not leave the file starting with a blank line.
                next += bytes[next] == Byte.carriageReturn && next + 1 < bytes.count && bytes[next + 1] == Byte.newline ? 2 : 1
            }
            return .delete(start..<next)
        }
        // Keep the trailing trivia when it holds a comment; otherwise take its whitespace.
        if onlyWhitespaceAfter, afterEnd < bytes.count, !Byte.isLineBreak(bytes[afterEnd]) {
            return .delete(start..<afterEnd)
        }
        if onlyWhitespaceAfter, onlyWhitespaceBefore == false {
            // At the end of a line after other code: take the whitespace before instead.
            var trimmedStart = start
            while trimmedStart > lineStart, bytes[trimmedStart - 1] == Byte.space || bytes[trimmedStart - 1] == Byte.tab { trimmedStart -= 1 }
            return .delete(trimmedStart..<afterEnd)
        }
        return .delete(start..<end)
    }

    /// Removes tokens `range`, the last thing in the block closed by the `}` at `close`, as
    /// `remove` does, and also the blank line it would leave right before that `}`.
    func removeLast(_ range: Range<Int>, closedBy close: Int) -> Edit {
        let edit = remove(range)
        guard file.startsLine(close), file.startsLine(range.lowerBound), isBlankLine(endingAt: edit.range.lowerBound),
              edit.range.upperBound == startOfLine(Int(tokens[close].start)) else { return edit }
        return .delete(startOfLine(edit.range.lowerBound - 1)..<edit.range.upperBound)
    }

    /// Replaces the text of tokens `range` (trivia outside it untouched).
    func replace(_ range: Range<Int>, with text: String) -> Edit {
        Edit(range: Int(tokens[range.lowerBound].start)..<Int(tokens[range.upperBound - 1].end), replacement: text)
    }

    /// Removes entry `position` of a declaration's inheritance clause, repairing commas, and the
    /// colon when the entry was the only one.
    func removeInheritanceEntry(_ position: Int, of declaration: Declaration) -> Edit {
        removeInheritanceEntries([position], of: declaration)[0]
    }

    /// Removes the entries at `positions` of a declaration's inheritance clause, repairing commas,
    /// and the colon when no entry is left: one edit per entry, none overlapping another.
    func removeInheritanceEntries(_ positions: Set<Int>, of declaration: Declaration) -> [Edit] {
        let entries = declaration.inheritance
        if positions.count == entries.count, let colon = declaration.inheritanceColon {
            // `class M: ObservableObject {` → `class M {`: the colon and entries go, with the space
            // before the colon when there is one (`class M : ObservableObject`).
            var start = Int(tokens[colon].start)
            let previousEnd = Int(tokens[colon - 1].end)
            if start > previousEnd, bytes[previousEnd..<start].allSatisfy({ $0 == Byte.space || $0 == Byte.tab }) { start = previousEnd }
            return [.delete(start..<Int(tokens[entries[entries.count - 1].tokens.upperBound - 1].end))]
        }
        let firstKept = entries.indices.first { !positions.contains($0) } ?? entries.count
        return positions.sorted().map { position in
            let entry = entries[position]
            if position < firstKept {
                // Before every kept entry: up to the next entry's first token.
                return .delete(Int(tokens[entry.tokens.lowerBound].start)..<Int(tokens[entries[position + 1].tokens.lowerBound].start))
            }
            // After a kept entry: from the previous entry's end (its comma goes) to this entry's end.
            let previous = entries[position - 1]
            return .delete(Int(tokens[previous.tokens.upperBound - 1].end)..<Int(tokens[entry.tokens.upperBound - 1].end))
        }
    }

    /// Removes element `position` of a comma-separated list (a call's arguments, a parameter
    /// clause) whose elements are `elements` (`topLevelSegments`, none empty), with the comma that
    /// joined it: after a kept element, from that element's end (`f(a, b)` → `f(a)`, and a line
    /// of its own goes with its line break); first, up to the next element (`f(a, b)` → `f(b)`).
    func removeListElement(at position: Int, of elements: [Range<Int>]) -> Edit {
        let element = elements[position]
        if position > 0 {
            return .delete(Int(tokens[elements[position - 1].upperBound - 1].end)..<Int(tokens[element.upperBound - 1].end))
        }
        if elements.count > 1 {
            return .delete(Int(tokens[element.lowerBound].start)..<Int(tokens[elements[1].lowerBound].start))
        }
        return .delete(Int(tokens[element.lowerBound].start)..<Int(tokens[element.upperBound - 1].end))
    }

    /// The indentation of the line holding `offset`.
    func indentation(ofLineAt offset: Int) -> String {
        let start = startOfLine(offset)
        var end = start
        while end < bytes.count, bytes[end] == Byte.space || bytes[end] == Byte.tab { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The file's line break, as its first line ends: `\r\n`, a lone `\r` (classic Mac, which
    /// Swift accepts too), else `\n`.
    var lineBreak: String {
        guard let end = bytes.firstIndex(where: Byte.isLineBreak), bytes[end] == Byte.carriageReturn else { return "\n" }
        return end + 1 < bytes.count && bytes[end + 1] == Byte.newline ? "\r\n" : "\r"
    }

    /// One level of indentation as the file writes it (four spaces when it cannot tell).
    var indentUnit: String {
        for lineStart in LineMap(bytes).lineStarts where lineStart < bytes.count {
            if bytes[lineStart] == Byte.tab { return "\t" }
            var count = 0
            while lineStart + count < bytes.count, bytes[lineStart + count] == Byte.space { count += 1 }
            if count > 0, count < 8, lineStart + count < bytes.count, bytes[lineStart + count] != Byte.newline {
                return String(repeating: " ", count: count)
            }
        }
        return "    "
    }

    /// Whether the line that ends just before `lineStart` is empty.
    func isBlankLine(endingAt lineStart: Int) -> Bool {
        guard lineStart > textStart else { return false }
        let previousStart = startOfLine(lineStart - 1)
        return bytes[previousStart..<lineStart].allSatisfy { Byte.isLineBreak($0) || $0 == Byte.space || $0 == Byte.tab }
    }

    /// Whether only spaces and tabs stand between the start of its line and `offset`.
    func startsItsLine(_ offset: Int) -> Bool {
        bytes[startOfLine(offset)..<offset].allSatisfy { $0 == Byte.space || $0 == Byte.tab }
    }

    /// The offset of the line break ending the line that holds `offset` (the file's end if
    /// none): where text goes after everything on that line, a trailing comment included.
    func endOfLine(_ offset: Int) -> Int {
        var end = offset
        while end < bytes.count, !Byte.isLineBreak(bytes[end]) { end += 1 }
        return end
    }

    /// Where the file's text starts: after a UTF-8 byte-order mark, which belongs to no line (the
    /// first line's start, so removing that line keeps the mark and leaves no blank line).
    var textStart: Int { bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 }

    /// The offset where the line holding `offset` starts.
    func startOfLine(_ offset: Int) -> Int {
        var position = offset
        // The `\n` of a `\r\n` pair belongs to the line the pair ends, as its `\r` does.
        if position > 0, position < bytes.count, bytes[position] == Byte.newline, bytes[position - 1] == Byte.carriageReturn {
            position -= 1
        }
        let floor = textStart
        while position > floor, !Byte.isLineBreak(bytes[position - 1]) { position -= 1 }
        return position
    }
}
