import SwiftUI
import Observation

/// Keeps an integer inside a range.
@propertyWrapper
struct Clamped {
    private var value: Int
    private let range: ClosedRange<Int>

    init(wrappedValue: Int, _ range: ClosedRange<Int>) {
        self.range = range
        value = min(max(wrappedValue, range.lowerBound), range.upperBound)
    }

    var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, range.lowerBound), range.upperBound) }
    }
}

/// `level` goes through a custom wrapper, so it never announces its changes.
@Observable class VolumeModel {
    var isMuted = false
    @ObservationIgnored @Clamped(0...3) var level = 2
}

struct VolumeView: View {
    @Bindable var volume: VolumeModel

    var body: some View {
        VStack {
            Toggle("Muted", isOn: $volume.isMuted)
            Text(volume.isMuted ? "Muted" : "Level \(volume.level)")
            Button("Louder") {
                volume.level += 1
            }
        }
    }
}
