/// One case of an enum the tree declares.
public struct EnumCase: Sendable, Equatable {
    public var name: String
    /// `case loaded(Data)`: the case carries values, so the enum gets no synthesized `Equatable`.
    public var hasAssociatedValues: Bool
}

extension TypeIndex {
    /// The cases of an enum the tree declares (cases are only declared in the enum's own body);
    /// empty for other types.
    public func enumCases(of typeID: DeclarationID) -> [EnumCase] {
        guard declaration(typeID).kind == .enum else { return [] }
        let file = files[typeID.file]
        var cases: [EnumCase] = []
        for member in file.members(of: typeID.declaration) where file.declarations[member].kind == .enumCase {
            // `case a, b(Int), c = "c"`: a name after `case` or a top-level comma, then maybe `(`.
            let range = file.declarations[member].tokens
            var index = file.declarations[member].keyword + 1
            var expectsName = true
            while index < range.upperBound {
                let token = file.tokens[index]
                switch token.kind {
                case .identifier, .keyword:
                    if expectsName {
                        cases.append(EnumCase(name: file.source.text(index).trimming(charactersIn: "`"), hasAssociatedValues: false))
                        expectsName = false
                    }
                case .leftParen:
                    if !expectsName, !cases.isEmpty { cases[cases.count - 1].hasAssociatedValues = true }
                    index = file.closing(index)
                case .comma:
                    expectsName = true
                default:
                    break
                }
                index += 1
            }
        }
        return cases
    }

    /// Whether values of a type the tree declares are `Equatable` without a written conformance:
    /// an enum whose cases carry no values (raw-value enums included) gets it synthesized.
    public func hasSynthesizedEquatable(_ typeID: DeclarationID) -> Bool {
        let cases = enumCases(of: typeID)
        return !cases.isEmpty && !cases.contains(where: \.hasAssociatedValues)
    }
}

extension TypeIndex {
    /// The written types of the values a case of an enum the tree declares carries, labels
    /// dropped (`case detail(SyncUpDetailModel)` → `["SyncUpDetailModel"]`, `case meeting(Meeting,
    /// syncUp: SyncUp)` → `["Meeting", "SyncUp"]`); nil when the enum has no such case, empty for
    /// a case without values.
    public func enumCasePayload(of typeID: DeclarationID, case name: String) -> [String]? {
        guard declaration(typeID).kind == .enum else { return nil }
        let file = files[typeID.file]
        for member in file.members(of: typeID.declaration) where file.declarations[member].kind == .enumCase {
            let range = file.declarations[member].tokens
            var index = file.declarations[member].keyword + 1
            while index < range.upperBound {
                guard file.tokens[index].kind == .identifier || file.tokens[index].kind == .keyword else { index += 1; continue }
                let isName = file.source.text(index).trimming(charactersIn: "`") == name
                let open = index + 1
                let hasPayload = open < range.upperBound && file.tokens[open].kind == .leftParen
                if isName {
                    return hasPayload ? Self.payloadTypes((open + 1)..<file.closing(open), file) : []
                }
                index = hasPayload ? file.closing(open) + 1 : index + 1
                // Skip a raw value (`= "c"`) up to the next top-level comma.
                while index < range.upperBound, file.tokens[index].kind != .comma {
                    index = [.leftParen, .leftSquare].contains(file.tokens[index].kind) ? file.closing(index) + 1 : index + 1
                }
                index += 1
            }
        }
        return nil
    }

    /// The types of a case's value list, split at top-level commas, each without its label.
    private static func payloadTypes(_ range: Range<Int>, _ file: FileStructure) -> [String] {
        var types: [String] = []
        var start = range.lowerBound
        var index = range.lowerBound
        func close(_ end: Int) {
            var first = start
            if first + 1 < end, file.tokens[first + 1].kind == .colon { first += 2 }
            types.append(file.compactText(first..<end))
        }
        // Generic arguments are not brackets to the lexer: count them (`Result<A, B>`).
        var angles = 0
        while index < range.upperBound {
            switch file.tokens[index].kind {
            case .leftParen, .leftSquare, .leftBrace:
                index = file.closing(index) + 1
                continue
            case .comma where angles == 0:
                close(index)
                start = index + 1
            default:
                let text = file.source.text(index)
                if text.allSatisfy({ $0 == "<" }) { angles += text.count }
                if text.allSatisfy({ $0 == ">" }) { angles = max(0, angles - text.count) }
            }
            index += 1
        }
        if start < range.upperBound { close(range.upperBound) }
        return types
    }
}
