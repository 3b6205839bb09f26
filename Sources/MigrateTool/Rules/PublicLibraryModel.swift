import SourceScan

/// A `public` or `open` model compiled by a library product that nothing in the scanned tree
/// uses: the product is published for code outside the tree, which may hold the model with
/// `@StateObject`, pass it to `.environmentObject`, or subscribe to `$items`. Migrating it
/// removes that API, and the tool cannot see those clients, so the unit needs review.
struct PublicLibraryModel: Rule {
    static let id = "public-library-model"

    func check(_ context: RuleContext) -> [Finding] {
        guard !context.publishedLibraryFiles.isEmpty else { return [] }
        return context.units.units.compactMap { unit -> Finding? in
            for member in unit.classes + unit.protocols {
                guard let library = context.publishedLibraryFiles[member.file], Self.isVisibleOutsideItsModule(member, context)
                else { continue }
                let declaration = context.declaration(member)
                let file = context.files[member.file]
                return Finding(
                    ruleID: Self.id, fixClass: .review, file: member.file, offset: Int(file.tokens[declaration.keyword].start),
                    message: "'\(declaration.name)' is \(declaration.hasModifier(.open) ? "open" : "public") in '\(library.product)', "
                        + "a library product (\(library.manifest)) that nothing in the scanned tree uses: clients outside it "
                        + "that hold it as an ObservableObject (@StateObject, @ObservedObject, .environmentObject, its $ "
                        + "publishers) stop compiling once it is @Observable",
                    suggestion: nil, unit: unit.id)
            }
            return nil
        }
    }

    /// Whether another module can name the declaration: it and every type around it are
    /// `public` or `open` (an extension passes its type's access on, so it is not a barrier).
    static func isVisibleOutsideItsModule(_ id: DeclarationID, _ context: RuleContext) -> Bool {
        let declarations = context.files[id.file].declarations
        var position: Int? = id.declaration
        while let current = position {
            let declaration = declarations[current]
            if declaration.kind != .extension, !(declaration.hasModifier(.public) || declaration.hasModifier(.open)) { return false }
            position = declaration.parent
        }
        return true
    }
}
