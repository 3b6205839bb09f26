import SwiftUI

/// App-wide preferences, shared through the environment.
class UserSettings: ObservableObject {
    @Published var showsNicknames = false
    @Published var accentName = "blue"
}

/// The colours a user can pick an accent from.
class ColorSet: ObservableObject {
    @Published var names = ["red", "green", "blue"]
}

/// The people the app lists.
class PersonStore: ObservableObject {
    @Published var people: [Person]

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
