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
