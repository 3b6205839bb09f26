import Foundation
import Testing
@testable import MigrateTool

/// `.observation-migrate.json`: every key read, every mistake a one-line error with a position.
@Suite struct LintConfigurationTests {
    /// Parses `text` as a configuration in `/repo`, run from `/repo` unless told otherwise.
    static func parse(_ text: String, workingDirectory: String = "/repo") throws -> Configuration {
        try ConfigurationLoader.parse(Array(text.utf8), path: ".observation-migrate.json", configurationDirectory: "/repo",
                                      workingDirectory: workingDirectory)
    }

    /// The message a configuration fails with.
    static func failure(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func readsEveryKey() throws {
        let configuration = try Self.parse("""
            {
              "include": ["Sources/**"],
              "exclude": ["**/Generated/**", "*.pb.swift"],
              "disabledRules": ["unknown-type"],
              "onlyRules": ["state-object", "published-property"],
              "severity": { "state-object": "error", "published-property": "note" },
              "deploymentTarget": { "iOS": "17.0", "macOS": "14" },
              "unpublishedProperties": "observe",
              "observationImport": "whenNeeded",
              "observablePlacement": "ownLine"
            }
            """)
        #expect(configuration.include == ["/repo/Sources/**", "Sources/**"])
        #expect(configuration.exclude == ["**/Generated/**", "**/*.pb.swift"])
        #expect(configuration.disabledRules == ["unknown-type"])
        #expect(configuration.onlyRules == ["state-object", "published-property"])
        #expect(configuration.severityOverrides == ["state-object": .error, "published-property": .note])
        #expect(configuration.deploymentTarget == ["iOS": "17.0", "macOS": "14"])
        #expect(configuration.unpublishedProperties == .observe)
        #expect(configuration.observationImport == .whenNeeded)
        #expect(configuration.observablePlacement == .ownLine)
        #expect(configuration.source == ".observation-migrate.json")
        #expect(configuration.severity(of: "state-object") == .error)
        #expect(!configuration.isEnabled("unknown-type"))
        #expect(!configuration.isEnabled("observed-object"))
    }

    @Test func anEmptyObjectIsTheDefaults() throws {
        var expected = Configuration()
        expected.source = ".observation-migrate.json"
        #expect(try Self.parse("{}") == expected)
        // The defaults write what careful teams write (catalog, revised 2026-11-23): the tree's own
        // @Observable classes decide for unpublished properties and for import Observation.
        #expect(expected.ruleOptions == RuleOptions(unpublishedProperties: .infer, observationImport: .infer, observablePlacement: .matchFile))
        // Access and `@Bindable` stay as the majority of teams write them unless configured.
        #expect(expected.ruleOptions.environmentAccess == .keep && expected.ruleOptions.stateAccess == .keep)
        #expect(expected.ruleOptions.observedObjectWithoutBindings == .plain)
    }

    @Test func theStyleChoicesTeamsSplitOnAreRead() throws {
        let configuration = try Self.parse(
            "{\"environmentAccess\": \"private\", \"stateAccess\": \"private\", \"observedObjectWithoutBindings\": \"bindable\"}")
        #expect(configuration.ruleOptions.environmentAccess == .private)
        #expect(configuration.ruleOptions.stateAccess == .private)
        #expect(configuration.ruleOptions.observedObjectWithoutBindings == .bindable)
        let spelledOut = try Self.parse("{\"environmentAccess\": \"keep\", \"observedObjectWithoutBindings\": \"plain\"}")
        #expect(spelledOut.ruleOptions == Configuration().ruleOptions)
    }

    @Test func observableTypesAreTypeNamesAsWritten() throws {
        #expect(Configuration().observableTypes.isEmpty)
        let parsed = try Self.parse("{\"observableTypes\": [\"KodiConnector\", \"SwiftlyKodiAPI.KodiPlayer\", \"Prøve\"]}")
        #expect(parsed.observableTypes == ["KodiConnector", "SwiftlyKodiAPI.KodiPlayer", "Prøve"])
    }

    @Test func mistakesAreOneLineWithPositionAndSuggestion() {
        let cases: [(String, String)] = [
            ("{\"exlude\": []}", "1:2: unknown key 'exlude'; did you mean 'exclude'?"),
            ("{\"enabledRules\": []}", "1:2: unknown key 'enabledRules'; did you mean 'onlyRules'?"),
            ("{\"disabled_rules\": []}", "1:2: unknown key 'disabled_rules'; did you mean 'disabledRules'?"),
            ("{\"colour\": true}", "1:2: unknown key 'colour' (known keys: include, exclude, disabledRules, onlyRules, severity, "
                + "deploymentTarget, unpublishedProperties, plumbingProperties, observationImport, observablePlacement, observableAttributeOrder, "
                + "environmentTypeAnnotation, stateInitializerLabel, environmentAccess, stateAccess, observedObjectWithoutBindings, "
                + "manualSends, observableTypes)"),
            ("{\"observableTypes\": \"KodiConnector\"}", "1:2: 'observableTypes' must be an array of strings, not a string"),
            ("{\"observableTypes\": [\"Kodi Connector\"]}",
             "1:2: observableTypes: 'Kodi Connector' is not a type name (an identifier, or identifiers joined by dots)"),
            ("{\"observableTypes\": [\"SwiftlyKodiAPI.\"]}",
             "1:2: observableTypes: 'SwiftlyKodiAPI.' is not a type name (an identifier, or identifiers joined by dots)"),
            ("{\"manualSends\": \"remove\"}", "1:2: 'manualSends' must be one of \"block\", \"delete\", not 'remove'"),
            ("{\"manualSends\": \"Delete\"}", "1:2: 'manualSends' must be one of \"block\", \"delete\", not 'Delete'; did you mean 'delete'?"),
            ("{\"environmentAccess\": \"Private\"}",
             "1:2: 'environmentAccess' must be one of \"keep\", \"private\", not 'Private'; did you mean 'private'?"),
            ("{\"stateAccess\": true}", "1:2: 'stateAccess' must be one of \"keep\", \"private\", not a boolean"),
            ("{\"observedObjectWithoutBindings\": \"bindabel\"}",
             "1:2: 'observedObjectWithoutBindings' must be one of \"plain\", \"bindable\", not 'bindabel'; did you mean 'bindable'?"),
            ("{\"stateInitializerLabel\": \"initialvalue\"}",
             "1:2: 'stateInitializerLabel' must be one of \"infer\", \"initialValue\", \"wrappedValue\", not 'initialvalue'; "
                + "did you mean 'initialValue'?"),
            ("{\"unpublishedProperties\": \"trak\"}",
             "1:2: 'unpublishedProperties' must be one of \"infer\", \"track\", \"ignore\", \"observe\", not 'trak'; did you mean 'track'?"),
            ("{\"unpublishedProperties\": true}", "1:2: 'unpublishedProperties' must be one of \"infer\", \"track\", \"ignore\", \"observe\", not a boolean"),
            ("{\"plumbingProperties\": \"ignored\"}",
             "1:2: 'plumbingProperties' must be one of \"infer\", \"track\", \"ignore\", not 'ignored'; did you mean 'ignore'?"),
            ("{\"observationImport\": \"whenneeded\"}",
             "1:2: 'observationImport' must be one of \"infer\", \"always\", \"whenNeeded\", not 'whenneeded'; did you mean 'whenNeeded'?"),
            ("{\"observablePlacement\": \"own line\"}",
             "1:2: 'observablePlacement' must be one of \"matchFile\", \"ownLine\", \"classLine\", not 'own line'; did you mean 'ownLine'?"),
            ("{\"observationImports\": \"always\"}", "1:2: unknown key 'observationImports'; did you mean 'observationImport'?"),
            ("{\n  \"onlyRules\": [\"stateobject\"]\n}", "2:3: onlyRules: 'stateobject' is not a rule; did you mean 'state-object'?"),
            ("{\"onlyRules\": []}", "1:2: onlyRules is empty, which would turn every rule off; remove the key to run every rule"),
            ("{\"exclude\": \"Generated\"}", "1:2: 'exclude' must be an array of strings, not a string"),
            ("{\"exclude\": [3]}", "1:2: 'exclude' must be an array of strings; found a number"),
            ("{\"exclude\": [\"\"]}", "1:2: 'exclude' holds an empty string"),
            ("{\"severity\": {\"state-object\": \"warn\"}}",
             "1:15: severity of 'state-object' must be \"error\", \"warning\" or \"note\", not 'warn'; did you mean 'warning'? "
                + "(to turn a rule off, list it in disabledRules)"),
            ("{\"severity\": {\"stat-object\": \"error\"}}", "1:15: severity: 'stat-object' is not a rule; did you mean 'state-object'?"),
            ("{\"severity\": []}", "1:2: 'severity' must be an object such as { \"state-object\": \"error\" }, not an array"),
            ("{\"deploymentTarget\": {\"ios\": \"17.0\"}}", "1:23: deploymentTarget: unknown platform 'ios'; did you mean 'iOS'?"),
            ("{\"deploymentTarget\": {\"iOS\": 17}}", "1:23: deploymentTarget: the iOS version must be a string such as \"17.0\", not a number"),
            ("{\"deploymentTarget\": {\"iOS\": \"seventeen\"}}", "1:23: deploymentTarget: 'seventeen' is not a version such as \"17.0\""),
            ("[]", "1:1: the configuration must be a JSON object ({ \"exclude\": [...], ... }), not an array"),
            ("{\"exclude\": [],}", "1:16: invalid JSON: trailing comma before '}'"),
            ("{\"exclude\": [], \"exclude\": []}", "1:17: invalid JSON: duplicate key 'exclude'"),
            ("", "1:1: invalid JSON: unexpected end of file"),
        ]
        for (text, message) in cases {
            #expect(Self.failure(text) == ".observation-migrate.json:\(message)", "\(text)")
        }
    }

    @Test func invalidUTF8IsReportedWhereItIs() {
        let bytes: [UInt8] = Array("{\n \"exclude\": [\"".utf8) + [0xFF] + Array("\"]}".utf8)
        #expect(throws: ToolFailure.self) {
            try ConfigurationLoader.parse(bytes, path: "c.json", configurationDirectory: "/", workingDirectory: "/")
        }
        do {
            _ = try ConfigurationLoader.parse(bytes, path: "c.json", configurationDirectory: "/", workingDirectory: "/")
        } catch {
            #expect("\(error)" == "c.json:2:15: not UTF-8 text")
        }
    }

