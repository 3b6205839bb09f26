import Testing
@testable import MigrateTool

/// `object-will-change-observer` deletes a property observer's send of the model's own
/// publisher (`objectWillChange.send()`, `self.objectWillChange.send()`, `self?.…`). A send of
/// another object's publisher in the observer (`workspace?.objectWillChange.send()`) is no such
/// send: before, the rule deleted `objectWillChange.send()` from it and left `workspace?.`,
/// which does not parse (AuroraEditor's `NewFileModel`).
@Suite struct ObserverSendReceiverTests {
    static func source(_ send: String) -> String {
        """
        import SwiftUI

        final class Workspace: ObservableObject { @Published var files = 0 }

        final class NewFile: ObservableObject {
            weak var workspace: Workspace?
            @Published var showSheet = false {
                didSet {
                    \(send)
                }
            }
        }
        """
    }

    @Test(arguments: ["objectWillChange.send()", "self.objectWillChange.send()"])
    func theModelsOwnSendGoes(send: String) {
        let findings = RuleExamples.analyze(Self.source(send)).findings.filter { $0.ruleID == ObjectWillChangeObserver.id }
        #expect(findings.count == 1)
        #expect(!RuleExamples.migrate(Self.source(send)).contains("objectWillChange"))
    }

    @Test func anotherObjectsSendIsNotTheObservers() {
        let source = Self.source("workspace?.objectWillChange.send()")
        #expect(RuleExamples.analyze(source).findings.filter { $0.ruleID == ObjectWillChangeObserver.id }.isEmpty)
        // What the tool writes keeps the whole call, and parses.
        let migrated = RuleExamples.migrate(source)
        #expect(migrated.contains("workspace?.objectWillChange.send()"))
        #expect(!migrated.contains("workspace?.\n"))
    }
}
