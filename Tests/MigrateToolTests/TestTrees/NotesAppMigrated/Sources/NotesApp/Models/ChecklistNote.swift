import Foundation
import Observation

@Observable final class ChecklistNote: Note {
    var items: [String] = []

    @ObservationIgnored override var title: String {
        didSet { items.removeAll { $0.isEmpty } }
    }
}
