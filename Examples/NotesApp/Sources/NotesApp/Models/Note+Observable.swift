import Combine

// The conformance lives apart from the class, as it often does in older code bases.
extension Note: ObservableObject {}
