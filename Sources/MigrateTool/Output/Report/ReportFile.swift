#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `--output FILE`: created or replaced whole, never half-written. A dashboard polling the
/// file, or a CI step reading it, sees the old report or the new one, nothing in between.
/// (`FileSystem.replaceAtomically` needs the file to exist already; a report file usually does not.)
enum ReportFile {
    /// Why a report could not be written, as one line naming the path.
    static func failure(_ path: String, _ reason: String) -> String {
        "\(path): cannot write the report: \(reason)"
    }

    /// Checks, before a long scan, that `path` can be written: not a directory, in a folder that
    /// exists and is writable. Returns the failure line, or nil.
    static func checkWritable(_ path: String) -> String? {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { return failure(path, "it is a directory") }
        let directory = FileSystem.parentDirectory(of: path)
        guard stat(directory, &status) == 0 else { return failure(path, "\(directory): \(String(cString: strerror(errno)))") }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { return failure(path, "\(directory) is not a directory") }
        guard access(directory, W_OK) == 0 else { return failure(path, "\(directory): \(String(cString: strerror(errno)))") }
        return nil
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder, flushed, then renamed
    /// over the target. An existing file keeps its permissions; a new one gets 0666 less the umask,
    /// as a shell redirection would. A symbolic link is followed, so the link itself survives.
    /// Returns the failure line, or nil.
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        let target = resolvedTarget(path)
        var existing = stat()
        let mode: mode_t
        if stat(target, &existing) == 0 {
            if (existing.st_mode & S_IFMT) == S_IFDIR { return failure(path, "it is a directory") }
            mode = existing.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        let directory = FileSystem.parentDirectory(of: target)
        var template = Array("\(directory)/.\(FileSystem.baseName(of: target)).report-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return failure(path, String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var code: Int32? = FileSystem.writeAll(descriptor, bytes)
        if code == nil, fchmod(descriptor, mode) != 0 { code = errno }
        if code == nil, fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0, code == nil { code = errno }
        if code == nil, rename(temporary, target) != 0 { code = errno }
        if let code {
            unlink(temporary)
            return failure(path, String(cString: strerror(code)))
        }
        return nil
    }

    /// The file a path names once symbolic links are followed (the path itself when it is not a
    /// link or the link dangles), so writing through a link replaces the file, not the link.
    static func resolvedTarget(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK,
              let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
