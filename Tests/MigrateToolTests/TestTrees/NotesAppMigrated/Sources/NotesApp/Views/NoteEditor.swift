import SwiftUI

struct NoteEditor: View {
    @Bindable var note: Note
    @Environment(Settings.self) private var settings

    var body: some View {
        Form {
            TextField("Title", text: $note.title)
            TextEditor(text: $note.body)
                .font(.system(size: settings.fontSize))
        }
    }
}
