// swift-syntax-baseline: the compiler's parser as a yardstick for observation-migrate's lexer.
//
//   swift-syntax-baseline boundaries [--list FILE] PATH...
//       For every .swift file (PATHs are files or directories, walked recursively; --list names
//       one path per line), prints
//           F <path>
//           S <start> <end> <start> <end> ...
//       the byte offsets of each token's text as swift-syntax's parser sees it, normalised to
//       observation-migrate's token model (see `Boundaries` below for the rules).
//   swift-syntax-baseline parse-speed [--runs N] PATH...
//       Reads and parses every .swift file on one core; median of N runs (default 5) after an
//       untimed warm-up read; prints MB/s for reading alone and for reading plus parsing.

import Foundation
@_spi(Testing) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

// MARK: File discovery

/// Every `.swift` file under `paths`, sorted so that runs and diffs are reproducible.
func swiftFiles(under paths: [String]) -> [String] {
    var files: [String] = []
    let manager = FileManager.default
    for path in paths {
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            FileHandle.standardError.write("swift-syntax-baseline: no such path: \(path)\n".data(using: .utf8)!)
            continue
        }
        if !isDirectory.boolValue {
            files.append(path)
            continue
        }
        guard let enumerator = manager.enumerator(atPath: path) else { continue }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let full = (path as NSString).appendingPathComponent(relative)
            var isDir: ObjCBool = false
            if manager.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue { found.append(full) }
        }
        files.append(contentsOf: found.sorted())
    }
    return files
}

func readBytes(_ path: String) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return [UInt8](data)
}

// MARK: Boundaries

/// Token text spans of one file, in observation-migrate's model.
///
/// The parser's tokens (`tokens(viewMode: .sourceAccurate)`: every byte of the file that is not
/// trivia, including tokens the parser could not place) are taken as they are, with three
/// normalisations, each of which undoes a difference of model rather than of lexing:
///
/// 1. A string literal or a regex literal is one span, from its first delimiter to the end of its
///    last piece, interpolations included: observation-migrate keeps a whole literal as one
///    token. Which pieces make up one literal is read off swift-syntax's own lexer
///    (`Lexer.tokenize`), whose state machine knows where each literal opens and closes, rather
///    than off the syntax tree, where broken code scatters the pieces into unexpected nodes.
/// 2. Where the parser split one lexeme into several tokens (`>>` closing two generic argument
///    lists, `13.0` in a version tuple becoming `13` `.` `0`, `...` peeled off an operator), the
///    pieces are merged back into the lexeme as the lexer produced it. Splitting is the parser's
///    decision from grammar context; a lexer cannot and should not make it.
/// 3. Empty tokens (end of file, empty string segments, missing tokens) are dropped.
struct Boundaries {
    let bytes: UnsafeBufferPointer<UInt8>
    var spans: [(Int, Int)] = []

    /// Lexeme text ranges from swift-syntax's lexer alone, in order.
    var lexemeStarts: [Int] = []
    var lexemeEnds: [Int] = []
    var lexemeEndByStart: [Int: Int] = [:]
    /// Whole string and regex literals, in order, as the lexer delimits them.
    var literals: [(start: Int, end: Int)] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Where one open string literal is in its grammar.
    enum StringState {
        case afterOpeningPounds, content, afterBackslash, afterClosingQuote
    }

    /// One level of literal nesting while reading the lexeme stream.
    enum Frame {
        case string(StringState, raw: Bool, multiline: Bool)
        case interpolation(parens: Int, multiline: Bool)

        /// Whether a line break ends this level: single-line strings and their interpolations.
        var endsAtLineBreak: Bool {
            switch self {
            case .string(_, _, let multiline), .interpolation(_, let multiline): return !multiline
            }
        }
    }

