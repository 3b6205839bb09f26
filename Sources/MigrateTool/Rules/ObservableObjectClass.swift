import SourceScan

/// `class M: ObservableObject` becomes `@Observable class M`, other attributes and modifiers
/// kept, the inheritance clause repaired; an `Observable` entry beside it goes too, since the
/// macro declares that conformance.
struct ObservableObjectClass: Rule {
    static let id = "observable-object-class"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for classID in unit.classes {
                for conformance in context.index.graph.models[classID] ?? [] {
                    guard case .direct(let entry) = conformance else { continue }
                    let declaration = context.declaration(classID)
                    let file = context.files[classID.file]
                    let builder = EditBuilder(file: file)
                    // An `Observable` entry beside it is redundant once the macro conforms the
                    // class, and goes too, unless the tree declares a type of that name.
                    let redundant = declaration.inheritance.indices.filter {
                        BareObservableConformance.namesObservable(declaration.inheritance[$0])
                    }
                    let removed: Set<Int> = context.types.isDeclaredBaseName("Observable") ? [entry] : Set([entry] + redundant)
                    var edits = builder.removeInheritanceEntries(removed, of: declaration).map { FileEdit(file: classID.file, edit: $0) }
                    if let insertion = ObservableAttribute.insertion(for: classID, in: context) { edits.append(insertion) }
                    let entryToken = declaration.inheritance[entry].tokens.lowerBound
                    findings.append(Finding(
                        ruleID: Self.id, fixClass: .safe, file: classID.file, offset: Int(file.tokens[entryToken].start),
                        message: "'\(declaration.name)' conforms to ObservableObject; use the @Observable macro",
                        suggestion: "@Observable class \(declaration.name)", edits: edits, unit: unit.id))
                }
            }
        }
        return findings
    }
}

/// Where `@Observable` goes on a class, as the configuration's `observablePlacement` says: on
/// the class line, or on a line of its own (`@MainActor` / `@Observable` / `final class M`) where
/// the declaration already keeps an attribute on its own line; and, as the run's
/// `observableAttributeOrder` says, after the class's attributes, right before its first modifier
/// or `class` (`@MainActor @Observable final class M`, Apple's article style), or before the first
/// of them (`@Observable @MainActor final class M`).
enum ObservableAttribute {
    /// How the tree's `@Observable` classes carrying other attributes decide the order: with at
    /// least 2 counted, `first` when at least 2/3 of them put `@Observable` first, else `last`;
    /// with fewer, `last` (what most teams without such classes wrote). Teams whose classes put
    /// it first (8/8, 11/11, 4/4, 2/2) wrote every new class so; teams putting it last wrote
    /// mostly `@MainActor @Observable` (46 developer migrations measured 2026-11-23).
    static let inferenceRule = InferenceRule<ObservableAttributeOrder>(
        minimumCounted: 2, share: (numerator: 2, denominator: 3), shown: .first, otherwise: .last, byDefault: .last)

    /// The order the tree shows (`inferenceRule`) with the facts behind it.
    static func inference(from census: ObservableAttributeOrderCensus) -> ObservableAttributeOrderInference {
        ObservableAttributeOrderInference(census: census, counted: census.classes, showing: census.observableFirst, rule: inferenceRule)
    }

    /// The run's order and why, for the report's summary: `first, inferred from 8 @Observable
    /// classes with other attributes (8 put @Observable first)`.
    static func policyLine(_ order: ObservableAttributeOrder, inference: ObservableAttributeOrderInference?) -> String {
        func classes(_ count: Int) -> String { count == 1 ? "1 @Observable class" : "\(count) @Observable classes" }
        return ObservableAttributeOrderInference.line(order, inference, evidence: { census in
            "\(classes(census.classes)) with other attributes (\(census.observableFirst) put @Observable first)"
        }, shortfall: { census in
            census.classes == 0 ? "no @Observable class carries other attributes"
                : "only \(classes(census.classes)) \(census.classes == 1 ? "carries" : "carry") other attributes, "
                    + "\(inferenceRule.minimumCounted) needed"
        })
    }

    /// The insertion, or nil when the class already carries `@Observable`.
    static func insertion(for classID: DeclarationID, in context: RuleContext) -> FileEdit? {
        let declaration = context.declaration(classID)
        guard declaration.attribute(named: "Observable") == nil else { return nil }
        let file = context.files[classID.file]
        let builder = EditBuilder(file: file)
        let leadsAttributes = context.options.observableAttributeOrder == .first && !declaration.attributes.isEmpty
        let anchor = leadsAttributes ? declaration.attributes[0].tokens.lowerBound
            : declaration.modifiers.first?.tokens.lowerBound ?? declaration.keyword
        guard ownLine(declaration, in: file, placement: context.options.observablePlacement) else {
            return FileEdit(file: classID.file, edit: builder.insert("@Observable ", before: anchor))
        }
        // Before the first token on the anchor's line: `@MainActor final class` on one line
        // under `@available(…)` gets `@Observable` between the two lines, not mid-line.
        let anchorLine = builder.startOfLine(Int(file.tokens[anchor].start))
        let lineFirst = declaration.tokens.first { Int(file.tokens[$0].start) >= anchorLine } ?? anchor
        let indentation = builder.indentation(ofLineAt: Int(file.tokens[lineFirst].start))
        return FileEdit(file: classID.file, edit: builder.insert("@Observable\(builder.lineBreak)\(indentation)", before: lineFirst))
    }

    /// Whether `@Observable` goes on a line of its own above `declaration`.
    static func ownLine(_ declaration: Declaration, in file: FileStructure, placement: ObservablePlacement) -> Bool {
        switch placement {
        case .ownLine: return true
        case .classLine: return false
        case .matchFile:
            // A class without attributes reads as in Apple's article: `@Observable final class M`.
            return attributeStyle(declaration, in: file) ?? false
        }
    }

    /// Whether a declaration keeps an attribute on a line of its own (a line break between it and
    /// what follows it); nil when it has no attributes.
    private static func attributeStyle(_ declaration: Declaration, in file: FileStructure) -> Bool? {
        guard !declaration.attributes.isEmpty else { return nil }
        let anchor = declaration.modifiers.first?.tokens.lowerBound ?? declaration.keyword
        let followers = declaration.attributes.dropFirst().map(\.tokens.lowerBound) + [anchor]
        return zip(declaration.attributes, followers).contains { attribute, follower in
            let between = file.source.bytes[Int(file.tokens[attribute.tokens.upperBound - 1].end)..<Int(file.tokens[follower].start)]
            return between.contains(0x0A) || between.contains(0x0D)
        }
    }
}

/// The `observableAttributeOrder` a run inferred from the tree's `@Observable` classes carrying
/// other attributes, with the figures it came from (shown in the report's summary): `first` or
/// `last`.
typealias ObservableAttributeOrderInference = PolicyInference<ObservableAttributeOrder, ObservableAttributeOrderCensus>
