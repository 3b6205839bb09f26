import Foundation
import SourceScan

/// Reads an Xcode project (`project.pbxproj`, an old-style property list) into a
/// `BuildDescription`: native targets with the Swift files of their sources build phase and
/// their Xcode 16 synchronized folders (with membership exceptions), target and package-product
/// dependencies, module names and deployment targets per target (every configuration, with
/// `.xcconfig` files and their includes).
///
/// Foundation's `PropertyListSerialization` parses the format on Linux too; this type only walks
/// the objects it returns. `readFile` gives the bytes of a file (an `.xcconfig`), so tests can
/// run on strings.
struct XcodeProjectReader {
    /// Why a project could not be read.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// Absolute path of `…/X.xcodeproj/project.pbxproj`.
    let path: String
    let readFile: (String) -> [UInt8]?

    private typealias Object = [String: Any]

    /// Reads the project in `bytes`.
    func read(_ bytes: [UInt8]) -> Result<BuildDescription, Failure> {
        if let problem = OldStylePlistCheck.problem(bytes) { return .failure(Failure(reason: "not a property list: \(problem)")) }
        let parsed: Any
        do {
            parsed = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            return .failure(Failure(reason: "not a property list"))
        }
        guard let root = parsed as? Object, let objects = root["objects"] as? [String: Any],
              let projectID = root["rootObject"] as? String, let project = objects[projectID] as? Object else {
            return .failure(Failure(reason: "no project object"))
        }
        let bundle = PathName.parent(path)
        var projectDirectory = PathName.parent(bundle)
        if let directory = project["projectDirPath"] as? String, !directory.isEmpty {
            projectDirectory = PathName.absolute(directory, in: projectDirectory)
        }
        var walker = ObjectWalker(objects: objects, projectDirectory: projectDirectory)
        if let mainGroup = project["mainGroup"] as? String { walker.locate(mainGroup, parent: projectDirectory) }
        let settingOffsets = Self.settingOffsets(bytes)
        let projectSettings = walker.settings(ofList: project["buildConfigurationList"] as? String, readFile: readFile)

        // Membership exceptions of synchronized folders, by target, and local packages (either
        // kind of reference): one pass
        // over the objects (a large project has thousands; each cast costs).
        var exceptionsByTarget: [String: [(folder: String, paths: [String])]] = [:]
        var packageRoots: [String: String] = [:]
        for (id, value) in objects {
            guard let object = value as? Object else { continue }
            switch object["isa"] as? String {
            case "PBXFileSystemSynchronizedRootGroup":
                guard let folder = walker.paths[id] else { continue }
                for exceptionID in object["exceptions"] as? [String] ?? [] {
                    guard let exception = objects[exceptionID] as? Object,
                          (exception["isa"] as? String) == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                          let target = exception["target"] as? String else { continue }
                    let paths = (exception["membershipExceptions"] as? [String] ?? []).map { PathName.absolute($0, in: folder) }
                    exceptionsByTarget[target, default: []].append((folder, paths))
                }
            case "XCLocalSwiftPackageReference":
                if let relative = object["relativePath"] as? String { packageRoots[id] = PathName.absolute(relative, in: projectDirectory) }
            case "PBXFileReference":
                // A local package dragged into the project before Xcode 15 is a folder reference
                // (`lastKnownFileType = wrapper`, `path = ../..`), not an
                // XCLocalSwiftPackageReference: its folder holds a `Package.swift`.
                guard ["wrapper", "folder"].contains(object["lastKnownFileType"] as? String ?? ""),
                      let folder = walker.path(of: id), readFile(PathName.absolute("Package.swift", in: folder)) != nil else { continue }
                packageRoots[id] = folder
            default:
                continue
            }
        }

        var targets: [TargetDescription] = []
        var namesByID: [String: String] = [:]
        // What is broken is skipped, and said: a project Xcode would not open must not pass for
        // one without targets or deployment targets.
        var problems: [String] = []
        if project["targets"] != nil, !(project["targets"] is [String]) { problems.append("the project's 'targets' is not a list of object ids") }
        if project["buildConfigurationList"] != nil, walker.settingsListIsMissing(project["buildConfigurationList"]) {
            problems.append("the project's build configuration list is not an object of the project; its settings are unknown")
        }
        let targetIDs = project["targets"] as? [String] ?? []
        for id in targetIDs {
            if let target = objects[id] as? Object, let name = target["name"] as? String { namesByID[id] = name }
        }
        for id in targetIDs {
            guard let target = objects[id] as? Object else {
                problems.append("target \(id) is not an object of the project")
                continue
            }
            guard let isa = target["isa"] as? String else {
                problems.append("target \(namesByID[id] ?? id) has no 'isa'")
                continue
            }
            guard isa == "PBXNativeTarget", let name = target["name"] as? String else {
                if !["PBXAggregateTarget", "PBXLegacyTarget", "PBXNativeTarget"].contains(isa) {
                    problems.append("target \(namesByID[id] ?? id) is of an unknown kind ('\(isa)'); skipped")
                }
                continue
            }
            if target["buildConfigurationList"] != nil, walker.settingsListIsMissing(target["buildConfigurationList"]) {
                problems.append("target '\(name)' has no build configuration list; its deployment target is unknown")
            }
            var files: [String] = []
            for phaseID in target["buildPhases"] as? [String] ?? [] {
                guard let phase = objects[phaseID] as? Object, (phase["isa"] as? String) == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"] as? [String] ?? [] {
                    guard let buildFile = objects[buildFileID] as? Object, let reference = buildFile["fileRef"] as? String,
                          let file = walker.path(of: reference), file.hasSuffix(".swift") else { continue }
                    files.append(file)
                }
            }
            var folders: [TargetDescription.Folder] = []
            let ownGroups = target["fileSystemSynchronizedGroups"] as? [String] ?? []
            let ownFolders = Set(ownGroups.compactMap { walker.paths[$0] })
            let exceptions = exceptionsByTarget[id] ?? []
            for folder in ownFolders.sorted() {
                let excluded = exceptions.filter { $0.folder == folder }.flatMap(\.paths)
                folders.append(TargetDescription.Folder(path: folder, excluded: excluded))
            }
            // An exception for a target that does not have the folder adds the files to it.
            for exception in exceptions where !ownFolders.contains(exception.folder) {
                files += exception.paths.filter { $0.hasSuffix(".swift") }
            }
            var dependencies: [TargetDescription.Dependency] = []
            for dependencyID in target["dependencies"] as? [String] ?? [] {
                if let dependency = objects[dependencyID] as? Object, let targetID = dependency["target"] as? String,
                   let dependencyName = namesByID[targetID] {
                    dependencies.append(.target(dependencyName))
                }
            }
            for productID in target["packageProductDependencies"] as? [String] ?? [] {
                guard let product = objects[productID] as? Object, let productName = product["productName"] as? String else { continue }
                guard let package = product["package"] as? String else {
                    // Xcode writes no `package` for a product of a local package (added by
                    // dragging its folder in): it comes from one of the project's local packages,
                    // whichever declares it. Without any, the package was added to the workspace
                    // beside the project: any package of the tree declaring the product.
                    let roots = Set(packageRoots.values).sorted()
                    dependencies += roots.isEmpty ? [.workspaceProduct(name: productName)]
                        : roots.map { .product(name: productName, packageRoot: $0) }
                    continue
                }
                dependencies.append(.product(name: productName, packageRoot: packageRoots[package]))
            }
            let settings = walker.settings(ofList: target["buildConfigurationList"] as? String, readFile: readFile)
            let resolved = settings.map { configuration in
                projectSettings.first(where: { $0.name == configuration.name }).map { configuration.inheriting($0) } ?? configuration
            }
            let productType = target["productType"] as? String ?? ""
            targets.append(TargetDescription(
                name: name, moduleName: Self.moduleName(target: name, settings: resolved),
                isTest: productType.contains("test"), files: files, folders: folders, dependencies: dependencies,
                deployments: Self.deployments(resolved.isEmpty ? projectSettings : resolved, projectPath: path, offsets: settingOffsets),
                isMainActorByDefault: (resolved.isEmpty ? projectSettings : resolved).contains {
                    $0.values["SWIFT_DEFAULT_ACTOR_ISOLATION"]?.value.trimming(charactersIn: "\"") == "MainActor"
                }))
        }
        let name = PathName.lastComponent(bundle).replacingOccurrences(of: ".xcodeproj", with: "")
        var description = BuildDescription(kind: .xcodeProject, path: path, root: projectDirectory, name: name, targets: targets)
        description.problems = problems
        return .success(description)
    }

    /// `PRODUCT_MODULE_NAME`, else a literal `PRODUCT_NAME`, else the target's name, as a module name.
    static func moduleName(target: String, settings: [BuildSettings]) -> String {
        for key in ["PRODUCT_MODULE_NAME", "PRODUCT_NAME"] {
            if let value = settings.lazy.compactMap({ $0.values[key]?.value }).first, !value.contains("$") {
                return PathName.moduleName(value)
            }
        }
        return PathName.moduleName(target)
    }

    /// The platforms a target builds for, from `SDKROOT` and `SUPPORTED_PLATFORMS`; nil when
    /// the settings do not say (every deployment setting then counts).
    static func platforms(_ settings: BuildSettings) -> Set<String>? {
        let sdkPlatforms = ["iphoneos": "iOS", "iphonesimulator": "iOS", "macosx": "macOS", "appletvos": "tvOS",
                            "appletvsimulator": "tvOS", "watchos": "watchOS", "watchsimulator": "watchOS",
                            "xros": "visionOS", "xrsimulator": "visionOS"]
        var words: [String] = []
        if let sdk = settings.values["SDKROOT"]?.value, sdk != "auto" { words.append(sdk) }
        if let supported = settings.values["SUPPORTED_PLATFORMS"]?.value { words += supported.split(separator: " ").map(String.init) }
        var result = Set(words.compactMap { sdkPlatforms[$0.lowercased()] })
        if settings.values["SUPPORTS_MACCATALYST"]?.value == "YES", result.contains("iOS") { result.insert("macOS") }
        return result.isEmpty ? nil : result
    }

    static let deploymentKeys: [String: String] = [
        "IPHONEOS_DEPLOYMENT_TARGET": "iOS", "MACOSX_DEPLOYMENT_TARGET": "macOS", "TVOS_DEPLOYMENT_TARGET": "tvOS",
        "WATCHOS_DEPLOYMENT_TARGET": "watchOS", "XROS_DEPLOYMENT_TARGET": "visionOS",
    ]

    /// The lowest deployment target per platform the target builds for, over its configurations.
    static func deployments(_ configurations: [BuildSettings], projectPath: String, offsets: [String: Int]) -> [TargetDescription.Deployment] {
        var lowest: [String: TargetDescription.Deployment] = [:]
        for configuration in configurations {
            let platforms = Self.platforms(configuration)
            for (key, platform) in deploymentKeys {
                guard platforms?.contains(platform) ?? true, let setting = configuration.values[key],
                      let first = setting.value.first, first.isNumber else { continue }
                var location = (path: setting.path ?? projectPath, offset: setting.offset ?? 0)
                if setting.path == nil { location.offset = offsets["\(key)=\(setting.value)"] ?? 0 }
                let found = TargetDescription.Deployment(platform: platform, version: setting.value, path: location.path, offset: location.offset)
                if let current = lowest[platform], !VersionNumber.precedes(setting.value, current.version) { continue }
                lowest[platform] = found
            }
        }
        return lowest.keys.sorted().map { lowest[$0]! }
    }

    /// Where each `*_DEPLOYMENT_TARGET = value;` first appears in the project's bytes, by
    /// `KEY=value` (quotes dropped): one pass, however many targets and configurations ask.
    static func settingOffsets(_ bytes: [UInt8]) -> [String: Int] {
        var offsets: [String: Int] = [:]
        // Only the lines holding the key are read as text: building a string of every line of a
        // 6,000-object project cost a third of reading it.
        let key = Array("_DEPLOYMENT_TARGET".utf8)
        var searchFrom = 0
        while let found = firstOccurrence(of: key, in: bytes, from: searchFrom) {
            var lineStart = found
            while lineStart > 0, !Byte.isLineBreak(bytes[lineStart - 1]) { lineStart -= 1 }
            let lineEnd = bytes[found...].firstIndex(where: Byte.isLineBreak) ?? bytes.count
            searchFrom = lineEnd
            var start = lineStart
            while start < lineEnd, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            let line = String(decoding: bytes[start..<lineEnd], as: UTF8.self)
            if let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingCharacters(in: CharacterSet(charactersIn: " \t\""))
                let value = line[line.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t;\""))
                if offsets["\(key)=\(value)"] == nil { offsets["\(key)=\(value)"] = start }
            }
        }
        return offsets
    }

    /// Where `needle` first occurs in `bytes` at or after `start`.
    private static func firstOccurrence(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var position = start
        while position <= bytes.count - needle.count {
            guard let candidate = bytes[position...(bytes.count - needle.count)].firstIndex(of: first) else { return nil }
            if bytes[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            position = candidate + 1
        }
        return nil
    }

    /// Walks the group tree, giving every file reference and group its absolute path.
    private struct ObjectWalker {
        let objects: [String: Any]
        let projectDirectory: String
        var paths: [String: String] = [:]

        init(objects: [String: Any], projectDirectory: String) {
            self.objects = objects
            self.projectDirectory = projectDirectory
        }

        mutating func locate(_ id: String, parent: String, depth: Int = 0) {
            guard depth < 64, paths[id] == nil, let object = objects[id] as? Object else { return }
            guard let location = Self.location(object, parent: parent, projectDirectory: projectDirectory) else { return }
            paths[id] = location
            for child in object["children"] as? [String] ?? [] { locate(child, parent: location, depth: depth + 1) }
        }

        /// A reference's path by its `sourceTree`; nil for trees outside the project
        /// (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`).
        static func location(_ object: Object, parent: String, projectDirectory: String) -> String? {
            let path = object["path"] as? String
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<group>": return path.map { PathName.absolute($0, in: parent) } ?? parent
            case "SOURCE_ROOT": return path.map { PathName.absolute($0, in: projectDirectory) } ?? projectDirectory
            case "<absolute>": return path.map(PathName.normalize)
            default: return nil
            }
        }

        /// The path of a file reference, found through the group tree or, for one no group
        /// holds, from its own `sourceTree`.
        func path(of id: String) -> String? {
            if let known = paths[id] { return known }
            guard let object = objects[id] as? Object else { return nil }
            return Self.location(object, parent: projectDirectory, projectDirectory: projectDirectory)
        }

        /// Whether a configuration list reference leads to no list object (absent, or dangling).
        func settingsListIsMissing(_ reference: Any?) -> Bool {
            guard let listID = reference as? String, let list = objects[listID] as? Object else { return true }
            return !(list["buildConfigurations"] is [String])
        }

        /// The settings of each configuration of a configuration list, with its `.xcconfig`.
        func settings(ofList listID: String?, readFile: (String) -> [UInt8]?) -> [BuildSettings] {
            guard let listID, let list = objects[listID] as? Object else { return [] }
            return (list["buildConfigurations"] as? [String] ?? []).compactMap { id in
                guard let configuration = objects[id] as? Object else { return nil }
                var settings = BuildSettings(name: configuration["name"] as? String ?? "")
                for (key, value) in configuration["buildSettings"] as? Object ?? [:] {
                    if let text = value as? String { settings.values[key] = .init(value: text, path: nil, offset: nil) }
                    if let list = value as? [String] { settings.values[key] = .init(value: list.joined(separator: " "), path: nil, offset: nil) }
                }
                // The configuration file: a file reference, or (Xcode 16) a path inside a
                // synchronized folder.
                var xcconfig: String?
                if let reference = configuration["baseConfigurationReference"] as? String { xcconfig = path(of: reference) }
                if let anchor = configuration["baseConfigurationReferenceAnchor"] as? String, let folder = path(of: anchor),
                   let relative = configuration["baseConfigurationReferenceRelativePath"] as? String {
                    xcconfig = PathName.absolute(relative, in: folder)
                }
                if let xcconfig {
                    settings = settings.inheriting(BuildSettings.xcconfig(at: xcconfig, name: settings.name, readFile: readFile))
                }
                return settings
            }
        }
    }
}

