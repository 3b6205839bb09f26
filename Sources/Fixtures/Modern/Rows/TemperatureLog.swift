import SwiftUI
import Observation

/// Every assignment to `celsius`, equal or not, records the previous reading.
@Observable class TemperatureLog {
    var celsius = 20 {
        didSet {
            history.append(oldValue)
        }
    }
    var history: [Int] = []
}

struct TemperatureView: View {
    var log: TemperatureLog

    var body: some View {
        VStack {
            Text("\(log.celsius) °C")
            Text("Before: \(log.history.map(String.init).joined(separator: ", "))")
            Button("Warmer") {
                log.celsius += 1
            }
        }
    }
}
