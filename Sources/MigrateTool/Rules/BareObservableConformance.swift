import SourceScan

/// `class M: Observable` without the macro: the protocol alone adds no observation, so views
/// never update. The macro is what generates the tracking.
struct BareObservableConformance: Rule {
    static let id = "bare-observable-conformance"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for (fileIndex, file) in context.files.enumerated() {
            for declaration in file.declarations {
                guard declaration.kind == .class || declaration.kind == .struct || declaration.kind == .enum || declaration.kind == .actor,
                      declaration.attribute(named: "Observable") == nil,
                      let entry = declaration.inheritance.first(where: Self.namesObservable)
                else { continue }
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .manual, file: fileIndex, offset: Int(file.tokens[entry.tokens.lowerBound].start),
                    message: "'\(declaration.name)' conforms to Observable without the @Observable macro; nothing is tracked",
                    suggestion: "@Observable \(declaration.kind.rawValue) \(declaration.name)"))
            }
        }
        return findings
    }

    /// Whether an inheritance entry names Observation's protocol: `Observable` or
    /// `Observation.Observable`.
    static func namesObservable(_ entry: InheritanceEntry) -> Bool {
        entry.typeName == "Observable" || entry.typeName == "Observation.Observable"
    }
}
