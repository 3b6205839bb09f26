import Testing
@testable import MigrateTool

/// A send moved to the main thread in a closure that only sends (`DispatchQueue.main.async {
/// self.objectWillChange.send() }`) after changes of the model's own tracked properties goes with
/// its hop; anything else the hop may announce keeps it blocked.
@Suite struct HoppedSendTests {
    /// A model whose `update` runs `body` in a callback.
    static func model(_ body: String, extra: String = "") -> String {
        """
        import SwiftUI

        final class Monitor: ObservableObject {
            var isConnected = false
            var count = 0
        \(extra)
            func update(_ handler: (@escaping (Bool) -> Void) -> Void) {
                handler { connected in
                    \(body)
                }
            }
        }

        struct StatusView: View {
            @ObservedObject var monitor: Monitor
            var body: some View { Text("\\(monitor.isConnected) \\(monitor.count)") }
        }

        """
    }

    static func verdict(_ source: String, configuration: String? = nil) -> Verdict? {
        RuleExamples.analyze(files: [("A.swift", source)], configuration: configuration).units.first { $0.name == "Monitor" }?.verdict
    }

    @Test(arguments: [
        "self.isConnected = connected\n DispatchQueue.main.async { self.objectWillChange.send() }",
        "self.isConnected = connected\n Task { await MainActor.run { self.objectWillChange.send() } }",
        "self.isConnected = connected\n Task { @MainActor [weak self] in\n guard let self else { return }\n self.objectWillChange.send()\n }",
        "self.isConnected = connected\n DispatchQueue.main.async { [weak self] in self?.objectWillChange.send() }",
        "if connected { self.isConnected = true; self.count += 1 } else { self.isConnected = false }\n RunLoop.main.perform { self.objectWillChange.send() }",
    ])
    func theSendAndItsHopGo(body: String) {
        let source = Self.model(body)
        #expect(Self.verdict(source) == .needsUnsafeFixes)
        let migrated = Migrator.migrate(files: ["A.swift": source])["A.swift"]!
        #expect(!migrated.contains("objectWillChange"), "\(migrated)")
        #expect(!migrated.contains("DispatchQueue.main") && !migrated.contains("Task {") && !migrated.contains("RunLoop"), "\(migrated)")
        #expect(migrated.contains("self.isConnected = "))
        #expect(Migrator.migrate(files: ["A.swift": migrated])["A.swift"] == migrated)
    }

    @Test(arguments: [
        // What runs before the hop is not the model's tracked state.
        "UserDefaults.standard.set(connected, forKey: \"c\")\n DispatchQueue.main.async { self.objectWillChange.send() }",
        // The hop's closure does more than send.
        "self.isConnected = connected\n DispatchQueue.main.async { self.objectWillChange.send(); print(\"sent\") }",
        // A delay is no hop the tool reads.
        "self.isConnected = connected\n DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.objectWillChange.send() }",
        // Nothing changes beside it.
        "print(connected)\n DispatchQueue.main.async { self.objectWillChange.send() }",
    ])
    func whatTheHopMayAnnounceKeepsItBlocked(body: String) {
        #expect(Self.verdict(Self.model(body)) == .blocked)
    }

    @Test func aHopInAWrappedPropertysObserverStaysAsItWas() {
        // The observer's send announces the property: no hop is lifted out of an accessor, whose
        // rewrite reads a send alone in it.
        let source = """
            import SwiftUI

            @propertyWrapper struct ConfigValue<T> {
                var wrappedValue: T
                init(_ key: String, defaultValue: T) { wrappedValue = defaultValue }
            }

            final class Config: ObservableObject {
                @ConfigValue("langs", defaultValue: [])
                var languages: [String] {
                    willSet {
                        DispatchQueue.main.async { self.objectWillChange.send() }
                    }
                }
            }

            """
        #expect(RuleExamples.analyze(files: [("A.swift", source)]).units.first?.verdict == .blocked)
        #expect(Migrator.migrate(files: ["A.swift": source])["A.swift"] == source)
    }

    @Test func untrackedPropertiesKeepTheSend() {
        // Under `unpublishedProperties: "ignore"`, `isConnected` stays untracked: only the send announced it.
        let source = Self.model("self.isConnected = connected\n DispatchQueue.main.async { self.objectWillChange.send() }")
        #expect(Self.verdict(source, configuration: #"{ "unpublishedProperties": "ignore" }"#) == .blocked)
    }
}
