import SourceScan

/// An observer of another model's changes, `settings.objectWillChange.sink { … }`, bridged to
/// Observation: the publisher becomes `observationWillChange(of: settings) { _ = ($0.a, $0.b) }`,
/// which re-arms `withObservationTracking` on the properties the model published and emits before
/// each change of one of them, as `objectWillChange` did, and the rest of the pipeline (`receive(on:)`,
/// `.sink`, `.store(in:)`, a stored token and whatever cancels it) stays as it was. The helper is
/// added once to the file, `fileprivate`, so each file that needs it compiles on its own.
///
/// What changes (review): a set of an equal value no longer emits (Observation skips it since
/// Swift 6.2). A send in a setter or a wrapped property's observer becomes `withMutation`, so the
/// bridge reads that property too; any other send, a relay, or a subclass's own published
/// properties would go unheard, and such a model is not bridged.
struct ObserverBridge {
    /// The edits, and the properties the new publisher reads.
    let edits: [FileEdit]
    let properties: [String]
    /// How the model is named at the site (`settings`, `self`).
    let sourceText: String

    /// The helper's name, which the rewritten site calls.
    static let functionName = "observationWillChange"
    /// The helper's class, which holds the tracking between changes.
    static let trackerName = "ObservationWillChangeTracker"

    /// Operators that may follow the publisher: they take any publisher of `Void` that never fails,
    /// so the bridge's `AnyPublisher<Void, Never>` fits where `ObservableObjectPublisher` was.
    static let operators: Set<String> = [
        "sink", "receive", "debounce", "throttle", "delay", "map", "compactMap", "filter", "prefix", "dropFirst", "first",
        "collect", "eraseToAnyPublisher", "handleEvents", "share", "subscribe",
    ]

