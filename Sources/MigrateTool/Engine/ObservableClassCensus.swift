import SourceScan

/// How the tree's existing `@Observable` classes treat their own private stored properties: the
/// facts `UnpublishedStoredProperty.inferenceRule` decides from when the configuration says
/// `"unpublishedProperties": "infer"`. Teams follow one convention nearly all-or-nothing, and
/// the classes they already wrote show it.
///
/// Counted: stored instance `var`s of a class carrying `@Observable`, declared `private`,
/// `private(set)` or `fileprivate` (what only the class itself changes, where the choice is the
/// team's rather than the API's), carrying no attribute but `@ObservationIgnored` and actor or
/// availability attributes (a property wrapper must be ignored under the macro, so it shows no
/// choice), neither plumbing (`Plumbing.kind`) nor a closure (both are ignored by teams that track
/// everything else). The whole scanned tree counts together: one decision per run.
struct ObservableClassCensus: Sendable, Equatable {
    /// `@Observable` classes in the scanned tree.
    var classes = 0
    /// Their private stored properties counted (see the type's documentation).
    var counted = 0
    /// Of `counted`, those marked `@ObservationIgnored`.
    var ignored = 0

    /// Attributes that leave a property counted: they change neither storage nor observation.
    static let neutralAttributes: Set<String> = ["ObservationIgnored", "MainActor", "available", "objc", "nonobjc", "preconcurrency"]

    /// Counts the classes of the context's tree.
    init(_ context: RuleContext) {
        classes = Self.forEachObservableClassMember(context) { classID, variableID in
            guard Self.isCounted(variableID, in: classID, context) else { return }
            counted += 1
            if context.declaration(variableID).attribute(named: "ObservationIgnored") != nil { ignored += 1 }
        }
    }

    /// Calls `body` with each member of each class carrying `@Observable` in the tree (the class
    /// body's own members, not its extensions'); returns how many such classes there are. The walk
    /// every census of existing `@Observable` code shares.
    @discardableResult
    static func forEachObservableClassMember(_ context: RuleContext,
                                             _ body: (_ classID: DeclarationID, _ memberID: DeclarationID) -> Void) -> Int {
        var classes = 0
        for (fileIndex, file) in context.files.enumerated() {
            for (position, declaration) in file.declarations.enumerated()
            where declaration.kind == .class && declaration.attribute(named: "Observable") != nil {
                classes += 1
                let classID = DeclarationID(file: fileIndex, declaration: position)
                for member in file.members(of: position) { body(classID, DeclarationID(file: fileIndex, declaration: member)) }
            }
        }
        return classes
    }

    /// Builds a census from its figures (tests, and documentation of the thresholds).
    init(classes: Int, counted: Int, ignored: Int) {
        (self.classes, self.counted, self.ignored) = (classes, counted, ignored)
    }

    /// Whether a member of an `@Observable` class is one of the properties counted.
    static func isCounted(_ variableID: DeclarationID, in classID: DeclarationID, _ context: RuleContext) -> Bool {
        let variable = context.declaration(variableID)
        guard context.isStored(variable), !variable.isLet,
              variable.modifiers.contains(where: { $0.word == .private || $0.word == .fileprivate }),
              variable.attributes.allSatisfy({ neutralAttributes.contains(String($0.baseName)) }) else { return false }
        let file = context.files[variableID.file]
        let isClosure = variable.bindings.contains { binding in
            binding.typeAnnotation.map { file.compactText($0).contains("->") } ?? false
        }
        return !isClosure && Plumbing.kind(of: variableID, in: classID, context) == nil
    }
}
