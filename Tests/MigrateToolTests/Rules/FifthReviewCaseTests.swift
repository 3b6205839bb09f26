import SourceScan
import Testing
@testable import MigrateTool

/// The fifth, seventh and eighth reviews of session 33. A computed property announcing its own changes becomes
/// `access`/`withMutation` only when no other member a view can read reads the untracked state
/// it reads (`UntrackedReads`): the same key through a helper of any depth, a storage object, a
/// subscript, a protocol extension, an object's property; and two keys told apart however they
/// are spelled. A send beside a change of a type's shared state a computed property reads stays;
/// a subclass stays with its base when its own publisher is observed, when the base sends through
/// an extension of `ObservableObject` or of a composition's protocol, or hands `self` on in an
/// array literal. Each tree is the reviewer's; the units `apply --unsafe-fixes` writes, and a
/// second run changes nothing.
@Suite struct FifthReviewCaseTests {
    static let cases: [PublisherSecondReviewCaseTests.Case] = [
        PublisherSecondReviewCaseTests.Case(name: "store-helper-new-value", why: "a helper taking the value first and the key second (store(newValue, for: .fontSize)): newValue is no key", source: ##"""
            import Foundation
            import SwiftUI

            final class SettingsStore: ObservableObject {
                enum Key: String { case fontSize, theme }
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { value(for: .fontSize) as? Double ?? 14 }
                    set {
                        objectWillChange.send()
                        store(newValue, for: .fontSize)
                    }
                }

                var theme: String {
                    get { value(for: .theme) as? String ?? "light" }
                    set {
                        objectWillChange.send()
                        store(newValue, for: .theme)
                    }
                }

                private func value(for key: Key) -> Any? {
                    defaults.object(forKey: key.rawValue)
                }

                private func store(_ value: Any?, for key: Key) {
                    defaults.set(value, forKey: key.rawValue)
                }
            }

            struct SettingsView: View {
                @ObservedObject var settings: SettingsStore

                var body: some View {
                    VStack {
                        Text("size \(Int(settings.fontSize))")
                        Text("theme \(settings.theme)")
                        Button("Grow") { settings.fontSize = 20 }
                        Button("Dark") { settings.theme = "dark" }
                    }
                }
            }
            """##, writtenUnits: ["SettingsStore"]),
        PublisherSecondReviewCaseTests.Case(name: "set-helper-beside-defaults-set", why: "a helper named set beside defaults.set(newValue, forKey:) setters", source: ##"""
            import Foundation
            import SwiftUI

            final class SettingsStore: ObservableObject {
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(forKey: "fontSize") }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "fontSize")
                    }
                }

                var theme: String {
                    get { defaults.string(forKey: "theme") ?? "light" }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "theme")
                    }
                }

                func set(_ value: Any?, for key: String) {
                    defaults.set(value, forKey: key)
                }
            }
            """##, writtenUnits: ["SettingsStore"]),
        PublisherSecondReviewCaseTests.Case(name: "user-defaults-extension-helper", why: "an extension of UserDefaults with a typed key (defaults.double(for: .fontSize)) read by another property", source: ##"""
            import Foundation
            import SwiftUI

            extension UserDefaults {
                enum Key: String { case fontSize, theme }

                func double(for key: Key) -> Double { double(forKey: key.rawValue) }
                func set(_ value: Any?, for key: Key) { set(value, forKey: key.rawValue) }
            }

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(for: .fontSize) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, for: .fontSize)
                    }
                }

                var isLarge: Bool { defaults.double(for: .fontSize) > 14 }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "storage-object-helper", why: "a storage object's method (storage.double(\"fontSize\")) read by another property", source: ##"""
            import Foundation
            import SwiftUI

            final class SettingsStorage {
                private let defaults = UserDefaults.standard
                func double(_ key: String) -> Double { defaults.double(forKey: key) }
                func set(_ value: Double, _ key: String) { defaults.set(value, forKey: key) }
            }

            final class Preferences: ObservableObject {
                private let storage = SettingsStorage()

                var fontSize: Double {
                    get { storage.double("fontSize") }
                    set {
                        objectWillChange.send()
                        storage.set(newValue, "fontSize")
                    }
                }

                var isLarge: Bool { storage.double("fontSize") > 14 }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "own-subscript", why: "the model's own subscript (self[.fontSize]) read by another property", source: ##"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                enum Key: String { case fontSize, theme }
                private let defaults = UserDefaults.standard

                private subscript(key: Key) -> Double {
                    get { defaults.double(forKey: key.rawValue) }
                    set { defaults.set(newValue, forKey: key.rawValue) }
                }

                var fontSize: Double {
                    get { self[.fontSize] }
                    set {
                        objectWillChange.send()
                        self[.fontSize] = newValue
                    }
                }

                var isLarge: Bool { self[.fontSize] > 14 }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "protocol-extension-helper", why: "a helper in an extension of a protocol the model adopts", source: ##"""
            import Foundation
            import SwiftUI

            enum PreferenceKey: String { case fontSize, theme }

            protocol DefaultsBacked {
                var defaults: UserDefaults { get }
            }

            extension DefaultsBacked {
                func double(_ key: PreferenceKey) -> Double { defaults.double(forKey: key.rawValue) }
                func save(_ value: Any?, _ key: PreferenceKey) { defaults.set(value, forKey: key.rawValue) }
            }

            final class Preferences: ObservableObject, DefaultsBacked {
                let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { double(.fontSize) }
                    set {
                        objectWillChange.send()
                        save(newValue, .fontSize)
                    }
                }

                var isLarge: Bool { double(.fontSize) > 14 }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "two-level-enum-helper", why: "a two-level helper with enum keys (bool(.showsHints) over object(for:))", source: ##"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                enum Key: String { case fontSize, showsHints }
                private let defaults = UserDefaults.standard

                private func object(for key: Key) -> Any? { defaults.object(forKey: key.rawValue) }
                private func bool(_ key: Key) -> Bool { object(for: key) as? Bool ?? false }

                var showsHints: Bool {
                    get { bool(.showsHints) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Key.showsHints.rawValue)
                    }
                }

                var hintsLabel: String { bool(.showsHints) ? "hints on" : "hints off" }
            }

            struct HintsRow: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.hintsLabel)
                        Button("Show") { prefs.showsHints = true }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "two-level-literal-helper", why: "a two-level helper with literal keys", source: ##"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard

                private func object(_ key: String) -> Any? { defaults.object(forKey: key) }
                private func bool(_ key: String) -> Bool { object(key) as? Bool ?? false }

                var showsHints: Bool {
                    get { bool("showsHints") }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "showsHints")
                    }
                }

                var hintsLabel: String { bool("showsHints") ? "hints on" : "hints off" }
            }

            struct HintsRow: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.hintsLabel)
                        Button("Show") { prefs.showsHints = true }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "object-property", why: "a computed property over another object's property (engine.volume) beside another reading it (isMuted)", source: ##"""
            import Foundation
            import SwiftUI

            final class AudioEngine {
                var volume: Float = 0.5
            }

            final class PlayerModel: ObservableObject {
                private let engine = AudioEngine()

                var volume: Float {
                    get { engine.volume }
                    set {
                        objectWillChange.send()
                        engine.volume = newValue
                    }
                }

                var isMuted: Bool { engine.volume == 0 }
            }

            struct VolumeRow: View {
                @ObservedObject var player: PlayerModel

                var body: some View {
                    VStack {
                        Text(player.isMuted ? "muted" : "playing")
                        Button("Mute") { player.volume = 0 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "nested-keys-per-store", why: "two stores each nesting their own Keys enum", source: ##"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                enum Keys { static let fontSize = "fontSize" }
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(forKey: Keys.fontSize) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Keys.fontSize)
                    }
                }

                var isLarge: Bool { defaults.double(forKey: "fontSize") > 14 }
            }

            final class ReaderPreferences: ObservableObject {
                enum Keys { static let fontSize = "reader.fontSize" }
                @Published var zoom = 1.0
                func save() { UserDefaults.standard.set(zoom, forKey: Keys.fontSize) }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: ["ReaderPreferences"]),
        PublisherSecondReviewCaseTests.Case(name: "implicit-raw-value", why: "Key.fontSize.rawValue in one property, \"fontSize\" in another", source: ##"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                enum Key: String { case fontSize }
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(forKey: Key.fontSize.rawValue) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Key.fontSize.rawValue)
                    }
                }

                var isLarge: Bool { defaults.double(forKey: "fontSize") > 14 }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "key-through-computed-member", why: "keys spelled Setting.fontSize.key and Setting.theme.key are two keys", source: ##"""
            import Foundation
            import SwiftUI

            enum Setting: String {
                case fontSize, theme
                var key: String { "settings." + rawValue }
            }

            final class SettingsStore: ObservableObject {
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.object(forKey: Setting.fontSize.key) as? Double ?? 14 }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Setting.fontSize.key)
                    }
                }

                var theme: String {
                    get { defaults.string(forKey: Setting.theme.key) ?? "light" }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Setting.theme.key)
                    }
                }
            }

            struct SettingsView: View {
                @ObservedObject var settings: SettingsStore

                var body: some View {
                    VStack {
                        Text("size \(Int(settings.fontSize))")
                        Text("theme \(settings.theme)")
                        Button("Grow") { settings.fontSize = 20 }
                        Button("Dark") { settings.theme = "dark" }
                    }
                }
            }
            """##, writtenUnits: ["SettingsStore"]),
        PublisherSecondReviewCaseTests.Case(name: "self-qualified-constant", why: "a key constant written Self.fontSizeKey", source: ##"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                private static let fontSizeKey = "fontSize"
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(forKey: Self.fontSizeKey) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Self.fontSizeKey)
                    }
                }

                var isLarge: Bool { defaults.double(forKey: "fontSize") > 14 }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "unqualified-constant", why: "a key constant written fontSizeKey", source: ##"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                private let fontSizeKey = "fontSize"
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(forKey: fontSizeKey) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: fontSizeKey)
                    }
                }

                var isLarge: Bool { defaults.double(forKey: "fontSize") > 14 }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "array-literal-body-hands-self-on", why: "a computed property whose body is the array literal [self] hands self on, not a capture list", source: ##"""
            import SwiftUI
            import Combine

            class PagedViewModel: ObservableObject {
                @Published var title = "first"
                private var pages: AnyCancellable?

                func rename() { title = "changed" }

                func watch(_ source: PassthroughSubject<Void, Never>) {
                    pages = source.sink { [weak self] in self?.objectWillChange.send() }
                }
            }

            final class ReaderViewModel: PagedViewModel {
                @Published var zoom = 1
                var breadcrumb: [PagedViewModel] { [self] }
                var headline: String { Headline.joined(breadcrumb) }
            }

            struct ReaderView: View {
                @ObservedObject var model: ReaderViewModel

                var body: some View {
                    VStack {
                        Text("zoom \(model.zoom)")
                        Text(model.headline)
                        Button("Change") { model.rename() }
                    }
                }
            }

            enum Headline {
                static func joined(_ pages: [PagedViewModel]) -> String { pages.map(\.title).joined(separator: ", ") }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "send-beside-a-defaults-write", why: "a send beside a UserDefaults.standard write that a computed property reads stays", source: ##"""
            import Foundation
            import SwiftUI

            final class OnboardingModel: ObservableObject {
                @Published var step = 2

                var hasFinished: Bool { UserDefaults.standard.bool(forKey: "onboarded") }

                func finish() {
                    objectWillChange.send()
                    step = 0
                    UserDefaults.standard.set(true, forKey: "onboarded")
                }
            }

            struct OnboardingBanner: View {
                @ObservedObject var model: OnboardingModel

                var body: some View {
                    VStack {
                        Text(model.hasFinished ? "welcome back" : "finish setup")
                        Button("Finish") { model.finish() }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "subclass-own-publisher-observed", why: "a subscriber to the subclass's own objectWillChange hears the legacy base's published state", source: ##"""
            import SwiftUI
            import Combine

            class PagedViewModel: ObservableObject {
                @Published var title = "first"
                private var pages: AnyCancellable?

                func rename() { title = "changed" }

                func watch(_ source: PassthroughSubject<Void, Never>) {
                    pages = source.sink { [weak self] in self?.objectWillChange.send() }
                }
            }

            final class ReaderViewModel: PagedViewModel {
                @Published var zoom = 1
                func zoomIn() { zoom += 1 }
            }

            final class AutosaveLogger {
                var log: [String] = []
                private var token: AnyCancellable?
                init(model: ReaderViewModel) {
                    token = model.objectWillChange.sink { [weak self] _ in self?.log.append("change") }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "observable-object-extension-helper", why: "a base calling a sending helper of an extension of ObservableObject sends by hand", source: ##"""
            import SwiftUI
            import Combine

            extension ObservableObject {
                /// Tells SwiftUI to redraw after a change the model keeps outside @Published.
                func refresh() { objectWillChange.send() }
            }

            class ListViewModel: ObservableObject {
                var cached: [String] = ["a"]

                func clearCache() {
                    cached = []
                    refresh()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxView: View {
                @ObservedObject var model: InboxViewModel

                var body: some View {
                    VStack {
                        Text("cached \(model.cached.count)")
                        Button("Clear") { model.clearCache() }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "typealias-composition-helper", why: "a protocol reached through a type alias of a composition sends from its extension", source: ##"""
            import SwiftUI
            import Combine

            protocol Refreshable: ObservableObject {}
            extension Refreshable {
                func refresh() { objectWillChange.send() }
            }
            protocol Paging {}
            typealias ListModel = Refreshable & Paging

            class ListViewModel: ObservableObject, ListModel {
                var cached: [String] = ["a"]
            }

            enum CacheService {
                static func clear(_ model: ListViewModel) {
                    model.cached = []
                    model.refresh()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxView: View {
                @ObservedObject var model: InboxViewModel

                var body: some View {
                    VStack {
                        Text("cached \(model.cached.count)")
                        Button("Clear") { CacheService.clear(model) }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "defaults-write-no-reader-reads", why: "a send beside a defaults write of a key no member a view reads reads goes", source: ##"""
            import Foundation
            import SwiftUI

            final class ModeManager: ObservableObject {
                @Published var active = ""

                var showsHints: Bool { UserDefaults.standard.bool(forKey: "hints") }

                func setActive(_ id: String) {
                    active = id
                    UserDefaults.standard.set(id, forKey: "activeId")
                    objectWillChange.send()
                }
            }

            struct ModeView: View {
                @ObservedObject var modes: ModeManager
                var body: some View {
                    Text(modes.showsHints ? modes.active : "")
                }
            }
            """##, writtenUnits: ["ModeManager"]),
        PublisherSecondReviewCaseTests.Case(name: "shared-object-other-property-through-local", why: "a send beside a change of a shared object's property that members read others of, through a local, goes", source: ##"""
            final class AppSettings {
                static let shared = AppSettings()
                var currentProvider = "local"
                var theme = "light"
            }

            import SwiftUI

            final class AppState: ObservableObject {
                @Published var currentProvider = "local"

                var summary: String {
                    let settings = AppSettings.shared
                    return settings.theme
                }

                func setCurrentProvider(_ provider: String) {
                    currentProvider = provider
                    AppSettings.shared.currentProvider = provider
                    objectWillChange.send()
                }
            }

            struct StateView: View {
                @ObservedObject var state: AppState
                var body: some View {
                    Text(state.summary + state.currentProvider)
                }
            }
            """##, writtenUnits: ["AppState"]),
        PublisherSecondReviewCaseTests.Case(name: "shared-object-same-property-through-local", why: "a send beside a change of a shared object's property a member reads through a local stays", source: ##"""
            final class AppSettings {
                static let shared = AppSettings()
                var currentProvider = "local"
                var theme = "light"
            }

            import SwiftUI

            final class AppState: ObservableObject {
                @Published var currentProvider = "local"

                var summary: String {
                    let settings = AppSettings.shared
                    return settings.currentProvider
                }

                func setCurrentProvider(_ provider: String) {
                    currentProvider = provider
                    AppSettings.shared.currentProvider = provider
                    objectWillChange.send()
                }
            }

            struct StateView: View {
                @ObservedObject var state: AppState
                var body: some View {
                    Text(state.summary + state.currentProvider)
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "snake-case-raw-value", why: "an enum case whose raw value is not its name (case fontSize = \"font_size\") through a helper (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                enum Key: String {
                    case fontSize = "font_size"
                    case theme = "app_theme"
                }
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(forKey: Key.fontSize.rawValue) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: Key.fontSize.rawValue)
                    }
                }

                var isLarge: Bool { double(.fontSize) > 14 }

                private func double(_ key: Key) -> Double { defaults.double(forKey: key.rawValue) }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "change-through-a-local-store", why: "a send beside a defaults change made through a local holding the store (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class OnboardingModel: ObservableObject {
                @Published var step = 2

                var hasFinished: Bool { UserDefaults.standard.bool(forKey: "onboarded") }

                func finish() {
                    objectWillChange.send()
                    step = 0
                    let defaults = UserDefaults.standard
                    defaults.set(true, forKey: "onboarded")
                }
            }

            struct OnboardingBanner: View {
                @ObservedObject var model: OnboardingModel

                var body: some View {
                    VStack {
                        Text(model.hasFinished ? "welcome back" : "finish setup")
                        Button("Finish") { model.finish() }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "computed-member-of-a-shared-object", why: "a send beside a shared object's change that a computed member of its class reads (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class AppSettings {
                static let shared = AppSettings()
                var onboardedAt: Date?
                var hasOnboarded: Bool { onboardedAt != nil }
            }

            final class OnboardingModel: ObservableObject {
                @Published var step = 2

                var hasFinished: Bool { AppSettings.shared.hasOnboarded }

                func finish() {
                    objectWillChange.send()
                    step = 0
                    AppSettings.shared.onboardedAt = Date()
                }
            }

            struct OnboardingBanner: View {
                @ObservedObject var model: OnboardingModel

                var body: some View {
                    VStack {
                        Text(model.hasFinished ? "welcome back" : "finish setup")
                        Button("Finish") { model.finish() }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "static-helper-changing-a-store", why: "a send beside a static helper of the tree that changes a stored value a member reads (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            enum Onboarding {
                static func markDone() { UserDefaults.standard.set(true, forKey: "onboarded") }
            }

            final class OnboardingModel: ObservableObject {
                @Published var step = 2

                var hasFinished: Bool { UserDefaults.standard.bool(forKey: "onboarded") }

                func finish() {
                    objectWillChange.send()
                    step = 0
                    Onboarding.markDone()
                }
            }

            struct OnboardingBanner: View {
                @ObservedObject var model: OnboardingModel

                var body: some View {
                    VStack {
                        Text(model.hasFinished ? "welcome back" : "finish setup")
                        Button("Finish") { model.finish() }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "defaults-extension-property-change", why: "a send beside a change of an extension property of UserDefaults (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            extension UserDefaults {
                var onboarded: Bool {
                    get { bool(forKey: "onboarded") }
                    set { set(newValue, forKey: "onboarded") }
                }
            }

            final class OnboardingModel: ObservableObject {
                @Published var step = 2

                var hasFinished: Bool { UserDefaults.standard.onboarded }

                func finish() {
                    objectWillChange.send()
                    step = 0
                    UserDefaults.standard.onboarded = true
                }
            }

            struct OnboardingBanner: View {
                @ObservedObject var model: OnboardingModel

                var body: some View {
                    VStack {
                        Text(model.hasFinished ? "welcome back" : "finish setup")
                        Button("Finish") { model.finish() }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "internal-keyed-helper", why: "an internal helper reading by the key its parameter gives is read through its calls (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard

                func double(forKey key: String, default fallback: Double) -> Double {
                    defaults.object(forKey: key) == nil ? fallback : defaults.double(forKey: key)
                }

                var fontSize: Double {
                    get { double(forKey: "fontSize", default: 12) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "fontSize")
                    }
                }

                var lineSpacing: Double {
                    get { double(forKey: "lineSpacing", default: 1.2) }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "lineSpacing")
                    }
                }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.fontSize > 14 ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: ["Preferences"]),
        PublisherSecondReviewCaseTests.Case(name: "getter-fallback-not-changed", why: "a getter's fallback to Bundle.main is read, never changed: no other reader of it goes stale (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class ServerSettings: ObservableObject {
                private let defaults = UserDefaults.standard

                var serverURL: String {
                    get { defaults.string(forKey: "serverURL") ?? Bundle.main.object(forInfoDictionaryKey: "DefaultServerURL") as? String ?? "" }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "serverURL")
                    }
                }

                var appVersion: String { Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String ?? "?" }
            }

            struct ServerRow: View {
                @ObservedObject var settings: ServerSettings

                var body: some View {
                    VStack {
                        Text(settings.serverURL)
                        Text(settings.appVersion)
                        Button("Local") { settings.serverURL = "http://localhost" }
                    }
                }
            }
            """##, writtenUnits: ["ServerSettings"]),
        PublisherSecondReviewCaseTests.Case(name: "interpolated-object-read", why: "a reader interpolating engine.volume into a string (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class AudioEngine {
                var volume: Float = 0.5
            }

            final class PlayerModel: ObservableObject {
                private let engine = AudioEngine()

                var volume: Float {
                    get { engine.volume }
                    set {
                        objectWillChange.send()
                        engine.volume = newValue
                    }
                }

                var volumeLabel: String { "Volume \(Int(engine.volume * 100))%" }
            }

            struct VolumeRow: View {
                @ObservedObject var player: PlayerModel

                var body: some View {
                    VStack {
                        Text(player.volumeLabel)
                        Button("Mute") { player.volume = 0 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "interpolated-keyed-read", why: "a reader interpolating a defaults read into a string (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(forKey: "fontSize") }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "fontSize")
                    }
                }

                var sizeLabel: String { "\(Int(defaults.double(forKey: "fontSize"))) pt" }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.sizeLabel)
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "defaults-extension-property-read", why: "a UserDefaults extension property read by two members (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            extension UserDefaults {
                var fontSize: Double {
                    get { double(forKey: "fontSize") }
                    set { set(newValue, forKey: "fontSize") }
                }
            }

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.fontSize }
                    set {
                        objectWillChange.send()
                        defaults.fontSize = newValue
                    }
                }

                var isLarge: Bool { defaults.fontSize > 14 }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "computed-member-of-an-object", why: "a reader of a computed property of the object the setter changes (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class AudioEngine {
                var volume: Float = 0.5
                var isSilent: Bool { volume == 0 }
            }

            final class PlayerModel: ObservableObject {
                private let engine = AudioEngine()

                var volume: Float {
                    get { engine.volume }
                    set {
                        objectWillChange.send()
                        engine.volume = newValue
                    }
                }

                var isMuted: Bool { engine.isSilent }
            }

            struct VolumeRow: View {
                @ObservedObject var player: PlayerModel

                var body: some View {
                    VStack {
                        Text(player.isMuted ? "muted" : "playing")
                        Button("Mute") { player.volume = 0 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "tracked-var-of-an-unknown-type", why: "a var holding an object of a type the tree does not declare (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            // MediaEngine comes from a framework (declared in driver.swift for the run).
            final class PlayerModel: ObservableObject {
                private var engine = MediaEngine()

                var volume: Float {
                    get { engine.volume }
                    set {
                        objectWillChange.send()
                        engine.volume = newValue
                    }
                }

                var isMuted: Bool { engine.volume == 0 }
            }

            struct VolumeRow: View {
                @ObservedObject var player: PlayerModel

                var body: some View {
                    VStack {
                        Text(player.isMuted ? "muted" : "playing")
                        Button("Mute") { player.volume = 0 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "guard-let-rebinding", why: "a reader rebinding the object with guard let (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class AudioEngine {
                var volume: Float = 0.5
            }

            final class PlayerModel: ObservableObject {
                private let engine: AudioEngine? = AudioEngine()

                var volume: Float {
                    get { engine?.volume ?? 0 }
                    set {
                        objectWillChange.send()
                        engine?.volume = newValue
                    }
                }

                var isMuted: Bool {
                    guard let engine else { return true }
                    return engine.volume == 0
                }
            }

            struct VolumeRow: View {
                @ObservedObject var player: PlayerModel

                var body: some View {
                    VStack {
                        Text(player.isMuted ? "muted" : "playing")
                        Button("Mute") { player.volume = 0 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "if-let-rebinding", why: "a reader rebinding the object with if let x = x (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class AudioEngine {
                var volume: Float = 0.5
            }

            final class PlayerModel: ObservableObject {
                private let engine: AudioEngine? = AudioEngine()

                var volume: Float {
                    get { engine?.volume ?? 0 }
                    set {
                        objectWillChange.send()
                        engine?.volume = newValue
                    }
                }

                var isMuted: Bool {
                    if let engine = engine { return engine.volume == 0 }
                    return true
                }
            }

            struct VolumeRow: View {
                @ObservedObject var player: PlayerModel

                var body: some View {
                    VStack {
                        Text(player.isMuted ? "muted" : "playing")
                        Button("Mute") { player.volume = 0 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "view-reading-through-a-stored-object", why: "a view reading the model's stored object directly (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class AudioEngine {
                var volume: Float = 0.5
            }

            final class PlayerModel: ObservableObject {
                let engine = AudioEngine()

                var volume: Float {
                    get { engine.volume }
                    set {
                        objectWillChange.send()
                        engine.volume = newValue
                    }
                }
            }

            struct VolumeRow: View {
                @ObservedObject var player: PlayerModel

                var body: some View {
                    VStack {
                        Text(player.engine.volume == 0 ? "muted" : "playing")
                        Button("Mute") { player.volume = 0 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "subclass-reader", why: "a reader declared by a subclass in the unit (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class AudioEngine {
                var volume: Float = 0.5
            }

            class PlayerModel: ObservableObject {
                let engine = AudioEngine()

                var volume: Float {
                    get { engine.volume }
                    set {
                        objectWillChange.send()
                        engine.volume = newValue
                    }
                }
            }

            final class MutablePlayerModel: PlayerModel {
                var isMuted: Bool { engine.volume == 0 }
            }

            struct VolumeRow: View {
                @ObservedObject var player: MutablePlayerModel

                var body: some View {
                    VStack {
                        Text(player.isMuted ? "muted" : "playing")
                        Button("Mute") { player.volume = 0 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "protocol-extension-reader", why: "a reader declared by an extension of a protocol the model adopts (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            final class AudioEngine {
                var volume: Float = 0.5
            }

            protocol EngineBacked {
                var engine: AudioEngine { get }
            }

            extension EngineBacked {
                var isMuted: Bool { engine.volume == 0 }
            }

            final class PlayerModel: ObservableObject, EngineBacked {
                let engine = AudioEngine()

                var volume: Float {
                    get { engine.volume }
                    set {
                        objectWillChange.send()
                        engine.volume = newValue
                    }
                }
            }

            struct VolumeRow: View {
                @ObservedObject var player: PlayerModel

                var body: some View {
                    VStack {
                        Text(player.isMuted ? "muted" : "playing")
                        Button("Mute") { player.volume = 0 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "store-handed-on", why: "a reader handing the store on whole (seventh review)", source: ##"""
            import Foundation
            import SwiftUI

            struct SizePolicy {
                let defaults: UserDefaults
                var isLarge: Bool { defaults.double(forKey: "fontSize") > 14 }
            }

            final class Preferences: ObservableObject {
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(forKey: "fontSize") }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "fontSize")
                    }
                }

                var isLarge: Bool { SizePolicy(defaults: defaults).isLarge }
            }

            struct SizeBadge: View {
                @ObservedObject var prefs: Preferences

                var body: some View {
                    VStack {
                        Text(prefs.isLarge ? "large" : "small")
                        Button("Grow") { prefs.fontSize = 20 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "two-level-observable-object-helper", why: "a base calling an extension of ObservableObject whose helper calls the sending one (seventh review)", source: ##"""
            import SwiftUI
            import Combine

            extension ObservableObject {
                /// Tells SwiftUI to redraw after a change the model keeps outside @Published.
                func notifyChange() { objectWillChange.send() }
                func refresh() { notifyChange() }
            }

            class ListViewModel: ObservableObject {
                var cached: [String] = ["a"]

                func clearCache() {
                    cached = []
                    refresh()
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxView: View {
                @ObservedObject var model: InboxViewModel

                var body: some View {
                    VStack {
                        Text("cached \(model.cached.count)")
                        Button("Clear") { model.clearCache() }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "global-redraw-function", why: "a base calling a global function that sends on its argument (seventh review)", source: ##"""
            import SwiftUI
            import Combine

            /// Tells SwiftUI to redraw after a change the model keeps outside @Published.
            func redraw<Model: ObservableObject>(_ model: Model) { model.objectWillChange.send() }

            class ListViewModel: ObservableObject {
                var cached: [String] = ["a"]

                func clearCache() {
                    cached = []
                    redraw(self)
                }
            }

            final class InboxViewModel: ListViewModel {
                @Published var unread = 0
            }

            struct InboxView: View {
                @ObservedObject var model: InboxViewModel

                var body: some View {
                    VStack {
                        Text("cached \(model.cached.count)")
                        Button("Clear") { model.clearCache() }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "interpolated-keyed-read-of-another-key", why: "a label interpolating a defaults read by another key (eighth review)", source: ##"""
            import Foundation
            import SwiftUI

            final class Settings: ObservableObject {
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.double(forKey: "fontSize") }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "fontSize") }
                }

                var launchLabel: String { "Launched \(defaults.integer(forKey: "launchCount")) times" }
            }

            struct SettingsView: View {
                @ObservedObject var settings: Settings
                var body: some View {
                    VStack {
                        Text(settings.launchLabel)
                        Text("\(settings.fontSize)")
                        Button("Bigger") { settings.fontSize += 1 }
                    }
                }
            }
            """##, writtenUnits: ["Settings"]),
        PublisherSecondReviewCaseTests.Case(name: "service-nothing-reads-through", why: "an internal service no code outside the model reads through (eighth review)", source: ##"""
            import Foundation
            import SwiftUI

            final class LibraryService {
                var books: [String] = []
                var lastSync: Date?
            }

            final class LibraryViewModel: ObservableObject {
                let service: LibraryService

                init(service: LibraryService) { self.service = service }

                var books: [String] {
                    get { service.books }
                    set { objectWillChange.send(); service.books = newValue }
                }
            }

            struct LibraryView: View {
                @ObservedObject var model: LibraryViewModel
                var body: some View {
                    VStack {
                        Text("\(model.books.count) books")
                        Button("Add") { model.books.append("Dune") }
                    }
                }
            }
            """##, writtenUnits: ["LibraryViewModel"]),
        PublisherSecondReviewCaseTests.Case(name: "injected-store-and-client", why: "an injected store and an analytics client the setter logs to (eighth review)", source: ##"""
            import Foundation
            import SwiftUI

            final class Settings: ObservableObject {
                let defaults: UserDefaults
                let analytics: AnalyticsClient

                init(defaults: UserDefaults = .standard, analytics: AnalyticsClient = AnalyticsClient()) {
                    self.defaults = defaults
                    self.analytics = analytics
                }

                var fontSize: Double {
                    get { defaults.double(forKey: "fontSize") }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "fontSize")
                        analytics.log("fontSize")
                    }
                }

                var theme: String {
                    get { defaults.string(forKey: "theme") ?? "system" }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: "theme") }
                }
            }

            final class AnalyticsClient {
                private(set) var events: [String] = []
                func log(_ event: String) { events.append(event) }
            }

            struct SettingsView: View {
                @ObservedObject var settings: Settings
                var body: some View {
                    VStack {
                        Text(settings.theme)
                        Text("\(settings.fontSize)")
                        Button("Bigger") { settings.fontSize += 1 }
                    }
                }
            }
            """##, writtenUnits: ["Settings"]),
        PublisherSecondReviewCaseTests.Case(name: "defaults-extension-properties", why: "UserDefaults extension properties, one key each (eighth review)", source: ##"""
            import Foundation
            import SwiftUI

            extension UserDefaults {
                var fontSize: Double {
                    get { double(forKey: "fontSize") }
                    set { set(newValue, forKey: "fontSize") }
                }
                var theme: String {
                    get { string(forKey: "theme") ?? "system" }
                    set { set(newValue, forKey: "theme") }
                }
            }

            final class Settings: ObservableObject {
                private let defaults = UserDefaults.standard

                var fontSize: Double {
                    get { defaults.fontSize }
                    set { objectWillChange.send(); defaults.fontSize = newValue }
                }

                var theme: String {
                    get { defaults.theme }
                    set { objectWillChange.send(); defaults.theme = newValue }
                }
            }

            struct SettingsView: View {
                @ObservedObject var settings: Settings
                var body: some View {
                    VStack {
                        Text(settings.theme)
                        Text("\(settings.fontSize)")
                        Button("Bigger") { settings.fontSize += 1 }
                    }
                }
            }
            """##, writtenUnits: ["Settings"]),
        PublisherSecondReviewCaseTests.Case(name: "key-helper-a-view-calls", why: "a helper keyed by its parameter that a view calls (eighth review)", source: ##"""
            import Foundation
            import SwiftUI

            enum Flag: String {
                case showBadges = "show_badges"
                case compactRows = "compact_rows"
            }

            final class Settings: ObservableObject {
                private let defaults = UserDefaults.standard

                func isEnabled(_ flag: Flag) -> Bool { defaults.bool(forKey: flag.rawValue) }

                var showBadges: Bool {
                    get { isEnabled(.showBadges) }
                    set { objectWillChange.send(); defaults.set(newValue, forKey: Flag.showBadges.rawValue) }
                }
            }

            struct SettingsView: View {
                @ObservedObject var settings: Settings
                var body: some View {
                    VStack {
                        Text(settings.isEnabled(.showBadges) ? "badges" : "no badges")
                        Button("Toggle") { settings.showBadges.toggle() }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "setter-stamping-a-second-key", why: "a setter that also writes a key another member reads (eighth review)", source: ##"""
            import Foundation
            import SwiftUI

            final class AccountStore: ObservableObject {
                private let defaults = UserDefaults.standard

                var username: String {
                    get { defaults.string(forKey: "username") ?? "" }
                    set {
                        objectWillChange.send()
                        defaults.set(newValue, forKey: "username")
                        defaults.set(!newValue.isEmpty, forKey: "hasAccount")
                    }
                }

                var isSignedIn: Bool { defaults.bool(forKey: "hasAccount") }
            }

            struct AccountView: View {
                @ObservedObject var store: AccountStore
                var body: some View {
                    VStack {
                        Text(store.isSignedIn ? "signed in" : "signed out")
                        Button("Sign in") { store.username = "ada" }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "static-state-by-type-name", why: "static state read as Self.x and as ModelName.x (eighth review)", source: ##"""
            import Foundation
            import SwiftUI

            final class ScoreModel: ObservableObject {
                static var scores: [String: Int] = [:]

                var aliceScore: Int {
                    get { Self.scores["alice"] ?? 0 }
                    set { objectWillChange.send(); Self.scores["alice"] = newValue }
                }

                var total: Int { ScoreModel.scores.values.reduce(0, +) }
            }

            struct ScoreView: View {
                @ObservedObject var model: ScoreModel
                var body: some View {
                    VStack {
                        Text("total \(model.total)")
                        Button("Score") { model.aliceScore += 1 }
                    }
                }
            }
            """##, writtenUnits: []),
        PublisherSecondReviewCaseTests.Case(name: "deep-computed-chain", why: "a chain of computed properties deeper than the helper limit (eighth review)", source: ##"""
            import Foundation
            import SwiftUI

            final class AudioEngine {
                var volume: Float = 0.5
            }

            final class PlayerModel: ObservableObject {
                private let engine = AudioEngine()

                var volume: Float {
                    get { engine.volume }
                    set { objectWillChange.send(); engine.volume = newValue }
                }

                private var rawLevel: Float { engine.volume }
                private var clampedLevel: Float { min(max(rawLevel, 0), 1) }
                private var percent: Int { Int(clampedLevel * 100) }
                private var isSilent: Bool { percent == 0 }
                private var status: String { isSilent ? "muted" : "playing" }
                var statusText: String { status.capitalized }
            }

            struct VolumeRow: View {
                @ObservedObject var player: PlayerModel
                var body: some View {
                    VStack {
                        Text(player.statusText)
                        Button("Mute") { player.volume = 0 }
                    }
                }
            }
            """##, writtenUnits: []),
    ]

    @Test(arguments: cases) func writesOnlyWhatCompilesAndBehavesTheSame(_ reviewCase: PublisherSecondReviewCaseTests.Case) {
        let (written, text) = PublisherReviewCaseTests.migrated(reviewCase.source)
        #expect(written.sorted() == reviewCase.writtenUnits.sorted(), "\(reviewCase.why)")
        let again = Migrator.plan(InferenceTestTree.analyze([text], Configuration()), options: MigrationOptions(unsafeFixes: true))
        #expect(again.newContents.isEmpty, "\(reviewCase.why)")
    }

    @Test func theBlockerNamesTheOtherReaderAndWhatItReads() {
        let source = Self.cases.first { $0.name == "object-property" }!.source
        let analysis = InferenceTestTree.analyze([source], Configuration())
        #expect(analysis.findings.contains {
            $0.isBlocker && $0.message.hasPrefix("objectWillChange.send() also announces 'isMuted', which reads 'engine.volume' as 'volume' does")
        })
    }
}
