import SwiftUI

struct SettingsView: View {
    @Environment(Settings.self) var settings

    var body: some View {
        @Bindable var settings = settings
        Form {
            Toggle("Show preview", isOn: $settings.showsPreview)
            Slider(value: $settings.fontSize, in: 10...24)
        }
    }
}

#Preview {
    SettingsView()
        .environment(Settings())
}
