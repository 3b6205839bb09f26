import SourceScan
import Testing
@testable import MigrateTool

/// The planner's overlap check, which must agree with `EditApplier`: an edit overlapping an
/// accepted one is a conflict, an identical one is not, an insertion at a boundary is not.
@Suite struct AcceptedEditsTests {
    static func accepted(_ edits: [Edit]) -> AcceptedEdits {
        var accepted = AcceptedEdits()
        accepted.add(edits)
        return accepted
    }

    @Test func overlapsAreFoundAndBoundariesAreNot() {
        let accepted = Self.accepted([Edit(range: 10..<20, replacement: "a"), .insert("b", at: 30), Edit(range: 40..<50, replacement: "c")])
        #expect(accepted.conflict(with: Edit(range: 15..<25, replacement: "x")) == 15)
        #expect(accepted.conflict(with: Edit(range: 5..<12, replacement: "x")) == 10)
        #expect(accepted.conflict(with: .insert("x", at: 15)) == 15)
        #expect(accepted.conflict(with: Edit(range: 10..<20, replacement: "a")) == nil, "an identical edit is the same edit")
        #expect(accepted.conflict(with: Edit(range: 10..<20, replacement: "other")) == 10)
        #expect(accepted.conflict(with: .insert("x", at: 20)) == nil)
        #expect(accepted.conflict(with: .insert("x", at: 10)) == nil)
        #expect(accepted.conflict(with: .insert("x", at: 30)) == nil)
        #expect(accepted.conflict(with: Edit(range: 20..<30, replacement: "x")) == nil)
        #expect(accepted.conflict(with: Edit(range: 25..<35, replacement: "x")) == 30)
        #expect(accepted.conflict(with: Edit(range: 50..<60, replacement: "x")) == nil)
    }

    @Test func editsStayInTheApplierOrder() {
        let edits = [Edit(range: 40..<50, replacement: "c"), .insert("b", at: 30), Edit(range: 30..<35, replacement: "r"),
                     .insert("i", at: 30), Edit(range: 10..<20, replacement: "a"), Edit(range: 10..<20, replacement: "a")]
        #expect(Self.accepted(edits).edits == EditApplier.normalize(edits))
    }

    /// A tidy-up's deletion takes in the accepted edits wholly inside it (their text goes with
    /// it), and nothing that reaches outside it.
    @Test func aDeletionAbsorbsOnlyWhatLiesWhollyInsideIt() throws {
        var accepted = Self.accepted([.delete(12..<15), Edit(range: 16..<18, replacement: "r"), .insert("i", at: 19), .delete(40..<45)])
        #expect(accepted.canAbsorb([.delete(10..<20)]))
        #expect(!accepted.canAbsorb([.delete(13..<20)]), "12..<15 reaches outside")
        #expect(!accepted.canAbsorb([Edit(range: 10..<20, replacement: "x")]), "only a deletion absorbs")
        #expect(!accepted.canAbsorb([.delete(10..<20), .delete(18..<25)]), "the tidy-up's own edits may not overlap")
        #expect(accepted.canAbsorb([.delete(10..<20), .delete(40..<45)]), "an identical edit is the same edit")
        accepted.absorb([.delete(10..<20), .delete(40..<45)])
        #expect(accepted.edits == [.delete(10..<20), .delete(40..<45)])
        let text = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ".utf8)
        #expect(String(decoding: try EditApplier.apply(accepted.edits, to: text), as: UTF8.self) == "0123456789klmnopqrstuvwxyzABCDJ")
    }
}
