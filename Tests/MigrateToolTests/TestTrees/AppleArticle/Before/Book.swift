import SwiftUI

class Book: ObservableObject, Identifiable {
    @Published var title = "Sample Book Title"
    @Published var isAvailable = true
}
