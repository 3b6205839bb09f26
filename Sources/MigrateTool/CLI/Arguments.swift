/// A usage error: the command line is wrong. Exit code 2, one line on stderr.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Reads `--flag`, `--option value`, `--option=value` and positional arguments, and refuses
/// anything it was not told about, so a typo is an error instead of a silent default.
struct ArgumentReader {
    /// One argument; `attached` when it is the value of a `--option=value` before it.
    private struct Argument {
        var text: String
        var attached = false
    }

    private var remaining: [Argument]
    private(set) var positionals: [String] = []
    /// A flag given a value (`--strict=true`): said by `finish`, where errors are thrown.
    private var flagWithValue: String?

    init(_ arguments: [String]) {
        var rest: [Argument] = []
        var afterSeparator = false
        for argument in arguments {
            if afterSeparator {
                positionals.append(argument)
            } else if argument == "--" {
                afterSeparator = true
            } else if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                rest.append(Argument(text: String(argument[..<equals])))
                rest.append(Argument(text: String(argument[argument.index(after: equals)...]), attached: true))
            } else {
                rest.append(Argument(text: argument))
            }
        }
        remaining = rest
    }

    /// Removes and reports a boolean flag (any of `names`).
    mutating func flag(_ names: String...) -> Bool {
        var found = false
        var index = 0
        while index < remaining.count {
            guard names.contains(remaining[index].text) else {
                index += 1
                continue
            }
            found = true
            if index + 1 < remaining.count, remaining[index + 1].attached {
                flagWithValue = flagWithValue ?? "\(remaining[index].text)=\(remaining[index + 1].text)"
                remaining.remove(at: index + 1)
            }
            remaining.remove(at: index)
        }
        return found
    }

    /// Removes every occurrence of an option with a value; the values in order.
    mutating func values(_ names: String...) throws -> [String] {
        var values: [String] = []
        var index = 0
        while index < remaining.count {
            if names.contains(remaining[index].text), !remaining[index].attached {
                guard index + 1 < remaining.count else { throw UsageError("\(remaining[index].text) needs a value") }
                values.append(remaining[index + 1].text)
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
        if let flagWithValue {
            let name = String(flagWithValue.prefix { $0 != "=" })
            throw UsageError("\(name) takes no value (given '\(flagWithValue)')")
        }
        for argument in remaining where !argument.attached && argument.text.hasPrefix("-") && argument.text != "-" {
            throw UsageError("unknown option '\(argument.text)'")
        }
        return remaining.map(\.text) + positionals
    }
}
