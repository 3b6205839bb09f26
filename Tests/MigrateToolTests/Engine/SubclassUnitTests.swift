import Foundation
import Testing
import SourceScan
@testable import MigrateTool

/// Subclasses of a shared `ObservableObject` base migrate on their own (issue 11, item 5) unless a
/// view reads the base's published state through them or the base's `objectWillChange` is
/// observed; the base's unit needs every subclass's, one way.
@Suite struct SubclassUnitTests {
    static func analyze(_ source: String) -> Analysis {
        Analyzer.analyze(swift: [SourceInput(path: "A.swift", bytes: Array(source.utf8))])
    }

    /// Each unit's members, by unit name.
    static func units(_ source: String) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: analyze(source).units.map { ($0.name, $0.members) })
    }

    static func verdicts(_ source: String) -> [String: Verdict] {
        Dictionary(uniqueKeysWithValues: analyze(source).units.map { ($0.name, $0.verdict) })
    }

    static func messages(_ source: String, unit name: String) -> [String] {
        let analysis = analyze(source)
        guard let unit = analysis.units.first(where: { $0.name == name }) else { return [] }
        return unit.findings.map { analysis.findings[$0].message }
    }

    /// A base blocked by its KVO property (so it stays an `ObservableObject`), with a computed
    /// property over its published `count`; `subclasses` and `views` are appended.
    static func tree(_ rest: String) -> String {
        """
        import SwiftUI
        import Combine

        class Base: NSObject, ObservableObject {
            @objc dynamic var rate: Float = 1
            @Published var count = 0
            var note = ""
            var isEmpty: Bool { count == 0 }
            func load() {}
        }

        \(rest)
        """
    }

    static let free = """
        final class Free: Base {
            @Published var own = 0
        }

        struct FreeView: View {
            @StateObject private var model = Free()
            var body: some View {
                Text("\\(model.own)")
                Button("Load") { model.load() }
            }
        }
        """

    @Test func aSubclassWhoseViewsReadOnlyItsOwnStateIsAUnitOfItsOwn() {
        let source = Self.tree(Self.free)
        #expect(Self.units(source) == ["Base": ["Base"], "Free": ["Free"]])
        let verdicts = Self.verdicts(source)
        #expect(verdicts["Base"] == .blocked)
        #expect(verdicts["Free"] == .ready)
        #expect(Self.messages(source, unit: "Free").contains {
            $0 == "'Free' inherits ObservableObject from 'Base'; it needs @Observable too, and can take it on its own while 'Base' stays an ObservableObject"
        })
        let migrated = Migrator.migrate(files: ["A.swift": source])["A.swift"]!
        #expect(migrated.contains("class Base: NSObject, ObservableObject {\n    @objc dynamic var rate: Float = 1\n    @Published var count = 0"))
        #expect(migrated.contains("@Observable final class Free: Base {\n    var own = 0"))
        #expect(migrated.contains("@State private var model = Free()"))
        // A second run changes nothing: the migrated subclass has nothing left to do.
        #expect(Migrator.migrate(files: ["A.swift": migrated])["A.swift"] == migrated)
        #expect(Self.messages(migrated, unit: "Free").isEmpty)
    }

    /// Reads through a legacy wrapper of the subclass that show state the base publishes.
    static let tyingReads = [
        "Text(\"\\(model.count)\")",
        "Text(String(model.count))",
        "Text(String(self.model.count))",
        "Stepper(\"n\", value: $model.count)",
        "Text(model.isEmpty ? \"none\" : \"some\")",
        "Text(model.summary)",
    ]

    @Test("a view reading the base's published state through the subclass keeps them in one unit", arguments: tyingReads)
    func aReadOfInheritedPublishedStateTies(_ read: String) {
        let source = Self.tree("""
            final class Reader: Base {
                @Published var own = 0
                var summary: String { "\\(own) of \\(count)" }
            }

            struct ReaderView: View {
                @ObservedObject var model: Reader
                var body: some View {
                    \(read)
                }
            }
            """)
        #expect(Self.units(source) == ["Base": ["Base", "Reader"]])
        let member = read.contains("summary") ? "summary" : read.contains("isEmpty") ? "isEmpty" : "count"
        let reason = "'ReaderView' reads '\(member)', which 'Base' publishes, through 'model' (line 20 of A.swift), "
            + "and would stop refreshing once 'model' is no longer an ObservableObject wrapper"
        #expect(Self.messages(source, unit: "Base").contains {
            $0 == "'Reader' inherits ObservableObject from 'Base'; it needs @Observable too, in the same run as 'Base': " + reason
        })
        // The report says it beside the unit's members, in every format that lists them.
        let analysis = Self.analyze(source)
        #expect(analysis.units.first { $0.name == "Base" }?.memberReasons == ["Reader": reason])
        let text = TextReport.render(analysis, options: ReportOptions())
        #expect(text.contains("\n  with Reader: " + reason + "\n"))
        #expect(!text.contains("  with Reader\n"))
        let json = try? JSONSerialization.jsonObject(with: Data(JSONReport.render(analysis, options: ReportOptions()).utf8)) as? [String: Any]
        let units = json?["units"] as? [[String: Any]]
        #expect(units?.first?["memberReasons"] as? [[String: String]] == [["name": "Reader", "reason": reason]])
    }

    @Test func readsOfTheBasesUnpublishedStateAndActionsDoNotTieButCountForTheBase() {
        let source = Self.tree("""
            final class Editor: Base {
                @Published var own = 0
            }

            struct EditorView: View {
                @EnvironmentObject var model: Editor
                var body: some View {
                    Text(model.note)
                    Button("Load") { model.load() }
                }
            }
            """)
        #expect(Self.units(source) == ["Base": ["Base"], "Editor": ["Editor"]])
        // `note` is the base's: the view reading it through the subclass makes it a review on the base.
        #expect(Self.messages(source, unit: "Base").contains { $0.contains("'note' is not @Published") && $0.contains("EditorView reads it") })
    }

    @Test func aGenericViewBoundedByTheSubclassReadsThroughItToo() {
        let source = Self.tree("""
            class Counter: Base {
                @Published var own = 0
            }

            struct CounterView<Model: Counter>: View {
                @ObservedObject var model: Model
                var body: some View { Text("\\(model.count)") }
            }
            """)
        #expect(Self.units(source) == ["Base": ["Base", "Counter"]])
    }

    @Test func observingTheBasesObjectWillChangeTiesEverySubclassButSendingDoesNot() {
        let subclass = """
            final class Free: Base {
                @Published var own = 0
            }
            """
        let observed = Self.tree(subclass + "\nfunc watch(_ base: Base) -> AnyCancellable { base.objectWillChange.sink { print(\"changed\") } }\n")
        #expect(Self.units(observed) == ["Base": ["Base", "Free"]])
        #expect(Self.messages(observed, unit: "Base").contains {
            $0.hasPrefix("'Free' inherits ObservableObject from 'Base'; it needs @Observable too, in the same run as 'Base': "
                         + "'Base.objectWillChange' is observed (line ")
        })
        let sent = Self.tree(subclass + "\nfunc poke(_ base: Base) { base.objectWillChange.send() }\n")
        #expect(Self.units(sent) == ["Base": ["Base"], "Free": ["Free"]])
    }

    @Test func aTieToAFartherAncestorTakesEveryClassBetween() {
        let source = Self.tree("""
            class Middle: Base {
                @Published var level = 0
            }

            final class Leaf: Middle {
                @Published var own = 0
            }

            final class Other: Middle {
                @Published var flag = false
            }

            struct LeafView: View {
                @StateObject private var model = Leaf()
                var body: some View { Text("\\(model.count) \\(model.level)") }
            }
            """)
        #expect(Self.units(source) == ["Base": ["Base", "Middle", "Leaf"], "Other": ["Other"]])
        // The class between comes along for the tied class's reason, and the report says so for each.
        let text = TextReport.render(Self.analyze(source), options: ReportOptions())
        let reason = "'LeafView' reads 'count', which 'Base' publishes, through 'model' (line 26 of A.swift)"
        #expect(text.contains("\n  with Middle, Leaf: \(reason)"))
    }

    /// Two siblings: one blocked by its own KVO property, one free; the base itself is ready.
    static let siblings = """
        import SwiftUI

        class Base: NSObject, ObservableObject {
            @Published var count = 0
        }

        final class Blocked: Base {
            @objc dynamic var speed: Float = 1
            @Published var gear = 1
        }

        final class Free: Base {
            @Published var own = 0
        }
        """

    @Test func aSubclassWithNothingOfItsOwnWaitsForItsBase() {
        let source = Self.tree("""
            final class Mock: Base {
                let label = "mock"
                override func load() {}
            }
            """)
        #expect(Self.units(source) == ["Base": ["Base", "Mock"]])
        #expect(Self.messages(source, unit: "Base").contains {
            $0 == "'Mock' inherits ObservableObject from 'Base'; it needs @Observable too, in the same run as 'Base': "
                + "it has no stored property or site of its own, so it has nothing to migrate first"
        })
        // A site naming it is something of its own.
        let named = Self.tree("""
            final class Mock: Base {}

            struct MockView: View {
                @ObservedObject var model: Mock
                var body: some View { Text("mock") }
            }
            """)
        #expect(Self.units(named) == ["Base": ["Base"], "Mock": ["Mock"]])
    }

    @Test func aBlockedSubclassBlocksItsBaseButNotItsSiblings() {
        #expect(Self.verdicts(Self.siblings) == ["Base": .blocked, "Blocked": .blocked, "Free": .ready])
        #expect(Self.messages(Self.siblings, unit: "Base").contains {
            $0 == "'Base' cannot leave ObservableObject while its subclass 'Blocked' stays one, and 'Blocked' is blocked"
        })
        let migrated = Migrator.migrate(files: ["A.swift": Self.siblings])["A.swift"]!
        #expect(migrated.contains("class Base: NSObject, ObservableObject {"))
        #expect(migrated.contains("final class Blocked: Base {"))
        #expect(migrated.contains("@Observable final class Free: Base {"))
    }

    @Test func selectingTheBaseTakesItsSubclassesAlongWhenAllCanBeWritten() {
        let ready = Self.siblings.replacingOccurrences(of: "    @objc dynamic var speed: Float = 1\n", with: "")
        let all = Migrator.migrate(files: ["A.swift": ready], types: ["Base"])["A.swift"]!
        #expect(all.contains("@Observable class Base: NSObject {"))
        #expect(all.contains("@Observable final class Blocked: Base {"))
        #expect(all.contains("@Observable final class Free: Base {"))
        let one = Migrator.migrate(files: ["A.swift": ready], types: ["Free"])["A.swift"]!
        #expect(one.contains("class Base: NSObject, ObservableObject {"))
        #expect(one.contains("@Observable final class Free: Base {"))
        // With a subclass blocked, the base is not written, nor are the subclasses it would take along.
        #expect(Migrator.migrate(files: ["A.swift": Self.siblings], types: ["Base"])["A.swift"] == Self.siblings)
    }

    @Test func applyHoldsBackTheBaseWhenASubclassItNeedsIsNotSelected() {
        let ready = Self.siblings.replacingOccurrences(of: "    @objc dynamic var speed: Float = 1\n", with: "")
        let analysis = Self.analyze(ready)
        let base = analysis.units.first { $0.name == "Base" }!.id
        let plan = Migrator.plan(analysis, options: MigrationOptions(excludedUnits: [analysis.units.first { $0.name == "Free" }!.id: "test"]))
        #expect(plan.skippedUnits.contains { $0.unit == base && $0.reason == ObservableSubclass.couplingHoldBackReason })
        #expect(plan.appliedUnits.map { analysis.units[$0].name } == ["Blocked"])
    }

    @Test func suppressingASubclassesFixKeepsItsBaseLegacyToo() {
        let source = Self.siblings
            .replacingOccurrences(of: "    @objc dynamic var speed: Float = 1\n", with: "")
            .replacingOccurrences(of: "final class Free: Base {", with: "// observation-migrate:disable:next observable-subclass\nfinal class Free: Base {")
        let migrated = Migrator.migrate(files: ["A.swift": source])["A.swift"]!
        #expect(migrated.contains("class Base: NSObject, ObservableObject {"))
        #expect(migrated.contains("final class Free: Base {\n    @Published var own = 0"))
        #expect(migrated.contains("@Observable final class Blocked: Base {"))
    }

    @Test func anInheritanceCycleDoesNotHangUnitFormation() {
        // Does not compile, but a tree being edited may hold it.
        let source = "class A: B {\n    @Published var x = 0\n}\nclass B: A, ObservableObject {\n    @Published var y = 0\n}\n"
        #expect(Self.analyze(source).units.flatMap(\.members).sorted() == ["A", "B"])
    }

    @Test func anInheritedPublisherBelongsToTheBasesUnit() {
        let source = """
            import SwiftUI
            import Combine

            class Base: ObservableObject {
                @Published var count = 0
            }

            final class Sub: Base {
                @Published var own = 0
                var bag = Set<AnyCancellable>()
                func watch() { $count.sink { print($0) }.store(in: &bag) }
            }

            func log(_ sub: Sub) -> AnyCancellable { sub.$count.sink { print($0) } }
            """
        let analysis = Self.analyze(source)
        let index = TreeIndex(files: analysis.files)
        let units = MigrationUnits(index: index)
        let base = units.units.first { $0.name == "Base" }!
        #expect(base.publisherUses.count == 2)
        #expect(units.units.first { $0.name == "Sub" }!.publisherUses.isEmpty)
        #expect(Self.verdicts(source)["Sub"] == .ready)
        // Sub written alone: `sub.$count` still names the base's publisher, which stays.
        let migrated = Migrator.migrate(files: ["A.swift": source], types: ["Sub"])["A.swift"]!
        #expect(migrated.contains("@Observable final class Sub: Base {\n    var own = 0"))
        #expect(migrated.contains("sub.$count.sink"))
    }
}