/// The build settings of one configuration, each with where it was set (nil: the project file).
struct BuildSettings {
    /// One setting's value and origin.
    struct Setting {
        var value: String
        var path: String?
        var offset: Int?
    }

    var name: String
    var values: [String: Setting] = [:]

    /// These settings over `base`: a key set here wins, unless its value only refers back to
    /// the inherited one (`$(inherited)`, `$(KEY)`), which then stands.
    func inheriting(_ base: BuildSettings) -> BuildSettings {
        var result = self
        for (key, setting) in base.values {
            if let own = result.values[key], !own.value.contains("$(inherited)"), own.value != "$(\(key))", own.value != "${\(key)}" {
                continue
            }
            result.values[key] = setting
        }
        return result
    }

    /// Reads an `.xcconfig` file and its `#include`s (relative to it; `#include?` may be missing).
    /// A conditional key (`KEY[sdk=iphoneos*]`) counts as the key: the lowest value decides anyway.
    static func xcconfig(at path: String, name: String, readFile: (String) -> [UInt8]?, depth: Int = 0) -> BuildSettings {
        var settings = BuildSettings(name: name)
        guard depth < 16, let bytes = readFile(path) else { return settings }
        for (line, offset) in lines(of: bytes) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close else { continue }
                let included = String(trimmed[trimmed.index(after: open)..<close])
                let nested = xcconfig(at: PathName.absolute(included, in: PathName.parent(path)), name: name, readFile: readFile, depth: depth + 1)
                // Later lines override what an include set; an include overrides earlier lines.
                for (key, setting) in nested.values { settings.values[key] = setting }
                continue
            }
            guard !trimmed.hasPrefix("//"), let equals = trimmed.firstIndex(of: "=") else { continue }
            var key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            if let bracket = key.firstIndex(of: "[") { key = String(key[..<bracket]) }
            var value = trimmed[trimmed.index(after: equals)...]
            if let comment = value.range(of: "//") { value = value[..<comment.lowerBound] }
            let column = line.utf8.count - line.drop(while: { $0 == " " || $0 == "\t" }).utf8.count
            let cleaned = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t;\""))
            if let current = settings.values[key], current.path == path, VersionNumber.precedes(current.value, cleaned) { continue }
            settings.values[key] = Setting(value: cleaned, path: path, offset: offset + column)
        }
        return settings
    }

    /// The lines of a text file with the byte offset of each, whichever line breaks it uses
    /// (`\n`, `\r\n`, a lone `\r`), as `LineMap` finds them. Splitting a `String` at `"\n"`
    /// would not split at `\r\n`, which Swift reads as one character.
    static func lines(of bytes: [UInt8]) -> [(text: String, offset: Int)] {
        let starts = LineMap(bytes).lineStarts
        return starts.indices.map { position in
            let start = starts[position]
            var end = position + 1 < starts.count ? starts[position + 1] : bytes.count
            while end > start, Byte.isLineBreak(bytes[end - 1]) { end -= 1 }
            return (String(decoding: bytes[start..<end], as: UTF8.self), start)
        }
    }
}

/// Dotted version numbers compared numerically (`9.0` < `16.4`).
enum VersionNumber {
    /// Whether `left` is a lower version than `right`. Components compare as whole numbers of
    /// any length (`99999999999999999999` is no overflow to 0); one that is not a number is 0.
    static func precedes(_ left: String, _ right: String) -> Bool {
        let parse = { (text: String) -> [Substring] in
            text.split(separator: ".", omittingEmptySubsequences: false).map { part in
                guard !part.isEmpty, part.allSatisfy(\.isASCIIDigit) else { return "0" }
                let digits = part.drop { $0 == "0" }
                return digits.isEmpty ? "0" : digits
            }
        }
        var (a, b) = (parse(left), parse(right))
        while a.count < b.count { a.append("0") }
        while b.count < a.count { b.append("0") }
        for (x, y) in zip(a, b) where x != y {
            return x.count != y.count ? x.count < y.count : x < y
        }
        return false
    }
}

extension Character {
    /// `0` through `9`.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
