import Foundation
import Testing
@testable import MigrateTool

/// The JSON report: parses, carries the documented keys in a stable order, and agrees with the
/// JSON Schema in docs/report.schema.json.
@Suite struct JSONReportTests {
    static let analysis = ReportTestTree.analysis()
    static let json = JSONReport.render(analysis, options: ReportOptions())

    /// The report parsed by Foundation, as a consumer would.
    static func parsed() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func parsesWithSchemaVersionOneAndTheDocumentedTopLevelKeys() throws {
        let object = try Self.parsed()
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(Set(object.keys) == ["schemaVersion", "tool", "summary", "deploymentTargets", "findingsByRule", "units",
                                      "findings", "problems", "outsideBuild"])
    }

    @Test func keysAreWrittenInTheDocumentedOrder() {
        // Key order is part of the promise (diffable output); JSONSerialization would lose it.
        let order = ["schemaVersion", "tool", "summary", "deploymentTargets", "findingsByRule", "units", "findings", "problems"]
        // Top-level keys are the ones indented by exactly two spaces.
        let positions = order.compactMap { Self.json.range(of: "\n  \"\($0)\": ")?.lowerBound }
        #expect(positions.count == order.count)
        #expect(positions == positions.sorted())
    }

    @Test func summaryFigures() throws {
        let summary = try #require(try Self.parsed()["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 3)
        #expect(summary["lines"] as? Int == 44)
        #expect(summary["models"] as? Int == 3)
        #expect(summary["deploymentAllowsObservation"] as? Bool == false)
        let units = try #require(summary["units"] as? [String: Int])
        #expect(units == ["total": 3, "ready": 1, "needsUnsafeFixes": 1, "blocked": 1, "refusedForDeploymentTarget": 2])
        let findings = try #require(summary["findings"] as? [String: Int])
        #expect(findings["total"] == (findings["safe"] ?? 0) + (findings["review"] ?? 0) + (findings["manual"] ?? 0) + (findings["notes"] ?? 0))
        #expect(findings["blockers"] == 1)
    }

    @Test func unitsAreSortedByNameWithVerdictTokens() throws {
        let units = try #require(try Self.parsed()["units"] as? [[String: Any]])
        #expect(units.compactMap { $0["name"] as? String } == ["Counter", "Loader", "Search"])
        #expect(units.compactMap { $0["verdict"] as? String } == ["ready", "needs-unsafe-fixes", "blocked"])
        #expect(units[2]["path"] as? String == "App/Models.swift")
        #expect(units[2]["line"] as? Int == 16)
    }

