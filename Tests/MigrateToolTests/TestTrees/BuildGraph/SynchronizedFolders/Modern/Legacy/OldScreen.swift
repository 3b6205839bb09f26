import SwiftUI

// Excluded from the Modern target by a membership exception: never compiled.
struct OldScreen: View {
    @ObservedObject var inbox = makeInbox()

    var body: some View {
        Text("\(inbox.unread)")
    }
}
