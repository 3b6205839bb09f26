import Testing
@testable import MigrateTool

/// `apply`'s last safety net: a legacy construct left on a class the run makes `@Observable`
/// keeps the unit from being written, whatever typing gap let it through.
@Suite struct ConsistencyCheckTests {
    static let model = "import Combine\nfinal class Cart: ObservableObject { @Published var count = 0 }\n"
    static let migratedModel = "import Observation\n@Observable final class Cart { var count = 0 }\n"

    static func analysis(_ view: String) -> Analysis {
        Analyzer.analyze(swift: [SourceInput(path: "Cart.swift", bytes: Array(model.utf8)),
                                 SourceInput(path: "View.swift", bytes: Array(view.utf8))])
    }

    /// Pretends the plan rewrote only the model, as if the index had missed every site.
    static func violations(_ view: String) -> [ConsistencyCheck.Violation] {
        let analysis = analysis(view)
        return ConsistencyCheck.violations(analysis, newContents: [0: Array(migratedModel.utf8)], appliedUnits: [0])
    }

    @Test(arguments: [
        ("struct V: View {\n    @StateObject private var cart = Cart()\n    var body: some View { Text(\"\") }\n}\n", "@StateObject", 2),
        ("struct V: View {\n    @ObservedObject var cart: Cart\n    var body: some View { Text(\"\") }\n}\n", "@ObservedObject", 2),
        ("struct V: View {\n    @EnvironmentObject var cart: Cart\n    var body: some View { Text(\"\") }\n}\n", "@EnvironmentObject", 2),
        ("struct V: View {\n    var body: some View { Text(\"\").environmentObject(Cart()) }\n}\n", ".environmentObject", 2),
        ("func f(cart: Cart) {\n    _ = cart.objectWillChange\n}\n", "objectWillChange", 2),
        ("func f(cart: Cart) {\n    _ = cart.$count\n}\n", "$count", 2),
    ])
    func aLegacyConstructLeftOnAMigratedClassIsFound(view: String, construct: String, line: Int) {
        let found = Self.violations("import SwiftUI\n" + view)
        #expect(found.map(\.construct) == [construct])
        #expect(found.first?.className == "Cart")
        #expect(found.first?.location.line == line + 1)
    }

    @Test func aBindingOfAPropertyThatLostItsWrapperIsFound() {
        let found = Self.violations("import SwiftUI\nstruct V: View {\n    var cart: Cart\n    var body: some View { Stepper(\"\", value: $cart.count) }\n}\n")
        #expect(found.map(\.construct) == ["$cart"])
    }

    @Test func sitesOfAnotherClassOrAWholeRewriteAreFine() {
        // The view rewritten too: nothing left.
        let analysis = Self.analysis("import SwiftUI\nstruct V: View {\n    @ObservedObject var cart: Cart\n    var body: some View { Text(\"\") }\n}\n")
        let view = "import SwiftUI\nstruct V: View {\n    var cart: Cart\n    var body: some View { Text(\"\") }\n}\n"
        #expect(ConsistencyCheck.violations(analysis, newContents: [0: Array(Self.migratedModel.utf8), 1: Array(view.utf8)],
                                            appliedUnits: [0]).isEmpty)
        // No unit applied: nothing to check.
        #expect(ConsistencyCheck.violations(analysis, newContents: [0: Array(Self.migratedModel.utf8)], appliedUnits: []).isEmpty)
    }

    @Test func theMigratorDoesNotWriteAUnitTheCheckFaultsAndSaysWhy() {
        // `self.$m` spelled with `self.`: whatever the index makes of it, the written tree must
        // never keep a `$m` binding on a property that lost its wrapper.
        let files = [
            "Settings.swift": "import Combine\nfinal class Settings: ObservableObject { @Published var on = false }\n",
            "V.swift": "import SwiftUI\nstruct V: View {\n    @ObservedObject var m: Settings\n    var body: some View { Toggle(\"x\", isOn: self.$m.on) }\n}\n",
        ]
        let analysis = Analyzer.analyze(swift: files.keys.sorted().map { SourceInput(path: $0, bytes: Array(files[$0]!.utf8)) })
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        let view = plan.newContents[1].map { String(decoding: $0, as: UTF8.self) } ?? files["V.swift"]!
        if view.contains("@ObservedObject") {
            #expect(plan.appliedUnits.isEmpty)
            #expect(plan.skippedUnits.contains { $0.reason.hasPrefix("internal consistency: V.swift:4:") })
        } else {
            #expect(view.contains("@Bindable var m: Settings"))
        }
    }
}