    @Test func eachUnitListsWhereItsMembersAreDeclared() throws {
        let units = try #require(try Self.parsed()["units"] as? [[String: Any]])
        let search = try #require(units.last?["declarations"] as? [[String: Any]])
        #expect(search.count == 1)
        #expect(search.first?["name"] as? String == "Search")
        #expect(search.first?["path"] as? String == "App/Models.swift")
        #expect(search.first?["line"] as? Int == 16)
        // The tree's manifest compiles App/ as the target App.
        #expect(search.first?["modules"] as? [String] == ["App"])
        for unit in units {
            let names = (unit["declarations"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names == unit["members"] as? [String])
        }
    }

    @Test func unitFindingIndicesPointAtTheUnitsFindings() throws {
        let object = try Self.parsed()
        let units = try #require(object["units"] as? [[String: Any]])
        let findings = try #require(object["findings"] as? [[String: Any]])
        for unit in units {
            let indices = try #require(unit["findings"] as? [Int])
            #expect(!indices.isEmpty)
            for index in indices {
                let finding = findings[index]
                let owners = [finding["unit"] as? String] + ((finding["alsoUnits"] as? [String]) ?? [])
                #expect(owners.contains(unit["name"] as? String))
            }
        }
    }

    @Test func blockerFindingCarriesEveryDocumentedField() throws {
        let findings = try #require(try Self.parsed()["findings"] as? [[String: Any]])
        let blocker = try #require(findings.first { $0["blocker"] as? Bool == true })
        #expect(blocker["ruleId"] as? String == "published-publisher")
        #expect(blocker["fixClass"] as? String == "manual")
        #expect(blocker["note"] as? Bool == false)
        #expect(blocker["path"] as? String == "App/Models.swift")
        #expect(blocker["line"] as? Int == 21)
        #expect(blocker["column"] as? Int == 9)
        #expect(blocker["unit"] as? String == "Search")
        #expect((blocker["suggestion"] as? String)?.contains("rename") == true)
        #expect(["note", "warning", "error"].contains(blocker["severity"] as? String))
        #expect(blocker["message"] is String)
    }

    @Test func findingsAreOrderedByPathLineColumnRule() throws {
        let findings = try #require(try Self.parsed()["findings"] as? [[String: Any]])
        let keys = findings.map { ($0["path"] as? String ?? "", $0["line"] as? Int ?? 0, $0["column"] as? Int ?? 0, $0["ruleId"] as? String ?? "") }
        #expect(keys.count == Self.analysis.findings.count)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func treeLevelFindingsHaveNullUnit() throws {
        let findings = try #require(try Self.parsed()["findings"] as? [[String: Any]])
        let unknown = try #require(findings.first { $0["ruleId"] as? String == "unknown-type" })
        #expect(unknown["unit"] is NSNull)
    }

    @Test func sameInputSameBytes() {
        #expect(JSONReport.render(ReportTestTree.analysis(), options: ReportOptions()) == Self.json)
    }

    @Test func validatesAgainstTheSchemaFile() throws {
        let schema = try JSONSchemaSubset.load(ReportTestTree.repositoryRoot.appendingPathComponent("docs/report.schema.json"))
        let instance = try JSONSerialization.jsonObject(with: Data(Self.json.utf8))
        #expect(JSONSchemaSubset.errors(instance, schema: schema) == [])
    }

    @Test func theDocumentedExampleValidatesAgainstTheSchema() throws {
        let markdown = try String(contentsOf: ReportTestTree.repositoryRoot.appendingPathComponent("docs/report-json.md"), encoding: .utf8)
        let example = try #require(markdown.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let instance = try JSONSerialization.jsonObject(with: Data(example.utf8))
        let schema = try JSONSchemaSubset.load(ReportTestTree.repositoryRoot.appendingPathComponent("docs/report.schema.json"))
        #expect(JSONSchemaSubset.errors(instance, schema: schema) == [])
    }

    @Test func theSchemaRejectsAReportMissingAKey() throws {
        // The validator must be able to fail, or the two tests above prove nothing.
        let schema = try JSONSchemaSubset.load(ReportTestTree.repositoryRoot.appendingPathComponent("docs/report.schema.json"))
        var object = try Self.parsed()
        object["units"] = nil
        object["extra"] = 1
        let errors = JSONSchemaSubset.errors(object, schema: schema)
        #expect(errors.contains("$: missing units"))
        #expect(errors.contains("$: unexpected extra"))
    }

    @Test func stringsAreEscapedForJSON() throws {
        var analysis = Self.analysis
        let tricky = "quote \" backslash \\ newline \n tab \t bell \u{07} separator \u{2028} é 🙂"
        analysis.findings[0].message = tricky
        let object = try #require(try JSONSerialization.jsonObject(with: Data(JSONReport.render(analysis, options: ReportOptions()).utf8)) as? [String: Any])
        let messages = (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains(tricky))
    }
}

/// A validator for the part of JSON Schema that docs/report.schema.json uses (`type`, `required`,
/// `properties`, `additionalProperties: false`, `items`, `enum`, `const`, `$ref` into `$defs`), so
/// the schema file is checked against real output without a dependency.
enum JSONSchemaSubset {
    /// Reads a schema file.
    static func load(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// Every violation, as `path: problem`; empty when `instance` conforms.
    static func errors(_ instance: Any, schema: [String: Any]) -> [String] {
        var errors: [String] = []
        check(instance, schema, root: schema, path: "$", errors: &errors)
        return errors
    }

    /// Checks `instance` against `schema`, appending violations; `root` resolves `$ref`.
    static func check(_ instance: Any, _ schema: [String: Any], root: [String: Any], path: String, errors: inout [String]) {
        if let reference = schema["$ref"] as? String {
            let name = String(reference.dropFirst("#/$defs/".count))
            guard let target = (root["$defs"] as? [String: Any])?[name] as? [String: Any] else {
                errors.append("\(path): unresolved \(reference)")
                return
            }
            check(instance, target, root: root, path: path, errors: &errors)
            return
        }
        if let types = schema["type"] {
            let allowed = (types as? [String]) ?? [types as? String ?? ""]
            guard allowed.contains(where: { matches(instance, type: $0) }) else {
                errors.append("\(path): expected \(allowed.joined(separator: "|"))")
                return
            }
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { "\($0)" == "\(instance)" }) {
            errors.append("\(path): \(instance) not in enum")
        }
        if let constant = schema["const"], "\(constant)" != "\(instance)" { errors.append("\(path): expected \(constant)") }
        if let object = instance as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { errors.append("\(path): missing \(key)") }
            if schema["additionalProperties"] as? Bool == false {
                for key in object.keys.sorted() where properties[key] == nil { errors.append("\(path): unexpected \(key)") }
            }
            for (key, value) in object {
                if let property = properties[key] as? [String: Any] {
                    check(value, property, root: root, path: "\(path).\(key)", errors: &errors)
                }
            }
        }
        if let array = instance as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() { check(element, items, root: root, path: "\(path)[\(index)]", errors: &errors) }
        }
    }

    /// Whether a Foundation-parsed value has a JSON Schema type (NSNumber booleans told apart).
    static func matches(_ value: Any, type: String) -> Bool {
        // JSONSerialization gives booleans as NSNumbers of type `c` (char); integers are `i`, `q`, `d`.
        let isBool = (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "null": return value is NSNull
        case "boolean": return isBool
        case "integer": return !isBool && (value as? NSNumber).map { $0.doubleValue.rounded() == $0.doubleValue } == true
        case "number": return !isBool && value is NSNumber
        default: return false
        }
    }
}
