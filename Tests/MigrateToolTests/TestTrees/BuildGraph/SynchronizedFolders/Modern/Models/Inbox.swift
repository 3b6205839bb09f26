import SwiftUI

final class Inbox: ObservableObject {
    @Published var unread = 0
}
