#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SourceScan

/// Where `apply` writes each file: never over a symbolic link, which would turn the link into a
/// regular file and leave the real file old. A file reached through a link (the file itself, or
/// a folder on the way below the scanned path) is written only when the file it leads to lies
/// within the scanned paths, in a folder the scan would enter (not `Pods`, a hidden folder or an
/// excluded one), once however many links lead there; otherwise it is left alone, since the user
/// did not ask for that file to change. A folder the user names by a link is the folder it leads
/// to; a file they name by a link is the link.
struct WriteTargets {
    /// The file to write for each scanned file that may be written, by index into `Analysis.files`.
    var targets: [Int: String] = [:]
    /// Scanned files that are links to files outside the scanned paths, with the reason.
    var outside: [Int: String] = [:]

    /// Resolves the scanned `paths` (by file index; only `indices` when given) against the
    /// `roots` the user named, with the exclude globs the walk used.
    init(paths: [String], roots: [String], excludeGlobs: [String] = [], indices: Set<Int>? = nil) {
        let named = roots.isEmpty ? ["."] : roots
        // A file the user names by a link is the link: its target is no path they named.
        let canonicalRoots = named.map { root -> (written: String, canonical: String?) in
            guard FileSystem.isSymbolicLink(root), !FileSystem.isDirectory(root) else { return (root, FileSystem.canonicalPath(root)) }
            let folder = FileSystem.canonicalPath(FileSystem.parentDirectory(of: root))
            return (root, folder.map { ($0 == "/" ? "" : $0) + "/" + PathName.lastComponent(root) })
        }
        var walker = TreeWalker()
        walker.excludeGlobs = excludeGlobs
        for (index, path) in paths.enumerated() where indices?.contains(index) ?? true {
            let isLink = FileSystem.isSymbolicLink(path)
            guard isLink || Self.linkBelowRoot(path, roots: named) else {
                targets[index] = path
                continue
            }
            guard let target = FileSystem.canonicalPath(path) else { continue }
            guard let root = canonicalRoots.first(where: { root in
                guard let canonical = root.canonical else { return false }
                return PathName.isInside(target, folder: canonical)
            }), let canonicalRoot = root.canonical else {
                outside[index] = isLink ? "is a symbolic link to \(target), outside the scanned paths; left as it is"
                    : "is reached through a symbolic link (it is \(target)), outside the scanned paths; left as it is"
                continue
            }
            // The folders between the root and the file, as the walk would have met them.
            let inside = target.dropFirst(canonicalRoot.count).split(separator: "/").map(String.init).dropLast()
            var written = root.written
            var leftOut: String?
            for folder in inside {
                written = written == "." ? folder : written + "/" + folder
                if folder.hasPrefix(".") || TreeWalker.defaultExcludedNames.contains(folder) || walker.isExcluded(written, name: folder) {
                    leftOut = written
                    break
                }
            }
            if let leftOut {
                outside[index] = "is reached through a symbolic link (it is \(target)), in \(leftOut), a folder the scan leaves out; left as it is"
                continue
            }
            targets[index] = isLink ? target : path
        }
    }

    /// Whether a folder below the root the path was found under (or the file itself) is a
    /// symbolic link: the file may then be anywhere.
    static func linkBelowRoot(_ path: String, roots: [String]) -> Bool {
        let normalized = PathArithmetic.normalize(path)
        // The longest named root the path lies under; a relative path lies under `.`.
        let root = roots.map(PathArithmetic.normalize)
            .filter { ($0 == "." && !normalized.hasPrefix("/")) || PathName.isInside(normalized, folder: $0) }
            .max { $0.count < $1.count }
        guard let root, root != normalized else { return false }
        var prefix = root == "." ? "" : root
        let rest = root == "." ? normalized : String(normalized.dropFirst(root == "/" ? 1 : root.count + 1))
        for component in rest.split(separator: "/") {
            prefix = prefix.isEmpty ? String(component) : (prefix == "/" ? "/" : prefix + "/") + component
            if FileSystem.isSymbolicLink(prefix) { return true }
        }
        return false
    }

    /// The files some fix of `analysis` would edit that `apply` may not write, by index, with
    /// the reason: links leading outside the scanned paths, and read-only files. Only those files
    /// are asked about (one `stat` each), and each is named in a warning on stderr, in file
    /// order. `report` gives the same warnings, so that it says beforehand which units `apply`
    /// will leave.
    func warnAboutUnwritable(_ analysis: Analysis) -> [Int: String] {
        let edited = Self.editedFiles(analysis)
        var unwritable: [Int: String] = [:]
        for index in edited.sorted() {
            guard let reason = outside[index] ?? Self.readOnlyReason(analysis.files[index].source.path) else { continue }
            StandardError.line("observation-migrate: warning: \(analysis.displayPaths[index]) \(reason)")
            unwritable[index] = reason
        }
        return unwritable
    }

    /// The files some fix of `analysis` edits: the only ones `apply` may write.
    static func editedFiles(_ analysis: Analysis) -> Set<Int> {
        Set(analysis.findings.flatMap { $0.edits.map(\.file) })
    }

    /// Why `path` may not be written, when no one may write it by its mode (`0444`: a file a
    /// version control system has not checked out, or a generated one): `apply` leaves it and its
    /// units alone, as an editor would refuse to save it; root would otherwise write it silently.
    /// A file in a folder this user may not write into cannot be replaced either (the new file
    /// is made beside it and renamed over it): said the same way, before `apply` fails on it.
    static func readOnlyReason(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        if status.st_mode & 0o222 == 0 {
            return "is read-only (mode \(String(status.st_mode & 0o7777, radix: 8))); left as it is, with the units it holds"
        }
        if access(FileSystem.parentDirectory(of: path), W_OK) != 0, errno == EACCES || errno == EROFS || errno == EPERM {
            return "is in a folder that cannot be written (\(FileSystem.errorText(errno))); left as it is, with the units it holds"
        }
        return nil
    }

    /// The files to write, by index, one per file on disk: where several scanned paths lead to
    /// the same file (a link and its target, two links), the content planned for the file itself
    /// wins, else the first path's. Files that may not be written are left out.
    func chosenIndices(_ newContents: [Int: [UInt8]], paths: [String]) -> [Int] {
        var chosen: [String: (index: Int, isLink: Bool)] = [:]
        for index in newContents.keys.sorted() {
            guard let target = targets[index] else { continue }
            let isLink = target != paths[index]
            let key = isLink ? target : FileSystem.canonicalPath(target) ?? target
            if let existing = chosen[key], !(existing.isLink && !isLink) { continue }
            chosen[key] = (index, isLink)
        }
        return chosen.values.map(\.index).sorted()
    }
}
