import SourceScan
import Testing
@testable import MigrateTool

/// The lists a new construct must join fail a test until it does: the relevance filter's
/// keywords (declared by the rules) and the site lists a unit's summary counts.
@Suite struct HiddenListTests {
    /// The names of `MigrationUnit`'s fields that hold sites.
    static let siteFieldNames: Set<String> = {
        let source = "final class Model: ObservableObject { @Published var x = 0 }\n"
        let units = MigrationUnits(index: TreeIndex(files: [FileStructure(SourceFile(path: "Model.swift", bytes: Array(source.utf8)))]))
        guard let unit = units.units.first else { return [] }
        return Set(Mirror(reflecting: unit).children.compactMap { child in
            type(of: child.value) == [Site].self || type(of: child.value) == [WrapperUse].self ? child.label : nil
        })
    }()

    @Test func everySiteListOfAUnitIsCountedOrDeclaredUncounted() {
        let classified = MigrationUnit.siteListsCounted.union(MigrationUnit.siteListsNotCounted)
        #expect(Self.siteFieldNames.count >= 9, "the mirror found \(Self.siteFieldNames.sorted())")
        #expect(Self.siteFieldNames.subtracting(classified).isEmpty,
                "add to MigrationUnit.usageSites and siteListsCounted, or to siteListsNotCounted: \(Self.siteFieldNames.subtracting(classified).sorted())")
        #expect(classified.subtracting(Self.siteFieldNames).isEmpty, "no such site list: \(classified.subtracting(Self.siteFieldNames).sorted())")
        #expect(MigrationUnit.siteListsCounted.isDisjoint(with: MigrationUnit.siteListsNotCounted))
    }

    /// `usageSites` reads exactly the lists `siteListsCounted` names, on every unit of every example.
    @Test(arguments: RuleExampleTests.beforeExamples)
    func usageSitesAreTheCountedLists(_ example: RuleExample) {
        let units = MigrationUnits(index: TreeIndex(files: [FileStructure(SourceFile(path: "Example.swift", bytes: Array(example.code.utf8)))]))
        for unit in units.units {
            let counted = Mirror(reflecting: unit).children.reduce(0) { total, child in
                guard let label = child.label, MigrationUnit.siteListsCounted.contains(label) else { return total }
                return total + ((child.value as? [Site])?.count ?? (child.value as? [WrapperUse])?.count ?? 0)
            }
            #expect(unit.usageSites.count == counted, "\(unit.name)")
        }
    }

    @Test func theFiltersKeywordsAreTheRulesKeywordsWithoutRepeats() {
        let declared = RuleCatalog.all.flatMap { $0.relevanceKeywords }
        #expect(Set(RelevanceFilter.keywordList) == Set(declared))
        #expect(RelevanceFilter.keywordList.count == Set(declared).count)
        #expect(!RelevanceFilter.keywordList.contains(""), "an empty pattern would select every file")
    }

    /// A rule that declares keywords names what its construct is spelled with: each of its
    /// `before` examples mentions one of them.
    @Test(arguments: RuleExampleTests.beforeExamples.filter { example in
        !(RuleCatalog.rule(withID: example.rule)?.relevanceKeywords.isEmpty ?? true)
    })
    func everyExampleOfARuleWithKeywordsMentionsOne(_ example: RuleExample) throws {
        let keywords = try #require(RuleCatalog.rule(withID: example.rule)).relevanceKeywords
        #expect(keywords.contains { example.code.contains($0) }, "\(example.rule) declares \(keywords)")
    }
}
