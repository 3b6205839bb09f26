import SourceScan

/// `@StateObject private var m = M()` becomes `@State private var m = M()`, access kept.
/// Review, because `@State` evaluates `M()` on every view init up to Xcode 26; safe in `App` and
/// `Scene` types and where creating `M` provably has no side effects.
struct StateObjectRule: WrapperRule {
    static let id = "state-object"
    static let relevanceKeywords = ["StateObject"]

    static func owns(_ use: WrapperUse, in context: RuleContext) -> Bool {
        use.kind == .stateObject
    }
}
