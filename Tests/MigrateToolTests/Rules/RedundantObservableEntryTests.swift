import Testing
@testable import MigrateTool

/// `observable-object-class` drops an `Observable` entry beside `ObservableObject`: the macro
/// declares that conformance. Every position of the two in the clause leaves it well formed.
@Suite struct RedundantObservableEntryTests {
    /// The class line after `apply --unsafe-fixes` of a model declared with `clause`.
    static func migratedClassLine(_ clause: String, extra: [String] = []) -> String? {
        let source = "import SwiftUI\nimport Observation\n\nfinal class Client\(clause) {\n    @Published var token = \"\"\n}\n"
        let analysis = InferenceTestTree.analyze([source] + extra, Configuration())
        return InferenceTestTree.migratedFirstFile(analysis)?.split(separator: "\n").first { $0.contains("class Client") }.map(String.init)
    }

    @Test(arguments: [
        (": ObservableObject, Observable", "@Observable final class Client {"),
        (" : ObservableObject, Observation.Observable", "@Observable final class Client {"),
        (": ObservableObject, Observable, Identifiable", "@Observable final class Client: Identifiable {"),
        (": Observable, ObservableObject, Identifiable", "@Observable final class Client: Identifiable {"),
        (": NSObject, ObservableObject, Observable", "@Observable final class Client: NSObject {"),
        (": NSObject, Observable, Identifiable, ObservableObject", "@Observable final class Client: NSObject, Identifiable {"),
        (": ObservableObject, Identifiable", "@Observable final class Client: Identifiable {"),
    ])
    func theRedundantEntryGoesWherever(_ clause: String, _ expected: String) {
        #expect(Self.migratedClassLine(clause) == expected)
    }

    @Test func aTreeDeclaringItsOwnObservableKeepsTheEntry() {
        let own = "protocol Observable: AnyObject {}\n"
        #expect(Self.migratedClassLine(": ObservableObject, Observable", extra: [own]) == "@Observable final class Client: Observable {")
    }
}
