// Names bound by enum case patterns take the case's value type (syncups: `case let
// .detail(model)` over a `Destination?` made `model.$syncUp` a "cannot tell" that blocked every unit).

@testable import MigrateTool
import SourceScan
import Testing

@Suite struct EnumPayloadTypingTests {
    static let models = """
        import Combine
        import SwiftUI

        final class DetailModel: ObservableObject {
            @Published var title = ""
        }

        final class Other: ObservableObject {
            @Published var title = ""
        }

        struct Meeting {}

        final class ListModel: ObservableObject {
            enum Destination {
                case alert(String)
                case detail(DetailModel)
                case meeting(Meeting, syncUp: DetailModel)
                case result(Result<Int, Error>, DetailModel)
            }
            @Published var destination: Destination?
            var cancellable: AnyCancellable?

            func bind() {
                \\(body)
            }
        }

        """

    static func files(_ body: String) -> [String: String] {
        ["A.swift": models.replacingOccurrences(of: "\\(body)", with: body)]
    }

    @Test(arguments: [
        "switch destination {\n        case let .detail(model):\n            cancellable = model.$title.sink { print($0) }\n        default:\n            break\n        }",
        "switch self.destination {\n        case .alert: break\n        case .detail(let model), .meeting(_, syncUp: let model):\n            cancellable = model.$title.sink { print($0) }\n        case .none, .meeting, .result: break\n        }",
        "if case let .detail(model) = destination {\n            cancellable = model.$title.sink { print($0) }\n        }",
        "guard case .result(_, let model)? = destination else { return }\n        cancellable = model.$title.sink { print($0) }",
    ])
    func aCasePayloadIsTyped(body: String) {
        let files = Self.files(body)
        // Typed, the publisher is DetailModel's alone: Other is not held back by a "cannot tell".
        #expect(TyperGapTests.blockers("Other", in: files).isEmpty, "\(TyperGapTests.blockers("Other", in: files))")
        #expect(!TyperGapTests.blockers("DetailModel", in: files).contains { $0.contains("cannot tell") })
    }

    /// chiakiapp: `case .value(let d)` over a `SetupValue<ChiakiDiscover>`, whose `value(T)`
    /// carries the enum's generic parameter, binds `d` to the argument the subject's type gives.
    /// Without one (`SetupValue.value(Discover())`, the argument inferred), the payload is unknown.
    @Test func aGenericEnumsPayloadIsTheSubjectsArgument() {
        func files(_ annotation: String) -> [String: String] {
            ["A.swift": """
                import SwiftUI
                enum SetupValue<T> {
                    case uninitialized
                    case value(T)
                }
                final class Discover: ObservableObject {
                    @Published var hosts: [String] = []
                }
                final class Other: ObservableObject {
                    @Published var title = ""
                }
                struct Root: View {
                    @State var discover\(annotation)
                    var body: some View {
                        switch discover {
                        case .uninitialized: EmptyView()
                        case .value(let d): HostList().environmentObject(d)
                        }
                    }
                }
                struct HostList: View {
                    @EnvironmentObject var discover: Discover
                    var body: some View { Text("\\(discover.hosts.count)") }
                }

                """]
        }
        let typed = files(": SetupValue<Discover> = .uninitialized")
        #expect(TyperGapTests.blockers("Discover", in: typed).isEmpty, "\(TyperGapTests.blockers("Discover", in: typed))")
        #expect(TyperGapTests.blockers("Other", in: typed).isEmpty)
        let untyped = files(" = SetupValue.value(Discover())")
        #expect(TyperGapTests.blockers("Discover", in: untyped).contains { $0.contains("cannot tell the type of 'd'") })
    }

    /// exercism: the argument is a tuple (`LoadingState<([String], Actions)>`), so the payload
    /// keeps its elements and `result.1` is an `Actions`; written as a non-tuple, `.1` stays unknown.
    @Test func aGenericEnumsTupleArgumentKeepsItsElements() {
        func files(_ argument: String) -> [String: String] {
            ["A.swift": """
                import SwiftUI
                enum LoadingState<Value> {
                    case idle
                    case success(Value)
                }
                final class Actions: ObservableObject {
                    @Published var running = false
                }
                final class Loader: ObservableObject {
                    @Published var state: LoadingState<\(argument)> = .idle
                }
                struct Editor: View {
                    @StateObject private var loader = Loader()
                    var body: some View {
                        switch loader.state {
                        case .idle: EmptyView()
                        case .success(let result): Sidebar().environmentObject(result.1)
                        }
                    }
                }
                struct Sidebar: View {
                    @EnvironmentObject var actions: Actions
                    var body: some View { Text(actions.running ? "on" : "off") }
                }

                """]
        }
        let tuple = files("([String], Actions)")
        #expect(TyperGapTests.blockers("Actions", in: tuple).isEmpty, "\(TyperGapTests.blockers("Actions", in: tuple))")
        let plain = files("[Actions]")
        #expect(TyperGapTests.blockers("Actions", in: plain).contains { $0.contains("cannot tell the type of 'result.1'") })
    }

    @Test func anEarlierClausesNameIsNotVisibleInALaterOne() {
        let body = "switch destination {\n        case let .detail(model):\n            print(model)\n        default:\n            cancellable = model.$title.sink { print($0) }\n        }"
        #expect(TyperGapTests.blockers("Other", in: Self.files(body)).contains { $0.contains("cannot tell") })
    }

    @Test func payloadTypesAreSplitAtTopLevelCommas() throws {
        let types = TreeIndex(files: [FileStructure(text: Self.files("").values.first!)]).types
        let position = try #require(types.files[0].declarations.indices.first { types.files[0].declarations[$0].name == "Destination" })
        let id = DeclarationID(file: 0, declaration: position)
        #expect(types.enumCasePayload(of: id, case: "result") == ["Result<Int, Error>", "DetailModel"])
        #expect(types.enumCasePayload(of: id, case: "meeting") == ["Meeting", "DetailModel"])
        #expect(types.enumCasePayload(of: id, case: "alert") == ["String"])
        #expect(types.enumCasePayload(of: id, case: "missing") == nil)
    }
}
