/// Renders token ranges as one-line text for names, types and messages.
enum CompactText {
    /// The tokens' text, with a single space wherever trivia separated two of them.
    static func of(_ range: Range<Int>, in source: SourceFile) -> String {
        if range.count == 1 { return source.text(range.lowerBound) }
        var text = ""
        for index in range {
            let token = source.tokens[index]
            if index > range.lowerBound, source.tokens[index - 1].end < token.start {
                text += " "
            }
            text += source.text(index)
        }
        return text
    }
}
