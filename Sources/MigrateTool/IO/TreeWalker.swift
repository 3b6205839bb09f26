import SourceScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a walk over the user's paths found: the Swift files to scan, the project files that
/// carry a deployment target, and every path it had to skip, with the reason.
struct WalkResult: Sendable {
    /// Swift files, as paths the user can open (relative when the input was relative), sorted.
    var swiftFiles: [String] = []
    /// `Package.swift`, `project.pbxproj` and `.xcconfig` files, sorted.
    var projectFiles: [String] = []
    var problems: [FileProblem] = []
    /// Swift files reached through a symbolic link (or a file system that does not say): the
    /// only ones that can be the same file as another path.
    var linkedSwiftFiles: [String] = []
    /// Indices into `TreeWalker.excludeGlobs` of the globs that left something out.
    var usedExcludes: Set<Int> = []
    /// Folders an exclude glob kept the walk out of: a glob for files inside one (`Gen/**` beside
    /// `Gen`) was never tried on them, but is no typo.
    var excludedFolders: [String] = []

    /// Whether the exclude glob at `index` of `globs` left something out, or would have, had
    /// another glob not kept the walk out of the folder first.
    func excludeMatters(_ index: Int, globs: [String]) -> Bool {
        usedExcludes.contains(index) || excludedFolders.contains { folder in
            Glob.matches(globs[index], path: folder + "/x.swift") || Glob.matches(globs[index], path: folder + "/x/x.swift")
        }
    }
}

/// Finds the files under the given paths, skipping build output and hidden folders, following
/// symbolic links without ever entering the same directory twice.
struct TreeWalker {
    /// Folder names never entered: build products and dependency checkouts.
    static let defaultExcludedNames: Set<String> = [".build", ".swiftpm", "Pods", "Carthage", "DerivedData"]

    /// Extra user globs (`--exclude`, configuration), matched against the path and its last component.
    var excludeGlobs: [String] = []
    /// When non-empty, only paths matching one of these globs are kept (configuration `include`).
    var includeGlobs: [String] = []

