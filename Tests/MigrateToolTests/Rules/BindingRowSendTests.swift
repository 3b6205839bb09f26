// A send from outside the model next to a write to the row of `ForEach($model.items) { $item in … }`
// (object-will-change-send): the binding writes the collection back through the model, so the send
// goes when the write reaches the collection, and stays when it may not.

@testable import MigrateTool
import Testing

@Suite struct BindingRowSendTests {
    /// A model holding `items` of `element`, and a view whose row closure runs `write` then sends.
    static func tree(element: String = "Item", collection: String = "$importer.items", row: String = "$item",
                     write: String = "item.name = \"x\"") -> String {
        """
        import SwiftUI

        struct Item: Identifiable {
            var id = 0
            var name = ""
        }

        final class Record: Identifiable {
            var id = 0
            var name = ""
        }

        final class Importer: ObservableObject {
            @Published var items: [\(element)] = []
            @Published var seeded = [\(element)()]
            @Published var empty = [\(element)]()
            @Published var other: [\(element)] = []
            lazy var cache: [\(element)] = []
        }

        struct ImportView: View {
            @ObservedObject var importer: Importer

            var body: some View {
                List {
                    ForEach(\(collection)) { \(row) in
                        Button("Rename") {
                            \(write)
                            importer.objectWillChange.send()
                        }
                    }
                }
            }
        }

        """
    }

    static func sendFinding(_ source: String) throws -> Finding {
        try #require(RuleExamples.analyze(files: [("A.swift", source)]).findings.first {
            $0.ruleID == ObjectWillChangeSend.id && $0.message.hasPrefix("importer.objectWillChange")
        })
    }

    @Test(arguments: [
        tree(),
        tree(write: "item = Item(id: item.id, name: \"x\")"),
        tree(element: "Record", write: "item = Record()"),
        tree(collection: "$importer.items, id: \\.id"),
        tree(row: "($item)"),
        // Unannotated collections whose initial value names the element type.
        tree(collection: "$importer.seeded", write: "item.name = \"x\""),
        tree(collection: "$importer.empty", write: "item.name = \"x\""),
    ])
    func goesWhenTheWriteReachesTheCollection(source: String) throws {
        let finding = try Self.sendFinding(source)
        #expect(!finding.isBlocker && finding.fixClass == .review, "\(finding.message)")
        #expect(finding.message.contains("made through the binding $item"), "\(finding.message)")
        let migrated = RuleExamples.migrate(source)
        #expect(!migrated.contains("objectWillChange"), "\(migrated)")
        #expect(migrated.contains("@Bindable var importer: Importer"), "\(migrated)")
    }

    @Test(arguments: [
        // A class row's member changes the object, not the collection.
        tree(element: "Record"),
        tree(element: "Record", collection: "$importer.seeded"),
        // A collection outside tracking (`lazy`).
        tree(collection: "$importer.cache"),
        // A local of the row's name shadows it.
        tree(write: "var item = Item(); item.name = \"x\""),
        // Only a read.
        tree(write: "print(item.name)"),
        // A binding of something else.
        tree(collection: "$importer.items.wrappedValue", row: "item"),
    ])
    func staysWhenTheWriteMayNotReachIt(source: String) throws {
        #expect(try Self.sendFinding(source).isBlocker)
    }
}
