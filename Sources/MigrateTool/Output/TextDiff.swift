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
        let a = lines(old)
        let b = lines(new)
        let operations = diff(a, b)
        var output = "--- a/\(path)\n+++ b/\(path)\n"
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
                case .same(let i, _): output += " " + a[i] + "\n"
                case .delete(let i): output += "-" + a[i] + "\n" + (i == a.count - 1 && !old.hasSuffix("\n") ? "\\ No newline at end of file\n" : "")
                case .insert(let j): output += "+" + b[j] + "\n" + (j == b.count - 1 && !new.hasSuffix("\n") ? "\\ No newline at end of file\n" : "")
                }
            }
            index = hunkEnd
        }
        return output
    }

    private static func range(_ start: Int?, _ count: Int, fallback: Int) -> String {
        let first = start.map { $0 + 1 } ?? fallback
        return count == 1 ? "\(first)" : "\(count == 0 ? first - 1 + (start == nil ? 0 : 0) : first),\(count)"
    }

    private static func operationsOldPosition(_ operations: [Operation], _ upTo: Int) -> Int {
        operations[..<upTo].filter { if case .insert = $0 { return false }; return true }.count + 1
    }

    private static func operationsNewPosition(_ operations: [Operation], _ upTo: Int) -> Int {
        operations[..<upTo].filter { if case .delete = $0 { return false }; return true }.count + 1
    }

    /// Lines without their terminators (a final line break adds no empty line).
    static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { result.removeLast() }
        return result
    }

    /// The shortest edit script from `a` to `b` (Myers 1986), as operations in order.
    static func diff(_ a: [String], _ b: [String]) -> [Operation] {
        let n = a.count
        let m = b.count
        let maximum = n + m
        var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        outer: for d in 0...maximum {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && frontier[maximum + k - 1] < frontier[maximum + k + 1]) {
                    x = frontier[maximum + k + 1]
                } else {
                    x = frontier[maximum + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[maximum + k] = x
                if x >= n, y >= m { break outer }
            }
        }
        // Walk the trace back from the end.
        var operations: [Operation] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[maximum + k - 1] < v[maximum + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : v[maximum + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                operations.append(.same(x, y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    operations.append(.insert(y))
                } else {
                    x -= 1
                    operations.append(.delete(x))
                }
            }
        }
        return operations.reversed()
    }
}
