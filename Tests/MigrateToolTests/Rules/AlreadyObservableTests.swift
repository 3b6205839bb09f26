import SourceScan
import Testing
@testable import MigrateTool

/// `already-observable`: legacy sites holding a class that is already `@Observable` form a unit
/// of their own whose sites are rewritten and whose class stays; a class that may still be an
/// `ObservableObject` through a type the tree does not declare is left alone.
@Suite struct AlreadyObservableTests {
    static func analysis(_ sources: [String]) -> Analysis {
        InferenceTestTree.analyze(sources, Configuration())
    }

    static func migrated(_ sources: [String], types: [String] = []) -> [String] {
        let plan = Migrator.plan(analysis(sources), options: MigrationOptions(unsafeFixes: true, types: types))
        return sources.indices.map { plan.newContents[$0].map { String(decoding: $0, as: UTF8.self) } ?? sources[$0] }
    }

    static let views = """
        import SwiftUI

        struct RootView: View {
            @StateObject private var store = Store()
            var body: some View { ListView().environmentObject(store) }
        }

        struct ListView: View {
            @EnvironmentObject var store: Store
            var body: some View { Text(store.title) }
        }

        """

    @Test func aSubclassOfAnObservableClassIsObservableToo() {
        let model = """
            import Observation

            @Observable
            class Base {
                var title = ""
            }

            final class Store: Base {}

            """
        let analysis = Self.analysis([model, Self.views])
        #expect(analysis.units.map(\.name) == ["Store"])
        #expect(analysis.units.first?.verdict == .ready)
        let note = analysis.findings.first { $0.ruleID == AlreadyObservable.id }
        #expect(note?.isNote == true)
        #expect(note?.message.contains("is already Observable through an @Observable superclass") == true)
        let out = Self.migrated([model, Self.views])
        #expect(out[0] == model)
        #expect(out[1].contains("@State private var store = Store()"))
        #expect(out[1].contains(".environment(store)"))
        #expect(out[1].contains("@Environment(Store.self) var store\n"))
    }

    @Test func platformEntriesKeepTheClassButALibraryProtocolExcludesIt() {
        let inert = """
            import Foundation
            import Observation

            @Observable
            final class Store: NSObject, Identifiable, @unchecked Sendable {
                var title = ""
            }

            """
        #expect(Self.analysis([inert, Self.views]).units.map(\.name) == ["Store"])
        // A library's protocol may refine ObservableObject: the wrappers may compile as they are.
        let vendor = inert + "extension Store: VendorStoring {}\n"
        let analysis = Self.analysis([vendor, Self.views])
        #expect(analysis.units.isEmpty)
        #expect(Self.migrated([vendor, Self.views]) == [vendor, Self.views])
    }

    @Test func aModifierAloneMakesAUnitAndTheTypeSelectsIt() {
        let tree = """
            import SwiftUI
            import Observation

            @Observable
            final class Settings {
                var dark = false
            }

            let shared = Settings()

            struct AppRoot: View {
                var body: some View { Text("").environmentObject(shared) }
            }

            """
        #expect(Self.analysis([tree]).units.map(\.name) == ["Settings"])
        #expect(Self.migrated([tree], types: ["Settings"])[0].contains(".environment(shared)"))
        #expect(Self.migrated([tree], types: ["Other"])[0] == tree)
    }

    @Test func theObservableObjectAPIOfTheClassBlocks() {
        let model = """
            import Observation

            @Observable
            final class Store {
                var title = ""
            }

            """
        let watcher = """
            import Combine

            final class Watcher {
                var bag: Set<AnyCancellable> = []
                init(store: Store) {
                    store.objectWillChange.sink { _ in }.store(in: &bag)
                }
            }

            """
        let analysis = Self.analysis([model, Self.views, watcher])
        #expect(analysis.units.map(\.verdict) == [.blocked])
        let blocker = analysis.findings.first { $0.ruleID == AlreadyObservable.id && $0.isBlocker }
        #expect(blocker?.message.hasPrefix("'objectWillChange' is the ObservableObject publisher, which 'Store'") == true)
        #expect(Self.migrated([model, Self.views, watcher]) == [model, Self.views, watcher])
    }

