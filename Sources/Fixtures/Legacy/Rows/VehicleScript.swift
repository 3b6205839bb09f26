import SwiftUI

/// Changes through the base class's methods and properties reach views of the subclass.
public enum VehicleScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "model-subclass"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let truck = Truck(name: "Hauler")
        return ScriptedApp(
            root: TruckDashboard(truck: truck),
            steps: [
                .tap("Accelerate"),
                .tap("Accelerate"),
                .tap("Brake"),
                .type("Big Hauler", into: "Name"),
                .mutate("cruise control") { truck.speed = 50 },
                .tap("Brake"),
                .tap("Brake"),
            ],
            probes: [
                Probe("name") { truck.name },
                Probe("speed") { "\(truck.speed)" },
                Probe("top speed") { "\(truck.topSpeed)" },
            ]
        )
    }
}
