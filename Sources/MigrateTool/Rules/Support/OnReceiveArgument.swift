import SourceScan

/// The value `.onChange(of:)` observes in place of the publisher `.onReceive(…)` was given:
/// `m.$x` is `m.x`, `m.$x.map { $0.p }` (or `.map(\.p)`) is `m.x.p`, and `c ? m.$a : m.$b` is
/// `c ? m.a : m.b`. Nil for any other shape, or when the value is not known to be `Equatable`.
struct OnReceiveArgument {
    /// What `of:` gets.
    var value: String
    /// The last token of the publisher expression; `, perform: f` or `)` follows it.
    var end: Int
    /// False for the second branch of a ternary: the first branch's site writes the edits.
    var writesEdits: Bool

    /// The argument of the `.onReceive(` call whose `(` is at `open` and `)` at `close`, read from
    /// the publisher site `site` of property `name`.
    init?(_ site: Site, name: String, receiver: Range<Int>, open: Int, close: Int, _ context: RuleContext) {
        let file = context.files[site.file]
        let tokens = file.tokens
        guard let model = context.index.model(site.type), let unitID = context.units.unitOf[model],
              let property = OnReceiveConversion.publishedProperty(name, of: context.units.units[unitID], context) else { return nil }
        if receiver.lowerBound == open + 1 {
            let base = file.sourceText(receiver) + "." + name
            if site.token + 1 < close, tokens[site.token + 1].kind == .period,
               let (path, end) = Self.mappedPath(after: site.token, close: close, file) {
                // `m.$x.map { $0.p }`: the mapped member must be Equatable.
                guard Self.isEquatable(path, of: property, context) else { return nil }
                self.init(value: base + "." + path.joined(separator: "."), end: end, writesEdits: true)
                return
            }
            guard EquatableEvidence.isEquatable(property, context) else { return nil }
            self.init(value: base, end: site.token, writesEdits: true)
            return
        }
        guard let ternary = Self.ternary(around: site, open: open, close: close, unit: unitID, context) else { return nil }
        self = ternary
    }

    private init(value: String, end: Int, writesEdits: Bool) {
        self.value = value
        self.end = end
        self.writesEdits = writesEdits
    }

    /// `.map { $0.a.b }` or `.map(\.a.b)` right after the publisher token: the member path and
    /// the last token of the call.
    static func mappedPath(after publisher: Int, close: Int, _ file: FileStructure) -> ([String], Int)? {
        let tokens = file.tokens
        var index = publisher + 1
        guard index + 2 < close, tokens[index].kind == .period, file.source.tokenText(index + 1, equals: "map") else { return nil }
        index += 2
        let end: Int
        if tokens[index].kind == .leftBrace {
            end = file.closing(index)
            guard index + 1 < end, file.source.tokenText(index + 1, equals: "$0") else { return nil }
            index += 2
        } else if tokens[index].kind == .leftParen, index + 1 < close, tokens[index + 1].kind == .backslash {
            end = file.closing(index)
            index += 2
        } else {
            return nil
        }
        guard end < close else { return nil }
        var path: [String] = []
        while index + 1 < end, tokens[index].kind == .period, tokens[index + 1].kind == .identifier {
            path.append(file.source.text(index + 1))
            index += 2
        }
        guard index == end, !path.isEmpty else { return nil }
        return (path, end)
    }

    /// Whether the value reached from the published property through `path` is `Equatable`: every
    /// step a stored property the tree declares, of a struct or enum, the last one of an
    /// `Equatable` type. Through a class (`$car.map { $0.engine.rpm }` with `Engine` a class) the
    /// value can change in place without the property being set, which `$car` never announced and
    /// `onChange` would hear on the next render.
    static func isEquatable(_ path: [String], of property: DeclarationID, _ context: RuleContext) -> Bool {
        var variable = property
        for member in path {
            guard let binding = context.declaration(variable).bindings.first,
                  case .declared(let type) = context.index.typer.variableType(binding, declarationID: variable),
                  [.struct, .enum].contains(context.declaration(type).kind),
                  let next = instanceProperty(member, of: type, context) else { return false }
            variable = next
        }
        return EquatableEvidence.isEquatable(variable, context)
    }

    /// The declaration of instance property `name` of a type the tree declares (or an extension).
    private static func instanceProperty(_ name: String, of type: DeclarationID, _ context: RuleContext) -> DeclarationID? {
        for container in [type] + (context.types.symbol(type)?.extensions ?? []) {
            let file = context.files[container.file]
            for member in file.members(of: container.declaration) {
                let declaration = file.declarations[member]
                if declaration.kind == .variable, !declaration.hasModifier(.static), !declaration.hasModifier(.class),
                   declaration.bindings.contains(where: { $0.name == name }) {
                    return DeclarationID(file: container.file, declaration: member)
                }
            }
        }
        return nil
    }

    /// `c ? m.$a : m.$b` as the whole first argument, both branches publishers of `Equatable`
    /// properties of the same unit (so that they migrate together).
    private static func ternary(around site: Site, open: Int, close: Int, unit: Int, _ context: RuleContext) -> Self? {
        let file = context.files[site.file]
        let tokens = file.tokens
        var question: Int?
        var colon: Int?
        var index = open + 1
        var argumentEnd = close
        while index < close {
            switch tokens[index].kind {
            case .leftParen, .leftSquare: index = file.closing(index)
            case .leftBrace: return nil
            case .infixQuestionMark:
                guard question == nil else { return nil }
                question = index
            case .colon:
                guard question != nil, colon == nil else { return nil }
                colon = index
            case .comma:
                argumentEnd = index
            default: break
            }
            if argumentEnd != close { break }
            index += 1
        }
        guard let question, let colon, question > open + 1 else { return nil }
        let branches = [(question + 1)..<colon, (colon + 1)..<argumentEnd]
        var values: [String] = []
        var isFirst = false
        for branch in branches {
            // Each branch exactly `receiver.$name`, a publisher site of the same unit.
            guard branch.count >= 3, tokens[branch.upperBound - 1].kind == .dollarIdentifier,
                  let other = context.units.units[unit].publisherUses.first(where: {
                      $0.file == site.file && $0.token == branch.upperBound - 1
                  }),
                  case .memberPublisher(let name) = other.kind, other.receiver?.lowerBound == branch.lowerBound,
                  let receiver = other.receiver,
                  let property = OnReceiveConversion.publishedProperty(name, of: context.units.units[unit], context),
                  EquatableEvidence.isEquatable(property, context) else { return nil }
            if other.token == site.token { isFirst = branch == branches[0] }
            values.append(file.sourceText(receiver) + "." + name)
        }
        let condition = file.sourceText((open + 1)..<question).trimming(charactersIn: " ")
        return Self(value: "\(condition) ? \(values[0]) : \(values[1])", end: argumentEnd - 1, writesEdits: isFirst)
    }
}
