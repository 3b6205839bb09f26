import Testing
@testable import MigrateTool

/// An `objectWillChange` in generic code constrained to `ObservableObject` (a generic
/// parameter's value, or `self` in an extension of `ObservableObject`) belongs to the models that
/// reach that code. When the tool followed every use, only those are blocked, and none when
/// nothing uses it; before, every model of the tree was, for a helper no one called.
@Suite struct GenericObjectWillChangeReachTests {
    /// Two helpers that use `objectWillChange`, three models, and `uses`, which may call them.
    static func tree(_ uses: String) -> String {
        """
        import SwiftUI
        import Combine

        extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
            func pulse() {
                withAnimation { objectWillChange.send() }
            }
        }

        extension ObservableObject {
            func attach<T: ObservableObject>(to another: T, storeIn cancellables: inout Set<AnyCancellable>)
                where T.ObjectWillChangePublisher == ObservableObjectPublisher {
                objectWillChange.sink { [unowned another] _ in another.objectWillChange.send() }.store(in: &cancellables)
            }
        }

        final class Feed: ObservableObject { @Published var items = 0 }
        final class Inbox: ObservableObject { @Published var unread = 0 }
        final class Badge: ObservableObject { @Published var count = 0 }

        final class Wiring {
            var cancellables = Set<AnyCancellable>()
            func wire(feed: Feed, inbox: Inbox, badge: Badge) {
                \(uses)
            }
        }
        """
    }

    /// Each model's verdict, by name.
    static func verdicts(_ uses: String) -> [String: Verdict] {
        let analysis = RuleExamples.analyze(Self.tree(uses))
        return Dictionary(uniqueKeysWithValues: analysis.units.map { ($0.name, $0.verdict) })
    }

    @Test func unusedHelpersBlockNoModel() {
        #expect(Self.verdicts("_ = (feed, inbox, badge)") == ["Feed": .ready, "Inbox": .ready, "Badge": .ready])
    }

    @Test func theModelsPassedToTheHelpersAreBlocked() {
        // `feed` reaches `attach` as `self`, `badge` as `T`; `inbox` reaches neither.
        #expect(Self.verdicts("feed.attach(to: badge, storeIn: &cancellables)")
                == ["Feed": .blocked, "Inbox": .ready, "Badge": .blocked])
        #expect(Self.verdicts("inbox.pulse()") == ["Feed": .ready, "Inbox": .blocked, "Badge": .ready])
    }

    @Test func theBlockerNamesTheModelsThatReachIt() {
        let analysis = RuleExamples.analyze(Self.tree("feed.attach(to: badge, storeIn: &cancellables)"))
        let messages = analysis.findings.filter { $0.ruleID == ObjectWillChangeSubscription.id && $0.isBlocker }.map(\.message)
        #expect(messages.contains("'another.objectWillChange' in generic code is the publisher of the models that reach it (Badge); "
                                  + "an @Observable class has none"))
    }

    /// protonpass: a `public extension ObservableObject` whose members use `objectWillChange`
    /// stays as it is whoever uses it, so its being public blocks the public models (code outside
    /// the tree may use it on them) besides those the tree uses it on, and no other; before, one
    /// blocked user blocked all 74 models of the app.
    @Test func aPublicHelperThatStaysHoldsItsUsersAndThePublicModels() {
        func verdicts(publicInbox: Bool) -> [String: Verdict] {
            var tree = Self.tree("feed.attach(to: badge, storeIn: &cancellables)")
                .replacingOccurrences(of: "extension ObservableObject {", with: "public extension ObservableObject {")
            if publicInbox { tree = tree.replacingOccurrences(of: "final class Inbox", with: "public final class Inbox") }
            #expect(tree.contains("public extension ObservableObject {"))
            let analysis = RuleExamples.analyze(tree)
            return Dictionary(uniqueKeysWithValues: analysis.units.map { ($0.name, $0.verdict) })
        }
        #expect(verdicts(publicInbox: false) == ["Feed": .blocked, "Inbox": .ready, "Badge": .blocked])
        #expect(verdicts(publicInbox: true) == ["Feed": .blocked, "Inbox": .blocked, "Badge": .blocked])
    }

    /// A use the tool cannot follow leaves the helper to every model, as before.
    @Test func anUntracedUseBlocksEveryModel() {
        let verdicts = Self.verdicts("let any: any ObservableObject = feed; _ = any; func go<M: ObservableObject>(_ m: M) { m.pulse() }")
        #expect(verdicts.values.allSatisfy { $0 == .blocked })
    }
}
