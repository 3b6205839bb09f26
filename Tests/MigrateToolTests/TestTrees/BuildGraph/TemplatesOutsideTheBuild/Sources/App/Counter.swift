import SwiftUI

final class Counter: ObservableObject {
    @Published var value = 0
}

struct CounterScreen: View {
    @StateObject private var counter = Counter()

    var body: some View {
        Button("\(counter.value)") { counter.value += 1 }
    }
}

struct CounterHost: App {
    @StateObject private var counter = Counter()

    var body: some Scene {
        WindowGroup { CounterScreen().environmentObject(counter) }
    }
}