    // MARK: Globs relative to the configuration's folder

    @Test func globsKeepTheirMeaningFromASubfolder() {
        func rebase(_ pattern: String, from workingDirectory: String) -> [String] {
            GlobRebase.rebase(pattern, configurationDirectory: "/repo", workingDirectory: workingDirectory)
        }
        // From the configuration's own folder: as written, plus the absolute form.
        #expect(rebase("Sources/Generated/**", from: "/repo") == ["/repo/Sources/Generated/**", "Sources/Generated/**"])
        // From a subfolder, the walker sees paths without the subfolder's components.
        #expect(rebase("Sources/Generated/**", from: "/repo/Sources") == ["/repo/Sources/Generated/**", "Generated/**"])
        #expect(rebase("Sources/*/Generated/", from: "/repo/Sources/App") == ["/repo/Sources/*/Generated/", "Generated/"])
        #expect(rebase("Sources/**/Mocks/**", from: "/repo/Sources/App") == ["/repo/Sources/**/Mocks/**", "**/Mocks/**"])
        // A glob for another folder cannot match below this one: only its absolute form is kept.
        #expect(rebase("Tests/**", from: "/repo/Sources") == ["/repo/Tests/**"])
        // A glob naming an ancestor of the working directory covers all of it.
        #expect(rebase("Sources/", from: "/repo/Sources/App") == ["/repo/Sources/", "**"])
        // From outside, through a relative path.
        #expect(rebase("Sources/**", from: "/other") == ["/repo/Sources/**", "../repo/Sources/**"])
        #expect(rebase("Sources/**", from: "/") == ["/repo/Sources/**", "repo/Sources/**"])
        // Names and `**/` globs mean the same from anywhere.
        #expect(rebase("*.generated.swift", from: "/repo/Sources") == ["**/*.generated.swift"])
        #expect(rebase("**/Mocks/**", from: "/repo/Sources") == ["**/Mocks/**"])
        #expect(rebase("./Sources/A.swift", from: "/repo") == ["/repo/Sources/A.swift", "Sources/A.swift"])
    }

