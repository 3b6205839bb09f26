import Foundation
import SwiftUI

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
final class ReadingSettings: ObservableObject {
    var fontSize: Int {
        get {
            UserDefaults.readingSettings.object(forKey: "fontSize") as? Int ?? 14
        }
        set {
            objectWillChange.send()
            UserDefaults.readingSettings.set(newValue, forKey: "fontSize")
        }
    }

    var theme: String {
        get { UserDefaults.readingSettings.string(forKey: "theme") ?? "paper" }
        set { UserDefaults.readingSettings.set(newValue, forKey: "theme"); objectWillChange.send() }
    }

    @AppStorage("showsPageNumbers", store: .readingSettings) var showsPageNumbers = true {
        didSet { objectWillChange.send() }
    }
}

struct ReadingSettingsView: View {
    @ObservedObject var settings: ReadingSettings

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
