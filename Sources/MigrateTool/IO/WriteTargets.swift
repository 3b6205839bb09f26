#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `apply` writes each file: never over a symbolic link, which would turn the link into a
/// regular file and leave the real file old. A link is written through to its target when the
/// target lies within the scanned paths (once, however many links lead there); a link leading
/// outside them is left alone, since the user did not ask for that file to change.
struct WriteTargets {
    /// The file to write for each scanned file that may be written, by index into `Analysis.files`.
    var targets: [Int: String] = [:]
    /// Scanned files that are links to files outside the scanned paths, with the reason.
    var outside: [Int: String] = [:]

    /// Resolves the scanned `paths` (by file index) against the `roots` the user named.
    init(paths: [String], roots: [String]) {
        let canonicalRoots = (roots.isEmpty ? ["."] : roots).compactMap(FileSystem.canonicalPath)
        for (index, path) in paths.enumerated() {
            guard FileSystem.isSymbolicLink(path) else {
                targets[index] = path
                continue
            }
            guard let target = FileSystem.canonicalPath(path) else { continue }
            if canonicalRoots.contains(where: { target == $0 || target.hasPrefix($0 == "/" ? "/" : $0 + "/") }) {
                targets[index] = target
            } else {
                outside[index] = "is a symbolic link to \(target), outside the scanned paths; left as it is"
            }
        }
    }

    /// The files some fix of `analysis` would edit that `apply` may not write, by index, with
    /// the reason: links leading outside the scanned paths, and read-only files. Only those files
    /// are asked about (one `stat` each), and each is named in a warning on stderr, in file
    /// order. `report` gives the same warnings, so that it says beforehand which units `apply`
    /// will leave.
    func warnAboutUnwritable(_ analysis: Analysis) -> [Int: String] {
        let edited = Set(analysis.findings.flatMap { $0.edits.map(\.file) })
        var unwritable: [Int: String] = [:]
        for index in edited.sorted() {
            guard let reason = outside[index] ?? Self.readOnlyReason(analysis.files[index].source.path) else { continue }
            StandardError.line("observation-migrate: warning: \(analysis.displayPaths[index]) \(reason)")
            unwritable[index] = reason
        }
        return unwritable
    }

    /// Why `path` may not be written, when no one may write it by its mode (`0444`: a file a
    /// version control system has not checked out, or a generated one): `apply` leaves it and its
    /// units alone, as an editor would refuse to save it; root would otherwise write it silently.
    static func readOnlyReason(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & 0o222 == 0 else { return nil }
        return "is read-only (mode \(String(status.st_mode & 0o7777, radix: 8))); left as it is, with the units it holds"
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