    mutating func lexemes() {
        guard let base = bytes.baseAddress else { return }
        let tracker = UnsafeMutablePointer<LookaheadTracker>.allocate(capacity: 1)
        tracker.initialize(to: LookaheadTracker())
        defer { tracker.deallocate() }
        var sequence = Lexer.tokenize(bytes, lookaheadTracker: tracker, experimentalFeatures: [])
        var stack: [Frame] = []
        // The outermost literal being read: its start, and the end of its last piece so far.
        var literalStart = -1
        var literalEnd = -1
        var inRegex = false
        var regexSawOpenSlash = false
        var regexSawCloseSlash = false

        func closeLiteral() {
            if literalStart >= 0, literalEnd > literalStart { literals.append((literalStart, literalEnd)) }
            literalStart = -1
        }

        while let lexeme = sequence.next() {
            let kind = lexeme.rawTokenKind
            if kind == .endOfFile { break }
            let text = lexeme.tokenText
            let start = text.baseAddress.map { base.distance(to: $0) } ?? 0
            let end = start + text.count
            if end > start {
                lexemeStarts.append(start)
                lexemeEnds.append(end)
                lexemeEndByStart[start] = end
            }

            // Regex literals: consecutive pieces, at most pounds, slash, pattern, slash, pounds.
            if inRegex {
                var continues = false
                switch kind {
                case .regexLiteralPattern:
                    continues = !regexSawCloseSlash
                case .regexSlash where !regexSawCloseSlash:
                    continues = true
                    if regexSawOpenSlash { regexSawCloseSlash = true } else { regexSawOpenSlash = true }
                case .regexPoundDelimiter:
                    continues = regexSawCloseSlash
                    if continues { inRegex = false }  // the closing pounds end it
                default:
                    break
                }
                if continues {
                    if literalStart >= 0, end > start { literalEnd = end }
                    if !inRegex, stack.isEmpty { closeLiteral() }
                    continue
                }
                inRegex = false
                if stack.isEmpty { closeLiteral() }
            }
            if kind == .regexSlash || kind == .regexPoundDelimiter || kind == .regexLiteralPattern {
                inRegex = true
                regexSawOpenSlash = kind == .regexSlash
                regexSawCloseSlash = false
                if stack.isEmpty {
                    closeLiteral()
                    literalStart = start
                }
                if literalStart >= 0, end > start { literalEnd = end }
                continue
            }

            // String literals: a small state machine over the lexer's string pieces. A piece on a new
            // line ends every single-line string it would otherwise belong to.
            if lexeme.flags.contains(.isAtStartOfLine) {
                while let last = stack.last, last.endsAtLineBreak { stack.removeLast() }
                if stack.isEmpty { closeLiteral() }
            }
            var partOfLiteral = false
            var again = true
            while again {
                again = false
                switch stack.last {
                case .string(let state, let raw, let multiline)?:
                    partOfLiteral = true
                    switch (state, kind) {
                    case (.afterOpeningPounds, .stringQuote), (.afterOpeningPounds, .multilineStringQuote):
                        stack[stack.count - 1] = .string(.content, raw: raw, multiline: kind == .multilineStringQuote)
                    case (.content, .stringSegment), (.afterBackslash, .rawStringPoundDelimiter):
                        break
                    case (.content, .backslash):
                        stack[stack.count - 1] = .string(.afterBackslash, raw: raw, multiline: multiline)
                    case (.afterBackslash, .leftParen):
                        stack[stack.count - 1] = .string(.content, raw: raw, multiline: multiline)
                        stack.append(.interpolation(parens: 0, multiline: multiline))
                    case (.content, .stringQuote), (.content, .multilineStringQuote), (.content, .singleQuote):
                        if raw {
                            stack[stack.count - 1] = .string(.afterClosingQuote, raw: raw, multiline: multiline)
                        } else {
                            stack.removeLast()
                        }
                    case (.afterClosingQuote, .rawStringPoundDelimiter):
                        stack.removeLast()
                    default:
                        // The literal ended before this lexeme (unterminated, or a raw string whose
                        // closing quote had no delimiter after it): read the lexeme one level up.
                        partOfLiteral = false
                        stack.removeLast()
                        if stack.isEmpty { closeLiteral() }
                        again = true
                    }
                case .interpolation(let parens, let multiline)?:
                    partOfLiteral = true
                    switch kind {
                    case .leftParen:
                        stack[stack.count - 1] = .interpolation(parens: parens + 1, multiline: multiline)
                    case .rightParen:
                        if parens == 0 {
                            stack.removeLast()
                        } else {
                            stack[stack.count - 1] = .interpolation(parens: parens - 1, multiline: multiline)
                        }
                    case .stringSegment:
                        // The lexer leaves a single-line interpolation at a line break this way.
                        stack.removeLast()
                        again = true
                    case .rawStringPoundDelimiter:
                        stack.append(.string(.afterOpeningPounds, raw: true, multiline: false))
                    case .stringQuote, .multilineStringQuote, .singleQuote:
                        stack.append(.string(.content, raw: false, multiline: kind == .multilineStringQuote))
                    default:
                        break
                    }
                case nil:
                    switch kind {
                    case .rawStringPoundDelimiter:
                        stack.append(.string(.afterOpeningPounds, raw: true, multiline: false))
                    case .stringQuote, .multilineStringQuote, .singleQuote:
                        stack.append(.string(.content, raw: false, multiline: kind == .multilineStringQuote))
                    default:
                        break
                    }
                    if !stack.isEmpty {
                        partOfLiteral = true
                        closeLiteral()
                        literalStart = start
                    }
                }
            }
            if partOfLiteral, literalStart >= 0 {
                if end > start { literalEnd = end }
                if stack.isEmpty { closeLiteral() }
            }
        }
        closeLiteral()
    }

