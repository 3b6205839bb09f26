import SwiftUI
import Observation

/// The readings of one station; the forecast passes on the changes of its temperature only.
@Observable final class Station {
    var temperature = 12
    var wind = 3
}

/// A model relaying one published property of the model it holds (`station.$temperature`), so
/// that views observing only the forecast show what it derives from that property.
@Observable final class Forecast {
    var city: String
    let station = Station()
    private var cancellables = Set<AnyCancellable>()

    init(city: String) {
        self.city = city
    }

    var summary: String { station.temperature > 15 ? "warm, \(station.temperature)°" : "cool, \(station.temperature)°" }
}

/// Holds the forecast without observing it: only the two views below re-render.
struct ForecastScreen: View {
    let forecast: Forecast

    var body: some View {
        VStack {
            ForecastHeader(forecast: forecast)
            ForecastSummary(forecast: forecast)
        }
    }
}

/// Reads nothing of the station: the relay re-renders it with every temperature change; once
/// migrated it re-renders only when the city changes.
struct ForecastHeader: View {
    var forecast: Forecast

    var body: some View {
        VStack {
            Text("Forecast for \(forecast.city)")
            Button("Switch to Oslo") {
                forecast.city = "Oslo"
            }
        }
    }
}

/// Reads the summary the forecast derives from the station's temperature.
struct ForecastSummary: View {
    var forecast: Forecast

    var body: some View {
        VStack {
            Text(forecast.summary)
            Button("Warmer") {
                forecast.station.temperature += 4
            }
        }
    }
}