    @Test func rebasedGlobsMatchWhatTheWalkerSees() {
        // Bare names match at any depth, including the top and under absolute paths.
        for path in ["A.pb.swift", "Sources/A.pb.swift", "/repo/Sources/Deep/A.pb.swift"] {
            #expect(GlobRebase.rebase("*.pb.swift", configurationDirectory: "/repo", workingDirectory: "/repo")
                .contains { Glob.matches($0, path: path) }, "\(path)")
        }
        #expect(!Glob.matches("**/*.pb.swift", path: "Sources/A.swift"))
        // An anchored glob, from the configuration's folder and from below it.
        let anchored = GlobRebase.rebase("Sources/Generated/**", configurationDirectory: "/repo", workingDirectory: "/repo/Sources")
        #expect(anchored.contains { Glob.matches($0, path: "Generated/X.swift") })
        #expect(anchored.contains { Glob.matches($0, path: "/repo/Sources/Generated/X.swift") })
        #expect(!anchored.contains { Glob.matches($0, path: "Other/Generated/X.swift") })
    }

    @Test func includeByNameKeepsNestedFiles() throws {
        let tree = try LintTestSupport.copy("Legacy", adding: [".observation-migrate.json": #"{ "include": ["Counter*.swift"], "exclude": ["CounterView.swift"] }"#])
        let result = try BinaryRunner.run(["lint"], in: tree)
        let lines = LintTestSupport.lines(result.stdout)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("Sources/Counter.swift:") })
    }

    @Test func theNearestFileIsFoundWalkingUp() throws {
        let tree = try BinaryRunner.makeTree([
            ".observation-migrate.json": "{}",
            "App/Sources/Model.swift": "",
            "App/.observation-migrate.json": "{}",
        ])
        let root = PathArithmetic.resolved(tree.path)
        #expect(ConfigurationLoader.find(from: root + "/App/Sources") == root + "/App/.observation-migrate.json")
        #expect(ConfigurationLoader.find(from: root) == root + "/.observation-migrate.json")
    }

    // MARK: Path arithmetic

    @Test func pathArithmetic() {
        #expect(PathArithmetic.normalize("a/./b/../c//d/") == "a/c/d")
        #expect(PathArithmetic.normalize("../a/../../b") == "../../b")
        #expect(PathArithmetic.normalize("/../a") == "/a")
        #expect(PathArithmetic.normalize("./") == ".")
        #expect(PathArithmetic.absolute("Sources/A.swift", in: "/repo/") == "/repo/Sources/A.swift")
        #expect(PathArithmetic.absolute("/x/y", in: "/repo") == "/x/y")
        #expect(PathArithmetic.relative(from: "/a/b", to: "/a/c/d") == "../c/d")
        #expect(PathArithmetic.relative(from: "/a", to: "/a") == ".")
        #expect(PathArithmetic.relative(from: "/", to: "/a/b") == "a/b")
        #expect(PathArithmetic.relative(from: "/a/b/c", to: "/a") == "../..")
    }
}
