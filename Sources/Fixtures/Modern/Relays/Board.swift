import SwiftUI
import Observation

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
@Observable final class BoardModel: BoardState {
    var title = "Sprint"
    var cards: [String] = []
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
@Observable final class BoardContainer<Intent, Model> {
    let intent: Intent
    let model: Model
    private var cancellables = Set<AnyCancellable>()

    init(intent: Intent, model: Model) {
        self.intent = intent
        self.model = model
    }
}

/// The page, owning its container.
struct BoardScreen: View {
    @State var container: BoardContainer<BoardIntent, BoardState>

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
            model: model as BoardState
        )
        return BoardScreen(container: container)
    }
}

/// Reads nothing of the model: the relay re-renders it with every change; once migrated it no
/// longer re-renders.
struct BoardBanner: View {
    var container: BoardContainer<BoardIntent, BoardState>

    var body: some View {
        Text("Board")
    }
}
