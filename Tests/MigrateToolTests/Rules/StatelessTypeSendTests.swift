@testable import MigrateTool
import Testing

/// A send's finding names the untracked state it may announce: a library type's shared state
/// changed through a call (`Keychain.save(…)`), never a call that schedules, posts or makes a value
/// (`DispatchQueue.main.async { … }`, `NotificationCenter.default.post(…)`), which keeps no
/// state a view shows (a fresh app's send "may also announce a change of 'DispatchQueue'").
@Suite struct StatelessTypeSendTests {
    static func sendMessages(reading: String, change: String) -> [String] {
        let source = """
            import SwiftUI

            final class Downloads: ObservableObject {
                @Published var queue: [Int] = []

                var label: String { \(reading) }

                func startNext() {
                    queue.removeFirst()
                    objectWillChange.send()
                    \(change)
                }
            }

            struct QueueView: View {
                @ObservedObject var downloads: Downloads
                var body: some View { Text(downloads.label) }
            }

            """
        return RuleExamples.analyze(files: [("A.swift", source)]).findings
            .filter { $0.ruleID == ObjectWillChangeSend.id }.map(\.message)
    }

    @Test func aSchedulingCallIsNoChangeOfState() {
        let messages = Self.sendMessages(reading: "DispatchQueue.main.sync { \"\\(queue.count)\" }",
                                         change: "DispatchQueue.main.async { NotificationCenter.default.post(name: .init(\"x\"), object: nil) }")
        #expect(!messages.contains { $0.contains("'DispatchQueue'") || $0.contains("'NotificationCenter'") }, "\(messages)")
    }

    @Test func aTypesSharedStateChangedThroughACallStillCounts() {
        let messages = Self.sendMessages(reading: "Keychain.load()", change: "Keychain.save(\"token\")")
        #expect(messages.contains { $0.contains("may also announce a change of 'Keychain'") }, "\(messages)")
    }
}
