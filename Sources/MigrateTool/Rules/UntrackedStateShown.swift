import SourceScan

/// A member a view renders that reads state `@Observable` does not track (`UserDefaults`, an
/// object the model holds, an `@AppStorage` inside the model), where the model changes that
/// state in a body that also changes a `@Published` property. Under `ObservableObject` the view
/// re-read everything whenever anything published changed, so it refreshed with that change;
/// under `@Observable` a view refreshes only when state it read changes, and keeps showing the
/// old value. Nothing is rewritten: the unit needs review, and the finding names the member, the
/// view and the body.
///
/// Only what is sure counts, since a finding costs a review (`rules/untracked-state-shown.md`
/// lists the conditions): where the model changes the state alone, or the partner is a plain
/// `var`, the legacy view did not refresh either; where the view reads the partner too, the new
/// one still does. A send beside the change is the send rule's to name.
struct UntrackedStateShown: Rule {
    static let id = "untracked-state-shown"

    /// A body of the model (a method, a setter, an observer) that changes untracked state and
    /// tracked state in one go.
    struct ChangingBody {
        /// How a message names it: `finish()`, `the setter of 'theme'`, `didSet of 'name'`.
        var name: String
        /// The untracked state it changes in one go with a published change, each with the
        /// published properties it runs with, in reading order: each told views to redraw.
        var changes: [(change: UntrackedRead, partners: [String])]
        /// The property whose observer (`didSet`, `willSet`) the body is, if it is one.
        var observing: String?

        /// Every published property some change of untracked state runs with.
        var tracked: Set<String> { Set(changes.flatMap(\.partners)) }

        /// How a message says the published change goes with the change at `position`: `beside
        /// 'step'`, or `when 'level' changes` for the observer of that property.
        func partnerPhrase(_ position: Int) -> String {
            let partner = changes[position].partners[0]
            return observing == partner ? "when '\(partner)' changes" : "beside '\(partner)'"
        }
    }

    /// The bodies by what their changes could be surely the same state as (`surelyOverlap`): a
    /// keyed store's value by a literal key, any key spelled otherwise, an object by its root.
    /// A model of thousands of members and bodies is then not compared pair by pair.
    struct ChangeIndex {
        private var byLiteral: [String: Set<Int>] = [:]
        private var keyedOtherwise: Set<Int> = []
        private var keyed: Set<Int> = []
        private var byRoot: [String: Set<Int>] = [:]

        init(_ bodies: [ChangingBody]) {
            for (position, body) in bodies.enumerated() {
                for change in body.changes.map(\.change) {
                    guard let root = change.path.first else { continue }
                    guard root == UntrackedRead.keyedStore else { byRoot[root, default: []].insert(position); continue }
                    guard let key = change.key else { continue }
                    keyed.insert(position)
                    if case .literal(let text) = key.form { byLiteral[text, default: []].insert(position) } else { keyedOtherwise.insert(position) }
                }
            }
        }

        /// The bodies, in order, that may change what `reads` read.
        func bodies(touching reads: [UntrackedRead]) -> [Int] {
            var found = Set<Int>()
            for read in reads {
                guard let root = read.path.first else { continue }
                guard root == UntrackedRead.keyedStore else { found.formUnion(byRoot[root] ?? []); continue }
                guard let key = read.key else { continue }
                if case .literal(let text) = key.form {
                    found.formUnion(byLiteral[text] ?? [])
                    found.formUnion(keyedOtherwise)
                } else {
                    found.formUnion(keyed)
                }
            }
            return found.sorted()
        }
    }

    /// A member a view may show and the body whose change it would miss.
    private struct Candidate {
        var unit: Int
        var member: DeclarationID
        var names: [String]
        var shared: Int
        var body: ChangingBody
        /// The tracked properties each member name of the model reads, through its helpers.
        var tracksThrough: [String: Set<String>]
    }

