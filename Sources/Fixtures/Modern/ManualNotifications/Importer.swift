import SwiftUI
import Observation

/// Rows edited through the bindings `ForEach($importer.items)` hands them: a row trims its
/// name through its binding, then the view announces the change from outside the model. The
/// binding writes the collection back through the model, which publishes it, so the migration
/// deletes the call (object-will-change-send, review) and the screens match.
@Observable final class Importer {
    struct Item: Identifiable {
        var id: Int
        var name: String
    }

    var items = [Item(id: 1, name: "  Knight "), Item(id: 2, name: "Dragon   ")]
}

struct ImporterView: View {
    @Bindable var importer: Importer

    var body: some View {
        VStack {
            Text(importer.items.map { "[\($0.name)]" }.joined(separator: " "))
            ForEach($importer.items) { $item in
                Button("Trim \(item.id)") {
                    item.name = item.name.trimmedOfSpaces
                }
            }
        }
    }
}

extension String {
    /// The text without the spaces around it (no Foundation in the fixtures).
    var trimmedOfSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
