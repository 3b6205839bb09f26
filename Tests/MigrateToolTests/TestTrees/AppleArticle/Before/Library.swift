import SwiftUI

class Library: ObservableObject {
    @Published var books: [Book] = [Book(), Book(), Book()]

    var availableBooksCount: Int {
        books.filter(\.isAvailable).count
    }
}
