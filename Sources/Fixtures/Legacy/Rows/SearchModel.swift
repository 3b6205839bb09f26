import SwiftUI

/// `$query` feeds a pipeline inside the model that assigns `results`; `$results` is followed
/// from another object.
final class SearchModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []

    init() {
        $query
            .map { text in text.isEmpty ? [] : [text, text + "s"] }
            .assign(to: &$results)
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