    func check(_ context: RuleContext) -> [Finding] {
        var candidates: [Candidate] = []
        // Where names are used as members, found once for every model's readers.
        var memberUses: UntrackedReads.MemberUses?
        for unit in context.units.units {
            // A class without members of its own (`class Special: Base {}`) has no body that
            // changes anything: reading its model, inherited members and all, would find nothing.
            for classID in unit.classes where !(context.modelMembers[classID] ?? []).isEmpty {
                let model = ModelStateChanges(classID: classID, unit: unit, context, exposing: false)
                guard let reads = model.storeReads else { continue }
                let bodies = Self.changingBodies(of: classID, model, reads, context).map { body in
                    var body = body
                    body.changes = body.changes.filter { !Self.isTrackedElsewhere($0.change, model, context) }
                    return body
                }.filter { !$0.changes.isEmpty }
                guard !bodies.isEmpty else { continue }
                let uses = memberUses ?? UntrackedReads.MemberUses(context.files)
                memberUses = uses
                model.effectMemo.untrackedReads.memberUses = uses
                let helpers = Self.helpersByName(model, context)
                var tracksThrough: [String: Set<String>]?
                let index = ChangeIndex(bodies)
                for (member, shown) in reads.shownReads(where: { Self.mayBeShown($0, context) }) where !shown.isEmpty {
                    let readsTracked = Self.trackedNames(readBy: member, model, helpers, context)
                    // A member that reads what the body publishes is tracked through it.
                    for body in index.bodies(touching: shown).map({ bodies[$0] }) where readsTracked.isDisjoint(with: body.tracked) {
                        // A member that hands on a whole object (`var service: Service { voiceService }`)
                        // shows what views read through it, not every change made through it.
                        guard let shared = body.changes.firstIndex(where: { pair in shown.contains { Self.surelyOverlap($0, pair.change) } })
                        else { continue }
                        let declaration = context.declaration(member)
                        let names = declaration.kind == .variable ? declaration.bindings.compactMap(\.name) : [declaration.name]
                        // What a view reading one of the model's names reads through its helpers, once per model.
                        let through = tracksThrough ?? helpers.mapValues { helperIDs in
                            helperIDs.reduce(into: Set<String>()) { $0.formUnion(Self.trackedNames(readBy: $1, model, helpers, context)) }
                        }
                        tracksThrough = through
                        candidates.append(Candidate(unit: unit.id, member: member, names: names, shared: shared, body: body,
                                                    tracksThrough: through))
                        break
                    }
                }
            }
        }
        guard !candidates.isEmpty else { return [] }
        let unitIDs = Set(candidates.map(\.unit))
        let views = ViewReads(units: context.units.units.filter { unitIDs.contains($0.id) }, context, shownOnly: true)
        return candidates.compactMap { candidate in
            // A view reading the member through another computed member shows that one, which
            // reads what this one reads and gets its own finding where nothing tracked redraws
            // it; a view that also shows what the body publishes redraws with it all the same.
            guard let view = views.readerNotReading(candidate.body.tracked.sorted(), whereTheyRead: candidate.names, unit: candidate.unit,
                                                    through: candidate.tracksThrough) else { return nil }
            let declaration = context.declaration(candidate.member)
            let name = declaration.kind == .variable ? declaration.name : Self.spelled(candidate.member, context)
            let keyPath = declaration.kind == .variable ? "\\.\(declaration.name)" : nil
            let suggestion = keyPath.map {
                "keep the value in a tracked stored property that \(candidate.body.name) updates, or call access(keyPath: \($0)) "
                    + "in its getter and wrap the change in withMutation(keyPath: \($0)) { … }"
            } ?? "keep the value in a tracked stored property that \(candidate.body.name) updates"
            return ModelProperties.finding(
                Self.id, .review, candidate.member, unit: candidate.unit,
                message: "'\(name)' reads \(candidate.body.changes[candidate.shared].change.description), which @Observable does not track; "
                    + "\(view) reads it as it renders, and \(candidate.body.name) changes it \(candidate.body.partnerPhrase(candidate.shared)): "
                    + "the view refreshed with that change under ObservableObject, and under @Observable it keeps the old value until "
                    + "state it reads changes",
                suggestion: suggestion, edits: [], context: context)
        }
    }

