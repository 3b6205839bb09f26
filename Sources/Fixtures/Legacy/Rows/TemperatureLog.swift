import SwiftUI

/// Every assignment to `celsius`, equal or not, records the previous reading.
class TemperatureLog: ObservableObject {
    @Published var celsius = 20 {
        didSet {
            history.append(oldValue)
        }
    }
    @Published var history: [Int] = []
}

struct TemperatureView: View {
    @ObservedObject var log: TemperatureLog

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
