import SwiftUI
import Observation

/// A base model; `Truck` adds to it and observes one of its properties.
@Observable class Vehicle {
    var name: String
    var speed = 0

    init(name: String) {
        self.name = name
    }

    func accelerate() {
        speed += 30
    }
}

/// A subclass: its own published property, and an override that watches the base's.
@Observable class Truck: Vehicle {
    var topSpeed = 0
    @ObservationIgnored override var speed: Int {
        didSet {
            topSpeed = max(topSpeed, speed)
        }
    }
}

struct TruckDashboard: View {
    @Bindable var truck: Truck

    var body: some View {
        VStack {
            TextField("Name", text: $truck.name)
            Text("\(truck.name): \(truck.speed) km/h, top \(truck.topSpeed)")
            Button("Accelerate") {
                truck.accelerate()
            }
            Button("Brake") {
                truck.speed = 0
            }
        }
    }
}
