import SwiftUI

struct NoteEditor: View {
    @ObservedObject var note: Note
    @EnvironmentObject private var settings: Settings

    var body: some View {
        Form {
            TextField("Title", text: $note.title)
            TextEditor(text: $note.body)
                .font(.system(size: settings.fontSize))
        }
    }
}