    /// The bodies of the model class (its body and extensions) that change untracked state beside
    /// tracked state: methods, setters, observers, and the closures an initializer stores (a
    /// sink's or an observer's, which run later). One that sends by hand is the send rule's.
    static func changingBodies(of classID: DeclarationID, _ model: ModelStateChanges, _ reads: UntrackedReads,
                               _ context: RuleContext) -> [ChangingBody] {
        var found: [ChangingBody] = []
        var methods = MethodEffects(model: model, reads: reads, context: context)
        /// `[name]` when the property is published (its observer runs with a published change).
        func isPublishedObserved(memberID: DeclarationID, _ name: String) -> [String]? {
            model.properties[name]?.tracking == .tracked && Self.published(memberID, context) ? [name] : nil
        }
        for memberID in context.modelMembers[classID] ?? [] {
            let member = context.declaration(memberID)
            let file = context.files[memberID.file]
            guard !member.hasModifier(.static), !member.hasModifier(.class) else { continue }
            var blocks: [(name: String, open: Int, scope: Range<Int>, parameters: Range<Int>?, observing: String?)] = []
            switch member.kind {
            case .function:
                if let body = member.body { blocks.append((Self.spelled(memberID, context), body.lowerBound, body, member.parameters, nil)) }
            case .initializer:
                guard let body = member.body else { break }
                for index in body where index > body.lowerBound && file.tokens[index].kind == .leftBrace && index < body.upperBound - 1 {
                    guard !blocks.contains(where: { ($0.open..<file.closing($0.open)).contains(index) }) else { continue }
                    blocks.append(("a closure of init", index, body, member.parameters, nil))
                }
            case .variable:
                guard let name = member.bindings.first?.name, let block = member.bindings.first?.accessorBlock else { break }
                for accessor in file.accessors(inBlock: block) {
                    switch accessor.word {
                    case .set: blocks.append(("the setter of '\(name)'", accessor.open, block, nil, nil))
                    case .didSet, .willSet:
                        blocks.append(("\(accessor.word == .didSet ? "didSet" : "willSet") of '\(name)'", accessor.open, block, nil, name))
                    default: break
                    }
                }
            default:
                break
            }
            for block in blocks {
                // An observer of a published property runs with its change.
                let observed = block.observing.flatMap { isPublishedObserved(memberID: memberID, $0) } ?? []
                let effects = methods.effects(ofBlock: block.open, file, scope: block.scope, parameters: block.parameters,
                                              observing: observed)
                guard !effects.pairs.isEmpty, !effects.sends else { continue }
                found.append(ChangingBody(name: block.name, changes: effects.pairs, observing: block.observing))
            }
        }
        return found
    }

    /// Whether state read through an object is tracked by that object itself: its root holds,
    /// or names, a model of the tree (an `ObservableObject` the run migrates, or an `@Observable`
    /// class), whose own properties views reading through it track.
    static func isTrackedElsewhere(_ read: UntrackedRead, _ model: ModelStateChanges, _ context: RuleContext) -> Bool {
        guard let root = read.path.first, root != UntrackedRead.keyedStore else { return false }
        // A tracked property holding a value (or a type the tree does not show), reached through
        // a local bound to it too: a change through it (`config.volume = v`) is a change of the
        // property, which is tracked.
        if let property = model.properties[root], property.tracking == .tracked, !property.isClass { return true }
        guard read.path.count > 1 else { return false }
        if let property = model.properties[root] {
            let declaration = context.declaration(property.id)
            guard let binding = declaration.bindings.first(where: { $0.name == root }),
                  case .declared(let type) = context.index.typer.variableType(binding, declarationID: property.id) else { return false }
            return context.isObservedModel(type)
        }
        // `AppSettings.shared.theme`: a type's shared instance of itself.
        let classes = context.types.types(named: root).filter { $0.kind == .class }
        return classes.count == 1 && context.isObservedModel(classes[0].id)
    }

    /// Whether a view's body may show what the member gives: any property or subscript, and a
    /// method with a result that is neither `async` (a body cannot wait for it) nor
    /// `@discardableResult` (an action that also reports, `login() -> Bool`).
    static func mayBeShown(_ member: DeclarationID, _ context: RuleContext) -> Bool {
        let declaration = context.declaration(member)
        // A stored object (`let engine`) shows what views read through it, which may be none of
        // what a body changes (`tracking.version` beside `tracking.task = t`); not read here.
        if declaration.kind == .variable, context.isStored(declaration) { return declaration.attributes.contains { $0.arguments != nil } }
        guard declaration.kind == .function else { return true }
        if declaration.attributes.contains(where: { $0.baseName == "discardableResult" }) { return false }
        let file = context.files[member.file]
        let effects = (declaration.parameters?.upperBound ?? declaration.tokens.lowerBound)..<(declaration.returnType?.lowerBound ?? declaration.tokens.upperBound)
        return !effects.contains { file.tokens[$0].word == .async }
    }

