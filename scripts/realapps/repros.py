#!/usr/bin/env python3
"""The remaining real-app bugs of docs/real-apps.md as runnable minimal trees.

  python3 scripts/realapps/repros.py [NAME...]

Each case is written to a fresh temporary folder, `report --format json` and
`apply --unsafe-fixes --dry-run` run on it, and the expectation (what the tool *should* do) is
checked. A case that FAILS is a bug still present; PASS means it is fixed. Exit status 1 if any
case fails. OM is the binary, as for realapps.py.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
OM = os.environ.get("OM", os.path.join(REPO, ".build-realapps", "release", "observation-migrate"))

CASES = {
    # ---------------------------------------------------------------- build-breaking
    "R1-member-type-through-subclass": {
        "why": "a model nested in a base class, named through a subclass (Element X: 53 `X.Context` sites)",
        "files": {"A.swift": """import SwiftUI

class BaseViewModel {
    final class Context: ObservableObject {
        @Published var count = 0
    }
    let context = Context()
}

final class HomeViewModel: BaseViewModel {}

struct HomeScreen: View {
    @ObservedObject var context: HomeViewModel.Context
    var body: some View { Text("\\(context.count)") }
}
"""},
        # either the site is rewritten with the unit, or the unit is not written
        "expect_diff_lacks": ["+    @Observable final class Context {"],
        "or_expect_diff_has": ["+    var context: HomeViewModel.Context"],
    },
    "R2-owned-observed-object-passed-in": {
        "why": "@ObservedObject var m = M() that callers also pass in: @State private breaks the memberwise init",
        "files": {
            "A.swift": """import SwiftUI

final class DebugModel: ObservableObject {
    @Published var rows: [String] = []
}

struct DebugView: View {
    @ObservedObject var model = DebugModel()
    var body: some View { Text("\\(model.rows.count)") }
}
""",
            "B.swift": """import SwiftUI

struct Host: View {
    let shared = DebugModel()
    var body: some View { DebugView(model: shared) }
}
"""},
        "expect_diff_lacks": ["@State private var model = DebugModel()"],
    },
    "R3-import-next-to-a-foreign-Observable-macro": {
        "why": "a file using another module's @Observable macro gets `import Observation` (ambiguous macro)",
        "files": {"A.swift": """import MacroExamplesInterface

@Observable
final class Counter {
    var n = 0
}
"""},
        "expect_no_change": True,
    },
    # ---------------------------------------------------------------- over-blocking
    # U1 (one `<VM: ObservableObject>` view blocked every model of the tree; CodeEdit: 24 units)
    # is a Swift test, GenericCouplingTests.aModelThatReachesNoGenericCodeIsNotBlockedByAnotherUnit,
    # which checks this expectation and more on the same tree; it is not repeated here.
    "U2-optional-binding-untyped": {
        "why": "`guard let x = a.b` / `if let` bindings have no type (CodeEdit: 14 sites, 16 units)",
        "files": {"A.swift": """import SwiftUI

final class EditorManager: ObservableObject { @Published var tabs = 0 }
final class Workspace { var editorManager: EditorManager? = EditorManager() }

struct EditorView: View {
    @EnvironmentObject var editorManager: EditorManager
    var body: some View { Text("\\(editorManager.tabs)") }
}

final class Controller {
    var workspace: Workspace?
    func make() -> AnyView? {
        guard let workspace, let editorManager = workspace.editorManager else { return nil }
        return AnyView(EditorView().environmentObject(editorManager))
    }
}
"""},
        "expect_not_blocked": ["EditorManager"],
    },
    "U3-local-from-local": {
        "why": "regression in a857f02: `let m = M.shared; let c = m.client` (Ice Cubes: 12 units)",
        "files": {"A.swift": """import SwiftUI

final class Client: ObservableObject { @Published var x = 0 }

final class Manager: ObservableObject {
    static let shared = Manager()
    @Published var currentClient = Client()
}

struct ClientView: View {
    @EnvironmentObject var client: Client
    var body: some View { Text("\\(client.x)") }
}

final class Host {
    func make() -> some View {
        let manager = Manager.shared
        let client = manager.currentClient
        return ClientView().environmentObject(manager).environmentObject(client)
    }
}
"""},
        "expect_not_blocked": ["Client"],
    },
    "U4-local-in-closure-or-preview": {
        "why": "locals declared inside a closure or #Preview have no type, even annotated (bitchat: 10 units)",
        "files": {"A.swift": """import SwiftUI

final class ChannelsModel: ObservableObject { @Published var channels: [String] = [] }

struct ChannelList: View {
    @EnvironmentObject var model: ChannelsModel
    var body: some View { Text("\\(model.channels.count)") }
}

#Preview {
    let model: ChannelsModel = ChannelsModel()
    ChannelList()
        .environmentObject(model)
}
"""},
        "expect_not_blocked": ["ChannelsModel"],
    },
    "U5-homonym-non-models": {
        "why": "regression in a8d7a18: a type declared twice, neither a model, is 'unknown' (DuckDuckGo: 8 units)",
        "files": {
            "Core/UserAuthenticator.swift": """import Combine

open class UserAuthenticator {
    @Published public private(set) var state = 0
    public init(reason: String) {}
}
""",
            "App/UserAuthenticator.swift": """import Combine

class UserAuthenticator {
    @Published private(set) var state = 0
    init(reason: String) {}
}
""",
            "Ext/ListModel.swift": """import Combine

final class ListModel {
    let authenticator = UserAuthenticator(reason: "x")
    var bag = Set<AnyCancellable>()
    init() { authenticator.$state.sink { _ in }.store(in: &bag) }
}
""",
            "App/Settings.swift": """import SwiftUI

final class Settings: ObservableObject {
    @Published var state = 0
}

