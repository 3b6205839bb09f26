import SwiftUI

struct Banner: View {
    @ObservedObject var manager = WalletManager.shared

    var body: some View {
        Text(manager.flavour)
    }
}
