import SwiftUI

/// A user flips nicknames on through the environment, picks accents and adds a colour; the
/// person list changes from outside.
public enum DataFlowScript: FixtureScript {
    /// The app's name in oracle reports.
    public static let name = "data-flow"

    /// Fresh models, the root view over them, the steps and the probes.
    @MainActor public static func make() -> ScriptedApp {
        let settings = UserSettings()
        let store = PersonStore(people: [
            Person(id: 1, name: "Ada", nickname: "Countess"),
            Person(id: 2, name: "Grace", nickname: "Amazing"),
        ])
        return ScriptedApp(
            root: DataFlowApp(settings: settings, store: store),
            steps: [
                .toggle("Show nicknames"),
                .tap("red"),
                .tap("Add purple"),
                .tap("purple"),
                .mutate("a person joins") { store.people.append(Person(id: 3, name: "Alan", nickname: "Prof")) },
                .mutate("a nickname changes") { store.people[0].nickname = "Enchantress" },
                .toggle("Show nicknames"),
                .tap("[purple]"),
                .mutate("accent re-sent unchanged") { settings.accentName = settings.accentName },
            ],
            probes: [
                Probe("nicknames") { "\(settings.showsNicknames)" },
                Probe("accent") { settings.accentName },
                Probe("people") { store.people.map { "\($0.name)/\($0.nickname)" }.joined(separator: ", ") },
            ]
        )
    }
}
