extension RuleContext {
    func isMainActorByDefault(file: Int) -> Bool { false }
}
