/// What a `Package.swift` declares about its targets, read statically from its tokens.
///
/// The manifest is never executed (that would run arbitrary code from the tree): the reader
/// looks for the calls that declare targets, products and platforms, takes their literal
/// arguments, follows top-level `let name = "literal"` constants, and says in `problems` where
/// a manifest is too dynamic to read (a target name computed at run time, targets built in a loop).
public struct PackageManifest: Sendable, Equatable {
    /// The kind of a target, from the call that declares it.
    public enum TargetKind: String, Sendable, Equatable {
        case regular = "target", executable = "executableTarget", test = "testTarget", macro, plugin
        case system = "systemLibrary", binary = "binaryTarget"

        /// The folder SwiftPM looks in when `path:` is not given.
        public var defaultFolders: [String] {
            switch self {
            case .test: return ["Tests"]
            case .plugin: return ["Plugins"]
            case .regular, .executable, .macro, .system, .binary: return ["Sources", "Source", "src", "srcs"]
            }
        }

        /// Whether the target compiles Swift sources of the tree.
        public var hasSources: Bool { self != .binary && self != .system }
    }

    /// A dependency of a target, as written.
    public enum Dependency: Sendable, Equatable, Hashable {
        /// `"Name"` or `.byName(name: "Name")`: a target of this package or a product.
        case byName(String)
        /// `.target(name: "Name")`.
        case target(String)
        /// `.product(name: "Name", package: "pkg")`.
        case product(name: String, package: String?)

        /// The name the dependency refers to.
        public var name: String {
            switch self {
            case .byName(let name), .target(let name), .product(let name, _): return name
            }
        }
    }

    /// One target declaration.
    public struct Target: Sendable, Equatable {
        public var name: String
        public var kind: TargetKind
        /// `path:`, relative to the package folder.
        public var path: String?
        /// `sources:`, relative to the target folder; nil when not given (every file).
        public var sources: [String]?
        /// `exclude:`, relative to the target folder.
        public var exclude: [String]
        public var dependencies: [Dependency]
        /// Byte offset of the declaring call, for messages.
        public var offset: Int
        /// `swiftSettings: [.defaultIsolation(MainActor.self)]` (Swift 6.2): every declaration
        /// of the target is `@MainActor` unless it says otherwise. Settings reached through a
        /// name (`swiftSettings: settings`) are not read, and count as off.
        public var isMainActorByDefault = false
    }

    /// One product declaration: which targets it vends.
    public struct Product: Sendable, Equatable {
        public var name: String
        public var targets: [String]
        /// `.library(…)`, which other packages and apps import; else `.executable(…)`.
        public var isLibrary: Bool

        /// Creates a product.
        public init(name: String, targets: [String], isLibrary: Bool = true) {
            self.name = name
            self.targets = targets
            self.isLibrary = isLibrary
        }
    }

    /// One entry of `platforms:`.
    public struct Platform: Sendable, Equatable {
        /// `iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`, `macCatalyst`.
        public var name: String
        /// Dotted version, `17.0`.
        public var version: String
        /// Byte offset of the entry.
        public var offset: Int
    }

    /// A `platforms:` entry whose version is not a literal.
    public struct UnreadablePlatform: Sendable, Equatable {
        /// The platform the entry names (`.iOS(minimum)`), nil for one it does not (`ios`).
        public var name: String?
        /// Byte offset of the entry.
        public var offset: Int
    }

    /// What made part of the manifest unreadable, with the byte offset it concerns.
    public struct Problem: Sendable, Equatable {
        public var offset: Int
        public var message: String
    }

    /// `Package(name:)`.
    public var name: String?
    public var targets: [Target] = []
    public var products: [Product] = []
    public var platforms: [Platform] = []
    /// Entries of `platforms:` that are not literals (`platforms: [ios]`, `.iOS(minimum)`), by
    /// offset, with the platform when the entry names one: their versions cannot be told.
    public var unreadablePlatforms: [UnreadablePlatform] = []
    /// Whether the manifest passes `platforms:` at all; without it SwiftPM builds the package
    /// for its oldest supported versions.
    public var declaresPlatforms = false
    /// Byte offset of the `Package(` call, where a missing `platforms:` is reported.
    public var packageOffset: Int?
    /// Package dependencies given by path (`.package(path: "../Core")`), as written.
    public var localPackagePaths: [String] = []
    public var problems: [Problem] = []

    /// Reads the manifest in `source`.
    public init(_ source: SourceFile) {
        var reader = ManifestReader(source: source)
        reader.read()
        self = reader.manifest
    }
}

