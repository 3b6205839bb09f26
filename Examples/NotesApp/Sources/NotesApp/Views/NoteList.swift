import SwiftUI

struct NoteList: View {
    @EnvironmentObject var store: NoteStore
    @EnvironmentObject var sync: SyncService

    var body: some View {
        NavigationStack {
            List(store.notes) { note in
                NavigationLink(note.title) {
                    NoteEditor(note: note)
                }
            }
            .toolbar {
                Text(sync.status)
                Button("Add") { store.add(Note(title: "New note")) }
            }
        }
    }
}
