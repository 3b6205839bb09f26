import SwiftUI
import Observation

@MainActor
@Observable
final class NoteStore {
    var notes: [Note] = []
    private(set) var selection: Note.ID?
    @ObservationIgnored @AppStorage("sortOrder") var sortOrder = "date"
    @ObservationIgnored lazy var formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()
    private var saveCount = 0

    func add(_ note: Note) {
        notes.append(note)
        selection = note.id
        saveCount += 1
    }
}
