import Foundation
import Observation

@Observable class Note: Identifiable {
    let id = UUID()
    var title: String
    var body: String
    var createdAt = Date()

    init(title: String, body: String = "") {
        self.title = title
        self.body = body
    }
}
