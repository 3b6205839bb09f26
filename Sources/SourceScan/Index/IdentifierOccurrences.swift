extension TypeIndex {
    /// Every token spelling one of `names`, per name, in file and token order: identifiers, and
    /// projections when a name is given with its `$` (`$model`); with `unquoting`, a name quoted
    /// in backticks (`` `listen` ``) counts as the name (without it, as its own spelling, which a
    /// caller may ask for). One pass over the tree, whatever
    /// the number of names; the answer is textual, so a caller decides which spellings mean its
    /// declaration.
    public func identifierOccurrences(of names: Set<String>, unquoting: Bool = false) -> [String: [(file: Int, token: Int)]] {
        guard !names.isEmpty else { return [:] }
        let byLength = Dictionary(grouping: names, by: { $0.utf8.count })
        let files = self.files
        let perFile: [[(String, Int)]] = concurrentMap(Array(files.indices)) { fileIndex in
            let file = files[fileIndex]
            var found: [(String, Int)] = []
            let bytes = file.source.bytes
            for (position, token) in file.tokens.enumerated() where token.kind == .identifier || token.kind == .dollarIdentifier {
                let length = Int(token.end - token.start)
                if unquoting, bytes[Int(token.start)] == UInt8(ascii: "`"), length > 2, let candidates = byLength[length - 2] {
                    // `` `listen`(…) `` calls `listen`: the backticks only quote the name.
                    let inner = bytes[(Int(token.start) + 1)..<(Int(token.end) - 1)]
                    for name in candidates where inner.elementsEqual(name.utf8) { found.append((name, position)) }
                    continue
                }
                guard let candidates = byLength[length] else { continue }
                for name in candidates where file.source.tokenText(position, equals: name) { found.append((name, position)) }
            }
            return found
        }
        var result: [String: [(file: Int, token: Int)]] = [:]
        for (fileIndex, found) in perFile.enumerated() {
            for (name, token) in found { result[name, default: []].append((fileIndex, token)) }
        }
        return result
    }
}
