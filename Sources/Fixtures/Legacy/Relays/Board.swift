import SwiftUI

/// What the board page shows, read through the container's model.
protocol BoardState {
    var title: String { get }
    var cards: [String] { get }
}

/// What the board page asks for.
protocol BoardIntent {
    func addCard()
}

/// The board's state, which only its intent changes.
final class BoardModel: ObservableObject, BoardState {
    @Published var title = "Sprint"
    @Published var cards: [String] = []
}

/// Turns the page's taps into changes of the model.
final class BoardActions: BoardIntent {
    private let model: BoardModel

    init(model: BoardModel) {
        self.model = model
    }

    func addCard() {
        model.cards.append("card \(model.cards.count + 1)")
    }
}

/// The MVI container: it keeps the intent and the model, and passes the model's changes, handed
/// to it as a publisher, on as its own, so that a page observing only the container re-renders.
final class BoardContainer<Intent, Model>: ObservableObject {
    let intent: Intent
    let model: Model
    private var cancellables = Set<AnyCancellable>()

    init(intent: Intent, model: Model, modelChangePublisher: ObservableObjectPublisher) {
        self.intent = intent
        self.model = model
        modelChangePublisher
            .sink(receiveValue: objectWillChange.send)
            .store(in: &cancellables)
    }
}

/// The page, owning its container.
struct BoardScreen: View {
    @StateObject var container: BoardContainer<BoardIntent, BoardState>

    var body: some View {
        VStack {
            BoardBanner(container: container)
            Text("\(container.model.title): \(container.model.cards.count) cards")
            Button("Add card") {
                container.intent.addCard()
            }
        }
    }
}

extension BoardScreen {
    /// The page over a model, built as MVI apps build their pages.
    static func build(model: BoardModel) -> BoardScreen {
        let container = BoardContainer(
            intent: BoardActions(model: model) as BoardIntent,
            model: model as BoardState,
            modelChangePublisher: model.objectWillChange
        )
        return BoardScreen(container: container)
    }
}

/// Reads nothing of the model: the relay re-renders it with every change; once migrated it no
/// longer re-renders.
struct BoardBanner: View {
    @ObservedObject var container: BoardContainer<BoardIntent, BoardState>

    var body: some View {
        Text("Board")
    }
}