    /// The bridge for a subscription site of `unit`, or why there is none.
    static func plan(_ site: Site, unit: MigrationUnit, relays: [ObjectWillChangeRelay], _ context: RuleContext) -> Result<ObserverBridge, Refusal> {
        let file = context.files[site.file]
        let tokens = file.tokens
        guard case .declared(let sourceType) = site.type, unit.classes.contains(sourceType) else {
            return .failure(.init("the model's type is not one of the unit's classes"))
        }
        let source = context.declaration(sourceType)
        guard site.token + 2 < tokens.count, tokens[site.token + 1].kind == .period, tokens[site.token + 2].kind == .identifier,
              operators.contains(file.source.text(site.token + 2)) else {
            return .failure(.init("objectWillChange is not the start of a publisher pipeline here"))
        }
        let sourceText: String
        if let receiver = site.receiver {
            var end = receiver.upperBound
            if tokens[end - 1].kind == .postfixQuestionMark { end -= 1 }
            guard end > receiver.lowerBound else { return .failure(.init("the model's expression is empty")) }
            sourceText = file.compactText(receiver.lowerBound..<end)
        } else {
            guard let owner = site.ownerID, let enclosing = context.types.enclosingTypeLike(owner),
                  context.types.extendedType(enclosing) == sourceType else {
                return .failure(.init("the model's objectWillChange is not read through the model"))
            }
            sourceText = "self"
        }
        if let refusal = isolationRefusal(site, source: source, sourceFile: sourceType.file, context) { return .failure(refusal) }
        // The properties the model published, its ancestors' included, all readable from the site.
        var properties: [String] = []
        for classID in [sourceType] + context.index.graph.modelAncestors(of: sourceType) {
            for variableID in context.variables(ofModel: classID) {
                let role = ModelProperties.role(of: variableID, in: context, deinitReads: [])
                guard role == .published || role == .manuallyPublished else { continue }
                let names = context.declaration(variableID).bindings.compactMap(\.name)
                guard isReadable(variableID, from: site, classID: classID, context) else {
                    return .failure(.init("'\(names.joined(separator: ", "))' of \(context.declaration(classID).name) cannot be read "
                                          + "from here (its access level)"))
                }
                properties += names
            }
        }
        switch announcedBesides(sourceType, unit: unit, published: Set(properties), relays: relays, context) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let accessors):
            for property in accessors {
                let lineage = [sourceType] + context.index.graph.modelAncestors(of: sourceType)
                guard let (classID, variableID) = lineage.lazy.compactMap({ classID in
                    context.variables(ofModel: classID).first { context.declaration($0).bindings.contains { $0.name == property } }
                        .map { (classID, $0) }
                }).first, isReadable(variableID, from: site, classID: classID, context) else {
                    return .failure(.init("'\(property)' of \(source.name) cannot be read from here (its access level)"))
                }
                properties.append(property)
            }
        }
        let builder = EditBuilder(file: file)
        let start = site.receiver?.lowerBound ?? site.token
        let indentation = builder.indentation(ofLineAt: Int(tokens[start].start))
        let replacement = "\(functionName)(of: \(sourceText)) \(readClosure(properties, indentation: indentation, builder))"
        var edits = [FileEdit(file: site.file, edit: builder.replace(start..<(site.token + 1), with: replacement))]
        switch helperPresence(in: site.file, context) {
        case .clash:
            return .failure(.init("the tree already declares its own '\(functionName)' or '\(trackerName)'"))
        case .inFile:
            break
        case .absent:
            edits.append(FileEdit(file: site.file, edit: helperInsertion(file, nonisolated: context.isMainActorByDefault(file: site.file))))
            let missing = missingImports(file)
            if !missing.isEmpty {
                edits.append(FileEdit(file: site.file, edit: MissingObservationImport.insertion(ofImports: missing, in: file)))
            }
        }
        return .success(ObserverBridge(edits: edits, properties: properties, sourceText: sourceText))
    }

    /// Why a bridge would not be told of every change `objectWillChange` announced.
    struct Refusal: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// What the model's `objectWillChange` announced besides sets of its published properties, as
    /// properties the bridge must also read: a send in a computed property's setter or a wrapped
    /// property's observer becomes `withMutation` for that property, which announces every set as
    /// the send did. A send deleted next to a change of a published property announced nothing the
    /// property's own set does not. Any other send (next to a change of a property it alone
    /// announced, and only there), a declared publisher other than the plain one, a relayed
    /// model, a subclass's own properties or an `open` class make a refusal.
    private static func announcedBesides(_ sourceType: DeclarationID, unit: MigrationUnit, published: Set<String>,
                                         relays: [ObjectWillChangeRelay], _ context: RuleContext) -> Result<[String], Refusal> {
        let name = context.declaration(sourceType).name
        let lineage = Set([sourceType] + context.index.graph.modelAncestors(of: sourceType))
        var properties: [String] = []
        for use in unit.objectWillChangeUses {
            let kind = ObservationUse.ofObjectWillChange(use, context)
            guard kind == .send || kind == .declaration else { continue }
            if case .declared(let type) = use.type, !lineage.contains(type) { continue }
            if kind == .declaration {
                // `let objectWillChange = ObservableObjectPublisher()` is the publisher the class had anyway.
                guard let owner = use.ownerID, CustomObjectWillChange.isThePlainPublisher(context.declaration(owner), context.files[use.file])
                else { return .failure(Refusal("\(name) declares its own objectWillChange, which may announce anything")) }
                continue
            }
            switch ObjectWillChangeSend.twin(of: use, unit: unit, context) {
            case .accessor(let property)?:
                if !published.contains(property), !properties.contains(property) { properties.append(property) }
            case .deletion(let property, throughBranches: false)? where published.contains(property):
                continue
            default:
                return .failure(Refusal("\(name) announces changes by hand (objectWillChange.send()) that no property read would hear"))
            }
        }
        if relays.contains(where: { lineage.contains($0.relayingClass) }) {
            return .failure(Refusal("\(name) relays another model's changes as its own, which no read of its properties would hear"))
        }
        let classes = context.units.units.flatMap(\.classes)
        if let subclass = classes.first(where: { context.index.graph.modelAncestors(of: $0).contains(sourceType) }) {
            return .failure(Refusal("\(name) has a subclass, \(context.declaration(subclass).name), whose own published properties "
                                    + "the bridge would not read"))
        }
        if context.declaration(sourceType).hasModifier(.open) {
            return .failure(Refusal("\(name) is open: a subclass elsewhere may publish properties the bridge would not read"))
        }
        return .success(properties)
    }

    /// A model isolated to the main actor (by its attribute, or by its module's default isolation)
    /// is read in the bridge's closure, which must then be isolated to it too: the site must be in
    /// a `@MainActor` function or type, or in a module `@MainActor` by default and not `nonisolated`.
    private static func isolationRefusal(_ site: Site, source: Declaration, sourceFile: Int, _ context: RuleContext) -> Refusal? {
        if source.attributes.contains(where: { $0.baseName != "MainActor" && $0.baseName.hasSuffix("Actor") }) {
            return Refusal("\(source.name) is isolated to a global actor other than the main actor")
        }
        let sourceIsMainActor = source.attribute(named: "MainActor") != nil
            || (context.isMainActorByDefault(file: sourceFile) && !source.hasModifier(.nonisolated))
        guard sourceIsMainActor else { return nil }
        // In a module `@MainActor` by default, code is isolated unless a declaration around it says `nonisolated`.
        let isolatedByDefault = context.isMainActorByDefault(file: site.file)
        var current = site.ownerID
        while let id = current {
            let declaration = context.declaration(id)
            if declaration.attribute(named: "MainActor") != nil { return nil }
            if isolatedByDefault, declaration.hasModifier(.nonisolated) { break }
            if declaration.kind == .extension, let extended = context.types.extendedType(id),
               context.declaration(extended).attribute(named: "MainActor") != nil { return nil }
            current = declaration.parent.map { DeclarationID(file: id.file, declaration: $0) }
            if current == nil, isolatedByDefault { return nil }
        }
        return Refusal("\(source.name) is @MainActor and the observer is not, so the properties cannot be read where it subscribes")
    }

    /// Whether code at the site may read the variable: its getter's access level against where
    /// the site is (a test target that imports the model's module `@testable` reads internal ones).
    private static func isReadable(_ variableID: DeclarationID, from site: Site, classID: DeclarationID, _ context: RuleContext) -> Bool {
        let variable = context.declaration(variableID)
        let accessWords: Set<Word> = [.private, .fileprivate, .internal, .public, .open, .package]
        let access = variable.modifiers.first { $0.detail == nil && accessWords.contains($0.word) }?.word
        switch access {
        case .public, .open:
            return true
        case .private:
            guard site.file == variableID.file, let owner = site.ownerID, let enclosing = context.types.enclosingTypeLike(owner) else {
                return false
            }
            return context.types.extendedType(enclosing) == classID
        case .fileprivate:
            return site.file == variableID.file
        default:
            if site.file == variableID.file { return true }
            let modules = context.types.modules
            let sameModule = modules.map { !Set($0.own[site.file]).isDisjoint(with: $0.own[variableID.file]) } ?? true
            return sameModule || context.files[site.file].declarations.contains {
                $0.kind == .import && $0.parent == nil && $0.attribute(named: "testable") != nil
            }
        }
    }

    /// `{ _ = $0.a }`, `{ _ = ($0.a, $0.b) }`, one read a line when that is long, `{ _ in }` for none.
    private static func readClosure(_ properties: [String], indentation: String, _ builder: EditBuilder) -> String {
        let reads = properties.map { "$0.\($0)" }
        switch reads.count {
        case 0: return "{ _ in }"
        case 1: return "{ _ = \(reads[0]) }"
        default:
            let oneLine = "{ _ = (\(reads.joined(separator: ", "))) }"
            guard indentation.count + oneLine.count + 40 > 120 else { return oneLine }
            let inner = indentation + "    "
            return "{" + reads.map { builder.lineBreak + inner + "_ = " + $0 }.joined() + builder.lineBreak + indentation + "}"
        }
    }

    private enum HelperPresence {
        case absent, inFile, clash
    }

    /// Whether the file already has the helper (an earlier run added it), or the tree declares
    /// something of its names that the helper would clash with.
    private static func helperPresence(in fileIndex: Int, _ context: RuleContext) -> HelperPresence {
        var inFile = false
        for (index, file) in context.files.enumerated() {
            for declaration in file.declarations where declaration.parent == nil
                && (declaration.name == functionName || declaration.name == trackerName) {
                if index == fileIndex, declaration.hasModifier(.fileprivate) {
                    inFile = true
                } else if index == fileIndex || !(declaration.hasModifier(.fileprivate) || declaration.hasModifier(.private)) {
                    return .clash
                }
            }
        }
        return inFile ? .inFile : .absent
    }

    /// The modules the helper needs that the file does not import (nor a module re-exporting them).
    private static func missingImports(_ file: FileStructure) -> [String] {
        let imported = Set(file.declarations.filter { $0.kind == .import && $0.parent == nil && !$0.isConditional }
            .map(MissingObservationImport.moduleName))
        let providers: [(module: String, by: Set<String>)] = [
            ("Combine", ["Combine", "SwiftUI"]),
            ("Foundation", ["Foundation", "SwiftUI", "UIKit", "AppKit", "Cocoa"]),
            ("Observation", MissingObservationImport.providers),
        ]
        return providers.filter { imported.isDisjoint(with: $0.by) }.map(\.module)
    }

    /// The helper, at the end of the file after a blank line. In a module whose declarations are
    /// `@MainActor` by default (Swift 6.2), its function and class say `nonisolated`: the class's
    /// `onChange` re-arms from whatever thread the change happens on, and the compiler such a
    /// module needs knows `nonisolated` on a type.
    private static func helperInsertion(_ file: FileStructure, nonisolated: Bool) -> Edit {
        let builder = EditBuilder(file: file)
        let bytes = file.source.bytes
        let endsWithLineBreak = bytes.last.map(Byte.isLineBreak) ?? false
        let lines = nonisolated ? helperLines.map { $0.hasPrefix("fileprivate ") ? "nonisolated " + $0 : $0 } : helperLines
        let text = lines.joined(separator: builder.lineBreak)
        return .insert((endsWithLineBreak ? builder.lineBreak : builder.lineBreak + builder.lineBreak) + text
                       + (endsWithLineBreak ? builder.lineBreak : ""), at: bytes.count)
    }

    /// The helper the rewritten sites call. The tracker re-arms in `onChange`, which runs before
    /// the change is stored, as `objectWillChange` emitted; it stops when the subscription is
    /// cancelled or the model is released, and holds the model weakly.
    static let helperLines = [
        "/// A publisher of an `@Observable` object's coming changes, as Combine announced them before the",
        "/// migration: it emits before each change of a property `read` reads, until the subscription is",
        "/// cancelled or the object is released. Added by observation-migrate.",
        "fileprivate func observationWillChange<Source: AnyObject>(",
        "    of source: Source?, reading read: @escaping (Source) -> Void",
        ") -> AnyPublisher<Void, Never> {",
        "    let tracker = ObservationWillChangeTracker(source, reading: read)",
        "    return tracker.changes.handleEvents(receiveCancel: tracker.stop).eraseToAnyPublisher()",
        "}",
        "",
        "/// Re-arms `withObservationTracking` after every change it reports (observation-migrate).",
        "fileprivate final class ObservationWillChangeTracker<Source: AnyObject>: @unchecked Sendable {",
        "    let changes = PassthroughSubject<Void, Never>()",
        "    private weak var source: Source?",
        "    private let read: (Source) -> Void",
        "    private let lock = NSLock()",
        "    private var isStopped = false",
        "",
        "    init(_ source: Source?, reading read: @escaping (Source) -> Void) {",
        "        self.source = source",
        "        self.read = read",
        "        track()",
        "    }",
        "",
        "    func stop() {",
        "        lock.lock()",
        "        isStopped = true",
        "        lock.unlock()",
        "    }",
        "",
        "    private func track() {",
        "        lock.lock()",
        "        let isStopped = isStopped",
        "        lock.unlock()",
        "        guard !isStopped, let source else { return }",
        "        withObservationTracking { read(source) } onChange: { [self] in",
        "            changes.send()",
        "            track()",
        "        }",
        "    }",
        "}",
    ]
}
