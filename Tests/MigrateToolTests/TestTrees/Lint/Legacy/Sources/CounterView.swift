import SwiftUI

struct CounterView: View {
    @StateObject private var counter = Counter()

    var body: some View {
        Text("\(counter.count)")
    }
}
