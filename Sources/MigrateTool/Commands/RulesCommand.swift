/// `observation-migrate rules [ID]`: every rule with its class and summary, or one rule's
/// whole document. The text is compiled into the binary, so this works when installed alone.
enum RulesCommand: Subcommand {
    static let help = """
        USAGE: observation-migrate rules [ID]

        Without ID, lists every rule: id, fix class (safe, review, manual), lint severity, summary.
        With ID, prints the rule's documentation: rationale and before/after examples.
        """

    static func run(_ arguments: [String], output: inout OutputSink) throws -> Int32 {
        var reader = ArgumentReader(arguments)
        let ids = try reader.finish()
        if let id = ids.first {
            guard ids.count == 1 else { throw UsageError("rules takes at most one ID") }
            guard let metadata = RuleCatalog.metadata(id) else {
                let guess = RuleCatalog.closestID(to: id).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("no rule '\(id)'\(guess) ('observation-migrate rules' lists them)")
            }
            output.write(metadata.markdown.hasSuffix("\n") ? metadata.markdown : metadata.markdown + "\n")
            return 0
        }
        let width = max(4, RuleCatalog.ids.map(\.count).max() ?? 0)
        /// One row: columns padded to line up under the header.
        func row(_ id: String, _ fixClass: String, _ severity: String, _ summary: String) -> String {
            "\(id.padding(toLength: width, withPad: " ", startingAt: 0))  \(fixClass.padding(toLength: 6, withPad: " ", startingAt: 0))  "
                + "\(severity.padding(toLength: 8, withPad: " ", startingAt: 0))  \(summary)\n"
        }
        output.write(row("RULE", "CLASS", "SEVERITY", "SUMMARY"))
        for id in RuleCatalog.ids {
            let metadata = RuleCatalog.metadata(id)
            output.write(row(id, metadata?.fixClass.rawValue ?? "?", metadata?.severity.rawValue ?? "?", metadata?.summary ?? ""))
        }
        return 0
    }
}

extension String {
    /// Pads with `pad` to `length` characters (or returns the string when it is longer).
    func padding(toLength length: Int, withPad pad: String, startingAt: Int) -> String {
        count >= length ? self : self + String(repeating: pad, count: length - count)
    }
}