/// The token walk behind `PackageManifest`.
private struct ManifestReader {
    let source: SourceFile
    let tokens: [Token]
    let matching: [Int]
    var manifest = PackageManifest.__empty
    /// Top-level `let name = "literal"` constants.
    var constants: [String: String] = [:]

    init(source: SourceFile) {
        self.source = source
        self.tokens = source.tokens
        let matches = BracketPairs(source.tokens)
        self.matching = source.tokens.indices.map { matches[$0] >= 0 ? Int(matches[$0]) : max($0, source.tokens.count - 1) }
    }

    static let platformNames: Set<String> = ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "macCatalyst", "driverKit"]

    mutating func read() {
        // A manifest SwiftPM would reject (cut short, a bracket lost mid-edit) is read as far as
        // it goes, and said: what it declares past the break is unknown.
        if let rejection = source.lexicalRejection {
            manifest.problems.append(.init(offset: rejection.offset, message: "the manifest does not compile as it is (\(rejection.reason))"))
        } else if case let pairs = BracketPairs(tokens), let unpaired = tokens.indices.first(where: { index in
            [.leftParen, .rightParen, .leftSquare, .rightSquare, .leftBrace, .rightBrace].contains(tokens[index].kind) && pairs[index] < 0
        }) {
            let what = [.leftParen, .leftSquare, .leftBrace].contains(tokens[unpaired].kind) ? "is never closed" : "closes nothing"
            manifest.problems.append(.init(offset: Int(tokens[unpaired].start),
                                           message: "the manifest does not compile as it is (the bracket here \(what))"))
        }
        collectConstants()
        var index = 0
        var sawTargetsArgument = false
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .identifier, source.tokenText(index, equals: "targets"), next(index)?.kind == .colon,
               !insideCall(index, named: ["library", "executable", "plugin"]) {
                // `targets: []` declares no target; only a list we could not read is worth a warning.
                let declaresNone = index + 3 < tokens.count && tokens[index + 2].kind == .leftSquare && tokens[index + 3].kind == .rightSquare
                if !declaresNone { sawTargetsArgument = true }
            }
            if token.kind == .identifier, source.tokenText(index, equals: "platforms"), next(index)?.kind == .colon,
               // Not a condition (`.when(platforms: [.linux])` on a setting or dependency names
               // platforms without versions) nor a declaration (`let platforms: [SupportedPlatform]`).
               !insideCall(index, named: ["when"]), index == 0 || (tokens[index - 1].word != .let && tokens[index - 1].word != .var) {
                manifest.declaresPlatforms = true
                readPlatforms(after: index + 1)
            }
            if token.kind == .identifier, source.tokenText(index, equals: "Package"), let open = next(index), open.kind == .leftParen {
                if manifest.packageOffset == nil { manifest.packageOffset = Int(token.start) }
                if let name = argument("name", inCallAt: index + 1).flatMap(literal) { manifest.name = name }
            }
            if token.kind == .period, index + 2 < tokens.count, tokens[index + 2].kind == .leftParen {
                let callee = source.text(index + 1)
                if let kind = PackageManifest.TargetKind(rawValue: callee), !isDependencyContext(index) {
                    readTarget(kind: kind, open: index + 2, offset: Int(tokens[index].start))
                    index = matching[index + 2] + 1
                    continue
                }
                if ["library", "executable"].contains(callee), let name = argument("name", inCallAt: index + 2).flatMap(literal) {
                    let targets = argument("targets", inCallAt: index + 2).map(stringArray) ?? []
                    manifest.products.append(.init(name: name, targets: targets, isLibrary: callee == "library"))
                }
                if callee == "package", let path = argument("path", inCallAt: index + 2).flatMap(literal) {
                    manifest.localPackagePaths.append(path)
                }
            }
            index += 1
        }
        if sawTargetsArgument && manifest.targets.isEmpty {
            manifest.problems.append(.init(offset: 0, message: "no target declaration could be read (targets built at run time?)"))
        }
    }

    private func next(_ index: Int) -> Token? { index + 1 < tokens.count ? tokens[index + 1] : nil }

    /// Whether the call starting at `index` (its leading `.`) sits in a `dependencies:` argument
    /// or in a constant typed as dependencies, where `.target(name:)` names a dependency.
    private func isDependencyContext(_ index: Int) -> Bool {
        var position = index - 1
        var depth = 0
        while position >= 0 {
            switch tokens[position].kind {
            case .rightParen, .rightSquare, .rightBrace: depth += 1
            case .leftParen, .leftBrace:
                if depth == 0 { return false }
                depth -= 1
            case .leftSquare:
                if depth == 0 {
                    // `dependencies: [` or `let deps: [Target.Dependency] = [`
                    if position >= 2, tokens[position - 1].kind == .colon, source.tokenText(position - 2, equals: "dependencies") {
                        return true
                    }
                    var back = position - 1
                    while back >= 0, tokens[back].kind != .keyword || !(source.tokenText(back, equals: "let") || source.tokenText(back, equals: "var")) {
                        if tokens[back].kind == .identifier, source.tokenText(back, equals: "Dependency") { return true }
                        if tokens[back].kind == .semicolon || tokens[back].kind == .leftBrace || tokens[back].kind == .rightBrace { break }
                        back -= 1
                        if index - back > 12 { break }
                    }
                    return false
                }
                depth -= 1
            default: break
            }
            position -= 1
        }
        return false
    }

    /// Whether `index` lies inside the parentheses of a call to one of `names`.
    private func insideCall(_ index: Int, named names: Set<String>) -> Bool {
        var position = index - 1
        var depth = 0
        while position > 0 {
            switch tokens[position].kind {
            case .rightParen, .rightSquare, .rightBrace: depth += 1
            case .leftSquare, .leftBrace:
                if depth > 0 { depth -= 1 }
            case .leftParen:
                if depth == 0 { return names.contains(source.text(position - 1)) }
                depth -= 1
            default: break
            }
            position -= 1
        }
        return false
    }

    private mutating func collectConstants() {
        var depth = 0
        for index in tokens.indices {
            switch tokens[index].kind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightSquare, .rightBrace: depth -= 1
            case .keyword where depth == 0 && source.tokenText(index, equals: "let"):
                guard index + 3 < tokens.count, tokens[index + 1].kind == .identifier, tokens[index + 2].kind == .equal else { continue }
                // The value runs to the end of its line or a `;`: `"ios"`, `root + "/Sources"`, `"\(root)/Sources"`.
                var end = index + 4
                while end < tokens.count, tokens[end].kind != .semicolon,
                      !source.bytes[source.leadingTriviaRange(of: end)].contains(where: Byte.isLineBreak) { end += 1 }
                guard let value = literal((index + 3)..<end) else { continue }
                constants[source.text(index + 1)] = value
            default: break
            }
        }
    }

    private mutating func readTarget(kind: PackageManifest.TargetKind, open: Int, offset: Int) {
        guard let nameRange = argument("name", inCallAt: open) else { return }
        guard let name = literal(nameRange) else {
            manifest.problems.append(.init(offset: offset, message: "a target's name is computed at run time"))
            return
        }
        var target = PackageManifest.Target(name: name, kind: kind, path: nil, sources: nil, exclude: [], dependencies: [], offset: offset)
        if let range = argument("path", inCallAt: open) {
            target.path = literal(range)
            if target.path == nil {
                manifest.problems.append(.init(offset: offset, message: "the path of target '\(name)' is computed at run time"))
            }
        }
        if let range = argument("sources", inCallAt: open) { target.sources = stringArray(range) }
        if let range = argument("exclude", inCallAt: open) { target.exclude = stringArray(range) }
        if let range = argument("dependencies", inCallAt: open) { target.dependencies = dependencies(range) }
        if let range = argument("swiftSettings", inCallAt: open) { target.isMainActorByDefault = isMainActorByDefault(range) }
        manifest.targets.append(target)
    }

    /// Whether a `swiftSettings:` list holds `.defaultIsolation(MainActor.self)` (or
    /// `SwiftSetting.defaultIsolation(MainActor.self)`); `.defaultIsolation(nil)` is off.
    private func isMainActorByDefault(_ range: Range<Int>) -> Bool {
        range.contains { index in
            index + 4 < range.upperBound && tokens[index].kind == .identifier && source.tokenText(index, equals: "defaultIsolation")
                && tokens[index + 1].kind == .leftParen && source.tokenText(index + 2, equals: "MainActor")
                && tokens[index + 3].kind == .period && source.tokenText(index + 4, equals: "self")
        }
    }

    /// Each entry of the `platforms:` list: `.iOS(.v17)`, `.macOS("14.0")`, `.iOS(minimum)` with
    /// `let minimum = "17.0"`. An entry of another shape (a variable, a computed list) is
    /// unreadable: named in a warning, its deployment target unknown.
    private mutating func readPlatforms(after colon: Int) {
        guard colon + 1 < tokens.count else { return }
        // `platforms: platforms`, with the list declared once above, is read where it is declared.
        guard let open = tokens[colon + 1].kind == .leftSquare ? colon + 1 : namedPlatformList(colon + 1) else {
            unreadablePlatform(name: nil, at: colon + 1, message: "the platforms are not a list literal")
            return
        }
        let end = matching[open]
        var start = open + 1
        var index = start
        var depth = 0
        while index <= end {
            switch tokens[index].kind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightBrace: depth -= 1
            case .rightSquare where index != end: depth -= 1
            default: break
            }
            if index == end || (depth == 0 && tokens[index].kind == .comma) {
                if start < index { readPlatformEntry(start..<index) }
                start = index + 1
            }
            index += 1
        }
    }

    /// The opening `[` of the list a bare name at `index` stands for: `let platforms:
    /// [SupportedPlatform] = [.iOS(.v16), …]` (or `var`), when the name occurs nowhere else in
    /// the file, so that no `#if` variant, `append` or reassignment can change what it holds.
    private func namedPlatformList(_ index: Int) -> Int? {
        guard tokens[index].kind == .identifier, index + 1 < tokens.count,
              [.comma, .rightParen].contains(tokens[index + 1].kind) else { return nil }
        // Argument labels of the same spelling (`platforms: platforms`) are not the name.
        let occurrences = tokens.indices.filter { position in
            tokens[position].kind == .identifier && source.tokenText(position, equals: source.text(index))
                && !(position + 1 < tokens.count && tokens[position + 1].kind == .colon && position > 0
                     && [.leftParen, .comma].contains(tokens[position - 1].kind))
        }
        guard occurrences.count == 2, let name = occurrences.first, name < index, name > 0,
              tokens[name - 1].word == .let || tokens[name - 1].word == .var else { return nil }
        // `name`, an optional `: Type`, then `= [`.
        var position = name + 1
        if position < tokens.count, tokens[position].kind == .colon {
            position += 1
            while position < tokens.count, tokens[position].kind != .equal {
                if tokens[position].kind == .leftSquare || tokens[position].kind == .leftParen { position = matching[position] }
                position += 1
            }
        }
        guard position + 1 < tokens.count, tokens[position].kind == .equal, tokens[position + 1].kind == .leftSquare else { return nil }
        // The list is the whole value: nothing (`+ more`, `as […]`) follows it on its line.
        let after = matching[position + 1] + 1
        guard after >= tokens.count || tokens[after].kind == .semicolon || tokens[after].kind == .endOfFile
                || source.bytes[source.leadingTriviaRange(of: after)].contains(where: Byte.isLineBreak) else { return nil }
        return position + 1
    }

    /// One `platforms:` entry (its tokens, without the comma).
    private mutating func readPlatformEntry(_ entry: Range<Int>) {
        let first = entry.lowerBound
        if entry.count >= 3, tokens[first].kind == .period, Self.platformNames.contains(source.text(first + 1)),
           tokens[first + 2].kind == .leftParen, matching[first + 2] == entry.upperBound - 1 {
            let name = source.text(first + 1)
            if let version = platformVersion((first + 3)..<matching[first + 2]) {
                manifest.platforms.append(.init(name: name, version: version, offset: Int(tokens[first].start)))
            } else {
                unreadablePlatform(name: name, at: first, message: "the \(name) version is not a literal")
            }
            return
        }
        unreadablePlatform(name: nil, at: first, message: "a platforms entry is not a literal")
    }

    private mutating func unreadablePlatform(name: String?, at index: Int, message: String) {
        let offset = Int(tokens[index].start)
        manifest.unreadablePlatforms.append(.init(name: name, offset: offset))
        manifest.problems.append(.init(offset: offset, message: message + "; its deployment target is unknown"))
    }

    /// `.v17`, `"17.0"`, `SupportedPlatform.IOSVersion.v13`, `.v13_4`.
    private func platformVersion(_ range: Range<Int>) -> String? {
        guard let last = range.last, range.count >= 1 else { return nil }
        if range.count == 1, tokens[last].kind == .stringLiteral { return plainString(last) }
        if range.count == 1, tokens[last].kind == .identifier, let constant = constants[source.text(last)] { return constant }
        let text = source.text(last)
        guard tokens[last].kind == .identifier, text.hasPrefix("v"), last - 1 >= range.lowerBound, tokens[last - 1].kind == .period
        else { return nil }
        let digits = text.dropFirst()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isNumber || $0 == "_" }) else { return nil }
        return String(digits.map { $0 == "_" ? "." : $0 })
    }

    /// The tokens of argument `label:` of the call whose `(` is at `open`, without the label.
    func argument(_ label: String, inCallAt open: Int) -> Range<Int>? {
        guard open < tokens.count, tokens[open].kind == .leftParen else { return nil }
        let close = matching[open]
        var index = open + 1
        var start: Int?
        var depth = 0
        while index < close {
            let kind = tokens[index].kind
            if depth == 0, start == nil, (kind == .identifier || kind == .keyword), index + 1 < close, tokens[index + 1].kind == .colon,
               source.tokenText(index, equals: label), index == open + 1 || tokens[index - 1].kind == .comma {
                start = index + 2
            } else if depth == 0, kind == .comma, let begin = start {
                return begin..<index
            }
            switch kind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightSquare, .rightBrace: depth -= 1
            default: break
            }
            index += 1
        }
        return start.map { $0..<close }
    }

    /// The string `range` holds: a string literal (interpolating only constants, `"\(root)/Sources"`),
    /// a constant, or such operands joined by `+` (`root + "/Sources"`); nil for anything else.
    func literal(_ range: Range<Int>) -> String? {
        guard !range.isEmpty else { return nil }
        var value = ""
        var expectsOperand = true
        for index in range {
            if expectsOperand {
                if tokens[index].kind == .stringLiteral, let string = interpolatedString(index) {
                    value += string
                } else if tokens[index].kind == .identifier, let constant = constants[source.text(index)] {
                    value += constant
                } else {
                    return nil
                }
            } else if !(tokens[index].kind == .binaryOperator && source.tokenText(index, equals: "+")) {
                return nil
            }
            expectsOperand.toggle()
        }
        return expectsOperand ? nil : value
    }

    /// A one-line string literal whose interpolations, if any, name constants (`"\(root)/Sources"`).
    func interpolatedString(_ index: Int) -> String? {
        if let plain = plainString(index) { return plain }
        let text = source.text(index)
        guard text.count >= 2, text.first == "\"", text.last == "\"", !text.hasPrefix("\"\"\"") else { return nil }
        let inner = Array(text.dropFirst().dropLast())
        var result = ""
        var position = 0
        while position < inner.count {
            guard inner[position] == "\\", position + 1 < inner.count, inner[position + 1] == "(" else {
                result.append(inner[position])
                position += 1
                continue
            }
            guard let close = inner[(position + 2)...].firstIndex(of: ")"),
                  let constant = constants[String(inner[(position + 2)..<close])] else { return nil }
            result += constant
            position = close + 1
        }
        return result
    }

    /// The value of a one-line string literal without interpolation.
    /// Works on the token's UTF-8 bytes: a manifest has hundreds of string literals, and
    /// `String`'s character-based checks cost a tenth of building the graph.
    func plainString(_ index: Int) -> String? {
        let bytes = source.bytes[Int(tokens[index].start)..<Int(tokens[index].end)]
        let quote = UInt8(ascii: "\"")
        guard bytes.count >= 2, bytes.first == quote, bytes.last == quote, !bytes.starts(with: [quote, quote, quote]) else { return nil }
        let inner = bytes.dropFirst().dropLast()
        for position in inner.indices.dropLast() where inner[position] == UInt8(ascii: "\\") && inner[position + 1] == UInt8(ascii: "(") {
            return nil
        }
        return String(decoding: inner, as: UTF8.self)
    }

    /// The literals and constants of an array literal `["a", core]` (other elements skipped).
    func stringArray(_ range: Range<Int>) -> [String] {
        range.compactMap { position in
            switch tokens[position].kind {
            case .stringLiteral: return plainString(position)
            case .identifier: return constants[source.text(position)]
            default: return nil
            }
        }
    }

    private func dependencies(_ range: Range<Int>) -> [PackageManifest.Dependency] {
        guard let first = range.first, tokens[first].kind == .leftSquare else { return [] }
        let end = matching[first]
        var result: [PackageManifest.Dependency] = []
        var index = first + 1
        while index < end {
            if tokens[index].kind == .stringLiteral, let name = plainString(index) {
                result.append(.byName(name))
            } else if tokens[index].kind == .period, index + 2 < end, tokens[index + 2].kind == .leftParen {
                let callee = source.text(index + 1)
                let open = index + 2
                let name = argument("name", inCallAt: open).flatMap(literal)
                switch (callee, name) {
                case ("target", let name?): result.append(.target(name))
                case ("byName", let name?): result.append(.byName(name))
                case ("product", let name?):
                    result.append(.product(name: name, package: argument("package", inCallAt: open).flatMap(literal)))
                default: break
                }
                index = matching[open]
            }
            index += 1
        }
        return result
    }
}

extension PackageManifest {
    /// An empty manifest, filled by the reader.
    fileprivate static let __empty = PackageManifest(name: nil)

    private init(name: String?) { self.name = name }
}
