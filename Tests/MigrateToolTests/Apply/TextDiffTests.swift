import Testing
@testable import MigrateTool

/// The unified diff `apply --dry-run` prints: exact hunks on small inputs, and on large inputs
/// with many scattered changes an edit script that rebuilds the new text and changes no more
/// lines than were changed.
@Suite struct TextDiffTests {
    @Test func smallChangePrintsOneHunkWithThreeLinesOfContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(TextDiff.unified(old, new, path: "F.swift") == """
            --- a/F.swift
            +++ b/F.swift
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """)
    }

    @Test func missingFinalLineBreakIsMarked() {
        #expect(TextDiff.unified("a\nb", "a\nc", path: "F") == "--- a/F\n+++ b/F\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
        // An unchanged last line without a break is marked too, or `git apply` and `patch` reject the hunk.
        #expect(TextDiff.unified("a\n", "b\n", path: "My App/F.swift").hasPrefix("--- a/My App/F.swift\t\n+++ b/My App/F.swift\t\n"))
        #expect(TextDiff.unified("a\nb\n}", "c\nb\n}", path: "F") == "--- a/F\n+++ b/F\n@@ -1,3 +1,3 @@\n-a\n+c\n b\n }\n\\ No newline at end of file\n")
    }

    @Test func manyScatteredChangesInALargeFileRebuildTheNewText() {
        // Repeated lines (braces, blank lines) and unique ones, as in code; every 37th unique
        // line rewritten, every 101st deleted, a line inserted after every 53rd.
        var old: [String] = []
        for block in 0..<20_000 {
            old += ["final class Model\(block): ObservableObject {", "    @Published var value\(block) = \(block)", "}", ""]
        }
        var new: [String] = []
        var changed = 0
        for (index, line) in old.enumerated() {
            if index % 101 == 1 { changed += 1; continue }
            if index % 37 == 1 { new.append(line.replacingOccurrences(of: "@Published ", with: "")); changed += 2 } else { new.append(line) }
            if index % 53 == 0 { new.append("    // inserted \(index)"); changed += 1 }
        }
        let a = TextDiff.Lines(Array((old.joined(separator: "\n") + "\n").utf8))
        let b = TextDiff.Lines(Array((new.joined(separator: "\n") + "\n").utf8))
        let operations = TextDiff.diff(a, b)
        var rebuilt: [String] = []
        var oldNext = 0
        var newNext = 0
        for operation in operations {
            switch operation {
            case .same(let i, let j):
                #expect(i == oldNext && j == newNext && a.text(i) == b.text(j))
                rebuilt.append(a.text(i))
                oldNext += 1
                newNext += 1
            case .delete(let i):
                #expect(i == oldNext)
                oldNext += 1
            case .insert(let j):
                #expect(j == newNext)
                rebuilt.append(b.text(j))
                newNext += 1
            }
        }
        #expect(oldNext == old.count && newNext == new.count)
        #expect(rebuilt == new)
        let edits = operations.filter { if case .same = $0 { return false }; return true }.count
        #expect(edits <= changed, "\(edits) lines changed for \(changed) edits")
    }
}
