import SourceScan
import Testing
@testable import MigrateTool

/// Each wrapper rule decides which wrapper uses it owns (`WrapperRule.owns`); together they must
/// claim every use exactly once, or a wrapper would be rewritten twice or silently left alone.
@Suite struct WrapperRuleTests {
    /// The wrapper rules, read from the catalog rather than listed again here.
    static let wrapperRules = RuleCatalog.all.compactMap { $0 as? any WrapperRule.Type }

    static func context(_ code: String) -> RuleContext {
        let index = TreeIndex(files: [FileStructure(SourceFile(path: "Example.swift", bytes: Array(code.utf8)))])
        return RuleContext(index: index, units: MigrationUnits(index: index))
    }

    /// The ids of the rules that own each wrapper use of `code`, in unit and site order.
    static func owners(_ code: String) -> [[String]] {
        let context = context(code)
        return context.units.units.flatMap(\.wrappers).map { use in
            wrapperRules.filter { $0.owns(use, in: context) }.map { $0.id }
        }
    }

    @Test func everyVariantHasItsOwnRule() {
        let owners = Self.owners("""
            import SwiftUI
            final class Model: ObservableObject { @Published var name = "" }
            struct Screen: View {
                @StateObject private var created = Model()
                @ObservedObject var plain: Model
                @ObservedObject var bound: Model
                @ObservedObject var owned = Model()
                @EnvironmentObject var shared: Model
                @EnvironmentObject var sharedBound: Model
                var body: some View {
                    TextField("a", text: $bound.name)
                    TextField("b", text: $sharedBound.name)
                    Text(plain.name + owned.name + shared.name + created.name)
                }
            }
            """)
        #expect(owners == [
            [StateObjectRule.id], [ObservedObjectRule.id], [ObservedObjectBinding.id], [ObservedObjectOwned.id],
            [EnvironmentObjectRule.id], [EnvironmentObjectBinding.id],
        ])
        #expect(Set(owners.flatMap { $0 }) == Set(Self.wrapperRules.map { $0.id }), "a wrapper rule owns no variant")
    }

    @Test("every wrapper use of the rule examples has exactly one owner", arguments: RuleExamples.all())
    func exactlyOneOwner(_ example: RuleExample) {
        for owners in Self.owners(example.code) {
            #expect(owners.count == 1, "owned by \(owners)")
        }
    }
}
