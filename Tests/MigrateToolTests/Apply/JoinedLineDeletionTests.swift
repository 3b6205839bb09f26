import SourceScan
import Testing
@testable import MigrateTool

/// Whole lines deleted by different units, each against the original text, meet: a blank line
/// before them and one after them would stand together, so the first deletion takes the blank
/// line before it, as `EditBuilder.remove` does for a deletion alone (Ice's `SettingsManager`
/// kept two blank lines where its three relays went, one unit each).
@Suite struct JoinedLineDeletionTests {
    /// The text after deleting the given lines (1-based), each as its own edit.
    static func deleting(lines: [Int], from text: String) -> String {
        let bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        let edits = lines.map { Edit.delete(starts[$0 - 1]..<starts[$0]) }
        let joined = EditApplier.joiningLineDeletions(edits, in: bytes)
        return String(decoding: try! EditApplier.apply(joined, to: bytes), as: UTF8.self)
    }

    @Test func meetingDeletionsBetweenBlankLinesLeaveOne() {
        let text = "var c = 0\n\na()\nb()\n\ndone()\n"
        #expect(Self.deleting(lines: [3, 4], from: text) == "var c = 0\n\ndone()\n")
        // Before the block's closing brace: no blank line left against it.
        #expect(Self.deleting(lines: [4, 5], from: "{\n    x()\n\n    a()\n    b()\n}\n") == "{\n    x()\n}\n")
        // Whitespace-only lines are blank, and `\r\n` line breaks are kept whole.
        #expect(Self.deleting(lines: [3, 4], from: "x\r\n  \r\na\r\nb\r\n\r\ny\r\n") == "x\r\n\r\ny\r\n")
    }

    @Test func otherDeletionsStayAsTheyAre() {
        // Code after the deletions: the blank line before them still separates.
        #expect(Self.deleting(lines: [3, 4], from: "x\n\na\nb\ny\n") == "x\n\ny\n")
        // Code before them: nothing doubled.
        #expect(Self.deleting(lines: [2, 3], from: "x\na\nb\n\ny\n") == "x\n\ny\n")
        // Deletions that do not meet each leave what their own builder chose.
        #expect(Self.deleting(lines: [3, 5], from: "x\n\na\ny\nb\n\nz\n") == "x\n\ny\n\nz\n")
        // One deletion alone is the builder's to tidy.
        #expect(Self.deleting(lines: [3], from: "x\n\na\n\ny\n") == "x\n\n\ny\n")
        // A replacement is no deletion of lines.
        let bytes = Array("x\n\na\nb\n\ny\n".utf8)
        let edits = [Edit(range: 3..<5, replacement: "c\n"), Edit.delete(5..<7)]
        #expect(EditApplier.joiningLineDeletions(edits, in: bytes) == EditApplier.normalize(edits))
    }

    /// End to end: three relays of one holder, each in its held model's unit.
    @Test func relaysDeletedOneByOneLeaveOneBlankLine() {
        let source = """
            import Combine
            import SwiftUI

            final class General: ObservableObject { @Published var a = 0 }
            final class Advanced: ObservableObject { @Published var b = 0 }

            final class Settings: ObservableObject {
                let general = General()
                let advanced = Advanced()
                private var cancellables = Set<AnyCancellable>()

                init() {
                    var c = Set<AnyCancellable>()

                    general.objectWillChange
                        .sink { [weak self] _ in self?.objectWillChange.send() }
                        .store(in: &c)
                    advanced.objectWillChange
                        .sink { [weak self] _ in self?.objectWillChange.send() }
                        .store(in: &c)

                    cancellables = c
                }
            }

            struct SettingsView: View {
                @StateObject private var settings = Settings()
                var body: some View { Text("\\(settings.general.a) \\(settings.advanced.b)") }
            }

            """
        let migrated = RuleExamples.migrate(source)
        #expect(!migrated.contains("objectWillChange"), "\(migrated)")
        #expect(migrated.contains("        var c = Set<AnyCancellable>()\n\n        cancellables = c\n"), "\(migrated)")
    }
}
