import SwiftUI

struct RootScreen: View {
    @StateObject private var sceneModel = SceneModel()

    var body: some View {
        DetailScreen()
            .environmentObject(sceneModel)
    }
}

struct DetailScreen: View {
    @EnvironmentObject var sceneModel: SceneModel

    var body: some View {
        Text(sceneModel.title)
    }
}

struct PreviewHost: View {
    var body: some View {
        DetailScreen().environmentObject(SceneModel())
    }
}
