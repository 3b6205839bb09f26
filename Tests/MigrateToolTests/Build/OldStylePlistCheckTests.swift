import Foundation
import Testing
@testable import MigrateTool

/// A project file broken the ways real ones break (a merge, a cut) is told in one line with the
/// line number, before Foundation's parser logs its own; a sound one passes untouched (QA F11).
@Suite struct OldStylePlistCheckTests {
    static let mail = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestTrees/BuildGraph/SynchronizedFolders/Mail.xcodeproj/project.pbxproj")

    @Test func aSoundProjectPassesAndXMLIsLeftToFoundation() throws {
        let bytes = Array(try Data(contentsOf: Self.mail))
        #expect(OldStylePlistCheck.problem(bytes) == nil)
        #expect(OldStylePlistCheck.problem(Array("<?xml version=\"1.0\"?><plist><dict>".utf8)) == nil)
        // Braces inside strings and comments are text.
        #expect(OldStylePlistCheck.problem(Array("{ a = \"}{(\"; /* } */ b = ( c ); // {\n}".utf8)) == nil)
    }

    @Test(arguments: [
        ("// !$*UTF8*$!\n{\n<<<<<<< HEAD\n\ta = 1;\n=======\n>>>>>>> b\n}\n",
         "line 3: a merge conflict marker '<<<<<<<' (resolve the conflict in the project file)"),
        ("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = { isa = PBXGroup; ",
         "line 4: a dictionary opened here is not closed (the file ends at line 4: cut short?)"),
        ("{\n\tname = \"unterminated;\n}\n", "line 2: a quoted string is not closed (the file ends inside it: cut short?)"),
        ("{\n\t/* never closed\n}\n", "line 2: a comment is not closed (the file ends inside it: cut short?)"),
        ("{\n\ta = ( b };\n", "line 2: a '}' closes nothing open"),
    ])
    func aBrokenProjectIsToldWithItsLine(text: String, problem: String) {
        #expect(OldStylePlistCheck.problem(Array(text.utf8)) == problem)
    }

    @Test func aCutProjectFromTheTreeIsTold() throws {
        let bytes = Array(try Data(contentsOf: Self.mail))
        #expect(OldStylePlistCheck.problem(Array(bytes.prefix(bytes.count / 2)))?.contains("cut short?") == true)
    }
}
