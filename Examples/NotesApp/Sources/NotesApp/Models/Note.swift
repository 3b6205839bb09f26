import Foundation
import Combine

class Note: Identifiable {
    let id = UUID()
    @Published var title: String
    @Published var body: String
    var createdAt = Date()

    init(title: String, body: String = "") {
        self.title = title
        self.body = body
    }
}
