import SwiftUI
import Observation

/// "Refresh" re-assigns the same theme, a common way to force a legacy view to redraw.
@Observable class ThemeModel {
    var theme = "light"
}

struct ThemeView: View {
    var model: ThemeModel

    var body: some View {
        VStack {
            Text("Theme: \(model.theme)")
            Button("Refresh") {
                model.theme = model.theme
            }
            Button("Dark") {
                model.theme = "dark"
            }
        }
    }
}
