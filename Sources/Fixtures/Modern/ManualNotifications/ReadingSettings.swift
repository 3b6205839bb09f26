import Foundation
import SwiftUI
import Observation

extension UserDefaults {
    /// The suite of this module's reading settings: the legacy and the modern fixtures run in one
    /// process and must not share what they store.
    static let readingSettingsSuite = "fixtures." + #fileID
    /// Where the reading settings live.
    @MainActor static let readingSettings = UserDefaults(suiteName: readingSettingsSuite)!
}

/// Settings kept in `UserDefaults` and announced by hand: computed properties whose setters send
/// the will-change notification, before or after the store, and an `@AppStorage` property whose
/// observer does.
@MainActor
@Observable
final class ReadingSettings {
    var fontSize: Int {
        get {
            access(keyPath: \.fontSize)
            return UserDefaults.readingSettings.object(forKey: "fontSize") as? Int ?? 14
        }
        set {
            withMutation(keyPath: \.fontSize) {
                UserDefaults.readingSettings.set(newValue, forKey: "fontSize")
            }
        }
    }

    var theme: String {
        get { access(keyPath: \.theme); return UserDefaults.readingSettings.string(forKey: "theme") ?? "paper" }
        set { withMutation(keyPath: \.theme) { UserDefaults.readingSettings.set(newValue, forKey: "theme") } }
    }

    @ObservationIgnored @AppStorage("showsPageNumbers", store: .readingSettings) private var _showsPageNumbers = true
    var showsPageNumbers: Bool {
        get {
            access(keyPath: \.showsPageNumbers)
            return _showsPageNumbers
        }
        set {
            withMutation(keyPath: \.showsPageNumbers) {
                _showsPageNumbers = newValue
            }
        }
    }
}

struct ReadingSettingsView: View {
    @Bindable var settings: ReadingSettings

    var body: some View {
        VStack {
            Text("Font size \(settings.fontSize), theme \(settings.theme)")
            Toggle("Page numbers", isOn: $settings.showsPageNumbers)
            Text(settings.showsPageNumbers ? "Page 1 of 9" : "No page numbers")
            Button("Larger") {
                settings.fontSize += 1
            }
            Button("Night") {
                settings.theme = "night"
            }
        }
    }
}
