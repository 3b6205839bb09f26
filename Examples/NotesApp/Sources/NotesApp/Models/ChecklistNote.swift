import Foundation

final class ChecklistNote: Note {
    @Published var items: [String] = []

    override var title: String {
        didSet { items.removeAll { $0.isEmpty } }
    }
}
