import SwiftUI

/// A holder relaying the changes of two held models (object-will-change-subscription): the
/// migration deletes both relays and the holder's send that announced a change made through a
/// held model (object-will-change-send), and all three models become `@Observable`. The screens
/// match after every change, made through the holder, on a held model by a view, or on a held
/// model from outside; the header, which reads nothing of the held models, stops re-rendering
/// with them (modern finer, never coarser).
public enum TripScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "object-will-change-relay"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let packing = PackingList()
        let trip = Trip(destination: "Bergen", packing: packing)
        return ScriptedApp(
            root: TripScreen(trip: trip),
            steps: [
                .tap("Pack socks"),
                .mutate("packed on another screen") { packing.add("map") },
                .tap("A day passes"),
                .tap("Go to Oslo"),
                .mutate("departure moved from outside") { trip.countdown.daysLeft -= 1 },
                .mutate("packed through the trip from outside") { trip.pack("boots") },
                .tap("Pack socks"),
            ],
            probes: [
                Probe("destination") { trip.destination },
                Probe("packed", watching: trip) { packing.items.joined(separator: ",") },
                Probe("days left", watching: trip) { "\(trip.countdown.daysLeft)" },
            ]
        )
    }
}
