import SwiftUI

struct InboxView: View {
    @StateObject private var inbox = Inbox()

    var body: some View {
        Text("\(inbox.unread)")
    }
}
