import SwiftUI

/// `$level` is handed to an object that takes it as it is, a `Published<Int>.Publisher`: the
/// bridge is a published mirror of the property, whose projection keeps that type.
final class LevelMeter: ObservableObject {
    @Published var level = 0
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
    LevelLog(levels: meter.$level)
}

struct LevelView: View {
    @ObservedObject var meter: LevelMeter

    var body: some View {
        Text("Level \(meter.level)")
    }
}
