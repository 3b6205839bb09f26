/// The lexer's central promise, as a check anyone can run: tokens and their trivia tile the file.
public enum TokenTiling {
    /// Whether `tokens` cover `0..<byteCount` exactly, in order, with no gap and no overlap, and
    /// end with the end-of-file token. Equivalent to "concatenating them gives the input back".
    public static func isExact(_ tokens: [Token], byteCount: Int) -> Bool {
        guard let last = tokens.last, last.kind == .endOfFile, Int(last.trailingEnd) == byteCount else { return false }
        var expectedStart: Int32 = 0
        for token in tokens {
            guard expectedStart <= token.start, token.start <= token.end,
                  token.end <= token.trailingEnd else { return false }
            if token.kind != .endOfFile, token.start == token.end { return false }
            expectedStart = token.trailingEnd
        }
        return true
    }

    /// Rebuilds the file from its tokens' ranges.
    public static func reassemble(_ tokens: [Token], from bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var leadingStart = 0
        for token in tokens {
            result.append(contentsOf: bytes[leadingStart..<Int(token.start)])
            result.append(contentsOf: bytes[token.textRange])
            result.append(contentsOf: bytes[token.trailingTriviaRange])
            leadingStart = Int(token.trailingEnd)
        }
        return result
    }
}
