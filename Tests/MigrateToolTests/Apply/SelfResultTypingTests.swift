import Foundation
import Testing
@testable import MigrateTool

/// A method returning `Self` gives its receiver's type, and one called with a trailing closure
/// alone (`Channel().onPacket { … }`) its declared result: a fresh app's
/// `let channel = await WormholeChannel(…).onPacketReceived { … }` then `channel.$isConnected`
/// was "cannot tell" and blocked the channel's unit.
@Suite struct SelfResultTypingTests {
    static func verdict(result: String, call: String) -> Verdict? {
        let source = """
            import Combine

            final class Channel: ObservableObject {
                @Published private(set) var isConnected = false

                func onPacket(_ handler: @escaping (Int) -> Void) -> \(result) {
                    self
                }
            }

            final class Manager {
                var bag = Set<AnyCancellable>()

                func connect() async {
                    let channel = \(call)
                    channel.$isConnected.sink { print($0) }.store(in: &bag)
                }
            }

            """
        return Analyzer.analyze(swift: [SourceInput(path: "A.swift", bytes: Array(source.utf8))]).units.first { $0.name == "Channel" }?.verdict
    }

    @Test(arguments: [
        ("Self", "Channel().onPacket({ _ in })"),
        ("Channel", "await Channel().onPacket { _ in }"),
        ("Self", "Channel().onPacket { _ in }"),
    ])
    func theChannelIsTold(result: String, call: String) {
        #expect(Self.verdict(result: result, call: call) == .needsUnsafeFixes)
    }

    @Test func aMemberTheTypeDoesNotDeclareIsStillUnknown() {
        // `unknownMember { … }` is no method of `Channel`: its result is not read.
        #expect(Self.verdict(result: "Self", call: "Channel().onPacket({ _ in }).unknownMember { _ in }") == .blocked)
    }
}
