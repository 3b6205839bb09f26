import Foundation
import Testing

/// What every command shares, on the built binary: `--help` exits 0 everywhere, `lint` takes
/// the output and colour options `report` takes, `rules` prints a header row.
@Suite struct CommandConsistencyTests {
    @Test(arguments: [["report"], ["apply"], ["lint"], ["rules"], ["debug"], ["debug", "tokens"], ["debug", "bench"]])
    func helpExitsZeroWithUsageOnStdout(command: [String]) throws {
        for flag in ["--help", "-h"] {
            let result = try BinaryRunner.run(command + [flag])
            #expect(result.exitCode == 0, "\(command) \(flag): \(result.stderr)")
            #expect(result.stdout.contains("USAGE: observation-migrate \(command[0])"), "\(command) \(flag)")
            #expect(result.stderr.isEmpty)
        }
    }

    /// `help apply` is `apply --help`, as in git; an unknown name, or no command at all (a
    /// script's empty variable), fails; an error in a command points at that command's help.
    @Test func helpNamesACommandAndAMissingCommandFails() throws {
        let help = try BinaryRunner.run(["help", "apply"])
        #expect(help.exitCode == 0)
        #expect(help.stdout == (try BinaryRunner.run(["apply", "--help"])).stdout)
        let unknown = try BinaryRunner.run(["help", "aply"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderr.hasPrefix("observation-migrate: error: unknown command 'aply'\n"))
        let none = try BinaryRunner.run([])
        #expect(none.exitCode == 2)
        #expect(none.stderr.contains("USAGE: observation-migrate <command>"))
        let wrongOption = try BinaryRunner.run(["lint", "--bogus"])
        #expect(wrongOption.exitCode == 2)
        #expect(wrongOption.stderr.hasSuffix("Run 'observation-migrate lint --help' for usage.\n"), "\(wrongOption.stderr)")
    }

    @Test func lintColoursOnlyWhenAskedOrOnATerminal() throws {
        let tree = try BinaryRunner.makeTree(["Store.swift": "final class Store: ObservableObject {\n    @Published var count = 0\n}\n"])
        defer { try? FileManager.default.removeItem(at: tree) }
        let plain = try BinaryRunner.run(["lint", "."], in: tree)
        #expect(!plain.stdout.contains("\u{1B}["), "a pipe is not a terminal")
        #expect(plain.stdout.contains("Store.swift:1:20: error: "))
        let forced = try BinaryRunner.run(["lint", "--color", "always", "."], in: tree, environment: ["NO_COLOR": "1"])
        #expect(forced.stdout.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(forced.stdout.contains("\u{1B}[1;35mwarning:\u{1B}[0m"))
        #expect(forced.exitCode == plain.exitCode)
        let never = try BinaryRunner.run(["lint", "--no-color", "."], in: tree)
        #expect(never.stdout == plain.stdout)
        // Machine formats never carry colour.
        let json = try BinaryRunner.run(["lint", "--color", "always", "--format", "json", "."], in: tree)
        #expect(!json.stdout.contains("\u{1B}["))
        let contradiction = try BinaryRunner.run(["lint", "--color", "always", "--no-color", "."], in: tree)
        #expect(contradiction.exitCode == 2)
        #expect(contradiction.stderr.hasPrefix("observation-migrate: error: --no-color contradicts --color always\n"))
    }

    /// util-linux `script`, which runs a command on a pseudo-terminal; nil where it is missing.
    static let script: String? = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: script != nil && FileManager.default.fileExists(atPath: "/proc"), "needs util-linux script"))
    func lintColoursATerminalUnlessNoColorIsSet() throws {
        let tree = try BinaryRunner.makeTree(["Store.swift": "final class Store: ObservableObject {}\n"])
        defer { try? FileManager.default.removeItem(at: tree) }
        /// The command's output as a terminal showed it.
        func onTerminal(_ environment: String) throws -> String {
            let command = "cd '\(tree.path)' && \(environment) '\(BinaryRunner.binary.path)' lint ."
            return try LintTestSupport.run(Self.script!, ["-q", "-e", "-c", command, "/dev/null"]).output
        }
        #expect(try onTerminal("env -u NO_COLOR TERM=xterm").contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let withoutColor = try onTerminal("NO_COLOR=1 TERM=xterm")
        #expect(withoutColor.contains("Store.swift:1:20: error: "))
        #expect(!withoutColor.contains("\u{1B}["))
    }

    @Test func lintWritesToAFileWithTheShortOutputOption() throws {
        let tree = try BinaryRunner.makeTree(["Store.swift": "final class Store: ObservableObject {}\n"])
        defer { try? FileManager.default.removeItem(at: tree) }
        let toStdout = try BinaryRunner.run(["lint", "--color", "always", "."], in: tree)
        let toFile = try BinaryRunner.run(["lint", "-o", "lint.txt", "."], in: tree)
        #expect(toFile.stdout.isEmpty)
        let written = try String(contentsOf: tree.appendingPathComponent("lint.txt"), encoding: .utf8)
        #expect(written.contains("Store.swift:1:20: error: "))
        #expect(!written.contains("\u{1B}["), "colour is for terminals, not files")
        #expect(toStdout.stdout.contains("\u{1B}["))
    }

    @Test func rulesStartsWithAHeaderRowThatLinesUpWithTheColumns() throws {
        let result = try BinaryRunner.run(["rules"])
        #expect(result.exitCode == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        #expect(header.hasPrefix("RULE "))
        let classColumn = try #require(header.range(of: "CLASS")).lowerBound.utf16Offset(in: header)
        let severityColumn = try #require(header.range(of: "SEVERITY")).lowerBound.utf16Offset(in: header)
        for line in lines.dropFirst() {
            let fixClass = line.dropFirst(classColumn).prefix { $0 != " " }
            #expect(["safe", "review", "manual"].contains(String(fixClass)), "\(line)")
            let severity = line.dropFirst(severityColumn).prefix { $0 != " " }
            #expect(["error", "warning", "note"].contains(String(severity)), "\(line)")
        }
    }

    @Test func reviewReasonsInPreviewCodeAreGroupedAndSaySo() throws {
        let loader = "import SwiftUI\nfinal class Loader: ObservableObject {\n    @Published var items: [String] = []\n"
            + "    init() { start() }\n    func start() {}\n}\n"
        let previews = (0..<3).map { "    struct H\($0): View { @StateObject var m = Loader(); var body: some View { Text(\"\") } }\n" }.joined()
        let tree = try BinaryRunner.makeTree([
            "Loader.swift": loader,
            "Root.swift": "import SwiftUI\nstruct Root: View {\n    @StateObject var loader = Loader()\n    var body: some View { Text(\"\") }\n}\n",
            "Previews.swift": "import SwiftUI\nstruct Root_Previews: PreviewProvider {\n\(previews)    static var previews: some View { H0() }\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let text = try BinaryRunner.run(["report", "--no-color", "."], in: tree).stdout
        let heading = "  review   3 review reasons in preview code (#Preview, PreviewProvider); they change what previews show, not the app [previews]\n"
        #expect(text.contains(heading), "\(text)")
        let group = try #require(text.components(separatedBy: heading).last)
        #expect(group.hasPrefix("           Previews.swift:3:23  @StateObject 'm' becomes @State"), "\(group)")
        #expect(text.components(separatedBy: "[previews]").count == 2, "the preview reasons are one group, not three")
        #expect(text.contains("  review   Root.swift:3:5  @StateObject 'loader' becomes @State"), "app code is listed as before")
        let markdown = try BinaryRunner.run(["report", "--format", "markdown", "."], in: tree).stdout
        #expect(markdown.contains("**review** 3 review reasons in preview code"))
    }
}
