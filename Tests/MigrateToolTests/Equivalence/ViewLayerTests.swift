// The view layer and render host: view-owned state lives per identity, and each style
// invalidates exactly what SwiftUI would.

import SwiftUI
import Testing

// MARK: Owned state: @StateObject versus @State

/// Counts its instances, so a test can see how often a view evaluated its initial value.
private final class OwnedLegacyModel: ObservableObject {
    nonisolated(unsafe) static var made = 0
    @Published var value = 0

    init() {
        Self.made += 1
    }
}

@Observable
private final class OwnedModernModel {
    nonisolated(unsafe) static var made = 0
    var value = 0

    init() {
        Self.made += 1
    }
}

private struct OwnerParent: View {
    @State private var refreshes = 0
    @State private var showsChildren = true

    var body: some View {
        VStack {
            Text("refreshes \(refreshes)")
            Button("Refresh") {
                refreshes += 1
            }
            Toggle("Children", isOn: $showsChildren)
            if showsChildren {
                LegacyOwner()
                ModernOwner()
            }
        }
    }
}

private struct LegacyOwner: View {
    @StateObject private var model = OwnedLegacyModel()

    var body: some View {
        HStack {
            Text("legacy \(model.value)")
            Button("Bump legacy") {
                model.value += 1
            }
        }
    }
}

private struct ModernOwner: View {
    @State private var model = OwnedModernModel()

    var body: some View {
        HStack {
            Text("modern \(model.value)")
            Button("Bump modern") {
                model.value += 1
            }
        }
    }
}

// MARK: Invalidation granularity

private final class TwoFieldLegacy: ObservableObject {
    @Published var shown = "a"
    @Published var hidden = 0
}

@Observable
private final class TwoFieldModern {
    var shown = "a"
    var hidden = 0
}

private struct LegacyReader: View {
    @ObservedObject var model: TwoFieldLegacy

    var body: some View {
        Text(model.shown)
    }
}

private struct ModernReader: View {
    var model: TwoFieldModern

    var body: some View {
        Text(model.shown)
    }
}

// MARK: Environment and bindings

private final class SharedLegacy: ObservableObject {
    @Published var title = "legacy"
}

@Observable
private final class SharedModern {
    var title = "modern"
}

private struct EnvironmentRoot: View {
    let legacy: SharedLegacy
    let modern: SharedModern

    var body: some View {
        VStack {
            LegacyEnvironmentReader()
            ModernEnvironmentReader()
        }
        .environmentObject(legacy)
        .environment(modern)
    }
}

private struct LegacyEnvironmentReader: View {
    @EnvironmentObject var shared: SharedLegacy

    var body: some View {
        TextField("Legacy title", text: $shared.title)
    }
}

private struct ModernEnvironmentReader: View {
    @Environment(SharedModern.self) var shared

    var body: some View {
        @Bindable var shared = shared
        TextField("Modern title", text: $shared.title)
    }
}

extension Equivalence {
    @Suite("View layer and render host")
    @MainActor
    struct ViewLayerTests {
        @Test("@StateObject evaluates its initial value once per identity; @State on every view init, keeping the first")
        func ownedStateInitialisation() throws {
            OwnedLegacyModel.made = 0
            OwnedModernModel.made = 0
            let host = RenderHost(root: OwnerParent())
            try host.tap("Bump legacy")
            try host.tap("Bump modern")
            for _ in 0..<3 {
                try host.tap("Refresh")
            }
            #expect(OwnedLegacyModel.made == 1)
            #expect(OwnedModernModel.made == 4)  // the first render plus three parent re-renders
            #expect(host.screen.contains("Text \"legacy 1\""))
            #expect(host.screen.contains("Text \"modern 1\""))  // the first instance survived
        }

        @Test("a view leaving the tree takes its state with it")
        func removalDropsState() throws {
            OwnedLegacyModel.made = 0
            let host = RenderHost(root: OwnerParent())
            try host.tap("Bump legacy")
            try host.toggle("Children")
            try host.toggle("Children")
            #expect(OwnedLegacyModel.made == 2)
            #expect(host.screen.contains("Text \"legacy 0\""))
        }

        @Test("legacy: any published change of a held object re-renders; modern: only properties the body read")
        func invalidationGranularity() {
            let legacyModel = TwoFieldLegacy()
            let modernModel = TwoFieldModern()
            let legacy = RenderHost(root: LegacyReader(model: legacyModel))
            let modern = RenderHost(root: ModernReader(model: modernModel))
            legacyModel.hidden += 1
            modernModel.hidden += 1
            legacy.update()
            modern.update()
            #expect(legacy.evaluations["LegacyReader"] == 2)
            #expect(modern.evaluations["ModernReader"] == 1)
            legacyModel.shown = "b"
            modernModel.shown = "b"
            legacy.update()
            modern.update()
            #expect(legacy.evaluations["LegacyReader"] == 3)
            #expect(modern.evaluations["ModernReader"] == 2)
            #expect(legacy.screen == "Text \"b\"")
            #expect(modern.screen == "Text \"b\"")
            #expect(legacy.notifications.objectWillChange == 2)
            #expect(modern.notifications.observation == 1)
        }

        @Test("environment objects reach descendants by type, and bindings write through")
        func environmentAndBindings() throws {
            let legacy = SharedLegacy()
            let modern = SharedModern()
            let host = RenderHost(root: EnvironmentRoot(legacy: legacy, modern: modern))
            #expect(host.screen == """
                VStack
                  TextField "Legacy title" = "legacy"
                  TextField "Modern title" = "modern"
                """)
            try host.type("old", into: "Legacy title")
            try host.type("new", into: "Modern title")
            #expect(legacy.title == "old")
            #expect(modern.title == "new")
            #expect(host.screen.contains("TextField \"Modern title\" = \"new\""))
        }

        @Test("a control that is missing or ambiguous is reported, not guessed")
        func controlLookup() {
            let host = RenderHost(root: OwnerParent())
            #expect(throws: RenderHost.ControlNotFound.self) { try host.tap("Nowhere") }
            #expect(throws: RenderHost.ControlNotFound.self) { try host.tap("Refresh", occurrence: 3) }
        }
    }
}
