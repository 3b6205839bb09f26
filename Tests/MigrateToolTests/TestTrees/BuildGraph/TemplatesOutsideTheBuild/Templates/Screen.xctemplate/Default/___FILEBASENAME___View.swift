import SwiftUI

struct ___VARIABLE_sceneName___View: View {
    @StateObject private var state = ___VARIABLE_sceneName___ViewState()

    var body: some View {
        ___VARIABLE_sceneName___Content()
            .environmentObject(state)
    }
}

final class ScreenTemplateState: ObservableObject {
    @Published var title = ""
}
