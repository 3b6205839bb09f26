import Testing
@testable import MigrateTool

/// A property wrapper's `static subscript<T: ObservableObject>(_enclosingInstance:…)` is called
/// only with the classes that apply the wrapper, so its `instance.objectWillChange` and its
/// constraint hold those models and no others (swift-paperless's `@PublishedUserDefaultsBacked`).
@Suite struct EnclosingInstanceReachTests {
    /// A wrapper that announces through the enclosing instance's publisher; `access` is its
    /// access level, and `Settings` applies it while `Filter` does not.
    static func tree(access: String = "", settingsExtra: String = "", extra: String = "") -> String {
        #"""
        import SwiftUI
        import Combine

        @propertyWrapper
        \#(access)final class StoredSetting<Value> {
            \#(access)static subscript<T: ObservableObject>(
                _enclosingInstance instance: T,
                wrapped _: ReferenceWritableKeyPath<T, Value>,
                storage storageKeyPath: ReferenceWritableKeyPath<T, StoredSetting<Value>>
            ) -> Value {
                get { instance[keyPath: storageKeyPath].value }
                set {
                    if let publisher = instance.objectWillChange as? ObservableObjectPublisher { publisher.send() }
                    instance[keyPath: storageKeyPath].value = newValue
                }
            }
            var value: Value
            @available(*, unavailable, message: "classes only")
            \#(access)var wrappedValue: Value { get { fatalError() } set { fatalError() } }
            \#(access)init(wrappedValue: Value) { value = wrappedValue }
        }

        final class Settings: ObservableObject {
            @StoredSetting var count = 0
            typealias CountPath = KeyPath<Settings, StoredSetting<Int>>
            \#(settingsExtra)
        }

        final class Filter: ObservableObject {
            @Published var text = ""
        }
        \#(extra)
        struct FilterView: View {
            @StateObject private var filter = Filter()
            @StateObject private var settings = Settings()
            var body: some View { Text(filter.text) }
        }
        """#
    }

    static func analysis(_ source: String) -> Analysis {
        Analyzer.analyze(swift: [SourceInput(path: "A.swift", bytes: Array(source.utf8))])
    }

    static func blockers(of unit: String, in analysis: Analysis) -> [String] {
        guard let summary = analysis.units.first(where: { $0.name == unit }) else { return ["no unit \(unit)"] }
        return summary.findings.map { analysis.findings[$0] }.filter(\.isBlocker).map(\.message)
    }

    @Test func onlyTheClassApplyingTheWrapperWaitsForIt() {
        let analysis = Self.analysis(Self.tree())
        #expect(analysis.units.first { $0.name == "Filter" }?.verdict == .ready)
        #expect(Self.blockers(of: "Filter", in: analysis).isEmpty)
        #expect(Self.blockers(of: "Settings", in: analysis) == [
            "@StoredSetting's _enclosingInstance subscript announces changes through 'instance.objectWillChange', the publisher "
                + "of the class applying it (Settings); an @Observable class has none",
        ])
    }

    /// protonpass: an unconstrained subscript casts its instance to `any ObservableObject` and
    /// sends through the cast's publisher. The existential and the publisher meet only the class
    /// applying the wrapper; before, the existential coupled every unit, and one blocked model
    /// held all 72 units of the app.
    @Test func aCastOfTheInstanceMeetsOnlyTheClassesApplyingTheWrapper() {
        let tree = #"""
            import SwiftUI
            import Combine

            @propertyWrapper
            struct KeychainStorage<Value> {
                var stored: Value
                init(wrappedValue: Value) { stored = wrappedValue }
                @available(*, unavailable) var wrappedValue: Value { get { fatalError() } set { fatalError() } }
                static subscript<T>(_enclosingInstance instance: T, wrapped _: ReferenceWritableKeyPath<T, Value>,
                                    storage storageKeyPath: ReferenceWritableKeyPath<T, Self>) -> Value {
                    get { instance[keyPath: storageKeyPath].stored }
                    set {
                        instance[keyPath: storageKeyPath].stored = newValue
                        if let observableObject = instance as? any ObservableObject {
                            let publisher = observableObject.objectWillChange as any Publisher
                            (publisher as? ObservableObjectPublisher)?.send()
                        }
                    }
                }
            }

            final class Session: ObservableObject { @KeychainStorage var token = "" }
            final class Feed: ObservableObject { @Published var items: [String] = [] }
            final class Blocked: ObservableObject {
                @Published var count = 0
                func poke() { objectWillChange.send() }
            }
            """#
        let analysis = Self.analysis(tree)
        #expect(analysis.units.first { $0.name == "Feed" }?.verdict == .ready)
        #expect(Self.blockers(of: "Feed", in: analysis).isEmpty)
        #expect(Self.blockers(of: "Session", in: analysis) == [
            "@KeychainStorage's _enclosingInstance subscript announces changes through 'observableObject.objectWillChange', the "
                + "publisher of the class applying it (Session); an @Observable class has none",
        ])
        #expect(analysis.findings.contains { $0.message == "generic code constrained to ObservableObject (@KeychainStorage's cast "
            + "of its enclosing instance to 'any ObservableObject') changes together with the models that reach it: 'Session' reaches it" })
        // A name bound to something else is no cast of the instance: the tool cannot tell.
        let other = tree.replacingOccurrences(of: "let publisher = observableObject.objectWillChange",
                                              with: "let observableObject = makeObject()\n let publisher = observableObject.objectWillChange")
        #expect(Self.blockers(of: "Feed", in: Self.analysis(other)).contains { $0.hasPrefix("cannot tell which model") })
    }

    @Test func aPublicWrapperMayBeAppliedOutsideTheTree() {
        let analysis = Self.analysis(Self.tree(access: "public "))
        #expect(analysis.units.first { $0.name == "Filter" }?.verdict == .ready)
        let settings = Self.blockers(of: "Settings", in: analysis)
        #expect(settings.contains { $0.contains("'classes outside the tree applying @StoredSetting' reaches it too") })
    }

    @Test func aTypealiasOfTheWrapperLeavesEveryModelWaiting() {
        // `@Renamed` applies the wrapper under another name: the reading gives up.
        let analysis = Self.analysis(Self.tree(extra: "typealias Renamed = StoredSetting"))
        #expect(analysis.units.first { $0.name == "Filter" }?.verdict == .blocked)
        #expect(Self.blockers(of: "Filter", in: analysis).contains(
            "'instance.objectWillChange' in generic code ('T' of subscript) may be the publisher of any model that can meet it: "
                + "'StoredSetting' is used where the tool cannot tell which model it gets (a metatype, a static member, a function "
                + "reference or a call it cannot read)"))
    }

    @Test func aSubclassOfTheWrapperLeavesEveryModelWaiting() {
        let analysis = Self.analysis(Self.tree(extra: "final class Louder<V>: StoredSetting<V> {}"))
        #expect(analysis.units.first { $0.name == "Filter" }?.verdict == .blocked)
    }
}
