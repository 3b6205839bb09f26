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
/// The parser's tokens are taken as they are, with three normalisations, each of which undoes a
/// difference of model rather than of lexing:
///
/// 1. A string literal (`StringLiteralExprSyntax`, `SimpleStringLiteralExprSyntax`) or regex
///    literal (`RegexLiteralExprSyntax`) is one span, from its first delimiter to its last,
///    interpolations included: observation-migrate keeps a whole literal as one token.
/// 2. Where the parser split one lexeme into several tokens (`>>` closing two generic argument
///    lists, `13.0` in a version tuple becoming `13` `.` `0`, `...` peeled off an operator), the
///    pieces are merged back into the lexeme as swift-syntax's own lexer (`Lexer.tokenize`)
///    produced it. Splitting is the parser's decision from grammar context; a lexer cannot and
///    should not make it.
/// 3. Empty tokens (end of file, empty string segments, missing tokens) are dropped.
struct Boundaries {
    let bytes: UnsafeBufferPointer<UInt8>
    var spans: [(Int, Int)] = []

    /// Lexeme text ranges from swift-syntax's lexer alone, keyed by start offset.
    var lexemeEndByStart: [Int: Int] = [:]
    /// Sorted lexeme starts, to find the lexeme that contains a split piece.
    var lexemeStarts: [Int] = []
    var lexemeEnds: [Int] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func lexemes() {
        guard let base = bytes.baseAddress else { return }
        let tracker = UnsafeMutablePointer<LookaheadTracker>.allocate(capacity: 1)
        tracker.initialize(to: LookaheadTracker())
        defer { tracker.deallocate() }
        var sequence = Lexer.tokenize(bytes, lookaheadTracker: tracker, experimentalFeatures: [])
        while let lexeme = sequence.next() {
            let text = lexeme.tokenText
            let start = text.baseAddress.map { base.distance(to: $0) } ?? 0
            let end = start + text.count
            if end > start {
                lexemeStarts.append(start)
                lexemeEnds.append(end)
                lexemeEndByStart[start] = end
            }
            if lexeme.rawTokenKind == .endOfFile { break }
        }
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
        let collector = SpanCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        // Merge parser pieces back into the lexemes they were split from. Literal spans are kept
        // whole: they cover many lexemes by design.
        let raw = collector.spans
        var index = 0
        while index < raw.count {
            var (start, end, isLiteral) = raw[index]
            index += 1
            if !isLiteral, lexemeEndByStart[start] != end, let containing = lexeme(containing: start) {
                start = containing.start
                end = max(end, containing.end)
                while index < raw.count, raw[index].0 < end, !raw[index].2 {
                    end = max(end, raw[index].1)
                    index += 1
                }
                if let last = spans.last, last.1 > start {
                    spans[spans.count - 1].1 = max(last.1, end)
                    continue
                }
            }
            spans.append((start, end))
        }
    }
}

/// Collects token spans in source order, one span per whole literal.
final class SpanCollector: SyntaxVisitor {
    var spans: [(Int, Int, Bool)] = []

    private func literal(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        if end > start { spans.append((start, end, true)) }
        return .skipChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind { literal(node) }
    override func visit(_ node: SimpleStringLiteralExprSyntax) -> SyntaxVisitorContinueKind { literal(node) }
    override func visit(_ node: RegexLiteralExprSyntax) -> SyntaxVisitorContinueKind { literal(node) }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = token.endPositionBeforeTrailingTrivia.utf8Offset
        if end > start { spans.append((start, end, false)) }
        return .skipChildren
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

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
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
    var checksum = 0
    for _ in 0..<runs {
        let readStart = now()
        for path in files { checksum &+= readBytes(path)?.count ?? 0 }
        readTimes.append(now() - readStart)
        let parseStart = now()
        for path in files {
            guard let bytes = readBytes(path) else { continue }
            bytes.withUnsafeBufferPointer { buffer in
                let tree = Parser.parse(source: buffer)
                checksum &+= tree.statements.count
            }
        }
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
