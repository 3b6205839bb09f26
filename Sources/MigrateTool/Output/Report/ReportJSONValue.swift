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

    /// A string, or null when absent.
    static func optional(_ text: String?) -> ReportJSONValue { text.map { .string($0) } ?? .null }

    /// Pretty-printed with two-space indentation and a final newline.
    func serialized() -> String {
        var output = ""
        write(into: &output, indent: 0)
        return output + "\n"
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
                output += "[\n"
                for (position, element) in elements.enumerated() {
                    output += String(repeating: "  ", count: indent + 1)
                    element.write(into: &output, indent: indent + 1)
                    output += position == elements.count - 1 ? "\n" : ",\n"
                }
                output += String(repeating: "  ", count: indent) + "]"
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
        default: return false
        }
    }
}
