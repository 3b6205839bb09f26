import SourceScan

/// `x = x`, `model.items = model.items`: refresh hacks that relied on `@Published` notifying on
/// every set. Since Swift 6.2 an equal assignment to a tracked property does not notify, so the
/// screen stops refreshing. No edit: the unit needs review.
struct EqualValueAssignment: Rule {
    static let id = "equal-value-assignment"

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for (fileIndex, file) in context.files.enumerated() {
            let tokens = file.tokens
            for index in tokens.indices where tokens[index].kind == .equal {
                guard let left = chain(endingBefore: index, file), let right = chain(startingAfter: index, file),
                      file.compactText(left) == file.compactText(right), endsStatement(right.upperBound, file) else { continue }
                guard let unit = unitOfTarget(left, fileIndex: fileIndex, context) else { continue }
                findings.append(Finding(
                    ruleID: Self.id, fixClass: .review, file: fileIndex, offset: Int(tokens[left.lowerBound].start),
                    message: "'\(file.compactText(left)) = \(file.compactText(right))' re-assigns an equal value; under Observation "
                        + "that no longer notifies, so a refresh it forced will not happen",
                    suggestion: "mutate the property in place, or make the refreshed data itself a tracked property", unit: unit))
            }
        }
        return findings
    }

    /// `a`, `self.a`, `model.items` ending just before `end`.
    private func chain(endingBefore end: Int, _ file: FileStructure) -> Range<Int>? {
        var start = end - 1
        guard start >= 0, file.tokens[start].kind == .identifier || file.tokens[start].word == .self else { return nil }
        while start >= 2, file.tokens[start - 1].kind == .period,
              file.tokens[start - 2].kind == .identifier || file.tokens[start - 2].word == .self {
            start -= 2
        }
        guard file.startsLine(start) || [.leftBrace, .semicolon].contains(file.tokens[start - 1].kind) else { return nil }
        return start..<end
    }

    private func chain(startingAfter equal: Int, _ file: FileStructure) -> Range<Int>? {
        var end = equal + 1
        guard end < file.tokens.count, file.tokens[end].kind == .identifier || file.tokens[end].word == .self else { return nil }
        end += 1
        while end + 1 < file.tokens.count, file.tokens[end].kind == .period, file.tokens[end + 1].kind == .identifier {
            end += 2
        }
        return (equal + 1)..<end
    }

    private func endsStatement(_ index: Int, _ file: FileStructure) -> Bool {
        index >= file.tokens.count - 1 || file.startsLine(index)
            || [.semicolon, .rightBrace].contains(file.tokens[index].kind)
    }

    /// The unit whose tracked property the chain assigns: `x`/`self.x` inside a model, `m.x`
    /// where `m` is a model.
    private func unitOfTarget(_ chain: Range<Int>, fileIndex: Int, _ context: RuleContext) -> Int? {
        let file = context.files[fileIndex]
        let property = file.source.text(chain.upperBound - 1)
        if chain.count == 1 || (chain.count == 3 && file.tokens[chain.lowerBound].word == .self) {
            guard let owner = context.index.typer.owner(file: fileIndex, token: chain.lowerBound),
                  let enclosing = context.types.enclosingTypeLike(DeclarationID(file: fileIndex, declaration: owner)),
                  let type = context.types.extendedType(enclosing), let unit = context.units.unitOf[type],
                  context.publishedNames(context.units.units[unit]).contains(property) else { return nil }
            return unit
        }
        let receiver = chain.lowerBound..<(chain.upperBound - 2)
        guard let model = context.index.model(context.index.typer.typeOf(receiver, file: fileIndex)),
              let unit = context.units.unitOf[model], context.publishedNames(context.units.units[unit]).contains(property) else { return nil }
        return unit
    }
}
