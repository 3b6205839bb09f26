import SourceScan

/// Classifies the stored properties of a migrated model, so each gets exactly one rule: the
/// macro tracks a `@Published` property; wrapped, lazy and deinit-read ones must be ignored.
enum PropertyRole: Equatable {
    /// `@Published`: the attribute goes, the macro tracks it.
    case published
    /// `var x { willSet { objectWillChange.send() } }` (or `didSet`): the observer goes, the macro tracks it.
    case manuallyPublished
    /// `lazy var`: must be ignored or it does not compile.
    case lazy
    /// Another property wrapper: must be ignored or it does not compile.
    case wrapped(Attribute)
    /// `override var` with observers in a subclass: ignored, the base notifies.
    case overridingObserver
    /// `@objc dynamic`: KVO, decided by hand.
    case dynamic
    /// A plain stored `var`: what becomes of it is the configuration's `unpublishedProperties`
    /// (tracked by default, plumbing ignored; see `UnpublishedStoredProperty`).
    case plainStored
    /// Read in `deinit` of a `@MainActor` model and not published: ignored, as required there.
    case readInDeinit
    /// Not stored, a constant, static, the model's own `objectWillChange`, or already ignored.
    case untouched
}

enum ModelProperties {
    /// Attributes that are not property wrappers and so need no `@ObservationIgnored`.
    static var nonWrapperAttributes: Set<String> { PropertyAttributes.nonWrapper }

    /// The role of a variable declared in a migrated model.
    static func role(of variableID: DeclarationID, in context: RuleContext, deinitReads: Set<String>) -> PropertyRole {
        let variable = context.declaration(variableID)
        // `@ObservationIgnored @Published` (a class that is already `@Observable` and still an
        // `ObservableObject`) notified through the publisher: it becomes tracked like any other,
        // unless it is a publisher bridge's mirror, which stays as it is.
        guard variable.kind == .variable, !variable.isLet, context.isStored(variable),
              variable.attribute(named: "ObservationIgnored") == nil || variable.attribute(named: "Published") != nil,
              !ModelGraph.isPublisherMirror(variableID, context.types),
              !variable.bindings.contains(where: { $0.name == "objectWillChange" }) else { return .untouched }
        if variable.attribute(named: "Published") != nil { return .published }
        if variable.hasModifier(.dynamic) { return .dynamic }
        if variable.hasModifier(.override) { return variable.bindings.contains(where: \.hasObservers) ? .overridingObserver : .untouched }
        if let wrapper = variable.attributes.first(where: { !nonWrapperAttributes.contains(String($0.baseName)) }) {
            return .wrapped(wrapper)
        }
        if variable.hasModifier(.lazy) { return .lazy }
        if sendsObjectWillChangeInObserver(variable, file: context.files[variableID.file]) { return .manuallyPublished }
        if variable.bindings.contains(where: { $0.name.map(deinitReads.contains) ?? false }) { return .readInDeinit }
        return .plainStored
    }

    /// The `willSet` or `didSet` observer of a variable when it calls `objectWillChange.send()`;
    /// the token range of the observer and of the call, and whether the call is its only statement.
    static func objectWillChangeObserver(_ variable: Declaration, file: FileStructure) -> (accessor: Range<Int>, sendOnly: Bool, send: Range<Int>)? {
        guard let block = variable.bindings.first?.accessorBlock, variable.bindings.first?.hasObservers == true else { return nil }
        for (word, open) in file.accessors(inBlock: block) where word == .willSet || word == .didSet {
            let close = file.closing(open)
            guard let send = sendCall(in: (open + 1)..<close, file: file) else { continue }
            var keyword = open - 1
            while file.tokens[keyword].word != word { keyword -= 1 }
            return (keyword..<(close + 1), send.lowerBound == open + 1 && send.upperBound == close, send)
        }
        return nil
    }

    static func sendsObjectWillChangeInObserver(_ variable: Declaration, file: FileStructure) -> Bool {
        objectWillChangeObserver(variable, file: file) != nil
    }

