import SourceScan

/// `import Combine` in a file where no Combine symbol is left (after a migration, typically).
struct UnusedCombineImport: FileRule {
    static let id = "unused-combine-import"
    static let relevanceKeywords = ["Combine"]

    /// Names whose presence keeps the import: Combine's types and the operators apps call on
    /// publishers. Generous on purpose: keeping an unneeded import is harmless, removing a needed
    /// one breaks the build.
    static let combineSymbols: Set<String> = [
        "AnyCancellable", "Cancellable", "AnyPublisher", "Publisher", "Publishers", "PassthroughSubject", "CurrentValueSubject",
        "Subject", "Just", "Future", "Deferred", "Empty", "Fail", "Record", "Subscribers", "Subscriber", "Subscription",
        "Scheduler", "ImmediateScheduler", "ObservableObject", "ObservableObjectPublisher", "Published", "ConnectablePublisher",
        "TopLevelDecoder", "TopLevelEncoder", "CombineIdentifier", "CustomCombineIdentifierConvertible", "Combine",
        "sink", "assign", "eraseToAnyPublisher", "objectWillChange", "publisher", "dataTaskPublisher", "publish", "autoconnect",
        "debounce", "throttle", "removeDuplicates", "combineLatest", "receive", "store", "onReceive", "send", "makeConnectable",
        "share", "multicast", "subscribe", "values", "handleEvents", "replaceError", "setFailureType", "tryMap", "mapError",
    ]

    /// Names that show a file uses Observation.
    static let observationSymbols: Set<String> = ["Observable", "ObservationIgnored", "Bindable", "withObservationTracking"]

    /// Whether the rule looks only at files that use Observation (lint, report). `apply` turns
    /// this off for the files it has just rewritten: there the import was for the legacy code.
    var onlyWhereObservationIsUsed = true

    init() {}

    /// A rule for the files `apply` has just rewritten.
    init(afterRewrite: Bool) {
        onlyWhereObservationIsUsed = !afterRewrite
    }

    func check(file: FileStructure, fileIndex: Int) -> [Finding] {
        // An import inside `#if` serves a build configuration this run cannot see: left alone.
        let imports = file.declarations.filter { $0.kind == .import && $0.name == "Combine" && $0.parent == nil && !$0.isConditional }
        guard !imports.isEmpty else { return [] }
        // Only where Observation is in use: there a leftover import is migration debris; elsewhere
        // the import is none of this tool's business.
        let usesObservation = file.tokens.indices.contains { index in
            file.tokens[index].kind == .identifier && Self.observationSymbols.contains(file.source.text(index))
        }
        guard usesObservation || !onlyWhereObservationIsUsed else { return [] }
        // The import declarations' own `Combine` does not count as a use.
        let importTokens = file.declarations.filter { $0.kind == .import }.map(\.tokens)
        for index in file.tokens.indices where file.tokens[index].kind == .identifier {
            guard Self.combineSymbols.contains(file.source.text(index)) else { continue }
            if importTokens.contains(where: { $0.contains(index) }) { continue }
            return []
        }
        let builder = EditBuilder(file: file)
        return imports.map { declaration in
            Finding(ruleID: Self.id, fixClass: .safe, file: fileIndex, offset: Int(file.tokens[declaration.keyword].start),
                    message: "nothing from Combine is used in this file any more", suggestion: "remove 'import Combine'",
                    edits: [FileEdit(file: fileIndex, edit: builder.remove(declaration.tokens))])
        }
    }
}
