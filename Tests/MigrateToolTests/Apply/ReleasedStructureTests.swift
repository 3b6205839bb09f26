import SourceScan
import Testing
@testable import MigrateTool

/// `apply` releases the structures of the files it rewrites before it structures their new text
/// (a 50 MB file held structured twice peaked at 650 MB): what it keeps must still answer every
/// question the plan, the consistency check and the outputs ask.
@Suite struct ReleasedStructureTests {
    static let files = [
        "Cart.swift": "import Combine\nfinal class Cart: ObservableObject { @Published var count = 0 }\n",
        "CartView.swift": "import SwiftUI\nstruct CartView: View {\n    @StateObject private var cart = Cart()\n    var body: some View { Text(\"\\(cart.count)\") }\n}\n",
        "Util.swift": "import Foundation\nenum Util { static let name = \"x\" }\n",
    ]

    static func analysis() -> Analysis {
        Analyzer.analyze(swift: files.keys.sorted().map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) })
    }

    @Test func planningReleasesTheRewrittenFilesAndKeepsTheirBytes() throws {
        let original = Self.analysis()
        var analysis = original
        let plan = Migrator.plan(releasing: &analysis, options: MigrationOptions())
        let cart = try #require(original.files.firstIndex { $0.source.path == "Cart.swift" })
        let view = try #require(original.files.firstIndex { $0.source.path == "CartView.swift" })
        let util = try #require(original.files.firstIndex { $0.source.path == "Util.swift" })
        #expect(Set(plan.newContents.keys) == [cart, view])
        // Released: an empty structure of the same path; the bytes and lines read as before.
        for index in [cart, view] {
            #expect(analysis.files[index].tokens.count == 1)
            #expect(analysis.files[index].source.path == original.files[index].source.path)
            #expect(analysis.bytes(of: index) == original.files[index].source.bytes)
            #expect(analysis.lineText(file: index, line: 2) == original.lineText(file: index, line: 2))
            #expect(analysis.structure(of: index).tokens == original.files[index].tokens)
        }
        #expect(analysis.files[util].tokens == original.files[util].tokens)
        #expect(analysis.totalBytes == original.totalBytes)
        #expect(analysis.totalLines == original.totalLines)
        // The migrated text does not depend on whether the caller's copy was released.
        #expect(plan.newContents == Migrator.plan(original, options: MigrationOptions()).newContents)
        #expect(String(decoding: plan.newContents[view]!, as: UTF8.self).contains("@State private var cart = Cart()"))
    }

    @Test func theCheckStructuresAReleasedFileThatIsNotRewrittenAgain() {
        // As on a second round of planning: the view was released in the first, and is now left
        // as it was while its model is rewritten. Its `@StateObject` must still be found.
        var analysis = Self.analysis()
        analysis.releaseStructures(of: analysis.files.indices)
        let cart = analysis.files.firstIndex { $0.source.path == "Cart.swift" }!
        let migrated = "import Observation\n@Observable final class Cart { var count = 0 }\n"
        let found = ConsistencyCheck.violations(analysis, newContents: [cart: Array(migrated.utf8)], appliedUnits: [0])
        #expect(found.map(\.construct) == ["@StateObject"])
        #expect(found.first?.location.description == "CartView.swift:3:5")
    }

    @Test func theTidyReturnsTheStructureOfItsFinalText() {
        let rewritten = "import Combine\n@Observable final class Cart { var count = 0 }\n"
        var counts: [String: Int] = [:]
        let file = Migrator.tidy(Array(rewritten.utf8), path: "Cart.swift", addsObservable: true, observationImport: .whenNeeded,
                                 counts: &counts)
        let text = String(decoding: file.source.bytes, as: UTF8.self)
        #expect(text == "import Observation\n@Observable final class Cart { var count = 0 }\n")
        #expect(counts == [MissingObservationImport.id: 1, UnusedCombineImport.id: 1])
        let fresh = FileStructure(text: text, path: "Cart.swift")
        #expect(file.tokens == fresh.tokens)
        #expect(file.declarations.map(\.name) == fresh.declarations.map(\.name))
        #expect(file.source.path == "Cart.swift")
    }
}
