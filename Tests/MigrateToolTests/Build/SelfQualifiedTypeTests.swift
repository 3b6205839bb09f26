import SourceScan
import Testing

/// `Self.Model` written inside a type is that type's nested `Model`, not a type of a module
/// named `Self` (a fresh app's `@StateObject private var model: Self.Model` was "cannot tell").
@Suite struct SelfQualifiedTypeTests {
    static let text = """
        struct BookmarksView {
            var model: Self.Model
            var plain: Model
        }

        extension BookmarksView {
            final class Model {}
        }

        protocol Listing {
            associatedtype Model
            var model: Self.Model { get }
        }

        """

    static func index() -> (TypeIndex, FileStructure) {
        let file = FileStructure(text: text, path: "App/BookmarksView.swift")
        let modules = FileModules(own: [[0]], visible: [[0]], moduleNames: ["App"])
        return (TypeIndex(files: [file], modules: modules), file)
    }

    static func scope(of name: String, in file: FileStructure, parent: String) -> DeclarationID? {
        file.declarations.indices.first { index in
            file.declarations[index].name == name
                && file.declarations[index].parent.map { file.declarations[$0].name == parent } == true
        }.map { DeclarationID(file: 0, declaration: $0) }
    }

    @Test func selfNamesTheEnclosingTypeInATypeButNotInAProtocol() throws {
        let (types, file) = Self.index()
        let model = try #require(types.types(named: "BookmarksView.Model").first?.id)
        let inView = try #require(Self.scope(of: "model", in: file, parent: "BookmarksView"))
        #expect(types.resolve("Self.Model", from: inView) == .declared(model))
        #expect(types.resolve("Self.Model?", from: inView) == .declared(model))
        #expect(types.resolve("Model", from: inView) == .declared(model))
        // In a protocol, `Self.Model` is the conforming type's associated type.
        let inProtocol = try #require(Self.scope(of: "model", in: file, parent: "Listing"))
        #expect(types.resolve("Self.Model", from: inProtocol) != .declared(model))
    }
}