    /// Walks `paths` (files or directories).
    func walk(_ paths: [String]) -> WalkResult {
        var result = WalkResult()
        var visited = Set<DirectoryIdentity>()
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                result.problems.append(FileSystem.problem(path, errno))
                continue
            }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                walkInParallel(path, identity: DirectoryIdentity(status), visited: &visited, into: &result)
            } else {
                // A file named explicitly is scanned even if a glob would skip it: the user asked.
                if path.hasSuffix(".swift") {
                    result.swiftFiles.append(path)
                    if FileSystem.isSymbolicLink(path) { result.linkedSwiftFiles.append(path) }
                } else if isProjectFile(path) {
                    result.projectFiles.append(path)
                } else {
                    result.problems.append(.notSwift(path))
                }
            }
        }
        result.swiftFiles = Array(Set(result.swiftFiles)).sorted()
        // Links, or several paths given (`one.swift ./one.swift`, a folder and a file in it), can
        // reach one file twice under different spellings.
        if !result.linkedSwiftFiles.isEmpty || paths.count > 1 { result.swiftFiles = Self.onePathPerFile(result.swiftFiles) }
        result.projectFiles = Array(Set(result.projectFiles)).sorted()
        return result
    }

    /// A file or directory on disk, whatever path reaches it.
    private struct DirectoryIdentity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// A directory met during the walk but entered later.
    private struct PendingDirectory: Sendable {
        var path: String
        var identity: DirectoryIdentity
        /// Reached through a symbolic link (or a file system that does not say).
        var isLink: Bool
    }

    /// What to do with the subdirectories of a directory being read.
    private enum Descent {
        /// Enter every one, real or linked (the sequential walk).
        case enterAll
        /// Enter real directories; set aside linked ones, which may lead into another worker's part.
        case setAsideLinks
        /// Enter none: set them all aside (the top of a parallel walk).
        case setAsideAll
    }

    /// Walks `root` with each of its subdirectories on a core of its own. Directories reached
    /// through a symbolic link are entered last, one at a time, once every real directory is
    /// known: a link never makes a file appear twice, whichever worker met it.
    private func walkInParallel(_ root: String, identity: DirectoryIdentity, visited: inout Set<DirectoryIdentity>,
                                into result: inout WalkResult) {
        var pending: [PendingDirectory] = []
        walkDirectory(root, identity: identity, visited: &visited, into: &result, descent: .setAsideAll, pending: &pending)
        let parts = concurrentMap(pending.filter { !$0.isLink }) { directory -> (WalkResult, Set<DirectoryIdentity>, [PendingDirectory]) in
            var part = WalkResult()
            var partVisited = Set<DirectoryIdentity>()
            var links: [PendingDirectory] = []
            walkDirectory(directory.path, identity: directory.identity, visited: &partVisited, into: &part,
                          descent: .setAsideLinks, pending: &links)
            return (part, partVisited, links)
        }
        var links = pending.filter(\.isLink)
        for (part, partVisited, partLinks) in parts {
            result.swiftFiles += part.swiftFiles
            result.projectFiles += part.projectFiles
            result.problems += part.problems
            result.linkedSwiftFiles += part.linkedSwiftFiles
            result.usedExcludes.formUnion(part.usedExcludes)
            result.excludedFolders += part.excludedFolders
            visited.formUnion(partVisited)
            links += partLinks
        }
        for link in links {
            var none: [PendingDirectory] = []
            walkDirectory(link.path, identity: link.identity, visited: &visited, into: &result, descent: .enterAll, pending: &none)
        }
    }

    private func walkDirectory(_ directory: String, identity: DirectoryIdentity, visited: inout Set<DirectoryIdentity>,
                               into result: inout WalkResult, descent: Descent, pending: inout [PendingDirectory]) {
        guard visited.insert(identity).inserted else { return }
        guard let handle = opendir(directory) else {
            result.problems.append(FileSystem.problem(directory, errno))
            return
        }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(handle) {
            let name = FileSystem.entryName(entry)
            if name == "." || name == ".." { continue }
            guard FileSystem.entryNameIsUTF8(entry) else {
                // Read back, the name no longer names the file: say why it is not scanned.
                if name.hasSuffix(".swift") || entry.pointee.d_type == Self.directoryType {
                    result.problems.append(.unreadable(join(directory, name), reason: "its name is not valid UTF-8, which the tool cannot open"))
                }
                continue
            }
            entries.append((name, entry.pointee.d_type))
        }
        closedir(handle)
        for (name, type) in entries.sorted(by: { $0.name < $1.name }) {
            // A regular file is named by the directory entry itself: no `stat` for the thousands of
            // files a tree holds besides its Swift sources (images, docs, other languages).
            if type == Self.regularFileType {
                if name.hasSuffix(".swift") || name.hasSuffix(".xcconfig") || name == "project.yml" {
                    collectFile(join(directory, name), name: name, into: &result)
                }
                continue
            }
            let path = join(directory, name)
            var entryStatus = stat()
            if stat(path, &entryStatus) != 0 {
                let code = errno
                var linkStatus = stat()
                if lstat(path, &linkStatus) == 0, (linkStatus.st_mode & S_IFMT) == S_IFLNK, code != ELOOP {
                    // A dangling link holds nothing to scan; one named like a Swift file is said.
                    if name.hasSuffix(".swift") { result.problems.append(.danglingLink(path)) }
                    continue
                }
                result.problems.append(FileSystem.problem(path, code))
                continue
            }
            if (entryStatus.st_mode & S_IFMT) == S_IFDIR {
                if name.hasSuffix(".xcodeproj") {
                    collectXcodeProject(path, into: &result)
                    continue
                }
                if name.hasPrefix(".") || Self.defaultExcludedNames.contains(name) { continue }
                let globs = excludingGlobs(path, name: name)
                if !globs.isEmpty {
                    result.usedExcludes.formUnion(globs)
                    result.excludedFolders.append(path)
                    continue
                }
                let child = PendingDirectory(path: path, identity: DirectoryIdentity(entryStatus), isLink: type != Self.directoryType)
                switch descent {
                case .enterAll:
                    walkDirectory(path, identity: child.identity, visited: &visited, into: &result, descent: .enterAll, pending: &pending)
                case .setAsideAll:
                    pending.append(child)
                case .setAsideLinks:
                    if child.isLink {
                        pending.append(child)
                    } else {
                        walkDirectory(path, identity: child.identity, visited: &visited, into: &result, descent: .setAsideLinks, pending: &pending)
                    }
                }
            } else {
                let before = result.swiftFiles.count
                collectFile(path, name: name, into: &result)
                if result.swiftFiles.count > before { result.linkedSwiftFiles.append(path) }
            }
        }
    }

    /// `paths` (sorted) with each file on disk kept once: where links lead to a file also reached
    /// as itself, or several links to one file, the file's own path is kept, else the first
    /// link's. A file scanned twice would declare its models twice, and `apply` would plan it twice.
    static func onePathPerFile(_ paths: [String]) -> [String] {
        var chosen: [DirectoryIdentity: (path: String, isLink: Bool)] = [:]
        var order: [DirectoryIdentity] = []
        var unidentified: [String] = []
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                unidentified.append(path)  // Reading it will say why.
                continue
            }
            let identity = DirectoryIdentity(status)
            let isLink = FileSystem.isSymbolicLink(path)
            guard let existing = chosen[identity] else {
                chosen[identity] = (path, isLink)
                order.append(identity)
                continue
            }
            if existing.isLink && !isLink { chosen[identity] = (path, isLink) }
        }
        return (order.map { chosen[$0]!.path } + unidentified).sorted()
    }

    /// Records a file that is not a directory when it is a Swift source or build settings.
    private func collectFile(_ path: String, name: String, into result: inout WalkResult) {
        if name.hasSuffix(".swift") {
            let globs = excludingGlobs(path, name: name)
            if !globs.isEmpty {
                result.usedExcludes.formUnion(globs)
                return
            }
            if !isIncluded(path) { return }
            if name == "Package.swift" || name.hasPrefix("Package@swift") { result.projectFiles.append(path) }
            result.swiftFiles.append(path)
        } else if name.hasSuffix(".xcconfig") || name == "project.yml", !isExcluded(path, name: name) {
            // Build settings, and XcodeGen specs (read for their deployment targets).
            result.projectFiles.append(path)
        }
    }

    /// `d_type` of a regular file and of a directory (the same values on Linux and Darwin).
    private static let regularFileType: UInt8 = 8
    private static let directoryType: UInt8 = 4

    private func join(_ directory: String, _ name: String) -> String {
        directory == "." ? name : (directory.hasSuffix("/") ? directory + name : directory + "/" + name)
    }

    private func collectXcodeProject(_ path: String, into result: inout WalkResult) {
        let project = path + "/project.pbxproj"
        var status = stat()
        if stat(project, &status) == 0 { result.projectFiles.append(project) }
    }

    private func isProjectFile(_ path: String) -> Bool {
        path.hasSuffix(".pbxproj") || path.hasSuffix(".xcconfig")
    }

    func isExcluded(_ path: String, name: String) -> Bool {
        excludeGlobs.contains { Glob.matches($0, path: path) || Glob.matches($0, path: name) }
    }

    /// The indices of the exclude globs matching the path or its last component: all of them,
    /// so that each glob that leaves something out is known to (for the warning on unused ones).
    func excludingGlobs(_ path: String, name: String) -> [Int] {
        guard !excludeGlobs.isEmpty else { return [] }
        return excludeGlobs.indices.filter { Glob.matches(excludeGlobs[$0], path: path) || Glob.matches(excludeGlobs[$0], path: name) }
    }

    func isIncluded(_ path: String) -> Bool {
        includeGlobs.isEmpty || includeGlobs.contains { Glob.matches($0, path: path) }
    }
}

