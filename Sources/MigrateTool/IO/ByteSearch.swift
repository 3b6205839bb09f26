import SourceScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Substring search over bytes with the C library's `memchr` and `memcmp` (Swift's Glibc module
/// does not expose `memmem`), for the whole-tree scans that look for a marker in every file.
enum ByteSearch {
    /// How rare a byte is in Swift source, roughly: punctuation other than `.`, `(`, `)`, `:` is
    /// rarer than letters, and uncommon letters rarer than common ones.
    private static func rarity(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "$"): return 5
        case UInt8(ascii: "z"), UInt8(ascii: "q"), UInt8(ascii: "x"), UInt8(ascii: "j"), UInt8(ascii: "k"): return 4
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 3
        case UInt8(ascii: "v"), UInt8(ascii: "w"), UInt8(ascii: "y"), UInt8(ascii: "b"), UInt8(ascii: "g"): return 2
        case UInt8(ascii: ":"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "."), UInt8(ascii: " "): return 0
        default: return 1
        }
    }

    /// Whether `needle` occurs in `bytes`.
    static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return true }
        guard bytes.count >= pattern.count else { return false }
        // memchr jumps to the pattern's rarest byte in source code (a letter like `o` would stop
        // every few bytes), then memcmp checks the whole pattern around it.
        let anchor = pattern.indices.min { rarity(pattern[$0]) > rarity(pattern[$1]) }!
        return bytes.withUnsafeBytes { haystack in
            pattern.withUnsafeBytes { target in
                let base = haystack.baseAddress!
                var offset = anchor
                let last = haystack.count - target.count + anchor
                while offset <= last {
                    guard let hit = memchr(base + offset, Int32(pattern[anchor]), last - offset + 1) else { return false }
                    let position = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + position - anchor, target.baseAddress!, target.count) == 0 { return true }
                    offset = position + 1
                }
                return false
            }
        }
    }

    /// Whether `word` occurs in `bytes` with no identifier character on either side.
    static func containsWord(_ bytes: [UInt8], _ word: String) -> Bool {
        let pattern = Array(word.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return false }
        return bytes.withUnsafeBytes { haystack in
            pattern.withUnsafeBytes { target in
                let base = haystack.baseAddress!
                var offset = 0
                let last = haystack.count - target.count
                while offset <= last {
                    guard let hit = memchr(base + offset, Int32(pattern[0]), last - offset + 1) else { return false }
                    let position = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + position, target.baseAddress!, target.count) == 0 {
                        let before = position > 0 ? haystack[position - 1] : 0x20
                        let after = position + target.count < haystack.count ? haystack[position + target.count] : 0x20
                        if !isIdentifierByte(before), !isIdentifierByte(after) { return true }
                    }
                    offset = position + 1
                }
                return false
            }
        }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
    }
}

/// Counts lines as `LineMap` does, without keeping their offsets.
enum LineCounter {
    /// The number of lines, counting a last line without a line break.
    static func count(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        return bytes.withUnsafeBytes { raw in
            let base = raw.baseAddress!
            if memchr(base, 0x0D, raw.count) != nil { return LineMap(bytes).lineCount(byteCount: bytes.count) }
            var lines = 0
            var offset = 0
            while offset < raw.count, let hit = memchr(base + offset, 0x0A, raw.count - offset) {
                lines += 1
                offset = base.distance(to: UnsafeRawPointer(hit)) + 1
            }
            return offset < raw.count ? lines + 1 : lines
        }
    }
}
