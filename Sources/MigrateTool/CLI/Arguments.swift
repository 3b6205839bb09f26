/// A usage error: the command line is wrong. Exit code 2, one line on stderr.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Reads `--flag`, `--option value`, `--option=value` and positional arguments, and refuses
/// anything it was not told about, so a typo is an error instead of a silent default.
struct ArgumentReader {
    private var remaining: [String]
    private(set) var positionals: [String] = []

    init(_ arguments: [String]) {
        var rest: [String] = []
        var afterSeparator = false
        for argument in arguments {
            if afterSeparator {
                positionals.append(argument)
            } else if argument == "--" {
                afterSeparator = true
            } else if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                rest.append(String(argument[..<equals]))
                rest.append(String(argument[argument.index(after: equals)...]))
            } else {
                rest.append(argument)
            }
        }
        remaining = rest
    }

    /// Removes and reports a boolean flag (any of `names`).
    mutating func flag(_ names: String...) -> Bool {
        var found = false
        remaining.removeAll { argument in
            if names.contains(argument) { found = true; return true }
            return false
        }
        return found
    }

    /// Removes every occurrence of an option with a value; the values in order.
    mutating func values(_ names: String...) throws -> [String] {
        var values: [String] = []
        var index = 0
        while index < remaining.count {
            if names.contains(remaining[index]) {
                guard index + 1 < remaining.count else { throw UsageError("\(remaining[index]) needs a value") }
                values.append(remaining[index + 1])
                remaining.removeSubrange(index...(index + 1))
            } else {
                index += 1
            }
        }
        return values
    }

    /// Removes an option that may be given once.
    mutating func value(_ names: String...) throws -> String? {
        var found: [String] = []
        for name in names { found += try values(name) }
        if found.count > 1 { throw UsageError("\(names[0]) given more than once") }
        return found.first
    }

    /// What is left after every known option was taken: positionals, or an error for an unknown option.
    mutating func finish() throws -> [String] {
        for argument in remaining where argument.hasPrefix("-") && argument != "-" {
            throw UsageError("unknown option '\(argument)'")
        }
        return remaining + positionals
    }
}