/// Shell-style globs over paths: `*` and `?` within a component, `**` across components,
/// `[…]` classes. A leading `./` on the path is ignored.
enum Glob {
    /// Whether `pattern` matches `path` entirely.
    static func matches(_ pattern: String, path: String) -> Bool {
        var candidate = Substring(path)
        while candidate.hasPrefix("./") { candidate = candidate.dropFirst(2) }
        var trimmedPattern = Substring(pattern)
        while trimmedPattern.hasPrefix("./") { trimmedPattern = trimmedPattern.dropFirst(2) }
        if trimmedPattern.hasSuffix("/") { trimmedPattern = trimmedPattern + "**" }
        return match(Array(trimmedPattern.utf8)[...], Array(candidate.utf8)[...])
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        var pattern = pattern
        var text = text
        while let first = pattern.first {
            switch first {
            case UInt8(ascii: "*"):
                let isDouble = pattern.dropFirst().first == UInt8(ascii: "*")
                var rest = pattern.dropFirst(isDouble ? 2 : 1)
                if isDouble, rest.first == UInt8(ascii: "/") {
                    // `**/` also matches no directory at all.
                    if match(rest.dropFirst(), text) { return true }
                }
                if isDouble { rest = rest.drop(while: { $0 == UInt8(ascii: "*") }) }
                var index = text.startIndex
                while true {
                    if match(rest, text[index...]) { return true }
                    guard index < text.endIndex else { return false }
                    if !isDouble && text[index] == UInt8(ascii: "/") { return false }
                    index += 1
                }
            case UInt8(ascii: "?"):
                guard let character = text.first, character != UInt8(ascii: "/") else { return false }
                pattern = pattern.dropFirst()
                text = text.dropFirst()
            case UInt8(ascii: "["):
                guard let character = text.first,
                      let close = pattern.dropFirst(2).firstIndex(of: UInt8(ascii: "]")) else { return false }
                var members = pattern[(pattern.startIndex + 1)..<close]
                let negated = members.first == UInt8(ascii: "!") || members.first == UInt8(ascii: "^")
                if negated { members = members.dropFirst() }
                var found = false
                var index = members.startIndex
                while index < members.endIndex {
                    if index + 2 < members.endIndex, members[index + 1] == UInt8(ascii: "-") {
                        if members[index]...members[index + 2] ~= character { found = true }
                        index += 3
                    } else {
                        if members[index] == character { found = true }
                        index += 1
                    }
                }
                guard found != negated else { return false }
                pattern = pattern[(close + 1)...]
                text = text.dropFirst()
            default:
                guard text.first == first else { return false }
                pattern = pattern.dropFirst()
                text = text.dropFirst()
            }
        }
        return text.isEmpty
    }
}
