import Foundation
import SourceScan
import Testing

/// An app's flavours (white-label targets): each target compiles the shared files and its own
/// folder, whose classes share names (`EW/FireblocksManager.swift`, `NCW/FireblocksManager.swift`).
/// A shared file means each flavour's class in its own target, so the classes are one unit.
@Suite struct FlavourVariantTests {
    static let manager = "final class Manager: ObservableObject {\n    @Published var name = \"\"\n}\n"

    /// Two flavours, modules 0 and 1: their own folders, a shared file both compile, and a file
    /// only the first compiles.
    static func flavours() -> TypeIndex {
        let files = [
            FileStructure(text: manager, path: "App/EW/Manager.swift"),
            FileStructure(text: manager, path: "App/NCW/Manager.swift"),
            FileStructure(text: "struct Root {\n    var manager = Manager()\n}\n", path: "App/Shared/Root.swift"),
            FileStructure(text: "struct Only {}\n", path: "App/EW/Only.swift"),
        ]
        let modules = FileModules(own: [[0], [1], [0, 1], [0]], visible: [[0], [1], [0, 1], [0]])
        return TypeIndex(files: files, modules: modules)
    }

    @Test func aFileEveryFlavourCompilesResolvesTheNameToTheFlavoursAsOne() throws {
        let types = Self.flavours()
        let managers = types.types(named: "Manager").map(\.id)
        #expect(managers.count == 2)
        #expect(types.areFlavourVariants(managers, seenFrom: 2))
        #expect(types.areFlavourVariants(managers, seenFrom: nil))
        // Before: the shared file could mean either, so the name was ambiguous.
        #expect(types.resolve("Manager", from: DeclarationID(file: 2, declaration: -1)) == .declared(managers[0]))
        // A file of one flavour sees its own class only.
        #expect(!types.areFlavourVariants(managers, seenFrom: 3))
        #expect(types.resolve("Manager", from: DeclarationID(file: 3, declaration: -1)) == .declared(managers[0]))
        #expect(types.resolve("Manager", from: DeclarationID(file: 1, declaration: -1)) == .declared(managers[1]))
    }

    @Test func aModuleThatSeesTheOthersClassIsNoFlavour() throws {
        // The app (module 1) imports the kit (module 0): its own `Manager` shadows the kit's,
        // and the two are different types, never one unit.
        let files = [
            FileStructure(text: Self.manager, path: "Kit/Manager.swift"),
            FileStructure(text: Self.manager, path: "App/Manager.swift"),
            FileStructure(text: "struct Root {\n    var manager = Manager()\n}\n", path: "App/Root.swift"),
        ]
        let types = TypeIndex(files: files, modules: FileModules(own: [[0], [1], [1]], visible: [[0], [0, 1], [0, 1]]))
        let managers = types.types(named: "Manager").map(\.id)
        #expect(!types.areFlavourVariants(managers, seenFrom: nil))
        #expect(!types.areFlavourVariants(managers, seenFrom: 2))
    }

    @Test func aTestTargetsMockShadowingTheAppsClassIsNoFlavour() throws {
        // The test target (module 1) declares a mock `Manager` in a file importing only
        // Foundation, and another of its files `@testable import`s the app (module 0): there the
        // module's own mock shadows the app's model, so the two are different types (a fresh
        // app's 76 units were blocked as the mock's flavours).
        let files = [
            FileStructure(text: Self.manager, path: "App/Manager.swift"),
            FileStructure(text: "class Manager {\n    func start() {}\n}\n", path: "AppTests/Mock.swift"),
            FileStructure(text: "func check() {\n    Manager().start()\n}\n", path: "AppTests/UsesTests.swift"),
        ]
        let modules = FileModules(own: [[0], [1], [1]], visible: [[0], [1], [0, 1]], moduleNames: ["App", "AppTests"])
        let types = TypeIndex(files: files, modules: modules)
        let managers = types.types(named: "Manager").map(\.id)
        #expect(managers.count == 2)
        #expect(!types.areFlavourVariants(managers, seenFrom: nil))
        #expect(!types.areFlavourVariants(managers, seenFrom: 2))
        #expect(types.classVariants(of: managers[0]).isEmpty)
        // What the test's code means by the name is its own module's mock.
        #expect(types.resolve("Manager", from: DeclarationID(file: 2, declaration: -1)) == .declared(managers[1]))
    }

    @Test func aTestThatNamesTheAppsClassByItsModuleKeepsThemTogether() throws {
        // `App.Manager` in the test target means the app's class past the mock; which of the
        // test's sites mean which is not read, so the two stay variants, one unit, blocked as
        // before (the third review's f01: the app's model migrated and `App.Manager().$name` was
        // left behind).
        let files = [
            FileStructure(text: Self.manager, path: "App/Manager.swift"),
            FileStructure(text: "class Manager {\n    func start() {}\n}\n", path: "AppTests/Mock.swift"),
            FileStructure(text: "func check() {\n    _ = App.Manager().$name\n}\n", path: "AppTests/UsesTests.swift"),
        ]
        let modules = FileModules(own: [[0], [1], [1]], visible: [[0], [1], [0, 1]], moduleNames: ["App", "AppTests"])
        let types = TypeIndex(files: files, modules: modules)
        let managers = types.types(named: "Manager").map(\.id)
        #expect(types.areFlavourVariants(managers, seenFrom: nil))
        #expect(types.classVariants(of: managers[0]) == [managers[1]])
    }

    @Test func homonymsNoFileSeesTogetherAreSeparateAppsNotFlavours() throws {
        // Two apps in one tree, nothing shared: each name means its own app's class.
        let files = [
            FileStructure(text: Self.manager, path: "One/Manager.swift"),
            FileStructure(text: Self.manager, path: "Two/Manager.swift"),
        ]
        let types = TypeIndex(files: files, modules: FileModules(own: [[0], [1]], visible: [[0], [1]]))
        #expect(!types.areFlavourVariants(types.types(named: "Manager").map(\.id), seenFrom: nil))
    }

    @Test func aPrivateOrNonClassHomonymIsNoFlavour() throws {
        let files = [
            FileStructure(text: Self.manager, path: "EW/Manager.swift"),
            FileStructure(text: "struct Manager {}\n", path: "NCW/Manager.swift"),
            FileStructure(text: "struct Root {}\n", path: "Shared/Root.swift"),
        ]
        let types = TypeIndex(files: files, modules: FileModules(own: [[0], [1], [0, 1]], visible: [[0], [1], [0, 1]]))
        #expect(!types.areFlavourVariants(types.types(named: "Manager").map(\.id), seenFrom: 2))
    }
}
