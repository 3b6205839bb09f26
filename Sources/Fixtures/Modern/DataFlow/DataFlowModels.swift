import SwiftUI
import Observation

/// App-wide preferences, shared through the environment.
@Observable class UserSettings {
    var showsNicknames = false
    var accentName = "blue"
}

/// The colours a user can pick an accent from.
@Observable class ColorSet {
    var names = ["red", "green", "blue"]
}

/// The people the app lists.
@Observable class PersonStore {
    var people: [Person]

    init(people: [Person]) {
        self.people = people
    }
}

/// A person is a value; the store replaces it to change it.
struct Person: Identifiable {
    let id: Int
    var name: String
    var nickname: String
}
