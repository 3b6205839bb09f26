import SourceScan

/// The rows that `ForEach` or `List` over a binding of a model's collection hands its closure
/// (`ForEach($importer.items) { $item in … }`). Writing `item`, or a member of it when the
/// elements are a struct or enum of the tree, writes the model's `items` through the binding,
/// as `importer.items[i].name = v` would: the published property's setter runs under the legacy
/// model, and under the macro the binding writes through the model's key path, which it tracks.
/// So a send from outside the model next to such a write announces a tracked change.
struct BindingElements {
    /// Each row's name (without `$`) and the model's collection property it comes from.
    let collections: [String: String]
    /// The rows read as properties of the model, for `ModelStateChanges.isTrackedChange`: each
    /// tracked, and a value type when the collection's elements are a struct or enum of the tree
    /// (so `item.a = v` writes back; a class row's members change the object, not the collection).
    let changes: ModelStateChanges
    /// From the outermost row closure's `{`: where a local of a row's name would shadow it.
    let scopeStart: Int

    /// The rows of the closures holding `token` inside the declaration whose tokens start at
    /// `start`, whose call is `ForEach($receiver.p, …) { $row in … }` or `List(…)` alike, with `p`
    /// a property the model tracks; nil when there are none.
    init?(around token: Int, from start: Int, receiver: String, model: ModelStateChanges, _ file: FileStructure,
          _ context: RuleContext) {
        let tokens = file.tokens
        var collections: [String: String] = [:]
        var rows: [String: ModelStateChanges.Property] = [:]
        var scopeStart: Int?
        for open in start..<token where tokens[open].kind == .leftBrace && file.closing(open) > token {
            guard let row = Self.rowName(closure: open, file), let property = Self.boundCollection(before: open, receiver: receiver, file),
                  let tracked = model.properties[property], tracked.tracking == .tracked else { continue }
            let elementIsValue = Self.elementIsValue(tracked.id, property: property, context)
            collections[row] = property
            rows[row] = ModelStateChanges.Property(id: tracked.id, tracking: .tracked, isValueType: elementIsValue,
                                                   isClass: !elementIsValue)
            scopeStart = scopeStart ?? open
        }
        guard let scopeStart else { return nil }
        self.collections = collections
        self.changes = ModelStateChanges(classID: model.classID, properties: rows)
        self.scopeStart = scopeStart
    }

    /// The collection a whole statement changes through a row (`row = v`, `row.name = v`,
    /// `row.tags.append(t)`), and the row's name; nil for anything else, `self.row` included.
    func change(_ statement: Range<Int>, _ file: FileStructure) -> (collection: String, row: String)? {
        let first = statement.lowerBound
        guard file.tokens[first].kind == .identifier, case let row = String(file.source.text(first)),
              let collection = collections[row],
              changes.isTrackedChange(statement, in: file, scope: scopeStart..<statement.upperBound, parameters: nil)
        else { return nil }
        return (collection, row)
    }

    /// `row` of a closure opening `{ $row in` or `{ ($row) in`.
    private static func rowName(closure open: Int, _ file: FileStructure) -> String? {
        let tokens = file.tokens
        var index = open + 1
        let parenthesized = index < tokens.count && tokens[index].kind == .leftParen
        if parenthesized { index += 1 }
        guard index + 1 < tokens.count, tokens[index].kind == .dollarIdentifier else { return nil }
        let name = String(file.source.text(index).dropFirst())
        index += 1
        if parenthesized {
            guard tokens[index].kind == .rightParen else { return nil }
            index += 1
        }
        guard index < tokens.count, tokens[index].word == .in, !name.isEmpty else { return nil }
        return name
    }

    /// `p` when the closure opening at `open` trails `ForEach($receiver.p, …)` or `List(…)` alike.
    private static func boundCollection(before open: Int, receiver: String, _ file: FileStructure) -> String? {
        let tokens = file.tokens
        guard open > 0, tokens[open - 1].kind == .rightParen, !file.startsLine(open) else { return nil }
        let paren = Int(file.matchingBracket[open - 1])
        guard paren > 0, paren + 4 < open, tokens[paren - 1].kind == .identifier,
              file.source.tokenText(paren - 1, equals: "ForEach") || file.source.tokenText(paren - 1, equals: "List"),
              tokens[paren + 1].kind == .dollarIdentifier, file.source.tokenText(paren + 1, equals: "$" + receiver),
              tokens[paren + 2].kind == .period, tokens[paren + 3].kind == .identifier,
              tokens[paren + 4].kind == .comma || paren + 4 == open - 1 else { return nil }
        return String(file.source.text(paren + 3))
    }

    /// Whether the collection property holds structs or enums of the tree: its written type says
    /// so (`[Item]`, `Array<Item>`), or, without one, its initial value (`[Item]()`, or an array
    /// literal whose first element calls one: `[Item(id: 1)]`).
    private static func elementIsValue(_ id: DeclarationID, property: String, _ context: RuleContext) -> Bool {
        let declaration = context.declaration(id)
        let file = context.files[id.file]
        guard let binding = declaration.bindings.first(where: { $0.name == property }) else { return false }
        let scope = DeclarationID(file: id.file, declaration: declaration.parent ?? -1)
        let element: ResolvedType?
        if let annotation = binding.typeAnnotation {
            element = context.index.typer.collectionElement(written: file.compactText(annotation), from: scope)
        } else if let initializer = binding.initializer, file.tokens[initializer.lowerBound].kind == .leftSquare {
            let close = file.closing(initializer.lowerBound)
            let tokens = file.tokens
            if close + 3 == initializer.upperBound, tokens[close + 1].kind == .leftParen, tokens[close + 2].kind == .rightParen {
                // `[Item]()`.
                element = context.index.typer.collectionElement(written: file.compactText(initializer.lowerBound..<(close + 1)), from: scope)
            } else if close + 1 == initializer.upperBound,
                      let first = file.topLevelSegments((initializer.lowerBound + 1)..<close).first, !first.isEmpty,
                      let paren = first.firstIndex(where: { tokens[$0].kind == .leftParen }), file.closing(paren) + 1 == first.upperBound,
                      (first.lowerBound..<paren).allSatisfy({ tokens[$0].kind == .identifier || tokens[$0].kind == .period }) {
                // `[Item(id: 1), …]`: the first element's type, called by name.
                element = context.types.resolve(file.compactText(first.lowerBound..<paren), from: scope)
            } else {
                element = nil
            }
        } else {
            element = nil
        }
        guard case .declared(let type) = element else { return false }
        let kind = context.declaration(type).kind
        return kind == .struct || kind == .enum
    }
}
