import SwiftUI

@main
struct NotesApp: App {
    @StateObject private var store = NoteStore()
    @StateObject private var settings = Settings()
    @StateObject private var sync = SyncService()

    var body: some Scene {
        WindowGroup {
            NoteList()
                .environmentObject(store)
                .environmentObject(settings)
                .environmentObject(sync)
        }
    }
}
