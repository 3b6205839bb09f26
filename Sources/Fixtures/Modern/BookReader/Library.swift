import SwiftUI
import Observation

/// The books a reader can browse, borrow and edit.
@Observable class Library {
    var name: String
    var books: [Book]

    init(name: String, books: [Book]) {
        self.name = name
        self.books = books
    }

    func addUntitledBook() {
        let nextID = (books.map(\.id).max() ?? 0) + 1
        books.append(Book(id: nextID, title: "Untitled", author: Author(name: "Anonymous")))
    }

    func remove(id: Book.ID) {
        books.removeAll { $0.id == id }
    }
}

/// One book; its title and availability are edited in place.
@Observable class Book: Identifiable {
    let id: Int
    var title: String
    var isAvailable = true
    let author: Author

    init(id: Int, title: String, author: Author) {
        self.id = id
        self.title = title
        self.author = author
    }
}

/// The person who wrote a book.
@Observable class Author {
    var name: String

    init(name: String) {
        self.name = name
    }
}
