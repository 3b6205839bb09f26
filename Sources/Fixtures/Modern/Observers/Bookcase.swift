import SwiftUI
import Observation

/// The reader's settings: the bookcase re-lays out its pages whenever they are about to change.
@Observable final class ReaderSettings {
    var fontSize = 14
    private(set) var theme = "light"
    /// Never announced: the bookcase's layout does not depend on it.
    var lastOpened = "none"

    func toggleTheme() {
        theme = theme == "light" ? "dark" : "light"
    }
}

/// The books on the shelf, which the bookcase may or may not have been given.
@Observable final class Shelf {
    var books: [String] = []
}

/// A model observing two others from outside, as a layout cache or a sync engine does: every
/// announced change of the settings counts a layout pass, every change of the shelf (reached
/// through an optional) a shelf refresh. Stopping cancels both observers.
@Observable final class Bookcase {
    var layoutPasses = 0
    var shelfRefreshes = 0
    let settings: ReaderSettings
    private(set) var shelf: Shelf?
    private var cancellables = Set<AnyCancellable>()

    init(settings: ReaderSettings, shelf: Shelf?) {
        self.settings = settings
        self.shelf = shelf
        observationWillChange(of: settings) { _ = ($0.fontSize, $0.theme) }
            .sink { [weak self] _ in self?.layoutPasses += 1 }
            .store(in: &cancellables)
        observationWillChange(of: shelf) { _ = $0.books }.sink { [weak self] in
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
    var bookcase: Bookcase

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
    var settings: ReaderSettings

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

/// A publisher of an `@Observable` object's coming changes, as Combine announced them before the
/// migration: it emits before each change of a property `read` reads, until the subscription is
/// cancelled or the object is released. Added by observation-migrate.
fileprivate func observationWillChange<Source: AnyObject>(
    of source: Source?, reading read: @escaping (Source) -> Void
) -> AnyPublisher<Void, Never> {
    let tracker = ObservationWillChangeTracker(source, reading: read)
    return tracker.changes.handleEvents(receiveCancel: tracker.stop).eraseToAnyPublisher()
}

/// Re-arms `withObservationTracking` after every change it reports (observation-migrate).
fileprivate final class ObservationWillChangeTracker<Source: AnyObject>: @unchecked Sendable {
    let changes = PassthroughSubject<Void, Never>()
    private weak var source: Source?
    private let read: (Source) -> Void
    private let lock = NSLock()
    private var isStopped = false

    init(_ source: Source?, reading read: @escaping (Source) -> Void) {
        self.source = source
        self.read = read
        track()
    }

    func stop() {
        lock.lock()
        isStopped = true
        lock.unlock()
    }

    private func track() {
        lock.lock()
        let isStopped = isStopped
        lock.unlock()
        guard !isStopped, let source else { return }
        withObservationTracking { read(source) } onChange: { [self] in
            changes.send()
            track()
        }
    }
}
