import SwiftUI
import Observation

/// `saves` is stored but not published: changing it alone never refreshes a view.
@Observable class DraftCounter {
    var count = 0
    var saves = 0

    func increment() {
        count += 1
    }
}

struct DraftCounterView: View {
    var counter: DraftCounter

    var body: some View {
        VStack {
            Text("Count \(counter.count)")
            Text("Saves \(counter.saves)")
            Button("Increment") {
                counter.increment()
            }
            Button("Save") {
                counter.saves += 1
            }
        }
    }
}
