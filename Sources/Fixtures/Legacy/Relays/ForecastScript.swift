import SwiftUI

/// A holder relaying one published property of the model it holds, `station.$temperature`
/// (object-will-change-subscription, "property relay"): the migration deletes the relay and both
/// models become `@Observable`. The screens match after every change of the temperature, made by
/// a view or from outside; the header, which reads nothing of the station, stops re-rendering with
/// it (modern finer, never coarser).
public enum ForecastScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "property-relay"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let forecast = Forecast(city: "Bergen")
        return ScriptedApp(
            root: ForecastScreen(forecast: forecast),
            steps: [
                .tap("Warmer"),
                .mutate("a reading from the station") { forecast.station.temperature = 9 },
                .tap("Warmer"),
                .tap("Switch to Oslo"),
                .mutate("another reading") { forecast.station.temperature = 20 },
                .tap("Warmer"),
            ],
            probes: [
                Probe("city") { forecast.city },
                Probe("temperature", watching: forecast) { "\(forecast.station.temperature)" },
            ]
        )
    }
}
