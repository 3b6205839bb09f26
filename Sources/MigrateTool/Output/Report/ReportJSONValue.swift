/// A JSON value whose objects keep their keys in the order they were written. Foundation's
/// `JSONSerialization` sorts keys or scrambles them; a consumer diffing two reports, and the
/// documentation's example, need the same order every time.
indirect enum ReportJSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([ReportJSONValue])
    case object([(String, ReportJSONValue)])
    /// An array of objects built one at a time while it is written, so that a report with a
    /// hundred thousand findings never holds them all as values at once.
    case objects(count: Int, element: @Sendable (Int) -> ReportJSONValue)

    /// A string, or null when absent.
    static func optional(_ text: String?) -> ReportJSONValue { text.map { .string($0) } ?? .null }

    /// Pretty-printed with two-space indentation and a final newline.
    /// `capacity` is a guess at the length: reserved up front, the text is never copied to a
    /// larger buffer while it grows (pages a generous guess leaves untouched cost no memory).
    func serialized(reservingCapacity capacity: Int = 0) -> String {
        var output = ""
        output.reserveCapacity(capacity)
        write(into: &output, indent: 0)
        output += "\n"  // in place: `output + "\n"` would copy a report of tens of megabytes
        return output
    }

    /// Appends this value at nesting depth `indent`. Empty arrays and objects stay on one line;
    /// arrays of scalars stay on one line too, since they are short (names, indices).
    func write(into output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): output += ReportEscape.jsonString(value)
        case .array(let elements):
            if elements.isEmpty {
                output += "[]"
            } else if elements.allSatisfy(\.isScalar) {
                output += "["
                for (position, element) in elements.enumerated() {
                    if position > 0 { output += ", " }
                    element.write(into: &output, indent: indent)
                }
                output += "]"
            } else {
                Self.writeLines(count: elements.count, element: { elements[$0] }, into: &output, indent: indent)
            }
        case .objects(let count, let element):
            if count == 0 {
                output += "[]"
            } else {
                Self.writeLines(count: count, element: element, into: &output, indent: indent)
            }
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{\n"
            for (position, (key, value)) in members.enumerated() {
                output += String(repeating: "  ", count: indent + 1) + ReportEscape.jsonString(key) + ": "
                value.write(into: &output, indent: indent + 1)
                output += position == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// An array one element per line, at nesting depth `indent`.
    private static func writeLines(count: Int, element: (Int) -> ReportJSONValue, into output: inout String, indent: Int) {
        output += "[\n"
        for position in 0..<count {
            output += String(repeating: "  ", count: indent + 1)
            element(position).write(into: &output, indent: indent + 1)
            output += position == count - 1 ? "\n" : ",\n"
        }
        output += String(repeating: "  ", count: indent) + "]"
    }

    /// Whether the value prints without nesting.
    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// Compares keys in order, since order is part of what this type promises.
    static func == (lhs: ReportJSONValue, rhs: ReportJSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.objects(let count, let element), .objects(let otherCount, let otherElement)):
            return count == otherCount && (0..<count).allSatisfy { element($0) == otherElement($0) }
        default: return false
        }
    }
}
