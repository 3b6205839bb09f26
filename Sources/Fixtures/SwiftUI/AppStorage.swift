// `@AppStorage` with SwiftUI's spelling: a value kept in `UserDefaults` under a key.

import Foundation

/// A value read from and written to `UserDefaults` on every access, as SwiftUI's wrapper does
/// for `Bool`, `Int`, `Double` and `String`. Inside an `ObservableObject` it announces nothing,
/// which is why models pair it with a hand-sent `objectWillChange`.
@propertyWrapper
public struct AppStorage<Value> {
    private let key: String
    private let defaultValue: Value
    private let store: UserDefaults

    /// Reads `key` of `store` (the standard defaults when nil), `wrappedValue` while it is unset.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
        self.key = key
        self.defaultValue = wrappedValue
        self.store = store ?? .standard
    }

    /// The stored value, or the default while the key is unset.
    public var wrappedValue: Value {
        get { store.object(forKey: key) as? Value ?? defaultValue }
        nonmutating set { store.set(newValue, forKey: key) }
    }
}
