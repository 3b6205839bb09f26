import SourceScan

/// `var x { willSet { objectWillChange.send() } }`: hand-written publishing. The macro tracks
/// `x` once the `willSet` (or just the call, when it does more) is gone.
struct ObjectWillChangeObserver: Rule {
    static let id = "object-will-change-observer"

    func check(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard role == .manuallyPublished else { return nil }
            let variable = context.declaration(variableID)
            let file = context.files[variableID.file]
            guard let willSet = ModelProperties.objectWillChangeWillSet(variable, file: file),
                  let block = variable.bindings.first?.accessorBlock else { return nil }
            let builder = EditBuilder(file: file)
            let edit: Edit
            if willSet.sendOnly, willSet.accessor.lowerBound == block.lowerBound + 1, willSet.accessor.upperBound == block.upperBound - 1 {
                // The whole observer block was the send: `var x = 0 { willSet {…} }` → `var x = 0`.
                let end = Int(file.tokens[block.upperBound - 1].end)
                var start = Int(file.tokens[block.lowerBound].start)
                while start > 0, file.source.bytes[start - 1] == Byte.space || file.source.bytes[start - 1] == Byte.tab { start -= 1 }
                edit = .delete(start..<end)
            } else if willSet.sendOnly {
                edit = builder.remove(willSet.accessor)
            } else {
                edit = builder.remove(willSet.send)
            }
            return ModelProperties.finding(
                Self.id, .safe, variableID, unit: unit,
                message: "'\(variable.name)' publishes by hand in willSet; @Observable tracks it without that",
                suggestion: "var \(variable.name) (no willSet)", edits: [FileEdit(file: variableID.file, edit: edit)],
                context: context, at: willSet.accessor.lowerBound)
        }
    }
}
