import SwiftUI

/// The reader's settings: the bookcase re-lays out its pages whenever they are about to change.
final class ReaderSettings: ObservableObject {
    @Published var fontSize = 14
    @Published private(set) var theme = "light"
    /// Never announced: the bookcase's layout does not depend on it.
    var lastOpened = "none"

    func toggleTheme() {
        theme = theme == "light" ? "dark" : "light"
    }
}

/// The books on the shelf, which the bookcase may or may not have been given.
final class Shelf: ObservableObject {
    @Published var books: [String] = []
}

/// A model observing two others from outside, as a layout cache or a sync engine does: every
/// announced change of the settings counts a layout pass, every change of the shelf (reached
/// through an optional) a shelf refresh. Stopping cancels both observers.
final class Bookcase: ObservableObject {
    @Published var layoutPasses = 0
    @Published var shelfRefreshes = 0
    let settings: ReaderSettings
    private(set) var shelf: Shelf?
    private var cancellables = Set<AnyCancellable>()

    init(settings: ReaderSettings, shelf: Shelf?) {
        self.settings = settings
        self.shelf = shelf
        settings.objectWillChange
            .sink { [weak self] _ in self?.layoutPasses += 1 }
            .store(in: &cancellables)
        shelf?.objectWillChange.sink { [weak self] in
            self?.shelfRefreshes += 1
        }
        .store(in: &cancellables)
    }

    func stopWatching() {
        cancellables.removeAll()
    }
}

/// Shows what the observers counted, and changes the settings.
struct BookcaseScreen: View {
    @ObservedObject var bookcase: Bookcase

    var body: some View {
        VStack {
            Text("\(bookcase.layoutPasses) layout passes, \(bookcase.shelfRefreshes) shelf refreshes")
            SettingsControls(settings: bookcase.settings)
            Button("Stop watching") {
                bookcase.stopWatching()
            }
        }
    }
}

/// Reads and changes the settings.
struct SettingsControls: View {
    @ObservedObject var settings: ReaderSettings

    var body: some View {
        VStack {
            Text("\(settings.fontSize) pt, \(settings.theme)")
            Button("Bigger") {
                settings.fontSize += 2
            }
            Button("Theme") {
                settings.toggleTheme()
            }
        }
    }
}
