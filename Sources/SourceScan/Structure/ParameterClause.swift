// Parameter clauses and argument lists as a call sees them: labels, defaults, variadics and
// written types, and the pairing of a call's arguments with a declaration's parameters. Read
// by the generic reach (which models a call hands a generic parameter) and the typer (what a
// generic function returns for the arguments it is given).

/// What a call needs to know of one parameter to pair an argument with it.
public struct ParameterShape: Sendable, Equatable {
    /// The argument label; nil for `_`.
    public var label: String?
    /// A default value lets a call leave the parameter out.
    public var hasDefault: Bool
    /// `T...` takes any number of unlabelled arguments after the labelled first one.
    public var isVariadic: Bool

    /// Pairs arguments (their labels) with parameters in order, by label; parameters with a
    /// default may be left out, required ones at the end only when a trailing closure follows
    /// (the argument is then nil). Nil when the arguments do not fit the parameters.
    public static func match(_ labels: [String?], to parameters: [ParameterShape],
                             trailingClosure: Bool) -> [(parameter: Int, argument: Int?)]? {
        var pairs: [(parameter: Int, argument: Int?)] = []
        var next = 0
        for (position, parameter) in parameters.enumerated() {
            if next < labels.count, labels[next] == parameter.label {
                pairs.append((position, next))
                next += 1
                while parameter.isVariadic, next < labels.count, labels[next] == nil {
                    pairs.append((position, next))
                    next += 1
                }
                continue
            }
            if parameter.hasDefault { continue }
            guard trailingClosure, next == labels.count else { return nil }
            pairs.append((position, nil))
        }
        return next == labels.count ? pairs : nil
    }
}

/// One parameter of a function's or initializer's parameter clause.
public struct ClauseParameter: Sendable, Equatable {
    public var shape: ParameterShape
    /// Token indices of the written type, after attributes (`@escaping`) and ownership words
    /// (`inout`, `sending`), before any default value.
    public var type: Range<Int>
}

/// One argument of a call: its label, if any, and its expression's tokens.
public struct CallArgument: Sendable, Equatable {
    public var label: String?
    public var expression: Range<Int>
}

extension FileStructure {
    /// The parameters of the parameter clause `( … )` at `clause`, in order; a parameter
    /// without a type annotation (which no valid clause has) is left out.
    public func clauseParameters(_ clause: Range<Int>) -> [ClauseParameter] {
        guard clause.count > 2 else { return [] }
        var result: [ClauseParameter] = []
        for segment in topLevelSegments(clause.lowerBound + 1..<clause.upperBound - 1) where !segment.isEmpty {
            guard let colon = segment.first(where: { tokens[$0].kind == .colon }) else { continue }
            // Attributes before the names (`@ViewBuilder content: …`) are not its label.
            let namesStart = skippingAttributes(from: segment.lowerBound, before: colon)
            let nameTokens = (namesStart..<colon).filter { tokens[$0].kind == .identifier || tokens[$0].kind == .keyword }
            guard let first = nameTokens.first else { continue }
            let outer = source.text(first)
            var typeEnd = colon + 1
            while typeEnd < segment.upperBound, tokens[typeEnd].kind != .equal { typeEnd += 1 }
            var typeStart = colon + 1
            // `@escaping`, `@autoclosure`, `inout`, `sending` before the type.
            while typeStart < typeEnd {
                if tokens[typeStart].kind == .atSign { typeStart += 2; continue }
                if tokens[typeStart].kind == .identifier || tokens[typeStart].kind == .keyword,
                   ["inout", "sending", "borrowing", "consuming", "__owned", "__shared"].contains(source.text(typeStart)),
                   typeStart + 1 < typeEnd {
                    typeStart += 1; continue
                }
                break
            }
            let shape = ParameterShape(label: outer == "_" ? nil : outer, hasDefault: typeEnd < segment.upperBound,
                                       isVariadic: compactText(typeStart..<typeEnd).hasSuffix("..."))
            result.append(ClauseParameter(shape: shape, type: typeStart..<typeEnd))
        }
        return result
    }

    /// Whether a trailing closure follows the argument list opening at `open` (`f(x) { … }`),
    /// which may stand for the last required parameters.
    public func hasTrailingClosure(afterArgumentsAt open: Int) -> Bool {
        let close = closing(open)
        return close + 1 < tokens.count && tokens[close + 1].kind == .leftBrace
    }

    /// The arguments of the argument list opening at `open`, in order; nil when one of them is
    /// empty (`f(a, , b)`), which no valid call has. A trailing comma (`f(a,)`) ends the list.
    public func callArguments(open: Int) -> [CallArgument]? {
        let close = closing(open)
        guard close > open + 1 else { return [] }
        var segments = topLevelSegments(open + 1..<close)
        if segments.count > 1, segments.last?.isEmpty == true { segments.removeLast() }
        var result: [CallArgument] = []
        for segment in segments {
            guard !segment.isEmpty else { return nil }
            if segment.count > 2, tokens[segment.lowerBound].kind == .identifier || tokens[segment.lowerBound].kind == .keyword,
               tokens[segment.lowerBound + 1].kind == .colon {
                result.append(CallArgument(label: source.text(segment.lowerBound), expression: segment.lowerBound + 2..<segment.upperBound))
            } else {
                result.append(CallArgument(label: nil, expression: segment))
            }
        }
        return result
    }
}
