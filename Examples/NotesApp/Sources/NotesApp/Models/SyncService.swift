import Combine

/// Publishes its status from a Combine pipeline that assigns into `$status`: a publisher bridge
/// can feed `$pending`'s pipeline but cannot be written into, so this unit stays legacy until
/// someone decides.
final class SyncService: ObservableObject {
    @Published var pending = 0
    @Published var status = "idle"

    init() {
        $pending
            .map { $0 == 0 ? "idle" : "syncing" }
            .assign(to: &$status)
    }
}
