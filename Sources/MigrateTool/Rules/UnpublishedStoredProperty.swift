import SourceScan

/// A stored `var` without `@Published` never notified; under the macro it is tracked. By default
/// (`"unpublishedProperties": "infer"`) the tree's own `@Observable` classes decide between the
/// two conventions teams follow (`inferenceRule`), `track` when they give too little to go on.
/// `"track"` leaves it tracked, as Apple's article and most teams write it: safe when no view
/// reads it (nothing observes it, so nothing changes), review when one does (that view now
/// updates where it showed a stale value). Plumbing that nothing renders (subscriptions, tasks,
/// timers, observer tokens, subjects) stays as written or gets `@ObservationIgnored`, as
/// `plumbingProperties` says (inferred from the tree's plumbing, left as written by default;
/// either is safe). `"ignore"` puts
/// `@ObservationIgnored` on every one, so exactly the same properties notify; `"observe"` leaves
/// every one tracked, each a review reason.
struct UnpublishedStoredProperty: Rule {
    static let id = "unpublished-stored-property"
    /// A file declaring only `@Observable` classes must still be structured, or the census
    /// (`ObservableClassCensus`) the inferred policy comes from would not count them.
    static let relevanceKeywords = ["Observable"]

    /// How the tree's `@Observable` classes decide: with at least 5 private stored properties
    /// counted, `ignore` when at least a third of them are `@ObservationIgnored`, else `track`;
    /// with fewer, the spec's default, `track`. Teams that ignore showed 38-67 %, teams that
    /// track 0-30 % (34 developer migrations measured 2026-11-23; the convention is nearly
    /// all-or-nothing in the commits).
    static let inferenceRule = InferenceRule<UnpublishedPropertyPolicy>(
        minimumCounted: 5, share: (numerator: 1, denominator: 3), shown: .ignore, otherwise: .track, byDefault: .track)

    /// The policy the tree shows (`inferenceRule`) with the facts behind it.
    static func inference(from census: ObservableClassCensus) -> UnpublishedPropertyInference {
        UnpublishedPropertyInference(census: census, counted: census.counted, showing: census.ignored, rule: inferenceRule)
    }

    /// How the plumbing of the tree's `@Observable` classes decides: with at least 2 plumbing
    /// properties counted, `ignore` when at least half of them are `@ObservationIgnored`, else
    /// `track`; with fewer, `track`, what most teams write: of the 41 developer migrations
    /// measured 2026-11-26 whose `@Observable` classes hold plumbing, 26 left it as written, 14
    /// ignored it and 1 did both (before this option, our scoped runs added 245
    /// `@ObservationIgnored` lines on plumbing the developers did not write, and missed 13).
    static let plumbingInferenceRule = InferenceRule<PlumbingPropertyPolicy>(
        minimumCounted: 2, share: (numerator: 1, denominator: 2), shown: .ignore, otherwise: .track, byDefault: .track)

    /// The plumbing policy the tree shows (`plumbingInferenceRule`) with the facts behind it.
    static func plumbingInference(from census: PlumbingCensus) -> PlumbingPropertyInference {
        PlumbingPropertyInference(census: census, counted: census.counted, showing: census.ignored, rule: plumbingInferenceRule)
    }

    /// The run's plumbing policy and why, for the report's summary: `track, the default: no
    /// plumbing property in the tree's @Observable classes to infer from`.
    static func plumbingPolicyLine(_ policy: PlumbingPropertyPolicy, inference: PlumbingPropertyInference?) -> String {
        PlumbingPropertyInference.line(policy, inference, evidence: { census in
            "the tree's @Observable classes (\(census.ignored) of \(census.counted) plumbing properties @ObservationIgnored)"
        }, shortfall: { census in
            census.counted == 0 ? "no plumbing property in the tree's @Observable classes"
                : "only 1 plumbing property in the tree's @Observable classes, \(plumbingInferenceRule.minimumCounted) needed"
        })
    }

    /// The run's policy and why, for the report's summary: `ignore, inferred from the tree's 21
    /// @Observable classes (12 of 19 private stored properties @ObservationIgnored)`.
    static func policyLine(_ policy: UnpublishedPropertyPolicy, inference: UnpublishedPropertyInference?) -> String {
        func classes(_ census: ObservableClassCensus) -> String {
            census.classes == 1 ? "1 @Observable class" : "\(census.classes) @Observable classes"
        }
        return UnpublishedPropertyInference.line(policy, inference, evidence: { census in
            "the tree's \(classes(census)) (\(census.ignored) of \(census.counted) private stored properties @ObservationIgnored)"
        }, shortfall: { census in
            census.classes == 0 ? "no @Observable class in the tree"
                : "the tree's \(classes(census)) \(census.classes == 1 ? "has" : "have") \(census.counted) private stored "
                    + "propert\(census.counted == 1 ? "y" : "ies"), \(inferenceRule.minimumCounted) needed"
        })
    }

