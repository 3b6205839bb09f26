import Combine
import SwiftUI

final class AppModel: ObservableObject {
    @Published var query = ""
    @Published var results: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init() {
        $query.sink { [weak self] text in self?.results = [text] }.store(in: &cancellables)
    }
}

struct PhotosRoot: View {
    var body: some View {
        Grid().environmentObject(makeEnvironment())
    }
}

struct Grid: View {
    @EnvironmentObject var model: AppModel

    var body: some View {
        Text(model.query)
    }
}
