import SwiftUI

/// A reader renames the library, edits a book, checks it out and adds another; meanwhile the
/// catalogue changes behind the views (an author renamed, a book withdrawn, a title re-sent).
public enum BookReaderScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "book-reader"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let library = Library(name: "Town Library", books: [
            Book(id: 1, title: "Dune", author: Author(name: "Frank Herbert")),
            Book(id: 2, title: "Emma", author: Author(name: "Jane Austen")),
        ])
        return ScriptedApp(
            root: BookReaderApp(library: library),
            steps: [
                .tap("Edit", occurrence: 0),
                .type("Dune Messiah", into: "Title"),
                .toggle("Book is available"),
                .tap("Done"),
                .tap("Add book"),
                .type("City Library", into: "Library name"),
                .mutate("second author renamed") { library.books[1].author.name = "J. Austen" },
                .tap("Edit", occurrence: 1),
                .mutate("first book withdrawn") { library.remove(id: 1) },
                .mutate("title re-sent unchanged") { library.books[0].title = library.books[0].title },
                .type("Persuasion", into: "Title"),
            ],
            probes: [
                Probe("library name") { library.name },
                Probe("book ids") { library.books.map { "\($0.id)" }.joined(separator: ",") },
                Probe("titles") { library.books.map(\.title).joined(separator: " | ") },
                Probe("availability") { library.books.map { "\($0.isAvailable)" }.joined(separator: ",") },
                Probe("authors") { library.books.map(\.author.name).joined(separator: " | ") },
            ]
        )
    }
}