    /// Said after each finding's message when the policy was inferred, so the reader of one
    /// finding knows why the property was treated so.
    static func inferenceNote(_ context: RuleContext) -> String {
        guard let inference = context.unpublishedInference else { return "" }
        if !inference.hasEvidence {
            return " (unpublishedProperties: track by default, too few private stored properties in the tree's @Observable classes to infer from)"
        }
        return " (unpublishedProperties: \(inference.policy.rawValue), inferred from the tree's @Observable classes)"
    }

    /// Said after a plumbing finding's message: which `plumbingProperties` policy the run follows
    /// and where it came from.
    static func plumbingNote(_ context: RuleContext) -> String {
        guard let inference = context.plumbingInference else { return " (plumbingProperties: \(context.plumbingProperties.rawValue))" }
        if !inference.hasEvidence {
            return " (plumbingProperties: \(inference.policy.rawValue) by default, too little plumbing in the tree's @Observable classes to infer from)"
        }
        return " (plumbingProperties: \(inference.policy.rawValue), inferred from the tree's @Observable classes)"
    }

    /// Whether plumbing property `variableID` gets `@ObservationIgnored`: as `plumbingProperties`
    /// says, and always when it is `nonisolated` (code reaching it off the actor, `deinit`
    /// included, needs the stored property that tracking would turn into isolated accessors).
    static func ignoresPlumbing(_ variableID: DeclarationID, _ context: RuleContext) -> Bool {
        context.plumbingProperties == .ignore || context.declaration(variableID).hasModifier(.nonisolated)
    }

    /// Whether a plain stored property of a model is left tracked under this configuration: the
    /// one place that decides it (other rules, such as the `CodingKeys` of synthesized-codable,
    /// must agree on which properties the macro rewrites).
    static func staysTracked(_ variableID: DeclarationID, in classID: DeclarationID, _ context: RuleContext) -> Bool {
        switch context.unpublishedProperties {
        case .ignore: return false
        case .observe: return true
        // `.infer` is resolved when the context is built; were it not, the default applies.
        case .track, .infer:
            return Plumbing.kind(of: variableID, in: classID, context) == nil || !Self.ignoresPlumbing(variableID, context)
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
        let note = Self.inferenceNote(context)
        return properties.map { unit, classID, variableID, _ in
            let variable = context.declaration(variableID)
            func ignored(_ message: String, note: String = note) -> Finding {
                ModelProperties.finding(Self.id, .safe, variableID, unit: unit, message: message + note, suggestion: "@ObservationIgnored",
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
            case .track, .infer:
                if let plumbing = Plumbing.kind(of: variableID, in: classID, context) {
                    let why = Self.plumbingNote(context)
                    guard Self.ignoresPlumbing(variableID, context) else {
                        return ModelProperties.finding(
                            Self.id, .safe, variableID, unit: unit,
                            message: "'\(variable.name)' is \(plumbing), which nothing renders; it stays as written and becomes tracked, "
                                + "which changes nothing" + why,
                            suggestion: nil, edits: [], context: context)
                    }
                    return ignored("'\(variable.name)' is \(plumbing), which nothing renders; keep it out of tracking", note: why)
                }
                // The name a view reads, of a declaration of several (`var low = 0, high = 10`).
                let names = variable.bindings.compactMap(\.name)
                if let (name, view) = names.lazy.compactMap({ name in reads.reader(of: name, unit: unit).map { (name, $0) } }).first {
                    return ModelProperties.finding(
                        Self.id, .review, variableID, unit: unit,
                        message: "'\(name)' is not @Published and becomes tracked; \(view) reads it, directly or through "
                            + "the model's computed properties, and now updates when it changes where it showed a stale value" + note,
                        suggestion: "@ObservationIgnored keeps it silent (unpublishedProperties: ignore)", edits: [], context: context)
                }
                return ModelProperties.finding(
                    Self.id, .safe, variableID, unit: unit,
                    message: "'\(variable.name)' is not @Published and becomes tracked; no view reads it, so nothing changes" + note,
                    suggestion: nil, edits: [], context: context)
            }
        }
    }
}

/// The `unpublishedProperties` policy a run inferred from the tree's `@Observable` classes, with
/// the figures it came from (shown in the report's summary): `track` or `ignore`.
typealias UnpublishedPropertyInference = PolicyInference<UnpublishedPropertyPolicy, ObservableClassCensus>

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
            // At each `=` (far fewer than names): is the name before it this one?
            for equal in body where tokens[equal].kind == .equal && equal > body.lowerBound {
                let index = equal - 1
                guard tokens[index].kind == .identifier, file.source.tokenText(index, equals: name) else { continue }
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
