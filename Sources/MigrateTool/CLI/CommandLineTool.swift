/// The entry point: picks the command, maps errors to exit codes.
///
/// Exit codes: 0 success (nothing found, nothing pending), 1 findings or pending changes,
/// 2 usage, configuration or I/O error.
enum CommandLineTool {
    static let version = "0.1.0"

    static let help = """
        OVERVIEW: Moves SwiftUI code from ObservableObject to the Observation framework.

        USAGE: observation-migrate <command> [options] [paths...]

        COMMANDS:
          report      what migrating will take, unit by unit (changes nothing)
          apply       rewrite in place, a whole migration unit at a time
          lint        one diagnostic per finding, for CI and editors
          rules       list the rules, or print one rule's documentation
          debug       tokens, declarations and benchmark of the scanner

        EXIT CODES:
          0  success: nothing found at error level, nothing pending
          1  findings (lint), pending changes (apply --dry-run)
          2  usage, configuration or I/O error

        Run 'observation-migrate <command> --help' for a command's options.
        """

    /// Runs the tool with `arguments` (without the program name); returns the exit code.
    static func main(_ arguments: [String]) -> Int32 {
        var output = OutputSink.standardOutput()
        defer { output.flush() }
        do {
            return try run(arguments, output: &output)
        } catch let error as UsageError {
            output.flush()
            StandardError.line("observation-migrate: error: \(error.description)")
            StandardError.line("Run 'observation-migrate --help' for usage.")
            return 2
        } catch {
            output.flush()
            StandardError.line("observation-migrate: error: \(error)")
            return 2
        }
    }

    static func run(_ arguments: [String], output: inout OutputSink) throws -> Int32 {
        guard let command = arguments.first else {
            output.write(help + "\n")
            return 0
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h", "help":
            output.write(help + "\n")
            return 0
        case "--version":
            output.write(version + "\n")
            return 0
        case "report":
            return try ReportCommand.run(rest, output: &output)
        case "apply":
            return try ApplyCommand.run(rest, output: &output)
        case "lint":
            return try LintCommand.run(rest, output: &output)
        case "rules":
            return try RulesCommand.run(rest, output: &output)
        case "debug":
            return try DebugCommand.run(rest, output: &output)
        default:
            throw UsageError("unknown command '\(command)'")
        }
    }
}
