import SwiftUI
import Observation

/// Owned by the view that shows it; must survive the parent's re-renders.
@Observable class SessionTimer {
    let label: String
    var ticks = 0

    init(label: String) {
        self.label = label
    }
}

struct StopwatchScreen: View {
    @State private var refreshes = 0

    var body: some View {
        VStack {
            Text("Screen refreshed \(refreshes) times")
            Button("Refresh screen") {
                refreshes += 1
            }
            LapTimerView()
            SplitTimerView(label: "Split")
        }
    }
}

struct LapTimerView: View {
    @State private var timer = SessionTimer(label: "Lap")

    var body: some View {
        HStack {
            Text("\(timer.label): \(timer.ticks)")
            Button("Tick lap") {
                timer.ticks += 1
            }
        }
    }
}

struct SplitTimerView: View {
    @State private var timer: SessionTimer

    init(label: String) {
        _timer = State(wrappedValue: SessionTimer(label: label))
    }

    var body: some View {
        HStack {
            Text("\(timer.label): \(timer.ticks)")
            Button("Tick split") {
                timer.ticks += 1
            }
        }
    }
}
