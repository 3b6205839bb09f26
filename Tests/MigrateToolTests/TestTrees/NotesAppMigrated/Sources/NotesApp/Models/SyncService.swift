import Combine

/// Publishes its status from a Combine pipeline, and the upload queue writes `pending` into it
/// from outside with `assign(to: &service.$pending)`: the model's own pipelines have a publisher
/// bridge, but another object assigning through its publisher does not, so this unit stays
/// legacy until someone decides.
final class SyncService: ObservableObject {
    @Published var pending = 0
    @Published var status = "idle"

    init() {
        $pending
            .map { $0 == 0 ? "idle" : "syncing" }
            .assign(to: &$status)
    }
}

/// Feeds the service's count of pending uploads.
final class UploadQueue {
    let count = CurrentValueSubject<Int, Never>(0)

    func connect(to service: SyncService) {
        count.assign(to: &service.$pending)
    }
}