    func isInStringContent(_ stack: [Frame]) -> Bool {
        if case .string? = stack.last { return true }
        return false
    }

    /// The index of the first lexeme starting at or after `offset`.
    func lexemeIndex(startingAtOrAfter offset: Int) -> Int {
        var low = 0
        var high = lexemeStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lexemeStarts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The lexeme whose text contains `offset`, if any.
    func lexeme(containing offset: Int) -> (start: Int, end: Int)? {
        var low = 0
        var high = lexemeStarts.count - 1
        var found = -1
        while low <= high {
            let middle = (low + high) / 2
            if lexemeStarts[middle] <= offset {
                found = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        guard found >= 0, lexemeEnds[found] > offset else { return nil }
        return (lexemeStarts[found], lexemeEnds[found])
    }

    mutating func compute(_ tree: SourceFileSyntax) {
        lexemes()
        var literalIndex = 0
        var index = 0
        var tokens: [(Int, Int)] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = token.endPositionBeforeTrailingTrivia.utf8Offset
            if end > start { tokens.append((start, end)) }
        }
        while index < tokens.count {
            var (start, end) = tokens[index]
            index += 1
            while literalIndex < literals.count, literals[literalIndex].end <= start { literalIndex += 1 }
            if literalIndex < literals.count, literals[literalIndex].start <= start {
                // A piece of a literal: the literal stands for all of its pieces.
                let literal = literals[literalIndex]
                while index < tokens.count, tokens[index].0 < literal.end { index += 1 }
                if let last = spans.last, last.1 > literal.start {
                    spans[spans.count - 1].1 = max(last.1, literal.end)
                } else {
                    spans.append((literal.start, literal.end))
                }
                continue
            }
            if lexemeEndByStart[start] != end, let containing = lexeme(containing: start) {
                // A piece the parser split off a lexeme: merge the pieces back. The parser re-lexes
                // what follows the split, which can run past the lexeme; the region then takes the
                // lexer's own lexemes.
                start = containing.start
                end = max(end, containing.end)
                while index < tokens.count, tokens[index].0 < end {
                    end = max(end, tokens[index].1)
                    index += 1
                }
                var lexemeIndex = lexemeIndex(startingAtOrAfter: start)
                while lexemeIndex < lexemeStarts.count, lexemeStarts[lexemeIndex] < end {
                    let piece = (lexemeStarts[lexemeIndex], lexemeEnds[lexemeIndex])
                    if let last = spans.last, last.1 > piece.0 {
                        spans[spans.count - 1].1 = max(last.1, piece.1)
                    } else {
                        spans.append(piece)
                    }
                    lexemeIndex += 1
                }
                continue
            }
            spans.append((start, end))
        }
    }
}

func boundaries(_ paths: [String]) -> Int32 {
    var output = ""
    output.reserveCapacity(1 << 20)
    let standardOutput = FileHandle.standardOutput
    for path in swiftFiles(under: paths) {
        guard let bytes = readBytes(path) else {
            FileHandle.standardError.write("swift-syntax-baseline: cannot read \(path)\n".data(using: .utf8)!)
            continue
        }
        bytes.withUnsafeBufferPointer { buffer in
            let tree = Parser.parse(source: buffer)
            var result = Boundaries(bytes: buffer)
            result.compute(tree)
            output += "F \(path)\nS"
            for (start, end) in result.spans {
                output += " \(start) \(end)"
            }
            output += "\n"
        }
        if output.utf8.count > 1 << 20 {
            standardOutput.write(output.data(using: .utf8)!)
            output.removeAll(keepingCapacity: true)
        }
    }
    standardOutput.write(output.data(using: .utf8)!)
    return 0
}

// MARK: Parse speed

func now(_ clock: clockid_t = CLOCK_MONOTONIC) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

func parseSpeed(_ paths: [String], runs: Int) -> Int32 {
    let files = swiftFiles(under: paths)
    guard !files.isEmpty else {
        FileHandle.standardError.write("swift-syntax-baseline: no .swift files\n".data(using: .utf8)!)
        return 2
    }
    // Untimed warm-up: page cache, and the byte count.
    var totalBytes = 0
    for path in files { totalBytes += readBytes(path)?.count ?? 0 }
    var readTimes: [Double] = []
    var parseTimes: [Double] = []
    var parseCPUTimes: [Double] = []
    var readCPUTimes: [Double] = []
    var checksum = 0
    for _ in 0..<runs {
        let readStart = now()
        let readCPUStart = now(CLOCK_THREAD_CPUTIME_ID)
        for path in files { checksum &+= readBytes(path)?.count ?? 0 }
        readCPUTimes.append(now(CLOCK_THREAD_CPUTIME_ID) - readCPUStart)
        readTimes.append(now() - readStart)
        let parseStart = now()
        let parseCPUStart = now(CLOCK_THREAD_CPUTIME_ID)
        for path in files {
            guard let bytes = readBytes(path) else { continue }
            bytes.withUnsafeBufferPointer { buffer in
                let tree = Parser.parse(source: buffer)
                checksum &+= tree.statements.count
            }
        }
        parseCPUTimes.append(now(CLOCK_THREAD_CPUTIME_ID) - parseCPUStart)
        parseTimes.append(now() - parseStart)
    }
    let megabytes = Double(totalBytes) / 1_000_000
    let read = median(readTimes)
    let parse = median(parseTimes)
    print("""
        files:              \(files.count)
        size:               \(format(megabytes)) MB
        runs:               \(runs) (median reported; one core)
        read only:          \(format(read)) s  (\(format(megabytes / read)) MB/s)
        read+parse:         \(format(parse)) s  (\(format(megabytes / parse)) MB/s)  swift-syntax 603.0.1 Parser.parse
        parse alone:        \(format(parse - read)) s  (\(format(megabytes / (parse - read))) MB/s)
        slowest/fastest:    \(format(parseTimes.max()!)) s / \(format(parseTimes.min()!)) s
        cpu time of the parsing thread (robust to other load on the machine):
          read only:          \(format(median(readCPUTimes))) s  (\(format(megabytes / median(readCPUTimes))) MB/s)
          read+parse:         \(format(median(parseCPUTimes))) s  (\(format(megabytes / median(parseCPUTimes))) MB/s)
        checksum:           \(checksum)
        """)
    return 0
}

// MARK: Main

func usage() -> Never {
    FileHandle.standardError.write("""
        USAGE: swift-syntax-baseline boundaries [--list FILE] PATH...
               swift-syntax-baseline parse-speed [--runs N] PATH...

        """.data(using: .utf8)!)
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { usage() }
arguments.removeFirst()
var runs = 5
var paths: [String] = []
var index = 0
while index < arguments.count {
    let argument = arguments[index]
    if argument == "--runs", index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 {
        runs = value
        index += 2
    } else if argument == "--list", index + 1 < arguments.count {
        guard let list = try? String(contentsOfFile: arguments[index + 1], encoding: .utf8) else { usage() }
        paths += list.split(separator: "\n").map(String.init)
        index += 2
    } else {
        paths.append(argument)
        index += 1
    }
}
guard !paths.isEmpty else { usage() }
switch command {
case "boundaries": exit(boundaries(paths))
case "parse-speed": exit(parseSpeed(paths, runs: runs))
default: usage()
}
