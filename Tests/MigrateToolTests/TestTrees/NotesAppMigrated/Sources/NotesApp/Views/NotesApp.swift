import SwiftUI

@main
struct NotesApp: App {
    @State private var store = NoteStore()
    @State private var settings = Settings()
    @StateObject private var sync = SyncService()

    var body: some Scene {
        WindowGroup {
            NoteList()
                .environment(store)
                .environment(settings)
                .environmentObject(sync)
        }
    }
}
