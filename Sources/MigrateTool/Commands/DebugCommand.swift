import SourceScan

/// `observation-migrate debug tokens|decls|bench`: how anyone checks the scanner on real code.
enum DebugCommand: Subcommand {
    static let help = """
        USAGE: observation-migrate debug tokens FILE
               observation-migrate debug decls FILE
               observation-migrate debug bench [--runs N] DIR...
               observation-migrate debug modules [PATH...]

        tokens   one JSON object per token: kind, start, end (byte offsets of the text),
                 leading and trailing trivia ranges. Concatenating the ranges gives the file.
        decls    one line per declaration: kind, name, line:column, attributes, modifiers,
                 inheritance entries; indented by nesting.
        bench    lexes and structures every .swift file under DIR; prints files, MB, MB/s
                 (median of --runs, default 5, after one untimed warm-up read) and peak memory.
        modules  the build graph read from Package.swift manifests and Xcode projects: every
                 module with its kind, file count, dependencies and deployment targets, then
                 the Swift files no target compiles, and what could not be read.
        """

    static func run(_ arguments: [String], output: inout OutputSink) throws -> Int32 {
        guard let subcommand = arguments.first else { throw UsageError("debug needs a subcommand: tokens, decls, bench or modules") }
        var reader = ArgumentReader(Array(arguments.dropFirst()))
        switch subcommand {
        case "tokens", "decls":
            let paths = try reader.finish()
            guard paths.count == 1 else { throw UsageError("debug \(subcommand) takes one FILE") }
            let bytes: [UInt8]
            switch FileSystem.read(paths[0]) {
            case .success(let read): bytes = read
            case .failure(let problem): throw ToolFailure(problem.description)
            }
            let source = SourceFile(path: paths[0], bytes: bytes)
            if subcommand == "tokens" {
                printTokens(source, output: &output)
            } else {
                let structure = FileStructure(source)
                if let problem = FileProblem.nesting(of: structure) { throw ToolFailure(problem.description) }
                printDeclarations(structure, output: &output)
            }
            return 0
        case "bench":
            let runs = Int(try reader.value("--runs") ?? "5") ?? 0
            guard runs > 0 else { throw UsageError("--runs takes a positive whole number") }
            let paths = try reader.finish()
            guard !paths.isEmpty else { throw UsageError("debug bench needs at least one DIR") }
            try TreeLoader.requireExistingPaths(paths)
            return Benchmark.run(paths: paths, runs: runs, output: &output)
        case "modules":
            let paths = try reader.finish()
            try TreeLoader.requireExistingPaths(paths)
            return try ModulesListing.run(paths: paths.isEmpty ? ["."] : paths, output: &output)
        default:
            throw UsageError("unknown debug subcommand '\(subcommand)' (tokens, decls, bench, modules)")
        }
    }

    static func printTokens(_ source: SourceFile, output: inout OutputSink) {
        var line = ""
        for (index, token) in source.tokens.enumerated() {
            line.removeAll(keepingCapacity: true)
            line += "{\"kind\":\"\(token.kind.name)\",\"start\":\(token.start),\"end\":\(token.end),"
            line += "\"leading\":[\(source.leadingStart(of: index)),\(token.start)],\"trailing\":[\(token.end),\(token.trailingEnd)]"
            if token.isMalformed { line += ",\"malformed\":true" }
            line += "}\n"
            output.write(line)
        }
    }

    static func printDeclarations(_ structure: FileStructure, output: inout OutputSink) {
        let lines = LineMap(structure.source.bytes)
        var depth: [Int] = []
        for declaration in structure.declarations {
            let level = declaration.parent.map { depth[$0] + 1 } ?? 0
            depth.append(level)
            let keyword = structure.tokens[declaration.keyword]
            let (line, column) = lines.location(of: Int(keyword.start))
            var text = String(repeating: "  ", count: level)
            text += "\(declaration.kind.rawValue) \(declaration.name.isEmpty ? "_" : declaration.name) \(line):\(column)"
            if !declaration.genericParameters.isEmpty {
                let generics = declaration.genericParameters.map { parameter -> String in
                    guard let constraint = parameter.constraint else { return parameter.name }
                    return "\(parameter.name): \(constraint)"
                }
                text += " generics=[" + generics.joined(separator: ", ") + "]"
            }
            if !declaration.attributes.isEmpty {
                text += " attributes=[" + declaration.attributes.map { "@" + $0.name }.joined(separator: ", ") + "]"
            }
            if !declaration.modifiers.isEmpty {
                text += " modifiers=[" + declaration.modifiers.map { modifier in
                    modifier.word.spelling + (modifier.detail.map { "(\($0))" } ?? "")
                }.joined(separator: ", ") + "]"
            }
            if !declaration.inheritance.isEmpty {
                let label = declaration.kind == .typealias ? "aliases" : "inherits"
                text += " \(label)=[" + declaration.inheritance.map(\.typeName).joined(separator: ", ") + "]"
            }
            if declaration.kind == .variable {
                for binding in declaration.bindings {
                    if let type = binding.typeAnnotation { text += " type=\(structure.compactText(type))" }
                    if binding.initializer != nil { text += " initialized" }
                    if binding.accessorBlock != nil { text += binding.hasObservers ? " observers" : " accessors" }
                }
            }
            if declaration.isConditional { text += " #if" }
            output.write(text + "\n")
        }
    }
}
