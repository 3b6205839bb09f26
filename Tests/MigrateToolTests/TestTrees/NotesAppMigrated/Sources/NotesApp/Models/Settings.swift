import Observation

@Observable final class Settings {
    var fontSize = 14.0
    var showsPreview = true
}
