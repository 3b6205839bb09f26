#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One file's bytes and tokens: the unit every later stage reads.
public struct SourceFile: Sendable {
    /// The path as the user gave it or as the walker found it; used only in messages.
    public let path: String
    /// The file's bytes, exactly as read.
    public let bytes: [UInt8]
    /// Tokens tiling `bytes`, ending with `.endOfFile`.
    public let tokens: [Token]
    /// The byte offset of the first string interpolation nested past
    /// `Lexer.maximumInterpolationDepth`, or nil; the tokens after it may be wrong.
    public let interpolationTooDeep: Int?
    /// The first spot the compiler rejects that no token is marked malformed for (a conflict
    /// marker, a comment never closed, an invalid character), or nil.
    public let lexicalRejection: Lexer.Rejection?

    /// Lexes `bytes` read from `path`.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        (tokens, interpolationTooDeep, lexicalRejection) = bytes.withUnsafeBufferPointer { Lexer.tokenizeReportingNesting($0) }
    }

    /// Lexes a string, for tests and examples.
    public init(path: String = "<memory>", text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Where the leading trivia of the token at `index` starts: the previous token's end.
    @inlinable public func leadingStart(of index: Int) -> Int {
        index == 0 ? 0 : Int(tokens[index - 1].trailingEnd)
    }

    /// The leading trivia of the token at `index` as a byte range.
    @inlinable public func leadingTriviaRange(of index: Int) -> Range<Int> {
        leadingStart(of: index)..<Int(tokens[index].start)
    }

    /// The text of the token at `index`, without trivia.
    public func text(_ index: Int) -> String {
        text(in: tokens[index].textRange)
    }

    /// The text of a byte range.
    public func text(in range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Whether the token at `index` spells exactly `literal`, compared byte by byte.
    public func tokenText(_ index: Int, equals literal: StaticString) -> Bool {
        let token = tokens[index]
        let length = Int(token.end - token.start)
        guard length == literal.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            memoryEquals(buffer.baseAddress! + Int(token.start), literal.utf8Start, length)
        }
    }

    /// Whether the token at `index` spells exactly `text`.
    ///
    /// Disfavoured so that a string literal argument picks the `StaticString` overload, which
    /// compares memory directly instead of walking a `String`'s UTF-8 view.
    @_disfavoredOverload
    public func tokenText(_ index: Int, equals text: some StringProtocol) -> Bool {
        let token = tokens[index]
        var utf8 = text.utf8.makeIterator()
        var offset = Int(token.start)
        while let byte = utf8.next() {
            guard offset < Int(token.end), bytes[offset] == byte else { return false }
            offset += 1
        }
        return offset == Int(token.end)
    }
}

@inline(__always)
func memoryEquals(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while index < count {
        if left[index] != right[index] { return false }
        index += 1
    }
    return true
}

/// Converts byte offsets to 1-based line and column numbers (columns count bytes, as the
/// compiler's diagnostics do).
public struct LineMap: Sendable {
    /// Offsets at which each line starts; the first is 0.
    public let lineStarts: [Int]

    /// Builds the map; `\n`, `\r\n` and a lone `\r` each end a line.
    public init(_ bytes: [UInt8]) {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            // Files without a carriage return (nearly all) take the memchr path.
            if memchr(base, Int32(Byte.carriageReturn), count) == nil {
                var offset = 0
                while offset < count, let hit = memchr(base + offset, Int32(Byte.newline), count - offset) {
                    offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                    starts.append(offset)
                }
                return
            }
            var index = 0
            while index < count {
                let byte = base[index]
                if byte == Byte.newline {
                    starts.append(index + 1)
                } else if byte == Byte.carriageReturn {
                    if index + 1 < count, base[index + 1] == Byte.newline { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        lineStarts = starts
    }

    /// The number of lines, counting a last line without a line break.
    public func lineCount(byteCount: Int) -> Int {
        lineStarts.last == byteCount ? lineStarts.count - 1 : lineStarts.count
    }

    /// The 1-based line and column of `offset`.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The byte range of 1-based `line`, without its line break.
    public func lineRange(_ line: Int, in bytes: [UInt8]) -> Range<Int> {
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == Byte.newline || bytes[end - 1] == Byte.carriageReturn { end -= 1 }
        return start..<end
    }
}
