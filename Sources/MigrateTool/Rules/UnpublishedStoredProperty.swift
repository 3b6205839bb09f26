import SourceScan

/// A stored `var` without `@Published` never notified; under the macro it is tracked. By default
/// (`"unpublishedProperties": "track"`) it is left tracked, as Apple's article and most teams
/// write it: safe when no view reads it (nothing observes it, so nothing changes), review when
/// one does (that view now updates where it showed a stale value). Plumbing that nothing renders
/// (subscriptions, tasks, timers, observer tokens, subjects) gets `@ObservationIgnored`.
/// `"ignore"` puts `@ObservationIgnored` on every one, so exactly the same properties notify;
/// `"observe"` leaves every one tracked, each a review reason.
struct UnpublishedStoredProperty: Rule {
    static let id = "unpublished-stored-property"

    /// Whether a plain stored property of a model is left tracked under this configuration: the
    /// one place that decides it (other rules, such as the `CodingKeys` of synthesized-codable,
    /// must agree on which properties the macro rewrites).
    static func staysTracked(_ variableID: DeclarationID, in classID: DeclarationID, _ context: RuleContext) -> Bool {
        switch context.unpublishedProperties {
        case .ignore: return false
        case .observe: return true
        case .track: return Plumbing.kind(of: variableID, in: classID, context) == nil
        }
    }

    func check(_ context: RuleContext) -> [Finding] {
        let properties = ModelProperties.all(in: context).filter { $0.role == .plainStored }
        guard !properties.isEmpty else { return [] }
        var reads = ViewReads()
        if context.unpublishedProperties == .track {
            let unitIDs = Set(properties.map(\.unit))
            reads = ViewReads(units: context.units.units.filter { unitIDs.contains($0.id) }, context)
        }
        return properties.map { unit, classID, variableID, _ in
            let variable = context.declaration(variableID)
            func ignored(_ message: String) -> Finding {
                ModelProperties.finding(Self.id, .safe, variableID, unit: unit, message: message, suggestion: "@ObservationIgnored",
                                        edits: [ModelProperties.ignoreEdit(variableID, context)], context: context)
            }
            switch context.unpublishedProperties {
            case .ignore:
                return ignored("'\(variable.name)' is not @Published, so it never notified; keep it silent under @Observable")
            case .observe:
                return ModelProperties.finding(
                    Self.id, .review, variableID, unit: unit,
                    message: "'\(variable.name)' is not @Published and will notify under @Observable (unpublishedProperties: observe); views reading it update when it changes",
                    suggestion: "@ObservationIgnored keeps it silent", edits: [], context: context)
            case .track:
                if let plumbing = Plumbing.kind(of: variableID, in: classID, context) {
                    return ignored("'\(variable.name)' is \(plumbing), which nothing renders; keep it out of tracking")
                }
                let names = variable.bindings.compactMap(\.name)
                if let view = names.lazy.compactMap({ reads.reader(of: $0, unit: unit) }).first {
                    return ModelProperties.finding(
                        Self.id, .review, variableID, unit: unit,
                        message: "'\(variable.name)' is not @Published and becomes tracked; \(view) reads it, directly or through "
                            + "the model's computed properties, and now updates when it changes where it showed a stale value",
                        suggestion: "@ObservationIgnored keeps it silent (unpublishedProperties: ignore)", edits: [], context: context)
                }
                return ModelProperties.finding(
                    Self.id, .safe, variableID, unit: unit,
                    message: "'\(variable.name)' is not @Published and becomes tracked; no view reads it, so nothing changes",
                    suggestion: nil, edits: [], context: context)
            }
        }
    }
}

/// Stored properties that hold machinery rather than state: nothing renders them, so tracking
/// them would only add bookkeeping. Decided from the annotation, else the initial value.
enum Plumbing {
    /// Type names (any component of the written type) that are plumbing.
    static let typeNames: Set<String> = [
        "AnyCancellable", "Cancellable", "Task", "Timer", "DispatchWorkItem", "DispatchSourceTimer", "DispatchSource",
        "DispatchSourceProtocol", "DispatchQueue", "OperationQueue", "NSKeyValueObservation", "PassthroughSubject",
        "CurrentValueSubject", "AnyPublisher", "TimerPublisher", "CADisplayLink", "NSObjectProtocol",
    ]

    /// What the property holds, for the message (`a Task`), or nil when it is not plumbing.
    static func kind(of variableID: DeclarationID, in classID: DeclarationID, _ context: RuleContext) -> String? {
        let variable = context.declaration(variableID)
        guard let binding = variable.bindings.first else { return nil }
        let file = context.files[variableID.file]
        let written = binding.typeAnnotation.map { file.compactText($0) } ?? binding.initializer.map { file.compactText($0) } ?? ""
        // A name the tree declares is the app's own type (`struct Task` of a to-do app), not the SDK's.
        let isSDKType = { (name: String) in context.types.types(named: name).isEmpty }
        if let name = plumbingName(in: written, where: isSDKType) { return "a \(name)" }
        // `var observer: Any?` assigned from `NotificationCenter…addObserver(…)`: an observer token.
        if let name = binding.name, isAssignedFromAddObserver(name, classID: classID, context) { return "a notification observer token" }
        return nil
    }

    /// The plumbing type a written type or initial value names: `Set<AnyCancellable>`,
    /// `[AnyCancellable]`, `Task<Void, Never>?`, `Timer.TimerPublisher`, `Task { … }`.
    static func plumbingName(in written: String, where accept: (String) -> Bool = { _ in true }) -> String? {
        var word = ""
        var words: [String] = []
        for character in written {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if !word.isEmpty { words.append(word) }
                word = ""
                // The type ends where a call's arguments or a closure begin.
                if character == "(" || character == "{" { break }
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.first { typeNames.contains($0) && accept($0) }
    }

    /// Whether the model's code assigns `name = …addObserver(…)` (or `self.name =`).
    private static func isAssignedFromAddObserver(_ name: String, classID: DeclarationID, _ context: RuleContext) -> Bool {
        for member in context.modelMembers[classID] ?? [] {
            let declaration = context.declaration(member)
            guard let body = declaration.body ?? declaration.bindings.first?.accessorBlock else { continue }
            let file = context.files[member.file]
            let tokens = file.tokens
            for index in body where tokens[index].kind == .identifier && file.source.tokenText(index, equals: name) {
                guard index + 1 < body.upperBound, tokens[index + 1].kind == .equal else { continue }
                // The right-hand side, up to the next line: does it call `addObserver`?
                var scan = index + 2
                while scan < body.upperBound, !file.startsLine(scan) || scan == index + 2 {
                    if file.source.tokenText(scan, equals: "addObserver") { return true }
                    scan += 1
                }
            }
        }
        return false
    }
}
