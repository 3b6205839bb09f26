import SwiftUI

struct WalletView: View {
    @StateObject var manager = WalletManager.shared

    var body: some View {
        BalanceView()
            .environmentObject(manager)
    }
}

struct BalanceView: View {
    @EnvironmentObject var manager: WalletManager

    var body: some View {
        Text("\(manager.balance) \(manager.flavour)")
    }
}
