import SwiftUI
import Observation

/// What is in the bag; the trip passes its changes on as its own.
@Observable final class PackingList {
    var items: [String] = []

    func add(_ item: String) {
        items.append(item)
    }
}

/// Days until departure; the trip passes its changes on too.
@Observable final class Countdown {
    var daysLeft: Int

    init(daysLeft: Int) {
        self.daysLeft = daysLeft
    }
}

/// A model relaying the changes of the two models it holds (the nested-model idiom), so that views
/// observing only the trip show what it derives from them: one relay bound in a private function
/// and kept with `store(in:)`, one kept in a property by the initializer.
@Observable final class Trip {
    var destination: String
    let packing: PackingList
    let countdown = Countdown(daysLeft: 2)
    private var cancellables = Set<AnyCancellable>()
    private var countdownRelay: AnyCancellable?

    init(destination: String, packing: PackingList) {
        self.destination = destination
        self.packing = packing
    }

    var itemCount: Int { packing.items.count }

    var departure: String { countdown.daysLeft <= 0 ? "leaving today" : "\(countdown.daysLeft) days to go" }

    func pack(_ item: String) {
        packing.add(item)
    }
}

/// Holds the trip without observing it: only the two views below re-render.
struct TripScreen: View {
    let trip: Trip

    var body: some View {
        VStack {
            TripHeader(trip: trip)
            TripProgress(trip: trip)
        }
    }
}

/// Reads nothing of the held models: the relays re-render it with every change of theirs; once
/// migrated it re-renders only when the destination changes.
struct TripHeader: View {
    var trip: Trip

    var body: some View {
        VStack {
            Text("Trip to \(trip.destination)")
            Button("Go to Oslo") {
                trip.destination = "Oslo"
            }
        }
    }
}

/// Reads the state the trip derives from its held models.
struct TripProgress: View {
    var trip: Trip

    var body: some View {
        VStack {
            Text("\(trip.itemCount) packed, \(trip.departure)")
            Button("Pack socks") {
                trip.pack("socks")
            }
            Button("A day passes") {
                trip.countdown.daysLeft -= 1
            }
        }
    }
}
