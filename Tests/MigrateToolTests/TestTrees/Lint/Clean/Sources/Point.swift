struct Point: Equatable {
    var x = 0
    var y = 0
}
