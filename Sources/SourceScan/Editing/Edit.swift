/// One change to a file: replace a byte range (empty for an insertion) with new text.
public struct Edit: Hashable, Sendable, Comparable {
    public var range: Range<Int>
    public var replacement: String

    /// Creates an edit.
    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// Inserts `text` at byte `offset`.
    public static func insert(_ text: String, at offset: Int) -> Edit {
        Edit(range: offset..<offset, replacement: text)
    }

    /// Deletes a byte range.
    public static func delete(_ range: Range<Int>) -> Edit {
        Edit(range: range, replacement: "")
    }

    public static func < (lhs: Edit, rhs: Edit) -> Bool {
        (lhs.range.lowerBound, lhs.range.upperBound, lhs.replacement) < (rhs.range.lowerBound, rhs.range.upperBound, rhs.replacement)
    }
}

/// Two edits that touch the same bytes: the rules disagree, so nothing is written.
public struct OverlappingEdits: Error, CustomStringConvertible, Sendable {
    public var first: Edit
    public var second: Edit
    public var description: String {
        "overlapping edits at bytes \(first.range) and \(second.range)"
    }
}

/// Applies edits to bytes, all or none.
public enum EditApplier {
    /// Applies `edits` to `bytes`. Identical edits count once; two insertions at one offset keep
    /// their order of appearance; any other overlap throws and changes nothing.
    public static func apply(_ edits: [Edit], to bytes: [UInt8]) throws -> [UInt8] {
        let ordered = normalize(edits)
        for (left, right) in zip(ordered, ordered.dropFirst()) where left.range.upperBound > right.range.lowerBound {
            throw OverlappingEdits(first: left, second: right)
        }
        for edit in ordered where edit.range.upperBound > bytes.count || edit.range.lowerBound < 0 {
            throw OverlappingEdits(first: edit, second: edit)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + ordered.reduce(0) { $0 + $1.replacement.utf8.count })
        var cursor = 0
        for edit in ordered {
            result.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            result.append(contentsOf: edit.replacement.utf8)
            cursor = edit.range.upperBound
        }
        result.append(contentsOf: bytes[cursor...])
        return result
    }

    /// Sorts by position, dropping exact duplicates but keeping distinct insertions at one offset
    /// in the order given (a stable sort), so `@A ` then `@B ` inserted at one place read `@A @B `.
    public static func normalize(_ edits: [Edit]) -> [Edit] {
        var seen = Set<Edit>()
        var unique: [(Int, Edit)] = []
        for (position, edit) in edits.enumerated() where seen.insert(edit).inserted {
            unique.append((position, edit))
        }
        unique.sort { left, right in
            if left.1.range.lowerBound != right.1.range.lowerBound { return left.1.range.lowerBound < right.1.range.lowerBound }
            // An insertion goes before a replacement starting at the same offset.
            if left.1.range.isEmpty != right.1.range.isEmpty { return left.1.range.isEmpty }
            return left.0 < right.0
        }
        return unique.map(\.1)
    }
}

extension EditApplier {
    /// `edits` with one change: where several deletions of whole lines meet (each made on its
    /// own, by different units, against the original text) and together leave a blank line
    /// right against another blank line, or against the line closing the block, the first one
    /// also takes the blank line before it. A deletion made alone already does this
    /// (`EditBuilder.remove`); three relays deleted one by one left two blank lines behind.
    public static func joiningLineDeletions(_ edits: [Edit], in bytes: [UInt8]) -> [Edit] {
        var ordered = normalize(edits)
        func isWholeLines(_ edit: Edit) -> Bool {
            edit.replacement.isEmpty && !edit.range.isEmpty && (edit.range.lowerBound == 0 || Byte.isLineBreak(bytes[edit.range.lowerBound - 1]))
                && Byte.isLineBreak(bytes[edit.range.upperBound - 1])
        }
        var position = 0
        while position < ordered.count {
            var end = position
            while end + 1 < ordered.count, isWholeLines(ordered[end]), isWholeLines(ordered[end + 1]),
                  ordered[end].range.upperBound == ordered[end + 1].range.lowerBound {
                end += 1
            }
            defer { position = end + 1 }
            guard end > position else { continue }
            let start = ordered[position].range.lowerBound, after = ordered[end].range.upperBound
            guard let blank = blankLine(endingAt: start, in: bytes), blank.lowerBound > 0,
                  position == 0 || ordered[position - 1].range.upperBound <= blank.lowerBound,
                  after == bytes.count || lineIsBlankOrCloses(at: after, in: bytes) else { continue }
            ordered[position].range = blank.lowerBound..<ordered[position].range.upperBound
        }
        return ordered
    }

    /// The blank line (spaces and tabs only) that ends right at `offset`, a line's start.
    private static func blankLine(endingAt offset: Int, in bytes: [UInt8]) -> Range<Int>? {
        guard offset > 0, Byte.isLineBreak(bytes[offset - 1]) else { return nil }
        var start = offset - 1
        if bytes[start] == Byte.newline, start > 0, bytes[start - 1] == Byte.carriageReturn { start -= 1 }
        while start > 0, bytes[start - 1] == Byte.space || bytes[start - 1] == Byte.tab { start -= 1 }
        guard start == 0 || Byte.isLineBreak(bytes[start - 1]) else { return nil }
        return start..<offset
    }

    /// Whether the line starting at `offset` is blank, or starts (after indentation) with `}`.
    private static func lineIsBlankOrCloses(at offset: Int, in bytes: [UInt8]) -> Bool {
        var index = offset
        while index < bytes.count, bytes[index] == Byte.space || bytes[index] == Byte.tab { index += 1 }
        return index == bytes.count || Byte.isLineBreak(bytes[index]) || bytes[index] == UInt8(ascii: "}")
    }
}
