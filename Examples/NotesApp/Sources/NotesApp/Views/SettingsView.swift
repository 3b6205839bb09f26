import SwiftUI

struct SettingsView: View {
    @EnvironmentObject var settings: Settings

    var body: some View {
        Form {
            Toggle("Show preview", isOn: $settings.showsPreview)
            Slider(value: $settings.fontSize, in: 10...24)
        }
    }
}

#Preview {
    SettingsView()
        .environmentObject(Settings())
}
