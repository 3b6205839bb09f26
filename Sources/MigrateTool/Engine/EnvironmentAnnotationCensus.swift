import SourceScan

/// Whether the tree's existing `@Environment(T.self)` properties keep a type annotation
/// (`@Environment(Store.self) private var store: Store`) or not (`… private var store`): the
/// facts `EnvironmentObjectRule.inferenceRule` decides from when the configuration says
/// `"environmentTypeAnnotation": "infer"`. Teams write one or the other throughout (of 31
/// developer migrations measured 2026-11-26, 29 never annotate and 2 always do, and those 2
/// kept the annotation their tree's earlier `@Environment(T.self)` properties had).
///
/// Counted: each property declared with `@Environment(T.self)` in the files the run structured
/// (files that mention observation or a model: views reading environment models mostly do),
/// and whether its binding carries `: T`. A tree with too few of them still shows its style in
/// its other variables: a team that spells the type even where the initial value gives it
/// (`var items: [Item] = []`, `@State var tracker: Tracker = .init()`) for most of them also
/// keeps `: T` on its environment models (Cork: 91 % of its initialised variables annotated;
/// every other tree measured, 2 to 38 %).
struct EnvironmentAnnotationCensus: Sendable, Equatable {
    /// `@Environment(T.self)` properties.
    var properties = 0
    /// Of `properties`, those with a type annotation.
    var annotated = 0
    /// Variables declared with an initial value, in the same files.
    var initialised = 0
    /// Of `initialised`, those that also spell their type.
    var initialisedAnnotated = 0

    /// Counts the properties of the context's tree.
    init(_ context: RuleContext) {
        for file in context.files {
            let tokens = file.tokens
            for declaration in file.declarations where declaration.kind == .variable {
                for binding in declaration.bindings where binding.initializer != nil {
                    initialised += 1
                    if binding.typeAnnotation != nil { initialisedAnnotated += 1 }
                }
                guard let attribute = declaration.attribute(named: "Environment"), let arguments = attribute.arguments,
                      arguments.count >= 4, tokens[arguments.upperBound - 2].word == .self,
                      tokens[arguments.upperBound - 3].kind == .period,
                      // `@Environment(\.self)` reads the key path `\.self`, not a type.
                      tokens[arguments.lowerBound + 1].kind != .backslash, let binding = declaration.bindings.first else { continue }
                properties += 1
                if binding.typeAnnotation != nil { annotated += 1 }
            }
        }
    }

    /// Builds a census from its figures (tests, and documentation of the thresholds).
    init(properties: Int, annotated: Int, initialised: Int = 0, initialisedAnnotated: Int = 0) {
        (self.properties, self.annotated) = (properties, annotated)
        (self.initialised, self.initialisedAnnotated) = (initialised, initialisedAnnotated)
    }
}
