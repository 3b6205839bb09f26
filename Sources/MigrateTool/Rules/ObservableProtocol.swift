import SourceScan

/// `protocol P: ObservableObject` becomes `protocol P: AnyObject, Observable`, and every class
/// conforming to it gets `@Observable` in the same unit. A composition holding `ObservableObject`
/// (`typealias Model = (ObservableObject & Identifiable)`, `protocol P: ObservableObject & Hashable`)
/// keeps its other parts: the one part becomes `AnyObject & Observable`.
struct ObservableProtocol: Rule {
    static let id = "observable-protocol"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for unit in context.units.units {
            for protocolID in unit.protocols {
                let declaration = context.declaration(protocolID)
                let file = context.files[protocolID.file]
                guard let rewrite = Self.rewrite(of: declaration, in: file) else { continue }
                var edits = [FileEdit(file: protocolID.file, edit: EditBuilder(file: file).replace(rewrite.tokens, with: rewrite.replacement))]
                // Conformers that get observation only through this protocol need the macro, and
                // move with it: the report says so beside the unit's members.
                var membership: [MembershipReason] = []
                for classID in unit.classes {
                    let conformances = context.index.graph.models[classID] ?? []
                    let onlyThroughProtocol = conformances.allSatisfy {
                        if case .viaProtocol = $0 { return true }
                        return false
                    }
                    if onlyThroughProtocol, let insertion = ObservableAttribute.insertion(for: classID, in: context) {
                        edits.append(insertion)
                    }
                    let protocols = conformances.compactMap { conformance -> String? in
                        if case .viaProtocol(let id) = conformance { return context.declaration(id).name }
                        return nil
                    }
                    if let symbol = context.index.types.symbol(classID), let first = protocols.first {
                        membership.append(MembershipReason(
                            member: symbol.qualifiedName,
                            reason: "'\(first)' refines ObservableObject and changes with every class conforming to it"))
                    }
                }
                let isAlias = declaration.kind == .typealias
                let head = isAlias ? "type alias '\(declaration.name)' composes ObservableObject"
                    : "protocol '\(declaration.name)' refines ObservableObject"
                // `Observable` has no requirements: a library's class (a Core Data entity) still
                // conforms, in name only, as the developers of such trees write it.
                let external = Self.externalConformance(to: declaration.name, context).map { external in
                    "; '\(external)', a type the tree does not declare, conforms to it and becomes Observable in name only: "
                        + "code holding it as a '\(declaration.name)' no longer follows its changes"
                }
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .review, file: protocolID.file, offset: Int(file.tokens[rewrite.tokens.lowerBound].start),
                    message: "\(head); every conforming class must become @Observable in the same run" + (external ?? ""),
                    suggestion: rewrite.suggestion, edits: edits, unit: unit.id, membershipReasons: membership))
            }
        }
        return findings
    }

    /// The name of a type the tree does not declare whose extension conforms to the protocol
    /// named `name` (`extension SavedLocation: ObservableLocation`, a Core Data entity).
    static func externalConformance(to name: String, _ context: RuleContext) -> String? {
        for (fileIndex, file) in context.files.enumerated() {
            for (index, declaration) in file.declarations.enumerated() where declaration.kind == .extension {
                guard declaration.inheritance.contains(where: { $0.typeName.split(separator: ".").last.map(String.init) == name }) else {
                    continue
                }
                let id = DeclarationID(file: fileIndex, declaration: index)
                if context.types.extendedType(id) == nil { return declaration.name }
            }
        }
        return nil
    }

    /// What replaces `ObservableObject` in a protocol's inheritance or an alias's composition.
    struct Rewrite {
        /// The tokens written for `ObservableObject` (`Combine.ObservableObject` included).
        var tokens: Range<Int>
        var replacement: String
        /// The declaration's head as it reads afterwards.
        var suggestion: String
    }

    /// The rewrite of the `ObservableObject` the declaration names, directly or as a part of a
    /// composition; nil when it names none (it refines another observable protocol or alias).
    /// `AnyObject` is added unless the declaration already names it (it keeps `@Bindable` and
    /// `@Environment` usable on the protocol's types).
    static func rewrite(of declaration: Declaration, in file: FileStructure) -> Rewrite? {
        for entry in declaration.inheritance {
            let members = ModelGraph.compositionMembers(entry.tokens, in: file)
            guard let target = members.first(where: { ModelGraph.namesObservableObject(file.compactText($0)) }) else { continue }
            let namedMembers = declaration.kind == .typealias ? members
                : declaration.inheritance.flatMap { ModelGraph.compositionMembers($0.tokens, in: file) }
            let hasAnyObject = namedMembers.contains { ["AnyObject", "Swift.AnyObject"].contains(file.compactText($0)) }
            // A whole inheritance entry is one of a comma list; a part of a composition, one of an `&` list.
            let separator = members.count == 1 && declaration.kind != .typealias ? ", " : " & "
            let replacement = hasAnyObject ? "Observable" : "AnyObject" + separator + "Observable"
            let valueStart = Int(file.tokens[declaration.inheritance[0].tokens.lowerBound].start)
            let valueEnd = Int(file.tokens[declaration.inheritance[declaration.inheritance.count - 1].tokens.upperBound - 1].end)
            let written = file.source.text(in: valueStart..<Int(file.tokens[target.lowerBound].start)) + replacement
                + file.source.text(in: Int(file.tokens[target.upperBound - 1].end)..<valueEnd)
            let keyword = declaration.kind == .typealias ? "typealias \(declaration.name) = " : "protocol \(declaration.name): "
            // One line in the report, however the clause is wrapped.
            let oneLine = written.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return Rewrite(tokens: target, replacement: replacement, suggestion: keyword + oneLine)
        }
        return nil
    }
}
