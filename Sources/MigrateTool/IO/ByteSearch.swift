import SourceScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte patterns searched for together in a file, with the C library's `memchr` and `memcmp`
/// (Swift's Glibc module does not expose `memmem`), for the whole-tree scans that decide which
/// files matter.
///
/// Each pattern is anchored on one of its rare bytes in Swift source, shared with other patterns
/// where possible; `memchr` jumps from one anchor to the next (a common letter like `o` would
/// stop it every few bytes) and every pattern sharing that anchor is compared around the hit. A
/// file that matches nothing, the usual case, costs one `memchr` pass per distinct anchor.
struct BytePatterns: Sendable {
    /// What must surround a match.
    enum Context: Sendable {
        /// Anything: `Observ` in `ObservableObject`.
        case any
        /// A non-identifier byte (or the file's edge) on both sides: `Model` but not `ModelView`.
        case wholeWord
        /// A whole word right after a keyword that declares or extends a type:
        /// `struct Model`, `extension Model`, `typealias Model`.
        case declaredName
        /// A whole word right after a keyword that declares a member: `var appDelegate`,
        /// `let shared`, `func model`.
        case declaredMember
    }

    /// Every pattern's bytes, one after the other, grouped by anchor byte: flat arrays, so that
    /// the search over thousands of files retains nothing per file or per hit.
    private let bytes: [UInt8]
    /// Per pattern: where its bytes start in `bytes`, their count, and where its anchor sits.
    private let starts: [Int]
    private let lengths: [Int]
    private let anchorOffsets: [Int]
    /// The distinct anchor bytes, and for each the range of its patterns: `groupEnds[g - 1]..<groupEnds[g]`.
    private let anchors: [UInt8]
    private let groupEnds: [Int]
    /// What must surround a match.
    let context: Context

    /// Searches for any of `needles` in `context`.
    init(_ needles: [String], context: Context = .any) {
        var byAnchor: [UInt8: [(bytes: [UInt8], anchorOffset: Int)]] = [:]
        var anchors: [UInt8] = []
        for (pattern, anchorOffset) in Self.chooseAnchors(needles.filter { !$0.isEmpty }.map { Array($0.utf8) }) {
            if byAnchor[pattern[anchorOffset]] == nil { anchors.append(pattern[anchorOffset]) }
            byAnchor[pattern[anchorOffset], default: []].append((pattern, anchorOffset))
        }
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var lengths: [Int] = []
        var anchorOffsets: [Int] = []
        var groupEnds: [Int] = []
        for anchor in anchors {
            for pattern in byAnchor[anchor]! {
                starts.append(bytes.count)
                lengths.append(pattern.bytes.count)
                anchorOffsets.append(pattern.anchorOffset)
                bytes += pattern.bytes
            }
            groupEnds.append(starts.count)
        }
        (self.bytes, self.starts, self.lengths, self.anchorOffsets) = (bytes, starts, lengths, anchorOffsets)
        (self.anchors, self.groupEnds, self.context) = (anchors, groupEnds, context)
    }

    /// Whether any pattern occurs in `bytes`.
    func occurs(in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { occurs(in: $0) }
    }

    /// Whether any pattern occurs in `haystack`.
    func occurs(in haystack: UnsafeRawBufferPointer) -> Bool {
        guard let base = haystack.baseAddress else { return false }
        return bytes.withUnsafeBufferPointer { patterns in
            var groupStart = 0
            for (group, anchor) in anchors.enumerated() {
                let groupEnd = groupEnds[group]
                defer { groupStart = groupEnd }
                var offset = 0
                while offset < haystack.count, let hit = memchr(base + offset, Int32(anchor), haystack.count - offset) {
                    let anchorPosition = base.distance(to: UnsafeRawPointer(hit))
                    for pattern in groupStart..<groupEnd {
                        let start = anchorPosition - anchorOffsets[pattern]
                        let end = start + lengths[pattern]
                        // The first and last bytes rule out most hits of a common anchor before `memcmp`.
                        guard start >= 0, end <= haystack.count,
                              haystack[start] == patterns[starts[pattern]],
                              haystack[end - 1] == patterns[starts[pattern] + lengths[pattern] - 1],
                              memcmp(base + start, patterns.baseAddress! + starts[pattern], lengths[pattern]) == 0,
                              surroundingsFit(start, end, in: haystack) else { continue }
                        return true
                    }
                    offset = anchorPosition + 1
                }
            }
            return false
        }
    }

