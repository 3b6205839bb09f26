import SwiftUI
import Observation

/// `$level` is handed to an object that takes it as it is, a `Published<Int>.Publisher`: the
/// bridge is a published mirror of the property, whose projection keeps that type.
@Observable final class LevelMeter {
    var level = 0 {
        willSet { levelPublished = newValue }
    }
    @ObservationIgnored @Published private(set) var levelPublished = 0
}

/// Keeps every level it is given after the first, as a logger handed the publisher does.
final class LevelLog {
    private(set) var seen: [Int] = []
    private var cancellable: AnyCancellable?

    init(levels: Published<Int>.Publisher) {
        cancellable = levels
            .dropFirst()
            .sink { [weak self] level in self?.seen.append(level) }
    }
}

/// A log of the meter's levels, handed its publisher as it is.
func levelLog(of meter: LevelMeter) -> LevelLog {
    LevelLog(levels: meter.$levelPublished)
}

struct LevelView: View {
    var meter: LevelMeter

    var body: some View {
        Text("Level \(meter.level)")
    }
}
