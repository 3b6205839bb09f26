import SourceScan

/// What an `objectWillChange` or `$property` site does, so each rule takes exactly its own.
enum ObservationUse: Equatable {
    /// `willSet { objectWillChange.send() }` on a stored property: replaced by tracking.
    case willSetSend
    /// Another `objectWillChange.send()`.
    case send
    /// The model declares its own `objectWillChange`.
    case declaration
    /// `.onReceive(model.objectWillChange)`.
    case onReceiveObjectWillChange
    /// `objectWillChange.sink`, passed along, stored…
    case subscription
    /// `.onReceive(model.$x) { … }`, convertible to `.onChange(of:initial:)`.
    case onReceivePublisher
    /// `$x` inside the model that declares `x`.
    case publisherInModel
    /// `model.$x` elsewhere.
    case externalPublisher

    /// Classifies an `objectWillChange` site.
    static func ofObjectWillChange(_ site: Site, _ context: RuleContext) -> ObservationUse {
        let file = context.files[site.file]
        if site.onReceiveCall != nil { return .onReceiveObjectWillChange }
        if let owner = site.owner {
            let declaration = file.declarations[owner]
            if declaration.kind == .variable, declaration.nameTokens.contains(site.token) { return .declaration }
        }
        let tokens = file.tokens
        let isSend = site.token + 3 < tokens.count && tokens[site.token + 1].kind == .period
            && file.source.tokenText(site.token + 2, equals: "send") && tokens[site.token + 3].kind == .leftParen
        guard isSend else { return .subscription }
        if let owner = site.owner {
            let declaration = file.declarations[owner]
            if declaration.kind == .variable, context.isStored(declaration),
               let willSet = ModelProperties.objectWillChangeWillSet(declaration, file: file), willSet.send.contains(site.token) {
                return .willSetSend
            }
        }
        return .send
    }

    /// Classifies a publisher site (`$x` or `model.$x`) of a unit.
    static func ofPublisher(_ site: Site, unit: MigrationUnit, _ context: RuleContext) -> ObservationUse {
        if site.onReceiveCall != nil, OnReceiveConversion.plan(site, context) != nil { return .onReceivePublisher }
        if let owner = site.ownerID, let enclosing = context.types.enclosingTypeLike(owner),
           let type = context.types.extendedType(enclosing), unit.classes.contains(type) {
            return .publisherInModel
        }
        return .externalPublisher
    }

    /// The unit's `objectWillChange` sites of one kind.
    static func objectWillChangeSites(_ kind: ObservationUse, _ context: RuleContext) -> [(unit: Int, site: Site)] {
        context.units.units.flatMap { unit in
            unit.objectWillChangeUses.filter { ofObjectWillChange($0, context) == kind }.map { (unit.id, $0) }
        }
    }

    /// The unit's publisher sites of one kind.
    static func publisherSites(_ kind: ObservationUse, _ context: RuleContext) -> [(unit: Int, site: Site)] {
        context.units.units.flatMap { unit in
            unit.publisherUses.filter { ofPublisher($0, unit: unit, context) == kind }.map { (unit.id, $0) }
        }
    }

    /// A blocking finding at a site.
    static func blocker(_ ruleID: String, _ site: Site, unit: Int, message: String, suggestion: String,
                        _ context: RuleContext, alsoUnits: [Int] = []) -> Finding {
        let file = context.files[site.file]
        return Finding(ruleID: ruleID, fixClass: .manual, isBlocker: true, file: site.file,
                       offset: Int(file.tokens[site.token].start), message: message, suggestion: suggestion, unit: unit,
                       alsoUnits: alsoUnits)
    }
}

/// Plans `.onReceive(model.$x) { v in … }` → `.onChange(of: model.x, initial: true) { _, v in … }`.
enum OnReceiveConversion {
    /// The edits, or nil when the call has another shape (operators after `$x`, `perform:`).
    static func plan(_ site: Site, _ context: RuleContext) -> [Edit]? {
        guard let call = site.onReceiveCall, case .memberPublisher(let name) = site.kind, let receiver = site.receiver else { return nil }
        let file = context.files[site.file]
        let tokens = file.tokens
        let open = call.lowerBound + 2
        let close = call.upperBound - 1
        // The argument must be exactly `receiver.$x`.
        guard receiver.lowerBound == open + 1, site.token + 1 == close, close + 1 < tokens.count,
              tokens[close + 1].kind == .leftBrace else { return nil }
        let builder = EditBuilder(file: file)
        let receiverText = file.sourceText(receiver)
        var edits = [
            builder.replace((call.lowerBound + 1)..<(call.lowerBound + 2), with: "onChange"),
            builder.replace((open + 1)..<close, with: "of: \(receiverText).\(name), initial: true"),
        ]
        let brace = close + 1
        let closureEnd = file.closing(brace)
        // `{ value in` / `{ _ in` / `{ (value) in`: one parameter becomes `_, value`.
        var scan = brace + 1
        var inToken: Int?
        while scan < closureEnd, scan < brace + 12 {
            if tokens[scan].word == .in { inToken = scan; break }
            if tokens[scan].kind == .leftBrace || tokens[scan].kind == .rightBrace { break }
            scan += 1
        }
        if let inToken {
            var first = brace + 1
            if tokens[first].kind == .leftParen { first += 1 }
            guard first < inToken, tokens[first].kind == .identifier || tokens[first].kind == .keyword else { return nil }
            edits.append(builder.insert("_, ", before: first))
        } else {
            // Anonymous `$0` becomes `$1`, the new value, outside nested closures.
            var index = brace + 1
            while index < closureEnd {
                if tokens[index].kind == .leftBrace { index = file.closing(index) + 1; continue }
                if tokens[index].kind == .dollarIdentifier, file.source.tokenText(index, equals: "$0") {
                    edits.append(builder.replace(index..<(index + 1), with: "$1"))
                }
                index += 1
            }
        }
        return edits
    }
}
