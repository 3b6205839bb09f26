import Testing
@testable import MigrateTool

/// A generic function whose result is its own parameter (`func resolve<T>(_: T.Type) -> T`)
/// returns what the call's arguments bind that parameter to. Before, the result was read as an
/// external type named `T`, so `.environmentObject(Container.resolve(Store.self))` looked like
/// no model's site: the model migrated and the call stopped compiling.
@Suite struct GenericResultTypingTests {
    /// A model read from the environment (`Store`), a class that is not one (`Item`), generic
    /// functions of several shapes, and `body`, which passes something to `.environmentObject`.
    static func tree(_ body: String) -> String {
        """
        import SwiftUI

        final class Store: ObservableObject { @Published var count = 0 }
        class Item {}
        class Movie: Item {}

        enum Container {
            static func resolve<Service>(_ serviceType: Service.Type) -> Service { fatalError() }
            static func optional<Service>(_ serviceType: Service.Type, name: String? = nil) -> Service? { nil }
        }
        func configure<T>(_ value: T, using body: (T) -> Void) -> T { body(value); return value }
        func either<T>(_ first: T, _ second: T) -> T { first }
        func make<T>() -> T { fatalError() }
        func firstOf<T>(_ values: [T]) -> T { values[0] }
        final class Crate<T> { var value: T; init(_ value: T) { self.value = value } }
        func crate<T>(_ value: T) -> Crate<T> { Crate(value) }
        func wrap<T>(_ value: T) -> [T] { [value] }

        struct Row: View {
            @EnvironmentObject var store: Store
            var body: some View { Text("\\(store.count)") }
        }

        struct Screen: View {
            let item: Item
            let movie: Movie
            var body: some View {
                \(body)
            }
        }
        """
    }

    /// The blockers an untyped `.environmentObject` argument puts on `Store`.
    static func cannotTell(_ source: String) -> [String] {
        RuleExamples.analyze(files: [("A.swift", source)]).findings
            .filter { $0.ruleID == EnvironmentObjectModifier.id && $0.isBlocker }.map(\.message)
    }

    @Test(arguments: [
        "Row().environmentObject(Container.resolve(Item.self))",
        "Row().environmentObject(Container.optional(Item.self)!)",
        "Row().environmentObject(Container.optional(Item.self, name: \"main\")!)",
        "Row().environmentObject(configure(movie) { _ in })",
        "Row().environmentObject(configure(movie, using: { _ in }))",
        "Row().environmentObject(either(item, item))",
        // A type the tree declares, built on the parameter: that type.
        "Row().environmentObject(crate(item))",
    ])
    func theArgumentsBindTheResult(body: String) {
        #expect(Self.cannotTell(Self.tree(body)) == [])
    }

    @Test(arguments: [
        // Nothing in the call binds the parameter.
        "Row().environmentObject(make())",
        // Arguments of different types may meet in a common supertype.
        "Row().environmentObject(either(item, movie))",
        // A parameter naming it inside another type is not followed.
        "Row().environmentObject(firstOf([item]))",
        // A collection of the parameter may hold any model.
        "Row().environmentObject(wrap(item)[0])",
    ])
    func theResultStaysUnknown(body: String) {
        #expect(Self.cannotTell(Self.tree(body)).count == 1)
    }

    /// The model's own site is seen as one and rewritten with the model.
    @Test func aResolvedModelIsItsSite() {
        let migrated = RuleExamples.migrate(Self.tree("Row().environmentObject(Container.resolve(Store.self))"))
        #expect(migrated.contains("Row().environment(Container.resolve(Store.self))"))
        #expect(migrated.contains("@Observable"))
    }
}