    /// Whether what surrounds a match at `start..<end` suits the context.
    private func surroundingsFit(_ start: Int, _ end: Int, in haystack: UnsafeRawBufferPointer) -> Bool {
        let keywords: [[UInt8]]
        switch context {
        case .any: return true
        case .wholeWord: keywords = []
        case .declaredName: keywords = Self.typeKeywords
        case .declaredMember: keywords = Self.memberKeywords
        }
        let before = start > 0 ? haystack[start - 1] : 0x20
        let after = end < haystack.count ? haystack[end] : 0x20
        guard !Self.isIdentifierByte(before), !Self.isIdentifierByte(after) else { return false }
        return keywords.isEmpty || follows(keywords, start, in: haystack)
    }

    /// The keywords that declare or extend a type (`DeclaredTypeNames` reads them by position).
    static let typeKeywords = ["class", "struct", "enum", "actor", "protocol", "typealias", "extension"].map { Array($0.utf8) }
    private static let memberKeywords = ["var", "let", "func"].map { Array($0.utf8) }

    /// Whether the word at `start` comes after blanks after one of `keywords`.
    private func follows(_ keywords: [[UInt8]], _ start: Int, in haystack: UnsafeRawBufferPointer) -> Bool {
        var end = start
        while end > 0, haystack[end - 1] == 0x20 || haystack[end - 1] == 0x09 { end -= 1 }
        guard end < start else { return false }
        var keywordStart = end
        while keywordStart > 0, Self.isIdentifierByte(haystack[keywordStart - 1]) { keywordStart -= 1 }
        let word = haystack[keywordStart..<end]
        return keywords.contains { $0.elementsEqual(word) }
    }

    /// Picks each pattern's anchor: a byte at least as rare as an uppercase letter (or its
    /// rarest), shared with as many other patterns as possible, since each distinct anchor costs
    /// a `memchr` pass over every file while one more pattern on a pass costs almost nothing.
    /// Greedy set cover: the byte that serves the most patterns not yet served goes first.
    private static func chooseAnchors(_ patterns: [[UInt8]]) -> [(pattern: [UInt8], anchorOffset: Int)] {
        let candidates: [Set<UInt8>] = patterns.map { pattern in
            let rare = Set(pattern.filter { rarity($0) >= 3 })
            return rare.isEmpty ? [pattern.max { rarity($0) < rarity($1) }!] : rare
        }
        var anchorOf = [UInt8?](repeating: nil, count: patterns.count)
        while true {
            let unserved = anchorOf.indices.filter { anchorOf[$0] == nil }
            if unserved.isEmpty { break }
            var serving: [UInt8: Int] = [:]
            for index in unserved { for byte in candidates[index] { serving[byte, default: 0] += 1 } }
            let best = serving.max { ($0.value, rarity($0.key), $1.key) < ($1.value, rarity($1.key), $0.key) }!.key
            for index in unserved where candidates[index].contains(best) { anchorOf[index] = best }
        }
        return patterns.indices.map { (patterns[$0], patterns[$0].firstIndex(of: anchorOf[$0]!)!) }
    }

