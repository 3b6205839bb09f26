/// Unified diffs of text, as `git diff` and `diff -u` print them: what `apply --dry-run` shows,
/// and what a failing golden test prints.
enum TextDiff {
    /// One line-level change, from Myers' algorithm.
    enum Operation: Equatable {
        case same(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    /// A unified diff of `old` → `new` with three lines of context; empty when they are equal.
    static func unified(_ old: String, _ new: String, path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        return unified(Array(old.utf8), Array(new.utf8), path: path, context: context)
    }

    /// A unified diff of two files' bytes (UTF-8), without decoding either file whole.
    static func unified(_ old: [UInt8], _ new: [UInt8], path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = Lines(old)
        let b = Lines(new)
        let operations = diff(a, b)
        // A name with a space ends with a tab, as git writes it, so that GNU patch reads it whole.
        let end = path.contains(" ") ? "\t" : ""
        var output = "--- a/\(path)\(end)\n+++ b/\(path)\(end)\n"
        let oldLacksFinalBreak = old.last != 0x0A
        let newLacksFinalBreak = new.last != 0x0A
        // Group operations into hunks separated by more than 2×context unchanged lines.
        var index = 0
        while index < operations.count {
            guard let changeStart = operations[index...].firstIndex(where: { if case .same = $0 { return false }; return true }) else { break }
            var hunkStart = changeStart
            var unchangedBefore = 0
            while hunkStart > index, unchangedBefore < context, case .same = operations[hunkStart - 1] {
                hunkStart -= 1
                unchangedBefore += 1
            }
            var hunkEnd = changeStart
            var run = 0
            while hunkEnd < operations.count {
                if case .same = operations[hunkEnd] {
                    run += 1
                    if run > 2 * context { break }
                } else {
                    run = 0
                }
                hunkEnd += 1
            }
            // Keep only `context` unchanged lines after the last change.
            while run > context, hunkEnd > changeStart {
                hunkEnd -= 1
                run -= 1
            }
            let hunk = operations[hunkStart..<hunkEnd]
            let oldStart = hunk.compactMap { op -> Int? in
                switch op { case .same(let i, _), .delete(let i): return i; default: return nil }
            }.first
            let newStart = hunk.compactMap { op -> Int? in
                switch op { case .same(_, let j), .insert(let j): return j; default: return nil }
            }.first
            let oldCount = hunk.filter { if case .insert = $0 { return false }; return true }.count
            let newCount = hunk.filter { if case .delete = $0 { return false }; return true }.count
            output += "@@ -\(range(oldStart, oldCount, fallback: operationsOldPosition(operations, hunkStart))) "
            output += "+\(range(newStart, newCount, fallback: operationsNewPosition(operations, hunkStart))) @@\n"
            for operation in hunk {
                switch operation {
                case .same(let i, _): output += " " + a.text(i) + "\n" + (i == a.count - 1 && oldLacksFinalBreak ? "\\ No newline at end of file\n" : "")
                case .delete(let i): output += "-" + a.text(i) + "\n" + (i == a.count - 1 && oldLacksFinalBreak ? "\\ No newline at end of file\n" : "")
                case .insert(let j): output += "+" + b.text(j) + "\n" + (j == b.count - 1 && newLacksFinalBreak ? "\\ No newline at end of file\n" : "")
                }
            }
            index = hunkEnd
        }
        return output
    }

    /// A hunk header's range; `fallback` (the position before an empty side, which takes a walk
    /// over every earlier operation) is computed only when the side has no line in the hunk.
    private static func range(_ start: Int?, _ count: Int, fallback: @autoclosure () -> Int) -> String {
        let first = start.map { $0 + 1 } ?? fallback()
        return count == 1 ? "\(first)" : "\(count == 0 ? first - 1 + (start == nil ? 0 : 0) : first),\(count)"
    }

    private static func operationsOldPosition(_ operations: [Operation], _ upTo: Int) -> Int {
        operations[..<upTo].filter { if case .insert = $0 { return false }; return true }.count + 1
    }

    private static func operationsNewPosition(_ operations: [Operation], _ upTo: Int) -> Int {
        operations[..<upTo].filter { if case .delete = $0 { return false }; return true }.count + 1
    }

    /// The lines of a file without their terminators (a final line break adds no empty line), as
    /// byte ranges with a hash each, so that comparing two lines is mostly comparing two integers
    /// and a large file is never copied into one string per line.
    struct Lines {
        let bytes: [UInt8]
        /// Where each line starts.
        private let starts: [Int]
        private let hashes: [Int]
        private let endsWithBreak: Bool

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var starts = [0]
            bytes.withUnsafeBufferPointer { buffer in
                for offset in buffer.indices where buffer[offset] == 0x0A { starts.append(offset + 1) }
            }
            endsWithBreak = bytes.last == 0x0A
            if endsWithBreak { starts.removeLast() }
            self.starts = starts
            let count = starts.count
            let endsWithBreak = endsWithBreak
            hashes = bytes.withUnsafeBytes { buffer in
                (0..<count).map { line in
                    let end = line + 1 < count ? starts[line + 1] - 1 : (endsWithBreak ? buffer.count - 1 : buffer.count)
                    var hasher = Hasher()
                    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: buffer[starts[line]..<end]))
                    return hasher.finalize()
                }
            }
        }

