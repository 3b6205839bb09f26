import SwiftUI

final class AppModel: ObservableObject {
    @Published var notes: [String] = []
}

struct NotesList: View {
    @EnvironmentObject var model: AppModel

    var body: some View {
        List(model.notes, id: \.self) { Text($0) }
    }
}