    /// How rare a byte is in Swift source, roughly (measured over /opt/swift-packages: `$` 0.02 %,
    /// `j` 0.04 %, `z` 0.07 %, `q` 0.16 %, `k` 0.25 %, an uppercase letter 0.2–0.75 %, `-` 0.3 %,
    /// `x` 0.48 %, `w`, `y`, `v`, `b` 0.7–0.8 %; `e` or a space far more).
    private static func rarity(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "$"): return 5
        case UInt8(ascii: "z"), UInt8(ascii: "q"), UInt8(ascii: "j"), UInt8(ascii: "k"): return 4
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 3
        case UInt8(ascii: "x"), UInt8(ascii: "v"), UInt8(ascii: "w"), UInt8(ascii: "y"), UInt8(ascii: "b"), UInt8(ascii: "g"): return 2
        case UInt8(ascii: ":"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "."), UInt8(ascii: " "): return 0
        default: return 1
        }
    }

    /// Whether a byte may be part of an identifier (any non-ASCII byte counts: a multi-byte
    /// letter belongs to the word around it).
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
    }
}

/// The names of the types a file declares or extends, read from its bytes alone: every word after
/// `class`, `struct`, `enum`, `actor`, `protocol` or `typealias` (and blanks), and after
/// `extension`, and the functions it declares at the top level. For the files the relevance
/// filter does not structure: a type declared there is the tree's, not a library's, so the typer
/// must not take its members for a library's (which cannot hold the tree's models); a library's
/// type extended there may gain a member that holds one (`extension UIApplication { var
/// appDelegate: AppDelegate }`), so such a file is read when a typed chain may go through that
/// member; a top-level generic function there may type a call a chain makes (`configure(Model())
/// { … }`), so such a file is read when a chain calls a function of its name.
/// Comments and strings are not told apart; a word there only makes a name count as declared or
/// extended, which makes the typer say "unknown" instead of "a library's", or the filter read one
/// more file: the cautious side.
enum DeclaredTypeNames {
    /// What one file declares and extends, in order of appearance (repeats kept out).
    struct Found: Sendable, Equatable {
        var declared: [String] = []
        var extended: [String] = []
        /// Functions declared at the top level: `func` at the start of an unindented line, after
        /// modifiers or attributes at most (`public func configure<Subject>(…)`).
        var topLevelFunctions: [String] = []
    }

    /// `class`, `struct`, `enum`, `actor`, `protocol`, `typealias`, `extension`, in that order
    /// (`keywordEnding` gives their positions).
    private static let keywords = BytePatterns.typeKeywords
    /// The position of `extension` in `keywords`.
    private static let extensionKeyword = 6
    /// `func`, read apart from the type keywords (`keywordEnding` answers `functionKeyword` for it).
    private static let function = Array("func".utf8)
    private static let functionKeyword = -1

    /// The names `bytes` declares and extends.
    ///
    /// It runs on every file the filter skips, most of a large tree, so it does not look at each
    /// byte: a keyword is followed by a blank, so sixteen bytes at a time are compared with the
    /// keywords' last letters (`s t m r l n`) and the bytes after them with a space or a tab, and
    /// only the few places where both hold are read closely (four times as fast as a byte loop on
    /// /opt/swift-packages).
    static func scan(_ bytes: UnsafeRawBufferPointer) -> Found {
        guard let raw = bytes.baseAddress else { return Found() }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let count = bytes.count
        var found = Found()
        var seen = Set<String>()
        var seenExtended = Set<String>()
        var seenFunctions = Set<String>()
        // Where reading resumes: a name just read is not taken for a keyword (`class func`).
        var resume = 0
        func readDeclaration(endingAt end: Int) {
            guard end >= resume, end + 1 < count, isBlank(base[end + 1]), let keyword = keywordEnding(at: end, in: base) else { return }
            var cursor = end + 1
            while cursor < count, isBlank(base[cursor]) { cursor += 1 }
            let start = cursor
            while cursor < count, BytePatterns.isIdentifierByte(base[cursor]) { cursor += 1 }
            // A backquoted name (`class `Type``) is rare enough to leave out; a name starts with
            // no digit; `class func`, `class var` declare no type.
            if cursor > start, !(base[start] >= 0x30 && base[start] <= 0x39) {
                let name = String(decoding: UnsafeBufferPointer(start: base + start, count: cursor - start), as: UTF8.self)
                if keyword == functionKeyword {
                    if isTopLevel(keywordStart: end - function.count + 1, in: base), seenFunctions.insert(name).inserted {
                        found.topLevelFunctions.append(name)
                    }
                } else if keyword == extensionKeyword {
                    if seenExtended.insert(name).inserted { found.extended.append(name) }
                } else if name != "func" && name != "var" && name != "let", seen.insert(name).inserted {
                    found.declared.append(name)
                }
            }
            resume = cursor
        }
        let (s, t, m, r, l, n) = (SIMD16<UInt8>(repeating: 0x73), SIMD16<UInt8>(repeating: 0x74), SIMD16<UInt8>(repeating: 0x6D),
                                  SIMD16<UInt8>(repeating: 0x72), SIMD16<UInt8>(repeating: 0x6C), SIMD16<UInt8>(repeating: 0x6E))
        let c = SIMD16<UInt8>(repeating: 0x63)
        let space = SIMD16<UInt8>(repeating: 0x20), tab = SIMD16<UInt8>(repeating: 0x09)
        var block = 0
        while block + 17 <= count {
            let letters = (raw + block).loadUnaligned(as: SIMD16<UInt8>.self)
            let following = (raw + block + 1).loadUnaligned(as: SIMD16<UInt8>.self)
            let endsWord = (letters .== s) .| (letters .== t) .| (letters .== m) .| (letters .== r) .| (letters .== l) .| (letters .== n)
                .| (letters .== c)
            let candidates = endsWord .& ((following .== space) .| (following .== tab))
            if any(candidates) {
                for lane in 0..<16 where candidates[lane] { readDeclaration(endingAt: block + lane) }
            }
            block += 16
        }
        while block < count {
            readDeclaration(endingAt: block)
            block += 1
        }
        return found
    }

