import SwiftUI
import Observation

/// `$level`, `$peak` and `$floor` are handed to an object that takes them as they are, a
/// `Published<Int>.Publisher`: the bridge is a published mirror of each property, whose
/// projection keeps that type. `peak` starts from the initializer's parameter, which its
/// mirror must start from too; `level` is clamped by an observer, whose set its mirror delivers.
@Observable final class LevelMeter {
    /// Clamped: the set in `didSet` publishes the settled value too.
    var level = 0 {
        willSet { levelPublished = newValue }
        didSet { if level > 100 { level = 100 } }
    }
    @ObservationIgnored @Published private(set) var levelPublished = 0
    var peak: Int {
        willSet { peakPublished = newValue }
    }
    @ObservationIgnored @Published private(set) var peakPublished: Int
    /// Has an initial value and is set once the object is whole: the set runs its `willSet`.
    var floor = 0 {
        willSet { floorPublished = newValue }
    }
    @ObservationIgnored @Published private(set) var floorPublished = 0

    init(peak: Int, floor: Int) {
        self.peak = peak
        self.peakPublished = peak
        self.floor = floor
    }
}

/// Keeps every level it is given after the first `skipping`, as a logger handed the publisher does.
final class LevelLog {
    private(set) var seen: [Int] = []
    private var cancellable: AnyCancellable?

    init(levels: Published<Int>.Publisher, skipping: Int = 1) {
        cancellable = levels
            .dropFirst(skipping)
            .sink { [weak self] level in self?.seen.append(level) }
    }
}

/// A log of the meter's levels, handed its publisher as it is.
func levelLog(of meter: LevelMeter) -> LevelLog {
    LevelLog(levels: meter.$levelPublished)
}

/// A log of the meter's peaks from the first, the value the initializer gave included.
func peakLog(of meter: LevelMeter) -> LevelLog {
    LevelLog(levels: meter.$peakPublished, skipping: 0)
}

/// A log of the meter's floors from the first, the value the initializer gave included.
func floorLog(of meter: LevelMeter) -> LevelLog {
    LevelLog(levels: meter.$floorPublished, skipping: 0)
}

struct LevelView: View {
    var meter: LevelMeter

    var body: some View {
        Text("Level \(meter.level), peak \(meter.peak), floor \(meter.floor)")
    }
}
