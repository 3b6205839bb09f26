import Testing
import SourceScan
@testable import MigrateTool

/// Models that conform to `ObservableObject` through a type alias of a composition
/// (`typealias ViewModelDefinition = (ObservableObject & Identifiable)`, issue 11): the alias is
/// grouped and rewritten like a protocol refining `ObservableObject`.
@Suite struct ObservableAliasTests {
    static func analyze(_ source: String) -> Analysis {
        Analyzer.analyze(swift: [SourceInput(path: "A.swift", bytes: Array(source.utf8))])
    }

    /// Each unit's members, by unit name.
    static func units(_ source: String) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: analyze(source).units.map { ($0.name, $0.members.sorted()) })
    }

    static func findings(_ source: String, rule: String) -> [Finding] {
        analyze(source).findings.filter { $0.ruleID == rule }
    }

    static func migrate(_ source: String) -> String {
        let plan = Migrator.plan(analyze(source), options: MigrationOptions(unsafeFixes: true))
        return plan.newContents[0].map { String(decoding: $0, as: UTF8.self) } ?? source
    }

    @Test func aliasThroughAnotherAliasJoinsOneUnitAndOnlyTheInnerPartChanges() {
        let source = """
            import SwiftUI

            typealias Base = ObservableObject & Identifiable
            typealias Full = (Base & Hashable)

            final class Model: Full {
                let id = 0
                @Published var count = 0
                static func == (a: Model, b: Model) -> Bool { a === b }
                func hash(into hasher: inout Hasher) {}
            }
            """
        #expect(Self.units(source) == ["Base": ["Base", "Full", "Model"]])
        let migrated = Self.migrate(source)
        #expect(migrated.contains("typealias Base = AnyObject & Observable & Identifiable\n"))
        #expect(migrated.contains("typealias Full = (Base & Hashable)\n"))
        #expect(migrated.contains("@Observable final class Model: Full {"))
        #expect(!migrated.contains("@Published"))
    }

    @Test func aliasOverAnObservableProtocolGroupsItsConformersWithTheProtocol() {
        let source = """
            import SwiftUI

            protocol Store: ObservableObject {}
            typealias IdentifiedStore = Store & Identifiable

            final class Counter: IdentifiedStore {
                let id = 0
                @Published var count = 0
            }
            """
        #expect(Self.units(source) == ["Store": ["Counter", "IdentifiedStore", "Store"]])
        let migrated = Self.migrate(source)
        #expect(migrated.contains("protocol Store: AnyObject, Observable {}"))
        #expect(migrated.contains("typealias IdentifiedStore = Store & Identifiable\n"))
        #expect(migrated.contains("@Observable final class Counter: IdentifiedStore {"))
    }

    @Test func protocolRefiningACompositionKeepsItsOtherParts() {
        let source = """
            import SwiftUI

            protocol Store: ObservableObject & Identifiable {}

            final class Counter: Store {
                let id = 0
                @Published var count = 0
            }
            """
        let migrated = Self.migrate(source)
        #expect(migrated.contains("protocol Store: AnyObject & Observable & Identifiable {}"))
        #expect(migrated.contains("@Observable final class Counter: Store {"))
    }

    @Test func protocolAlreadyNamingAnyObjectGetsObservableAlone() {
        let source = """
            import SwiftUI

            protocol Store: AnyObject,
                            ObservableObject {}

            final class Counter: Store {
                @Published var count = 0
            }
            """
        #expect(Self.migrate(source).contains("protocol Store: AnyObject,\n                Observable {}"))
        #expect(Self.findings(source, rule: "observable-protocol").map(\.suggestion) == ["protocol Store: AnyObject, Observable"])
    }

    @Test func aliasesNamingEachOtherDoNotHang() {
        // Does not compile; must still end, with the class a model of the one unit.
        let source = """
            import Combine

            typealias First = Second & ObservableObject
            typealias Second = First & Identifiable

            final class Model: Second {
                let id = 0
                @Published var count = 0
            }
            """
        #expect(Self.units(source) == ["First": ["First", "Model", "Second"]])
    }

    @Test func modelHavingEveryPartOfTheAliasWithoutNamingItMigratesWithIt() {
        // `Row(model: Counter())` compiles today; once the alias is `AnyObject & Observable &
        // Identifiable`, it compiles only if Counter is @Observable too.
        let source = Self.aliasModel("""
            final class Counter: ObservableObject {
                @Published var value = 0
            }
            extension Counter: Identifiable {}
            final class Unrelated: ObservableObject {
                @Published var flag = false
            }
            struct Row<M: ViewModelDefinition>: View {
                @ObservedObject var model: M
                var body: some View { Text("") }
            }
            """)
        #expect(Self.units(source) == ["ViewModelDefinition": ["Counter", "Model", "ViewModelDefinition"], "Unrelated": ["Unrelated"]])
        let migrated = Self.migrate(source)
        #expect(migrated.contains("@Observable final class Counter {"))
        #expect(migrated.contains("@Observable final class Model: ViewModelDefinition {"))
        #expect(migrated.contains("    var model: M\n"))
    }

    @Test func modelHavingEveryPartStaysApartWhenNoCodeIsConstrainedToTheAlias() {
        let source = Self.aliasModel("""
            final class Counter: ObservableObject, Identifiable {
                @Published var value = 0
            }
            """)
        #expect(Self.units(source) == ["ViewModelDefinition": ["Model", "ViewModelDefinition"], "Counter": ["Counter"]])
    }

    @Test("the parts of an alias's value, when it is a composition", arguments: [
        ("ObservableObject & Identifiable", ["ObservableObject", "Identifiable"]),
        ("(ObservableObject & Identifiable & Hashable)", ["ObservableObject", "Identifiable", "Hashable"]),
        ("any Combine.ObservableObject & Box<A & B>", ["Combine.ObservableObject", "Box<A & B>"]),
        ("(A & B) & C", ["(A & B)", "C"]),
        ("Dictionary<String, Int>", nil),
        ("(a: A & B, c: C)", nil),
        ("(A & B) -> Void", nil),
        ("[A & B]", nil),
        ("Store", nil),
    ] as [(String, [String]?)])
    func compositionParts(_ value: String, _ expected: [String]?) {
        let file = FileStructure(text: "typealias Alias = \(value)\n")
        guard let alias = file.declarations.first(where: { $0.kind == .typealias }), let entry = alias.inheritance.first else {
            Issue.record("no alias value parsed from \(value)")
            return
        }
        #expect(file.compositionParts(entry.tokens)?.map(file.compactText) == expected)
    }

    @Test func compositionWithoutObservableObjectMakesNoModel() {
        let source = """
            import SwiftUI

            typealias NavigationObject = AnyObject & Hashable
            final class Route: NavigationObject {
                var name = ""
                static func == (a: Route, b: Route) -> Bool { a === b }
                func hash(into hasher: inout Hasher) {}
            }
            """
        #expect(Self.units(source).isEmpty)
        #expect(Self.migrate(source) == source)
    }

    /// An alias composing `ObservableObject` and one class conforming to it directly; tests append the rest.
    static func aliasModel(_ rest: String) -> String {
        """
        import SwiftUI

        typealias ViewModelDefinition = (ObservableObject & Identifiable)
        final class Model: ViewModelDefinition {
            let id = 0
            @Published var count = 0
        }
        \(rest)
        """
    }

    @Test func existentialOfTheAliasBlocksItsUnitAsForAProtocol() {
        let source = Self.aliasModel("""
            struct Screen: View {
                @ObservedObject var model: any ViewModelDefinition
                var body: some View { Text("") }
            }
            """)
        let existential = Self.findings(source, rule: "existential-model")
        #expect(existential.count == 1)
        #expect(existential.first?.isBlocker == true)
        #expect(Self.analyze(source).units.map(\.verdict) == [.blocked])
        #expect(Self.migrate(source) == source)
    }

    @Test func aliasValueIsNoLongerAGenericConstraintOfEveryUnit() {
        // Before, the alias's `ObservableObject` was an open constraint that every unit of the
        // tree had to migrate with; now it changes with the alias's own unit.
        let source = Self.aliasModel("""
            final class Other: ObservableObject {
                @Published var flag = false
            }
            """)
        #expect(Self.findings(source, rule: "observable-constraint").isEmpty)
        let rewrite = Self.findings(source, rule: "observable-protocol")
        #expect(rewrite.map(\.suggestion) == ["typealias ViewModelDefinition = (AnyObject & Observable & Identifiable)"])
        #expect(Set(Self.units(source).keys) == ["ViewModelDefinition", "Other"])
    }

    @Test func theReportSaysWhyAProtocolsConformersMoveWithIt() {
        let source = """
            import SwiftUI

            protocol Loader: ObservableObject {
                var loading: Bool { get }
            }

            final class RemoteLoader: Loader {
                @Published var loading = false
            }

            final class LocalLoader: Loader {
                @Published var loading = false
            }
            """
        let analysis = Self.analyze(source)
        let reason = "'Loader' refines ObservableObject and changes with every class conforming to it"
        #expect(analysis.units.first?.memberReasons == ["RemoteLoader": reason, "LocalLoader": reason])
        // One line for the members that share a reason.
        #expect(TextReport.render(analysis, options: ReportOptions()).contains("\n  with RemoteLoader, LocalLoader: \(reason)\n"))
    }
}