    @inline(__always) private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The keyword that starts a word and ends at `end`, found by its last letter.
    @inline(__always) private static func keywordEnding(at end: Int, in base: UnsafePointer<UInt8>) -> Int? {
        switch base[end] {
        case 0x73: keyword(0, endsAt: end, in: base) ? 0 : keyword(5, endsAt: end, in: base) ? 5 : nil   // class, typealias
        case 0x74: keyword(1, endsAt: end, in: base) ? 1 : nil                                          // struct
        case 0x6D: keyword(2, endsAt: end, in: base) ? 2 : nil                                          // enum
        case 0x72: keyword(3, endsAt: end, in: base) ? 3 : nil                                          // actor
        case 0x6C: keyword(4, endsAt: end, in: base) ? 4 : nil                                          // protocol
        case 0x6E: keyword(6, endsAt: end, in: base) ? 6 : nil                                          // extension
        case 0x63: matches(function, endingAt: end, in: base) ? functionKeyword : nil                    // func
        default: nil
        }
    }

    /// Whether the keyword starting at `keywordStart` opens an unindented line, with only
    /// modifiers and attributes before it (`public func`, `@inlinable func`): a top-level
    /// declaration, as formatted code writes one (an indented one is taken for a member).
    private static func isTopLevel(keywordStart: Int, in base: UnsafePointer<UInt8>) -> Bool {
        var cursor = keywordStart
        while cursor > 0, base[cursor - 1] != 0x0A, base[cursor - 1] != 0x0D {
            let byte = base[cursor - 1]
            guard BytePatterns.isIdentifierByte(byte) || isBlank(byte) || byte == 0x40 else { return false }
            cursor -= 1
        }
        return !isBlank(base[cursor])
    }

    @inline(__always) private static func keyword(_ index: Int, endsAt end: Int, in base: UnsafePointer<UInt8>) -> Bool {
        matches(keywords[index], endingAt: end, in: base)
    }

    /// Whether the word `word` ends at `end`, with no identifier byte before it.
    @inline(__always) private static func matches(_ word: [UInt8], endingAt end: Int, in base: UnsafePointer<UInt8>) -> Bool {
        let length = word.count
        let start = end - length + 1
        guard start >= 0, start == 0 || !BytePatterns.isIdentifierByte(base[start - 1]) else { return false }
        return word.withUnsafeBufferPointer { memcmp(base + start, $0.baseAddress!, length) } == 0
    }
}
