import SwiftUI

/// A base model; `Truck` adds to it and observes one of its properties.
class Vehicle: ObservableObject {
    @Published var name: String
    @Published var speed = 0

    init(name: String) {
        self.name = name
    }

    func accelerate() {
        speed += 30
    }
}

/// A subclass: its own published property, and an override that watches the base's.
class Truck: Vehicle {
    @Published var topSpeed = 0
    override var speed: Int {
        didSet {
            topSpeed = max(topSpeed, speed)
        }
    }
}

struct TruckDashboard: View {
    @ObservedObject var truck: Truck

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
