import SwiftUI

/// `$query` feeds a pipeline inside the model; `$results` is followed from another object.
final class SearchModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init() {
        $query
            .map { text in text.isEmpty ? [] : [text, text + "s"] }
            .sink { [weak self] found in self?.results = found }
            .store(in: &cancellables)
    }
}

/// Records every result list the model publishes after the first, as an analytics object does.
final class SearchHistory {
    private(set) var seen: [String] = []
    private var cancellable: AnyCancellable?

    init(following model: SearchModel) {
        cancellable = model.$results
            .dropFirst()
            .sink { [weak self] results in self?.seen.append(results.joined(separator: "+")) }
    }
}

struct SearchView: View {
    @ObservedObject var model: SearchModel

    var body: some View {
        VStack {
            TextField("Query", text: $model.query)
            Text(model.results.isEmpty ? "No results" : model.results.joined(separator: ", "))
        }
    }
}
