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
          debug       tokens, declarations, modules and benchmark of the scanner
          help        this text, or a command's ('observation-migrate help apply')

        OPTIONS:
          --version   print the version

        EXIT CODES:
          0  success: nothing found at error level, nothing pending
          1  findings (lint), pending changes (apply --dry-run)
          2  usage, configuration or I/O error

        Run 'observation-migrate <command> --help' for a command's options.
        """

    /// The usage hint after an error: the command's own help when the error is in one.
    static func usageHint(_ arguments: [String]) -> String {
        if let name = arguments.first, command(named: name) != nil {
            return "Run 'observation-migrate \(name) --help' for usage."
        }
        return "Run 'observation-migrate --help' for usage."
    }

    /// Runs the tool with `arguments` (without the program name); returns the exit code.
    static func main(_ arguments: [String]) -> Int32 {
        var output = OutputSink.standardOutput()
        let code = run(arguments, into: &output)
        output.flush()
        if let failure = OutputSink.writeFailure {
            StandardError.line("observation-migrate: error: cannot write to standard output: \(FileSystem.errorText(failure))")
            return 2
        }
        return code
    }

    /// Runs the command, its errors mapped to exit code 2 with one line on standard error.
    private static func run(_ arguments: [String], into output: inout OutputSink) -> Int32 {
        do {
            return try run(arguments, output: &output)
        } catch let error as UsageError {
            output.flush()
            StandardError.line("observation-migrate: error: \(error.description)")
            StandardError.line(usageHint(arguments))
            return 2
        } catch {
            output.flush()
            StandardError.line("observation-migrate: error: \(error)")
            return 2
        }
    }

    /// The command typed after `observation-migrate`, or nil for an unknown name.
    static func command(named name: String) -> (any Subcommand.Type)? {
        switch name {
        case "report": return ReportCommand.self
        case "apply": return ApplyCommand.self
        case "lint": return LintCommand.self
        case "rules": return RulesCommand.self
        case "debug": return DebugCommand.self
        default: return nil
        }
    }

    static func run(_ arguments: [String], output: inout OutputSink) throws -> Int32 {
        guard let name = arguments.first else {
            // A script calling the tool with an empty command must not pass.
            StandardError.line(help)
            return 2
        }
        switch name {
        case "help" where arguments.count > 1:
            // `help apply`, as git and swift-argument-parser take it.
            guard let command = command(named: arguments[1]) else { throw UsageError("unknown command '\(arguments[1])'") }
            output.write(command.help + "\n")
            return 0
        case "--help", "-h", "help":
            output.write(help + "\n")
            return 0
        case "--version":
            output.write(version + "\n")
            return 0
        default:
            guard let command = command(named: name) else { throw UsageError("unknown command '\(name)'") }
            let rest = Array(arguments.dropFirst())
            // `-h` or `--help` anywhere before `--` shows the command's help, whatever else is given.
            if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
                output.write(command.help + "\n")
                return 0
            }
            return try command.run(rest, output: &output)
        }
    }
}

/// One command of the tool: its `--help` text and how it runs. `CommandLineTool` answers
/// `--help` for every command, so no command parses it itself.
protocol Subcommand {
    /// The text `observation-migrate <command> --help` prints.
    static var help: String { get }
    /// Runs the command with the arguments after its name; the exit code. Usage and I/O errors
    /// are thrown, and `CommandLineTool` turns them into one line on stderr and exit 2.
    static func run(_ arguments: [String], output: inout OutputSink) throws -> Int32
}
