struct Size {
    var width = 0.0
    var height = 0.0

    var area: Double { width * height }
}
