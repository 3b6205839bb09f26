import SwiftUI

struct BookReaderApp: View {
    let library: Library

    var body: some View {
        LibraryView()
            .environment(library)
    }
}

struct LibraryView: View {
    @Environment(Library.self) var library

    var body: some View {
        @Bindable var library = library
        VStack {
            TextField("Library name", text: $library.name)
            Text("\(library.books.count) books")
            List(library.books) { book in
                BookView(book: book)
            }
            Button("Add book") {
                library.addUntitledBook()
            }
        }
    }
}

struct BookView: View {
    var book: Book
    @State private var isEditing = false

    var body: some View {
        VStack(alignment: .leading) {
            HStack {
                Text(book.title)
                Text(book.isAvailable ? "available" : "checked out")
            }
            AuthorView(author: book.author)
            Button(isEditing ? "Done" : "Edit") {
                isEditing.toggle()
            }
            if isEditing {
                BookEditView(book: book)
            }
        }
    }
}

struct AuthorView: View {
    var author: Author

    var body: some View {
        Text("by \(author.name)")
    }
}

struct BookEditView: View {
    @Bindable var book: Book

    var body: some View {
        VStack {
            TextField("Title", text: $book.title)
            Toggle("Book is available", isOn: $book.isAvailable)
        }
    }
}
