import SwiftUI

@MainActor
final class NoteStore: ObservableObject {
    @Published var notes: [Note] = []
    @Published private(set) var selection: Note.ID?
    @AppStorage("sortOrder") var sortOrder = "date"
    lazy var formatter: DateFormatter = {
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
