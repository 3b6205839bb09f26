import SwiftUI

struct FoodTruckApp: View {
    let model: FoodTruckModel
    let account: Account

    var body: some View {
        TruckView(model: model)
            .environmentObject(account)
    }
}

struct TruckView: View {
    @ObservedObject var model: FoodTruckModel
    @State private var selectedDonutID: Donut.ID?

    var body: some View {
        VStack {
            AccountView()
            Text("\(model.orders.count) orders")
            DonutMenu(model: model, selection: $selectedDonutID)
            if let id = selectedDonutID, let donut = model.donut(id: id) {
                DonutEditor(donut: donut)
            }
            OrderList(model: model)
        }
    }
}

struct AccountView: View {
    @EnvironmentObject var account: Account

    var body: some View {
        VStack {
            TextField("User name", text: $account.userName)
            Toggle("Premium", isOn: $account.isPremium)
            Text("\(account.userName) ordered \(account.orderCount) donuts")
        }
    }
}

struct DonutMenu: View {
    @ObservedObject var model: FoodTruckModel
    @Binding var selection: Donut.ID?
    @EnvironmentObject var account: Account

    var body: some View {
        List(model.donuts) { donut in
            HStack {
                DonutRow(donut: donut)
                Button(selection == donut.id ? "Editing" : "Edit") {
                    selection = donut.id
                }
                Button("Order") {
                    model.placeOrder(for: donut, by: account)
                }
            }
        }
    }
}

struct DonutRow: View {
    @ObservedObject var donut: Donut

    var body: some View {
        HStack {
            Text(donut.name)
            Text(donut.flavor)
            if donut.isSoldOut {
                Text("Sold out")
            }
        }
    }
}

struct DonutEditor: View {
    @ObservedObject var donut: Donut

    var body: some View {
        VStack {
            TextField("Name", text: $donut.name)
            TextField("Flavor", text: $donut.flavor)
            Toggle("Sold out", isOn: $donut.isSoldOut)
        }
    }
}

struct OrderList: View {
    @ObservedObject var model: FoodTruckModel

    var body: some View {
        List(model.orders) { order in
            HStack {
                Text("#\(order.id) \(order.quantity)x \(order.donutName)")
                if order.isComplete {
                    Text("ready")
                } else {
                    Button("Complete") {
                        model.complete(order)
                    }
                }
            }
        }
    }
}