        var count: Int { starts.count }

        /// The byte range of line `index`, without its line break.
        func range(_ index: Int) -> Range<Int> {
            let end = index + 1 < starts.count ? starts[index + 1] - 1 : (endsWithBreak ? bytes.count - 1 : bytes.count)
            return starts[index]..<end
        }

        /// The text of line `index`.
        func text(_ index: Int) -> String { String(decoding: bytes[range(index)], as: UTF8.self) }

        /// The hash of line `index`'s bytes.
        func hash(_ index: Int) -> Int { hashes[index] }

        /// Whether line `index` has the same bytes as line `other` of `lines`.
        func line(_ index: Int, equals other: Int, in lines: Lines) -> Bool {
            guard hashes[index] == lines.hashes[other] else { return false }
            return bytes[range(index)].elementsEqual(lines.bytes[lines.range(other)])
        }
    }

    /// How deep the search for unique lines recurses before the gaps left go to Myers' algorithm.
    static let maximumAnchorDepth = 64
    /// The largest edit distance Myers' algorithm looks for in one gap between anchors; its trace
    /// takes the square of it in memory. A gap that differs more is shown deleted then inserted.
    static let maximumEditDistance = 1500

    /// A short edit script from `a` to `b`, as operations in order: the common start and end
    /// are taken off, lines that occur exactly once on each side anchor the rest (patience diff,
    /// as `git diff --patience`), and the gaps between anchors go to Myers' algorithm. Memory
    /// stays proportional to the files' line counts, not to lines × changes.
    static func diff(_ a: Lines, _ b: Lines) -> [Operation] {
        var operations: [Operation] = []
        operations.reserveCapacity(max(a.count, b.count))
        diff(a, 0..<a.count, b, 0..<b.count, depth: 0, into: &operations)
        return operations
    }

    private static func diff(_ a: Lines, _ aRange: Range<Int>, _ b: Lines, _ bRange: Range<Int>, depth: Int,
                             into operations: inout [Operation]) {
        var aLow = aRange.lowerBound, aHigh = aRange.upperBound
        var bLow = bRange.lowerBound, bHigh = bRange.upperBound
        while aLow < aHigh, bLow < bHigh, a.line(aLow, equals: bLow, in: b) {
            operations.append(.same(aLow, bLow))
            aLow += 1
            bLow += 1
        }
        var commonEnd = 0
        while aHigh > aLow, bHigh > bLow, a.line(aHigh - 1, equals: bHigh - 1, in: b) {
            aHigh -= 1
            bHigh -= 1
            commonEnd += 1
        }
        if aLow == aHigh || bLow == bHigh {
            for i in aLow..<aHigh { operations.append(.delete(i)) }
            for j in bLow..<bHigh { operations.append(.insert(j)) }
        } else {
            let anchors = depth < maximumAnchorDepth ? uniqueAnchors(a, aLow..<aHigh, b, bLow..<bHigh) : []
            if anchors.isEmpty {
                myers(a, aLow..<aHigh, b, bLow..<bHigh, into: &operations)
            } else {
                var i = aLow, j = bLow
                for anchor in anchors {
                    diff(a, i..<anchor.a, b, j..<anchor.b, depth: depth + 1, into: &operations)
                    operations.append(.same(anchor.a, anchor.b))
                    i = anchor.a + 1
                    j = anchor.b + 1
                }
                diff(a, i..<aHigh, b, j..<bHigh, depth: depth + 1, into: &operations)
            }
        }
        for offset in 0..<commonEnd { operations.append(.same(aHigh + offset, bHigh + offset)) }
    }

    /// Lines that occur exactly once in each range with the same text, as pairs in order on both
    /// sides: the longest increasing run of them, found by patience sorting.
    private static func uniqueAnchors(_ a: Lines, _ aRange: Range<Int>, _ b: Lines, _ bRange: Range<Int>) -> [(a: Int, b: Int)] {
        /// Occurrences of one line hash on each side, counted up to two, and where it was last
        /// seen in `b`.
        struct Occurrences {
            var inA: UInt8 = 0, inB: UInt8 = 0
            var lineB: Int32 = 0
        }
        var table: [Int: Occurrences] = [:]
        table.reserveCapacity(aRange.count)
        for i in aRange {
            var entry = table[a.hash(i), default: Occurrences()]
            entry.inA = min(entry.inA + 1, 2)
            table[a.hash(i)] = entry
        }
        for j in bRange {
            guard var entry = table[b.hash(j)] else { continue }
            entry.inB = min(entry.inB + 1, 2)
            entry.lineB = Int32(j)
            table[b.hash(j)] = entry
        }
        var candidates: [(a: Int, b: Int)] = []
        for i in aRange {
            guard let entry = table[a.hash(i)], entry.inA == 1, entry.inB == 1,
                  a.line(i, equals: Int(entry.lineB), in: b) else { continue }
            candidates.append((i, Int(entry.lineB)))
        }
        table = [:]
        // Longest increasing subsequence of the `b` lines, the candidates being in `a` order.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: candidates.count)
        for (index, candidate) in candidates.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[tails[middle]].b < candidate.b { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var anchors: [(a: Int, b: Int)] = []
        var index = tails.last ?? -1
        while index >= 0 {
            anchors.append(candidates[index])
            index = previous[index]
        }
        return anchors.reversed()
    }

    /// The shortest edit script of one gap (Myers 1986), appended in order; the trace keeps only
    /// the diagonals each step reached. Past `maximumEditDistance`, the gap is deleted then inserted.
    private static func myers(_ a: Lines, _ aRange: Range<Int>, _ b: Lines, _ bRange: Range<Int>,
                              into operations: inout [Operation]) {
        let n = aRange.count
        let m = bRange.count
        let limit = min(n + m, maximumEditDistance)
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d] holds the frontier before step d, diagonals -(d + 1) through d + 1.
        var trace: [[Int]] = []
        var finished = false
        outer: for d in 0...limit {
            trace.append(Array(frontier[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                    x = frontier[offset + k + 1]
                } else {
                    x = frontier[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a.line(aRange.lowerBound + x, equals: bRange.lowerBound + y, in: b) {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m {
                    finished = true
                    break outer
                }
            }
        }
        guard finished else {
            for i in aRange { operations.append(.delete(i)) }
            for j in bRange { operations.append(.insert(j)) }
            return
        }
        // Walk the trace back from the end.
        var reversed: [Operation] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[k + d] < v[k + d + 2]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : v[previousK + d + 1]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                reversed.append(.same(aRange.lowerBound + x, bRange.lowerBound + y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    reversed.append(.insert(bRange.lowerBound + y))
                } else {
                    x -= 1
                    reversed.append(.delete(aRange.lowerBound + x))
                }
            }
        }
        operations.append(contentsOf: reversed.reversed())
    }
}
