/// Where the tree's existing `@Observable` classes put the macro among their other attributes:
/// the facts `ObservableAttribute.inferenceRule` decides from when the configuration says
/// `"observableAttributeOrder": "infer"`. Each team writes one order (`@Observable @MainActor` or
/// `@MainActor @Observable`) and its new classes follow it (46 developer migrations measured
/// 2026-11-23).
///
/// Counted: each class carrying `@Observable` and at least one other attribute, once, and
/// whether `@Observable` comes before all of them. A class with `@Observable` alone shows no
/// order. The whole scanned tree counts together: one decision per run.
struct ObservableAttributeOrderCensus: Sendable, Equatable {
    /// `@Observable` classes carrying at least one other attribute.
    var classes = 0
    /// Of `classes`, those whose first attribute is `@Observable`.
    var observableFirst = 0

    /// Counts the classes of the context's tree.
    init(_ context: RuleContext) {
        for file in context.files {
            for declaration in file.declarations
            where declaration.kind == .class && declaration.attributes.count > 1 && declaration.attribute(named: "Observable") != nil {
                classes += 1
                if declaration.attributes.first?.baseName == "Observable" { observableFirst += 1 }
            }
        }
    }

    /// Builds a census from its figures (tests, and documentation of the thresholds).
    init(classes: Int, observableFirst: Int) {
        (self.classes, self.observableFirst) = (classes, observableFirst)
    }
}