struct SettingsView: View {
    @StateObject private var settings = Settings()
    var body: some View { Text("\\(settings.state)") }
}
"""},
        "expect_not_blocked": ["Settings"],
    },
    "U6-generic-member-through-typealias": {
        "why": "`store.state.archive` with `typealias AppStore = Store<AppState>` (LANreader: 7 units)",
        "files": {"A.swift": """import Combine

@propertyWrapper
final class PublishedState<T> {
    private let subject: CurrentValueSubject<T, Never>
    var wrappedValue: T { get { subject.value } set { subject.send(newValue) } }
    var projectedValue: AnyPublisher<T, Never> { subject.eraseToAnyPublisher() }
    init(wrappedValue: T) { subject = CurrentValueSubject(wrappedValue) }
}

struct ArchiveState { @PublishedState var loading = false }
struct AppState { var archive = ArchiveState() }

final class Store<State> {
    private(set) var state: State
    init(initialState: State) { state = initialState }
}
typealias AppStore = Store<AppState>
let appStore = AppStore(initialState: AppState())

final class LibraryListModel: ObservableObject {
    @Published private(set) var loading = false
    private let store: AppStore = appStore
    private var bag = Set<AnyCancellable>()
    init() {
        store.state.archive.$loading.sink { [weak self] in self?.loading = $0 }.store(in: &bag)
    }
}
"""},
        "expect_not_blocked": ["LibraryListModel"],
    },
    "U7-dependency-key-path": {
        "why": "`@Dependency(\\.x) var x` (swift-dependencies) has no type (Nos: 4 units)",
        "files": {"A.swift": """import SwiftUI
import Dependencies

final class RelayService: ObservableObject { @Published var connected = false }

private enum RelayServiceKey: DependencyKey { static let liveValue = RelayService() }

extension DependencyValues {
    var relayService: RelayService {
        get { self[RelayServiceKey.self] }
        set { self[RelayServiceKey.self] = newValue }
    }
}

struct StatusView: View {
    @EnvironmentObject var relayService: RelayService
    var body: some View { Text(relayService.connected ? "on" : "off") }
}

struct Root: View {
    @Dependency(\\.relayService) private var relayService
    var body: some View { StatusView().environmentObject(relayService) }
}
"""},
        "expect_not_blocked": ["RelayService"],
    },
    "U8-explicit-root-key-path": {
        "why": "`\\T.$x` with T a plain class is read as a publisher on a value named T (Swiftfin: 2 units)",
        "files": {"A.swift": """import SwiftUI

final class Account: ObservableObject { @Published var server = "" }

@propertyWrapper struct Field<T> {
    var wrappedValue: T
    var projectedValue: Field<T> { self }
}

final class StoredUser { @Field var server = "" }

struct Relationship<Root, Value> { init(inverse: KeyPath<Root, Value>) {} }

let serverRelation = Relationship(inverse: \\StoredUser.$server)
"""},
        "expect_not_blocked": ["Account"],
    },
    # ---------------------------------------------------------------- byte identity
    "M1-imports-in-files-no-unit-rewrote": {
        "why": "no ObservableObject anywhere, yet `import Combine` goes and `import Observation` comes",
        "files": {
            "A.swift": "import Combine\nimport SwiftUI\n\n@Observable final class Nav {\n    var path = 0\n}\n",
            "B.swift": "import Foundation\n\n@Observable final class Counter {\n    var n = 0\n}\n",
        },
        "expect_no_change": True,
    },
    "M2-onReceive-with-function-reference": {
        "why": "`.onReceive(m.$x, perform: handler)` is blocked while the closure form is rewritten",
        "files": {"A.swift": """import SwiftUI

final class Feed: ObservableObject { @Published var count = 0 }

struct FeedView: View {
    @StateObject private var feed = Feed()
    var body: some View { Text("").onReceive(feed.$count, perform: handle) }
    func handle(_ n: Int) {}
}
"""},
        "expect_not_blocked": ["Feed"],
    },
}


def run_case(name, case):
    with tempfile.TemporaryDirectory(prefix="om-repro-") as d:
        for rel, text in case["files"].items():
            p = os.path.join(d, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w") as f:
                f.write(text)
        rep = subprocess.run([OM, "report", "--format", "json", "."], cwd=d, capture_output=True, text=True)
        diff = subprocess.run([OM, "apply", "--unsafe-fixes", "--dry-run", "--allow-dirty",
                               "--ignore-deployment-target", "."], cwd=d, capture_output=True, text=True)
    if rep.returncode not in (0, 1):
        return False, f"report exit {rep.returncode}"
    verdicts = {u["name"]: u["verdict"] for u in json.loads(rep.stdout).get("units", [])}
    problems = []
    for unit in case.get("expect_not_blocked", []):
        if verdicts.get(unit) == "blocked":
            problems.append(f"{unit} is blocked")
    if case.get("expect_no_change") and diff.stdout.strip() and "would change 0 files" not in diff.stdout:
        problems.append("the tree changes: " + " ".join(line for line in diff.stdout.splitlines()
                                                         if line[:1] in "+-" and not line.startswith(("+++", "---"))))
    lacks = [s for s in case.get("expect_diff_lacks", []) if s in diff.stdout]
    has = case.get("or_expect_diff_has")
    if lacks and not (has and all(s in diff.stdout for s in has)):
        problems.append("output has " + "; ".join(repr(s) for s in lacks))
    return not problems, "; ".join(problems) or "ok"


def main(argv):
    names = argv or list(CASES)
    failed = 0
    for name in names:
        ok, detail = run_case(name, CASES[name])
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'}  {name}: {detail}" + ("" if ok else f"  ({CASES[name]['why']})"))
    print(f"{len(names) - failed} fixed, {failed} still present")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
