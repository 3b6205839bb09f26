import SwiftUI

struct DataFlowApp: View {
    let settings: UserSettings
    let store: PersonStore
    @State private var colors = ColorSet()

    var body: some View {
        VStack {
            SettingsView()
            ColorSetView(colors: colors)
            PersonList(store: store)
        }
        .environment(settings)
    }
}

struct SettingsView: View {
    @Environment(UserSettings.self) var settings

    var body: some View {
        @Bindable var settings = settings
        VStack {
            Toggle("Show nicknames", isOn: $settings.showsNicknames)
            Text("Accent: \(settings.accentName)")
        }
    }
}

struct ColorSetView: View {
    var colors: ColorSet
    @Environment(UserSettings.self) var settings

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
    var store: PersonStore
    @Environment(UserSettings.self) var settings

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
