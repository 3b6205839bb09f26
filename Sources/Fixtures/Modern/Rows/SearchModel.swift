import SwiftUI
import Observation

/// `$query` feeds a pipeline inside the model that assigns `results`; `$results` is followed
/// from another object.
@Observable final class SearchModel {
    var query = "" {
        willSet { querySubject.send(newValue) }
    }
    @ObservationIgnored private lazy var querySubject = CurrentValueSubject<String, Never>(query)
    private var queryPublisher: AnyPublisher<String, Never> { querySubject.eraseToAnyPublisher() }
    private(set) var results: [String] = [] {
        willSet { resultsSubject.send(newValue) }
    }
    @ObservationIgnored private lazy var resultsSubject = CurrentValueSubject<[String], Never>(results)
    var resultsPublisher: AnyPublisher<[String], Never> { resultsSubject.eraseToAnyPublisher() }
    @ObservationIgnored private var resultsAssignments = Set<AnyCancellable>()

    init() {
        queryPublisher
            .map { text in text.isEmpty ? [] : [text, text + "s"] }
            .sink { [weak self] value in self?.results = value }.store(in: &resultsAssignments)
    }
}

/// Records every result list the model publishes after the first, as an analytics object does.
final class SearchHistory {
    private(set) var seen: [String] = []
    private var cancellable: AnyCancellable?

    init(following model: SearchModel) {
        cancellable = model.resultsPublisher
            .dropFirst()
            .sink { [weak self] results in self?.seen.append(results.joined(separator: "+")) }
    }
}

struct SearchView: View {
    @Bindable var model: SearchModel

    var body: some View {
        VStack {
            TextField("Query", text: $model.query)
            Text(model.results.isEmpty ? "No results" : model.results.joined(separator: ", "))
        }
    }
}