    /// The published property a statement changes itself (`step = 0`), if any.
    static func publishedChange(_ statement: Range<Int>, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?,
                                        _ model: ModelStateChanges, _ context: RuleContext) -> [String] {
        guard model.isTrackedChange(statement, in: file, scope: scope, parameters: parameters),
              let start = ModelStateChanges.changeStart(of: statement, file),
              let change = model.change(at: start, before: statement.upperBound, in: file, scope: scope, parameters: parameters),
              // A plain `var` the macro tracks never told views to redraw: no refresh to lose.
              published(change.property.id, context) else { return [] }
        return [change.name]
    }

    /// What the model's bodies do, and the methods they call, followed a few deep (a cycle reads
    /// as nothing more): the untracked state they change, the published properties they change,
    /// which of the first run in one go with which of the second (`RunTogether`), and whether
    /// they send by hand. A call is matched to the methods of its name and argument labels (all
    /// of its name when none has those labels, as with defaulted parameters).
    struct MethodEffects {
        struct Effects {
            var changes: [UntrackedRead] = []
            var published: [String] = []
            var sends = false
            /// The changes that run in one go with published changes, and those published changes.
            var pairs: [(change: UntrackedRead, partners: [String])] = []

            mutating func pair(_ changes: [UntrackedRead], with partners: [String]) {
                guard !partners.isEmpty else { return }
                for change in changes {
                    if let position = pairs.firstIndex(where: { $0.change == change }) {
                        for partner in partners where !pairs[position].partners.contains(partner) { pairs[position].partners.append(partner) }
                    } else {
                        pairs.append((change, partners))
                    }
                }
            }
        }

        let model: ModelStateChanges
        let reads: UntrackedReads
        let context: RuleContext
        /// The model's instance methods with bodies, by name.
        private let byName: [String: [DeclarationID]]
        /// Complete answers, by call spelling.
        private var memo: [String: Effects] = [:]

        init(model: ModelStateChanges, reads: UntrackedReads, context: RuleContext) {
            self.model = model
            self.reads = reads
            self.context = context
            var byName: [String: [DeclarationID]] = [:]
            for methodID in context.modelMembers[model.classID] ?? [] {
                let method = context.declaration(methodID)
                guard method.kind == .function, !method.hasModifier(.static), !method.hasModifier(.class), method.body != nil else { continue }
                byName[method.name, default: []].append(methodID)
            }
            self.byName = byName
        }

        /// What the block at `open` does; `observing`: the published property whose observer it is.
        mutating func effects(ofBlock open: Int, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?,
                              observing: [String]) -> Effects {
            effects(ofBlock: open, file, scope: scope, parameters: parameters, observing: observing, depth: 0, visiting: [])
        }

        /// One statement's part: what it changes itself and through the method it calls.
        private struct Site {
            var start: Int
            var changes: [UntrackedRead]
            var published: [String]
        }

