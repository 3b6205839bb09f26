import SwiftUI

struct DataFlowApp: View {
    let settings: UserSettings
    let store: PersonStore
    @StateObject private var colors = ColorSet()

    var body: some View {
        VStack {
            SettingsView()
            ColorSetView(colors: colors)
            PersonList(store: store)
        }
        .environmentObject(settings)
    }
}

struct SettingsView: View {
    @EnvironmentObject var settings: UserSettings

    var body: some View {
        VStack {
            Toggle("Show nicknames", isOn: $settings.showsNicknames)
            Text("Accent: \(settings.accentName)")
        }
    }
}

struct ColorSetView: View {
    @ObservedObject var colors: ColorSet
    @EnvironmentObject var settings: UserSettings

    var body: some View {
        VStack {
            ForEach(colors.names, id: \.self) { name in
                Button(name == settings.accentName ? "[\(name)]" : name) {
                    settings.accentName = name
                }
            }
            Button("Add purple") {
                colors.names.append("purple")
            }
        }
    }
}

struct PersonList: View {
    @ObservedObject var store: PersonStore
    @EnvironmentObject var settings: UserSettings

    var body: some View {
        List(store.people) { person in
            PersonRow(person: person, showsNickname: settings.showsNicknames)
        }
    }
}

struct PersonRow: View {
    let person: Person
    let showsNickname: Bool

    var body: some View {
        Text(showsNickname ? "\(person.name) (\(person.nickname))" : person.name)
    }
}
