/// Reads the interpolations of a string literal token, which the lexer keeps as one token.
public enum StringInterpolation {
    /// The dotted chains of names in a string literal's interpolations, each from its first
    /// name: `"\(m.title) at \(self.m.position + 1)"` gives `[m, title]` and `[self, m, position]`.
    /// A name after anything but a `.` starts a chain; `m.f(x).y` gives `[m, f]` and `[x]`.
    public static func chains(in literal: String) -> [[String]] {
        let characters = Array(literal)
        // `\(`, or in a raw string `#"…"#` as many `#` as the delimiter has: `\#(`.
        let pounds = characters.prefix { $0 == "#" }.count
        var chains: [[String]] = []
        var index = 0
        while index < characters.count {
            guard characters[index] == "\\" else { index += 1; continue }
            var open = index + 1
            while open < characters.count, characters[open] == "#" { open += 1 }
            guard open < characters.count, characters[open] == "(", open - index - 1 == pounds else { index += 1; continue }
            var depth = 0
            var chain: [String] = []
            var word = ""
            var position = open
            func endWord(continuing: Bool) {
                if !word.isEmpty { chain.append(word) }
                word = ""
                if !continuing, !chain.isEmpty { chains.append(chain); chain = [] }
            }
            while position < characters.count {
                let character = characters[position]
                if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                if depth == 0 { break }
                if character.isLetter || character.isNumber || character == "_" || (character == "$" && word.isEmpty) {
                    if word.isEmpty, chain.isEmpty || position == 0 || characters[position - 1] != "." { endWord(continuing: false) }
                    word.append(character)
                } else {
                    endWord(continuing: character == ".")
                }
                position += 1
            }
            endWord(continuing: false)
            index = position + 1
        }
        return chains
    }
}
