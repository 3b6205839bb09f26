import Observation

/// The truck's menu and the orders placed today.
@Observable class FoodTruckModel {
    var donuts: [Donut]
    var orders: [Order] = []
    var nextOrderID = 1

    init(donuts: [Donut]) {
        self.donuts = donuts
    }

    func donut(id: Donut.ID) -> Donut? {
        donuts.first { $0.id == id }
    }

    func placeOrder(for donut: Donut, by account: Account) {
        orders.append(Order(id: nextOrderID, donutName: donut.name, quantity: 1))
        nextOrderID += 1
        account.orderCount += 1
    }

    func complete(_ order: Order) {
        guard let index = orders.firstIndex(where: { $0.id == order.id }) else { return }
        orders[index].isComplete = true
    }
}

/// A donut on the menu; the editor changes it in place.
@Observable class Donut: Identifiable {
    let id: Int
    var name: String
    var flavor: String
    var isSoldOut = false

    init(id: Int, name: String, flavor: String) {
        self.id = id
        self.name = name
        self.flavor = flavor
    }
}

/// An order is a value: the list shows a snapshot of what was ordered.
struct Order: Identifiable {
    let id: Int
    var donutName: String
    var quantity: Int
    var isComplete = false
}

/// The signed-in customer.
@Observable final class Account {
    var userName: String
    var isPremium = false
    var orderCount = 0

    init(userName: String) {
        self.userName = userName
    }
}