        private mutating func effects(ofBlock open: Int, _ file: FileStructure, scope: Range<Int>, parameters: Range<Int>?,
                                      observing: [String], depth: Int, visiting: Set<String>) -> Effects {
            var found = Effects()
            let inside = (open + 1)..<file.closing(open)
            found.sends = UntrackedStateShown.sends(in: inside, file)
            var sites: [Site] = []
            for part in UntrackedStateShown.parts(in: open, file) {
                var site = Site(start: part.start, changes: [], published: [])
                for own in part.own { site.changes += reads.changes(in: own, file, scope: scope, parameters: parameters) }
                guard let statement = part.statement else {
                    found.changes += site.changes
                    if !site.changes.isEmpty { sites.append(site) }
                    continue
                }
                site.published = UntrackedStateShown.publishedChange(statement, file, scope: scope, parameters: parameters, model, context)
                // A statement changing both runs them together.
                found.pair(site.changes, with: site.published)
                // What the model's own methods it calls do (`saveFlag()` beside `step = 0`).
                if let call = model.ownCall(statement, file, scope: scope, parameters: parameters) {
                    let called = effects(of: call, depth: depth + 1, visiting: visiting)
                    found.sends = found.sends || called.sends
                    for pair in called.pairs { found.pair([pair.change], with: pair.partners) }
                    // What the statement changes itself runs with what the method does.
                    found.pair(site.changes, with: called.published)
                    found.pair(called.changes, with: site.published)
                    site.changes += called.changes
                    site.published += called.published.filter { !site.published.contains($0) }
                }
                found.changes += site.changes
                for name in site.published where !found.published.contains(name) { found.published.append(name) }
                if !site.changes.isEmpty || !site.published.isEmpty { sites.append(site) }
            }
            // Where each part runs, worked out only for parts that change something.
            let places = sites.map { RunTogether.place(of: $0.start, inBody: open, file) }
            for (position, site) in sites.enumerated() where !site.changes.isEmpty {
                // An observer runs with its property's change, in its own run (not a closure it schedules).
                if !observing.isEmpty, places[position].map({ $0.body == open }) ?? true { found.pair(site.changes, with: observing) }
                for (other, partner) in sites.enumerated() where other != position && !partner.published.isEmpty {
                    guard let change = places[position], let published = places[other] else {
                        found.pair(site.changes, with: partner.published)
                        continue
                    }
                    if RunTogether.mayRunTogether(change: change, published: published, file) {
                        found.pair(site.changes, with: partner.published)
                    }
                }
            }
            return found
        }

        private mutating func effects(of call: (name: String, labels: [String?]), depth: Int, visiting: Set<String>) -> Effects {
            let key = ArgumentList.spelling(call.name, labels: call.labels)
            if let known = memo[key] { return known }
            guard depth < 5, !visiting.contains(key) else { return Effects() }
            let named = byName[call.name] ?? []
            let matching = named.filter { id in
                context.declaration(id).parameters.map { ArgumentList.parameterLabels($0, context.files[id.file]) == call.labels } ?? false
            }
            var found = Effects()
            for methodID in matching.isEmpty ? named : matching {
                let method = context.declaration(methodID)
                guard let body = method.body else { continue }
                let effects = effects(ofBlock: body.lowerBound, context.files[methodID.file], scope: body, parameters: method.parameters,
                                      observing: [], depth: depth, visiting: visiting.union([key]))
                found.changes += effects.changes
                for name in effects.published where !found.published.contains(name) { found.published.append(name) }
                found.sends = found.sends || effects.sends
                for pair in effects.pairs { found.pair([pair.change], with: pair.partners) }
            }
            // An answer cut short by the depth or a cycle is not kept for a shallower call.
            if depth == 1 { memo[key] = found }
            return found
        }
    }

    /// Whether what a member shows is what a body changes, as far as the tree tells (stricter
    /// than `UntrackedRead.mayOverlap`, which a send's deletion leans on the other way): a keyed
    /// store's value by keys both known and equal; an object's state where one path leads on
    /// from the other (`engine.volume` and `engine`), but not a member that hands on the whole
    /// object (`var service: Service { voiceService }`), which shows what views read through it.
    static func surelyOverlap(_ shown: UntrackedRead, _ change: UntrackedRead) -> Bool {
        guard shown.path.first == change.path.first else { return false }
        if shown.path == [UntrackedRead.keyedStore] {
            guard let shownKey = shown.key, let changedKey = change.key else { return false }
            return shownKey.mayEqual(changedKey)
        }
        guard shown.path.count > 1 || shown.path == change.path,
              shown.path.starts(with: change.path) || change.path.starts(with: shown.path) else { return false }
        if let shownKey = shown.key, let changedKey = change.key { return shownKey.mayEqual(changedKey) }
        return true
    }

    /// Whether a property told views to redraw under `ObservableObject`: `@Published`, or
    /// published by hand.
    static func published(_ variableID: DeclarationID, _ context: RuleContext) -> Bool {
        switch ModelProperties.role(of: variableID, in: context, deinitReads: []) {
        case .published, .manuallyPublished, .overridingObserver: return true
        default: return false
        }
    }

