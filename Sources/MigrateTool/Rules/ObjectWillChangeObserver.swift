import SourceScan

/// `var x { willSet { objectWillChange.send() } }` (or in `didSet`): hand-written publishing.
/// The macro tracks `x` once the observer (or just the call, when it does more) is gone. The
/// same call on a `@Published` property announced the change twice; it goes too.
struct ObjectWillChangeObserver: Rule {
    static let id = "object-will-change-observer"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard role == .manuallyPublished || role == .published else { return nil }
            let variable = context.declaration(variableID)
            let file = context.files[variableID.file]
            guard let observer = ModelProperties.objectWillChangeObserver(variable, file: file),
                  let block = variable.bindings.first?.accessorBlock else { return nil }
            let observerName = file.source.text(observer.accessor.lowerBound)
            let builder = EditBuilder(file: file)
            let edit: Edit
            if observer.sendOnly, observer.accessor.lowerBound == block.lowerBound + 1, observer.accessor.upperBound == block.upperBound - 1 {
                // The whole observer block was the send: `var x = 0 { willSet {…} }` → `var x = 0`.
                let end = Int(file.tokens[block.upperBound - 1].end)
                var start = Int(file.tokens[block.lowerBound].start)
                while start > 0, file.source.bytes[start - 1] == Byte.space || file.source.bytes[start - 1] == Byte.tab { start -= 1 }
                edit = .delete(start..<end)
            } else if observer.sendOnly {
                edit = builder.remove(observer.accessor)
            } else {
                edit = builder.remove(observer.send)
            }
            return ModelProperties.finding(
                Self.id, .safe, variableID, unit: unit,
                message: role == .published
                    ? "'\(variable.name)' is @Published and sends objectWillChange again in \(observerName); @Observable tracks it, the call goes"
                    : "'\(variable.name)' publishes by hand in \(observerName); @Observable tracks it without that",
                suggestion: "var \(variable.name) (no \(observerName))", edits: [FileEdit(file: variableID.file, edit: edit)],
                context: context, at: observer.accessor.lowerBound)
        }
    }
}