    @Test func aClassThatIsBothStaysAModelAndOneWithoutLegacySitesMakesNoUnit() {
        let both = """
            import Combine
            import Observation

            @Observable
            final class Store: ObservableObject {
                var title = ""
            }

            """
        let units = Self.analysis([both, Self.views]).units
        #expect(units.count == 1)
        #expect(units.first?.findings.contains { Self.analysis([both, Self.views]).findings[$0].ruleID == AlreadyObservable.id } == false)
        let modern = """
            import SwiftUI
            import Observation

            @Observable
            final class Store {
                var title = ""
            }

            struct RootView: View {
                @State private var store = Store()
                var body: some View { Text(store.title) }
            }

            """
        #expect(Self.analysis([modern]).units.isEmpty)
        #expect(Self.migrated([modern]) == [modern])
    }

    static let kodiViews = """
        import SwiftUI
        import SwiftlyKodiAPI

        struct RootView: View {
            @StateObject private var kodi = KodiConnector()
            var body: some View { HostView().environmentObject(kodi) }
        }

        struct HostView: View {
            @EnvironmentObject var kodi: KodiConnector
            var body: some View { Text(kodi.host) }
        }

        """

    static func configured(_ sources: [String], _ types: [String]) -> (Analysis, [String]) {
        var configuration = Configuration()
        configuration.observableTypes = types
        let analysis = InferenceTestTree.analyze(sources, configuration)
        let plan = Migrator.plan(analysis, options: MigrationOptions(unsafeFixes: true))
        return (analysis, sources.indices.map { plan.newContents[$0].map { String(decoding: $0, as: UTF8.self) } ?? sources[$0] })
    }

    @Test func aTypeOutsideTheTreeIsRewrittenOnlyWhenTheConfigurationNamesIt() {
        let (plain, unchanged) = Self.configured([Self.kodiViews], [])
        #expect(plain.units.isEmpty)
        #expect(plain.findings.filter { $0.ruleID == UnknownType.id }.count == 2)
        #expect(unchanged == [Self.kodiViews])
        let (analysis, out) = Self.configured([Self.kodiViews], ["SwiftlyKodiAPI.KodiConnector"])
        #expect(analysis.units.map(\.name) == ["KodiConnector"])
        #expect(analysis.units.first?.memberDeclarations.isEmpty == true)
        let note = analysis.findings.first { $0.ruleID == AlreadyObservable.id }
        // Reported at its first site, the `@StateObject`.
        #expect(note.map { analysis.lineMaps[$0.file].location(of: $0.offset).line } == 5)
        #expect(note?.message.contains("by the configuration (observableTypes)") == true)
        #expect(out[0].contains("@State private var kodi = KodiConnector()"))
        #expect(out[0].contains("HostView().environment(kodi)"))
        #expect(out[0].contains("@Environment(KodiConnector.self) var kodi\n"))
    }

    @Test func aConfiguredTypesPublisherBlocksItsUnit() {
        let reader = """
            import SwiftUI
            import SwiftlyKodiAPI

            struct StatusView: View {
                @ObservedObject var kodi: KodiConnector
                @State private var host = ""
                var body: some View { Text(host).onReceive(kodi.$host) { host = $0 } }
            }

            """
        let (analysis, out) = Self.configured([Self.kodiViews, reader], ["KodiConnector"])
        #expect(analysis.units.map(\.verdict) == [.blocked])
        #expect(analysis.findings.contains { $0.ruleID == AlreadyObservable.id && $0.isBlocker && $0.message.hasPrefix("'$host'") })
        #expect(out == [Self.kodiViews, reader])
    }

    @Test func anEntryNamingATypeOfTheTreeIsNotedAndChangesNothing() {
        let model = """
            import SwiftUI

            final class Store: ObservableObject {
                @Published var title = ""
            }

            """
        let (plain, plainOut) = Self.configured([model, Self.views], [])
        let (analysis, out) = Self.configured([model, Self.views], ["Store"])
        #expect(out == plainOut)
        #expect(analysis.units.map(\.name) == plain.units.map(\.name))
        let note = analysis.findings.first { $0.ruleID == AlreadyObservable.id }
        #expect(note?.isNote == true)
        #expect(note?.message.hasPrefix("observableTypes names 'Store', which the tree declares here") == true)
    }
}
