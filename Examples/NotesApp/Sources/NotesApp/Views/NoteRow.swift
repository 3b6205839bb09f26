import SwiftUI

struct NoteRow: View {
    @ObservedObject var note: Note

    var body: some View {
        VStack(alignment: .leading) {
            Text(note.title)
            Text(note.body).lineLimit(1)
        }
    }
}
