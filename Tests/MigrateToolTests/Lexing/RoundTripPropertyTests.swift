// The lexer's central promise as a property: for any input at all, the tokens tile it and give
// it back byte for byte, and the structure layer reads the result without crashing. Inputs are
// generated with a seeded generator, so every run checks the same cases and a failure message
// names the seed and case that reproduce it.

import Testing
@testable import SourceScan

extension Lexing {
    @Suite struct RoundTrip {
        /// SwiftUI-style sources to truncate and mutate: the shapes the tool meets in real apps.
        static let samples: [String] = [
            #"""
            import SwiftUI
            import Combine

            @MainActor
            final class LibraryModel: ObservableObject, Identifiable {
                @Published var books: [Book] = []
                @Published private(set) var isLoading = false
                @Published var filter: String = "" {
                    didSet { refresh() }
                }
                lazy var formatter: DateFormatter = { DateFormatter() }()
                weak var delegate: (any LibraryDelegate)?
                private var cancellables = Set<AnyCancellable>()

                var visible: [Book] {
                    books.filter { filter.isEmpty || $0.title.localizedCaseInsensitiveContains(filter) }
                }

                func refresh() {
                    isLoading = true
                    Task { @MainActor [weak self] in
                        guard let self else { return }
                        self.books = try await Library.shared.load(matching: #/\w+/#)
                        self.isLoading = false
                    }
                }
            }
            """#,
            #"""
            struct ContentView: View {
                @StateObject private var model = LibraryModel()
                @EnvironmentObject var settings: Settings
                @ObservedObject var store: Store<AppState, AppAction>
                @State private var query = ""

                var body: some View {
                    NavigationStack {
                        List(model.visible) { book in
                            Text("\(book.title) — \(book.author ?? "unknown") (\(book.year, format: .number))")
                                .font(.headline)
                        }
                        .searchable(text: $query)
                        .onChange(of: query) { _, new in model.filter = new }
                        #if os(iOS)
                        .toolbar { EditButton() }
                        #endif
                    }
                    .task { await model.refresh() }
                }
            }

            #Preview {
                ContentView(store: .init(initial: AppState(), reduce: { s, a in s }))
                    .environmentObject(Settings())
            }
            """#,
            ##"""
            extension Settings {
                static let defaults: [String: Any] = ["theme": "dark", "size": 14.5, "hex": 0xFF_00_FF]
                subscript<T: Decodable>(key: String, as type: T.Type = T.self) -> T? {
                    get { (values[key] as? T) ?? nil }
                    set { values[key] = newValue }
                }
                var summary: String {
                    """
                    Settings:
                      theme \(theme.rawValue)
                      size  \(String(format: "%.1f", size))\
                      raw   \#(raw)
                    """
                }
                static func ~= (pattern: Regex<Substring>, value: String) -> Bool { value.contains(pattern) }
                @available(iOS 17.0, macOS 14.0, *)
                nonisolated func observe() -> some Publisher<Int, Never> { Just(1).eraseToAnyPublisher() }
            }
            /* trailing /* nested */ comment */
            """##,
        ]

        /// Fragments that stress the lexer's boundaries when spliced anywhere.
        static let fragments: [String] = [
            "\"", "\"\"\"", "#", "##", "#\"", "\"#", "\\", "\\(", "\\#(", "(", ")", "{", "}", "[", "]",
            "/", "//", "/*", "*/", "#/", "/#", "'", "`", "\n", "\r\n", "\r", "?", "!", "<", ">", ".",
            "0x", "1.", "e", "$", "@", "#if ", "#endif\n", "\u{00A0}", "\u{201C}", "\u{201D}", "\t",
            " ", "é", "∂", "\u{301}", "<#", "#>", "try? ", "=", "&", "->", "...", "class ", "var ", ";",
        ]

        /// Checks the promise for one input; `label` says how to reproduce a failure.
        static func check(_ bytes: [UInt8], _ label: @autoclosure () -> String) {
            let file = SourceFile(path: "<generated>", bytes: bytes)
            let tokens = file.tokens
            #expect(TokenTiling.isExact(tokens, byteCount: bytes.count), "not tiling: \(label())")
            #expect(TokenTiling.reassemble(tokens, from: bytes) == bytes, "not reassembling: \(label())")
            let structure = FileStructure(file)
            for declaration in structure.declarations {
                #expect(declaration.tokens.lowerBound >= 0 && declaration.tokens.upperBound <= tokens.count,
                        "declaration outside the file: \(label())")
            }
        }

        @Test func randomBytes() {
            var generator = SeededGenerator(seed: 1)
            for index in 0..<400 {
                let length = Int.random(in: 0...300, using: &generator)
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                Self.check(bytes, "random bytes, seed 1, case \(index)")
            }
        }

        @Test func randomASCIIAndFragments() {
            var generator = SeededGenerator(seed: 2)
            let alphabet = Array("abcXYZ_019 \n\t\"'#\\/*()[]{}<>.?!=+-&|^~%@$`,:;".utf8)
            for index in 0..<400 {
                var bytes: [UInt8] = []
                for _ in 0..<Int.random(in: 0...120, using: &generator) {
                    if Bool.random(using: &generator) {
                        bytes.append(alphabet.randomElement(using: &generator)!)
                    } else {
                        bytes += Self.fragments.randomElement(using: &generator)!.utf8
                    }
                }
                Self.check(bytes, "ASCII and fragments, seed 2, case \(index)")
            }
        }

        @Test func truncatedSamples() {
            for (sample, text) in Self.samples.enumerated() {
                let bytes = Array(text.utf8)
                // Every prefix ending at a multiple of 7, and every prefix ending in the last 40 bytes.
                for end in stride(from: 0, through: bytes.count, by: 7) {
                    Self.check(Array(bytes[..<end]), "sample \(sample) cut at \(end)")
                }
                for end in max(0, bytes.count - 40)...bytes.count {
                    Self.check(Array(bytes[..<end]), "sample \(sample) cut at \(end)")
                }
            }
        }

        @Test func mutatedSamples() {
            var generator = SeededGenerator(seed: 3)
            for index in 0..<600 {
                var bytes = Array(Self.samples.randomElement(using: &generator)!.utf8)
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let position = Int.random(in: 0...bytes.count, using: &generator)
                    switch Int.random(in: 0..<5, using: &generator) {
                    case 0:  // splice a fragment: quotes, backslashes, `#` runs, brackets, comment marks
                        bytes.insert(contentsOf: Self.fragments.randomElement(using: &generator)!.utf8, at: position)
                    case 1:  // delete a few bytes, unbalancing whatever they closed
                        bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...6, using: &generator)))
                    case 2:  // a run of `#`
                        bytes.insert(contentsOf: repeatElement(UInt8(ascii: "#"), count: Int.random(in: 1...5, using: &generator)), at: position)
                    case 3:  // random bytes, often invalid UTF-8
                        bytes.insert(contentsOf: (0..<Int.random(in: 1...4, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }, at: position)
                    default:  // truncate
                        bytes.removeSubrange(position...)
                    }
                }
                Self.check(bytes, "mutated sample, seed 3, case \(index)")
            }
        }

        @Test func unbalancedBracketsAndDeepNesting() {
            let inputs = [
                String(repeating: "{", count: 3000), String(repeating: "}", count: 3000),
                String(repeating: "(", count: 3000) + "class A {}", String(repeating: "[", count: 3000),
                String(repeating: "class A { ", count: 500), String(repeating: "} class B: C {", count: 500),
                String(repeating: "#if X\n", count: 500) + "class D: ObservableObject {}",
                String(repeating: "\"\\(", count: 1500), String(repeating: "#", count: 5000) + "\"",
                String(repeating: "\\", count: 5000), String(repeating: "/*", count: 3000) + String(repeating: "*/", count: 2999),
            ]
            for (index, input) in inputs.enumerated() {
                Self.check(Array(input.utf8), "nesting input \(index)")
            }
        }

        @Test func samplesAreWellFormedAndStructured() throws {
            for text in Self.samples {
                let file = SourceFile(text: text)
                #expect(!file.tokens.contains { $0.isMalformed })
                #expect(!file.tokens.contains { $0.kind == .unknown })
            }
            let structure = FileStructure(text: Self.samples[0])
            let model = try #require(structure.declarations.first { $0.kind == .class })
            #expect(model.name == "LibraryModel")
            #expect(model.inheritance.map(\.typeName) == ["ObservableObject", "Identifiable"])
        }
    }
}