    /// `objectWillChange.send()`, `self.objectWillChange.send()` or, in a closure capturing
    /// `self` weakly, `self?.objectWillChange.send()` in `range`, as a token range.
    static func sendCall(in range: Range<Int>, file: FileStructure) -> Range<Int>? {
        var index = range.lowerBound
        while index + 3 < range.upperBound {
            if file.source.tokenText(index, equals: "objectWillChange"), file.tokens[index + 1].kind == .period,
               file.source.tokenText(index + 2, equals: "send"), file.tokens[index + 3].kind == .leftParen {
                var start: Int? = index
                if index > range.lowerBound, file.tokens[index - 1].kind == .period {
                    // Only the model's own publisher: `workspace?.objectWillChange.send()` announces
                    // another object's change, and is no send of this property's.
                    if index >= range.lowerBound + 2, file.tokens[index - 2].word == .self {
                        start = index - 2
                    } else if index >= range.lowerBound + 3, file.tokens[index - 2].kind == .postfixQuestionMark,
                              file.tokens[index - 3].word == .self {
                        start = index - 3
                    } else {
                        start = nil
                    }
                }
                if let start { return start..<(file.closing(index + 3) + 1) }
            }
            index += 1
        }
        return nil
    }

    /// Names of stored properties read in the `deinit` of a `@MainActor` model class.
    static func namesReadInDeinit(of classID: DeclarationID, in context: RuleContext) -> Set<String> {
        guard isMainActor(classID, context) else { return [] }
        var names = Set<String>()
        for memberID in context.modelMembers[classID] ?? [] {
            let member = context.declaration(memberID)
            guard member.kind == .deinitializer, let body = member.body else { continue }
            let file = context.files[memberID.file]
            for index in (body.lowerBound + 1)..<(body.upperBound - 1) where file.tokens[index].kind == .identifier {
                let previous = file.tokens[index - 1]
                if previous.kind == .period, !(file.tokens[index - 2].word == .self) { continue }
                names.insert(file.source.text(index))
            }
        }
        return names
    }

    /// Whether a model class, or a class it inherits from in the tree, is `@MainActor`.
    static func isMainActor(_ classID: DeclarationID, _ context: RuleContext) -> Bool {
        var current: DeclarationID? = classID
        var depth = 0
        while let id = current, depth < 16 {
            if context.declaration(id).attribute(named: "MainActor") != nil { return true }
            current = context.index.graph.superclass(of: id, context.types)
            depth += 1
        }
        return false
    }

    /// Every (unit, class, variable, role) of the tree's models, for the property rules.
    static func all(in context: RuleContext) -> [(unit: Int, classID: DeclarationID, variable: DeclarationID, role: PropertyRole)] {
        var result: [(Int, DeclarationID, DeclarationID, PropertyRole)] = []
        for unit in context.units.units {
            // A class that already carries `@Observable` (a subclass migrated on its own, its
            // superclass still an ObservableObject; a model half-way through) has its properties
            // tracked or ignored as its author left them: nothing of theirs changes meaning, but
            // for `@ObservationIgnored @Published`, which the conformance's publisher announced.
            for classID in unit.classes {
                let alreadyObservable = context.declaration(classID).attribute(named: "Observable") != nil
                let deinitReads = namesReadInDeinit(of: classID, in: context)
                for variableID in context.variables(ofModel: classID) {
                    let role = role(of: variableID, in: context, deinitReads: deinitReads)
                    guard !alreadyObservable || (role == .published && context.declaration(variableID).attribute(named: "ObservationIgnored") != nil)
                    else { continue }
                    result.append((unit.id, classID, variableID, role))
                }
            }
        }
        return result
    }

    /// `@ObservationIgnored ` before a variable's first token.
    static func ignoreEdit(_ variableID: DeclarationID, _ context: RuleContext) -> FileEdit {
        let variable = context.declaration(variableID)
        let file = context.files[variableID.file]
        return FileEdit(file: variableID.file, edit: EditBuilder(file: file).insert("@ObservationIgnored ", before: variable.tokens.lowerBound))
    }

    /// A finding at a variable's first token.
    static func finding(_ ruleID: String, _ fixClass: FixClass, _ variableID: DeclarationID, unit: Int, message: String,
                        suggestion: String?, edits: [FileEdit], context: RuleContext, at token: Int? = nil) -> Finding {
        let variable = context.declaration(variableID)
        let file = context.files[variableID.file]
        return Finding(ruleID: ruleID, fixClass: fixClass, file: variableID.file,
                       offset: Int(file.tokens[token ?? variable.tokens.lowerBound].start), message: message,
                       suggestion: suggestion, edits: edits, unit: unit)
    }
}