    /// The tracked properties a member's own code names (`self.x` or a bare `x`).
    /// The model's computed properties, methods and subscripts by name, whose code a member
    /// reading them runs.
    static func helpersByName(_ model: ModelStateChanges, _ context: RuleContext) -> [String: [DeclarationID]] {
        var helpers: [String: [DeclarationID]] = [:]
        for helper in context.modelMembers[model.classID] ?? [] {
            let declaration = context.declaration(helper)
            switch declaration.kind {
            // A method returning nothing is an action (`Button(action: model.finish)`): it shows nothing.
            case .function where declaration.returnType != nil: helpers[declaration.name, default: []].append(helper)
            case .subscript: helpers[declaration.name, default: []].append(helper)
            case .variable where !context.isStored(declaration):
                for name in declaration.bindings.compactMap(\.name) { helpers[name, default: []].append(helper) }
            default: break
            }
        }
        return helpers
    }

    /// The tracked properties a member's code reads (`self.x`, a bare `x`, `"\(x)"`; a computed
    /// property's getter only), and those its helpers read, a few deep.
    static func trackedNames(readBy member: DeclarationID, _ model: ModelStateChanges, _ helpers: [String: [DeclarationID]],
                             _ context: RuleContext) -> Set<String> {
        var names = Set<String>()
        var visited: Set<DeclarationID> = [member]
        var pending = [(member, 0)]
        while let (current, depth) = pending.popLast() {
            let file = context.files[current.file]
            func reach(_ name: String) {
                if model.properties[name]?.tracking == .tracked { names.insert(name) }
                guard depth < 3 else { return }
                for helper in helpers[name] ?? [] where visited.insert(helper).inserted { pending.append((helper, depth + 1)) }
            }
            for index in readRange(of: current, context) {
                switch file.tokens[index].kind {
                case .identifier: reach(file.source.text(index))
                case .stringLiteral: StringInterpolation.chains(in: file.source.text(index)).joined().forEach(reach)
                default: break
                }
            }
        }
        return names
    }

    /// Where a member's reads are: a computed property's getter (its setter writes), else all of it.
    private static func readRange(of member: DeclarationID, _ context: RuleContext) -> Range<Int> {
        let declaration = context.declaration(member)
        let file = context.files[member.file]
        if declaration.kind == .variable, let block = declaration.bindings.first?.accessorBlock,
           let getter = file.accessors(inBlock: block).first(where: { $0.word == .get }) {
            return getter.open..<file.closing(getter.open)
        }
        return declaration.tokens
    }

    /// A method as a message names it, with its argument labels: `toggle(_:animated:)`.
    static func spelled(_ method: DeclarationID, _ context: RuleContext) -> String {
        let declaration = context.declaration(method)
        guard let clause = declaration.parameters else { return declaration.name + "()" }
        let labels = ArgumentList.parameterLabels(clause, context.files[method.file])
        return ArgumentList.spelling(declaration.name, labels: labels)
    }

    /// A statement of a body and its own tokens (those outside the blocks and closures inside
    /// it), or a block not read as statements (`#if` inside), all of whose tokens are its own.
    struct Part {
        var statement: Range<Int>?
        var own: [Range<Int>]
        /// Its first token.
        var start: Int
    }

    /// The statements of the block at `open` and of every block nested in them, each with its
    /// own tokens, split around the blocks and closures inside it (listed apart).
    static func parts(in open: Int, _ file: FileStructure) -> [Part] {
        guard let statements = file.statements(inBlock: open) else {
            let inside = (open + 1)..<file.closing(open)
            return inside.isEmpty ? [] : [Part(statement: nil, own: [inside], start: inside.lowerBound)]
        }
        var found: [Part] = []
        for statement in statements {
            var own: [Range<Int>] = []
            var nested: [Part] = []
            var start = statement.lowerBound
            var index = statement.lowerBound
            while index < statement.upperBound {
                if file.tokens[index].kind == .leftBrace {
                    if start < index { own.append(start..<index) }
                    nested += parts(in: index, file)
                    index = file.closing(index) + 1
                    start = index
                } else {
                    index += 1
                }
            }
            if start < statement.upperBound { own.append(start..<statement.upperBound) }
            found.append(Part(statement: statement, own: own, start: statement.lowerBound))
            found += nested
        }
        return found
    }

    /// Whether code in `range` sends `objectWillChange` by hand.
    static func sends(in range: Range<Int>, _ file: FileStructure) -> Bool {
        range.contains { file.tokens[$0].kind == .identifier && file.source.tokenText($0, equals: "objectWillChange") }
    }
}
