import SwiftUI
import Observation

/// Views read `steps`; only the model writes it.
@Observable class StepCounter {
    private(set) var steps = 0

    func walk() {
        steps += 10
    }

    func reset() {
        steps = 0
    }
}

struct StepCounterView: View {
    var counter: StepCounter

    var body: some View {
        VStack {
            Text("\(counter.steps) steps")
            Button("Walk") {
                counter.walk()
            }
            Button("Reset") {
                counter.reset()
            }
        }
    }
}
