final class SceneModel {
    var title = "Widget"
}
