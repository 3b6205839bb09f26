import SourceScan

/// `@Published var x = v` in a migrated model becomes `var x = v`: the macro tracks it.
/// `private(set)`, observers and everything else on the declaration stay.
struct PublishedProperty: Rule {
    static let id = "published-property"
    static let relevanceKeywords = ["Published"]

    func check(_ context: RuleContext) -> [Finding] {
        propertyFindings(context) + initializerFindings(context) + storageFindings(context)
    }

    /// `_x` read as the wrapper (`_x.projectedValue`, `_x.wrappedValue`, passed on): under
    /// `@Observable` `_x` is the macro's plain storage of the value, so such code no longer
    /// compiles. Only an initializer's `_x = Published(…)` (or `.init(…)`) has a rewrite.
    private func storageFindings(_ context: RuleContext) -> [Finding] {
        // The published names of each class, so that each of its bodies is read once.
        var classes: [(unit: Int, classID: DeclarationID, names: [String: String])] = []
        var positionOfClass: [DeclarationID: Int] = [:]
        for (unit, classID, variableID, role) in ModelProperties.all(in: context) where role == .published {
            guard let name = context.declaration(variableID).bindings.first?.name else { continue }
            if positionOfClass[classID] == nil {
                positionOfClass[classID] = classes.count
                classes.append((unit, classID, [:]))
            }
            classes[positionOfClass[classID]!].names["_" + name] = name
        }
        return classes.flatMap { unit, classID, names -> [Finding] in
            let containers = [classID] + (context.types.symbol(classID)?.extensions ?? [])
            return containers.flatMap { container -> [Finding] in
                let file = context.files[container.file]
                let tokens = file.tokens
                let mentions = file.declarations[container.declaration].tokens.compactMap { index -> (index: Int, storage: String)? in
                    guard tokens[index].kind == .identifier, file.source.bytes[Int(tokens[index].start)] == UInt8(ascii: "_") else { return nil }
                    let text = file.source.text(index)
                    return names[text] == nil ? nil : (index, text)
                }
                // Most models never name `_x`: the shadowing locals are looked for only when one does.
                guard !mentions.isEmpty else { return [] }
                /// Bodies declaring a local `storage` (`var _items = items.map { … }`): there it means the local.
                func shadowing(_ storage: String) -> [Range<Int>] {
                    file.declarations.compactMap { declaration -> Range<Int>? in
                        guard !declaration.kind.isTypeLike, let body = declaration.body,
                              file.declarations[container.declaration].tokens.contains(body.lowerBound),
                              body.contains(where: { index in
                                  index > 0 && (tokens[index - 1].word == .var || tokens[index - 1].word == .let)
                                      && tokens[index].kind == .identifier && file.source.tokenText(index, equals: storage)
                              }) else { return nil }
                        return body
                    }
                }
                var shadowingByStorage: [String: [Range<Int>]] = [:]
                return mentions.compactMap { index, storage -> Finding? in
                    if shadowingByStorage[storage] == nil { shadowingByStorage[storage] = shadowing(storage) }
                    guard !shadowingByStorage[storage]!.contains(where: { $0.contains(index) }) else { return nil }
                    // `_x = …`, `self._x = …`: the initializer rewrite's, or a new wrapper assigned.
                    if index + 1 < tokens.count, tokens[index + 1].kind == .equal { return nil }
                    // A member of another value (`other._x`) is not this storage.
                    if index > 1, tokens[index - 1].kind == .period, tokens[index - 2].word != .self { return nil }
                    let name = names[storage]!
                    return Finding(ruleID: Self.id, fixClass: .manual, isBlocker: true, file: container.file,
                                   offset: Int(tokens[index].start),
                                   message: "'\(storage)' is used as the @Published wrapper of '\(name)'; under @Observable "
                                       + "'\(storage)' is the macro's plain storage of the value",
                                   suggestion: "read '\(name)' (or '$\(name)' for the publisher) instead of '\(storage)'",
                                   unit: unit)
                }
            }
        }
    }

    /// `_count = Published(initialValue: count)` in an initializer: `_count` is the macro's own
    /// storage afterwards, so the value is assigned to it directly.
    private func initializerFindings(_ context: RuleContext) -> [Finding] {
        context.units.units.flatMap { unit in
            unit.publishedInitializers.compactMap { site -> Finding? in
                guard let arguments = site.arguments else { return nil }
                let file = context.files[site.file]
                var valueStart = arguments.lowerBound
                if arguments.count > 2, file.tokens[valueStart].kind == .identifier, file.tokens[valueStart + 1].kind == .colon {
                    valueStart += 2
                }
                guard valueStart < arguments.upperBound else { return nil }
                let close = arguments.upperBound
                // `Published(…)`, or `.init(…)` with the type inferred.
                let constructor = site.constructorStart(in: file)
                let edits = [
                    Edit.delete(Int(file.tokens[constructor].start)..<Int(file.tokens[valueStart].start)),
                    Edit.delete(Int(file.tokens[close - 1].end)..<Int(file.tokens[close].end)),
                ]
                return Finding(ruleID: Self.id, fixClass: .safe, file: site.file, offset: Int(file.tokens[constructor].start),
                               message: "Published(initialValue:) has no place once @Observable owns the storage",
                               suggestion: "\(file.source.text(constructor - 2)) = \(file.sourceText(valueStart..<close))",
                               edits: edits.map { FileEdit(file: site.file, edit: $0) }, unit: unit.id)
            }
        }
    }

    private func propertyFindings(_ context: RuleContext) -> [Finding] {
        ModelProperties.all(in: context).compactMap { unit, _, variableID, role in
            guard role == .published else { return nil }
            let variable = context.declaration(variableID)
            guard let attribute = variable.attribute(named: "Published") else { return nil }
            let file = context.files[variableID.file]
            let builder = EditBuilder(file: file)
            // In a class that is already `@Observable`, `@ObservationIgnored` kept the macro off a
            // property the publisher announced: both go, and the macro tracks it.
            if let ignored = variable.attribute(named: "ObservationIgnored") {
                return ModelProperties.finding(
                    Self.id, .safe, variableID, unit: unit,
                    message: "@ObservationIgnored @Published announced '\(variable.name)' through objectWillChange; "
                        + "@Observable tracks it once both go",
                    suggestion: nil, edits: [ignored, attribute].map { FileEdit(file: variableID.file, edit: builder.remove($0.tokens)) },
                    context: context, at: min(ignored.tokens.lowerBound, attribute.tokens.lowerBound))
            }
            return ModelProperties.finding(
                Self.id, .safe, variableID, unit: unit, message: "@Published is not needed: @Observable tracks '\(variable.name)'",
                suggestion: nil, edits: [FileEdit(file: variableID.file, edit: builder.remove(attribute.tokens))],
                context: context, at: attribute.tokens.lowerBound)
        }
    }
}
