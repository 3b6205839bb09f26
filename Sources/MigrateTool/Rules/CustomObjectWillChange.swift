import SourceScan

/// A model that declares its own `objectWillChange`. Spelled exactly as the one the protocol
/// gives it (`let objectWillChange = ObservableObjectPublisher()`, often to make it `nonisolated`
/// or to satisfy a protocol), it is that publisher: `@Published` sends to it, and the declaration
/// goes with the class's migration, its sends and subscribers handled as any others. Any other
/// publisher (a subject, a computed property that coalesces or forwards) is a design that needs a
/// person, and blocks the unit.
struct CustomObjectWillChange: Rule {
    static let id = "custom-object-will-change"

    func check(_ context: RuleContext) -> [Finding] {
        ObservationUse.objectWillChangeSites(.declaration, context).map { unit, site in
            let file = context.files[site.file]
            if let owner = site.ownerID, Self.isThePlainPublisher(context.declaration(owner), file) {
                let declaration = context.declaration(owner)
                return Finding(ruleID: Self.id, fixClass: .safe, file: site.file, offset: Int(file.tokens[site.token].start),
                               message: "the model's own objectWillChange is the publisher ObservableObject gives it; it goes, and "
                                   + "its sends and subscribers are migrated as any others",
                               suggestion: nil, edits: [FileEdit(file: site.file, edit: EditBuilder(file: file).remove(declaration.tokens))],
                               unit: unit)
            }
            return ObservationUse.blocker(
                Self.id, site, unit: unit, message: "the model declares its own objectWillChange, which Observation cannot keep",
                suggestion: "decide by hand: per-property tracking usually replaces the coalescing this publisher did", context)
        }
    }

    /// `[modifiers] let|var objectWillChange[: [Combine.]ObservableObjectPublisher] = [Combine.]ObservableObjectPublisher()`
    /// (or `= .init()` after the annotation), one binding, no accessors, no attributes.
    static func isThePlainPublisher(_ variable: Declaration, _ file: FileStructure) -> Bool {
        let publisher: Set<String> = ["ObservableObjectPublisher", "Combine.ObservableObjectPublisher"]
        guard variable.kind == .variable, variable.attributes.isEmpty, variable.bindings.count == 1,
              let binding = variable.bindings.first, binding.name == "objectWillChange", binding.accessorBlock == nil,
              let initializer = binding.initializer else { return false }
        let value = file.compactText(initializer)
        guard let annotation = binding.typeAnnotation else { return publisher.contains { value == $0 + "()" } }
        return publisher.contains(file.compactText(annotation)) && (value == ".init()" || publisher.contains { value == $0 + "()" })
    }
}
