import Combine

final class WalletManager: ObservableObject {
    static let shared = WalletManager()
    @Published var balance = 0
    let flavour = "NCW"
}
